"""A match: hands in sequence, scores, Hakem succession, and the match winner.

Like a hand, a match is immutable: ``apply`` returns the next match state.
When an action finishes a hand, the match scores it, picks the next Hakem and
deals the next hand (shuffled from the seed), which starts at its trump call.

>>> import hokm
>>> match = hokm.Ruleset.compose().new_match(seed=2026)
>>> match.hand_number, match.scores, match.is_over
(1, (0, 0), False)
>>> while not match.is_over:
...     match = match.apply(match.legal_actions()[0])
>>> match.winner in (0, 1), max(match.scores) >= 7
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from hokm._checks import check_rng, register_class
from hokm._hand.dealing import check_deck, deal_hand
from hokm._hand.events import match_replayed, match_step
from hokm._hand.keys import match_key
from hokm._seeding import normalize_seed, rng_for, shuffled
from hokm.actions import Action, acting_at
from hokm.cards import Card
from hokm.errors import (
    ActionTypeError,
    ArgumentTypeError,
    GameStateError,
    IllegalActionError,
    InvalidArgumentError,
    InvalidDealError,
    _got,
)
from hokm.events import replayed
from hokm.observation import MatchObservation
from hokm.outcomes import HandResult, MatchStatus
from hokm.state import HandState
from hokm.table import Seat, TableLayout, Team

if TYPE_CHECKING:
    from hokm.events import Event
    from hokm.rules import Ruleset

__all__ = ["MatchState"]

_NEW = object.__new__


class MatchState:
    """An immutable match. Create one with ``hokm.Ruleset.new_match``."""

    __slots__ = (
        "_decks",
        "_draw",
        "_drawn",
        "_finished",
        "_first_seat",
        "_hand",
        "_hand_number",
        "_last_hand",
        "_results",
        "_rules",
        "_scores",
        "_seating",
        "_seed",
        "_winner",
    )

    _rules: Ruleset
    _seed: int | str
    _hand: HandState
    _hand_number: int
    _scores: tuple[int, ...]
    _results: tuple[HandResult, ...]
    _winner: Team | None
    _seating: tuple[int, ...]
    _draw: tuple[Card, ...]
    _decks: tuple[tuple[Card, ...], ...]
    _first_seat: Seat
    _last_hand: HandState | None
    _drawn: bool
    _finished: tuple[HandState, ...]

    def __init__(self) -> None:
        raise TypeError("create matches with Ruleset.new_match()")

    @classmethod
    def start(cls, rules: Ruleset, *, seed: int | str | None,
              deck: Sequence[Card] | None, first_seat: int = 0) -> MatchState:
        """The first hand of a new match, at its trump call.

        The first roles (Hakem, seating) come from face-up cards dealt from ``first_seat``:
        the given ``deck`` itself (top first), else the seed's own face-up stream.
        """
        try:
            seed = normalize_seed(seed)
        except TypeError as error:
            raise InvalidDealError(str(error)) from None
        engine = rules._engine
        if deck is not None:
            deck = check_deck(engine.deck_mask, len(engine.table.deck), deck)
            draw = tuple(deck)
        else:
            draw = tuple(shuffled(engine.table.deck, rng_for(seed, "first-hakem-draw")))
        hakem = engine.scoring.first_hakem(draw, first_seat, rng_for(seed, "first-hakem"))
        seating = engine.scoring.seating(draw, first_seat, hakem)
        match: MatchState = _NEW(cls)
        match._rules = rules
        match._seed = seed
        match._hand_number = 1
        match._scores = (0,) * engine.team_count
        match._results = ()
        match._winner = None
        match._seating = seating
        match._draw = draw
        match._decks = () if deck is None else (tuple(deck),)
        match._first_seat = Seat(first_seat)
        match._last_hand = None
        match._drawn = False
        match._finished = ()
        match._hand = deal_hand(rules, match._deal_source(1), hakem)
        return match

    def _deal_source(self, hand_number: int) -> list[Card] | random.Random:
        """What hand ``hand_number`` is dealt from: an explicit deck (the first deck, or a
        recorded one), or its seed stream.

        Dealing from the stream gives the order ``_deck_for`` lists, without making Cards.
        """
        if hand_number <= len(self._decks):
            return list(self._decks[hand_number - 1])
        return rng_for(self._seed, "deck", hand_number)

    def _deck_for(self, hand_number: int) -> list[Card]:
        if hand_number <= len(self._decks):
            return list(self._decks[hand_number - 1])
        return shuffled(self._rules._engine.table.deck, rng_for(self._seed, "deck", hand_number))

    def deck_for(self, hand_number: int) -> tuple[Card, ...]:
        """The deck order hand ``hand_number`` of this match is (or will be) dealt from.

        Omniscient, like ``HandState.hands``: for replays, tests and analysis, never
        for a player. Hand 1 uses the ``deck=`` given to ``new_match``, if any.

        Raises:
            InvalidArgumentError: ``hand_number`` is less than 1 (hand numbers start at 1);
                ``ArgumentTypeError`` if it is not an int.
        """
        if hand_number.__class__ is not int or hand_number < 1:
            error = ArgumentTypeError if isinstance(hand_number, bool) or not isinstance(
                hand_number, int) else InvalidArgumentError
            raise error(f"hand_number must be an int of at least 1 (hand numbers start at 1), "
                        f"got {_got(hand_number)}")
        return tuple(self._deck_for(hand_number))

    @property
    def last_hand(self) -> HandState | None:
        """The most recently finished hand, as it ended (``None`` before the first ends)."""
        return self._last_hand

    @property
    def finished_hands(self) -> tuple[HandState, ...]:
        """The hands finished so far, in order, each as it ended: annulled hands included (they
        have no ``results`` entry), the hand in progress not (``hand``)."""
        return self._finished

    def _with(self, **changes: object) -> MatchState:
        new: MatchState = _NEW(MatchState)
        for name in MatchState.__slots__:
            setattr(new, name, changes.get(name, getattr(self, name)))
        return new

    # Queries ------------------------------------------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        """The rules of this match."""
        return self._rules

    @property
    def layout(self) -> TableLayout:
        """Seats and teams."""
        return self._rules.layout

    @property
    def seed(self) -> int | str:
        """The seed; the same seed replays the same match.

        Drawn from the OS's randomness when ``new_match`` got none. It tells every card of
        the match: keep it from the players until the match is over (observations and
        ``repr`` never show it).
        """
        return self._seed

    @property
    def hand(self) -> HandState:
        """The current hand (the last, finished hand once the match is over)."""
        return self._hand

    @property
    def hand_number(self) -> int:
        """1-based number of the current hand."""
        return self._hand_number

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per team."""
        return self._scores

    @property
    def results(self) -> tuple[HandResult, ...]:
        """Results of the finished hands, in order."""
        return self._results

    @property
    def seating(self) -> tuple[int, ...]:
        """``seating[seat]`` is the player in that seat, by original seat (``partners`` option)."""
        return self._seating

    @property
    def first_hakem_draw(self) -> tuple[Card, ...]:
        """The face-up cards the first roles came from, one a seat from ``first_seat``.

        The ``deck=`` given to ``new_match`` (top first), else a shuffle from the seed.
        Not every card is turned up: only as many as the rule needs (to the first Ace,
        say); the rest of the sequence is where the rule would have gone on.
        """
        return self._draw

    @property
    def first_seat(self) -> Seat:
        """The seat the face-up deal for the first roles started with (``new_match``)."""
        return self._first_seat

    @property
    def winner(self) -> Team | None:
        """The winning team, or ``None`` while the match goes on."""
        return self._winner

    @property
    def is_over(self) -> bool:
        """Whether a team has won, or the match ended drawn."""
        return self._winner is not None or self._drawn

    @property
    def is_drawn(self) -> bool:
        """Whether the match ended with no winner (a variant's format allows it: troefcall's sets)."""
        return self._drawn

    @property
    def to_act(self) -> Seat | None:
        """The seat whose action is awaited, or ``None`` once the match is over."""
        return None if self.is_over else self._hand.to_act

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of ``to_act`` (empty once the match is over)."""
        return () if self.is_over else self._hand.legal_actions()

    # Transition --------------------------------------------------------------------

    def apply(self, action: Action) -> MatchState:
        """Apply ``action`` to the current hand; finishing a hand scores it and deals the next.

        Raises:
            IllegalActionError: the action is not legal now (``IllegalPlayError`` for cards),
                or the match is over.
            ActionTypeError: ``action`` is not an ``hokm.Action``.
        """
        if not isinstance(action, Action):
            raise ActionTypeError(f"action must be an Action such as PlayCard(card) or "
                                  f"CallTrump(suit), got {_got(action)}", action=action,
                                  seat=self.to_act, legal=self.legal_actions())
        if self.is_over:
            raise IllegalActionError(f"illegal action {action}: the match is over "
                                     f"({self._ending()})", action=action)
        hand = self._hand.apply(action)
        if not hand.is_over:
            return self._with(_hand=hand)
        return self._finish_hand(hand)

    def apply_with_events(self, action: Action) -> tuple[MatchState, tuple[Event, ...]]:
        """``apply``, and what happened: the events of this step, omniscient, in order.

        Those of the hand (``HandState.apply_with_events``) and, when the action ends it,
        the scores, the match over or the Hakem changed and the next hand's deal.
        ``hokm.events.for_seat(events, seat)`` keeps what a seat may know.
        See [Events](../reference/events.md).

        >>> import hokm
        >>> match = hokm.Ruleset.compose().new_match(seed=3)
        >>> while match.hand_number == 1:
        ...     match, happened = match.apply_with_events(match.legal_actions()[0])
        >>> [event.tag for event in happened][-6:]
        ['trick-won', 'hand-over', 'scores-changed', 'hakem-changed', 'hand-started', 'cards-dealt']

        Raises:
            IllegalActionError: as ``apply``.
        """
        return match_step(self, action)

    def playout_hand(self, rng: random.Random | None = None) -> MatchState:
        """Play the current hand to its end at random (``HandState.playout``), then score it.

        Returns the match as ``apply`` would after the hand's last action: scored,
        with the next hand dealt (or the match over). For simulations and rollouts.

        >>> import random, hokm
        >>> match = hokm.Ruleset.compose().new_match(seed=1)
        >>> after = match.playout_hand(random.Random(2))
        >>> after.hand_number, len(after.results), match.hand_number
        (2, 1, 1)

        Raises:
            IllegalActionError: the match is over.
            ArgumentTypeError: ``rng`` is not a ``random.Random``.
        """
        check_rng(rng)
        if self.is_over:
            raise IllegalActionError(f"the match is over ({self._ending()}): no hand to play out")
        return self._finish_hand(self._hand.playout(rng))

    def _ending(self) -> str:
        return "drawn" if self._drawn else f"team {self._winner} won"

    def _finish_hand(self, hand: HandState) -> MatchState:
        if hand.is_annulled:  # no result, scores untouched; the same dealer deals again
            number = self._hand_number + 1
            redealt = self._with(_hand=hand, _last_hand=hand, _hand_number=number,
                                 _finished=(*self._finished, hand))
            redealt._hand = deal_hand(self._rules, redealt._deal_source(number), hand.hakem,
                                      hand.redeals + 1)
            return redealt
        result = hand.result(self)
        scores = list(self._scores)
        scores[result.winner] += result.points
        finished = self._with(_hand=hand, _scores=tuple(scores), _results=(*self._results, result),
                              _last_hand=hand, _finished=(*self._finished, hand))
        winner = self._rules._engine.scoring.match_winner(finished)
        if winner is MatchStatus.DRAWN:
            finished._drawn = True
            return finished
        if winner is not None:
            finished._winner = winner
            return finished
        number = self._hand_number + 1
        finished._hand_number = number
        finished._hand = deal_hand(self._rules, finished._deal_source(number), result.next_hakem)
        return finished

    def observation(self, seat: int) -> MatchObservation:
        """What ``seat`` may know of the match now."""
        return MatchObservation(
            seat=self.layout.check_seat(seat),
            hand_number=self._hand_number,
            scores=self._scores,
            results=self._results,
            seating=self._seating,
            first_hakem_draw=self._draw,
            winner=self._winner,
            hand=self._hand.observation(seat),
            drawn=self._drawn,
        )

    def last_result(self) -> HandResult:
        """The result of the most recent finished hand.

        Raises:
            GameStateError: no hand has finished yet.
        """
        if not self._results:
            raise GameStateError("no hand of this match has finished yet")
        return self._results[-1]

    # Records and values ------------------------------------------------------------------

    def to_record(self, metadata: Mapping[str, Any] | None = None, *, seed: bool = True) -> dict[str, Any]:
        """The match so far as a game record: plain, JSON-ready data (``"hokm-record/1"``).

        It holds the ruleset's spec, the seed, the first-Hakem draw and, for every hand,
        the Hakem, the deck order, every action with its seat, and the result and scores
        of the hands that are over. ``hokm.load_record`` replays it into an equal match,
        which plays on identically. See [the record format](../reference/records.md).

        Args:
            metadata: free JSON-ready data stored with the record: players' names, event,
                date, clock times (see the format page for the keys hokm knows).
            seed: also store the seed. Without it the record still replays the hands it
                holds, but a reloaded match deals the hands after them from a fresh seed.

        Raises:
            RecordError: ``metadata`` is not JSON-ready data within the record limits, or the
                record would hold more hands or actions than ``load_record`` reads
                (``hokm.records.MAX_HANDS``, ``MAX_ACTIONS``, ``MAX_HAND_ACTIONS``).
            RulesetError: the ruleset holds a variant passed as an object, not installed.

        >>> import hokm, json
        >>> match = hokm.Ruleset.compose().new_match(seed=7)
        >>> match = match.apply(match.legal_actions()[0])
        >>> record = match.to_record({"players": ["Ana", "Bo", "Cy", "Di"]})
        >>> record["format"], record["hands"][0]["actions"][0]["act"]
        ('hokm-record/1', 'call')
        >>> hokm.load_record(json.dumps(record)) == match
        True
        """
        from hokm._io.writing import match_record

        return match_record(self, metadata, seed=seed)

    def _position(self) -> tuple[Any, ...]:
        return match_key(self)

    def __eq__(self, other: object) -> bool:
        """Equal when the position is: rules, seed, hand number, scores, results, current hand."""
        if not isinstance(other, MatchState):
            return NotImplemented
        return self is other or self._position() == other._position()

    def __hash__(self) -> int:
        return hash(self._position())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled field by field (its ruleset as its spec, each hand as its deal and actions), so
        it unpickles wherever hokm and its variants are."""
        return (_unpickled, (tuple(getattr(self, name) for name in MatchState.__slots__),))

    def __copy__(self) -> MatchState:
        return self  # immutable: a copy would be equal in every way

    def __deepcopy__(self, memo: dict[int, Any]) -> MatchState:
        return self

    def __repr__(self) -> str:
        return (f"<MatchState hand={self._hand_number} scores={self._scores} "
                f"winner={self._winner} to_act={self.to_act}>")


@acting_at.register(MatchState)
def _acting(state: MatchState) -> tuple[tuple[Action, ...], Seat | None, HandState]:
    return tuple(state.legal_actions()), state.to_act, state.hand


replayed.register(MatchState, match_replayed)


def _unpickled(values: tuple[Any, ...]) -> MatchState:
    """The match ``MatchState.__reduce__`` wrote: its fields, in slot order."""
    match: MatchState = _NEW(MatchState)
    for name, value in zip(MatchState.__slots__, values, strict=True):
        setattr(match, name, value)
    return match


register_class(MatchState)
