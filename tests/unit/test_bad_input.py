"""The bad-input catalogue: every public entry point, fed what it must refuse (#9).

One table, one row per bad input: the call, the exact exception class (a HokmError subclass),
the built-in it must also be (ValueError, TypeError, LookupError; ``None`` for the few
RulesetError / GameStateError rows that have no built-in counterpart) and a fragment of the
message. Every row also checks that the message is short (huge inputs included), that the call
finished within its time budget under a hang guard, and that nothing changed: the shared
states, rulesets and argument lists are snapshotted before and after.

Rows that pass a wrongly typed argument straight to a ``HandState`` method are ``pure_only``:
the mypyc-compiled build refuses (or, for a bool, converts) such an argument itself before
hokm's check runs; see docs/how-to/install-compiled.md.
"""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import hokm
from hokm import (
    ActionTypeError,
    ArgumentTypeError,
    CallTrump,
    Card,
    DealTypeError,
    DrawCard,
    GameStateError,
    HandState,
    HokmError,
    IllegalActionError,
    IllegalPlayError,
    InvalidArgumentError,
    InvalidDealError,
    InvalidNotationError,
    InvalidOptionError,
    InvalidSeatError,
    MatchState,
    NotationTypeError,
    OptionTypeError,
    Packets,
    PlayCard,
    PlayOn,
    Rank,
    Rotation,
    Ruleset,
    RulesetError,
    StockDraw,
    Suit,
    TableLayout,
    UnknownVariantError,
    VariantConflictError,
    VariantInfo,
    cards,
)
from hokm.records import RecordLog
from hokm.simulate import MAX_HANDS
from hokm_variants.satat import Satat

# Shared subjects: built once, snapshotted around every row --------------------------------

RULES = Ruleset.compose()
THREE = Ruleset.compose("three-player")
LAYOUT = RULES.layout
DECK = hokm.full_deck()
DECK_LIST = list(DECK)
HANDS = [list(DECK[0:13]), list(DECK[13:26]), list(DECK[26:39]), list(DECK[39:52])]
AT_CALL = RULES.new_hand(HANDS, hakem=0)
PLAYING = AT_CALL.apply(CallTrump(Suit.HEARTS))
OVER = PLAYING.playout(random.Random(1))
MATCH = RULES.new_match(seed=1)


def _finished_match() -> MatchState:
    match = RULES.new_match(seed=2)
    rng = random.Random(2)
    while not match.is_over:
        match = match.playout_hand(rng)
    return match


MATCH_OVER = _finished_match()
A_S, K_S, TWO_H, TWO_C = cards("A♠ K♠ 2♥ 2♣")
TRICK = [(0, Card.parse("Q♠")), (1, Card.parse("2♥")), (2, A_S), (3, Card.parse("3♥"))]
HAND = cards("7♠ K♥ 3♣")
MB = 1_000_000


def snapshot_hand(hand: HandState) -> tuple[Any, ...]:
    return (hand.phase, hand.hands, hand.plays, hand.to_act, hand.legal_actions(), hand.trump,
            hand.decisions, hand.team_tricks, hand.winners)


def snapshot_match(match: MatchState) -> tuple[Any, ...]:
    return (snapshot_hand(match.hand), match.scores, match.hand_number, match.results, match.winner)


def snapshot_rules(rules: Ruleset) -> tuple[Any, ...]:
    return (rules.variants, rules.describe(), hash(rules),
            tuple((name, tuple(values.items())) for name, values in rules.option_values.items()))


def snapshot() -> tuple[Any, ...]:
    """Everything a refused call could have changed by mistake."""
    return (
        tuple(snapshot_hand(hand) for hand in (AT_CALL, PLAYING, OVER)),
        tuple(snapshot_match(match) for match in (MATCH, MATCH_OVER)),
        snapshot_rules(RULES), snapshot_rules(THREE),
        tuple(DECK_LIST), tuple(map(tuple, HANDS)), tuple(TRICK), LAYOUT,
        hokm.full_deck(), Card.from_index(0), Suit.parse("h"),
    )


# The table ----------------------------------------------------------------------------------


@attrs.frozen
class Bad:
    """One bad input and what refusing it must look like."""

    id: str
    call: Callable[[], object] = attrs.field(repr=False)
    error: type[HokmError]
    builtin: type[Exception] | None
    fragment: str
    pure_only: bool = False
    budget: float = 2.0
    """Seconds the refusal may take (generous: CI machines are slow and shared)."""
    needs: str | None = None
    """A module the row needs (an extra's framework): skipped where it is not installed."""


ROWS: list[Bad] = []


def bad(id: str, call: Callable[[], object], error: type[HokmError], builtin: type[Exception] | None,
        fragment: str, *, pure_only: bool = False, budget: float = 2.0, needs: str | None = None) -> None:
    ROWS.append(Bad(id, call, error, builtin, fragment, pure_only, budget, needs))


T, V, L = TypeError, ValueError, LookupError
AnyCall = Any  # the catalogue passes wrong types on purpose


def huge_text() -> str:
    return "x" * (10 * MB)


def generator_of(items: Any) -> Iterator[Any]:
    return (item for item in items)


# cards: Suit, Rank, Card, cards() ------------------------------------------------------------

S: AnyCall = Suit
R: AnyCall = Rank
C: AnyCall = Card
cards_: AnyCall = cards
bad("suit-parse/int", lambda: S.parse(5), NotationTypeError, T, "Suit.parse() takes a string")
bad("suit-parse/none", lambda: S.parse(None), NotationTypeError, T, "got None")
bad("suit-parse/bytes", lambda: S.parse(b"h"), NotationTypeError, T, "(a bytes)")
bad("suit-parse/suit", lambda: S.parse(Suit.HEARTS), NotationTypeError, T, "(a Suit)")
bad("suit-parse/unknown", lambda: S.parse("x"), InvalidNotationError, V, "'x' is not a suit")
bad("suit-parse/empty", lambda: S.parse(""), InvalidNotationError, V, "'' is not a suit")
bad("suit-parse/inner-space", lambda: S.parse("hea rts"), InvalidNotationError, V, "whitespace inside")
bad("suit-parse/two-symbols", lambda: S.parse("♥♥"), InvalidNotationError, V, "is not a suit")
bad("suit-parse/10MB", lambda: S.parse(huge_text()), InvalidNotationError, V, "(10,000,000 characters)")
bad("rank-parse/int", lambda: R.parse(10), NotationTypeError, T, "Rank(10) makes a rank")
bad("rank-parse/none", lambda: R.parse(None), NotationTypeError, T, "Rank.parse() takes a string")
bad("rank-parse/float", lambda: R.parse(1.5), NotationTypeError, T, "got 1.5 (a float)")
bad("rank-parse/one", lambda: R.parse("1"), InvalidNotationError, V, "'1' is not a rank")
bad("rank-parse/eleven", lambda: R.parse("11"), InvalidNotationError, V, "'11' is not a rank")
bad("rank-parse/empty", lambda: R.parse(""), InvalidNotationError, V, "is not a rank")
bad("rank-parse/inner-space", lambda: R.parse("1 0"), InvalidNotationError, V, "whitespace inside")
bad("rank-parse/10MB", lambda: R.parse(huge_text()), InvalidNotationError, V, "far too long")
bad("card-parse/int", lambda: C.parse(14), NotationTypeError, T, "expected a string")
bad("card-parse/none", lambda: C.parse(None), NotationTypeError, T, "cannot parse None as a card")
bad("card-parse/bytes", lambda: C.parse(b"AS"), NotationTypeError, T, "expected a string")
bad("card-parse/card", lambda: C.parse(A_S), NotationTypeError, T, "(a Card)")
bad("card-parse/empty", lambda: C.parse(""), InvalidNotationError, V, "it is empty")
bad("card-parse/blank", lambda: C.parse("   "), InvalidNotationError, V, "it is empty")
bad("card-parse/ten-no-suit", lambda: C.parse("10"), InvalidNotationError, V, "'10' is not a card: no suit")
bad("card-parse/ace-no-suit", lambda: C.parse("A"), InvalidNotationError, V, "no suit")
bad("card-parse/suit-no-rank", lambda: C.parse("♥"), InvalidNotationError, V, "no rank")
bad("card-parse/bad-rank", lambda: C.parse("1x"), InvalidNotationError, V, "'1' is not a rank")
bad("card-parse/bad-suit", lambda: C.parse("Ax"), InvalidNotationError, V, "'x' is not a suit")
bad("card-parse/newline-inside", lambda: C.parse("A \n♠"), InvalidNotationError, V, "whitespace inside")
bad("card-parse/space-in-ten", lambda: C.parse("1 0h"), InvalidNotationError, V, "whitespace inside")
bad("card-parse/tab-inside", lambda: C.parse("A\t♠"), InvalidNotationError, V, "whitespace inside")
bad("card-parse/two-suits", lambda: C.parse("A♠♠"), InvalidNotationError, V, "is not a rank")
bad("card-parse/eleven", lambda: C.parse("11h"), InvalidNotationError, V, "'11' is not a rank")
bad("card-parse/one", lambda: C.parse("1h"), InvalidNotationError, V, "'1' is not a rank")
bad("card-parse/10MB", lambda: C.parse(huge_text()), InvalidNotationError, V, "far too long")
bad("card-parse/long", lambda: C.parse("A♠" * 100), InvalidNotationError, V, "far too long")
bad("from-index/str", lambda: C.from_index("3"), NotationTypeError, T, "takes an int index 0-51")
bad("from-index/float", lambda: C.from_index(3.0), NotationTypeError, T, "got 3.0 (a float)")
bad("from-index/bool", lambda: C.from_index(True), NotationTypeError, T, "got True (a bool)")
bad("from-index/none", lambda: C.from_index(None), NotationTypeError, T, "got None")
bad("from-index/negative", lambda: C.from_index(-1), InvalidNotationError, V, "-1 is outside 0-51")
bad("from-index/52", lambda: C.from_index(52), InvalidNotationError, V, "52 is outside 0-51")
bad("from-index/huge", lambda: C.from_index(2**100), InvalidNotationError, V, "outside 0-51")
bad("cards/int", lambda: cards_(5), NotationTypeError, T, "cards() takes a string")
bad("cards/none", lambda: cards_(None), NotationTypeError, T, "got None")
bad("cards/bytes", lambda: cards_(b"AS KS"), NotationTypeError, T, "(a bytes)")
bad("cards/mapping", lambda: cards_({"A♠": 1}), NotationTypeError, T, "(a dict)")
bad("cards/ints", lambda: cards_([1, 2]), NotationTypeError, T, "item 0 is 1 (an int)")
bad("cards/none-item", lambda: cards_(["A♠", None]), NotationTypeError, T, "item 1 is None")
bad("cards/card-items", lambda: cards_(iter([A_S])), NotationTypeError, T, "item 0 is Card.parse('A♠')")
bad("cards/bad-item", lambda: cards_(["A♠", "zz"]), InvalidNotationError, V, "item 1: 'zz' is not a card")
bad("cards/bad-text", lambda: cards_("A♠ zz"), InvalidNotationError, V, "'zz' is not a card")
bad("cards/million-items", lambda: cards_(["A♠"] * (MB - 1) + [5]), NotationTypeError, T,
    "item 999,999 is 5", budget=5.0)
