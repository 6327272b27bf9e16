"""What a legality hook sees on each turn: the same context from the kernel as from stepping.

The playout kernel keeps one ``PlayContext`` per playout and points it at each turn; these tests
hold every value a hook can read (the trick so far, the position from which the trump counts, the
winning card, the hand, the trick number) to what stepping hands the same hook on the same turn,
where a trump appears mid-trick too (hidden trump's reveal, be-ranga's fixing card).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest
from tests.helpers import stepped

import hokm
from hokm import Card, PlayContext, Seat

Seen = tuple[Seat, int, tuple[tuple[Seat, Card], ...], int, Card | None, frozenset[Card], hokm.Suit | None,
             tuple[Seat, Card] | None]


class Spy:
    """A legality rule that restricts nothing and writes down what it was shown."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="spy", summary="records its contexts")

    def __init__(self) -> None:
        self.seen: list[Seen] = []

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> frozenset[Card] | None:
        trick = ctx.trick
        self.seen.append((ctx.seat, trick.number, trick.plays, trick.first_trump, ctx.winning, ctx.hand,
                          ctx.led, trick.winning_play()))
        return None


def _seen(names: tuple[str, ...], seed: int, *, fast: bool) -> list[Seen]:
    spy = Spy()
    rules = hokm.Ruleset.compose(spy, *names)  # type: ignore[arg-type]
    hand = rules.deal(random.Random(seed), hakem=seed % rules.players)
    end = hand.playout(random.Random(seed)) if fast else stepped(hand, seed)
    assert end.is_over
    return spy.seen


@pytest.mark.parametrize("names", [(), ("hidden-trump",), ("be-ranga",), ("satat", "obligatory-trump")])
def test_the_kernel_shows_a_hook_what_stepping_shows_it(names: tuple[str, ...]) -> None:
    mid_trick = 0
    for seed in range(40):
        fast, slow = _seen(names, seed, fast=True), _seen(names, seed, fast=False)
        assert fast, "the hook was never asked"
        # Stepping may ask again on a turn (legal_actions, then the play's check): both ask on the
        # same turns (those with several legal cards), with the very same context.
        assert set(fast) == set(slow)
        mid_trick += sum(1 for seen in fast if seen[3])
    if names in (("hidden-trump",), ("be-ranga",)):
        assert mid_trick, "no trump appeared mid-trick: the case this test is for was not reached"


@pytest.mark.parametrize("names", [(), ("hidden-trump",), ("be-ranga",), ("satat",), ("three-player",),
                                   ("two-player",)])
def test_winning_is_the_card_of_the_trick_s_winning_play(names: tuple[str, ...]) -> None:
    # ctx.winning reads the tables; Trick.winning_play() compares the cards: the same card, a trump
    # that appeared mid-trick included (cards of its suit played before it are ordinary). The kernel's
    # context finds the winning seat's card by the seats at the table: 2 and 3 of them too.
    follows = 0
    for seed in range(20):
        for fast in (True, False):
            for seen in _seen(names, seed, fast=fast):
                winning, play = seen[4], seen[7]
                assert winning == (None if play is None else play[1])
                follows += play is not None
    assert follows


def test_winning_leaves_out_a_trump_suit_card_played_before_the_trump_appeared() -> None:
    # Spades led, the K of hearts discarded while no trump was known, then hearts became trump
    # from the third card (first_trump 2): the ace of spades wins, not the king of hearts.
    tables = hokm.Ruleset.compose()._engine.cards
    plays = [seat << 6 | Card.parse(text).index for seat, text in enumerate(("5s", "kh", "as"))]
    hand = 1 << Card.parse("2s").index | 1 << Card.parse("qs").index
    late = PlayContext(tables, Seat(3), hand, hokm.Suit.HEARTS.index, plays, 1, None, None, 2)
    assert late.winning == Card.parse("as") == late.trick.winning_play()[1]  # type: ignore[index]
    early = PlayContext(tables, Seat(3), hand, hokm.Suit.HEARTS.index, plays, 1, None, None, 0)
    assert early.winning == Card.parse("kh") == early.trick.winning_play()[1]  # type: ignore[index]


