"""Composition: names, instances, options, conflicts, overlaps, hook order, contracts."""

from __future__ import annotations

import warnings
from collections.abc import Collection
from typing import ClassVar

import attrs
import pytest

import hokm
from hokm import Card, PlayContext, Seat, Suit, Trick, VariantInfo, cards, hookimpl


@attrs.frozen(eq=False)
class SevenOfDiamondsWins(hokm.Variant):
    """A house rule for tests: the 7♦ wins any trick it is in."""

    info: ClassVar[VariantInfo] = VariantInfo(name="seven-wins", summary="7♦ wins")

    @hookimpl
    def hokm_trick_winner(self, trick: Trick) -> Seat | None:
        return next((seat for seat, card in trick.plays if card == Card.parse("7♦")), None)


@attrs.frozen(eq=False)
class NoClubs(hokm.Variant):
    info: ClassVar[VariantInfo] = VariantInfo(summary="never play a club if avoidable",
                                              conflicts={"seven-wins": "tests say so"})

    @hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> Collection[Card] | None:
        if ctx.led is not None:
            return None  # following suit (or discarding) is never restricted
        others = [c for c in ctx.hand if c.suit is not Suit.CLUBS]
        return others or None


@attrs.frozen(eq=False)
class OnlyClubs(hokm.Variant):
    info: ClassVar[VariantInfo] = VariantInfo(name="only-clubs", summary="play clubs only")

    @hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> Collection[Card] | None:
        return [c for c in ctx.hand if c.suit is Suit.CLUBS]


def test_compose_by_instance_and_name_derivation() -> None:
    rules = hokm.Ruleset.compose(SevenOfDiamondsWins())
    assert rules.variants == ("seven-wins",)
    assert rules.describe() == "standard + seven-wins"
    assert hokm.Ruleset.compose(NoClubs()).variants == ("no-clubs",)
    trick = [(0, Card.parse("A♠")), (1, Card.parse("7♦")), (2, Card.parse("K♠")), (3, Card.parse("2♠"))]
    assert rules.trick_winner(trick, trump=Suit.SPADES) == 1
    assert hokm.Ruleset.compose().trick_winner(trick, trump=Suit.SPADES) == 0


def test_hook_order_puts_later_variants_first_and_standard_last() -> None:
    rules = hokm.Ruleset.compose(SevenOfDiamondsWins())
    assert rules.hook_order("hokm_trick_winner") == ("seven-wins", "standard")
    assert rules.hook_order("hokm_restrict_plays") == ()
    with pytest.raises(hokm.RulesetError, match="not a hokm hook"):
        rules.hook_order("hokm_nonsense")


def test_restrictions_are_intersected_with_follow_suit() -> None:
    rules = hokm.Ruleset.compose(NoClubs())
    assert rules.legal_plays(cards("3♣ 5♥"), trump=Suit.SPADES) == frozenset(cards("5♥"))
    # Must follow clubs when clubs are led, whatever the house rule prefers.
    led = [(0, Card.parse("A♣"))]
    assert rules.legal_plays(cards("3♣ 5♥"), trick=led, trump=Suit.SPADES) == frozenset(cards("3♣"))


def test_empty_intersection_names_the_variants() -> None:
    rules = hokm.Ruleset.compose(NoClubs(), OnlyClubs())
    with pytest.raises(hokm.VariantConflictError, match="no-clubs, only-clubs"):
        rules.legal_plays(cards("3♣ 5♥"), trump=Suit.SPADES)


def test_declared_conflicts_are_refused_either_way_round() -> None:
    with pytest.raises(hokm.VariantConflictError, match="tests say so"):
        hokm.Ruleset.compose(NoClubs(), SevenOfDiamondsWins())
    with pytest.raises(hokm.VariantConflictError, match="tests say so"):
        hokm.Ruleset.compose(SevenOfDiamondsWins(), NoClubs())


def test_requirements_must_be_selected() -> None:
    @attrs.frozen(eq=False)
    class NeedsClockwise(hokm.Variant):
        info: ClassVar[VariantInfo] = VariantInfo(summary="x", requires={"clockwise"})

    with pytest.raises(hokm.VariantConflictError, match="requires 'clockwise'"):
        hokm.Ruleset.compose(NeedsClockwise())
    assert hokm.Ruleset.compose("clockwise", NeedsClockwise()).variants == ("clockwise", "needs-clockwise")


def test_unknown_variant_is_a_lookup_error_listing_what_exists() -> None:
    with pytest.raises(hokm.UnknownVariantError, match="no variant named 'satatt'") as caught:
        hokm.Ruleset.compose("satatt")
    assert isinstance(caught.value, LookupError)
    assert "clockwise" in str(caught.value)