bad("cards/10MB", lambda: cards_(huge_text()), InvalidNotationError, V, "far too long")
bad("card/int-rank", lambda: C(14, Suit.SPADES), NotationTypeError, T, "rank must be a Rank")
bad("card/str-suit", lambda: C(Rank.ACE, "s"), NotationTypeError, T, "suit must be a Suit")
bad("card/str-both", lambda: C("A", "h"), NotationTypeError, T, "Card.parse('A♠') reads text")

# table: TableLayout, seats, teams, Rotation --------------------------------------------------

TL: AnyCall = TableLayout
LY: AnyCall = LAYOUT
CCW: AnyCall = Rotation.COUNTERCLOCKWISE
CW: AnyCall = Rotation.CLOCKWISE
bad("layout/str-players", lambda: TL("4", (0, 1, 0, 1)), ArgumentTypeError, T, "players must be an int")
bad("layout/bool-players", lambda: TL(True, (0, 1)), ArgumentTypeError, T, "got True (a bool)")
bad("layout/one-player", lambda: TL(1, (0,)), InvalidArgumentError, V, "at least 2, got 1")
bad("layout/none-teams", lambda: TL(4, None), ArgumentTypeError, T, "teams must be a tuple")
bad("layout/str-teams", lambda: TL(4, "0101"), ArgumentTypeError, T, "teams must be a tuple")
bad("layout/short-teams", lambda: TL(4, (0, 1)), InvalidArgumentError, V, "2 entries for 4 seats")
bad("layout/gap-teams", lambda: TL(4, (0, 2, 0, 2)), InvalidArgumentError, V, "without gaps")
bad("layout/float-team", lambda: TL(4, (0.5, 1, 0, 1)), ArgumentTypeError, T, "got 0.5 (a float)")
bad("layout/bool-team", lambda: TL(4, (0, 1, 0, True)), ArgumentTypeError, T, "team numbers")
bad("layout/standard-str", lambda: TL.standard("4"), ArgumentTypeError, T, "players must be an int")
bad("layout/standard-one", lambda: TL.standard(1), InvalidArgumentError, V, "at least 2")
bad("layout/standard-none", lambda: TL.standard(None), ArgumentTypeError, T, "got None")
bad("seat/negative", lambda: LY.check_seat(-1), InvalidSeatError, V, "seat=-1 is not a seat")
bad("seat/too-high", lambda: LY.check_seat(4), InvalidSeatError, V, "seats are 0..3")
bad("seat/str", lambda: LY.check_seat("0"), NotationTypeError, T, "got a str")
bad("seat/bool", lambda: LY.check_seat(True), NotationTypeError, T, "got a bool")
bad("seat/float", lambda: LY.check_seat(1.0), NotationTypeError, T, "got a float")
bad("seat/none", lambda: LY.check_seat(None), NotationTypeError, T, "seat=None is not a seat")
bad("seat/named", lambda: LY.check_seat(9, "hakem"), InvalidSeatError, V, "hakem=9 is not a seat")
bad("seat/1MB", lambda: LY.check_seat("x" * MB), NotationTypeError, T, "(1,000,000 characters)")
bad("layout/team-of-negative", lambda: LY.team_of(-1), InvalidSeatError, V, "seat=-1")
bad("layout/seats-of-2", lambda: LY.seats_of(2), InvalidSeatError, V, "team=2 is not a team")
bad("layout/seats-of-negative", lambda: LY.seats_of(-1), InvalidSeatError, V, "teams are 0..1")
bad("layout/seats-of-str", lambda: LY.seats_of("0"), NotationTypeError, T, "got a str")
bad("layout/next-seat-4", lambda: LY.next_seat(4), InvalidSeatError, V, "seat=4")
bad("layout/previous-seat-negative", lambda: LY.previous_seat(-1), InvalidSeatError, V, "seat=-1")
bad("rotation/right-of-4", lambda: CCW.right_of(4, 4), InvalidSeatError, V, "seat=4")
bad("rotation/left-of-negative", lambda: CW.left_of(-1, 4), InvalidSeatError, V, "seat=-1")
bad("rotation/zero-players", lambda: CCW.right_of(0, 0), InvalidArgumentError, V, "players must be")
bad("rotation/str-players", lambda: CCW.right_of(0, "4"), ArgumentTypeError, T, "players must be an int")
bad("rotation/str-seat", lambda: CW.left_of("0", 4), NotationTypeError, T, "seat='0'")

# compose: variants and options ---------------------------------------------------------------

compose: AnyCall = Ruleset.compose


def std(**options: object) -> Callable[[], object]:
    return lambda: compose(options={"standard": options})


def three(**options: object) -> Callable[[], object]:
    return lambda: compose("three-player", options={"three-player": options})


bad("options/str", lambda: compose(options="target=10"), OptionTypeError, T, "got 'target=10' (a str)")
bad("options/list", lambda: compose(options=["standard"]), OptionTypeError, T, "options must be a mapping")
bad("options/standard-none", lambda: compose(options={"standard": None}), OptionTypeError, T,
    "options['standard'] must be a mapping")
bad("options/standard-str", lambda: compose(options={"standard": "target=10"}), OptionTypeError, T,
    "got 'target=10'")
bad("options/standard-pairs", lambda: compose(options={"standard": [("target", 10)]}), OptionTypeError, T,
    "(a list)")
