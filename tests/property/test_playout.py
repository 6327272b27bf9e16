"""HandState.playout's tight loops give exactly what stepping with the same choices gives."""

from __future__ import annotations

import random
from typing import ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import JackOfSpadesIsAHeart, stepped, walked

import hokm
from hokm._kernel.plan import plan_of
from hokm.events import history

COMBINATIONS = [(), ("clockwise", "satat"), ("obligatory-trump",), ("bavney",), ("double-sar",),
                ("court-piece",), ("three-player",), ("two-player", "double-sar"),
                ("satat", "obligatory-trump", "bavney")]
RULESETS = [hokm.Ruleset.compose(*names, options={"standard": {"play_all": True}} if play_all else {})
            for names in COMBINATIONS for play_all in (False, True)
            if not (play_all and names in (("three-player",), ("court-piece",)))]
RULESETS += [  # the kernel's other paths: overtrump duty, decisions that pause the hand
    hokm.Ruleset.compose("satat", "obligatory-trump", options={"obligatory-trump": {"overtrump": True}}),
    hokm.Ruleset.compose("bavney", options={"bavney": {"decide": True}}),
    hokm.Ruleset.compose("court-piece", "obligatory-trump", options={"court-piece": {"decide": True}}),
    hokm.Ruleset.compose("double-sar", "satat", options={"double-sar": {"chain": "team"}}),
]


@settings(max_examples=150)
@given(rules=st.sampled_from(RULESETS), deal_seed=st.integers(0, 2**32), seed=st.integers(0, 2**32))
def test_playout_equals_stepping(rules: hokm.Ruleset, deal_seed: int, seed: int) -> None:
    start = rules.deal(random.Random(deal_seed), hakem=deal_seed % rules.players)
    fast = start.playout(random.Random(seed))
    slow = stepped(start, seed)
    assert fast.plays == slow.plays
    assert fast.winners == slow.winners and fast.collectors == slow.collectors
    assert fast.team_tricks == slow.team_tricks and fast.decisions == slow.decisions
    assert fast.result() == slow.result()
    assert start.phase is hokm.Phase.TRUMP and not start.plays, "playout leaves its start untouched"


@settings(max_examples=150)
@given(rules=st.sampled_from(RULESETS), deal_seed=st.integers(0, 2**32), seed=st.integers(0, 2**32),
       steps=st.integers(0, 60))
def test_playout_from_any_state_equals_stepping(rules: hokm.Ruleset, deal_seed: int, seed: int,
                                                steps: int) -> None:
    # Mid-trick, between tricks, paused on a decision: search agents play out from anywhere.
    start = walked(rules, deal_seed, steps)
    before = (start.plays, start.winners, start.team_tricks, start.to_act)
    fast = start.playout(random.Random(seed))
    slow = stepped(start, seed)
    assert (fast.plays, fast.winners, fast.collectors, fast.decisions) == (
        slow.plays, slow.winners, slow.collectors, slow.decisions)
    assert fast.team_tricks == slow.team_tricks and fast.pile == slow.pile
    assert fast.result() == slow.result()
    assert (start.plays, start.winners, start.team_tricks, start.to_act) == before


MOMENTS = [  # RULES 1.5.1: no trump call, a trump fixed mid-trick, M1 alternatives, M3, discards
    hokm.Ruleset.compose("be-ranga"),
    hokm.Ruleset.compose("be-ranga", options={"be-ranga": {"fixing_card_is_trump": False}}),
    hokm.Ruleset.compose("be-ranga", "obligatory-trump", options={"obligatory-trump": {"overtrump": True}}),
    hokm.Ruleset.compose("be-ranga", "court-piece", "double-sar", "obligatory-trump"),
    hokm.Ruleset.compose("redeal", "satat", options={"satat": {"last_four": True}}),
    hokm.Ruleset.compose("hidden-trump", "double-sar"),
    hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"reveal": "automatic"}}),
    hokm.Ruleset.compose("troefcall"),
    # Turn windows: the kernel plays the turns outside them, and hands the others to stepping.
    *(hokm.Ruleset.compose("hidden-trump",
                           options={"hidden-trump": {"reveal": reveal, "indicator": indicator}})
      for reveal in ("on-request", "automatic") for indicator in ("chosen", "blind")),
    hokm.Ruleset.compose("clockwise", "court-piece", "double-sar", "hidden-trump", "obligatory-trump",
                         "redeal"),
    hokm.Ruleset.compose("bavney", "clockwise", "hidden-trump", "obligatory-trump", "redeal",
                         options={"hidden-trump": {"reveal": "automatic", "indicator": "blind"}}),
    hokm.Ruleset.compose("troefcall", options={"troefcall": {"capitulation": False, "trumping": "free"}}),
    # Pause windows: the tricks outside them end in the kernel.
    hokm.Ruleset.compose("redeal", "obligatory-trump", options={"redeal": {"rule": "no-picture-hand"}}),
    hokm.Ruleset.compose("court-piece", "hidden-trump", options={"court-piece": {"decide": True}}),
    *(hokm.Ruleset.compose("two-player", options={"two-player": {"mode": mode}})
      for mode in ("zhinam", "fifty-card", "dead-half")),
]


