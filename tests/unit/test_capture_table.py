"""Who collects a trick (``hokm_trick_capture``): a table where the implementation reads no hand.

An implementation that takes neither ``hand`` nor ``trick`` is asked when the ruleset is
composed for every value it takes (winner, trick number, previous winner or ``None``, whether
the previous trick was collected, whether its winning card was played under the trump in
force); where the table has no answer, the implementations reading the hand are asked. Double
Sar implements both; its reference procedure ``pile_collectors`` is the oracle. Argless
``hokm_hand_complete`` (asked once) is the other trick-end rule checked here.
"""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import stepped, walked

import hokm
from hokm import Capture, HandState, HandView, PluginContractError, Seat, VariantInfo, hookimpl
from hokm._compose.trick_end import NOBODY, UNANSWERED, capture_key
from hokm._kernel.plan import plan_of
from hokm_variants.double_sar import pile_collectors

PARTNERS: tuple[tuple[str, ...], ...] = ((), ("be-ranga",), ("hidden-trump",), ("court-piece", "clockwise"),
                                        ("clockwise", "court-piece", "hidden-trump", "redeal"))
TEAMS = (0, 1, 0, 1)
SAR_OPTIONS: list[dict[str, Any]] = [{}, {"chain": "team"}, {"reset": False}, {"blocked": frozenset({2, 12})}]


@functools.lru_cache(maxsize=512)
def _double_sar(partners: tuple[str, ...], chain: str = "player", reset: bool = True,
                blocked: frozenset[int] = frozenset()) -> hokm.Ruleset:
    options = {"double-sar": {"chain": chain, "reset_after_collect": reset, "blocked_pickups": blocked}}
    return hokm.Ruleset.compose(*partners, "double-sar", options=options)


def table_collectors(rules: hokm.Ruleset, winners: Sequence[int],
                     in_force: Sequence[bool]) -> tuple[int | None, ...]:
    """The collectors the capture table gives, trick by trick (``in_force[k]``: the card that won trick
    ``k + 1`` was played under the trump in force)."""
    engine = rules._engine
    table, players, total = engine.ends.capture_table, engine.players, engine.hand_size
    collectors: list[int | None] = []
    for number, winner in enumerate(winners, start=1):
        previous = winners[number - 2] if number > 1 else None
        collected = number > 1 and collectors[-1] is not None
        force = number > 1 and in_force[number - 2]
        found = table[capture_key(players, total, winner, previous, collected, force, number)]
        assert found != UNANSWERED, (winner, previous, collected, force, number)
        collectors.append(None if found == NOBODY else found)
    return tuple(collectors)


def reference(winners: Sequence[int], in_force: Sequence[bool], partners: tuple[str, ...], chain: str,
              reset: bool, blocked: frozenset[int]) -> tuple[int | None, ...]:
    """Double Sar's procedure with the blocks of the partners (be-ranga's trick 3, hidden trump's reveal)."""
    def same(a: int, b: int) -> bool:
        return a == b if chain == "player" else TEAMS[a] == TEAMS[b]

    return pile_collectors(winners, [False] * len(winners), same=same, reset_after_collect=reset,
                           blocked_pickups=blocked, first_collection=3 if "be-ranga" in partners else 2,
                           after_reveal=in_force if "hidden-trump" in partners else None)


def won_in_force(hand: HandState) -> list[bool]:
    """Per trick of ``hand``: whether its winning card was played under the trump in force (public API)."""
    players, flags = hand.layout.players, []
    for number, winner in enumerate(hand.winners, start=1):
        start = (number - 1) * players
        position = next(index for index in range(start, start + players) if hand.plays[index][0] == winner)
        flags.append(hand.trump is not None and position >= hand.trump_from)
    return flags


# Double Sar's table and its reference procedure ----------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(winners=st.lists(st.integers(0, 3), min_size=13, max_size=13),
       in_force=st.lists(st.booleans(), min_size=13, max_size=13),
       partners=st.sampled_from(PARTNERS), chain=st.sampled_from(["player", "team"]), reset=st.booleans(),
       blocked=st.frozensets(st.integers(1, 12), max_size=3))
def test_double_sars_table_collects_as_its_reference_procedure(winners: list[int], in_force: list[bool],
                                                               partners: tuple[str, ...], chain: str,
                                                               reset: bool, blocked: frozenset[int]) -> None:
    rules = _double_sar(partners, chain, reset, blocked)
    assert rules._engine.ends.capture_chain == ()  # the table answers everywhere: nothing asked in play
    assert table_collectors(rules, winners, in_force) == reference(winners, in_force, partners, chain, reset,
                                                                   blocked)