bad("options/int-name", lambda: compose(options={1: {}}), OptionTypeError, T, "variant name 1 (an int)")
bad("options/none-name", lambda: compose(options={None: {}}), OptionTypeError, T, "variant name None")
bad("options/int-option", lambda: compose(options={"standard": {1: 10}}), OptionTypeError, T,
    "option names are strings")
bad("options/first-hakem-9", std(first_hakem=9), InvalidOptionError, V,
    "variant 'standard', option 'first_hakem': 9 is not a seat")
bad("options/first-hakem-4", std(first_hakem=4), InvalidOptionError, V, "4-player table")
bad("options/first-hakem-2-of-two", lambda: compose("two-player", options={"standard": {"first_hakem": 2}}),
    InvalidOptionError, V, "2-player table (seats 0..1)")
bad("options/first-hakem-negative", std(first_hakem=-1), InvalidOptionError, V, "option 'first_hakem'")
bad("options/first-hakem-text", std(first_hakem="second"), InvalidOptionError, V, "'first-ace', 'random'")
bad("options/first-hakem-bool", std(first_hakem=True), InvalidOptionError, V, "option 'first_hakem'")
bad("options/packets-short", std(packets=(5, 4)), InvalidOptionError, V,
    "option 'packets': 5-4 deals 36 cards to 4 players")
bad("options/packets-first-4", std(packets=(4, 5, 4)), InvalidOptionError, V, "start with a packet of 5")
bad("options/packets-13", std(packets=(13,)), InvalidOptionError, V, "start with a packet of 5")
bad("options/packets-1-12", std(packets=(1, 12)), InvalidOptionError, V, "start with a packet of 5")
bad("options/packets-3-5-5", std(packets=(3, 5, 5)), InvalidOptionError, V, "start with a packet of 5")
bad("options/packets-long", std(packets=(5, 4, 4, 4)), InvalidOptionError, V, "deals 68 cards")
bad("options/packets-letters", std(packets="abc"), InvalidOptionError, V, "got 'abc'")
bad("options/packets-int", std(packets=5), InvalidOptionError, V, "got 5 (an int)")
bad("options/packets-none", std(packets=None), InvalidOptionError, V, "option 'packets'")
bad("options/packets-zero", std(packets=(5, 0)), InvalidOptionError, V, "positive packet sizes")
bad("options/packets-bool", std(packets=(5, True, 4)), InvalidOptionError, V, "positive packet sizes")
bad("options/packets-10MB", lambda: compose(options={"standard": {"packets": "5-4-4" + huge_text()}}),
    InvalidOptionError, V, "(10,000,005 characters)")
bad("options/target-zero", std(target=0), InvalidOptionError, V, "option 'target'")
bad("options/target-str", std(target="7"), InvalidOptionError, V, "target must be a positive integer")
bad("options/kot-negative", std(kot_points=-1), InvalidOptionError, V, "option 'kot_points'")
bad("options/play-all-str", std(play_all="yes"), InvalidOptionError, V, "option 'play_all'")
bad("options/succession", std(succession="left"), InvalidOptionError, V, "option 'succession'")
bad("options/partners", std(partners="random"), InvalidOptionError, V, "option 'partners'")
bad("options/sets-zero", std(sets=0), InvalidOptionError, V, "option 'sets'")
bad("options/unknown", std(colour=1), InvalidOptionError, V, "has no option 'colour'")
bad("options/unknown-1MB", lambda: compose(options={"standard": {"x" * MB: 1}}), InvalidOptionError, V,
    "(1,000,000 characters)")
bad("options/not-selected", lambda: compose(options={"satat": {}}), InvalidOptionError, V,
    "'satat', which is not selected")
bad("options/not-selected-1MB", lambda: compose(options={"x" * MB: {}}), InvalidOptionError, V,
    "which is not selected")
bad("options/satat-value", lambda: compose("satat", options={"satat": {"two_hearts_follows": "x"}}),
    InvalidOptionError, V, "option 'two_hearts_follows'")
bad("options/two-player-int", lambda: compose("two-player", options={"two-player": {"second_card_seen": 1}}),
    InvalidOptionError, V, "option 'second_card_seen'")
bad("options/removed-two-text", three(removed_two="zz"), InvalidOptionError, V, "'zz' is not a card")
bad("options/removed-two-rank", three(removed_two="A"), InvalidOptionError, V, "'A' is not a card: no suit")
bad("options/removed-two-ace", three(removed_two="A♣"), InvalidOptionError, V, "one of the four twos")
bad("options/removed-two-int", three(removed_two=2), InvalidOptionError, V, "must be a Card or a string")
bad("variants/none", lambda: compose(None), RulesetError, None, "None is not a variant")
bad("variants/int", lambda: compose(42), RulesetError, None, "42 is not a variant")
bad("variants/list", lambda: compose(["satat"]), RulesetError, None, "is a list, not a variant")
bad("variants/class", lambda: compose(Satat), RulesetError, None, "Satat is a class")
bad("variants/unknown", lambda: compose("no-such-variant"), UnknownVariantError, L, "no variant named")
bad("variants/empty-name", lambda: compose(""), UnknownVariantError, L, "no variant named ''")
bad("variants/1MB-name", lambda: compose("x" * MB), UnknownVariantError, L, "(1,000,000 characters)")
bad("variants/twice", lambda: compose("satat", "satat"), RulesetError, None, "selected twice")
bad("variants/conflict", lambda: compose("two-player", "three-player"), VariantConflictError, None,
    "cannot be combined")

# Ruleset questions ------------------------------------------------------------------------------

RU: AnyCall = RULES
TH: AnyCall = THREE


def plays(*pairs: tuple[Any, Any]) -> list[tuple[Any, Any]]:
    return list(pairs)


bad("trick-winner/str-trump", lambda: RU.trick_winner(TRICK, "h"), NotationTypeError, T,
    "trump must be a Suit")
bad("trick-winner/none-trump", lambda: RU.trick_winner(TRICK, None), NotationTypeError, T, "got None")
bad("trick-winner/symbol-trump", lambda: RU.trick_winner(TRICK, "♥"), NotationTypeError, T,
    "Suit.parse() reads text")
bad("trick-winner/int-trump", lambda: RU.trick_winner(TRICK, 1), NotationTypeError, T, "got 1 (an int)")
bad("trick-winner/three-plays", lambda: RU.trick_winner(TRICK[:3], Suit.HEARTS), InvalidNotationError, V,
    "a complete trick has 4 plays, got 3")
bad("trick-winner/none", lambda: RU.trick_winner(None, Suit.HEARTS), NotationTypeError, T,
    "(seat, Card) pairs")
bad("trick-winner/text", lambda: RU.trick_winner("A♠ K♠", Suit.HEARTS), NotationTypeError, T, "(a str)")
bad("trick-winner/cards-only", lambda: RU.trick_winner(list(cards("A♠ K♠ Q♠ J♠")), Suit.HEARTS),
    NotationTypeError, T, "must be a (seat, Card) pair")
bad("trick-winner/text-card", lambda: RU.trick_winner(plays((0, "A♠")), Suit.HEARTS), NotationTypeError, T,
    "the card of a play must be a Card")
bad("trick-winner/out-of-order", lambda: RU.trick_winner(plays((0, A_S), (2, K_S)), Suit.HEARTS),
    InvalidNotationError, V, "must follow play order")
bad("trick-winner/five-plays", lambda: RU.trick_winner([*TRICK, (0, TWO_C)], Suit.HEARTS),
    InvalidNotationError, V, "at most 4 plays")
bad("trick-winner/card-twice", lambda: RU.trick_winner(plays((0, A_S), (1, A_S)), Suit.HEARTS),
    InvalidNotationError, V, "the same card twice")
bad("trick-winner/negative-seat", lambda: RU.trick_winner(plays((-1, A_S)), Suit.HEARTS),
    InvalidSeatError, V, "the seat of a play=-1")
bad("trick-winner/seat-4", lambda: RU.trick_winner(plays((4, A_S)), Suit.HEARTS), InvalidSeatError, V,
    "is not a seat")
bad("trick-winner/str-seat", lambda: RU.trick_winner(plays(("0", A_S)), Suit.HEARTS), NotationTypeError, T,
    "got a str")
bad("trick-winner/triple", lambda: RU.trick_winner([(0, A_S, 1)], Suit.HEARTS), NotationTypeError, T,
    "(seat, Card) pair")