def test_options_for_unselected_or_instance_variants_are_refused() -> None:
    with pytest.raises(hokm.InvalidOptionError, match="not selected"):
        hokm.Ruleset.compose(options={"satat": {"two_hearts_follows": "hearts"}})
    with pytest.raises(hokm.InvalidOptionError, match="passed as an instance"):
        hokm.Ruleset.compose(NoClubs(), options={"no-clubs": {"x": 1}})
    with pytest.raises(hokm.InvalidOptionError, match="'clockwise' has no option 'speed'"):
        hokm.Ruleset.compose("clockwise", options={"clockwise": {"speed": 2}})


def test_selecting_a_variant_twice_is_an_error() -> None:
    with pytest.raises(hokm.RulesetError, match="selected twice"):
        hokm.Ruleset.compose("clockwise", "clockwise")


def test_misspelt_hook_is_caught_at_composition() -> None:
    class Typo(hokm.Variant):
        @hookimpl
        def hokm_trick_winer(self, trick: Trick) -> Seat | None:
            return None

    with pytest.raises(hokm.RulesetError, match="hokm_trick_winer"):
        hokm.Ruleset.compose(Typo())


def test_unknown_hook_argument_is_caught_at_composition() -> None:
    class BadArgs(hokm.Variant):
        @hookimpl
        def hokm_trick_winner(self, trick: Trick, colour: str) -> Seat | None:
            return None

    with pytest.raises(hokm.RulesetError, match="colour"):
        hokm.Ruleset.compose(BadArgs())


def test_overlapping_variants_warn_with_the_order() -> None:
    @attrs.frozen(eq=False)
    class AlsoSeven(hokm.Variant):
        info: ClassVar[VariantInfo] = VariantInfo(name="also-seven", summary="x")

        @hookimpl
        def hokm_trick_winner(self, trick: Trick) -> Seat | None:
            return None

    with pytest.warns(hokm.VariantOverlapWarning, match="asked in this order: also-seven, then seven-wins"):
        hokm.Ruleset.compose(SevenOfDiamondsWins(), AlsoSeven())


def test_variants_declaring_the_same_fact_do_not_overlap() -> None:
    # Two variants that both declare clockwise play agree: whichever is asked first, the table
    # is the same, so composing them is no overlap (troefcall with clockwise).
    @attrs.frozen(eq=False)
    class Lefty(hokm.Variant):
        info: ClassVar[VariantInfo] = VariantInfo(name="lefty", summary="x")

        @hookimpl
        def hokm_rotation(self) -> hokm.Rotation:
            return hokm.Rotation.CLOCKWISE

    @attrs.frozen(eq=False)
    class Righty(hokm.Variant):
        info: ClassVar[VariantInfo] = VariantInfo(name="righty", summary="x")

        @hookimpl
        def hokm_rotation(self) -> hokm.Rotation:
            return hokm.Rotation.COUNTERCLOCKWISE

    with warnings.catch_warnings():
        warnings.simplefilter("error", hokm.VariantOverlapWarning)
        assert hokm.Ruleset.compose("clockwise", Lefty()).rotation is hokm.Rotation.CLOCKWISE
    with pytest.warns(hokm.VariantOverlapWarning, match="asked in this order: righty, then clockwise"):
        assert hokm.Ruleset.compose("clockwise", Righty()).rotation is hokm.Rotation.COUNTERCLOCKWISE
def test_decision_effects_of_several_variants_are_no_overlap() -> None:
    # Each variant answers hokm_decision_effect for its own actions only, so two of them shadow
    # nothing (a redeal claim next to Satat's "last four"): no warning, and each effect applies.
    import warnings

    class Mine(hokm.Action):
        pass

    class Theirs(hokm.Action):
        pass

    def answering(kind: type[hokm.Action], name: str, effect: hokm.Effect) -> hokm.Variant:
        @attrs.frozen(eq=False)
        class Answers(hokm.Variant):
            info: ClassVar[VariantInfo] = VariantInfo(name=name, summary="x")

            @hookimpl
            def hokm_call_alternatives(self) -> list[hokm.Action]:
                return [kind()]

            @hookimpl
            def hokm_decision_effect(self, action: hokm.Action) -> hokm.Effect | None:
                return effect if isinstance(action, kind) else None

        return Answers()

    with warnings.catch_warnings():
        warnings.simplefilter("error", hokm.VariantOverlapWarning)
        rules = hokm.Ruleset.compose(answering(Mine, "mine", hokm.Effect(trump=hokm.Suit.CLUBS)),
                                     answering(Theirs, "theirs", hokm.Effect(annul=True)))
    assert rules.hook_order("hokm_decision_effect") == ("theirs", "mine")
    hand = rules.deal(hokm.full_deck())
    assert hand.apply(Mine()).trump is hokm.Suit.CLUBS and hand.apply(Theirs()).is_annulled


