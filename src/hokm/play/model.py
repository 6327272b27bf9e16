"""The table's controller: one match, your seat, the bots at the others, and what the screen shows.

``TableModel`` drives a ``MatchState`` with agents and keeps what a player at a
table needs besides the state: a log of what happened (read from the events your
seat may see, so it never tells more than your seat knows), a row per finished
hand for the end of the match, the hand just finished (for the review), the
practice mode's undo and hints, and saving to a game record. It knows nothing of
Textual, so it is tested (and usable) without it.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hokm._arena.seats import Seats
from hokm.actions import Action, PlayCard
from hokm.cards import Card, Suit
from hokm.errors import (
    AgentFailedError,
    GameStateError,
    HokmError,
    IllegalActionError,
    IllegalPlayError,
    InvalidArgumentError,
    RecordError,
)
from hokm.events import (
    CardPlayed,
    CardsRestored,
    CardsShown,
    DecisionTaken,
    Event,
    HakemChanged,
    HandAnnulled,
    HandOver,
    HandStarted,
    MatchOver,
    ScoresChanged,
    TrickWon,
    TrumpCalled,
    TrumpRevealed,
    for_seat,
    history,
    opening,
)
from hokm.match import MatchState
from hokm.observation import HandObservation, MatchObservation
from hokm.outcomes import HandResult, Phase
from hokm.play.saving import free_path, write_atomically
from hokm.play.text import action_label, parse_card_text, seat_positions, sorted_hand
from hokm.rules import Ruleset
from hokm.state import HandState

__all__ = ["METADATA_KEY", "HandReview", "HandRow", "TableModel", "make_agents", "score_unit"]

METADATA_KEY = "hokm-play"
"""The record metadata key under which ``hokm play`` keeps your seat and the opponents' spec."""

HIDDEN_TRUMP = "hidden-trump"
"""The bundled variant whose trump lies face down (the table shows its caller the indicator)."""

_NAMES = {"bottom": "You", "top": "Top", "left": "Left", "right": "Right"}


def score_unit(ruleset: Ruleset) -> str:
    """What a hand scores in: ``"court"`` for Court Piece scored in courts, else ``"point"``.

    >>> import hokm
    >>> score_unit(hokm.Ruleset.compose("court-piece")), score_unit(hokm.Ruleset.compose())
    ('court', 'point')
    """
    for variant in ruleset.spec["variants"]:
        if variant["name"] == "court-piece" and variant["options"].get("scoring", "courts") == "courts":
            return "court"
    return "point"


def counted(number: int, unit: str) -> str:
    """``"1 point"``, ``"2 points"``, ``"0 courts"``."""
    return f"{number} {unit}{'' if number == 1 else 's'}"


class HandReview:
    """A finished hand as the review shows it: every seat's dealt cards and the result."""

    def __init__(self, hand: HandState, result: HandResult | None, number: int) -> None:
        self.hand = hand
        self.result = result
        self.number = number
        self.dealt: tuple[tuple[Card, ...], ...] = tuple(hand.dealt(seat) for seat in hand.layout.seats)

    @property
    def indicator(self) -> Card | None:
        """A hidden trump's indicator, turned face up during or at the end of the hand."""
        shown = self.hand.shown
        if not shown:
            return None
        trump = self.result.trump if self.result is not None else None
        caller = self.hand.hakem
        held = self.hand.set_aside[caller] | {card for seat, card in self.hand.plays if seat == caller}
        candidates = [card for card in shown if card in held and (trump is None or card.suit is trump)]
        return candidates[0] if len(candidates) == 1 else None


class HandRow:
    """One hand of the match for the end-of-match table, as your seat saw it.

    Attributes:
        number: the hand's number in the match, from 1.
        hakem: its Hakem (the caller).
        trump: its trump suit, if one was called, revealed, or shown at the end.
        trump_note: ``""``, or how a hidden trump came out (``"revealed"``, ``"never revealed"``).
        result: how it ended, or ``None`` if it was annulled (dealt again).
        scores: the match scores after it.
        next_hakem: the next hand's Hakem, when it changed.
    """

    def __init__(self, number: int, hakem: int) -> None:
        self.number = number
        self.hakem = hakem
        self.trump: Suit | None = None
        self.trump_note = ""
        self.result: HandResult | None = None
        self.scores: tuple[int, ...] = ()
        self.next_hakem: int | None = None


