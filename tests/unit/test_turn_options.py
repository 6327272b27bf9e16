"""Announcements on a turn (``hokm_turn_options``), asked as the implementations' signatures say.

An implementation that takes no hand is tabulated over lead, hakem, void, trump (a suit or
``None``) and trick when the ruleset is composed, and never called in play; one that takes
``hand`` is asked per turn, only inside its ``TurnWindow``. The answers are collected (every
plugin), the tables' first. Spy plugins count the calls; stepping and ``playout`` must offer
and take the same announcements.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import stepped, trick_turns, walked

import hokm
from hokm import Action, Card, HandState, HandView, Phase, PluginContractError, Suit, TurnWindow
from hokm._kernel.plan import plan_of
from hokm.testing.strategies import hand_states
from hokm_variants.hidden_trump import AskTrump, HiddenTrump, RevealTrump
from hokm_variants.troefcall import Troefcall


@attrs.frozen
class Knock(Action):
    tag = "tests/options-knock"


@attrs.frozen
class Pass(Action):
    tag = "tests/options-pass"


KNOCK, PASS = Knock(), Pass()
TRUMPS: tuple[Suit | None, ...] = (*Suit, None)


def knocker_rule(lead: bool, hakem: bool, void: bool, trump: Suit | None) -> tuple[Action, ...] | None:
    """A knock for the Hakem on his lead; a pass for another seat that cannot follow, unless hearts
    are trump. Neither does anything but be recorded."""
    if lead:
        return (KNOCK,) if hakem else None
    if void and not hakem and trump is not Suit.HEARTS:
        return (PASS,)
    return None


@attrs.define(eq=False)
class Knocker(hokm.Variant):
    """``knocker_rule`` as a table (takes no hand); ``asked`` records every call's arguments."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="knocker", summary="tests only")
    asked: list[tuple[bool, bool, bool, Suit | None]] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (KNOCK, PASS)

    @hokm.hookimpl
    def hokm_turn_options(self, lead: bool, hakem: bool, void: bool,
                          trump: Suit | None) -> Sequence[Action] | None:
        self.asked.append((lead, hakem, void, trump))
        return knocker_rule(lead, hakem, void, trump)


@attrs.define(eq=False)
class AceKnocker(Knocker):
    """``Knocker`` plus, through ``specname``, a pass for the Hakem on his lead to the first trick
    when he holds the A♠ (that one reads the hand; its window says so). ``by_hand`` counts it."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="ace-knocker", summary="tests only")
    by_hand: list[tuple[int, bool, bool]] = attrs.field(factory=list, init=False)
    turn_windows: ClassVar[dict[str, TurnWindow]] = {
        "hokm_turn_options": TurnWindow(leads="hakem", follows="none", tricks=slice(None, 1))}

    @hokm.hookimpl(specname="hokm_turn_options")
    def ace_pass(self, hand: HandView) -> Sequence[Action] | None:
        self.by_hand.append((hand.tricks_played, not hand.current_trick.plays, hand.to_act == hand.hakem))
        return (PASS,) if Card.parse("A♠") in hand.hand_of(hand.hakem) else None


@attrs.define(eq=False)
class Early(hokm.Variant):
    """A knock on any lead to the first three tricks: takes ``lead`` and ``trick`` (no hand)."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="early", summary="tests only")
    asked: list[tuple[bool, int]] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (KNOCK,)

    @hokm.hookimpl
    def hokm_turn_options(self, lead: bool, number: int) -> Sequence[Action] | None:
        self.asked.append((lead, number))
        return (KNOCK,) if lead and number <= 3 else None




def _turn(hand: HandState) -> tuple[bool, bool, bool, Suit | None, int]:
    """The facts of the turn in progress: lead, hakem, void (effective suits), trump, trick number."""
    trick, seat = hand.current_trick, hand.to_act
    assert seat is not None
    led = trick.led
    void = led is not None and all(trick.suit_of(card) != led for card in hand.hand_of(seat))
    return not trick.plays, seat == hand.hakem, void, hand.trump, hand.tricks_played + 1


def _announcements(hand: HandState) -> tuple[Action, ...]:
    return tuple(action for action in hand.legal_actions() if not isinstance(action, hokm.PlayCard))