bad("trick-winner/million-plays", lambda: RU.trick_winner([(0, A_S)] * MB, Suit.HEARTS),
    InvalidNotationError, V, "seat 0 after seat 0")
bad("trick-winner/removed-two", lambda: TH.trick_winner(plays((0, TWO_C), (1, A_S), (2, K_S)), Suit.HEARTS),
    InvalidNotationError, V, "2♣ is not in this ruleset's deck")
bad("legal-plays/str-trump", lambda: RU.legal_plays(HAND, trump="h"), NotationTypeError, T, "trump")
bad("legal-plays/none-trump", lambda: RU.legal_plays(HAND, trump=None), NotationTypeError, T, "got None")
bad("legal-plays/text-hand", lambda: RU.legal_plays("A♠ K♠", trump=Suit.HEARTS), NotationTypeError, T,
    "hand must be an iterable of Cards")
bad("legal-plays/none-hand", lambda: RU.legal_plays(None, trump=Suit.HEARTS), NotationTypeError, T,
    "got None")
bad("legal-plays/text-cards", lambda: RU.legal_plays(["A♠"], trump=Suit.HEARTS), NotationTypeError, T,
    "every card of hand must be a Card")
bad("legal-plays/seat-4", lambda: RU.legal_plays(HAND, trump=Suit.HEARTS, seat=4), InvalidSeatError, V,
    "seat=4")
bad("legal-plays/seat-negative", lambda: RU.legal_plays(HAND, plays((0, A_S)), trump=Suit.HEARTS, seat=-1),
    InvalidSeatError, V, "seat=-1 is not a seat")
bad("legal-plays/seat-not-next", lambda: RU.legal_plays(HAND, plays((0, A_S)), trump=Suit.HEARTS, seat=2),
    InvalidNotationError, V, "seat=2 is not next to play")
bad("legal-plays/card-in-both", lambda: RU.legal_plays([A_S, K_S], plays((0, A_S)), trump=Suit.HEARTS),
    InvalidNotationError, V, "A♠ is both in hand and already played")
bad("legal-plays/str-seat", lambda: RU.legal_plays(HAND, trump=Suit.HEARTS, seat="1"), NotationTypeError, T,
    "seat='1'")
bad("effective-suit/str-trump", lambda: RU.effective_suit(A_S, "h"), NotationTypeError, T, "trump")
bad("effective-suit/str-card", lambda: RU.effective_suit("A♠", Suit.HEARTS), NotationTypeError, T,
    "card must be a Card")
bad("effective-suit/none-card", lambda: RU.effective_suit(None, Suit.HEARTS), NotationTypeError, T,
    "got None")
bad("trick-suit/none-trump", lambda: RU.trick_suit(A_S, None), NotationTypeError, T, "trump must be a Suit")
bad("trick-suit/int-card", lambda: RU.trick_suit(51, Suit.HEARTS), NotationTypeError, T, "got 51 (an int)")
bad("card-rank/int-trump", lambda: RU.card_rank(A_S, 1), NotationTypeError, T, "trump must be a Suit")
bad("card-rank/str-card", lambda: RU.card_rank("A♠", Suit.HEARTS), NotationTypeError, T,
    "Card.parse() reads text")
bad("trick/str-trump", lambda: RU.trick(TRICK, "h"), NotationTypeError, T, "trump must be a Suit")
bad("trick/text", lambda: RU.trick("A♠", Suit.HEARTS), NotationTypeError, T, "(seat, Card) pairs")
bad("first-hakem/none", lambda: RU.first_hakem(None), DealTypeError, T, "face_up must be a list or tuple")
bad("first-hakem/text", lambda: RU.first_hakem("A♠ K♠"), DealTypeError, T, "hokm.cards(...)")
bad("first-hakem/text-cards", lambda: RU.first_hakem(["A♠"]), DealTypeError, T, "face_up must hold Cards")
bad("first-hakem/no-ace", lambda: RU.first_hakem(cards("2♠ 3♠ 4♠ 5♠")), InvalidDealError, V,
    "face_up holds no Ace")
bad("first-hakem/twice", lambda: RU.first_hakem([A_S, A_S]), InvalidDealError, V, "A♠ twice")
bad("first-hakem/generator", lambda: RU.first_hakem(generator_of([A_S])), DealTypeError, T,
    "pass list(...)")
bad("first-hakem/set", lambda: RU.first_hakem({A_S}), DealTypeError, T, "a set has no order")
bad("first-hakem/seat-4", lambda: RU.first_hakem([A_S], first_seat=4), InvalidSeatError, V,
    "first_seat=4 is not a seat")
bad("first-hakem/seat-negative", lambda: RU.first_hakem([A_S], first_seat=-1), InvalidSeatError, V,
    "first_seat=-1")
bad("first-hakem/str-seat", lambda: RU.first_hakem([A_S], first_seat="0"), NotationTypeError, T,
    "first_seat='0'")
bad("first-hakem/float-seed", lambda: RU.first_hakem([A_S], seed=1.5), DealTypeError, T,
    "a seed must be an int or a str")
bad("first-hakem/none-seed", lambda: RU.first_hakem([A_S], seed=None), DealTypeError, T, "got None")
bad("first-hakem/removed-two", lambda: TH.first_hakem([TWO_C, A_S]), InvalidDealError, V,
    "2♣, which is not in this ruleset's deck")
bad("seating/text", lambda: RU.seating("A♠ K♠"), DealTypeError, T, "hokm.cards(...)")
bad("seating/twice", lambda: RU.seating([A_S, A_S]), InvalidDealError, V, "A♠ twice")
bad("seating/seat-4", lambda: RU.seating([A_S], first_seat=4), InvalidSeatError, V,
    "first_seat=4 is not a seat")
bad("seating/hakem-4", lambda: RU.seating([A_S], hakem=4), InvalidSeatError, V, "hakem=4 is not a seat")
bad("seating/hakem-str", lambda: RU.seating([A_S], hakem="0"), NotationTypeError, T, "hakem='0'")
bad("seating/no-ace", lambda: RU.seating(cards("2♠ 3♠")), InvalidDealError, V, "face_up holds no Ace")
bad("seating/float-seed", lambda: RU.seating([A_S], seed=1.5), DealTypeError, T, "a seed must be")
bad("seating/no-second-ace",
    lambda: compose(options={"standard": {"partners": "second-ace"}}).seating(cards("A♠ 2♠ 3♠")),
    InvalidDealError, V, "face_up holds 1 Ace (3 cards)")
bad("team-of/negative", lambda: RU.team_of(-1), InvalidSeatError, V, "seat=-1")
bad("team-of/4", lambda: RU.team_of(4), InvalidSeatError, V, "seat=4")
bad("team-of/str", lambda: RU.team_of("1"), NotationTypeError, T, "seat='1'")
bad("team-of/none", lambda: RU.team_of(None), NotationTypeError, T, "seat=None")
bad("left-of/4", lambda: RU.left_of(4), InvalidSeatError, V, "seat=4")
bad("left-of/negative", lambda: RU.left_of(-1), InvalidSeatError, V, "seat=-1")
bad("right-of/bool", lambda: RU.right_of(True), NotationTypeError, T, "got a bool")
bad("dealer-for/negative", lambda: RU.dealer_for(-1), InvalidSeatError, V, "hakem=-1 is not a seat")
bad("dealer-for/str", lambda: RU.dealer_for("0"), NotationTypeError, T, "hakem='0'")
bad("hook-order/none", lambda: RU.hook_order(None), ArgumentTypeError, T, "hook must be a hook name")
bad("hook-order/list", lambda: RU.hook_order(["hokm_trick_winner"]), ArgumentTypeError, T, "(a list)")
bad("hook-order/unknown", lambda: RU.hook_order("hokm_nonsense"), RulesetError, None, "is not a hokm hook")
bad("hook-order/1MB", lambda: RU.hook_order("x" * MB), RulesetError, None, "(1,000,000 characters)")

# Dealing: new_hand, deal, new_match ---------------------------------------------------------------


def swap_in(seat: int, position: int, value: object) -> list[list[Any]]:
    """``HANDS`` with one card replaced (a copy: the shared HANDS must not change)."""
    hands: list[list[Any]] = [list(hand) for hand in HANDS]
    hands[seat][position] = value
    return hands