def make_agents(spec: str, *, players: int, you: int, seed: int | str) -> dict[int, Any]:
    """An agent of ``spec`` for every seat but ``you``, each with its own seed if it takes one.

    An agent that takes no ``seed`` parameter (``heuristic``) is made without one, and so is
    an external program (``cmd:COMMAND``): its command line is its own, seed included.
    """
    from hokm.agents import COMMAND_PREFIX, agent_from_spec

    agents: dict[int, Any] = {}
    for seat in range(players):
        if seat == you:
            continue
        if spec.startswith(COMMAND_PREFIX):
            agents[seat] = agent_from_spec(spec)
            continue
        try:
            agents[seat] = agent_from_spec(spec, seed=f"{seed}/seat-{seat}")
        except InvalidArgumentError as error:
            if "no parameter 'seed'" not in str(error):
                raise
            agents[seat] = agent_from_spec(spec)
    return agents


class TableModel:
    """One match at the table: you at ``seat``, ``agents[s]`` at each other seat ``s``.

    Bots act only through ``bot_step`` (the app animates them one at a time); your
    actions go through ``play_card``, ``play_text`` and ``choose``, which raise the
    rules' own errors and leave everything unchanged on bad input. The bots are asked and
    told on the loop ``hokm.agents.play_match`` plays (``hokm._arena.seats.Seats``), your
    seat left to you as the Gymnasium environment leaves its learner's.

    With a ``save_path`` the match is saved there after every action, as it stands, so
    the file never holds an earlier point of a hand you have seen part of.
    """

    def __init__(self, match: MatchState, *, seat: int, agents: Mapping[int, Any],
                 opponents: str = "heuristic", practice: bool = False,
                 save_path: str | os.PathLike[str] | None = None) -> None:
        self.seat = match.layout.check_seat(seat)
        missing = sorted(set(match.layout.seats) - {self.seat} - set(agents))
        if missing:
            raise InvalidArgumentError(f"no agent for seat(s) {missing}: every seat but yours needs one")
        self.match = match
        self.opponents = opponents
        self.practice = practice
        self.save_path = Path(save_path) if save_path is not None else None
        self.log: list[str] = []
        """What happened, a line each: tricks, reveals, hand and match results (your seat's view)."""
        self.rows: list[HandRow] = []
        """The hands finished (or annulled) so far, for the end-of-match table."""
        self.review: HandReview | None = None
        self.steps = 0
        """How many times the match has changed: a new number is a new decision on the screen."""
        self.unit = score_unit(match.ruleset)
        self._undo: list[tuple[MatchState, int, int]] = []
        self._row: HandRow | None = None
        rules = match.ruleset
        self.positions = seat_positions(rules.players, rules.rotation, self.seat)
        self._bots = _Bots(agents, self)
        self.agents = self._bots.agents
        self._bots.start(match)
        self._note(for_seat(history(match), self.seat))  # a resumed match: its log and rows so far

    # Construction -----------------------------------------------------------------------

    @classmethod
    def new(cls, ruleset: Ruleset, *, seat: int = 0, opponents: str = "heuristic",
            seed: int | str | None = None, practice: bool = False,
            save_path: str | os.PathLike[str] | None = None) -> TableModel:
        """A fresh match of ``ruleset``; ``seed`` ``None`` draws one (it is kept in the record)."""
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        match = ruleset.new_match(seed=seed)
        seat = match.layout.check_seat(seat)
        agents = make_agents(opponents, players=ruleset.players, you=seat, seed=seed)
        return cls(match, seat=seat, agents=agents, opponents=opponents, practice=practice,
                   save_path=save_path)

    @classmethod
    def resume(cls, path: str | os.PathLike[str], *, seat: int | None = None,
               opponents: str | None = None, practice: bool = False,
               save_path: str | os.PathLike[str] | None = None) -> TableModel:
        """The match saved in the record at ``path``, to play on; it is saved back there by default.

        Your seat and the opponents come from the record unless given here. The log is
        rebuilt from the record: every trick and hand so far, as your seat saw them.

        Raises:
            RecordError: the file is not a match record (or not a record at all).
            OSError: the file cannot be read.
        """
        from hokm.records import load_record

        text = Path(path).read_text(encoding="utf-8")
        try:
            data = json.loads(text)
        except ValueError as error:
            raise RecordError(f"{os.fspath(path)} is not a game record: {error}") from None
        state = load_record(data) if isinstance(data, dict) else load_record(text)
        if not isinstance(state, MatchState):
            raise RecordError(f"{os.fspath(path)} holds a single hand, not a match: hokm play resumes "
                              "matches it saved")
        if state.is_over:
            raise RecordError(f"the match in {os.fspath(path)} is over: there is nothing to resume")
        saved = data.get("metadata", {}).get(METADATA_KEY, {}) if isinstance(data, dict) else {}
        saved = saved if isinstance(saved, dict) else {}
        seat = seat if seat is not None else int(saved.get("seat", 0))
        opponents = opponents or str(saved.get("opponents", "heuristic"))
        seat = state.layout.check_seat(seat)
        agents = make_agents(opponents, players=state.ruleset.players, you=seat,
                             seed=f"{state.seed}/hand-{state.hand_number}")
        return cls(state, seat=seat, agents=agents, opponents=opponents, practice=practice,
                   save_path=save_path if save_path is not None else path)

    def again(self, *, same_seed: bool) -> TableModel:
        """A new match at this table (same rules, seat, bots and mode): a rematch of the same seed,
        or a fresh seed. It is saved next to this one, in a file of its own."""
        seed = self.match.seed if same_seed else None
        path = free_path(self.save_path) if self.save_path is not None else None
        return TableModel.new(self.match.ruleset, seat=self.seat, opponents=self.opponents, seed=seed,
                              practice=self.practice, save_path=path)

    def close(self) -> None:
        """End the bots that run as programs (``cmd:``); the others need nothing. Idempotent."""
        for agent in self.agents.values():
            close = getattr(agent, "close", None)
            if callable(close):
                close()

    # What the table shows ---------------------------------------------------------------

    @property
    def observation(self) -> MatchObservation:
        """Your view of the match: all the screen ever shows of a hand in play."""
        return self.match.observation(self.seat)

    @property
    def hand(self) -> HandObservation:
        """Your view of the current hand."""
        return self.match.observation(self.seat).hand

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.match.is_over

    @property
    def your_turn(self) -> bool:
        """Whether the match waits for you (and not for the review of a finished hand)."""
        return self.review is None and not self.match.is_over and self.match.to_act == self.seat

    @property
    def bots_to_act(self) -> bool:
        """Whether a bot is to act next (the app then calls ``bot_step``)."""
        return self.review is None and not self.match.is_over and self.match.to_act != self.seat

    @property
    def legal_cards(self) -> frozenset[Card]:
        """The cards you may play now (none when it is not your turn)."""
        if not self.your_turn:
            return frozenset()
        return frozenset(a.card for a in self.match.legal_actions() if isinstance(a, PlayCard))

    @property
    def choices(self) -> tuple[Action, ...]:
        """Your decisions other than playing a card, in the rules' order."""
        if not self.your_turn:
            return ()
        return tuple(a for a in self.match.legal_actions() if not isinstance(a, PlayCard))

    @property
    def hidden_trump(self) -> bool:
        """Whether the hand's trump lies face down (``hidden-trump``, before the reveal)."""
        hand = self.hand
        return (HIDDEN_TRUMP in self.match.ruleset.variants and hand.trump is None
                and hand.phase is not Phase.TRUMP and bool(hand.set_aside_counts)
                and hand.set_aside_counts[hand.hakem] > 0)

    @property
    def indicator(self) -> Card | None:
        """The face-down indicator, if you are the caller and have seen it (else ``None``).

        Only the caller knows it: it is among his own cards laid apart from his hand.
        """
        hand = self.hand
        if not self.hidden_trump or hand.hakem != self.seat or len(hand.set_aside) != 1:
            return None
        (card,) = hand.set_aside
        return card

    def name(self, seat: int) -> str:
        """``"You"``, ``"Partner"``, ``"Left"``, ``"Right"`` or ``"Top"`` for ``seat``."""
        layout = self.match.layout
        if seat != self.seat and layout.players == 4 and layout.team_of(seat) == layout.team_of(self.seat):
            return "Partner"
        return _NAMES[self.positions[seat]]

    def team_name(self, team: int) -> str:
        """``"us"``/``"them"`` with partners, else the seat's name."""
        layout = self.match.layout
        seats = layout.seats_of(team)
        if layout.players == 4:
            return "us" if self.seat in seats else "them"
        return self.name(seats[0])

    def team_subject(self, team: int) -> str:
        """A team as the subject of a sentence: ``"We"``/``"They"`` with partners, else the seat's name."""
        if self.match.layout.players == 4:
            return "We" if self.team_name(team) == "us" else "They"
        return self.team_name(team)

    def winner_words(self) -> str:
        """The match's result in words: ``"You won the match"``, ``"They won the match"``, ..."""
        winner = self.match.winner
        if winner is None:
            return "The match is drawn" if self.match.is_drawn else "The match is not over"
        layout = self.match.layout
        if self.seat in layout.seats_of(winner):
            return "You and your partner won the match" if layout.players == 4 else "You won the match"
        if layout.players == 4:
            return "They won the match"
        return f"{self.name(layout.seats_of(winner)[0])} won the match"

    def scores_text(self) -> str:
        """``"us 3, them 5"`` (with two or three players, each seat by name)."""
        teams = range(self.match.layout.team_count)
        return ", ".join(f"{self.team_name(t)} {self.match.scores[t]}" for t in teams)

    def where(self) -> str:
        """Where the match stands, for a quit message: ``"hand 3, trick 5; score us 2, them 1"``."""
        match = self.match
        if match.is_over:
            return f"{self.winner_words()}, {self.scores_text()}"
        hand = match.hand
        if hand.phase is Phase.PLAY or hand.tricks_played:
            at = f"trick {min(hand.tricks_played + 1, hand.tricks_total)}"
        else:
            at = "before the first trick"
        return f"hand {match.hand_number}, {at}; score {self.scores_text()}"

    # Your actions -----------------------------------------------------------------------

    def play_text(self, text: str) -> Card:
        """Play the card ``text`` names (``"as"``, ``"10h"``, ``"A♠"``); returns it.

        Raises:
            InvalidNotationError: ``text`` is not a card.
            IllegalPlayError: you do not hold it, or the rules forbid it now.
            IllegalActionError: it is not your turn.
        """
        card = parse_card_text(text)
        self.play_card(card)
        return card

    def play_card(self, card: Card) -> None:
        """Play ``card`` from your hand.

        Raises:
            IllegalPlayError: you do not hold it, or the rules forbid it now. The message says
                why in your words: ``"you may not play 2♥: must follow ♠ (you may play 8♠,
                2♠)"``.
            IllegalActionError: it is not your turn.
        """
        self._check_turn()
        if card not in self.hand.hand:
            raise IllegalPlayError(f"you do not hold {card}", action=PlayCard(card), seat=self.seat,
                                   legal=self.match.legal_actions(), reason=f"you do not hold {card}")
        try:
            self._apply(PlayCard(card))
        except IllegalPlayError as error:
            refusal = self._refusal(card, error)
            raise IllegalPlayError(refusal, action=PlayCard(card), seat=self.seat,
                                   legal=self.match.legal_actions(), reason=refusal) from None

    def choose(self, action: Action) -> None:
        """Take one of your decisions (``choices``, or a card play as an action).

        Raises:
            IllegalActionError: the action is not legal now, or it is not your turn.
        """
        self._check_turn()
        self._apply(action)

    def hint(self) -> Action:
        """What the search bot would do in your place (practice mode's hint; ``advice`` says why).

        Raises:
            IllegalActionError: it is not your turn.
        """
        return self.advice()[0]

    def advice(self) -> tuple[Action, str]:
        """Practice mode's hint and why: the action the ``pimc`` bot rates best from what you have
        seen (deals that fit your view, the last tricks solved exactly), with its mean score and the
        next best one's; where the bot cannot sample your position, the heuristic bot's choice.

        Raises:
            IllegalActionError: it is not your turn.
        """
        from hokm.agents import HeuristicAgent, PimcAgent

        self._check_turn()
        view = self.observation
        match = self.match
        agent = PimcAgent(seed=f"{match.seed}/hint/{match.hand_number}/{len(match.hand.plays)}")
        values = agent.values(view)
        if not values:
            return HeuristicAgent().act(view), "the heuristic bot's choice"
        ranked = sorted(self.hand.legal_actions, key=lambda action: -values[action])  # (stable: act's order)
        best = ranked[0]
        why = f"{values[best]:+.2f} over {agent.samples} deals fitting your view"  # (points a deal)
        if len(ranked) > 1:
            why += f"; next {action_label(ranked[1], self.hand)} {values[ranked[1]]:+.2f}"
        return best, why

    def undo(self) -> None:
        """Take back your last card of this hand and everything after it (practice mode's undo).

        Raises:
            GameStateError: not in practice mode, or no card of yours to take back in this hand.
        """
        if not self.practice:
            raise GameStateError("undo is for practice mode: start with hokm play --practice")
        if not self._undo or self._undo[-1][0].hand_number != self.match.hand_number or self.review:
            raise GameStateError("nothing to undo: you have played no card in this hand yet")
        self.match, log_length, rows = self._undo.pop()
        del self.log[log_length:]
        del self.rows[rows:]
        self.steps += 1
        self._bots.start_hand_again(self.match)
        self.autosave()

    def finish_review(self) -> None:
        """The review of the finished hand has been seen: play goes on with the next hand."""
        self.review = None
        self.steps += 1

    # Bots --------------------------------------------------------------------------------

    def bot_step(self) -> tuple[int, Action]:
        """Let the bot whose turn it is act once; returns its seat and action.

        Raises:
            GameStateError: no bot is to act (your turn, a review pending, or the match over).
            AgentFailedError: the bot answered with an illegal action or raised.
        """
        if not self.bots_to_act:
            raise GameStateError("no bot is to act now")
        seat = self.match.to_act
        assert seat is not None
        action = self._bots.choose(self.match, seat)
        try:
            self._apply(action)
        except IllegalActionError as error:
            raise AgentFailedError(f"the {self.opponents} bot at seat {seat} chose an illegal action: "
                                   f"{error}", agent=self.opponents, seat=seat, reason="illegal") from error
        return seat, action

    # Saving --------------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The match so far as a game record, with your seat and the opponents in its metadata."""
        names = [self.opponents] * self.match.ruleset.players
        names[self.seat] = "you"
        return self.match.to_record({"players": names,
                                     METADATA_KEY: {"seat": self.seat, "opponents": self.opponents}})

    def save(self, path: str | os.PathLike[str] | None = None) -> Path:
        """Write ``record()`` as JSON to ``path`` (default ``save_path``), atomically; returns the path.

        The record holds the hand in progress as it stands: resumed, it goes on from there.

        Raises:
            GameStateError: no path given and the model has no ``save_path``.
            OSError: the file cannot be written (an earlier save there is left whole).
        """
        target = Path(path) if path is not None else self.save_path
        if target is None:
            raise GameStateError("no file to save to: pass a path or set save_path")
        write_atomically(target, json.dumps(self.record(), ensure_ascii=False, indent=1))
        return target

    # Inside --------------------------------------------------------------------------------

    def _check_turn(self) -> None:
        if self.match.is_over:
            raise IllegalActionError("the match is over")
        if self.review is not None:
            raise IllegalActionError("the hand is over: close the review to go on")
        if self.match.to_act != self.seat:
            to_act = self.match.to_act
            assert to_act is not None
            raise IllegalActionError(f"it is not your turn: waiting for {self.name(to_act)} (seat {to_act})")

    def _refusal(self, card: Card, error: IllegalPlayError) -> str:
        """The rules' refusal of ``card``, said to you: why, and what you may play instead."""
        legal = ", ".join(map(str, sorted_hand(self.legal_cards)))
        return f"you may not play {card}: {error.reason or error} (you may play {legal})"

    def _apply(self, action: Action) -> None:
        """Any seat's action: ``_took`` keeps it, then the bots are told (``_Bots.apply``)."""
        self._bots.apply(self.match, action)
        if self.review is not None:
            self._undo.clear()
        self.autosave()

    def _took(self, before: MatchState, action: Action, after: MatchState, events: Sequence[Event]) -> None:
        """``action`` was taken (before the bots hear of it): undo's mark, the state, the log."""
        if before.to_act == self.seat and self.practice and isinstance(action, PlayCard):
            self._undo.append((before, len(self.log), len(self.rows)))
        self.match = after
        self.steps += 1
        self._note(for_seat(events, self.seat), live=True)

    def autosave(self) -> Path | None:
        """Save to ``save_path`` if the model has one (after every action, and when play starts).

        Raises:
            OSError: the file cannot be written.
        """
        return self.save() if self.save_path is not None else None

    def _note(self, events: Sequence[Event], *, live: bool = False) -> None:
        """Log ``events`` (your seat's share) and keep the rows of finished hands.

        ``live``: the events just happened (a finished hand opens its review); else they are
        a resumed match's history.
        """
        hidden = HIDDEN_TRUMP in self.match.ruleset.variants
        for index, event in enumerate(events):
            row = self._row
            if isinstance(event, HandStarted):
                self._row = HandRow(event.hand_number or len(self.rows) + 1, event.hakem)
            elif row is None:
                continue
            elif isinstance(event, TrumpCalled):
                row.trump = event.suit
            elif isinstance(event, TrumpRevealed):
                row.trump, row.trump_note = event.suit, "revealed"
                self.log.append(self._reveal_line(events, index, event))
            elif (isinstance(event, CardsShown) and hidden and row.trump is None
                  and self._ends_hand(events, index)):
                if len(event.cards) == 1:  # rule 9: the indicator turned up at the end, for information
                    (card,) = event.cards
                    row.trump, row.trump_note = card.suit, "never revealed"
                    self.log.append(f"Trump was {card.suit}, never revealed (indicator {card})")
            elif isinstance(event, TrickWon):
                cards = " ".join(f"{self.name(seat)[0].lower()}:{card}" for seat, card in event.plays)
                where = "" if event.collector is not None else f" (pile {event.pile})"
                self.log.append(f"#{event.number} {self.name(event.winner)} won{where}: {cards}")
            elif isinstance(event, HandOver):
                self._hand_over(row, event.result, live)
            elif isinstance(event, HandAnnulled):
                self.rows.append(row)
                self.log.append(f"Hand {row.number} annulled: dealt again")
                if live:
                    self.review = HandReview(self.match.last_hand or self.match.hand, None, row.number)
            elif isinstance(event, ScoresChanged):
                row.scores = event.scores
            elif isinstance(event, HakemChanged):
                row.next_hakem = event.hakem
            elif isinstance(event, MatchOver):
                self.log.append("Match over: drawn" if event.winner is None
                                else f"Match over: {self.team_name(event.winner)} won")

    def _hand_over(self, row: HandRow, result: HandResult, live: bool) -> None:
        row.result = result
        if result.trump is not None:
            row.trump = result.trump
        self.rows.append(row)
        kinds = {"win": "", "kot": " (kot)", "hakem-kot": " (Hakem kot)"}
        kind = kinds.get(result.label, f" ({result.label})")
        who = self.team_subject(result.winner)
        who = who.lower() if self.match.layout.players == 4 else who
        self.log.append(f"Hand {row.number}: {who} won "
                        f"{counted(result.points, self.unit)}{kind}")
        if live:
            self.review = HandReview(self.match.last_hand or self.match.hand, result, row.number)

    @staticmethod
    def _ends_hand(events: Sequence[Event], index: int) -> bool:
        return any(isinstance(event, HandOver | HandAnnulled) for event in events[index + 1:index + 3])

    def _reveal_line(self, events: Sequence[Event], index: int, revealed: TrumpRevealed) -> str:
        """One log line for a trump that appeared during the hand: who, which card, how."""
        suit = revealed.suit
        near = events[max(0, index - 3):index + 3]
        cards = [card for event in near if isinstance(event, CardsRestored | CardsShown)
                 for card in event.cards]
        card = cards[0] if cards else None
        after = events[index + 1:index + 4]
        forced = next((e for e in after if isinstance(e, CardPlayed) and e.forced), None)
        before = [e for e in events[max(0, index - 3):index] if not isinstance(e, CardsRestored | CardsShown)]
        asked = before[-1] if before and isinstance(before[-1], DecisionTaken) else None
        shown = f" {card}" if card is not None else ""
        if forced is not None:
            whose = "Your" if forced.seat == self.seat else f"{self.name(forced.seat)}'s"
            return f"{whose} last card, the indicator{shown}, was forced up: trump {suit}"
        if asked is not None and asked.action.tag == "hidden-trump/ask":
            return f"{self.name(asked.seat)} asked for trump: {suit}, indicator{shown}"
        if asked is not None and asked.action.tag == "hidden-trump/reveal":
            return f"{self.name(asked.seat)} revealed the trump: {suit}, indicator{shown}"
        if asked is not None:
            return f"{self.name(asked.seat)}: {action_label(asked.action)}; trump {suit}{shown}"
        if card is not None:
            by = next((e.seat for e in near if isinstance(e, CardsShown) and e.seat is not None), None)
            who = "you" if by == self.seat else self.name(by) if by is not None else ""
            void = f" ({who} could not follow)" if who else ""
            return f"The indicator {card} turned up by itself{void}: trump {suit}"
        return f"Trump is {suit} from now on"


