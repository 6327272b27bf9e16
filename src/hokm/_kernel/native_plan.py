"""What the C kernel reads of a ruleset: its tables as flat bytes, or why it cannot play it.

``native_plan_of(engine)`` derives a ``NativePlan`` from the kernel's plan
(``hokm._kernel.plan``) once per ruleset. The C kernel plays a ruleset whose hands
run on lookups alone from the deal to the score: packets dealt by a table, the classic
trump call, every card picked by the tables (no hook asked during play), trick ends by
the tables (the winner by power, who collects by the capture table, the stop by a tally),
and the rules that end a hand, play on and score asked once per distinct tally
(``HandTally``). Anything else is a reason in ``NativePlan.story``, and the ruleset's
batches use the pure twin. Nothing here names a variant.

>>> import hokm
>>> from hokm._kernel.native_plan import native_plan_of
>>> class ByTally:  # plays on while one team has won every trick: from the tally, a table
...     @hokm.hookimpl
...     def hokm_play_on(self, tally):
...         return tally.first_tricks_by(tally.tricks_played) is not None
>>> class ByHand:  # the same rule read from the hand: asked per event
...     @hokm.hookimpl
...     def hokm_play_on(self, hand):
...         return hand.first_tricks_by(hand.tricks_played) is not None
>>> native_plan_of(hokm.Ruleset.compose(ByTally())._engine).story
()
>>> native_plan_of(hokm.Ruleset.compose(ByHand())._engine).story
('hokm_play_on: asked when a team reaches 7 tricks',)
"""

from __future__ import annotations

from array import array
from types import ModuleType
from typing import TYPE_CHECKING

from hokm._compose.cards import NO_TRUMP
from hokm._compose.trick_end import UNANSWERED
from hokm._hand import kernel_io
from hokm._kernel.plan import plan_of
from hokm.context import Packets

if TYPE_CHECKING:
    from hokm._compose.engine import Engine
    from hokm._compose.tally import TallyKey
    from hokm._hand.state import HandState
    from hokm.outcomes import HandScore

__all__ = ["MAX_SEATS", "NativePlan", "Position", "native_plan_of", "position_of", "tally_key"]

MAX_SEATS = 4
"""The most seats the C kernel plays (a play is a byte: seat << 6 | card)."""
_MAX_TEAMS = 3
_MAX_TRICKS = 26  # a tally's counts are 5 bits each in the C kernel's score key
_NO_SEAT = 0xFF  # a deck position dealt to nobody


def tally_key(packed: int, teams: int) -> TallyKey:
    """The tally key the C kernel packs in an int (the Hakem in 2 bits, then 5 bits each: tricks
    played, opening team, opening run and each team's tricks); a run of 0 means no opening team."""
    run = packed >> 12 & 31
    return (packed & 3, tuple(packed >> 17 + 5 * team & 31 for team in range(teams)), packed >> 2 & 31,
            packed >> 7 & 31 if run else -1, run)


class NativePlan:
    """A ruleset's tables as the C kernel takes them (``arguments``), or the reasons it cannot
    (``story``; empty when it can)."""

    __slots__ = ("_kernel_rules", "_label_of", "arguments", "asks", "capture", "engine", "labels", "story",
                 "teams")

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.story = _reasons(engine)
        self.arguments: tuple[object, ...] = ()
        self.capture = b""
        self.teams = engine.team_count
        self.labels: list[str] = []
        """The outcome labels the C kernel met under these rules (its scores name them by index)."""
        self._label_of: dict[str, int] = {}
        self.asks = (self._score_of, self._complete_of, self._play_on_of)
        """What the C kernel asks of the rules by tally (``_native.c``'s ``play``)."""
        self._kernel_rules: object = None
        if not self.story:
            self._tables(engine)

    def kernel_rules(self, native: ModuleType) -> object:
        """The tables as the C kernel holds them, checked once (``make_rules``)."""
        if self._kernel_rules is None:
            self._kernel_rules = native.make_rules(self.arguments, self.capture)
        return self._kernel_rules

    def _tables(self, engine: Engine) -> None:
        plan, table = plan_of(engine), engine.table
        n, deck = engine.players, table.deck_indices
        seat_of = bytearray([_NO_SEAT]) * (n * len(deck))
        for hakem, deal in enumerate(table.plans):
            for seat, take in enumerate(deal.seats):
                for position in take(range(len(deck))):
                    seat_of[hakem * len(deck) + position] = seat
        followers = bytes(seat for leader in range(n) for seat, _ in plan.followers[leader])
        suits = bytes(suit for trump in range(4) for suit in plan.suit_of[trump])
        trick_suits = bytes(suit for trump in range(4) for suit in plan.trick_suit_of[trump])
        powers = array("i", (power for trump in range(4) for row in plan.powers[trump] for power in row))
        stop_at = min(plan.stop_at, engine.hand_size + 1)
        duty = 2 if plan.overtrump else int(plan.duty)
        self.capture = b"" if plan.capture_identity else bytes(
            collector & 0xFF for collector in plan.capture_table)  # (NOBODY, -1, as a signed byte)
        self.arguments = (n, engine.team_count, engine.hand_size, len(deck), stop_at, duty,
                          int(not plan.capture_identity), int(plan.complete_hooks), int(plan.play_on),
                          bytes(engine.teams), followers, bytes(deck),
                          bytes(seat_of), suits, trick_suits, powers.tobytes(), int(plan.beats))

    def score(self, key: TallyKey) -> HandScore:
        """The score of a hand with this tally (the tabulated scoring chains, asked once per tally)."""
        return self.engine.scoring.hand_score(None, None, key)

    def _score_of(self, packed: int) -> tuple[int, int, int, int]:
        score = self.score(tally_key(packed, self.teams))
        label = self._label_of.get(score.label)
        if label is None:
            label = self._label_of[score.label] = len(self.labels)
            self.labels.append(score.label)
        return score.winner, score.points, score.kot, label

    def _complete_of(self, packed: int) -> tuple[int]:
        answers = self.engine.ends.complete_answers
        assert answers is not None  # (a ruleset whose completion rule reads the hand is not native)
        over = answers(tally_key(packed, self.teams))
        return (-1 if over is None else int(over),)

    def _play_on_of(self, packed: int) -> tuple[int]:
        answers = self.engine.ends.play_on_answers
        assert answers is not None  # (a ruleset whose play-on rule reads the hand is not native)
        return (int(answers(tally_key(packed, self.teams))),)

    def __repr__(self) -> str:
        return f"NativePlan(story={self.story!r})"