bad("new-hand/none", lambda: RU.new_hand(None), DealTypeError, T, "hands must be a list or tuple")
bad("new-hand/empty-dict", lambda: RU.new_hand({}), DealTypeError, T, "a mapping has no order")
bad("new-hand/dict", lambda: RU.new_hand(dict(enumerate(HANDS))), DealTypeError, T, "(a dict)")
bad("new-hand/generator", lambda: RU.new_hand(generator_of(HANDS)), DealTypeError, T, "pass list(...)")
bad("new-hand/text", lambda: RU.new_hand("A♠ K♠"), DealTypeError, T, "parse text with hokm.cards")
bad("new-hand/set", lambda: RU.new_hand({frozenset(hand) for hand in HANDS}), DealTypeError, T,
    "a set has no order")
bad("new-hand/none-hands", lambda: RU.new_hand([None] * 4), DealTypeError, T,
    "hands[0] must be an iterable of Cards")
bad("new-hand/text-hands", lambda: RU.new_hand(["A♠ K♠"] * 4), DealTypeError, T, "hokm.cards() parses")
bad("new-hand/text-card", lambda: RU.new_hand(swap_in(2, 0, "A♠")), DealTypeError, T,
    "seat 2's hand holds 'A♠' (a str), which is not a Card")
bad("new-hand/three-hands", lambda: RU.new_hand(HANDS[:3]), InvalidDealError, V,
    "expected 4 hands (one per seat), got 3")
bad("new-hand/million-hands", lambda: RU.new_hand(HANDS * 250_000), InvalidDealError, V,
    "got 1,000,000")
bad("new-hand/dealt-twice", lambda: RU.new_hand(swap_in(3, 12, DECK[0])), InvalidDealError, V,
    "A♠ is dealt twice" if DECK[0] == A_S else "dealt twice")
bad("new-hand/short-hand", lambda: RU.new_hand([HANDS[0][:12], *HANDS[1:]]), InvalidDealError, V,
    "seat 0 holds 12 cards")
bad("new-hand/hakem-4", lambda: RU.new_hand(HANDS, hakem=4), InvalidDealError, V, "hakem=4 is not a seat")
bad("new-hand/hakem-negative", lambda: RU.new_hand(HANDS, hakem=-1), InvalidDealError, V, "hakem=-1")
bad("new-hand/hakem-str", lambda: RU.new_hand(HANDS, hakem="0"), DealTypeError, T, "got '0' (a str)")
bad("new-hand/hakem-bool", lambda: RU.new_hand(HANDS, hakem=True), DealTypeError, T, "(a bool)")
bad("new-hand/hakem-none", lambda: RU.new_hand(HANDS, hakem=None), DealTypeError, T, "hakem=None")
bad("new-hand/str-trump", lambda: RU.new_hand(HANDS, trump="h"), DealTypeError, T,
    "trump='h' is not a Suit")
bad("new-hand/int-trump", lambda: RU.new_hand(HANDS, trump=1), DealTypeError, T, "(an int)")
bad("new-hand/removed-two", lambda: TH.new_hand([list(DECK[0:17]), list(DECK[17:34]), list(DECK[34:51])]),
    InvalidDealError, V, "is not in this ruleset's deck")
bad("deal/none", lambda: RU.deal(None), DealTypeError, T, "deck must be a list or tuple of Cards")
bad("deal/dict", lambda: RU.deal({}), DealTypeError, T, "a mapping has no order")
bad("deal/generator", lambda: RU.deal(generator_of(DECK)), DealTypeError, T, "pass list(...)")
bad("deal/text", lambda: RU.deal("A♠ K♠"), DealTypeError, T, "hokm.cards(...)")
bad("deal/int", lambda: RU.deal(5), DealTypeError, T, "got 5 (an int)")
bad("deal/set", lambda: RU.deal(set(DECK)), DealTypeError, T, "a set has no order")
bad("deal/51-cards", lambda: RU.deal(DECK[:51]), InvalidDealError, V, "the deck has 51 cards")
bad("deal/empty", lambda: RU.deal([]), InvalidDealError, V, "and 44 more")
bad("deal/card-twice", lambda: RU.deal([*DECK, DECK[0]]), InvalidDealError, V, "appears twice")
bad("deal/text-card", lambda: RU.deal([*DECK[:51], "A♣"]), DealTypeError, T,
    "'A♣' (a str), which is not a Card")
bad("deal/million-ints", lambda: RU.deal(list(range(MB))), DealTypeError, T, "the deck holds 0 (an int)")
bad("deal/million-cards", lambda: RU.deal([A_S] * MB), InvalidDealError, V, "A♠ appears twice", budget=5.0)
bad("deal/hakem-4", lambda: RU.deal(DECK_LIST, hakem=4), InvalidDealError, V, "hakem=4 is not a seat")
bad("deal/hakem-str", lambda: RU.deal(DECK_LIST, hakem="1"), DealTypeError, T, "hakem='1'")
bad("deal/hakem-float", lambda: RU.deal(DECK_LIST, hakem=1.0), DealTypeError, T, "(a float)")
bad("deal/removed-two", lambda: TH.deal(DECK_LIST), InvalidDealError, V, "2♣ is not in this ruleset's deck")
bad("deal/redeals-negative", lambda: RU.deal(DECK_LIST, redeals=-1), InvalidDealError, V,
    "redeals must be an int of at least 0, got -1")
bad("deal/redeals-bool", lambda: RU.deal(DECK_LIST, redeals=True), DealTypeError, T, "(a bool)")
bad("new-hand/redeals-str", lambda: RU.new_hand(HANDS, redeals="1"), DealTypeError, T, "redeals")
bad("new-match/float-seed", lambda: RU.new_match(seed=1.5), DealTypeError, T,
    "a seed must be an int or a str")
bad("new-match/bytes-seed", lambda: RU.new_match(seed=b"7"), DealTypeError, T, "seed=b'7'")
bad("new-match/bool-seed", lambda: RU.new_match(seed=True), DealTypeError, T, "got a bool")
bad("new-match/list-seed", lambda: RU.new_match(seed=[1]), DealTypeError, T, "got a list")
bad("new-match/huge-seed", lambda: RU.new_match(seed=10**5000), InvalidDealError, V, "at most 8,192 bits")
bad("new-match/text-deck", lambda: RU.new_match(deck="x"), DealTypeError, T, "deck must be a list or tuple")
bad("new-match/int-deck", lambda: RU.new_match(deck=5), DealTypeError, T, "got 5 (an int)")
bad("new-match/short-deck", lambda: RU.new_match(deck=DECK[:51]), InvalidDealError, V, "has 51 cards")
bad("new-match/generator-deck", lambda: RU.new_match(deck=generator_of(DECK)), DealTypeError, T,
    "pass list(...)")
bad("new-match/first-seat-4", lambda: RU.new_match(seed=1, first_seat=4), InvalidDealError, V,
    "first_seat=4 is not a seat")
bad("new-match/first-seat-negative", lambda: RU.new_match(seed=1, first_seat=-1), InvalidDealError, V,
    "first_seat=-1 is not a seat")
bad("new-match/first-seat-str", lambda: RU.new_match(seed=1, first_seat="0"), DealTypeError, T,
    "first_seat='0'")
bad("new-match/first-seat-bool", lambda: RU.new_match(seed=1, first_seat=True), DealTypeError, T, "(a bool)")
bad("new-match/first-seat-none", lambda: RU.new_match(seed=1, first_seat=None), DealTypeError, T,
    "first_seat=None")

# HandState --------------------------------------------------------------------------------------

PL: AnyCall = PLAYING
AC: AnyCall = AT_CALL
OV: AnyCall = OVER
bad("hand-play/text", lambda: PL.play("A♠"), ActionTypeError, T, "card 'A♠' (a str) is not a Card")
bad("hand-play/none", lambda: PL.play(None), ActionTypeError, T, "card None is not a Card")
bad("hand-play/int", lambda: PL.play(51), ActionTypeError, T, "is not a Card")
bad("hand-play/action", lambda: PL.play(PlayCard(A_S)), ActionTypeError, T, "(a PlayCard)")
bad("hand-play/not-held", lambda: PL.play(TWO_H), IllegalPlayError, V, "seat 0 does not hold 2♥")
bad("hand-play/at-call", lambda: AC.play(A_S), IllegalPlayError, V, "during the trump phase")
bad("hand-play/over", lambda: OV.play(A_S), IllegalPlayError, V, "the hand is over")
bad("hand-apply/none", lambda: PL.apply(None), ActionTypeError, T, "action must be an Action")
bad("hand-apply/text", lambda: PL.apply("A♠"), ActionTypeError, T, "got 'A♠' (a str)")
bad("hand-apply/card", lambda: PL.apply(A_S), ActionTypeError, T, "(a Card)")
bad("hand-apply/call-in-play", lambda: PL.apply(CallTrump(Suit.CLUBS)), IllegalActionError, V,
    "illegal action call ♣ by seat 0")
