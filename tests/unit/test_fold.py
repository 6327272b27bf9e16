"""The card loop with a plan's constants folded in (``hokm._kernel.fold``): exact for any entry,
and for the standard game free of every per-card event test."""

from __future__ import annotations

import random
import sys
from typing import ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from hokm._build import is_compiled
from hokm._kernel.fold import fold
from hokm._kernel.plan import plan_of
from hokm._kernel.tricks import play_tricks

pytestmark = pytest.mark.pure_only  # (the compiled build runs the loop as compiled: nothing to fold)

calls: list[str] = []


def stepper(values: list[int], flag: bool, scale: int) -> tuple[int, ...]:
    """A toy loop: its preamble sets ``doubled`` and ``offset``; the loop reads them."""
    calls.append("stepper")
    doubled = flag and scale > 1
    offset, total = 0, 0
    out = []
    for value in values:
        if doubled:
            total += 2 * value
        elif offset or value < 0:
            total -= value
        else:
            total += value
        offset, total = 0, total + 0
        out.append(total if not doubled else -total)
    return (*out, offset or total, doubled and total)


def test_a_folded_local_takes_its_branch_out_and_gives_the_same_results() -> None:
    folded = fold(stepper, {"doubled": False, "offset": 0})
    assert folded is not stepper and folded.folded == {"doubled": False, "offset": 0}  # type: ignore[attr-defined]
    loop = folded.folded_source.split("for value in values:")[1]  # type: ignore[attr-defined]
    assert "doubled" not in loop and "offset" not in loop and "2 * value" not in loop
    for values in ([1, -2, 3], [], [5, 5]):
        calls.clear()
        got = folded(values, False, 3)
        assert calls == ["stepper"]  # the copy ran its preamble once, and not the original
        assert got == stepper(values, False, 3)


def resetter(values: list[int], reset: bool) -> int:
    """A toy loop whose branch only assigns a folded local its own constant."""
    marked = 0
    total = 0
    for value in values:
        if value < 0 and reset:
            marked = 0  # dropped when ``marked`` is folded to 0: the branch keeps a ``pass``
        else:
            total += value + marked
    return total


def test_a_branch_left_without_statements_by_the_drop_keeps_a_pass() -> None:
    folded = fold(resetter, {"marked": 0})
    assert folded is not resetter and "pass" in folded.folded_source  # type: ignore[attr-defined]
    for values in ([1, -2, 3], [-1], []):
        assert folded(values, True) == resetter(values, True)


def test_the_copy_reads_its_module_s_globals_as_they_are(monkeypatch: pytest.MonkeyPatch) -> None:
    folded = fold(stepper, {"doubled": False, "offset": 0})
    patched: list[str] = []
    monkeypatch.setattr(sys.modules[__name__], "calls", patched)
    folded([1], False, 1)
    assert patched == ["stepper"]  # the copy appended to the patched list
    assert globals()["stepper"] is stepper  # and the module's function is still the original


def test_an_entry_that_differs_from_the_constants_runs_the_original() -> None:
    folded = fold(stepper, {"doubled": False, "offset": 0})
    calls.clear()
    got = folded([1, 2, -3], True, 2)
    assert calls == ["stepper", "stepper"]  # the copy's preamble found doubled True and called the original
    assert got == stepper([1, 2, -3], True, 2) == (-2, -6, 0, 0, 0)


def test_or_and_and_keep_python_values() -> None:
    def values(a: int, b: int) -> tuple[int, int, int, int]:
        first = a or b
        second = b and a
        for _ in range(1):
            return (a or b), (b and a), first, second
        return 0, 0, 0, 0
    assert fold(values, {"a": 0})(0, 7) == values(0, 7) == (7, 0, 7, 0)
    assert fold(values, {"a": 5})(5, 7) == values(5, 7) == (5, 5, 5, 5)
    assert fold(values, {"b": 0})(5, 0) == values(5, 0) == (5, 0, 5, 0)


def test_an_if_reads_its_test_for_truth_and_a_local_assigned_to_itself_is_dropped() -> None:
    def sums(values: list[int], flag: bool) -> tuple[int, int]:
        quiet = flag
        total = picked = 0
        for value in values:
            if value > 2 or quiet:  # folded: "if value > 2", not "if value > 2 or False"
                picked += 1
            total = quiet or total  # folded: "total = total", then dropped
            total += value
        return total, picked
    folded = fold(sums, {"quiet": False})
    loop = folded.folded_source.split("for value in values:")[1]  # type: ignore[attr-defined]
    assert "if value > 2:" in loop and "False" not in loop and "total = total" not in loop
    assert folded([1, 5, 3, 0], False) == sums([1, 5, 3, 0], False) == (9, 2)
    assert folded([1, 5], True) == sums([1, 5], True) == (6, 2)  # (the guard: the original runs)