@settings(max_examples=150)
@given(rules=st.sampled_from(MOMENTS), deal_seed=st.integers(0, 2**32), seed=st.integers(0, 2**32),
       steps=st.integers(0, 60))
def test_playout_equals_stepping_beyond_the_classic_hand(rules: hokm.Ruleset, deal_seed: int, seed: int,
                                                         steps: int) -> None:
    # The kernel runs be-ranga's fixing inline and steps through the other moments: the same
    # state as stepping, from the start or from anywhere.
    start = walked(rules, deal_seed, steps)
    before = (start.plays, start.phase, start.decisions, start.trump, start.hands, start.set_aside)
    fast = start.playout(random.Random(seed))
    slow = stepped(start, seed)
    assert fast == slow and fast.plays == slow.plays and fast.trump_from == slow.trump_from
    assert (fast.announced, fast.shown, fast._extra.log) == (slow.announced, slow.shown, slow._extra.log)
    assert fast.is_annulled or fast.result() == slow.result()
    assert (start.plays, start.phase, start.decisions, start.trump, start.hands, start.set_aside) == before


def test_deal_from_a_generator_is_reproducible_and_uniform_enough() -> None:
    rules = hokm.Ruleset.compose()
    a = rules.deal(random.Random(5), hakem=1)
    b = rules.deal(random.Random(5), hakem=1)
    assert a.apply(hokm.CallTrump(hokm.Suit.SPADES)).hands == b.apply(hokm.CallTrump(hokm.Suit.SPADES)).hands
    # Each card lands with the Hakem about a quarter of the time.
    rng = random.Random(0)
    counts = [0] * 52
    for _ in range(2000):
        hand = rules.deal(rng, hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
        for card in hand.hand_of(0):
            counts[card.index] += 1
    assert all(380 < count < 620 for count in counts), counts


class NoSpadeLeads:
    """A legality rule (so the general loop plays): no spade lead while another suit is held."""

    info = hokm.VariantInfo(name="no-spade-leads", summary="lead a spade only with nothing else")

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: hokm.PlayContext) -> frozenset[hokm.Card] | None:
        if ctx.led is not None:
            return None
        others = frozenset(card for card in ctx.hand if card.suit is not hokm.Suit.SPADES)
        return others or None


class MustBeat:
    """A legality rule on follows: beat the winning card if you can (the tutorial's rule)."""

    info = hokm.VariantInfo(name="must-beat", summary="beat the winning card if able")

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: hokm.PlayContext) -> frozenset[hokm.Card] | None:
        led, winning = ctx.led, ctx.trick.winning_play()
        if led is None or winning is None:
            return None
        better = frozenset(card for card in ctx.cards_of(led) if ctx.beats(card, winning[1]))
        return better or None


class LateMustBeat(MustBeat):
    """``MustBeat`` from the fifth trick, on follows only, by a Hakem's partner's lead too."""

    info = hokm.VariantInfo(name="late-must-beat", summary="must-beat from trick 5, on follows")
    turn_windows: ClassVar[dict[str, hokm.TurnWindow]] = {
        "hokm_restrict_plays": hokm.TurnWindow(leads="none", tricks=slice(4, None))}


class SuitMustBeat(MustBeat):
    """``MustBeat`` asked only where it can act: on a follow by a seat holding the led suit."""

    info = hokm.VariantInfo(name="suit-must-beat", summary="must-beat, asked on follows in suit")
    turn_windows: ClassVar[dict[str, hokm.TurnWindow]] = {
        "hokm_restrict_plays": hokm.TurnWindow(leads="none", follows="suit")}


class KeepTopUntilTrump:
    """Before the hand has a trump, a seat that cannot follow keeps its highest-index card while it
    has another (``hokm_restrict_plays`` in a window of void follows, until a trump)."""

    info = hokm.VariantInfo(name="keep-top-until-trump", summary="void before a trump: not the top card")
    turn_windows: ClassVar[dict[str, hokm.TurnWindow]] = {
        "hokm_restrict_plays": hokm.TurnWindow(leads="none", follows="void", until_trump=True)}

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: hokm.PlayContext) -> frozenset[hokm.Card] | None:
        led = ctx.led
        if ctx.trump is not None or led is None or ctx.holds(led):
            return None
        top = max(ctx.hand, key=lambda card: card.index)
        return ctx.hand - {top} or None