bad("hand-apply/draw-at-call", lambda: AC.apply(DrawCard(True)), IllegalActionError, V, "expected one of")
bad("hand-apply/over", lambda: OV.apply(CallTrump(Suit.CLUBS)), IllegalActionError, V, "the hand is over")
bad("hand-of/4", lambda: PL.hand_of(4), InvalidSeatError, V, "seat=4")
bad("hand-of/negative", lambda: PL.hand_of(-1), InvalidSeatError, V, "seat=-1")
bad("hand-of/str", lambda: PL.hand_of("1"), NotationTypeError, T, "seat='1'", pure_only=True)
bad("hand-of/bool", lambda: PL.hand_of(True), NotationTypeError, T, "got a bool", pure_only=True)
bad("hand-of/none", lambda: PL.hand_of(None), NotationTypeError, T, "seat=None", pure_only=True)
bad("hand-team-of/negative", lambda: PL.team_of(-1), InvalidSeatError, V, "seat=-1 is not a seat")
bad("hand-team-of/4", lambda: PL.team_of(4), InvalidSeatError, V, "seat=4")
bad("hand-team-of/str", lambda: PL.team_of("1"), NotationTypeError, T, "seat='1'", pure_only=True)
bad("first-tricks-by/zero", lambda: OV.first_tricks_by(0), InvalidArgumentError, V,
    "count must be an int from 1 to 13, got 0")
bad("first-tricks-by/negative", lambda: OV.first_tricks_by(-1), InvalidArgumentError, V, "got -1")
bad("first-tricks-by/14", lambda: OV.first_tricks_by(14), InvalidArgumentError, V, "got 14")
bad("first-tricks-by/str", lambda: OV.first_tricks_by("7"), ArgumentTypeError, T, "got '7' (a str)",
    pure_only=True)
bad("first-tricks-by/float", lambda: OV.first_tricks_by(7.0), ArgumentTypeError, T, "(a float)",
    pure_only=True)
bad("hand-observation/4", lambda: PL.observation(4), InvalidSeatError, V, "seat=4")
bad("hand-observation/negative", lambda: PL.observation(-1), InvalidSeatError, V, "seat=-1")
bad("hand-observation/str", lambda: PL.observation("0"), NotationTypeError, T, "seat='0'", pure_only=True)
bad("hand-observation/none", lambda: PL.observation(None), NotationTypeError, T, "seat=None",
    pure_only=True)
bad("hand-result/not-over", PL.result, GameStateError, None, "the hand is not over")
bad("hand-result/int-match", lambda: OV.result(5), ArgumentTypeError, T, "match must be a MatchView")
bad("hand-result/str-match", lambda: OV.result("match"), ArgumentTypeError, T, "(a str)")
bad("hand-playout/int", lambda: PL.playout(5), ArgumentTypeError, T, "rng must be a random.Random")
bad("hand-playout/str", lambda: PL.playout("seed"), ArgumentTypeError, T, "got 'seed' (a str)")
bad("hand-playout/module", lambda: PL.playout(random), ArgumentTypeError, T, "(a module)")

# MatchState -------------------------------------------------------------------------------------

MA: AnyCall = MATCH
MO: AnyCall = MATCH_OVER
bad("match-apply/none", lambda: MA.apply(None), ActionTypeError, T, "action must be an Action")
bad("match-apply/text", lambda: MA.apply("A♠"), ActionTypeError, T, "got 'A♠' (a str)")
bad("match-apply/suit", lambda: MA.apply(Suit.HEARTS), ActionTypeError, T, "got Suit.HEARTS (a Suit)")
bad("match-apply/play-at-call", lambda: MA.apply(PlayCard(A_S)), IllegalPlayError, V,
    "during the trump phase")
bad("match-apply/over", lambda: MO.apply(CallTrump(Suit.CLUBS)), IllegalActionError, V, "the match is over")
bad("match-playout/over", MO.playout_hand, IllegalActionError, V, "no hand to play out")
bad("match-playout/int", lambda: MA.playout_hand(5), ArgumentTypeError, T, "rng must be a random.Random")
bad("match-observation/4", lambda: MA.observation(4), InvalidSeatError, V, "seat=4")
bad("match-observation/negative", lambda: MA.observation(-1), InvalidSeatError, V, "seat=-1")
bad("match-observation/str", lambda: MA.observation("1"), NotationTypeError, T, "seat='1'")
bad("deck-for/zero", lambda: MA.deck_for(0), InvalidArgumentError, V, "hand numbers start at 1")
bad("deck-for/negative", lambda: MA.deck_for(-1), InvalidArgumentError, V, "got -1")
bad("deck-for/str", lambda: MA.deck_for("1"), ArgumentTypeError, T, "got '1' (a str)")
bad("deck-for/bool", lambda: MA.deck_for(True), ArgumentTypeError, T, "(a bool)")
bad("deck-for/float", lambda: MA.deck_for(1.0), ArgumentTypeError, T, "(a float)")
bad("match-last-result/none-yet", MA.last_result, GameStateError, None, "no hand of this match")

# simulate -----------------------------------------------------------------------------------------

simulate: AnyCall = hokm.simulate
bad("simulate/zero-hands", lambda: simulate(hands=0), InvalidArgumentError, V, "hands must be a positive int")
bad("simulate/negative-hands", lambda: simulate(hands=-1), InvalidArgumentError, V, "got -1")
bad("simulate/str-hands", lambda: simulate(hands="5"), ArgumentTypeError, T, "got '5' (a str)")
bad("simulate/float-hands", lambda: simulate(hands=5.0), ArgumentTypeError, T, "(a float)")
bad("simulate/bool-hands", lambda: simulate(hands=True), ArgumentTypeError, T, "(a bool)")
bad("simulate/none-hands", lambda: simulate(hands=None), ArgumentTypeError, T, "got None")
bad("simulate/too-many-hands", lambda: simulate(hands=MAX_HANDS + 1), InvalidArgumentError, V,
    "at most 1,000,000,000,000")
bad("simulate/huge-hands", lambda: simulate(hands=10**5000), InvalidArgumentError, V, "an int of 16,610 bits")
bad("simulate/str-options", lambda: simulate(hands=5, options="x"), OptionTypeError, T,
    "options must be a mapping")
bad("simulate/none-options", lambda: simulate(hands=5, options={"standard": None}), OptionTypeError, T,
    "options['standard']")
bad("simulate/bad-option", lambda: simulate(hands=5, options={"standard": {"first_hakem": 9}}),
    InvalidOptionError, V, "option 'first_hakem'")
bad("simulate/float-seed", lambda: simulate(hands=5, seed=1.5), ArgumentTypeError, T, "a seed must be")
bad("simulate/list-seed", lambda: simulate(hands=5, seed=[1]), ArgumentTypeError, T, "seed=[1]")
bad("simulate/int-executor", lambda: simulate(hands=5, executor=5), ArgumentTypeError, T,
    "executor must be a concurrent.futures.Executor")
bad("simulate/int-progress", lambda: simulate(hands=5, progress=5), ArgumentTypeError, T,
    "progress must be a function")
bad("simulate/zero-pending", lambda: simulate(hands=5, max_pending=0), InvalidArgumentError, V, "max_pending")
bad("simulate/str-pending", lambda: simulate(hands=5, max_pending="1"), ArgumentTypeError, T, "max_pending")
bad("simulate/unknown-variant", lambda: simulate("nope", hands=1), UnknownVariantError, L, "'nope'")

# Actions -------------------------------------------------------------------------------------------