# A table: asked at composition for every value it takes, never in play ---------------------------


def test_an_implementation_without_the_hand_is_asked_once_per_value_at_composition() -> None:
    plugin = Knocker()
    rules = hokm.Ruleset.compose(plugin)
    # Only the values it takes are enumerated (not the trick number), each combination once.
    assert sorted(plugin.asked, key=repr) == sorted(itertools.product((True, False), (True, False),
                                                                      (True, False), TRUMPS), key=repr)
    plugin.asked.clear()
    taken = 0
    for seed in range(6):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        taken += len(stepped(start, seed).decisions) + len(start.playout(random.Random(seed)).decisions)
    assert taken and plugin.asked == []
    assert rules._engine.decisions.turn_chain == ()  # nothing left to ask per turn


@pytest.mark.parametrize("variants", [(), ("satat",), ("two-player",), ("three-player",), ("court-piece",)],
                         ids=lambda variants: "+".join(variants) or "standard")
def test_the_table_offers_what_the_implementation_answers_on_every_turn(variants: tuple[str, ...]) -> None:
    rules = hokm.Ruleset.compose(*variants, Knocker())
    seen: set[tuple[Action, ...]] = set()
    for hand in trick_turns(rules, range(8)):
        if hand.announced is not None:
            assert _announcements(hand) == ()  # at most one announcement per turn
            continue
        lead, hakem, void, trump, _ = _turn(hand)
        assert _announcements(hand) == (knocker_rule(lead, hakem, void, trump) or ()), _turn(hand)
        seen.add(_announcements(hand))
    assert seen == {(), (KNOCK,), (PASS,)}


TABLED = (hokm.Ruleset.compose(Knocker()), hokm.Ruleset.compose("satat", Knocker()),
          hokm.Ruleset.compose("two-player", Knocker()), hokm.Ruleset.compose("three-player", Knocker()))


@settings(max_examples=80, deadline=None)
@given(hand=hand_states(ruleset=st.sampled_from(TABLED), min_actions=1, max_actions=50))
def test_every_reachable_turn_offers_what_the_implementation_answers(hand: HandState) -> None:
    if hand.phase is not Phase.PLAY or hand.pending_decision is not None:
        return
    lead, hakem, void, trump, _ = _turn(hand)
    expected = () if hand.announced is not None else knocker_rule(lead, hakem, void, trump) or ()
    assert _announcements(hand) == expected


@pytest.mark.parametrize("plugin", [Knocker, AceKnocker, Early], ids=lambda plugin: plugin.__name__)
@pytest.mark.parametrize("partners", [(), ("satat",), ("court-piece",)], ids=lambda p: "+".join(p) or "alone")
def test_playouts_from_any_state_offer_as_stepping_does(plugin: type[hokm.Variant],
                                                       partners: tuple[str, ...]) -> None:
    rules = hokm.Ruleset.compose(*partners, plugin())
    for deal_seed in range(20):
        for steps in (1, 6, 19, 33):
            state = walked(rules, deal_seed, steps)
            played, reference = state.playout(random.Random(deal_seed)), stepped(state, deal_seed)
            assert played == reference and played.decisions == reference.decisions, (deal_seed, steps)


def test_the_trump_in_the_table_is_the_hands_trump() -> None:
    # knocker_rule offers no pass under hearts: hands called in hearts never see one.
    rules = hokm.Ruleset.compose(Knocker())
    passes = dict.fromkeys(Suit, 0)
    for seed in range(24):
        suit = list(Suit)[seed % 4]
        start = rules.deal(random.Random(seed), hakem=0).apply(hokm.CallTrump(suit))
        passes[suit] += sum(action == PASS for _, action in stepped(start, seed).decisions)
    assert passes[Suit.HEARTS] == 0 and all(passes[suit] for suit in Suit if suit is not Suit.HEARTS)


