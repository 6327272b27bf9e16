"""The table's controller: one match, your seat, the bots at the others, and what the screen shows.

``TableModel`` drives a ``MatchState`` with agents and keeps what a player at a
table needs besides the state: a log of the finished tricks, the hand just
finished (for the review), the practice mode's undo and hints, and saving to a
game record. It knows nothing of Textual, so it is tested (and usable) without it.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from hokm.actions import Action, PlayCard
from hokm.cards import Card
from hokm.errors import (
    AgentFailedError,
    GameStateError,
    HokmError,
    IllegalActionError,
    IllegalPlayError,
    InvalidArgumentError,
    RecordError,
)
from hokm.events import Event, HandOver, MatchOver, TrickWon, for_seat
from hokm.match import MatchState
from hokm.observation import HandObservation, MatchObservation
from hokm.outcomes import HandResult
from hokm.play.text import parse_card_text, seat_positions
from hokm.rules import Ruleset
from hokm.state import HandState

__all__ = ["METADATA_KEY", "HandReview", "TableModel", "make_agents"]

METADATA_KEY = "hokm-play"
"""The record metadata key under which ``hokm play`` keeps your seat and the opponents' spec."""

_NAMES = {"bottom": "You", "top": "Top", "left": "Left", "right": "Right"}


class HandReview:
    """A finished hand as the review shows it: every seat's dealt cards and the result."""

    def __init__(self, hand: HandState, result: HandResult | None, number: int) -> None:
        self.hand = hand
        self.result = result
        self.number = number
        self.dealt: tuple[tuple[Card, ...], ...] = tuple(hand.dealt(seat) for seat in hand.layout.seats)


def make_agents(spec: str, *, players: int, you: int, seed: int | str) -> dict[int, Any]:
    """An agent of ``spec`` for every seat but ``you``, each with its own seed if it takes one.

    An agent that takes no ``seed`` parameter (``heuristic``) is made without one.
    """
    from hokm.agents import agent_from_spec

    agents: dict[int, Any] = {}
    for seat in range(players):
        if seat == you:
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
    rules' own errors and leave everything unchanged on bad input.
    """

    def __init__(self, match: MatchState, *, seat: int, agents: Mapping[int, Any],
                 opponents: str = "heuristic", practice: bool = False,
                 save_path: str | os.PathLike[str] | None = None) -> None:
        self.seat = match.layout.check_seat(seat)
        missing = sorted(set(match.layout.seats) - {self.seat} - set(agents))
        if missing:
            raise InvalidArgumentError(f"no agent for seat(s) {missing}: every seat but yours needs one")
        self.match = match
        self.agents = dict(agents)
        self.opponents = opponents
        self.practice = practice
        self.save_path = Path(save_path) if save_path is not None else None
        self.log: list[str] = []
        self.review: HandReview | None = None
        self._undo: list[tuple[MatchState, int]] = []
        rules = match.ruleset
        self.positions = seat_positions(rules.players, rules.rotation, self.seat)
        for other, agent in self.agents.items():
            hook = getattr(agent, "start_match", None)
            if hook is not None:
                hook(match.observation(other))
        self._start_hand()

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

        Your seat and the opponents come from the record unless given here.

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
            IllegalPlayError: you do not hold it, or the rules forbid it now (their message).
            IllegalActionError: it is not your turn.
        """
        self._check_turn()
        if card not in self.hand.hand:
            raise IllegalPlayError(f"you do not hold {card}", action=PlayCard(card), seat=self.seat,
                                   legal=self.match.legal_actions())
        self._apply(PlayCard(card))

    def choose(self, action: Action) -> None:
        """Take one of your decisions (``choices``, or a card play as an action).

        Raises:
            IllegalActionError: the action is not legal now, or it is not your turn.
        """
        self._check_turn()
        self._apply(action)

    def hint(self) -> Action:
        """What the heuristic bot would do in your place (practice mode's ``h``).

        Raises:
            IllegalActionError: it is not your turn.
        """
        from hokm.agents import HeuristicAgent

        self._check_turn()
        return HeuristicAgent().act(self.observation)

    def undo(self) -> None:
        """Take back your last card of this hand and everything after it (practice mode's ``u``).

        Raises:
            GameStateError: not in practice mode, or no card of yours to take back in this hand.
        """
        if not self.practice:
            raise GameStateError("undo is for practice mode: start with hokm play --practice")
        if not self._undo or self._undo[-1][0].hand_number != self.match.hand_number or self.review:
            raise GameStateError("nothing to undo: you have played no card in this hand yet")
        self.match, log_length = self._undo.pop()
        del self.log[log_length:]
        self._start_hand()

    def finish_review(self) -> None:
        """The review of the finished hand has been seen: play goes on with the next hand."""
        self.review = None

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
        agent = self.agents[seat]
        try:
            action = agent.act(self.match.observation(seat))
        except HokmError:
            raise
        except Exception as error:
            raise AgentFailedError(f"the {self.opponents} bot at seat {seat} raised "
                                   f"{type(error).__name__}: {error}", agent=self.opponents, seat=seat,
                                   reason="crash") from error
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

        Raises:
            GameStateError: no path given and the model has no ``save_path``.
            OSError: the file cannot be written.
        """
        target = Path(path) if path is not None else self.save_path
        if target is None:
            raise GameStateError("no file to save to: pass a path or set save_path")
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.record(), ensure_ascii=False, indent=1)
        handle, temporary = tempfile.mkstemp(prefix=".hokm-play-", dir=target.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
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

    def _apply(self, action: Action) -> None:
        before = self.match
        mine = before.to_act == self.seat
        after, events = before.apply_with_events(action)
        if mine and self.practice and isinstance(action, PlayCard):
            self._undo.append((before, len(self.log)))
        self.match = after
        self._note(events, before)
        for seat, agent in self.agents.items():
            hook = getattr(agent, "observe", None)
            if hook is not None:
                for event in for_seat(events, seat):
                    hook(event)
        if after.hand_number != before.hand_number and not after.is_over:
            self._start_hand()
        if self.review is not None:
            self._undo.clear()
            if self.save_path is not None:
                self.save()

    def _note(self, events: Sequence[Event], before: MatchState) -> None:
        for event in events:
            if isinstance(event, TrickWon):
                cards = " ".join(f"{self.name(seat)[0].lower()}:{card}" for seat, card in event.plays)
                where = "" if event.collector is not None else f" (pile {event.pile})"
                self.log.append(f"#{event.number} {self.name(event.winner)} won{where}: {cards}")
            elif isinstance(event, HandOver):
                result = event.result
                kind = f" ({result.label})" if result.label != "win" else ""
                self.log.append(f"Hand {before.hand_number}: {self.team_name(result.winner)} won "
                                f"{result.points} point{'s' if result.points != 1 else ''}{kind}")
                self.review = HandReview(self.match.last_hand or before.hand, result, before.hand_number)
            elif isinstance(event, MatchOver):
                if event.winner is None:
                    self.log.append("Match over: drawn")
                else:
                    self.log.append(f"Match over: {self.team_name(event.winner)} won")
            elif event.tag == "hand-annulled":
                self.log.append(f"Hand {before.hand_number} annulled: dealt again")
                self.review = HandReview(self.match.last_hand or before.hand, None, before.hand_number)

    def _start_hand(self) -> None:
        for seat, agent in self.agents.items():
            hook = getattr(agent, "start_hand", None)
            if hook is not None:
                hook(self.match.observation(seat).hand)