class LeadsOnlyNoSpades(NoSpadeLeads):
    """``NoSpadeLeads``, its window holding the leads alone."""

    info = hokm.VariantInfo(name="leads-only-no-spades", summary="no spade lead, asked on leads alone")
    turn_windows: ClassVar[dict[str, hokm.TurnWindow]] = {
        "hokm_restrict_plays": hokm.TurnWindow(follows="none")}


class KeepTopVoid:
    """A void rule: a seat that cannot follow keeps its highest-index card while it has another."""

    info = hokm.VariantInfo(name="keep-top-void", summary="void: not the highest-index card")

    @hokm.hookimpl
    def hokm_restrict_void_plays(self, ctx: hokm.PlayContext) -> frozenset[hokm.Card] | None:
        top = max(ctx.hand, key=lambda card: card.index)
        return ctx.hand - {top} or None


FAST_PATHS = [  # (ruleset, whether the plain-tricks loop plays it, whether suit by suit)
    (hokm.Ruleset.compose(), True, True),
    (hokm.Ruleset.compose("obligatory-trump", options={"obligatory-trump": {"overtrump": True}}), True, True),
    (hokm.Ruleset.compose("two-player", options={"two-player": {"mode": "dead-half"}}), True, True),
    (hokm.Ruleset.compose("three-player"), False, True),  # its hand ends by its own rule
    (hokm.Ruleset.compose("satat", "clockwise"), True, False),
    (hokm.Ruleset.compose("satat", "obligatory-trump", options={"obligatory-trump": {"overtrump": True}}),
     True, False),
    (hokm.Ruleset.compose("double-sar"), True, True),  # its declared PileRule, in the loop
    (hokm.Ruleset.compose("satat", "double-sar", options={"double-sar": {
        "chain": "team", "reset_after_collect": False, "blocked_pickups": {3, 12}}}), True, False),
    (hokm.Ruleset.compose("be-ranga", "double-sar"), True, True),
    (hokm.Ruleset.compose(NoSpadeLeads(), "double-sar"), False, True),  # type: ignore[arg-type]
    (hokm.Ruleset.compose("double-sar", options={"double-sar": {"ace_rule": "two-aces"}}), False, True),
    # Legality hooks on follows, in and out of their windows, with a duty and cards of another suit.
    (hokm.Ruleset.compose(MustBeat()), False, True),  # type: ignore[arg-type]
    (hokm.Ruleset.compose(MustBeat(), "be-ranga"), False, True),  # type: ignore[arg-type]  # a trump mid-trick
    (hokm.Ruleset.compose(MustBeat(), "hidden-trump"), False, True),  # type: ignore[arg-type]  # a reveal
    (hokm.Ruleset.compose(LateMustBeat(), "satat", "obligatory-trump"), False, False),  # type: ignore[arg-type]
    (hokm.Ruleset.compose(KeepTopVoid(), "obligatory-trump", options={  # type: ignore[arg-type]
        "obligatory-trump": {"overtrump": True}}), False, True),
    (hokm.Ruleset.compose(KeepTopVoid(), MustBeat(), "satat", "double-sar"), False, False),  # type: ignore[arg-type]
    # Windows that leave out the leads, the void follows or the follows in suit.
    (hokm.Ruleset.compose(SuitMustBeat(), "satat", "obligatory-trump"), False, False),  # type: ignore[arg-type]
    (hokm.Ruleset.compose(SuitMustBeat(), "be-ranga"), False, True),  # type: ignore[arg-type]
    (hokm.Ruleset.compose(KeepTopUntilTrump(), "be-ranga"), False, True),  # type: ignore[arg-type]
    (hokm.Ruleset.compose(KeepTopUntilTrump(), "hidden-trump"), False, True),  # type: ignore[arg-type]
    (hokm.Ruleset.compose(LeadsOnlyNoSpades(), SuitMustBeat(), "obligatory-trump"),  # type: ignore[arg-type]
     False, True),
    (hokm.Ruleset.compose("bavney"), True, True),  # its hokm_play_on asked at the stop, in the loop
    (hokm.Ruleset.compose("satat", "court-piece", "double-sar"), True, False),  # never asked: a constant
    (hokm.Ruleset.compose("be-ranga", "bavney", "obligatory-trump"), True, True),
    (hokm.Ruleset.compose("satat", "bavney"), True, False),
    (hokm.Ruleset.compose("bavney", options={"bavney": {"decide": True}}), False, True),  # a decision
    # Be-ranga's trump, fixed by the first void card, in the loop: a trump in its own trick, or
    # from the next trick; with the must-overtrump duty once it is fixed, and a PileRule.
    (hokm.Ruleset.compose("be-ranga"), True, True),
    (hokm.Ruleset.compose("be-ranga", "obligatory-trump", "double-sar", options={
        "be-ranga": {"fixing_card_is_trump": False}, "obligatory-trump": {"overtrump": True}}), True, True),
    (hokm.Ruleset.compose("be-ranga", "obligatory-trump", JackOfSpadesIsAHeart(),  # type: ignore[arg-type]
                          options={"obligatory-trump": {"overtrump": True}}), True, False),
    (hokm.Ruleset.compose("be-ranga", JackOfSpadesIsAHeart(),  # type: ignore[arg-type]
                          options={"be-ranga": {"fixing_card_is_trump": False}}), True, False),
]