@pytest.mark.parametrize("variants", [
    (), ("court-piece", "clockwise"), ("satat",),
    ("obligatory-trump",), ("satat", "obligatory-trump"),
], ids=lambda variants: "+".join(variants) or "standard")
def test_playouts_offer_and_take_the_table_as_stepping_does(variants: tuple[str, ...]) -> None:
    rules = hokm.Ruleset.compose(*variants, Knocker())
    taken: set[Action] = set()
    for seed in range(40):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        played, reference = start.playout(random.Random(seed)), stepped(start, seed)
        assert played == reference and played.decisions == reference.decisions
        assert played.decisions_at == reference.decisions_at
        assert hokm.events.history(played) == hokm.events.history(reference)  # logged as stepping logs it
        taken.update(action for _, action in reference.decisions)
    assert {KNOCK, PASS} <= taken


def test_a_table_by_trick_offers_in_its_tricks_only_in_stepping_and_playouts() -> None:
    rules = hokm.Ruleset.compose(Early())
    knocked_at: list[int] = []
    for seed in range(30):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        played, reference = start.playout(random.Random(seed)), stepped(start, seed)
        assert played == reference and played.decisions_at == reference.decisions_at
        knocked_at += [at // 4 + 1 for at in reference.decisions_at[1:]]  # (the first: the call)
    assert knocked_at and set(knocked_at) <= {1, 2, 3}


def test_the_loop_reads_a_table_by_trick_again_only_where_it_changes() -> None:
    # Offers in the first three tricks: a lead reads the rows again after the third trick only (and
    # as the loop takes over); the standard game's rows never change.
    changes = plan_of(hokm.Ruleset.compose(Early())._engine).changes
    assert {tuple(done for done, changed in enumerate(row) if changed)
            for per_trump in changes for per_state in per_trump for row in per_state} == {(0, 3)}
    standard = plan_of(hokm.Ruleset.compose()._engine).changes
    assert {row.count(True) for per_trump in standard for per_state in per_trump for row in per_state} == {1}


def test_a_table_by_trick_is_asked_only_at_composition() -> None:
    plugin = Early()
    rules = hokm.Ruleset.compose(plugin)
    assert sorted(plugin.asked) == sorted(itertools.product((False, True), range(1, 14)))
    plugin.asked.clear()
    rules.deal(random.Random(1), hakem=0).playout(random.Random(1))
    assert plugin.asked == []


@pytest.mark.parametrize("takes_hand", [False, True])
def test_a_seat_that_can_follow_is_offered_nothing(takes_hand: bool) -> None:
    class Follower(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="follower", summary="tests only")

        @hokm.hookimpl
        def hokm_action_space(self) -> Sequence[Action]:
            return (KNOCK,)

        @hokm.hookimpl
        def hokm_turn_options(self, lead: bool) -> Sequence[Action] | None:
            return None if lead else (KNOCK,)

    class HandFollower(Follower):
        @hokm.hookimpl
        def hokm_turn_options(self, lead: bool) -> Sequence[Action] | None:
            return None

        @hokm.hookimpl(specname="hokm_turn_options")
        def by_hand(self, hand: HandView, lead: bool) -> Sequence[Action] | None:
            return None if lead else (KNOCK,)

    rules = hokm.Ruleset.compose(HandFollower() if takes_hand else Follower())
    for hand in trick_turns(rules, range(3)):
        lead, _, void, _, _ = _turn(hand)
        if not lead and not void:
            assert _announcements(hand) == ()


# Contract errors: at composition for a table, at the turn for a hook reading the hand ----------------


@pytest.mark.parametrize("action", [hokm.PlayCard(Card.parse("2♠")), hokm.CallTrump(Suit.SPADES),
                                    hokm.DrawCard(True), hokm.Discard(Card.parse("2♠"))],
                         ids=["play", "call", "draw", "discard"])
def test_a_core_action_offered_by_a_table_is_refused_at_composition(action: Action) -> None:
    class Core(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="core-offer", summary="tests only")

        @hokm.hookimpl
        def hokm_turn_options(self, lead: bool, hakem: bool) -> Sequence[Action] | None:
            return (action,) if lead and hakem else None

    with pytest.raises(PluginContractError, match="cards, trump calls and stock draws are not announcements"
                       ) as caught:
        hokm.Ruleset.compose(Core())
    assert (caught.value.plugin, caught.value.hook) == ("core-offer", "hokm_turn_options")
    assert "plugin 'core-offer' broke the contract of hokm_turn_options: offered" in str(caught.value)


def test_a_core_action_offered_by_a_hook_reading_the_hand_is_refused_at_the_turn() -> None:
    class Core(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="core-hand-offer", summary="tests only")

        @hokm.hookimpl
        def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
            return (hokm.CallTrump(Suit.SPADES),) if hand.tricks_played == 2 else None

    rules = hokm.Ruleset.compose(Core())  # nothing to ask yet
    hand = rules.deal(random.Random(2), hakem=0).apply(hokm.CallTrump(Suit.CLUBS))
    while hand.tricks_played < 2:
        hand = hand.apply(hand.legal_actions()[0])
    with pytest.raises(PluginContractError, match="not announcements") as caught:
        hand.legal_actions()
    assert (caught.value.plugin, caught.value.hook) == ("core-hand-offer", "hokm_turn_options")


@pytest.mark.parametrize(("answer", "fragment"), [
    (lambda lead: KNOCK if lead else None, "not a sequence of actions"),
    (lambda lead: (KNOCK, KNOCK) if lead else None, "the same choice is offered twice"),
    (lambda lead: ("knock",) if lead else None, "which is not an Action"),
    (lambda lead: {}[lead], "raised in hokm_turn_options: KeyError"),
], ids=["not-a-sequence", "twice", "not-an-action", "raises"])
def test_a_bad_table_answer_is_refused_at_composition(answer: object, fragment: str) -> None:
    class Bad(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="bad-options", summary="tests only")

        @hokm.hookimpl
        def hokm_turn_options(self, lead: bool) -> object:
            return answer(lead)  # type: ignore[operator]

    with pytest.raises(PluginContractError, match=fragment) as caught:
        hokm.Ruleset.compose(Bad())
    assert (caught.value.plugin, caught.value.hook) == ("bad-options", "hokm_turn_options")


def test_two_tables_offering_the_same_announcement_are_refused_at_composition() -> None:
    class Twin(Knocker):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="twin", summary="tests only")

    with pytest.raises(PluginContractError, match="the same choice is offered twice") as caught:
        hokm.Ruleset.compose(Knocker(), Twin())
    assert caught.value.plugin in {"knocker", "twin"} and caught.value.hook == "hokm_turn_options"
    with pytest.raises(PluginContractError, match="offered twice"):  # both knock on the Hakem's early leads
        hokm.Ruleset.compose(Knocker(), Early())

    class OthersKnock(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="others-knock", summary="tests only")

        @hokm.hookimpl
        def hokm_turn_options(self, lead: bool, hakem: bool) -> Sequence[Action] | None:
            return (KNOCK,) if lead and not hakem else None

    assert hokm.Ruleset.compose(Knocker(), OthersKnock())  # the same announcement on other turns: fine