def _reasons(engine: Engine) -> tuple[str, ...]:
    """Why the C kernel cannot play the engine's hands (empty: it can)."""
    plan, table = plan_of(engine), engine.table
    ends = engine.ends
    tabulated = ("cards of another suit",  # (the kernel reads the effective suits)
                 *(("hokm_hand_complete",) if ends.complete_answers is not None else ()),
                 *(("hokm_play_on",) if ends.play_on_answers is not None else ()))
    reasons = [event for event in plan.story if not event.startswith(tabulated)]
    if engine.players > MAX_SEATS or engine.team_count > _MAX_TEAMS or engine.hand_size > _MAX_TRICKS:
        reasons.append(f"a table of {engine.players} seats, {engine.team_count} teams and "
                       f"{engine.hand_size} tricks (the C kernel plays at most {MAX_SEATS}, "
                       f"{_MAX_TEAMS} and {_MAX_TRICKS})")
    if not isinstance(table.pattern, Packets):
        reasons.append("a deal with a stock to draw from")
    if not engine.classic_call:
        reasons.append("a trump call beyond the classic one")
    if plan.restricts or plan.dynamic or plan.fixes_trump:
        reasons.append("turns beyond the tables' picks")
    if UNANSWERED in plan.capture_table and not plan.capture_identity:
        reasons.append("a capture rule that reads the hand")
    if not engine.scoring.tabulated:
        reasons.append("a scoring hook that reads the hand or the match")
    return tuple(dict.fromkeys(reasons))


def native_plan_of(engine: Engine) -> NativePlan:
    """The engine's native plan, built on first use and kept on its kernel plan."""
    plan = plan_of(engine)
    native = plan.native
    if native is None:
        native = plan.native = NativePlan(engine)
    assert isinstance(native, NativePlan)
    return native


Position = tuple[int, int, int, int, int, int, int, tuple[int, ...], int, int, bytes, bytes]
"""A hand as the C kernel takes it over (``_native.c``'s ``load_position``): Hakem, trump (-1: the
call comes first), the trick's leader, tricks done, pile, previous winner (-1: none), whether it
collected, tricks per team, opening team and run, each seat's cards (8 bytes each) and the plays."""


def position_of(state: HandState) -> Position | None:
    """The state as the C kernel takes it over, or ``None`` where it cannot: a moment other than
    the classic call or a turn of trick play, an announcement on the turn, a trump not in force
    from the first card (its ruleset must be native: ``NativePlan.story`` empty)."""
    moment = kernel_io.moment(state)
    if moment == kernel_io.CALL and kernel_io.engine_of(state).classic_call:
        plays, hakem, done, seat, held, _, tally, pile, start, trump, since, note = kernel_io.enter(state)
        trump = -1
    elif moment == kernel_io.CARDS:
        plays, hakem, done, seat, held, _, tally, pile, start, trump, since, note = kernel_io.enter(state)
        if note or not 0 <= trump < NO_TRUMP or since != 0:
            return None
    else:
        return None
    winners, collectors = kernel_io.tricks_of(state)
    *_, opening, run = kernel_io.engine_of(state).ends.tallies.key_of(state)  # (opening -1: no trick yet)
    masks = b"".join((suits[0] | suits[1] << 13 | suits[2] << 26 | suits[3] << 39).to_bytes(8, "little")
                     for suits in held)
    leader = plays[start] >> 6 if len(plays) > start else seat
    collected = int(bool(collectors) and collectors[-1] is not None)
    return (hakem, trump, leader, done, pile, winners[-1] if winners else -1, collected, tuple(tally),
            max(opening, 0), run, masks, bytes(plays))