class BeatingSpy:
    """Checks ``cards_beating`` against ``beats`` for every card of the deck, on every turn asked, and
    ``cards_of(suit, beating=...)`` against both for every suit."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="beating-spy", summary="checks cards_beating")

    def __init__(self) -> None:
        self.checked = 0

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> frozenset[Card] | None:
        for other in hokm.full_deck():
            beating = frozenset(card for card in ctx.hand if ctx.beats(card, other))
            assert ctx.cards_beating(other) == beating
            for suit in hokm.Suit:
                assert ctx.cards_of(suit, beating=other) == ctx.cards_of(suit) & beating
            self.checked += 1
        return None


@pytest.mark.parametrize("names", [(), ("satat",), ("hidden-trump",), ("be-ranga",)])
def test_cards_beating_are_the_hand_s_cards_that_beat(names: tuple[str, ...]) -> None:
    # Under Satat the 2♥ is the top trump; before be-ranga's or hidden trump's trump is known,
    # only a higher card of the same suit beats.
    spy = BeatingSpy()
    rules = hokm.Ruleset.compose(spy, *names)  # type: ignore[arg-type]
    for seed in range(3):
        rules.deal(random.Random(seed), hakem=0).playout(random.Random(seed))
    assert spy.checked > 1000


def test_cards_of_beating_takes_a_card() -> None:
    tables = hokm.Ruleset.compose()._engine.cards
    plays = [0 << 6 | Card.parse("5s").index]
    hand = 1 << Card.parse("2s").index | 1 << Card.parse("qs").index | 1 << Card.parse("ah").index
    ctx = PlayContext(tables, Seat(1), hand, hokm.Suit.HEARTS.index, plays, 1, None)
    assert ctx.cards_of(hokm.Suit.SPADES, beating=Card.parse("5s")) == {Card.parse("qs")}
    assert ctx.cards_of(hokm.Suit.SPADES, beating=None) == {Card.parse("2s"), Card.parse("qs")}
    with pytest.raises(hokm.ArgumentTypeError, match=r"cards_of\(beating=...\) takes a Card, got '5s'"):
        ctx.cards_of(hokm.Suit.SPADES, beating="5s")  # type: ignore[arg-type]


@pytest.mark.parametrize(("ask", "message"), [
    (lambda ctx: ctx.cards_of("spades"), r"cards_of\(\) takes a Suit, got 'spades' \(a str\)"),
    # A Card has an index too: without the check it would read the table of suit 0-3 silently.
    (lambda ctx: ctx.cards_of(Card.parse("2h")), r"cards_of\(\) takes a Suit, got .*2♥"),
    (lambda ctx: ctx.holds(0), r"holds\(\) takes a Suit, got 0 \(an int\)"),
    (lambda ctx: ctx.cards_beating("5s"), r"cards_beating\(\) takes a Card, got '5s'"),
    (lambda ctx: ctx.cards_beating(hokm.Suit.SPADES), r"cards_beating\(\) takes a Card"),
    (lambda ctx: ctx.beats(Card.parse("qs"), 3), r"beats\(\) takes two Cards, got .*Q♠.* and 3"),
])
def test_table_questions_refuse_what_is_not_a_suit_or_card(ask: Any, message: str) -> None:
    tables = hokm.Ruleset.compose()._engine.cards
    hand = 1 << Card.parse("2s").index | 1 << Card.parse("qs").index
    ctx = PlayContext(tables, Seat(1), hand, hokm.Suit.HEARTS.index, [Card.parse("5s").index], 1, None)
    with pytest.raises(hokm.ArgumentTypeError, match=message):
        ask(ctx)
    # The same context still answers right questions.
    assert ctx.holds(hokm.Suit.SPADES) and not ctx.holds(hokm.Suit.CLUBS)
    assert ctx.cards_beating(Card.parse("5s")) == {Card.parse("qs")}
    assert ctx.beats(Card.parse("qs"), Card.parse("5s"))