def test_check_ruleset_hook_can_veto() -> None:
    class Picky(hokm.Variant):
        @hookimpl
        def hokm_check_ruleset(self, ruleset: hokm.RulesetInfo) -> None:
            if "clockwise" in ruleset:
                raise hokm.VariantConflictError("picky cannot run clockwise")

    with pytest.raises(hokm.VariantConflictError, match="picky cannot run clockwise"):
        hokm.Ruleset.compose("clockwise", Picky())
    assert hokm.Ruleset.compose(Picky()).variants == ("picky",)


def test_check_ruleset_hook_sees_every_plugins_options() -> None:
    seen: list[hokm.RulesetInfo] = []

    class Watcher(hokm.Variant):
        @hookimpl
        def hokm_check_ruleset(self, ruleset: hokm.RulesetInfo) -> None:
            seen.append(ruleset)
            if ruleset.options["standard"]["target"] > 20:
                raise hokm.InvalidOptionError("watcher: a target over 20 is too long")

    hokm.Ruleset.compose("satat", Watcher(), options={"standard": {"target": 9}})
    info = seen[-1]
    assert info.variants == ("satat", "watcher")
    assert list(info.options) == ["standard", "satat", "watcher"]
    assert info.options["standard"]["target"] == 9 and info.options["standard"]["packets"] == (5, 4, 4)
    assert info.options["satat"]["two_hearts_follows"] == "trump" and info.options["watcher"] == {}
    with pytest.raises(TypeError):
        info.options["standard"]["target"] = 3  # type: ignore[index]
    with pytest.raises(hokm.InvalidOptionError, match="watcher: a target over 20"):
        hokm.Ruleset.compose(Watcher(), options={"standard": {"target": 21}})
    assert hokm.RulesetInfo(("satat",)).options == {}  # options are optional


def test_broken_table_hooks_are_named() -> None:
    class BadDeck(hokm.Variant):
        @hookimpl
        def hokm_deck(self) -> list[Card]:
            return [Card.parse("A♠"), Card.parse("A♠")]

    with pytest.raises(hokm.PluginContractError, match="'bad-deck' broke the contract of hokm_deck"):
        hokm.Ruleset.compose(BadDeck())

    class BadSuit(hokm.Variant):
        @hookimpl
        def hokm_effective_suit(self, card: Card) -> str:
            return "hearts"

    with pytest.raises(hokm.PluginContractError, match="hokm_effective_suit"):
        hokm.Ruleset.compose(BadSuit())


def test_trick_winner_outside_the_trick_is_a_contract_error() -> None:
    class Outsider(hokm.Variant):
        @hookimpl
        def hokm_trick_winner(self) -> int:
            return 7

    rules = hokm.Ruleset.compose(Outsider())
    trick = [(0, Card.parse("A♠")), (1, Card.parse("7♦")), (2, Card.parse("K♠")), (3, Card.parse("2♠"))]
    expected = "'outsider' broke the contract of hokm_trick_winner"
    with pytest.raises(hokm.PluginContractError, match=expected) as caught:
        rules.trick_winner(trick, trump=Suit.SPADES)
    assert (caught.value.plugin, caught.value.hook) == ("outsider", "hokm_trick_winner")


def test_restriction_outside_the_hand_is_a_contract_error() -> None:
    class Phantom(hokm.Variant):
        @hookimpl
        def hokm_restrict_plays(self) -> list[Card]:
            return [Card.parse("A♠")]

    rules = hokm.Ruleset.compose(Phantom())
    with pytest.raises(hokm.PluginContractError, match="does not hold"):
        rules.legal_plays(cards("2♣ 3♣"), trump=Suit.SPADES)


def test_rulesets_compare_by_variants_and_options() -> None:
    a = hokm.Ruleset.compose("clockwise", options={"standard": {"target": 10}})
    b = hokm.Ruleset.compose("clockwise", options={"standard": {"target": 10}})
    c = hokm.Ruleset.compose("clockwise")
    assert a == b and hash(a) == hash(b) and a != c
    assert "clockwise" in repr(a)


def test_available_variants_lists_entry_points_without_importing() -> None:
    found = hokm.available_variants()
    assert found["clockwise"] == "hokm_variants.clockwise:Clockwise"
    assert list(found) == sorted(found)


def test_effective_suit_and_rank_answers_are_tabulated() -> None:
    rules = hokm.Ruleset.compose()
    assert rules.effective_suit(Card.parse("2♥"), Suit.CLUBS) is Suit.HEARTS
    assert rules.card_rank(Card.parse("A♣"), Suit.CLUBS) == 14