@given(winners=st.lists(st.integers(0, 3), min_size=13, max_size=13),
       in_force=st.lists(st.booleans(), min_size=13, max_size=13))
def test_without_hidden_trump_the_table_ignores_the_trump_in_force(winners: list[int],
                                                                   in_force: list[bool]) -> None:
    rules = _double_sar(())
    assert not rules._engine.ends.capture_in_force
    assert _double_sar(("hidden-trump",))._engine.ends.capture_in_force
    assert table_collectors(rules, winners, in_force) == table_collectors(rules, winners, [False] * 13)


@pytest.mark.parametrize("partners", PARTNERS, ids=lambda partners: "+".join(partners) or "alone")
@pytest.mark.parametrize("options", SAR_OPTIONS, ids=["default", "team", "no-reset", "blocked"])
def test_double_sar_hands_collect_by_the_table_in_stepping_and_playouts(partners: tuple[str, ...],
                                                                         options: dict[str, Any]) -> None:
    rules = _double_sar(partners, **options)
    assert plan_of(rules._engine).lazy_capture  # worked out at the write-back: no stop reads the tallies
    revealed = 0
    for seed in range(15):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        played, reference_hand = start.playout(random.Random(seed)), stepped(start, seed)
        assert played == reference_hand and played.collectors == reference_hand.collectors
        assert (played.team_tricks, played.pile) == (reference_hand.team_tricks, reference_hand.pile)
        forced = won_in_force(played)
        assert played.collectors == table_collectors(rules, played.winners, forced)
        chain, reset = options.get("chain", "player"), options.get("reset", True)
        assert played.collectors == reference(played.winners, forced, partners, chain, reset,
                                              options.get("blocked", frozenset()))
        revealed += any(forced) and not all(forced)
    assert revealed or "hidden-trump" not in partners  # reveals in mid-hand were played


@pytest.mark.parametrize(("partners", "options"), [
    ((), {"double-sar": {"ace_rule": "two-aces"}}),
    ((), {"double-sar": {"ace_rule": "ace-cannot-collect", "chain": "team"}}),
    (("be-ranga",), {"be-ranga": {"first_pickup": "after-fixing-trick"}}),
], ids=["two-aces", "ace-cannot-collect", "after-fixing-trick"])
def test_options_that_read_the_hand_leave_the_table_to_the_hook_reading_it(
        partners: tuple[str, ...], options: dict[str, dict[str, object]]) -> None:
    rules = hokm.Ruleset.compose(*partners, "double-sar", options=options)
    ends = rules._engine.ends
    facts = itertools.product(range(4), (None, *range(4)), (False, True), (False, True), range(1, 14))
    assert all(ends.capture_table[capture_key(4, 13, *fact)] == UNANSWERED for fact in facts)
    first = ends.capture_chain[0]
    assert (first.plugin, first.argnames) == ("double-sar", ("hand", "winner", "number"))
    assert "hokm_trick_capture: asked with the hand where its table has no answer" in plan_of(
        rules._engine).story
    for seed in range(15):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        assert start.playout(random.Random(seed)) == stepped(start, seed)


# The signature forms, counted ------------------------------------------------------------------------


@attrs.define(eq=False)
class Grabber(hokm.Variant):
    """The seat after the winner collects every trick (a table by winner); ``asked`` records calls."""

    info: ClassVar[VariantInfo] = VariantInfo(name="grabber", summary="the next seat collects")
    asked: list[int] = attrs.field(factory=list, init=False)

    @hookimpl
    def hokm_trick_capture(self, winner: Seat) -> Capture:
        self.asked.append(winner)
        return Capture.of((winner + 1) % 4)


@attrs.define(eq=False)
class Late(hokm.Variant):
    """Tricks 1-10 go to their winner by a table (by trick number); from trick 11 a hook reading the
    hand leaves them in the centre but the last, which sweeps. ``asked``/``by_hand`` record calls."""

    info: ClassVar[VariantInfo] = VariantInfo(name="late", summary="tests only")
    asked: list[tuple[int, int]] = attrs.field(factory=list, init=False)
    by_hand: list[int] = attrs.field(factory=list, init=False)

    @hookimpl
    def hokm_trick_capture(self, winner: Seat, number: int) -> Capture | None:
        self.asked.append((winner, number))
        return Capture.of(winner) if number <= 10 else None

    @hookimpl(specname="hokm_trick_capture")
    def from_eleven(self, hand: HandView, winner: Seat, number: int) -> Capture | None:
        self.by_hand.append(number)
        return Capture.of(winner) if number == hand.tricks_total else Capture.NOBODY