# A table and a hook reading the hand -----------------------------------------------------------


def test_in_one_plugin_the_table_and_the_hand_hook_offer_together_the_table_first() -> None:
    plugin = AceKnocker()
    rules = hokm.Ruleset.compose(plugin)
    decisions = rules._engine.decisions
    assert [impl.argnames for impl in decisions.turn_chain] == [("hand",)]
    ace = Card.parse("A♠")
    both = 0
    for seed in range(40):
        start = rules.deal(random.Random(seed), hakem=0).apply(hokm.CallTrump(Suit.CLUBS))
        expected = (KNOCK, PASS) if ace in start.hand_of(0) else (KNOCK,)
        assert _announcements(start) == expected
        both += len(expected) == 2
        played, reference = start.playout(random.Random(seed)), stepped(start, seed)
        assert played == reference and played.decisions == reference.decisions
    assert 5 < both < 35  # hands with and without the A♠
    # The hook reading the hand was asked only inside its window: the Hakem's lead to trick 1.
    assert plugin.by_hand and set(plugin.by_hand) == {(0, True, True)}
    assert plugin.asked and all(len(args) == 4 for args in plugin.asked)  # the table: at composition only
    assert len(plugin.asked) == 2 * 2 * 2 * 5


# The bundled rules -----------------------------------------------------------------------------


ASKED: list[tuple[bool, bool, bool, Suit | None]] = []


@attrs.frozen(eq=False)
class CountedHiddenTrump(HiddenTrump):
    """Hidden trump whose table-shaped hook records every call."""

    @hokm.hookimpl
    def hokm_turn_options(self, lead: bool, hakem: bool, void: bool,
                          trump: Suit | None) -> Sequence[Action] | None:
        ASKED.append((lead, hakem, void, trump))
        return super().hokm_turn_options(lead, hakem, void, trump)