class _Bots(Seats):
    """The table's bots, on the loop ``hokm.agents.play_match`` plays; your seat has none.

    Every action, yours too, goes through ``apply``: the table reads its events first
    (``happened``, for its log), then the bots are told their share. A bot that fails
    is reported as the table always has, naming the opponents as ``hokm play`` was given them.
    """

    sees_events = True

    def __init__(self, agents: Mapping[int, Any], table: TableModel) -> None:
        super().__init__(agents)
        self.table = table

    def happened(self, match: MatchState, action: Action, after: MatchState,
                 events: Sequence[Event]) -> None:
        self.table._took(match, action, after, events)

    def start(self, match: MatchState) -> None:
        """A match begins, or a saved one goes on (``--resume``).

        As ``Seats.start`` when nothing has happened yet in the current hand; in a hand under
        way the bots get ``start_match`` and ``start_hand`` only, as ``hokm play`` always gave
        them (its opening events would say the hand was just dealt).
        """
        hand = match.hand
        if len(history(hand)) == len(opening(hand)):
            super().start(match)
            return
        for seat in self.agents:
            self.notify(seat, "start_match", match.observation(seat))
        self._start_hand(match)

    def choose(self, match: MatchState, seat: int) -> Action:
        """The bot's answer, unchecked: ``TableModel.bot_step`` reports an illegal one.

        Raises:
            AgentFailedError: the bot raised (``reason="crash"``); its ``HokmError`` propagates as it is.
        """
        try:
            action: Action = self.agents[seat].act(match.observation(seat))
        except HokmError:
            raise
        except Exception as error:
            opponents = self.table.opponents
            raise AgentFailedError(f"the {opponents} bot at seat {seat} raised "
                                   f"{type(error).__name__}: {error}", agent=opponents, seat=seat,
                                   reason="crash") from error
        return action

    def start_hand_again(self, match: MatchState) -> None:
        """The hand goes on from an earlier point (undo): ``start_hand`` for every bot."""
        self._start_hand(match)
