"""The trump call's choices, asked as the implementations' signatures say.

``hokm_trump_call(card)`` is tabulated per card when the ruleset is composed and the call
offers, for each card of the caller's first packet in display order, that card's choices;
an argless implementation is a constant asked once; one taking ``hand`` is asked per call.
``hokm_call_alternatives`` is collect-all: argless once, with ``hand`` at every call. Spy
plugins count the calls; stepping and ``playout`` must agree on what the call offers.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Collection, Sequence
from typing import ClassVar

import attrs
import pytest
from tests.helpers import stepped

import hokm
from hokm import Action, CallTrump, Card, Effect, HandView, Phase, PluginContractError, Rank, Suit, cards


@attrs.frozen
class Pick(Action):
    """Make trump by naming one card of the first packet (its suit)."""

    tag = "tests/call-pick"
    card: Card


@attrs.frozen
class Throw(Action):
    """A claim at the call instead of making trump: the hand is annulled."""

    tag = "tests/call-throw"


PICKS: tuple[Action, ...] = tuple(Pick(Card.from_index(index)) for index in range(52))
THROW = Throw()
ALL_SUITS = frozenset(Suit)


@attrs.define(eq=False)
class Picker(hokm.Variant):
    """The caller picks a card of his first packet whose suit is in ``suits`` instead of naming
    trump (the card's suit is trump). Takes only ``card``: a table. ``asked`` records the calls."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="picker", summary="tests only")
    suits: Collection[Suit] = ALL_SUITS
    asked: list[Card] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return PICKS

    @hokm.hookimpl
    def hokm_trump_call(self, card: Card) -> Sequence[Action] | None:
        self.asked.append(card)
        return (PICKS[card.index],) if card.suit in self.suits else None

    @hokm.hookimpl
    def hokm_decision_effect(self, action: Action) -> Effect | None:
        return Effect(trump=action.card.suit) if isinstance(action, Pick) else None


@attrs.define(eq=False)
class PickerByHand(Picker):
    """``Picker`` for hearts by table; where no heart is in the packet, a second implementation
    (``specname``) reads the hand and offers spades or clubs. ``by_hand`` counts its calls."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="picker-by-hand", summary="tests only")
    suits: Collection[Suit] = frozenset({Suit.HEARTS})
    by_hand: list[int] = attrs.field(factory=list, init=False)

    @hokm.hookimpl(specname="hokm_trump_call")
    def call_by_hand(self, hand: HandView) -> Sequence[Action] | None:
        self.by_hand.append(hand.hakem)
        return (CallTrump(Suit.SPADES), CallTrump(Suit.CLUBS))


@attrs.define(eq=False)
class Constant(hokm.Variant):
    """An argless call: the same two suits at every call. ``asked`` counts the calls."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="constant-call", summary="tests only")
    answer: Sequence[Action] = (CallTrump(Suit.SPADES), CallTrump(Suit.HEARTS))
    asked: list[int] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_trump_call(self) -> Sequence[Action] | None:
        self.asked.append(1)
        return self.answer


@attrs.define(eq=False)
class HandCall(hokm.Variant):
    """A call that reads the hand: spades or hearts, counting how often (and for whom) it is asked."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="hand-call", summary="tests only")
    asked: list[int] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_trump_call(self, hand: HandView) -> Sequence[Action]:
        self.asked.append(hand.hakem)
        return (CallTrump(Suit.SPADES), CallTrump(Suit.HEARTS))


LOW = frozenset(rank for rank in Rank if rank <= Rank.TEN)


@attrs.define(eq=False)
class LowClaim(hokm.Variant):
    """An alternative that reads the hand: a throw when the first five are all ten or lower."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="low-claim", summary="tests only")
    asked: list[int] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (THROW,)

    @hokm.hookimpl
    def hokm_call_alternatives(self, hand: HandView) -> Sequence[Action] | None:
        self.asked.append(hand.hakem)
        return (THROW,) if all(card.rank in LOW for card in hand.dealt(hand.hakem)[:5]) else None

    @hokm.hookimpl
    def hokm_decision_effect(self, action: Action) -> Effect | None:
        return Effect(annul=True) if isinstance(action, Throw) else None


@attrs.define(eq=False)
class AlwaysThrow(hokm.Variant):
    """An argless alternative: ``answer`` at every call. ``asked`` counts the calls."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="always-throw", summary="tests only")
    answer: Sequence[Action] | None = (THROW,)
    asked: list[int] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (THROW,)

    @hokm.hookimpl
    def hokm_call_alternatives(self) -> Sequence[Action] | None:
        self.asked.append(1)
        return self.answer

    @hokm.hookimpl
    def hokm_decision_effect(self, action: Action) -> Effect | None:
        return Effect(annul=True) if isinstance(action, Throw) else None


@attrs.define(eq=False)
class OtherThrow(AlwaysThrow):
    """A second variant offering the same alternative."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="other-throw", summary="tests only")


def _deck(rules: hokm.Ruleset, first: str) -> list[Card]:
    """A deck of ``rules`` whose first five cards (the first packet of a Hakem in seat 0) are ``first``."""
    five = list(cards(first))
    return [*five, *(card for card in rules.deck if card not in five)]


def _picks(text: str) -> tuple[Action, ...]:
    """The picks of the cards of ``text``, in that order."""
    return tuple(PICKS[card.index] for card in cards(text))


def _display(packet: Sequence[Card]) -> list[Card]:
    return sorted(packet, key=lambda card: card.sort_key)


def _first_packet(hand: hokm.HandState) -> tuple[Card, ...]:
    return hand.dealt(hand.hakem)[:5]


def _contract(plugin: str, hook: str) -> str:
    return f"plugin '{plugin}' .*{hook}"


# hokm_trump_call(card): a table --------------------------------------------------------------


def test_a_card_implementation_is_asked_once_per_card_at_composition_and_never_in_play() -> None:
    plugin = Picker()
    rules = hokm.Ruleset.compose(plugin)
    assert sorted(card.index for card in plugin.asked) == list(range(52))  # each card once
    plugin.asked.clear()
    for seed in range(8):
        hand = rules.deal(random.Random(seed), hakem=seed % 4)
        assert hand.legal_actions()
        hand = hand.apply(hand.legal_actions()[-1])
        stepped(hand, seed)
        rules.deal(random.Random(seed), hakem=seed % 4).playout(random.Random(seed))
    assert plugin.asked == []


@pytest.mark.parametrize("variants", [(), ("court-piece",), ("three-player",), ("two-player",),
                                      ("clockwise", "obligatory-trump")],
                         ids=lambda variants: "+".join(variants) or "standard")
def test_the_call_offers_the_first_packet_in_display_order(variants: tuple[str, ...]) -> None:
    rules = hokm.Ruleset.compose(*variants, Picker())
    rng = random.Random(f"display-{variants}")
    reordered = 0
    for _ in range(40):
        hand = rules.deal(rng, hakem=rng.randrange(rules.players))
        assert hand.phase is Phase.TRUMP
        packet = _first_packet(hand)
        expected = tuple(PICKS[card.index] for card in _display(packet))
        assert hand.legal_actions() == expected
        reordered += list(packet) != _display(packet)  # deal order is not display order
        chosen = hand.legal_actions()[rng.randrange(5)]
        assert isinstance(chosen, Pick)
        assert hand.apply(chosen).trump is chosen.card.suit  # its effect, by action
    assert reordered > 20


def test_a_card_implementation_silent_on_a_whole_packet_has_no_opinion() -> None:
    rules = hokm.Ruleset.compose(Picker(suits={Suit.HEARTS}))
    no_heart = rules.deal(_deck(rules, "2♠ K♣ A♠ 9♦ 3♣"), hakem=0)
    assert no_heart.legal_actions() == tuple(CallTrump(suit) for suit in Suit)  # the standard's four
    two = rules.deal(_deck(rules, "Q♥ 2♠ A♠ 9♦ 4♥"), hakem=0)
    assert two.legal_actions() == _picks("Q♥ 4♥")
    # One heart: a lone choice, which the core takes by itself (RULES 1.5.1 rule 3).
    one = rules.deal(_deck(rules, "Q♥ 2♠ A♠ 9♦ K♣"), hakem=0)
    assert one.phase is Phase.PLAY and one.trump is Suit.HEARTS
    assert one.decisions == ((0, PICKS[Card.parse("Q♥").index]),)


def test_a_later_listed_card_table_is_asked_first_and_a_silent_one_passes_on() -> None:
    # Two tables: where the first (the later listed) answers for the packet, it decides; where it
    # is silent for every card of the packet, the next table answers.
    from hokm_variants.hidden_trump import SetIndicator

    with pytest.warns(hokm.VariantOverlapWarning, match="hokm_trump_call"):
        rules = hokm.Ruleset.compose("hidden-trump", Picker(suits={Suit.HEARTS}))
    hearts = rules.deal(_deck(rules, "Q♥ 2♠ A♠ 9♦ 4♥"), hakem=0)
    assert hearts.legal_actions() == _picks("Q♥ 4♥")
    none = rules.deal(_deck(rules, "2♠ K♣ A♠ 9♦ 3♣"), hakem=0)
    assert none.legal_actions() == tuple(SetIndicator(card) for card in cards("A♠ 2♠ 9♦ K♣ 3♣"))
    with pytest.warns(hokm.VariantOverlapWarning, match="hokm_trump_call"):
        reverse = hokm.Ruleset.compose(Picker(suits={Suit.HEARTS}), "hidden-trump")
    assert reverse.deal(_deck(rules, "Q♥ 2♠ A♠ 9♦ 4♥"), hakem=0).legal_actions() == tuple(
        SetIndicator(card) for card in cards("A♠ 2♠ Q♥ 4♥ 9♦"))


@attrs.frozen(eq=False)
class Repeats(hokm.Variant):
    """Gives ``PICKS[card.index % modulus]`` for a card (a repeat across cards below 52), or
    the card's pick twice (``twice``)."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="repeats", summary="tests only")
    modulus: int = 52
    twice: bool = False

    @hokm.hookimpl
    def hokm_trump_call(self, card: Card) -> Sequence[Action]:
        pick = PICKS[card.index % self.modulus]
        return (pick, pick) if self.twice else (pick,)


@pytest.mark.parametrize("plugin", [Repeats(modulus=13), Repeats(modulus=51), Repeats(twice=True)],
                         ids=["a-suit-apart", "the-last-card", "one-card-twice"])
def test_per_card_choices_must_be_distinct_across_all_cards(plugin: Repeats) -> None:
    # Refused when the ruleset is composed, even where no packet could hold both cards.
    with pytest.raises(PluginContractError, match="the same choice is offered twice") as caught:
        hokm.Ruleset.compose(plugin)
    assert (caught.value.plugin, caught.value.hook) == ("repeats", "hokm_trump_call")
    assert hokm.Ruleset.compose(Repeats()).deal(random.Random(1), hakem=0).legal_actions()  # distinct: fine


def _boom(card: Card) -> Sequence[Action]:
    raise KeyError(card)


@pytest.mark.parametrize(("answer", "fragment"), [
    (lambda card: PICKS[card.index], "not a sequence of actions"),
    (lambda card: "2♠", "not a sequence of actions"),
    (lambda card: (card,), "which is not an Action"),
    (_boom, "raised in hokm_trump_call: KeyError"),
], ids=["an-action", "a-string", "a-card", "raises"])
def test_a_bad_card_answer_is_refused_at_composition(answer: object, fragment: str) -> None:
    class Bad(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="bad-card-call", summary="tests only")

        @hokm.hookimpl
        def hokm_trump_call(self, card: Card) -> object:
            return answer(card)  # type: ignore[operator]

    with pytest.raises(PluginContractError, match=_contract("bad-card-call", "hokm_trump_call")) as caught:
        hokm.Ruleset.compose(Bad())
    assert fragment in str(caught.value) and caught.value.hook == "hokm_trump_call"


# The other two forms, and both in one plugin ----------------------------------------------------


def test_an_argless_call_is_a_constant_asked_once() -> None:
    plugin = Constant()
    rules = hokm.Ruleset.compose(plugin)
    assert plugin.asked == [1]
    for seed in range(6):
        hand = rules.deal(random.Random(seed), hakem=seed % 4)
        assert hand.legal_actions() == (CallTrump(Suit.SPADES), CallTrump(Suit.HEARTS))
        assert stepped(hand, seed).trump in (Suit.SPADES, Suit.HEARTS)
        assert hand.playout(random.Random(seed)).trump in (Suit.SPADES, Suit.HEARTS)
    assert plugin.asked == [1]


def test_a_hand_call_is_asked_at_every_call_and_a_playout_reuses_its_states_choices() -> None:
    # The choices are worked out once per state at the call; the playout's private copy is at the
    # same position, so the hook is not asked again, and the playout picks among them.
    plugin = HandCall()
    rules = hokm.Ruleset.compose(plugin)
    assert plugin.asked == []  # nothing to ask at composition
    hand = rules.deal(random.Random(4), hakem=2)
    assert hand.legal_actions() == (CallTrump(Suit.SPADES), CallTrump(Suit.HEARTS))
    assert plugin.asked == [2]
    assert hand.playout(random.Random(5)).trump in (Suit.SPADES, Suit.HEARTS)
    assert plugin.asked == [2]
    # Not carried over from another state: a second deal asks again, and so does the first hand's
    # playout once the second hand's choices are the remembered ones.
    other = rules.deal(random.Random(6), hakem=1)
    other.legal_actions()
    assert plugin.asked == [2, 1]
    hand.playout(random.Random(7))
    assert plugin.asked == [2, 1, 2]
    other.playout(random.Random(7))
    assert plugin.asked == [2, 1, 2, 1]


def test_in_one_plugin_the_card_table_answers_before_the_implementation_reading_the_hand() -> None:
    plugin = PickerByHand()
    rules = hokm.Ruleset.compose(plugin)
    steps = rules._engine.decisions.call_steps
    assert [(kind, impl.plugin) for kind, _, impl in steps] == [("cards", "picker-by-hand"),
                                                               ("hand", "picker-by-hand")]
    hearts = rules.deal(_deck(rules, "Q♥ 2♠ A♠ 9♦ 4♥"), hakem=0)
    assert hearts.legal_actions() == _picks("Q♥ 4♥")
    assert plugin.by_hand == []  # the table answered: the hand is not read
    none = rules.deal(_deck(rules, "2♠ K♣ A♠ 9♦ 3♣"), hakem=0)
    assert none.legal_actions() == (CallTrump(Suit.SPADES), CallTrump(Suit.CLUBS))
    assert plugin.by_hand == [0]
    for seed in range(30):  # and playouts take the same steps as stepping
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        assert start.playout(random.Random(seed)) == stepped(start, seed)


# hokm_call_alternatives ------------------------------------------------------------------------


def test_a_hand_alternative_is_asked_at_every_call_and_offered_after_the_calls() -> None:
    plugin = LowClaim()
    rules = hokm.Ruleset.compose(plugin)
    weak = rules.deal(_deck(rules, "10♠ 9♥ 7♣ 4♦ 2♠"), hakem=0)
    assert weak.legal_actions() == (*(CallTrump(suit) for suit in Suit), THROW)
    assert weak.apply(THROW).is_annulled
    strong = rules.deal(_deck(rules, "10♠ 9♥ 7♣ 4♦ A♠"), hakem=0)
    assert THROW not in strong.legal_actions()
    assert plugin.asked == [0, 0]  # once per call


@pytest.mark.parametrize("call", [None, Picker()], ids=["four-suits", "by-card"])
def test_an_argless_alternative_is_a_constant_never_asked_in_play(call: Picker | None) -> None:
    plugin = AlwaysThrow()
    rules = hokm.Ruleset.compose(*([call] if call else []), plugin)
    asked = len(plugin.asked)
    assert asked >= 1
    for seed in range(10):
        hand = rules.deal(random.Random(seed), hakem=seed % 4)
        assert hand.legal_actions()[-1] == THROW
        hand.playout(random.Random(seed))
        stepped(hand, seed)
    assert len(plugin.asked) == asked


def test_an_argless_alternative_is_asked_exactly_once() -> None:
    plugin = AlwaysThrow()
    hokm.Ruleset.compose(plugin)
    assert plugin.asked == [1]


@pytest.mark.parametrize("variants", [("hidden-trump",), ("hidden-trump", "redeal"), ("redeal",),
                                      ("court-piece", "redeal")], ids="+".join)
def test_the_kernels_pick_at_the_call_is_the_listed_choice(variants: tuple[str, ...]) -> None:
    # Decisions.call_choice picks as legal_actions() lists the call's choices, without building them
    # where each card gives one: the indicators in display order, then a redeal claim (offered on
    # five low cards). Playouts from the call are then stepping with the same draws.
    rules = hokm.Ruleset.compose(*variants)
    decisions = rules._engine.decisions
    claimed = 0
    for seed in range(12):
        deck = _deck(rules, "2♠ 3♥ 4♦ 5♣ 6♠") if seed == 0 else random.Random(seed)
        hand = rules.deal(deck, hakem=0)
        options = hand.legal_actions()
        first = sum(card.mask for card in _first_packet(hand))
        claimed += any(type(action).__name__ == "ClaimRedeal" for action in options)
        for step in range(40):
            fraction = step / 40
            picked = decisions.call_choice(hand, first, functools.partial(float, fraction))
            assert picked == options[int(fraction * len(options))]
        assert hand.playout(random.Random(seed)) == stepped(hand, seed)
    assert claimed >= ("redeal" in variants)


@attrs.frozen
class Fold(Action):
    tag = "tests/call-fold"


def test_every_variants_alternatives_are_offered_after_the_calls() -> None:
    class Folder(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="folder", summary="tests only")

        @hokm.hookimpl
        def hokm_call_alternatives(self, hand: HandView) -> Sequence[Action] | None:
            return (Fold(),) if hand.hakem == 0 else None

    rules = hokm.Ruleset.compose(AlwaysThrow(), Folder())  # collect-all: both answer
    zero, one = rules.deal(random.Random(3), hakem=0), rules.deal(random.Random(3), hakem=1)
    assert zero.legal_actions()[:4] == one.legal_actions()[:4] == tuple(CallTrump(suit) for suit in Suit)
    assert set(zero.legal_actions()[4:]) == {THROW, Fold()} and len(zero.legal_actions()) == 6
    assert one.legal_actions()[4:] == (THROW,)


def test_two_variants_offering_the_same_alternative_are_refused_at_the_call() -> None:
    rules = hokm.Ruleset.compose(AlwaysThrow(), OtherThrow())
    with pytest.raises(PluginContractError, match="the same choice is offered twice"):
        rules.deal(random.Random(1), hakem=0).legal_actions()


@pytest.mark.parametrize("answer", [(THROW, THROW), (PICKS[0],), (CallTrump(Suit.SPADES),)],
                         ids=["itself", "a-card-choice", "a-suit-call"])
def test_an_alternative_repeating_a_choice_is_a_contract_error(answer: tuple[Action, ...]) -> None:
    rules = hokm.Ruleset.compose(*([Picker()] if answer == (PICKS[0],) else []), AlwaysThrow(answer=answer))
    with pytest.raises(PluginContractError, match=r"offered twice|offers Pick"):
        rules.deal(_deck(rules, "2♠ 3♥ 4♦ 5♣ 6♠"), hakem=0).legal_actions()


@pytest.mark.parametrize("answer", [(THROW, THROW), (PICKS[0],), (CallTrump(Suit.SPADES),)],
                         ids=["itself", "a-card-choice", "a-suit-call"])
def test_an_alternative_repeating_a_choice_is_named(answer: tuple[Action, ...]) -> None:
    rules = hokm.Ruleset.compose(*([Picker()] if answer == (PICKS[0],) else []), AlwaysThrow(answer=answer))
    with pytest.raises(PluginContractError) as caught:
        rules.deal(_deck(rules, "2♠ 3♥ 4♦ 5♣ 6♠"), hakem=0).legal_actions()
    assert (caught.value.plugin, caught.value.hook) == ("always-throw", "hokm_call_alternatives")
    assert "plugin 'always-throw'" in str(caught.value)


@pytest.mark.parametrize("answer", [(THROW, THROW), (PICKS[0],), (CallTrump(Suit.SPADES),)],
                         ids=["itself", "a-card-choice", "a-suit-call"])
def test_a_playout_refuses_a_repeated_alternative_as_stepping_does(answer: tuple[Action, ...]) -> None:
    # The kernel's pick at the call joins the calls and the alternatives its own way: the same check.
    rules = hokm.Ruleset.compose(*([Picker()] if answer == (PICKS[0],) else []), AlwaysThrow(answer=answer))
    hand = rules.deal(_deck(rules, "2♠ 3♥ 4♦ 5♣ 6♠"), hakem=0)
    with pytest.raises(PluginContractError, match=r"offered twice|offers Pick") as caught:
        hand.playout(random.Random(1))
    assert (caught.value.plugin, caught.value.hook) == ("always-throw", "hokm_call_alternatives")
    assert hand.to_act == 0 and not hand.plays  # the hand itself is untouched


def _raise(*args: object) -> object:
    raise KeyError("boom")


@pytest.mark.parametrize("hook", ["hokm_trump_call", "hokm_call_alternatives"])
def test_an_argless_call_that_raises_is_named_at_composition(hook: str) -> None:
    namespace = {"info": hokm.VariantInfo(name="crashing-call", summary="tests only"),
                 hook: hokm.hookimpl(lambda self: _raise())}
    plugin = type("CrashingCall", (hokm.Variant,), namespace)()
    with pytest.raises(PluginContractError, match=f"plugin 'crashing-call' raised in {hook}: KeyError"):
        hokm.Ruleset.compose(plugin)


@pytest.mark.parametrize("answer", [(), (CallTrump(Suit.SPADES), CallTrump(Suit.SPADES))],
                         ids=["empty", "repeated"])
def test_a_constant_call_without_distinct_choices_is_refused(answer: tuple[Action, ...]) -> None:
    with pytest.raises(PluginContractError, match="constant-call"):
        rules = hokm.Ruleset.compose(Constant(answer=answer))
        rules.deal(random.Random(1), hakem=0).legal_actions()


# The bundled call by card -------------------------------------------------------------------


def test_hidden_trump_calls_by_card_or_by_a_constant() -> None:
    from hokm_variants.hidden_trump import BlindIndicator, SetIndicator

    chosen = hokm.Ruleset.compose("hidden-trump")
    decisions = chosen._engine.decisions
    # Its table first; the standard's four calls stay behind it (no packet leaves it silent).
    assert [(kind, impl.plugin) for kind, _, impl in decisions.call_steps] == [
        ("cards", "hidden-trump"), ("constant", "standard")]
    assert decisions.call_cards is not None
    assert decisions.call_cards[Card.parse("9♦").index] == (SetIndicator(Card.parse("9♦")),)
    blind = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"indicator": "blind"}})
    steps = blind._engine.decisions.call_steps
    assert [(kind, payload) for kind, payload, _ in steps] == [("constant", (BlindIndicator(),))]
    hand = blind.deal(random.Random(1), hakem=0)  # a lone choice, taken by the core; the card laid
    assert hand.phase is Phase.PLAY and hand.decisions == ((0, BlindIndicator()),)
    assert len(hand.set_aside[0]) == 1 and hand.trump is None