PC: AnyCall = PlayCard
CT: AnyCall = CallTrump
DC: AnyCall = DrawCard
PO: AnyCall = PlayOn
bad("play-card/text", lambda: PC("A♠"), NotationTypeError, T, "PlayCard() card must be a Card")
bad("play-card/none", lambda: PC(None), NotationTypeError, T, "got None")
bad("play-card/int", lambda: PC(51), NotationTypeError, T, "got 51 (an int)")
bad("call-trump/text", lambda: CT("h"), NotationTypeError, T, "CallTrump() suit must be a Suit")
bad("call-trump/none", lambda: CT(None), NotationTypeError, T, "got None")
bad("call-trump/int", lambda: CT(1), NotationTypeError, T, "(an int)")
bad("draw-card/int", lambda: DC(1), ArgumentTypeError, T, "DrawCard() keep must be True or False")
bad("draw-card/text", lambda: DC("yes"), ArgumentTypeError, T, "got 'yes' (a str)")
bad("draw-card/none", lambda: DC(None), ArgumentTypeError, T, "got None")
bad("play-on/int", lambda: PO(0), ArgumentTypeError, T, "PlayOn() accept must be True or False")
bad("play-on/text", lambda: PO("no"), ArgumentTypeError, T, "(a str)")

# Declared values: VariantInfo, Packets, StockDraw --------------------------------------------------

VI: AnyCall = VariantInfo
PK: AnyCall = Packets
SD: AnyCall = StockDraw
bad("variant-info/none-summary", lambda: VI(None), ArgumentTypeError, T, "summary must be a string")
bad("variant-info/int-summary", lambda: VI(5), ArgumentTypeError, T, "got 5 (an int)")
bad("variant-info/int-name", lambda: VI("s", name=5), ArgumentTypeError, T, "name must be a string")
bad("variant-info/none-source", lambda: VI("s", source=None), ArgumentTypeError, T, "source must be a string")
bad("variant-info/int-conflicts", lambda: VI("s", conflicts=5), ArgumentTypeError, T, "conflicts must be")
bad("variant-info/text-conflicts", lambda: VI("s", conflicts="two-player"), ArgumentTypeError, T,
    "got 'two-player' (a str)")
bad("variant-info/int-reason", lambda: VI("s", conflicts={"x": 5}), ArgumentTypeError, T,
    "each reason must be a string")
bad("variant-info/int-conflict", lambda: VI("s", conflicts=[1]), ArgumentTypeError, T,
    "must hold variant names")
bad("variant-info/text-requires", lambda: VI("s", requires="satat"), ArgumentTypeError, T,
    "requires must be variant names")
bad("variant-info/int-requires", lambda: VI("s", requires=[1]), ArgumentTypeError, T, "got 1 (an int)")
bad("variant-info/none-requires", lambda: VI("s", requires=None), ArgumentTypeError, T, "got None")
bad("packets/empty", lambda: PK(()), InvalidArgumentError, V, "sizes must be positive integers, got ()")
bad("packets/int", lambda: PK(5), ArgumentTypeError, T, "got 5 (an int)")
bad("packets/text-sizes", lambda: PK(("5",)), ArgumentTypeError, T, "positive integers")
bad("packets/bool", lambda: PK((True, 4)), ArgumentTypeError, T, "positive integers")
bad("packets/negative", lambda: PK((5, -1)), InvalidArgumentError, V, "got (5, -1)")
bad("packets/text", lambda: PK("5-4-4"), ArgumentTypeError, T, "(a str)")
bad("stock-draw/text", lambda: SD("5"), ArgumentTypeError, T, "StockDraw() first_packet must be an int")
bad("stock-draw/zero", lambda: SD(0), InvalidArgumentError, V, "first_packet must be at least 1")
bad("stock-draw/negative", lambda: SD(-1), InvalidArgumentError, V, "got -1")
bad("stock-draw/none-size", lambda: SD(hand_size=None), ArgumentTypeError, T, "hand_size must be an int")
bad("stock-draw/first-too-big", lambda: SD(first_packet=14, hand_size=13), InvalidArgumentError, V,
    "must not exceed hand_size")
bad("stock-draw/int-seen", lambda: SD(second_card_seen=1), ArgumentTypeError, T, "True or False")
bad("stock-draw/int-discards", lambda: SD(discards=3), ArgumentTypeError, T, "discards must be counts")
bad("stock-draw/text-discards", lambda: SD(discards="32"), ArgumentTypeError, T, "got '32' (a str)")
bad("stock-draw/negative-discard", lambda: SD(discards=(3, -1)), InvalidArgumentError, V, "got (3, -1)")
bad("stock-draw/int-last-choice", lambda: SD(last_choice=1), ArgumentTypeError, T, "True or False")


# The last mile for servers and bots (#32) ----------------------------------------------------------

EVENTS = MATCH.apply_with_events(MATCH.legal_actions()[0])[1]
VIEW_DATA = PLAYING.observation(1).to_dict()


def view_with(**changes: object) -> dict[str, Any]:
    return {**VIEW_DATA, **changes}


def record_with(metadata: object) -> dict[str, Any]:
    return {**MATCH.to_record(), "metadata": metadata}


def fresh_path() -> str:
    import tempfile

    return tempfile.mkdtemp() + "/log.jsonl"


def gym_step(action: object) -> object:
    from hokm.adapters.gymnasium import HokmEnv

    game = HokmEnv()
    game.reset(seed=1)
    return game.step(action)


def action_of(action_id: object) -> object:
    from hokm.encoding import ActionSpace

    return ActionSpace(RULES).action_of(action_id)  # type: ignore[arg-type]


HO: AnyCall = hokm.HandObservation
EV: AnyCall = hokm.events
AC_: AnyCall = hokm.Action
PA: AnyCall = hokm.parse_action
bad("observation/from-json-none", lambda: HO.from_json(None), ArgumentTypeError, T, "takes JSON text")
bad("observation/from-json-list", lambda: HO.from_json(["{}"]), ArgumentTypeError, T, "(a list)")
bad("observation/from-dict-none", lambda: HO.from_dict(None), ArgumentTypeError, T, "takes a mapping")
bad("observation/seat-9", lambda: HO.from_dict(view_with(seat=9)), hokm.RecordError, V,
    "$.seat: 9 is not a seat: seats are 0..3")
bad("observation/to-act-4", lambda: HO.from_dict(view_with(to_act=4)), hokm.RecordError, V, "4 is not a seat")
bad("observation/strict-unknown-key", lambda: HO.from_dict(view_with(colour=1), strict=True),
    hokm.RecordError, V, "unknown key 'colour' for a HandObservation")
bad("events/for-seat-none", lambda: EV.for_seat(None, 0), ArgumentTypeError, T, "for_seat() takes the events")
bad("events/for-seat-strings", lambda: EV.for_seat(["x"], 0), ArgumentTypeError, T, "item 0 is 'x' (a str)")
bad("events/for-seat-9", lambda: EV.for_seat(EVENTS, 9), InvalidSeatError, V,
    "seat=9 is not a seat: seats are 0..3 at this 4-player table")
bad("events/for-seat-str", lambda: EV.for_seat(EVENTS, "0"), NotationTypeError, T,
    "a seat read from JSON text")
bad("events/for-seat-negative", lambda: EV.for_seat(list(EVENTS), -1), InvalidSeatError, V,
    "seat=-1 is not a seat")
bad("events/for-seat-players", lambda: EV.for_seat(list(EVENTS), 4, players=4), InvalidSeatError, V,
    "seats are 0..3")
bad("events/history-str", lambda: EV.history("x"), ArgumentTypeError, T, "history() takes a HandState")
bad("events/opening-none", lambda: EV.opening(None), ArgumentTypeError, T, "opening() takes a HandState")
bad("event/from-dict-none", lambda: EV.Event.from_dict(None), ArgumentTypeError, T, "takes a mapping")
bad("action/from-dict-none", lambda: AC_.from_dict(None), ArgumentTypeError, T, "takes a mapping")
bad("action/from-dict-unknown", lambda: AC_.from_dict({"act": "fly"}), hokm.RecordError, V,
    "unknown action 'fly'")
bad("action/from-dict-seat", lambda: AC_.from_dict({"seat": 0, "act": "call", "suit": "♥"}), hokm.RecordError,
    V, "an action's JSON has no 'seat'")