def test_a_table_takes_only_the_values_its_implementation_takes_and_is_never_called_in_play() -> None:
    plugin = Grabber()
    rules = hokm.Ruleset.compose(plugin)
    assert sorted(plugin.asked) == [0, 1, 2, 3]  # the winner alone: four calls, not one per trick fact
    plugin.asked.clear()
    for seed in range(10):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        played, reference_hand = start.playout(random.Random(seed)), stepped(start, seed)
        assert played == reference_hand
        assert played.collectors == tuple((winner + 1) % 4 for winner in played.winners)
        tally = [0, 0]
        for collector in played.collectors:
            assert collector is not None
            tally[collector % 2] += 1
        assert list(played.team_tricks) == tally
    assert plugin.asked == []


def test_the_hand_is_read_only_where_the_table_has_no_answer() -> None:
    plugin = Late()
    rules = hokm.Ruleset.compose(plugin, options={"standard": {"play_all": True}})
    assert sorted(plugin.asked) == sorted(itertools.product(range(4), range(1, 14)))
    assert plugin.by_hand == []
    assert rules._engine.ends.capture_chain[0].argnames == ("hand", "winner", "number")
    plugin.asked.clear()
    for seed in range(10):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        played, reference_hand = start.playout(random.Random(seed)), stepped(start, seed)
        assert played == reference_hand
        assert played.collectors == (*played.winners[:10], None, None, played.winners[12])
        assert played.pile == 0 and sum(played.team_tricks) == 13
    assert plugin.asked == [] and set(plugin.by_hand) == {11, 12, 13}
    assert len(plugin.by_hand) == 10 * 3 * 2  # three tricks, ten hands, stepped and played out


@pytest.mark.parametrize("rules", [
    hokm.Ruleset.compose(Grabber()),
    hokm.Ruleset.compose(Late(), options={"standard": {"play_all": True}}),
    _double_sar(("hidden-trump",), "team"),
    _double_sar(("be-ranga",), "player", False, frozenset({5})),
    hokm.Ruleset.compose("double-sar", options={"double-sar": {"ace_rule": "ace-cannot-collect"}}),
], ids=["grabber", "late", "sar-hidden-trump-team", "sar-be-ranga", "sar-ace-rule"])
def test_playouts_from_any_state_collect_as_stepping_does(rules: hokm.Ruleset) -> None:
    # From mid-hand states (the pile, the previous winner and the reveal already under way).
    for deal_seed in range(20):
        for steps in (5, 18, 31, 44):
            state = walked(rules, deal_seed, steps)
            played, reference_hand = state.playout(random.Random(deal_seed)), stepped(state, deal_seed)
            assert played == reference_hand and played.collectors == reference_hand.collectors
            assert played.pile == reference_hand.pile, (deal_seed, steps)


def test_the_plan_keeps_a_table_in_the_plain_loop_and_names_the_hook_reading_the_hand() -> None:
    grabber = plan_of(hokm.Ruleset.compose(Grabber())._engine)
    assert grabber.plain and grabber.story == ()
    late = plan_of(hokm.Ruleset.compose(Late())._engine)
    assert not late.plain
    assert late.story == ("hokm_trick_capture: asked with the hand where its table has no answer",)


def test_a_later_listed_table_is_asked_first() -> None:
    with pytest.warns(hokm.VariantOverlapWarning, match="hokm_trick_capture"):
        sar_first = hokm.Ruleset.compose(Grabber(), "double-sar")
    with pytest.warns(hokm.VariantOverlapWarning, match="hokm_trick_capture"):
        grabber_first = hokm.Ruleset.compose("double-sar", Grabber())
    winners = [0, 0, 1, 2, 2, 2, 3, 1, 1, 0, 3, 3, 2]
    assert table_collectors(sar_first, winners, [True] * 13) == reference(
        winners, [True] * 13, (), "player", True, frozenset())
    assert table_collectors(grabber_first, winners, [True] * 13) == tuple((w + 1) % 4 for w in winners)