@pytest.mark.parametrize(
    "trick",
    [[(0, Card.parse("A♠"))], [(0, Card.parse("A♠")), (0, Card.parse("K♠")), (2, Card.parse("2♠")),
                               (3, Card.parse("3♠"))]],
)
def test_malformed_tricks_are_refused(trick: list[tuple[int, Card]]) -> None:
    with pytest.raises(hokm.InvalidNotationError):
        hokm.Ruleset.compose().trick_winner(trick, trump=Suit.SPADES)


def test_quiet_composition_of_a_single_variant() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        hokm.Ruleset.compose("clockwise")


def test_option_errors_name_the_exact_option_without_attrs_internals() -> None:
    with pytest.raises(hokm.InvalidOptionError) as caught:
        hokm.Ruleset.compose(options={"standard": {"target": 10, "succession": "left"}})
    message = str(caught.value)
    assert message.startswith("variant 'standard', option 'succession': ")
    assert "Attribute(" not in message


def test_second_ace_partners_need_the_first_ace_hakem() -> None:
    with pytest.raises(hokm.InvalidOptionError, match="partners='second-ace' needs first_hakem='first-ace'"):
        hokm.Ruleset.compose(options={"standard": {"partners": "second-ace", "first_hakem": "random"}})


def test_invalid_plugins_are_named_not_shown_by_address() -> None:
    class Typo(hokm.Variant):
        @hookimpl
        def hokm_trick_winner(self, trick: Trick, colour: str) -> Seat | None:
            return None

    with pytest.raises(hokm.RulesetError, match="plugin 'typo' is not a valid hokm plugin") as caught:
        hokm.Ruleset.compose(Typo())
    assert "object at 0x" not in str(caught.value)


def test_restrictions_can_read_the_completed_tricks() -> None:
    seen: list[int] = []

    class NoTrumpLeadUntilBroken(hokm.Variant):
        """House rule for the test: no trump lead until a trump has been played."""

        @hookimpl
        def hokm_restrict_plays(self, ctx: PlayContext) -> Collection[Card] | None:
            seen.append(len(ctx.tricks))
            if ctx.led is not None or any(c.suit is ctx.trump for t in ctx.tricks for c in t.cards):
                return None
            others = [c for c in ctx.hand if c.suit is not ctx.trump]
            return others or None

    rules = hokm.Ruleset.compose(NoTrumpLeadUntilBroken())
    deck = hokm.full_deck()
    hand = rules.new_hand([deck[0:13], deck[13:26], deck[26:39], deck[39:52]], hakem=0, trump=Suit.SPADES)
    assert hand.legal_plays() == frozenset(deck[0:13])  # only spades held: free choice
    hand = hokm.Ruleset.compose(NoTrumpLeadUntilBroken()).new_hand(
        [[*deck[0:12], deck[13]], [deck[12], *deck[14:26]], deck[26:39], deck[39:52]],
        hakem=0, trump=Suit.SPADES)
    assert hand.legal_plays() == frozenset([deck[13]])  # the only heart; spades not broken
    assert seen and seen[-1] == 0



def test_inactive_hooks_are_left_out_of_the_composed_rules() -> None:
    @attrs.frozen(eq=False)
    class Switchable(hokm.Variant):
        info: ClassVar[VariantInfo] = VariantInfo(name="switchable", summary="7♦ wins, if on")
        on: bool = attrs.field(default=True, kw_only=True)

        @property
        def inactive_hooks(self) -> frozenset[str]:
            return frozenset() if self.on else frozenset({"hokm_trick_winner"})

        @hookimpl
        def hokm_trick_winner(self, trick: Trick) -> Seat | None:
            return next((seat for seat, card in trick.plays if card == Card.parse("7♦")), None)

    trick = [(0, Card.parse("A♠")), (1, Card.parse("7♦")), (2, Card.parse("K♠")), (3, Card.parse("2♠"))]
    on = hokm.Ruleset.compose(Switchable())
    off = hokm.Ruleset.compose(Switchable(on=False))
    assert on.hook_order("hokm_trick_winner") == ("switchable", "standard")
    assert off.hook_order("hokm_trick_winner") == ("standard",)
    assert on.trick_winner(trick, trump=Suit.SPADES) == 1
    assert off.trick_winner(trick, trump=Suit.SPADES) == 0


def test_bundled_variants_idle_their_decision_hooks_without_decide() -> None:
    for name in ("bavney", "court-piece"):
        assert hokm.Ruleset.compose(name).hook_order("hokm_pending_decision") == ()
        assert hokm.Ruleset.compose(name, options={name: {"decide": True}}).hook_order(
            "hokm_pending_decision") == (name,)

