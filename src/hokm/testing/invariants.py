"""The invariants every composed ruleset keeps, and a checker that enforces them step by step.

``INVARIANTS`` lists them by name; ``MatchChecker`` applies actions
to a match and checks every one of them after every step;
``check_hand_state`` checks the invariants that a single hand state can
show on its own; ``check_hidden_information`` proves that a seat's view
does not depend on cards it has not seen. Everything here is framework-free:
no Hypothesis, no pytest.

A broken invariant raises ``InvariantViolation``, an ``AssertionError``
whose message names the invariant, the ruleset, the seed and the actions that
led there.

>>> import hokm
>>> from hokm.testing import MatchChecker
>>> checker = MatchChecker(hokm.Ruleset.compose("clockwise").new_match(seed=5))
>>> while not checker.match.is_over:
...     _ = checker.apply(checker.match.legal_actions()[0])
>>> checker.match.winner in (0, 1)
True
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import attrs

from hokm import (
    Action,
    CallTrump,
    Card,
    Discard,
    DrawCard,
    HandObservation,
    HandResult,
    HandState,
    IllegalActionError,
    MatchState,
    Phase,
    PlayCard,
    PluginContractError,
    Ruleset,
    Trick,
    VariantConflictError,
)
from hokm.actions import CORE_ACTIONS
from hokm.testing.windows import check_turn_windows

__all__ = [
    "CARDS_CONSERVED",
    "DETERMINISTIC",
    "HAND_ENDS",
    "HAND_RESULT",
    "HOOK_CONTRACT",
    "INVARIANTS",
    "LEGAL_ACTIONS",
    "MATCH_WINNER",
    "NO_LEAK",
    "ONE_SEAT_TO_ACT",
    "SCORES",
    "TRICK_WINNER",
    "Invariant",
    "InvariantViolation",
    "MatchChecker",
    "check_hand_state",
    "check_hidden_information",
    "replay",
    "sorted_actions",
]


@attrs.frozen
class Invariant:
    """One property every ruleset must keep.

    Attributes:
        name: the short name used in messages and in ``skip=`` arguments.
        summary: what is checked, in one or two sentences.
    """

    name: str
    summary: str

    def __str__(self) -> str:
        return self.name


CARDS_CONSERVED = Invariant(
    "cards-conserved",
    "Every card of the deck is in exactly one place: a hand, the cards played, the cards set "
    "aside, or (two-player) the stock and its discards, or the cards never dealt; once play "
    "starts each seat holds a full hand minus the cards it played (and any it laid apart), "
    "and a played card leaves the hand of the seat that played it.")
ONE_SEAT_TO_ACT = Invariant(
    "one-seat-to-act",
    "While a hand goes on exactly one seat is to act, its observation lists the legal actions "
    "and the others' list none; once the hand or the match is over nobody is to act.")
LEGAL_ACTIONS = Invariant(
    "legal-actions",
    "Legal actions are never empty while the hand goes on, hold no duplicates and fit the phase "
    "(trump calls, stock draws, the pending decision's options, or cards; a variant's own choices "
    "at the trump call or before a card); legal cards are a "
    "subset of the acting seat's hand that follows the led suit when it can; every listed "
    "action is accepted and no other.")
TRICK_WINNER = Invariant(
    "trick-winner",
    "Every completed trick holds one card from each seat, is led by the previous trick's winner "
    "(the Hakem for the first) and is won by a seat that played in it; team tricks plus the "
    "centre pile count every completed trick once.")
HAND_ENDS = Invariant(
    "hand-ends",
    "Every hand ends within its card count: never more tricks than cards per hand, and never "
    "more decisions in a row than there are seats (a decision offered again and again would "
    "keep the hand from ending).")
HAND_RESULT = Invariant(
    "hand-result",
    "A finished hand's result agrees with the hand: the per-team trick counts, the tricks "
    "played, the Hakem and the trump are the hand's, and a team holding more than half of the "
    "hand's tricks is the winner (unless it won every trick but the last, which ended the hand: "
    "a sweep played for and broken).")
SCORES = Invariant(
    "scores",
    "Scores never decrease; a finished hand adds its points to its winner and to nobody else; "
    "the next hand is dealt with the Hakem the result names; an annulled hand adds no result "
    "and the same Hakem deals again.")
MATCH_WINNER = Invariant(
    "match-winner",
    "A match ends within `max_hands` hands with exactly one winning team, or drawn with none "
    "where its format allows it, and then nobody is to act.")
DETERMINISTIC = Invariant(
    "deterministic",
    "The same seed and the same actions give the same match: replaying the history from the "
    "seed reproduces every state (hooks hold no hidden state and use no outside randomness).")
NO_LEAK = Invariant(
    "no-leak",
    "Observations leak nothing: after swapping two cards between two other seats (or another "
    "seat and the unseen stock or undealt cards), a seat's observations, its legal actions and "
    "the hand's result are unchanged, so no rule depends on cards the seat cannot see.")
HOOK_CONTRACT = Invariant(
    "hook-contract",
    "Every hook answer obeys its contract (a seat on the table, a card in the hand, a suit, a "
    "Decision with actions, a HandScore for a team, ...) and no hook raises; the message names "
    "the plugin and the hook. A hook with a turn window (``Variant.turn_windows``) answers "
    "nothing outside it.")

INVARIANTS: tuple[Invariant, ...] = (
    CARDS_CONSERVED, ONE_SEAT_TO_ACT, LEGAL_ACTIONS, TRICK_WINNER, HAND_ENDS, HAND_RESULT,
    SCORES, MATCH_WINNER, DETERMINISTIC, NO_LEAK, HOOK_CONTRACT,
)
"""Every invariant the kit checks, in the order of the docs."""

_NAMES = frozenset(invariant.name for invariant in INVARIANTS)
_UNSKIPPABLE = frozenset({HOOK_CONTRACT.name})
_CONTRACT_MESSAGE = re.compile(r"plugin '([^']+)' broke the contract of (hokm_\w+)")


def _skip_set(skip: Iterable[str]) -> frozenset[str]:
    """Validate invariant names given to ``skip=``."""
    if isinstance(skip, str):
        skip = (skip,)
    names = frozenset(str(name) for name in skip)
    unknown = names - _NAMES
    if unknown:
        raise ValueError(f"unknown invariant(s) {sorted(unknown)} in skip; known: {sorted(_NAMES)}")
    if names & _UNSKIPPABLE:
        raise ValueError("hook-contract cannot be skipped: a broken hook answer stops the game")
    return names


class InvariantViolation(AssertionError):
    """An invariant does not hold; the message says which, where, and how to get there.

    Attributes:
        invariant: the invariant's name (see ``INVARIANTS``).
        detail: what exactly went wrong.
        ruleset: the ruleset, as ``standard + satat + ...``.
        seed: the match's seed (``None`` when not known).
        history: every action from the start of the match up to the failure;
            replay it with ``replay``.
        actors: the seat that took each action of ``history``.
        hand_number: the hand in which the failure shows, counted from 1 (as
            ``MatchState.hand_number``): a failure at a hand's end names that hand.
        hand_start: how many actions of ``history`` belong to earlier hands.
        plugin: the plugin named by a contract break, if any.
        hook: the hook named by a contract break, if any.
        swap: for ``no-leak``, the two cards whose swap changed what a seat sees.
        note: extra context (the variant checked, the ``check_variant`` seed, ...).
        shrunk: whether ``history`` is the shortest failing prefix found.
    """

    def __init__(self, invariant: str, detail: str, *, ruleset: str = "",
                 seed: int | str | None = None, history: Sequence[Action] = (),
                 actors: Sequence[int] = (), hand_number: int | None = None,
                 hand_start: int = 0, swap: tuple[Card, Card] | None = None,
                 note: str = "", shrunk: bool = False) -> None:
        self.invariant = invariant
        self.detail = detail
        self.ruleset = ruleset
        self.seed = seed
        self.history: tuple[Action, ...] = tuple(history)
        self.actors: tuple[int, ...] = tuple(actors)
        self.hand_number = hand_number
        self.hand_start = hand_start
        self.swap = swap
        self.note = note
        self.shrunk = shrunk
        found = _CONTRACT_MESSAGE.search(detail)
        self.plugin: str | None = found.group(1) if found else None
        self.hook: str | None = found.group(2) if found else None
        super().__init__(self._message())

    def evolve(self, **changes: Any) -> InvariantViolation:
        """A copy with some fields changed (the message is rebuilt)."""
        fields: dict[str, Any] = {
            "ruleset": self.ruleset, "seed": self.seed, "history": self.history,
            "actors": self.actors, "hand_number": self.hand_number, "hand_start": self.hand_start,
            "swap": self.swap, "note": self.note, "shrunk": self.shrunk,
        }
        detail = changes.pop("detail", self.detail)
        fields.update(changes)
        new = InvariantViolation(self.invariant, detail, **fields)
        new.__cause__ = self.__cause__
        return new

    def _message(self) -> str:
        where = f" under {self.ruleset}" if self.ruleset else ""
        lines = [f"invariant {self.invariant!r} violated{where}: {self.detail}"]
        if self.note:
            lines.append(f"  {self.note}")
        if self.seed is not None:
            hand = f", hand {self.hand_number}" if self.hand_number is not None else ""
            lines.append(f"  match seed: {self.seed!r}{hand}")
        if self.history or self.seed is not None:
            lines.extend(self._history_lines())
        return "\n".join(lines)

    def _history_lines(self) -> list[str]:
        count = len(self.history)
        kind = "shortest failing history" if self.shrunk else "history"
        lines = [f"  {kind}: {count} action{'s' * (count != 1)} from the start of the match"]
        start = min(self.hand_start, count)
        if start:
            lines.append(f"    (actions 1-{start} play the earlier hands; all are in .history)")
        for position in range(start, count):
            actor = self.actors[position] if position < len(self.actors) else None
            who = f"seat {actor}: " if actor is not None else ""
            lines.append(f"    {position + 1:>4}. {who}{self.history[position]}")
        if self.seed is not None:
            lines.append(f"  replay: hokm.testing.replay(ruleset, seed={self.seed!r}, "
                         "actions=error.history)")
        return lines

    def __reduce__(self) -> tuple[Any, ...]:
        # Keep the exception picklable (pytest-xdist, multiprocessing).
        return (_rebuild, (self.invariant, self.detail, self.ruleset, self.seed, self.history,
                           self.actors, self.hand_number, self.hand_start, self.swap, self.note,
                           self.shrunk))


def _rebuild(invariant: str, detail: str, ruleset: str, seed: int | str | None,
             history: tuple[Action, ...], actors: tuple[int, ...], hand_number: int | None,
             hand_start: int, swap: tuple[Card, Card] | None, note: str,
             shrunk: bool) -> InvariantViolation:
    return InvariantViolation(invariant, detail, ruleset=ruleset, seed=seed, history=history,
                              actors=actors, hand_number=hand_number, hand_start=hand_start,
                              swap=swap, note=note, shrunk=shrunk)


def _fail(invariant: Invariant, detail: str) -> InvariantViolation:
    return InvariantViolation(invariant.name, detail)


@contextmanager
def _guard(what: str) -> Iterator[None]:
    """Turn errors raised by hooks (or the core on their behalf) into violations."""
    try:
        yield
    except (InvariantViolation, IllegalActionError):
        raise
    except PluginContractError as error:
        raise _fail(HOOK_CONTRACT, str(error)) from error
    except VariantConflictError as error:
        raise _fail(LEGAL_ACTIONS, f"{what}: {error}") from error
    except Exception as error:
        raise _fail(HOOK_CONTRACT, f"{what} raised {type(error).__name__}: {error}") from error


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in sorted(cards, key=lambda card: card.sort_key))


def _action_order(action: Action) -> tuple[int, Any]:
    """A stable order for actions: cards by suit and rank, then calls, draws, the rest."""
    if isinstance(action, PlayCard):
        return (0, action.card.sort_key)
    if isinstance(action, CallTrump):
        return (1, action.suit.index)
    if isinstance(action, DrawCard):
        return (2, not action.keep)
    return (3, (type(action).__name__, repr(action)))


def sorted_actions(actions: Iterable[Action]) -> tuple[Action, ...]:
    """``actions`` in a stable order (cards by suit, then rank high to low; then the rest).

    >>> from hokm import Card, PlayCard
    >>> [str(a) for a in sorted_actions([PlayCard(Card.parse("2♠")), PlayCard(Card.parse("A♠"))])]
    ['play A♠', 'play 2♠']
    """
    return tuple(sorted(actions, key=_action_order))


# Single-state checks ---------------------------------------------------------------


def _check_cards(hand: HandState) -> None:
    deck = frozenset(hand.ruleset.deck)
    held: set[Card] = set()
    for seat, cards in enumerate(hand.hands):
        stray = cards - deck
        if stray:
            raise _fail(CARDS_CONSERVED, f"seat {seat} holds {_cards(stray)}, not in this ruleset's deck")
        twice = held & cards
        if twice:
            raise _fail(CARDS_CONSERVED, f"{_cards(twice)} held by two seats at once")
        held |= cards
    played = [card for _, card in hand.plays]
    if len(set(played)) != len(played):
        again = [card for card, count in Counter(played).items() if count > 1]
        raise _fail(CARDS_CONSERVED, f"{_cards(again)} played twice")
    back = held & set(played)
    if back:
        raise _fail(CARDS_CONSERVED, f"{_cards(back)} played and still held")
    aside: set[Card] = set()
    for seat, cards in enumerate(hand.set_aside):
        where = (held | set(played) | aside) & cards
        if where:
            raise _fail(CARDS_CONSERVED, f"{_cards(where)} set aside by seat {seat} and also held, "
                                         "played or set aside by another seat")
        aside |= cards
    never = hand.undealt
    where = (held | set(played) | aside) & never
    if where or not never <= deck:
        raise _fail(CARDS_CONSERVED, f"{_cards(where or never - deck)} counted as never dealt, but "
                                     "in play or not in this ruleset's deck")
    # An annulled hand (a redeal claim) ended where it stood, before its first card: a two-player
    # hand thrown in at the trump call never completed its draw.
    if hand.phase is Phase.PLAY or (hand.phase is Phase.OVER and not hand.is_annulled):
        by_seat = Counter(int(seat) for seat, _ in hand.plays)
        for seat, cards in enumerate(hand.hands):
            counted = len(cards) + by_seat[seat]
            # A card laid apart is either still the seat's (a hidden-trump indicator) or out of
            # play beside a full hand (a two-player discard).
            laid = len(hand.set_aside[seat])
            if counted != hand.tricks_total and counted + laid != hand.tricks_total:
                raise _fail(CARDS_CONSERVED,
                            f"seat {seat} holds {len(cards)} cards, has played {by_seat[seat]} and "
                            f"set aside {laid}, but every seat is dealt {hand.tricks_total}")


def _check_to_act(hand: HandState, *, views: bool = True) -> None:
    to_act = hand.to_act
    if hand.is_over:
        if to_act is not None or hand.legal_actions():
            raise _fail(ONE_SEAT_TO_ACT, f"the hand is over but seat {to_act} is to act "
                                         f"with {len(hand.legal_actions())} legal actions")
        return
    players = hand.ruleset.players
    if isinstance(to_act, bool) or not isinstance(to_act, int) or not 0 <= to_act < players:
        raise _fail(ONE_SEAT_TO_ACT, f"to_act is {to_act!r}, not one seat of 0..{players - 1}")
    pending = hand.pending_decision
    if pending is not None and pending.seat != to_act:
        raise _fail(ONE_SEAT_TO_ACT, f"a decision is pending for seat {pending.seat} "
                                     f"but seat {to_act} is to act")
    if not views:
        return
    legal = hand.legal_actions()
    if hand.observation(to_act).legal_actions != legal:
        raise _fail(ONE_SEAT_TO_ACT, f"seat {to_act}'s observation does not list its legal actions")
    other = (to_act + 1) % players
    if hand.observation(other).legal_actions:
        raise _fail(ONE_SEAT_TO_ACT, f"seat {other} has legal actions while seat {to_act} is to act")


def _check_legal(hand: HandState, trick: Trick | None = None) -> None:
    if hand.is_over:
        return
    seat = hand.to_act
    legal = hand.legal_actions()
    if not legal:
        raise _fail(LEGAL_ACTIONS, f"seat {seat} has no legal action in the {hand.phase.value} phase")
    if len(set(legal)) != len(legal):
        raise _fail(LEGAL_ACTIONS, f"seat {seat}'s legal actions repeat: {', '.join(map(str, legal))}")
    phase, pending = hand.phase, hand.pending_decision
    if phase is Phase.DRAW:
        fits: tuple[type[Action], ...] = (Discard,) if isinstance(legal[0], Discard) else (DrawCard,)
    elif phase is Phase.PLAY and pending is not None:
        if legal != tuple(pending.options):
            raise _fail(LEGAL_ACTIONS, f"seat {seat}'s legal actions are not the pending decision's options")
        return
    else:  # a variant's own actions fit the trump call (M1) and a turn of play (M3)
        fits = (CallTrump,) if phase is Phase.TRUMP else (PlayCard,)
    odd = [action for action in legal if isinstance(action, CORE_ACTIONS) and not isinstance(action, fits)]
    if odd:
        raise _fail(LEGAL_ACTIONS, f"{', '.join(map(str, odd))} offered in the {phase.value} phase")
    if phase is Phase.DRAW and isinstance(legal[0], Discard):  # discards: a card the seat holds
        assert seat is not None  # checked by one-seat-to-act; narrows the type
        offered = frozenset(action.card for action in legal if isinstance(action, Discard))
        foreign = offered - hand.hand_of(seat)
        if foreign:
            raise _fail(LEGAL_ACTIONS, f"seat {seat} may discard {_cards(foreign)}, which it does not hold")
        return
    if phase is not Phase.PLAY:
        return
    cards = frozenset(action.card for action in legal if isinstance(action, PlayCard))
    if cards != hand.legal_plays():
        raise _fail(LEGAL_ACTIONS, f"legal_actions() and legal_plays() disagree for seat {seat}")
    assert seat is not None  # checked by one-seat-to-act; narrows the type
    holding = hand.hand_of(seat)
    foreign = cards - holding
    if foreign:
        raise _fail(LEGAL_ACTIONS, f"seat {seat} may play {_cards(foreign)}, which it does not hold")
    trick = hand.current_trick if trick is None else trick
    trump = hand.trump
    if trick.plays and trump is not None:
        led = trick.led
        rules = hand.ruleset
        follow = {card for card in holding if rules.effective_suit(card, trump) == led}
        if follow and not cards <= follow:
            raise _fail(LEGAL_ACTIONS, f"seat {seat} holds {_cards(follow)} of the led suit {led} "
                                       f"but may play {_cards(cards - follow)}")


def _check_trick(hand: HandState, index: int) -> None:
    trick = hand.tricks[index]
    players = hand.ruleset.players
    seats = [seat for seat, _ in trick.plays]
    if len(seats) != players or len(set(seats)) != players:
        raise _fail(TRICK_WINNER, f"trick {index + 1} has plays by seats {seats}, "
                                  f"not one by each of the {players} seats")
    leader = hand.hakem if index == 0 else hand.winners[index - 1]
    if seats[0] != leader:
        raise _fail(TRICK_WINNER, f"trick {index + 1} was led by seat {seats[0]}, "
                                  f"not by seat {leader} who won the trick before (or is Hakem)")
    if trick.winner not in seats:
        raise _fail(TRICK_WINNER, f"trick {index + 1} was won by {trick.winner!r}, "
                                  "which did not play in it")


def _check_counts(hand: HandState) -> None:
    if not 0 <= hand.tricks_played <= hand.tricks_total:
        raise _fail(HAND_ENDS, f"{hand.tricks_played} tricks played in a hand of {hand.tricks_total} cards")
    if sum(hand.team_tricks) + hand.pile != hand.tricks_played:
        raise _fail(TRICK_WINNER, f"teams hold {hand.team_tricks} tricks and the centre {hand.pile}, "
                                  f"but {hand.tricks_played} tricks were played")


def check_hand_state(hand: HandState, *, skip: Iterable[str] = ()) -> None:
    """Check every invariant that one hand state can show on its own.

    That is cards conserved (within the hand), one seat to act, legal actions,
    every completed trick, and the trick count. Errors raised by hooks on the
    way are reported as ``hook-contract`` violations.

    Args:
        hand: any hand state.
        skip: names of invariants not to check.

    Raises:
        InvariantViolation: the first broken invariant.

    >>> import hokm
    >>> hand = hokm.Ruleset.compose().deal(hokm.full_deck())
    >>> check_hand_state(hand)
    """
    skipped = _skip_set(skip)
    with _guard("checking the hand"):
        if CARDS_CONSERVED.name not in skipped:
            _check_cards(hand)
        if ONE_SEAT_TO_ACT.name not in skipped:
            _check_to_act(hand)
        if LEGAL_ACTIONS.name not in skipped:
            _check_legal(hand)
        if HAND_ENDS.name not in skipped:
            _check_counts(hand)
        if TRICK_WINNER.name not in skipped:
            for index in range(hand.tricks_played):
                _check_trick(hand, index)
        check_turn_windows(hand)  # part of hook-contract


def _check_result(hand: HandState, result: HandResult) -> None:
    if result.team_tricks != hand.team_tricks:
        raise _fail(HAND_RESULT, f"the result counts {result.team_tricks} tricks per team, "
                                 f"the hand {hand.team_tricks}")
    if result.tricks_played != hand.tricks_played:
        raise _fail(HAND_RESULT, f"the result says {result.tricks_played} tricks were played, "
                                 f"the hand {hand.tricks_played}")
    if (result.hakem, result.trump) != (hand.hakem, hand.trump):
        raise _fail(HAND_RESULT, f"the result names Hakem {result.hakem} and trump {result.trump}, "
                                 f"the hand had {hand.hakem} and {hand.trump}")
    for team, count in enumerate(result.team_tricks):
        if 2 * count > hand.tricks_total and result.winner != team and not _sweep_broken(hand, team):
            raise _fail(HAND_RESULT, f"team {team} took {count} of {hand.tricks_total} tricks "
                                     f"but the result names team {result.winner} the winner "
                                     f"({result.label!r}, {result.points} points)")


def _sweep_broken(hand: HandState, team: int) -> bool:
    """Whether ``team`` won every trick but the last one played, which ended the hand.

    A team that plays on for all the tricks and loses one may lose the hand there
    (Troefcall's failed baunie scores for the other side): its majority does not make it the
    winner then.
    """
    winners = hand.winners
    team_of = hand.layout.team_of
    return (len(winners) > 1 and team_of(winners[-1]) != team
            and all(team_of(winner) == team for winner in winners[:-1]))


# Hidden information ---------------------------------------------------------------

_STOCK = -1


def _owners(start: HandState, end: HandState, deck: Sequence[Card] | None) -> dict[Card, int] | None:
    """Who holds each card nobody else has seen at ``end``: a seat, or the stock (or nobody: undealt).

    Cards shown to every seat are seen by all, and a stock card on offer (``offered_card``) by the
    seat it is offered to, so they are left out.
    """
    shown = end.shown
    if end.offered_card is not None:
        shown = shown | {end.offered_card}
    owners = {card: seat for seat in range(end.ruleset.players) for card in end.hand_of(seat)
              if card not in shown}
    for card in start.undealt:
        if card not in shown:
            owners[card] = _STOCK
    if start.stock_left:
        if deck is None or len(deck) != len(end.ruleset.deck):
            return None
        for card in deck[len(deck) - end.stock_left:]:
            if card not in shown:
                owners[card] = _STOCK
    return owners


def _swapped_start(start: HandState, first: Card, second: Card,
                   deck: Sequence[Card] | None) -> HandState:
    """The same hand dealt with ``first`` and ``second`` trading places."""
    rules = start.ruleset
    if deck is not None:
        order = list(deck)
        i, j = order.index(first), order.index(second)
        order[i], order[j] = order[j], order[i]
        return rules.deal(order, hakem=start.hakem, redeals=start.redeals)
    # In the order received (the Hakem's first packet first), with any card already laid apart
    # at the start (a forced effect at the trump call) back in its hand.
    hands = [list(start.dealt(seat)) for seat in range(rules.players)]
    for cards in hands:
        for position, card in enumerate(cards):
            if card == first:
                cards[position] = second
            elif card == second:
                cards[position] = first
    return rules.new_hand(hands, hakem=start.hakem, redeals=start.redeals,
                          trump=None if start.phase is Phase.TRUMP else start.trump)


def _deck_matches(start: HandState, deck: Sequence[Card]) -> bool:
    try:
        dealt = start.ruleset.deal(deck, hakem=start.hakem)
    except ValueError:
        return False
    return dealt.hands == start.hands and dealt.stock_left == start.stock_left


def _difference(mine: HandObservation | HandResult, theirs: HandObservation | HandResult) -> str:
    parts = []
    for field in attrs.fields(type(mine)):
        a, b = getattr(mine, field.name), getattr(theirs, field.name)
        if a != b:
            parts.append(f"{field.name}: {_short(a)} vs {_short(b)}")
    return "; ".join(parts)


def _short(value: object) -> str:
    if isinstance(value, tuple) and value and isinstance(value[0], Trick):
        text = "won by " + " ".join(str(trick.winner) for trick in value)
    elif isinstance(value, frozenset):
        text = "{" + _cards(value) + "}"
    elif isinstance(value, tuple) and value and isinstance(value[0], Action):
        text = "(" + ", ".join(map(str, value)) + ")"
    else:
        text = str(value.value) if hasattr(value, "value") else repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def _signature(state: HandState) -> tuple[Any, ...]:
    """What every seat may know of a state besides its own cards (cheaper than observations)."""
    return (state.phase, state.to_act, state.legal_actions(), state.winners, state.collectors,
            state.team_tricks, state.pile)


def _same_view(mine: tuple[Any, ...], theirs: tuple[Any, ...], observers: Sequence[int]) -> bool:
    if mine == theirs:
        return True
    # Legal actions are private to the seat to act: compare them only for an observer.
    return (mine[:2] == theirs[:2] and mine[3:] == theirs[3:]
            and mine[1] not in observers)


def _moment(offset: int, step: int) -> str:
    """When, in the numbering of the history: before the first action of the hand, or after one."""
    return "at the start of the hand" if step == 0 else f"after action {offset + step}"


def _outcome(state: HandState) -> HandResult | None:
    """A finished hand's result, or ``None`` for an annulled hand (it has none)."""
    return None if state.is_annulled else state.result()


_CONFIRMATIONS = 2
"""How many more times a suspected leak is replayed, on the unchanged deal and on the swapped one,
before it is reported: a hook with hidden state or outside randomness seldom repeats itself."""


def _replay_differs(states: Sequence[HandState], signatures: Sequence[tuple[Any, ...]],
                    actions: Sequence[Action], card: Card,
                    deck: Sequence[Card] | None, offset: int) -> InvariantViolation | None:
    """A control replay of the unchanged deal: a difference there is not a leak but hidden state."""
    step = 0
    try:
        again = _swapped_start(states[0], card, card, deck)  # swapping a card with itself: same deal
        for step, action in enumerate(actions):
            if _signature(again) != signatures[step]:
                break
            again = again.apply(action)
        else:
            step = len(actions)
            end = states[-1]
            if _signature(again) == signatures[-1] and (
                    not end.is_over or _outcome(again) == _outcome(end)):
                return None
    except Exception:  # the first run took these actions without error: any error here is instability
        pass
    return _fail(DETERMINISTIC, f"replaying the same actions on the same deal gives a different "
                                f"state {_moment(offset, step)} (does a hook keep state or "
                                "use outside randomness?)")


_SAME = "same"
_OWNERS_ACT = "owners act"


def _swap_run(states: Sequence[HandState], signatures: Sequence[tuple[Any, ...]],
              actions: Sequence[Action], first: Card, second: Card, observers: Sequence[int],
              swap: str, deck: Sequence[Card] | None, offset: int) -> InvariantViolation | str:
    """Replay ``actions`` on the swapped deal once: the difference an observer sees, if any.

    Returns ``_SAME``, ``_OWNERS_ACT`` (an owner's own action became illegal: no leak shown),
    or the ``no-leak`` violation the run shows, not yet raised (it must repeat first).
    """

    def differs(step: int, original: HandState, alt: HandState) -> InvariantViolation:
        moment = _moment(offset, step)
        for seat in observers:
            mine, theirs = original.observation(seat), alt.observation(seat)
            if mine != theirs:
                return _fail(NO_LEAK, f"seat {seat} cannot see {swap}, yet swapping them changes its "
                                      f"view {moment}, so some rule depends on cards seat {seat} cannot "
                                      f"see: {_difference(mine, theirs)}")
        return _fail(NO_LEAK, f"swapping {swap}, which seats {list(observers)} cannot see, changes the "
                              f"public state {moment}")

    with _guard("replaying the hand with two cards swapped"):
        alt = _swapped_start(states[0], first, second, deck)
        for step, action in enumerate(actions):
            if not _same_view(signatures[step], _signature(alt), observers):
                return differs(step, states[step], alt)
            try:
                alt = alt.apply(action)
            except IllegalActionError as error:
                actor = states[step].to_act
                if actor not in observers:
                    return _OWNERS_ACT  # the owners' own options changed: that is no leak
                refused = _fail(NO_LEAK, f"seat {actor} cannot see {swap}, yet after swapping them its "
                                         f"action {offset + step + 1} ({action}) is refused: {error}")
                refused.__cause__ = error
                return refused
        end = states[-1]
        if not _same_view(signatures[-1], _signature(alt), observers) or any(
                end.observation(seat) != alt.observation(seat) for seat in observers):
            return differs(len(actions), end, alt)
        if end.is_over and alt.is_over and not (end.is_annulled or alt.is_annulled):
            # (an annulment is in the observations compared above; it has no result)
            mine_result, their_result = end.result(), alt.result()
            if mine_result != their_result:
                if end.result() != mine_result:
                    raise _fail(DETERMINISTIC, "asking the same finished hand for its result twice "
                                               "gives two answers (does a hook keep state?)")
                return _fail(NO_LEAK, f"the hand's result depends on {swap}, which seats "
                                      f"{', '.join(map(str, observers))} never saw: "
                                      f"{_difference(mine_result, their_result)}")
    return _SAME


def _compare_swap(states: Sequence[HandState], signatures: Sequence[tuple[Any, ...]],
                  actions: Sequence[Action], first: Card, second: Card,
                  owners: dict[Card, int], deck: Sequence[Card] | None, offset: int) -> bool:
    """Replay ``actions`` on the swapped deal; False if the swap changed what its owners may do.

    A difference is reported as ``no-leak`` only once it has repeated: the unchanged deal must
    replay exactly as played, and the swapped deal must show the same difference again, each
    ``_CONFIRMATIONS`` more times. Otherwise it is hidden state or outside randomness in a hook,
    reported as ``deterministic`` (and not also as a leak).
    """
    a, b = owners[first], owners[second]
    observers = [seat for seat in range(states[0].ruleset.players) if seat not in (a, b)]
    if not observers:
        return False

    def where(seat: int) -> str:
        return "unseen: the stock or undealt" if seat == _STOCK else f"seat {seat}"

    swap = f"{first} ({where(a)}) and {second} ({where(b)})"
    found = _swap_run(states, signatures, actions, first, second, observers, swap, deck, offset)
    if not isinstance(found, InvariantViolation):
        return found == _SAME
    for _ in range(_CONFIRMATIONS):
        unstable = _replay_differs(states, signatures, actions, first, deck, offset)
        if unstable is not None:
            raise unstable from found.__cause__
        again = _swap_run(states, signatures, actions, first, second, observers, swap, deck, offset)
        if not isinstance(again, InvariantViolation) or again.detail != found.detail:
            raise _fail(DETERMINISTIC, f"replaying the same actions on the same deal with {swap} "
                                       "swapped gives a different state the next time (does a hook "
                                       "keep state or use outside randomness?)") from found.__cause__
    raise found


def _leak_check(states: Sequence[HandState], actions: Sequence[Action], *,
                deck: Sequence[Card] | None, rng: random.Random, swaps: int,
                swap: tuple[Card, Card] | None = None, offset: int = 0) -> None:
    start, end = states[0], states[-1]
    trump = end.trump
    if trump is None or (swap is None and swaps <= 0):
        return
    if deck is not None and not _deck_matches(start, deck):
        deck = None
    owners = _owners(start, end, deck)
    if owners is None:
        return
    with _guard("reading the hand"):
        signatures = [_signature(state) for state in states]
    rules = start.ruleset
    if swap is not None:
        first, second = swap
        if first in owners and second in owners and owners[first] != owners[second]:
            try:
                _compare_swap(states, signatures, actions, first, second, owners, deck, offset)
            except InvariantViolation as violation:
                raise violation.evolve(swap=swap) from violation.__cause__
        return
    cards = sorted(owners, key=lambda card: card.index)
    done = 0
    for attempt in range(swaps * 4):
        if done >= swaps or len(cards) < 2:
            return
        kind = attempt % 3
        pool = cards
        if kind == 1:  # trade a trump for a non-trump: trump holdings drive many rules
            pool = [card for card in cards if rules.effective_suit(card, trump) == trump] or cards
        first = pool[rng.randrange(len(pool))]
        suit = rules.effective_suit(first, trump)
        others = [card for card in cards if owners[card] != owners[first]]
        if kind == 0:  # keep the effective suit: the history surely stays legal
            others = [card for card in others if rules.effective_suit(card, trump) == suit]
        elif kind == 1:
            others = [card for card in others if rules.effective_suit(card, trump) != suit]
        if not others:
            continue
        second = others[rng.randrange(len(others))]
        try:
            done += _compare_swap(states, signatures, actions, first, second, owners, deck, offset)
        except InvariantViolation as violation:
            raise violation.evolve(swap=(first, second)) from violation.__cause__


def check_hidden_information(start: HandState, actions: Sequence[Action], *,
                             deck: Sequence[Card] | None = None, swaps: int = 4,
                             seed: int | str = 0) -> None:
    """Prove that no seat's view depends on cards it has not seen.

    Plays ``actions`` from ``start``; then, ``swaps`` times, trades two cards
    that are still unplayed at the end between two different seats (or a seat
    and the unseen two-player stock or the undealt cards), replays the same
    actions on the new deal and compares every other seat's observation (legal
    actions included) at every step, and the hand's result. Swaps that make an owner's own action
    illegal are skipped: the owners may see their cards. A difference is
    reported as a leak only if it repeats (the unchanged deal replays as
    played, and the swapped deal shows the same difference again); one that
    does not is a hook with hidden state, reported as ``deterministic``.

    Args:
        start: a hand at its start (trump call, or first lead with a given trump).
        actions: legal actions from ``start``.
        deck: the deck ``start`` was dealt from; needed only for a two-player
            stock deal (without it such a hand is not checked).
        swaps: how many swaps to compare.
        seed: chooses the swaps.

    Raises:
        InvariantViolation: ``no-leak`` (with ``.swap`` set), ``deterministic``,
            or a ``hook-contract`` error raised while replaying.
        ValueError: ``start`` is not the start of a hand.

    >>> import hokm
    >>> hand = hokm.Ruleset.compose().deal(hokm.full_deck())
    >>> actions = []
    >>> state = hand
    >>> for _ in range(12):
    ...     actions.append(state.legal_actions()[0])
    ...     state = state.apply(actions[-1])
    >>> check_hidden_information(hand, actions)
    """
    if start.plays or start.decisions or start.phase not in (Phase.TRUMP, Phase.PLAY):
        raise ValueError("start must be a hand at its trump call or first lead")
    states = [start]
    with _guard("replaying the hand"):
        for action in actions:
            states.append(states[-1].apply(action))
    _leak_check(states, list(actions), deck=deck, rng=random.Random(f"{seed}:no-leak"), swaps=swaps)


# The match checker -------------------------------------------------------------------


def _fingerprint(match: MatchState) -> tuple[Any, ...]:
    hand = match.hand
    return (match.hand_number, match.scores, match.winner, match.to_act, match.legal_actions(),
            hand.hands, hand.trump, len(match.results), hand.decisions)


_FINGERPRINT_FIELDS = ("hand number", "scores", "winner", "seat to act", "legal actions",
                       "hands", "trump", "results", "decisions")


class MatchChecker:
    """Apply actions to a match and check every invariant after every step.

    The match must be new (hand 1, before the trump call). Use ``apply``
    instead of ``MatchState.apply``; the current state is ``match``. A hand
    that ends is checked as the match kept it (``MatchState.last_hand``). At the
    end of every hand the checker also proves that nothing leaks (see
    ``check_hidden_information``); at the end of the match it replays the
    whole history from the seed and compares every state. ``finish`` runs
    those two checks for a match stopped early.

    Args:
        match: a new match.
        deck: the deck given to ``new_match(deck=...)``, if one was.
        max_hands: a match still going after this many hands breaks ``match-winner``.
        skip: names of invariants not to check (``hook-contract`` is always checked).
        leak_swaps: card swaps compared at the end of every hand (0: none).
        leak_swap: compare exactly this swap wherever it applies (used to shrink).
        determinism: replay the match from its seed when it ends.

    Attributes:
        match: the current state.
        history: the actions applied so far.
        actors: the seat that took each of them.
        broken: set once a violation was raised; ``finish`` then does nothing.

    Raises:
        InvariantViolation: from the constructor and ``apply``, with the
            ruleset, seed and history in the message.
    """

    def __init__(self, match: MatchState, *, deck: Sequence[Card] | None = None,
                 max_hands: int = 1000, skip: Iterable[str] = (), leak_swaps: int = 4,
                 leak_swap: tuple[Card, Card] | None = None, determinism: bool = True) -> None:
        if (match.hand_number != 1 or match.results or match.hand.plays or match.hand.trump is not None
                or (match.hand.decisions and not self._fresh_decisions(match, deck))):
            raise ValueError("MatchChecker needs a new match (hand 1, nothing played yet)")
        if isinstance(max_hands, bool) or not isinstance(max_hands, int) or max_hands < 1:
            raise ValueError(f"max_hands must be a positive integer, got {max_hands!r}")
        self.first = match
        self.match = match
        self.deck: tuple[Card, ...] | None = None if deck is None else tuple(deck)
        self.max_hands = max_hands
        self.skip = _skip_set(skip)
        self.leak_swaps = leak_swaps
        self.leak_swap = leak_swap
        self.determinism = determinism
        self.history: list[Action] = []
        self.actors: list[int] = []
        self._rng = random.Random(f"{match.seed}:no-leak")
        self._fingerprints: list[tuple[Any, ...]] = []
        self._hand_states: list[HandState] = []
        self._hand_actions: list[Action] = []
        self._hand_start = 0
        self._hand_no = 1
        self._streak = 0
        self._held0 = self._stock0 = 0
        self._attempt: tuple[int, Action] | None = None
        self.broken = False
        with self._context():
            self._fingerprints.append(self._fingerprint(match))
            self._start_hand(match.hand)
            if self._on(DETERMINISTIC):
                self._check_same_start()

    @staticmethod
    def _fresh_decisions(match: MatchState, deck: Sequence[Card] | None) -> bool:
        """Whether the decisions already taken are those a new match takes by itself (a lone choice)."""
        with _guard("starting the match again from its seed"):
            fresh = match.ruleset.new_match(seed=match.seed, deck=deck, first_seat=match.first_seat)
        return fresh.hand.decisions == match.hand.decisions

    @property
    def ruleset(self) -> Ruleset:
        """The rules of the match."""
        return self.match.ruleset

    def _on(self, invariant: Invariant) -> bool:
        return invariant.name not in self.skip

    @contextmanager
    def _context(self) -> Iterator[None]:
        """Add the ruleset, the seed and the history to any violation raised inside."""
        try:
            yield
        except InvariantViolation as violation:
            self.broken = True
            history, actors = tuple(self.history), tuple(self.actors)
            if self._attempt is not None:  # the action being applied when it broke
                history, actors = (*history, self._attempt[1]), (*actors, self._attempt[0])
            raise violation.evolve(
                ruleset=self.first.ruleset.describe(), seed=self.first.seed,
                history=history, actors=actors,
                hand_number=self._hand_number() if violation.hand_number is None
                else violation.hand_number,
                hand_start=self._hand_start) from violation.__cause__

    def _fingerprint(self, match: MatchState) -> tuple[Any, ...]:
        with _guard("reading the match state"):
            return _fingerprint(match)

    def _check_same_start(self) -> None:
        rules = self.first.ruleset
        with _guard("starting the match again from its seed"):
            again = rules.new_match(seed=self.first.seed, deck=self.deck,
                                    first_seat=self.first.first_seat)
        if self._fingerprint(again) != self._fingerprints[0]:
            raise _fail(DETERMINISTIC, f"new_match(seed={self.first.seed!r}) dealt a different first "
                                       "hand the second time (if the match was started with deck=..., "
                                       "give MatchChecker the same deck)")

    def _start_hand(self, hand: HandState) -> None:
        self._hand_no = self.match.hand_number
        self._hand_states = [hand]
        self._hand_actions = []
        self._hand_start = len(self.history)
        self._streak = 0
        self._held0 = sum(len(cards) for cards in hand.hands) + sum(len(cards) for cards in hand.set_aside)
        self._stock0 = hand.stock_left
        undealt = len(hand.undealt)
        if self._on(CARDS_CONSERVED) and self._held0 + self._stock0 + undealt != len(hand.ruleset.deck):
            raise _fail(CARDS_CONSERVED, f"the deal placed {self._held0} cards in hands, "
                                         f"{self._stock0} in the stock and left {undealt} undealt, "
                                         f"but the deck has {len(hand.ruleset.deck)}")
        self._check_hand(hand)

    def _check_hand(self, hand: HandState) -> Trick:
        """Check one state; returns its current trick (built once, shared with the step checks)."""
        with _guard("checking the hand"):
            # The checks that build per-seat views and whole play records run between tricks;
            # each card played is checked on its own in _step_hand.
            trick = hand.current_trick
            boundary = hand.phase is not Phase.PLAY or not trick.plays
            if self._on(CARDS_CONSERVED) and boundary:
                _check_cards(hand)
                held = (sum(len(cards) for cards in hand.hands) + len(hand.plays)
                        + sum(len(cards) for cards in hand.set_aside))
                drawn = held - self._held0
                if self._stock0 - hand.stock_left != 2 * drawn:
                    raise _fail(CARDS_CONSERVED, f"{drawn} cards were drawn but the stock shrank by "
                                                 f"{self._stock0 - hand.stock_left} (two a draw)")
            if self._on(ONE_SEAT_TO_ACT):
                _check_to_act(hand, views=boundary)
            if self._on(LEGAL_ACTIONS):
                _check_legal(hand, trick)
            if self._on(HAND_ENDS) or self._on(TRICK_WINNER):
                _check_counts(hand)
            check_turn_windows(hand)  # part of hook-contract
        return trick

    def _step_hand(self, before: HandState, actor: int, action: Action, after: HandState) -> None:
        """Checks of one step within a hand."""
        current = self._check_hand(after)
        with _guard("checking the hand"):
            if self._on(TRICK_WINNER) and after.tricks_played > before.tricks_played:
                _check_trick(after, after.tricks_played - 1)
            if isinstance(action, PlayCard):
                self._streak = 0
                trick = current if current.plays else after.tricks[-1]
                if self._on(CARDS_CONSERVED) and (
                        action.card not in before.hand_of(actor) or action.card in after.hand_of(actor)
                        or (trick.plays[-1:] != ((actor, action.card),) and not self._forced_after(
                            before, actor, action.card, after))):
                    raise _fail(CARDS_CONSERVED, f"seat {actor} played {action.card}, but it did "
                                                 "not move from its hand to the trick")
            elif before.pending_decision is not None:
                self._streak += 1
                if self._on(HAND_ENDS) and self._streak > before.ruleset.players:
                    reason = before.pending_decision.reason or "a decision"
                    raise _fail(HAND_ENDS, f"{self._streak} decisions in a row with no card played "
                                           f"(last: seat {actor} chose {action!s} for {reason!r}): a "
                                           "decision offered again and again keeps the hand from ending")

    @staticmethod
    def _forced_after(before: HandState, actor: int, card: Card, after: HandState) -> bool:
        """Whether ``card`` was played by ``actor`` and then a forced play followed (a forced reveal)."""
        done = len(before.plays)
        return after.plays[done:done + 1] == ((actor, card),)

    def apply(self, action: Action) -> MatchState:
        """Apply ``action`` (as ``MatchState.apply``), check everything, return the new state.

        Raises:
            IllegalActionError: the action is not legal now (a mistake of the caller).
            InvariantViolation: an invariant broke.
        """
        before = self.match
        with self._context():
            legal = before.legal_actions()
            actor = before.to_act
            if action in legal and actor is not None:
                self._attempt = (actor, action)
            try:
                with _guard(f"seat {actor}'s action {action}"):
                    after = before.apply(action)
            except IllegalActionError as error:
                if action in legal:
                    raise _fail(LEGAL_ACTIONS, f"{action} is listed as legal for seat {actor} "
                                               f"but refused: {error}") from error
                raise
            if action not in legal:
                raise _fail(LEGAL_ACTIONS, f"{action} is not among seat {actor}'s legal actions "
                                           "but was accepted")
            assert actor is not None  # a legal action means somebody is to act
            self._attempt = None
            self.history.append(action)
            self.actors.append(actor)
            self._hand_actions.append(action)
            hand_done = after.is_over or after.hand_number != before.hand_number
            # At a hand's end the match moves on to the next hand; last_hand is the one that ended.
            finished = after.last_hand if hand_done else after.hand
            if finished is None or finished.is_over != hand_done:
                raise _fail(HAND_RESULT, f"after {action} the match's current hand is hand "
                                         f"{after.hand_number} and its last finished hand is "
                                         f"{'missing' if finished is None else 'not over'}")
            self._hand_states.append(finished)
            self._step_hand(before.hand, actor, action, finished)
            self._step_match(before, after, finished if hand_done else None)
            self._fingerprints.append(self._fingerprint(after))
            self.match = after
            if hand_done:
                self._end_hand()
            if after.is_over:
                if self.determinism and self._on(DETERMINISTIC):
                    self._check_replay()
            elif hand_done:
                self._start_hand(after.hand)
        return after

    def _step_match(self, before: MatchState, after: MatchState, finished: HandState | None) -> None:
        if self._on(SCORES) and any(b < a for a, b in zip(before.scores, after.scores, strict=True)):
            raise _fail(SCORES, f"scores went down from {before.scores} to {after.scores}")
        if finished is None:
            if self._on(SCORES) and (after.scores != before.scores or after.results != before.results):
                raise _fail(SCORES, "the score changed in the middle of a hand")
            return
        if finished.is_annulled:
            self._step_annulled(before, after, finished)
            return
        if len(after.results) != len(before.results) + 1:
            raise _fail(SCORES, f"a hand finished but the results went from {len(before.results)} "
                                f"to {len(after.results)}")
        result = after.results[-1]
        if self._on(HAND_RESULT):
            _check_result(finished, result)
        if self._on(SCORES):
            expected = list(before.scores)
            expected[result.winner] += result.points
            if tuple(expected) != after.scores:
                raise _fail(SCORES, f"team {result.winner} won {result.points} points, so the scores "
                                    f"should go from {before.scores} to {tuple(expected)}, not to "
                                    f"{after.scores}")
            if not after.is_over and (after.hand.hakem != result.next_hakem
                                      or after.hand_number != before.hand_number + 1):
                raise _fail(SCORES, f"hand {after.hand_number} was dealt to Hakem {after.hand.hakem}, "
                                    f"but the result named {result.next_hakem}")
        if self._on(MATCH_WINNER):
            if after.is_over:
                winner = after.winner
                teams = after.layout.team_count
                if after.to_act is not None or after.legal_actions():
                    raise _fail(MATCH_WINNER, f"the match is over (winner {winner!r}), yet seat "
                                              f"{after.to_act} is to act")
                if after.is_drawn:  # a drawn match (RULES 1.5.1 rule 11) has no winner
                    if winner is not None:
                        raise _fail(MATCH_WINNER, f"the match ended drawn, yet names team {winner!r} "
                                                  "its winner")
                elif (isinstance(winner, bool) or not isinstance(winner, int)
                        or not 0 <= winner < teams):
                    raise _fail(MATCH_WINNER, f"the match ended with winner {winner!r}, "
                                              f"not exactly one of teams 0..{teams - 1}")
            elif after.hand_number > self.max_hands:
                raise _fail(MATCH_WINNER, f"no team has won after {self.max_hands} hands "
                                          f"(scores {after.scores}, last hand won by team "
                                          f"{result.winner} for {result.points} points)")

    def _step_annulled(self, before: MatchState, after: MatchState, finished: HandState) -> None:
        """A hand annulled before its first trick (RULES 1.5.1 rule 7): nothing scored, same Hakem."""
        if not self._on(SCORES):
            return
        if after.scores != before.scores or after.results != before.results or after.is_over:
            raise _fail(SCORES, f"an annulled hand changed the match: scores {before.scores} -> "
                                f"{after.scores}, {len(before.results)} -> {len(after.results)} "
                                f"results{', and ended it' if after.is_over else ''}")
        if finished.plays or finished.tricks_played:
            raise _fail(SCORES, f"a hand was annulled after {len(finished.plays)} cards: only a "
                                "hand that has not started may be")
        if (after.hand.hakem != finished.hakem or after.hand_number != before.hand_number + 1
                or after.hand.redeals != finished.redeals + 1):
            raise _fail(SCORES, f"after an annulled hand with Hakem {finished.hakem} (redeal "
                                f"{finished.redeals}), hand {after.hand_number} was dealt to Hakem "
                                f"{after.hand.hakem} as redeal {after.hand.redeals}: the same "
                                "dealer deals again to the same Hakem")

    def _hand_number(self) -> int:
        """The number of the hand being checked, counted from 1 (the one just finished, at its end)."""
        return self._hand_no

    def _hand_deck(self) -> tuple[Card, ...] | None:
        """The deck the current hand was dealt from (needed for two-player stock swaps)."""
        start = self._hand_states[0]
        if not start.stock_left and not start.undealt:
            return None
        return self.first.deck_for(self._hand_number())

    def _end_hand(self) -> None:
        if self._on(NO_LEAK):
            _leak_check(self._hand_states, self._hand_actions, deck=self._hand_deck(), rng=self._rng,
                        swaps=self.leak_swaps, swap=self.leak_swap, offset=self._hand_start)

    def _check_replay(self) -> None:
        rules = self.first.ruleset
        with _guard("replaying the match from its seed"):
            replayed = rules.new_match(seed=self.first.seed, deck=self.deck,
                                       first_seat=self.first.first_seat)
        for step, action in enumerate(self.history):
            try:
                with _guard("replaying the match from its seed"):
                    replayed = replayed.apply(action)
            except IllegalActionError as error:
                raise _fail(DETERMINISTIC, f"action {step + 1} ({action}) was legal the first time "
                                           f"but is refused when replayed from the same seed: {error}"
                                           ) from error
            again = self._fingerprint(replayed)
            if again != self._fingerprints[step + 1]:
                fields = [name for name, a, b in zip(_FINGERPRINT_FIELDS, again,
                                                     self._fingerprints[step + 1], strict=True) if a != b]
                raise _fail(DETERMINISTIC, f"replaying the same actions from the same seed gives a "
                                           f"different {' and '.join(fields)} after action {step + 1} "
                                           "(does a hook keep state or use outside randomness?)")

    def finish(self) -> None:
        """The end-of-run checks for a match stopped early: no leak in this hand, same replay.

        Does nothing after a violation was raised (the state is then half-checked).
        """
        if self.broken:
            return
        with self._context():
            if self._on(NO_LEAK) and self._hand_actions and not self._hand_states[-1].is_over:
                _leak_check(self._hand_states, self._hand_actions, deck=self._hand_deck(),
                            rng=self._rng, swaps=self.leak_swaps, swap=self.leak_swap,
                            offset=self._hand_start)
            if self.determinism and self._on(DETERMINISTIC):
                self._check_replay()


def replay(ruleset: Ruleset, *, seed: int | str, actions: Iterable[Action],
           deck: Sequence[Card] | None = None) -> MatchState:
    """The match reached by ``actions`` from ``ruleset.new_match(seed=seed, deck=deck)``.

    Use it to reproduce a failure: ``replay(rules, seed=error.seed, actions=error.history)``.

    >>> import hokm
    >>> rules = hokm.Ruleset.compose()
    >>> match = replay(rules, seed=1, actions=[hokm.CallTrump(hokm.Suit.SPADES)])
    >>> match.hand.trump
    Suit.SPADES
    """
    match = ruleset.new_match(seed=seed, deck=deck)
    for action in actions:
        match = match.apply(action)
    return match
