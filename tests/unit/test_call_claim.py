"""CallClaim: hokm_call_alternatives' answer declared as data, offered without asking the hook."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hokm
from hokm import Action, CallClaim, HandView, PluginContractError, Rank, RulesetError, TurnWindow, cards
from hokm._engine import _display_order, _nth_displayed
from hokm.testing import check_turn_windows

LOW = frozenset(rank for rank in Rank if rank <= Rank.TEN)
SMALL = frozenset({Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE})


@attrs.frozen
class Throw(Action):
    tag = "tests/throw"


THROW = (Throw(),)
LOW_CLAIM = CallClaim(offers=THROW, ranks=LOW)


@attrs.define(eq=False)
class Claimer(hokm.Variant):
    """Declares a claim on low first cards; its hook answers ``hook_answer`` (None: the same rule)."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="claimer", summary="tests only")
    claim: CallClaim = LOW_CLAIM
    hook_answer: Sequence[Action] | None = None
    asked: int = attrs.field(default=0, init=False)

    @property
    def turn_windows(self) -> Mapping[str, CallClaim]:
        return {"hokm_call_alternatives": self.claim}

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return THROW

    @hokm.hookimpl
    def hokm_call_alternatives(self, hand: HandView) -> Sequence[Action] | None:
        self.asked += 1
        if self.hook_answer is not None:
            return self.hook_answer
        return self.claim.answer(hand.dealt(hand.hakem), hand.redeals) or None

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: HandView, seat: int, action: Action) -> hokm.Effect | None:
        return hokm.Effect(annul=True) if isinstance(action, Throw) else None


def _deck(first: str) -> list[hokm.Card]:
    """A deck whose first five cards (the Hakem's first packet) are ``first``."""
    five = list(cards(first))
    return [*five, *(card for card in hokm.full_deck() if card not in five)]


def test_answer_reads_the_first_cards_and_the_redeals() -> None:
    claim = CallClaim(offers=THROW, ranks=LOW, first=3, max_redeals=1)
    assert claim.answer(cards("10♠ 9♥ 7♣ A♦"), redeals=0) == THROW  # the fourth card is not read
    assert claim.answer(cards("10♠ J♥ 7♣"), redeals=0) == ()
    assert claim.answer(cards("10♠ 9♥ 7♣"), redeals=1) == ()
    assert CallClaim(offers=THROW, ranks=LOW).answer(cards("10♠ 9♥ 7♣ 4♦ 2♠"), redeals=99) == THROW


def test_rank_mask_holds_exactly_the_cards_of_the_ranks() -> None:
    claim = CallClaim(offers=THROW, ranks={Rank.ACE})
    assert claim.rank_mask == sum(card.mask for card in hokm.full_deck() if card.rank == Rank.ACE)
    assert claim.ranks == frozenset({Rank.ACE})


@pytest.mark.parametrize(("fields", "error", "fragment"), [
    ({"offers": (), "ranks": LOW}, hokm.InvalidArgumentError, "at least one action"),
    ({"offers": "throw", "ranks": LOW}, hokm.ArgumentTypeError, "CallClaim() offers must be a sequence"),
    ({"offers": (1,), "ranks": LOW}, hokm.ArgumentTypeError, "CallClaim() offers must be actions"),
    ({"offers": (Throw(), Throw()), "ranks": LOW}, hokm.InvalidArgumentError, "the same action twice"),
    ({"offers": THROW, "ranks": "A"}, hokm.ArgumentTypeError, "ranks must be a collection of Ranks"),
    ({"offers": THROW, "ranks": [10]}, hokm.ArgumentTypeError, "ranks must be Ranks such as Rank.TEN"),
    ({"offers": THROW, "ranks": LOW, "first": 0}, hokm.InvalidArgumentError, "first must be 1 or more"),
    ({"offers": THROW, "ranks": LOW, "first": True}, hokm.ArgumentTypeError, "first must be an int"),
    ({"offers": THROW, "ranks": LOW, "max_redeals": 0}, hokm.InvalidArgumentError, "max_redeals must be 1"),
])
def test_bad_fields_are_refused(fields: dict[str, Any], error: type[Exception], fragment: str) -> None:
    with pytest.raises(error, match=None) as raised:
        CallClaim(**fields)
    assert fragment in str(raised.value)