@pytest.mark.parametrize("reveal", ["on-request", "automatic"])
def test_hidden_trumps_ask_and_reveal_are_a_table(reveal: str) -> None:
    ASKED.clear()
    rules = hokm.Ruleset.compose(CountedHiddenTrump(reveal=reveal))  # type: ignore[arg-type]
    assert len(ASKED) == 2 * 2 * 2 * 5 and rules._engine.decisions.turn_chain == ()
    decisions = rules._engine.decisions
    none = 4  # the table index of "no trump yet"
    for done in range(13):
        assert decisions.offered(none, done, True, True, False) == (RevealTrump(),)  # the caller's lead
        assert decisions.offered(none, done, True, False, False) == ()
        asks = reveal == "on-request"
        assert decisions.offered(none, done, False, False, True) == ((AskTrump(),) if asks else ())
        assert decisions.offered(none, done, False, True, True) == ((RevealTrump(),) if asks else ())
        assert decisions.offered(none, done, False, False, False) == ()
        for trump in range(4):  # revealed: nothing more
            turns = ((True, True, False), (False, False, True), (False, True, True))
            assert not any(decisions.offered(trump, done, lead, hakem, void) for lead, hakem, void in turns)
    ASKED.clear()
    for seed in range(10):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        assert start.playout(random.Random(seed)) == stepped(start, seed)
    assert ASKED == []


CLAIMS: list[tuple[int, bool, bool]] = []


@attrs.frozen(eq=False)
class CountedTroefcall(Troefcall):
    """Troefcall whose no-picture claim (a hook reading the hand) records the turns it is asked on."""

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        CLAIMS.append((hand.tricks_played, not hand.current_trick.plays, hand.to_act == hand.hakem))
        return super().hokm_turn_options(hand)


def test_troefcalls_claim_is_asked_only_on_the_callers_lead_to_the_first_trick() -> None:
    CLAIMS.clear()
    rules = hokm.Ruleset.compose(CountedTroefcall())
    assert CLAIMS == []
    gate = rules._engine.decisions.turn_gate
    assert gate is not None and gate.live == ((True,) + (False,) * 13, (True,) + (False,) * 13)
    hands = 0
    for seed in range(20):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        for hand in (start.playout(random.Random(seed)), stepped(start, seed)):
            hands += hand.tricks_played > 0
    assert CLAIMS and set(CLAIMS) == {(0, True, True)}
    assert len(CLAIMS) <= hands  # once per hand at most (none where a claim annulled it)


@pytest.mark.parametrize("variants", [
    ("hidden-trump",),
    ("bavney", "clockwise", "hidden-trump", "obligatory-trump", "redeal"),
    ("clockwise", "court-piece", "double-sar", "hidden-trump", "obligatory-trump", "redeal"),
], ids="+".join)
def test_after_an_announcement_playouts_go_on_as_stepping(variants: tuple[str, ...]) -> None:
    # From a state just after an ask or a reveal: the announced seat's card (under the duty), the
    # rest of the trick and of the hand, exactly as stepping, whether or not that card ends a trick.
    rules = hokm.Ruleset.compose(*variants)
    assert "hokm_turn_options" not in " ".join(plan_of(rules._engine).story)  # a table: nothing asked
    starts = {True: 0, False: 0}
    for seed in range(200):
        hand = rules.deal(random.Random(seed), hakem=seed % 4)
        walk = random.Random(seed).random
        while not hand.is_over and hand.announced is None:
            actions = hand.legal_actions()
            hand = hand.apply(actions[int(walk() * len(actions))])
        if hand.is_over:
            continue
        starts[len(hand.current_trick.plays) + 1 < 4] += 1
        played, reference = hand.playout(random.Random(seed)), stepped(hand, seed)
        assert played == reference and played.plays == reference.plays
        assert (played.collectors, played.shown, played.trump_from) == (
            reference.collectors, reference.shown, reference.trump_from)
        assert hokm.events.history(played) == hokm.events.history(reference)
    assert starts[True] > 20 and starts[False] > 5