def _boom(winner: Seat) -> object:
    raise KeyError(winner)


@pytest.mark.parametrize(("answer", "fragment"), [
    (lambda winner: winner, "returned 0, not a Capture"),
    (lambda winner: Capture.of(winner + 4), "collector 4 is not a seat"),
    (lambda winner: Capture.of(-1) if winner == 3 else None, "collector -1 is not a seat"),
    (_boom, "raised in hokm_trick_capture: KeyError"),
], ids=["not-a-capture", "no-such-seat", "negative", "raises"])
def test_a_bad_table_answer_is_refused_at_composition(answer: object, fragment: str) -> None:
    class Bad(hokm.Variant):
        info: ClassVar[VariantInfo] = VariantInfo(name="bad-capture", summary="tests only")

        @hookimpl
        def hokm_trick_capture(self, winner: Seat) -> object:
            return answer(winner)  # type: ignore[operator]

    with pytest.raises(PluginContractError, match=fragment) as caught:
        hokm.Ruleset.compose(Bad())
    assert (caught.value.plugin, caught.value.hook) == ("bad-capture", "hokm_trick_capture")


def test_a_bad_answer_of_the_hook_reading_the_hand_is_refused_when_asked() -> None:
    class BadHand(hokm.Variant):
        info: ClassVar[VariantInfo] = VariantInfo(name="bad-hand-capture", summary="tests only")

        @hookimpl
        def hokm_trick_capture(self, hand: HandView, winner: Seat) -> object:
            return "centre" if hand.tricks_played == 3 else None

    rules = hokm.Ruleset.compose(BadHand())  # nothing to check yet
    with pytest.raises(PluginContractError, match="returned 'centre', not a Capture") as caught:
        rules.deal(random.Random(1), hakem=0).playout(random.Random(1))
    assert (caught.value.plugin, caught.value.hook) == ("bad-hand-capture", "hokm_trick_capture")


def test_the_standard_capture_is_the_identity_and_the_kernel_skips_the_table() -> None:
    engine = hokm.Ruleset.compose()._engine
    assert engine.ends.capture_identity and plan_of(engine).capture_identity
    assert not hokm.Ruleset.compose(Grabber())._engine.ends.capture_identity
    assert not plan_of(hokm.Ruleset.compose(Grabber())._engine).lazy_capture  # the stop reads the tallies


# An argless hokm_hand_complete: asked once --------------------------------------------------------------


@attrs.frozen(eq=False)
class Counted:
    """A constant completion that counts how often it is asked."""

    info: ClassVar[VariantInfo] = VariantInfo(name="counted", summary="every trick is played")
    asked: list[int] = attrs.field(factory=list)
    answer: object = False

    @hookimpl
    def hokm_hand_complete(self) -> object:
        self.asked.append(1)
        return self.answer


def test_a_hand_complete_without_arguments_is_asked_once_and_stands() -> None:
    plugin = Counted()
    rules = hokm.Ruleset.compose(plugin)  # type: ignore[arg-type]
    assert plugin.asked == [1]
    for seed in range(5):
        start = rules.deal(random.Random(seed))
        played, reference_hand = start.playout(random.Random(seed)), stepped(start, seed)
        assert played == reference_hand and played.tricks_played == 13  # never stops at seven
    assert plugin.asked == [1]


def test_a_constant_completion_must_be_a_bool() -> None:
    with pytest.raises(PluginContractError, match=r"counted.*hokm_hand_complete.*not a bool"):
        hokm.Ruleset.compose(Counted(answer="yes"))  # type: ignore[arg-type]


@attrs.frozen(eq=False)
class EndsAtFive:
    """A completion that reads the hand, asked before a constant one listed earlier."""

    info: ClassVar[VariantInfo] = VariantInfo(name="ends-at-five", summary="over after five tricks")

    @hookimpl
    def hokm_hand_complete(self, hand: HandView) -> bool | None:
        return True if hand.tricks_played >= 5 else None


def test_a_hook_reading_the_hand_is_asked_before_a_constant_listed_earlier() -> None:
    with pytest.warns(hokm.VariantOverlapWarning, match="hokm_hand_complete"):
        rules = hokm.Ruleset.compose(Counted(), EndsAtFive())  # type: ignore[arg-type]
    start = rules.deal(random.Random(1))
    assert start.playout(random.Random(2)).tricks_played == 5 == stepped(start, 2).tricks_played