def test_a_local_assigned_anything_but_its_constant_after_the_preamble_is_not_folded() -> None:
    def counts(limit: int) -> int:
        seen = 0
        steps = 0
        while steps < limit:
            steps += 1
            if seen:
                return -1
            seen, steps = 0, steps + 0  # its own constant: dropped
        return steps
    folded = fold(counts, {"seen": 0, "steps": 0})
    assert folded.folded == {"seen": 0}  # type: ignore[attr-defined]
    assert "return -1" not in folded.folded_source  # type: ignore[attr-defined]
    assert folded(4) == counts(4) == 4
    assert fold(counts, {"steps": 0}) is counts  # nothing left to fold: the function itself
    assert fold(counts, {"elsewhere": 0, "limit": 3}) is counts  # not a local the preamble sets


def test_a_function_without_python_source_or_with_other_than_positional_arguments_is_returned() -> None:
    assert fold(len, {"x": 0}) is len

    def keyword(*, flag: bool) -> bool:
        seen = flag
        while True:
            return seen
    assert fold(keyword, {"seen": False}) is keyword
    assert fold(stepper, {"doubled": False}) is fold(stepper, {"doubled": False})  # compiled once


def test_the_standard_game_loop_has_no_event_test_left() -> None:
    plan = plan_of(hokm.Ruleset.compose()._engine)
    loop = fold(play_tricks, plan.constants)
    assert {"specials", "watch", "note", "lead_event", "moved", "asking", "void_asking"} <= set(loop.folded)  # type: ignore[attr-defined]
    body = loop.folded_source.split("while True:", 1)[1]  # type: ignore[attr-defined]
    for name in ("specials", "watch", "lead_pick", "follow_exactly", "narrowed", "void_pick", "_fix"):
        assert name not in body, name


@attrs.frozen(eq=False)
class _Idle(hokm.Variant):
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="idle-rule", summary="allows every card")

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: hokm.PlayContext) -> frozenset[hokm.Card] | None:
        return None


def test_a_ruleset_with_a_legality_hook_keeps_its_asks() -> None:
    loop = fold(play_tricks, plan_of(hokm.Ruleset.compose(_Idle())._engine).constants)
    assert loop.folded["asking"] is True and loop.folded["void_asking"] is True  # type: ignore[attr-defined]
    body = loop.folded_source.split("while True:", 1)[1]  # type: ignore[attr-defined]
    assert "narrowed(" in body and "void_pick(" in body and "lead_pick(" in body
    assert "follow_duty(" not in body  # no follow duty: the hook is asked directly
    constants = plan_of(hokm.Ruleset.compose("satat")._engine).constants  # (a card of another suit)
    assert "moved" not in constants and "watch" not in constants


RULESETS = [(), ("satat",), ("bavney",), ("double-sar",), ("hidden-trump",), ("be-ranga",), ("troefcall",),
            ("court-piece",), ("obligatory-trump",)]
NAMES = ("asking", "beats", "duty", "void_asking", "dynamic", "plain_end", "note", "moved", "holders",
         "fixing", "pending", "refresh", "lead_event", "follow_event", "void_exact", "watch", "specials",
         "exactly")


@settings(max_examples=40, deadline=None)
@given(variants=st.sampled_from(RULESETS), seed=st.integers(0, 2**32 - 1),
       constants=st.dictionaries(st.sampled_from(NAMES), st.sampled_from([False, True, 0, 1, -1]),
                                 max_size=6),
       exact=st.booleans())
def test_any_choice_of_constants_plays_the_same_hands(variants: tuple[str, ...], seed: int,
                                                     constants: dict[str, int], exact: bool) -> None:
    """Right or wrong, the constants chosen give the loop as written: the guard sends an entry that
    does not match them back to it."""
    rules = hokm.Ruleset.compose(*variants)
    plan = plan_of(rules._engine)
    chosen = dict(plan.constants) if exact else constants
    hand = rules.deal(random.Random(seed), hakem=seed % rules.layout.players)
    plan.loop = play_tricks
    expected = hand.playout(random.Random(seed))
    plan.loop = fold(play_tricks, chosen)
    got = hand.playout(random.Random(seed))
    plan.loop = None
    assert got.plays == expected.plays and got.score() == expected.score()


def test_the_build_under_test_is_pure() -> None:
    assert not is_compiled()