def test_the_engine_offers_the_declared_claim_without_asking_the_hook() -> None:
    plugin = Claimer()
    rules = hokm.Ruleset.compose(plugin)
    weak = rules.deal(_deck("10♠ 9♥ 7♣ 4♦ 2♠"), hakem=0)
    assert weak.legal_actions()[-1] == Throw()
    strong = rules.deal(_deck("10♠ 9♥ 7♣ 4♦ A♠"), hakem=0)
    assert not any(isinstance(action, Throw) for action in strong.legal_actions())
    assert weak.apply(Throw()).is_annulled
    assert plugin.asked == 0


def test_check_turn_windows_holds_the_hook_to_its_claim() -> None:
    honest = hokm.Ruleset.compose(Claimer())
    check_turn_windows(honest.deal(_deck("10♠ 9♥ 7♣ 4♦ 2♠"), hakem=0))
    check_turn_windows(honest.deal(_deck("10♠ 9♥ 7♣ 4♦ A♠"), hakem=0))
    lying = hokm.Ruleset.compose(Claimer(hook_answer=THROW))  # claims on any five
    check_turn_windows(lying.deal(_deck("10♠ 9♥ 7♣ 4♦ 2♠"), hakem=0))
    broke = r"'claimer' broke the contract of hokm_call_alternatives: it answered \(Throw\(\),\) where its"
    with pytest.raises(PluginContractError, match=broke + r" CallClaim declares \(\)"):
        check_turn_windows(lying.deal(_deck("10♠ 9♥ 7♣ 4♦ A♠"), hakem=0))


def test_composition_refuses_a_claim_elsewhere_and_a_window_for_the_claim_hook() -> None:
    class Misplaced(Claimer):
        @property
        def turn_windows(self) -> Mapping[str, Any]:
            return {"hokm_call_alternatives": TurnWindow()}

    with pytest.raises(RulesetError, match=r"\['hokm_call_alternatives'\] is .*not a hokm.CallClaim"):
        hokm.Ruleset.compose(Misplaced())

    class Elsewhere(Claimer):
        @property
        def turn_windows(self) -> Mapping[str, Any]:
            return {"hokm_turn_options": self.claim}

    with pytest.raises(RulesetError, match=r"turn_windows\['hokm_turn_options'\] is .*not a hokm.TurnWindow"):
        hokm.Ruleset.compose(Elsewhere())


@pytest.mark.parametrize("variants", [(), ("court-piece",), ("three-player",), ("two-player",), ("satat",)])
@pytest.mark.parametrize("first", [5, 3])
def test_the_engine_reads_the_claim_as_the_hook_does(variants: tuple[str, ...], first: int) -> None:
    # The engine's mask (the kept first packet where it is the claim's first cards) agrees with
    # CallClaim.answer on the dealt cards, under every deal pattern, redeal counts included.
    rng = random.Random(f"claim-{variants}-{first}")
    for ranks in (LOW, frozenset(Rank) - {Rank.KING}, SMALL):
        claim = CallClaim(offers=THROW, ranks=ranks, first=first, max_redeals=2)
        rules = hokm.Ruleset.compose(*variants, Claimer(claim=claim))
        engine = rules._engine
        for _ in range(60):
            hand = rules.deal(rng, hakem=rng.randrange(rules.layout.players), redeals=rng.randrange(3))
            if hand.phase is not hokm.Phase.TRUMP:
                continue
            expected = claim.answer(hand.dealt(hand.hakem), hand.redeals)
            assert engine._claimed(claim, hand) is bool(expected)
            assert (hand.legal_actions()[-1] == Throw()) is bool(expected)


# CardCall: hokm_trump_call's choices declared as data ------------------------------------------


@attrs.frozen
class Pick(Action):
    tag = "tests/pick"
    card: hokm.Card


PICKS = tuple(Pick(card) for card in hokm.full_deck())