bad("action/parse-int", lambda: AC_.parse(5), NotationTypeError, T, "Action.parse() takes a string")
bad("action/parse-nonsense", lambda: AC_.parse("fly away"), InvalidNotationError, V, "is not an action")
bad("action/parse-10MB", lambda: AC_.parse(huge_text()), InvalidNotationError, V, "far too long")
bad("parse-action/none", lambda: PA(None, PLAYING), ArgumentTypeError, T, "parse_action() takes")
bad("parse-action/state-str", lambda: PA("A♠", "state"), ArgumentTypeError, T, "state must be a HandState")
bad("parse-action/illegal", lambda: PA({"act": "call", "suit": "♥"}, PLAYING), IllegalActionError, V,
    "illegal action call ♥ by seat 0")
bad("parse-action/other-seat", lambda: PA({"seat": 2, "act": "call", "suit": "♥"}, AT_CALL),
    IllegalActionError, V, "seat 2 acts (call ♥), but seat 0 is to act")
bad("parse-action/seat-str", lambda: PA({"seat": "0", "act": "call", "suit": "♥"}, AT_CALL), hokm.RecordError,
    V, "expected a seat number")
bad("parse-action/text", lambda: PA("zz", PLAYING), InvalidNotationError, V, "legal now:")
bad("parse-action/over", lambda: PA("A♠", OVER), IllegalActionError, V, "nobody is to act")
bad("record/metadata-date", lambda: hokm.load_record(record_with({"date": "yesterday"})), hokm.RecordError, V,
    "'date' is an ISO 8601 date")
bad("record/metadata-date-31-feb", lambda: hokm.load_record(record_with({"date": "2026-02-31"})),
    hokm.RecordError, V, "'date' is an ISO 8601 date")
bad("record/metadata-three-players", lambda: hokm.load_record(record_with({"players": ["a", "b", "c"]})),
    hokm.RecordError, V, "'players' names 3 players for a 4-seat table")
bad("record/metadata-players-int", lambda: hokm.load_record(record_with({"players": 5})), hokm.RecordError, V,
    "'players' is a list of the players' names")
bad("record/metadata-event-int", lambda: hokm.load_record(record_with({"event": 5})), hokm.RecordError, V,
    "'event' is the event's name")
bad("to-record/metadata-players", lambda: MA.to_record({"players": ["a"]}), hokm.RecordError, V,
    "'players' names 1 players")
bad("to-record/metadata-date", lambda: MA.to_record({"date": "yesterday"}), hokm.RecordError, V, "ISO 8601")
RL: AnyCall = RecordLog
bad("record-log/match-none", lambda: RL(fresh_path(), None), ArgumentTypeError, T,
    "RecordLog() match must be a MatchState")
bad("record-log/clock", lambda: RL(fresh_path(), MA, metadata={"clock": []}),
    hokm.RecordError, V, "cannot hold 'clock'")
bad("hookimpl/tryfirst", lambda: hokm.hookimpl(tryfirst=True), InvalidArgumentError, V,
    "variants never pass tryfirst, trylast or wrapper")
bad("hookimpl/wrapper", lambda: hokm.hookimpl(wrapper=True), InvalidArgumentError, V, "wrapper=True")
bad("agent-spec/unclosed-quote", lambda: __import__("hokm.agents").agents.agent_from_spec('cmd:"unclosed'),
    InvalidArgumentError, V, "is not a command line: no closing quotation")
bad("sample-deals/no-rng", lambda: __import__("hokm.agents").agents.sample_deals(PLAYING.observation(0), 2),
    ArgumentTypeError, T, "rng must be a random.Random")
bad("play-match/one-agent", lambda: __import__("hokm.agents").agents.play_match(RULES, [None], seed=1),
    ArgumentTypeError, T, "agents[0] has no act() method")
bad("action-space/bool-id", lambda: action_of(True), ArgumentTypeError, T, "got True (a bool)", needs="numpy")
bad("action-space/str-id", lambda: action_of("3"), ArgumentTypeError, T, "got '3' (a str)", needs="numpy")
bad("gymnasium/step-str", lambda: gym_step("3"), ArgumentTypeError, T, "step() action must be an int",
    needs="gymnasium")
LED: Any = PLAYING.play(min(PLAYING.legal_plays(), key=lambda card: card.index)).current_trick
bad("trick/suit-of-str", lambda: LED.suit_of("2h"), ArgumentTypeError, T,
    "Trick.suit_of() takes a Card, got '2h' (a str)")
bad("trick/suit-of-suit", lambda: LED.suit_of(Suit.HEARTS), ArgumentTypeError, T,
    "Trick.suit_of() takes a Card, got Suit.HEARTS")  # (a Suit has an index too: read as a card before)
bad("trick/trick-suit-of-int", lambda: LED.trick_suit_of(3), ArgumentTypeError, T,
    "Trick.trick_suit_of() takes a Card, got 3 (an int)")
bad("trick/rank-of-none", lambda: LED.rank_of(None), ArgumentTypeError, T,
    "Trick.rank_of() takes a Card, got None")
bad("trick/beats-str", lambda: LED.beats(DECK[0], "A♠"), ArgumentTypeError, T,
    "Trick.beats() takes a Card, got 'A♠' (a str)")
bad("gymnasium/step-float", lambda: gym_step(3.0), ArgumentTypeError, T, "got 3.0 (a float)",
    needs="gymnasium")


# The checks ---------------------------------------------------------------------------------


class _Hang(BaseException):
    """Raised by the alarm: a BaseException, so no ``except Exception`` in hokm can swallow it."""


def _alarm(_signum: int, _frame: object) -> None:
    raise _Hang


def _run_guarded(call: Callable[[], object], seconds: float) -> BaseException | None:
    """Run ``call`` under an alarm; return what it raised (``None`` if it returned)."""
    guarded = hasattr(signal, "setitimer")
    if guarded:
        previous = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        call()
    except _Hang:
        pytest.fail(f"no answer within {seconds} seconds: the call hangs")
    except BaseException as error:  # judged by the caller
        return error
    finally:
        if guarded:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
    return None


def _param(row: Bad) -> Any:
    return pytest.param(row, id=row.id, marks=[pytest.mark.pure_only] if row.pure_only else [])


@pytest.mark.parametrize("row", [_param(row) for row in ROWS])
def test_bad_input_is_refused_precisely(row: Bad) -> None:
    if row.needs is not None:
        pytest.importorskip(row.needs)
    before = snapshot()
    started = time.perf_counter()
    error = _run_guarded(row.call, seconds=max(10.0, 4 * row.budget))
    elapsed = time.perf_counter() - started
    assert error is not None, f"{row.id}: accepted silently"
    assert isinstance(error, HokmError), f"{row.id}: raw {type(error).__name__}: {str(error)[:200]}"
    assert type(error) is row.error, f"{row.id}: {type(error).__name__} instead of {row.error.__name__}"
    if row.builtin is not None:
        assert isinstance(error, row.builtin)
    message = str(error)
    assert row.fragment in message, f"{row.id}: {message!r} lacks {row.fragment!r}"
    assert len(message) < 300, f"{row.id}: a {len(message)}-character message"
    assert elapsed < row.budget, f"{row.id}: took {elapsed:.2f} s"
    assert snapshot() == before, f"{row.id}: a refused call changed a shared state or argument"


def test_the_catalogue_is_large_and_tidy() -> None:
    assert len(ROWS) >= 150
    ids = [row.id for row in ROWS]
    assert len(set(ids)) == len(ids), "row ids must be unique"
    areas = {row.id.split("/")[0] for row in ROWS}
    assert {"card-parse", "options", "new-hand", "deal", "hand-play", "simulate"} <= areas


@pytest.mark.parametrize("row", [_param(row) for row in ROWS if issubclass(row.error, ArgumentTypeError)])
def test_type_errors_are_type_errors_and_still_value_errors(row: Bad) -> None:
    """``except ValueError`` caught every bad input before #9; it still does."""
    assert row.builtin is TypeError
    assert issubclass(row.error, TypeError) and issubclass(row.error, ValueError)


def test_builtins_match_the_error_classes() -> None:
    for row in ROWS:
        if issubclass(row.error, ArgumentTypeError):
            assert row.builtin is TypeError, row.id
        elif issubclass(row.error, LookupError):
            assert row.builtin is LookupError, row.id
        elif issubclass(row.error, ValueError):
            assert row.builtin is ValueError, row.id
        else:
            assert row.builtin is None, row.id