@pytest.mark.parametrize(("rules", "plain", "printed"), FAST_PATHS)
def test_the_fast_paths_are_taken_where_expected(rules: hokm.Ruleset, plain: bool, printed: bool) -> None:
    # The property tests above reach each path of the kernel only if its plan reads them right.
    plan = plan_of(rules._engine)
    assert plan.plain is plain
    assert (not plan.moved[hokm.Suit.SPADES.index]) is printed  # Satat's 2♥ is a spade then


@settings(max_examples=150)
@given(case=st.sampled_from(FAST_PATHS), deal_seed=st.integers(0, 2**32), seed=st.integers(0, 2**32),
       steps=st.integers(0, 60))
def test_the_fast_paths_equal_stepping_from_any_state(case: tuple[hokm.Ruleset, bool, bool], deal_seed: int,
                                                       seed: int, steps: int) -> None:
    rules = case[0]
    start = walked(rules, deal_seed, steps)
    fast, slow = start.playout(random.Random(seed)), stepped(start, seed)
    assert fast == slow and fast.hands == slow.hands and fast.to_act == slow.to_act
    assert history(fast) == history(slow)  # the log too: be-ranga's fixing card, as stepping writes it
    if set(rules.variants) <= set(hokm.available_variants()):  # records name installed variants
        assert fast.to_record() == slow.to_record()


@pytest.mark.parametrize("names", [("bavney",), ("court-piece",), ("bavney", "satat")])
@pytest.mark.parametrize("seed", range(6))
def test_a_sweep_plays_on_in_the_plain_loop_as_stepping_does(names: tuple[str, ...], seed: int) -> None:
    # Seats 0 and 2 hold every spade and heart: with spades trump their team takes the first
    # seven tricks whatever is played, so hokm_play_on is asked, and says go on while it sweeps.
    deck = hokm.full_deck()
    spades, hearts = deck[:13], deck[13:26]
    hands = [spades[:7] + hearts[:6], deck[26:39], spades[7:] + hearts[6:], deck[39:]]
    rules = hokm.Ruleset.compose(*names)
    start = rules.new_hand(hands, hakem=0, trump=hokm.Suit.SPADES)
    assert plan_of(rules._engine).plain
    fast, slow = start.playout(random.Random(seed)), stepped(start, seed)
    assert fast == slow and fast.winners == slow.winners and history(fast) == history(slow)
    assert fast.tricks_played > 7  # played on past the stop


@pytest.mark.parametrize("names", [("bavney",), ("bavney", "satat"), ("court-piece",)])
def test_a_playout_from_past_the_stop_asks_the_play_on_rule_after_every_trick(names: tuple[str, ...]) -> None:
    # A team already holds seven and play went on: from there the loop asks hokm_play_on after
    # every trick, whoever wins it (a regression: it asked only when the winner's team held seven).
    rules = hokm.Ruleset.compose(*names)
    assert plan_of(rules._engine).plain
    found = 0
    for deal_seed in range(300):
        state = rules.deal(random.Random(deal_seed), hakem=deal_seed % 4)
        walk = random.Random(deal_seed + 1)
        while not state.is_over and max(state.team_tricks) < 7:
            state = state.apply(walk.choice(state.legal_actions()))
        if state.is_over:
            continue
        found += 1
        for seed in range(3):
            fast, slow = state.playout(random.Random(seed)), stepped(state, seed)
            assert fast == slow and fast.winners == slow.winners and history(fast) == history(slow)
    assert found >= 3