@attrs.define(eq=False)
class Picker(hokm.Variant):
    """The caller picks one of his first ``first`` cards instead of naming trump; ``lies``: the
    hook answers them in index order instead of display order (breaking the declaration)."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="picker", summary="tests only")
    first: int = 5
    lies: bool = False
    asked: int = attrs.field(default=0, init=False)

    @property
    def turn_windows(self) -> Mapping[str, hokm.CardCall]:
        return {"hokm_trump_call": hokm.CardCall(actions=PICKS, first=self.first)}

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return PICKS

    @hokm.hookimpl
    def hokm_trump_call(self, hand: HandView) -> Sequence[Action]:
        self.asked += 1
        first = hand.dealt(hand.hakem)[:self.first]
        key = (lambda card: card.index) if self.lies else (lambda card: card.sort_key)
        return tuple(PICKS[card.index] for card in sorted(first, key=key))

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: HandView, seat: int, action: Action) -> hokm.Effect | None:
        return hokm.Effect(trump=action.card.suit) if isinstance(action, Pick) else None


@given(st.sets(st.integers(0, 51), min_size=1, max_size=13))
def test_the_engines_display_order_is_card_sort_key_order(indices: set[int]) -> None:
    # The call's options list the caller's cards in this order; the kernel picks the n-th.
    mask = sum(1 << index for index in indices)
    expected = [card.index for card in sorted(map(hokm.Card.from_index, indices), key=lambda c: c.sort_key)]
    assert _display_order(mask) == expected
    assert [_nth_displayed(mask, pick) for pick in range(len(indices))] == expected


def test_card_call_answer_is_in_display_order() -> None:
    call = hokm.CardCall(actions=PICKS, first=4)
    assert call.answer(cards("2♠ K♣ A♠ 9♦ 3♥")) == tuple(PICKS[card.index] for card in cards("A♠ 2♠ 9♦ K♣"))


@pytest.mark.parametrize(("fields", "error", "fragment"), [
    ({"actions": PICKS[:51]}, hokm.InvalidArgumentError, "one action per card, 52 in index order, got 51"),
    ({"actions": (*PICKS[:51], 7)}, hokm.ArgumentTypeError, "CardCall() offers must be actions"),
    ({"actions": (*PICKS[:51], PICKS[0])}, hokm.InvalidArgumentError, "the same action twice"),
    ({"actions": PICKS, "first": 0}, hokm.InvalidArgumentError, "CardCall() first must be 1 or more"),
])
def test_card_call_bad_fields_are_refused(fields: dict[str, Any], error: type[Exception],
                                          fragment: str) -> None:
    with pytest.raises(error) as raised:
        hokm.CardCall(**fields)
    assert fragment in str(raised.value)


@pytest.mark.parametrize("variants", [(), ("court-piece",), ("three-player",), ("two-player",)])
@pytest.mark.parametrize("first", [5, 3])
def test_the_engine_builds_the_declared_choices_without_asking_the_hook(variants: tuple[str, ...],
                                                                      first: int) -> None:
    plugin = Picker(first=first)
    rules = hokm.Ruleset.compose(*variants, plugin)
    rng = random.Random(f"card-call-{variants}-{first}")
    for _ in range(60):
        hand = rules.deal(rng, hakem=rng.randrange(rules.layout.players))
        declared = hokm.CardCall(actions=PICKS, first=first)
        assert hand.legal_actions() == declared.answer(hand.dealt(hand.hakem))
        assert hand.playout(rng).is_over
    assert plugin.asked == 0
    check_turn_windows(rules.deal(rng, hakem=0))


@pytest.mark.parametrize(("first", "waits"), [(1, False), (2, True)])
def test_a_declared_card_call_over_one_card_is_taken_by_the_core(first: int, waits: bool) -> None:
    # Counted on the mask at the deal (Engine.call_may_be_lone): one card is a lone choice,
    # taken by itself (RULES 1.5.1 rule 3); two wait for the caller.
    rules = hokm.Ruleset.compose(Picker(first=first))
    hand = rules.deal(_deck("Q♥ 2♠ A♠ 9♦ K♣"), hakem=0)
    if waits:
        assert hand.phase is hokm.Phase.TRUMP
        assert hand.legal_actions() == tuple(PICKS[card.index] for card in cards("2♠ Q♥"))
    else:
        assert hand.phase is hokm.Phase.PLAY
        assert hand.decisions == ((0, PICKS[hokm.Card.parse("Q♥").index]),)
        assert hand.trump is hokm.Suit.HEARTS


def test_check_turn_windows_holds_the_hook_to_its_card_call() -> None:
    lying = hokm.Ruleset.compose(Picker(lies=True))
    broke = r"'picker' broke the contract of hokm_trump_call: it answered"
    with pytest.raises(PluginContractError, match=broke):  # 2♠ A♠: index order is not display order
        check_turn_windows(lying.deal(_deck("2♠ A♠ 9♦ K♣ 3♥"), hakem=0))


def test_hidden_trump_declares_its_chosen_indicator_only() -> None:
    chosen = hokm.Ruleset.compose("hidden-trump")
    assert chosen._engine.card_call is not None
    blind = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"indicator": "blind"}})
    assert blind._engine.card_call is None
