"""The C batch kernel against its pure twin: the same seed gives the same batch, hand for hand.

Skipped where the C kernel is not built or is switched off (``HOKM_NATIVE=0``); CI builds it
and runs this file under AddressSanitizer and UBSan too.
"""

from __future__ import annotations

import random
from array import array

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import MustBeat

import hokm
from hokm._kernel import batch as kernel_batch
from hokm._kernel.native import NATIVE
from hokm._kernel.native_plan import native_plan_of, position_of
from hokm._seeding import rng_for
from hokm.playouts import CHECKPOINT_HANDS, NO_PLAY, Playouts
from hokm.testing import strategies as hst

pytestmark = pytest.mark.skipif(NATIVE is None, reason="the C kernel is not built or is switched off")

CANDIDATES = [
    hokm.Ruleset.compose(),
    hokm.Ruleset.compose(options={"standard": {"play_all": True}}),
    hokm.Ruleset.compose(options={"standard": {"kot_points": 4, "hakem_kot_points": 6}}),
    hokm.Ruleset.compose("clockwise"),
    hokm.Ruleset.compose("obligatory-trump"),
    hokm.Ruleset.compose("obligatory-trump", options={"obligatory-trump": {"overtrump": True}}),
    hokm.Ruleset.compose("double-sar"),
    hokm.Ruleset.compose("double-sar", options={"double-sar": {"chain": "player"}}),
    hokm.Ruleset.compose("double-sar", "obligatory-trump", "clockwise"),
    hokm.Ruleset.compose("satat"),
    hokm.Ruleset.compose("satat", "obligatory-trump", options={"obligatory-trump": {"overtrump": True}}),
    hokm.Ruleset.compose("satat", "double-sar", "clockwise"),
    hokm.Ruleset.compose("two-player", options={"two-player": {"mode": "dead-half"}}),
    hokm.Ruleset.compose("bavney"),
    hokm.Ruleset.compose("court-piece"),
    hokm.Ruleset.compose("court-piece", options={"court-piece": {"scoring": "courts"}}),
    hokm.Ruleset.compose("court-piece", "double-sar"),
    hokm.Ruleset.compose("three-player"),
    hokm.Ruleset.compose("three-player", options={"three-player": {"tie_winner": "hakem"}}),
    hokm.Ruleset.compose("bavney", "satat", "obligatory-trump"),
    hokm.Ruleset.compose(MustBeat()),
    hokm.Ruleset.compose("satat", "double-sar", MustBeat()),
    hokm.Ruleset.compose("obligatory-trump", MustBeat(), options={"obligatory-trump": {"overtrump": True}}),
]
NATIVE_RULESETS = [rules for rules in CANDIDATES if rules.native]
"""The rulesets the C kernel plays (all of CANDIDATES: ``test_the_covered_rulesets_are_native``)."""


def _pure(rules: hokm.Ruleset, count: int, seed: int | str, hakem: int | None, plays: bool) -> tuple[
        Playouts, object]:
    rng = kernel_batch.rng_of(rules, count, seed, plays, "playouts")
    batch = kernel_batch.play_batch(rules, seed, count, rng, kernel_batch.FreshDeals(rules, hakem), plays)
    return batch, rng.getstate()


def _native(rules: hokm.Ruleset, count: int, seed: int | str, hakem: int | None, plays: bool) -> tuple[
        Playouts, object]:
    batch, after = kernel_batch.play_native(rules, seed, count, hakem, plays, native_plan_of(rules._engine),
                                            "playouts")
    return batch, kernel_batch.state_of(after)


def test_the_covered_rulesets_are_native() -> None:
    # Coverage must not shrink unnoticed: each of these plays on the tables alone.
    assert [rules.describe() for rules in CANDIDATES if not rules.native] == []


@pytest.mark.parametrize(("variants", "options", "reason"), [
    (("bavney",), {"bavney": {"decide": True}}, "hokm_play_on"),
    (("court-piece",), {"court-piece": {"decide": True}}, "hokm_play_on"),
    (("troefcall",), None, "hokm_"), (("hidden-trump",), None, "trump call"),
    (("redeal",), None, "trump call"), (("two-player",), None, "stock")])
def test_a_ruleset_the_tables_cannot_play_says_why(variants: tuple[str, ...], options: object,
                                                    reason: str) -> None:
    rules = hokm.Ruleset.compose(*variants, options=options)  # type: ignore[arg-type]
    assert not rules.native
    story = native_plan_of(rules._engine).story
    assert any(reason in line for line in story), story
    # and its batches are still the documented stream (the pure twin)
    assert rules.playouts(30, seed=2) == _pure(rules, 30, 2, None, False)[0]


@settings(max_examples=60, deadline=None)
@given(rules=st.sampled_from(NATIVE_RULESETS), count=st.integers(0, 2 * CHECKPOINT_HANDS + 5),
       seed=st.integers(0, 2**70) | st.text(max_size=5), plays=st.booleans(), data=st.data())
def test_the_native_batch_is_the_pure_batch(rules: hokm.Ruleset, count: int, seed: int | str,
                                           plays: bool, data: st.DataObject) -> None:
    hakem = data.draw(st.none() | st.integers(0, rules.players - 1), label="hakem")
    native, native_after = _native(rules, count, seed, hakem, plays)
    pure, pure_after = _pure(rules, count, seed, hakem, plays)
    assert native == pure  # every column, the labels in the same order, and every play
    assert native_after == pure_after  # the generator left where the pure twin leaves it
    if count:
        index = count - 1
        end = native.hand(index)  # played again by the pure kernel from the native checkpoint
        assert end.team_tricks == tuple(column[index] for column in native.team_tricks)
        assert end.score().points == native.points[index]


def test_a_batch_of_a_native_ruleset_runs_in_the_c_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = NATIVE_RULESETS[0]
    called = []
    monkeypatch.setattr(kernel_batch, "play_batch", lambda *args: called.append(args))
    batch = rules.playouts(10, seed=1)
    assert called == [] and len(batch) == 10


def test_the_c_generator_is_pythons() -> None:
    for seed in (0, 1, 2**100, "text"):
        rng = random.Random(seed)
        for skip in (0, 311, 1000):  # across the twist of the 624-word block
            for _ in range(skip):
                rng.random()
            values, after = NATIVE.random(rng.getstate()[1], 700)  # type: ignore[union-attr]
            assert values == [rng.random() for _ in range(700)]
            assert after == rng.getstate()[1]


def _arguments(rules: hokm.Ruleset, count: int, asks: object = None) -> list[object]:
    native = native_plan_of(rules._engine)
    teams = rules.layout.team_count
    columns = (bytearray(count), bytearray(count), *(bytearray(count) for _ in range(teams)),
               bytearray(count), array("i", [0]) * count, *(bytearray(count) for _ in range(3)))
    kernel_rules = NATIVE.make_rules(native.arguments, native.capture)  # type: ignore[union-attr]
    return [kernel_rules, rng_for(1, "playouts").getstate()[1], count, -1, columns, None,
            array("I", [0]) * 625 * (-(-count // CHECKPOINT_HANDS)), CHECKPOINT_HANDS,
            asks or (lambda key: (0, 1, 0, 0), None, None), None]


@pytest.mark.parametrize(("position", "value", "message"), [
    (2, -1, "count"), (3, 4, "hakem"), (7, 0, "every"), (4, (), "columns"),
    (5, bytearray(3), "plays"), (6, bytearray(10), "checkpoints"), (8, (None, None, None), "callable"),
    (8, (), "asks"), (1, b"123", "key"), (1, bytes(36), "key"), (1, (1, 2), "625")])
def test_the_c_kernel_refuses_bad_arguments(position: int, value: object, message: str) -> None:
    arguments = _arguments(NATIVE_RULESETS[0], 20)
    arguments[position] = value
    with pytest.raises(ValueError, match=message):
        NATIVE.play(*arguments)  # type: ignore[union-attr]


def test_the_c_kernel_seeds_its_generator_as_python_does() -> None:
    from hokm._seeding import seed_key, stream_seed
    for number in (0, 1, 2**32 - 1, 2**32, 2**96 + 5, stream_seed("x", "playouts")):
        native = native_plan_of(NATIVE_RULESETS[0]._engine)
        arguments = _arguments(NATIVE_RULESETS[0], 0)
        arguments[1] = seed_key(number)
        after, _ = NATIVE.play(*arguments)  # type: ignore[union-attr]
        state = random.Random(number).getstate()
        assert tuple(array("I", after)) == state[1], number
        assert native.story == ()


@pytest.mark.parametrize(("field", "value", "message"), [
    (0, 5, "players"), (2, 14, "cards dealt"), (4, 15, "stop_at"), (5, 3, "duty"), (7, 2, "asks_complete"),
    (8, -1, "asks_play_on"), (9, b"\x00\x05\x00\x01", "team of a seat"), (10, b"\x09" * 12, "follower"),
    (11, bytes(52), "distinct"), (12, b"\x07" * 208, "seat dealt"), (12, b"\x00" * 208, "one card per trick"),
    (13, b"\x04" * 208, "= 4 is out of range"), (13, bytes(207), "the suit table"),
    (14, b"\x04" * 208, "trick suit"), (15, bytes(10), "power"), (16, 2, "beats")])
def test_the_c_kernel_checks_every_table(field: int, value: object, message: str) -> None:
    native = native_plan_of(NATIVE_RULESETS[0]._engine)
    tables = list(native.arguments)
    tables[field] = value
    with pytest.raises(ValueError, match=message):
        NATIVE.make_rules(tuple(tables), native.capture)  # type: ignore[union-attr]


@pytest.mark.parametrize(("answer", "error"), [
    ((2, 1, 0, 0), ValueError), ((0, -1, 0, 0), ValueError), ((0, 1, 2, 0), ValueError),
    ((0, 1, 0, 256), ValueError), ("no tuple", TypeError)])
def test_the_c_kernel_checks_each_score_it_is_given(answer: object, error: type[Exception]) -> None:
    arguments = _arguments(NATIVE_RULESETS[0], 5, (lambda key: answer, None, None))
    with pytest.raises(error):
        NATIVE.play(*arguments)  # type: ignore[union-attr]


def test_an_error_in_the_scoring_stops_the_batch_with_it() -> None:
    def broken(key: int) -> tuple[int, int, int, int]:
        raise KeyError("scoring broke")

    arguments = _arguments(NATIVE_RULESETS[0], 5, (broken, None, None))
    with pytest.raises(KeyError, match="scoring broke"):
        NATIVE.play(*arguments)  # type: ignore[union-attr]


def _pure_rollouts(state: hokm.HandState, count: int, seed: int | str, plays: bool) -> tuple[
        Playouts, object]:
    rng = kernel_batch.rng_of(state.ruleset, count, seed, plays, "rollouts")
    batch = kernel_batch.play_batch(state.ruleset, seed, count, rng, kernel_batch.Continuations(state), plays)
    return batch, rng.getstate()


@settings(max_examples=60, deadline=None)
@given(state=hst.hand_states(ruleset=st.sampled_from(NATIVE_RULESETS), max_actions=70),
       count=st.integers(0, CHECKPOINT_HANDS + 3), seed=hst.seeds(), plays=st.booleans())
def test_native_rollouts_are_the_pure_rollouts(state: hokm.HandState, count: int, seed: int | str,
                                               plays: bool) -> None:
    # Positions from the testing kit's strategy (any moment of a hand reached by legal play).
    rules = state.ruleset
    plays = plays and rules.players <= 4
    native = state.rollouts(count, seed=seed, plays=plays)
    pure, pure_after = _pure_rollouts(state, count, seed, plays)
    assert native == pure
    if position_of(state) is not None:  # (the C kernel played it: the generator moved alike)
        _, after = kernel_batch.play_native(rules, seed, count, None, plays, native_plan_of(rules._engine),
                                            "rollouts", state)
        assert kernel_batch.state_of(after) == pure_after
    if count:
        end = native.hand(count - 1)
        assert end.team_tricks == tuple(column[count - 1] for column in native.team_tricks)


EVERY_TRICK = [rules for rules in (
    hokm.Ruleset.compose(options={"standard": {"play_all": True}}),
    hokm.Ruleset.compose("obligatory-trump", "satat", options={"standard": {"play_all": True},
                                                               "obligatory-trump": {"overtrump": True}}),
    hokm.Ruleset.compose("double-sar", "clockwise")) if rules.native]


@settings(max_examples=40, deadline=None)
@given(rules=st.sampled_from(EVERY_TRICK), seed=hst.seeds(), index=st.integers(0, 39))
def test_every_hand_the_c_kernel_plays_is_legal(rules: hokm.Ruleset, seed: int | str, index: int) -> None:
    # Independently of the pure twin: the 52 plays name every seat's hand; dealt those hands,
    # stepping must accept each play as legal, in turn, and end with the batch's outcome.
    batch = rules.playouts(40, seed=seed, plays=True)
    assert batch.plays is not None
    row = batch.plays[52 * index:52 * (index + 1)]
    assert NO_PLAY not in row  # every trick is played under these rules
    held: list[list[hokm.Card]] = [[] for _ in range(rules.players)]
    for byte in row:
        held[byte >> 6].append(hokm.Card.from_index(byte & 63))
    hand = rules.new_hand(held, hakem=batch.hakem[index], trump=list(hokm.Suit)[batch.trump[index]])
    for byte in row:
        assert hand.to_act == byte >> 6
        hand = hand.play(hokm.Card.from_index(byte & 63))  # raises IllegalActionError if illegal
    assert hand.is_over
    assert hand.team_tricks == tuple(column[index] for column in batch.team_tricks)
    score = hand.score()
    assert (score.winner, score.points, score.label) == (
        batch.winner[index], batch.points[index], batch.labels[batch.label[index]])


def test_rollouts_of_a_covered_position_run_in_the_c_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    state = NATIVE_RULESETS[0].deal(random.Random(3))
    state = state.apply(state.legal_actions()[0])  # the call: trick play begins
    assert position_of(state) is not None
    monkeypatch.setattr(kernel_batch, "play_batch", lambda *args: pytest.fail("the pure twin ran"))
    assert len(state.rollouts(5, seed=1)) == 5


def _position_arguments(change: int, value: object) -> list[object]:
    rules = NATIVE_RULESETS[0]
    state = rules.deal(random.Random(8))
    state = state.apply(state.legal_actions()[0])
    for _ in range(6):  # a trick and a half
        state = state.apply(state.legal_actions()[0])
    position = position_of(state)
    assert position is not None
    changed = list(position)
    changed[change] = value
    arguments = _arguments(rules, 3)
    arguments[9] = tuple(changed)
    return arguments


@pytest.mark.parametrize(("change", "value", "message"), [
    (0, 4, "hakem"), (1, 4, "trump"), (2, 7, "leader"), (3, 13, "tricks done"), (4, 5, "pile"),
    (5, -1, "previous winner"), (6, 2, "collected"), (7, (1,), "tally"), (7, (0, 0), "add up"),
    (8, 3, "opening team"), (9, 9, "opening run"), (10, bytes(32), "one card per trick left"),
    (10, bytes(8), "held"), (11, bytes(5), "plays"), (11, bytes(6), "distinct cards")])
def test_the_c_kernel_checks_the_position_it_starts_from(change: int, value: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        NATIVE.play(*_position_arguments(change, value))  # type: ignore[union-attr]


def test_native_reasons_say_why_and_native_follows_them() -> None:
    assert NATIVE_RULESETS[0].native_reasons == () and NATIVE_RULESETS[0].native
    troefcall = hokm.Ruleset.compose("troefcall")
    assert not troefcall.native
    assert any(reason.startswith("hokm_pending_decision") for reason in troefcall.native_reasons)


def test_a_batch_started_inside_another_s_callback_gets_its_own_memos() -> None:
    # A scoring callback that plays a batch of the same rules (another thread could, while the
    # first waits for the GIL): the inner batch must not touch the outer one's kept answers.
    rules = NATIVE_RULESETS[0]
    native = native_plan_of(rules._engine)
    inner_results: list[object] = []

    def score_of(key: int) -> tuple[int, int, int, int]:
        if not inner_results:
            inner = _arguments(rules, 50, native.asks)
            inner[0] = outer[0]  # the same kernel rules, busy with the outer batch
            inner_results.append(NATIVE.play(*inner))  # type: ignore[union-attr]
        return native.asks[0](key)

    outer = _arguments(rules, 300, (score_of, None, None))
    outer_columns = outer[4]
    NATIVE.play(*outer)  # type: ignore[union-attr]
    assert len(inner_results) == 1
    # The outer batch's winners are the plain batch's (its answers were not disturbed).
    plain = _arguments(rules, 300, native.asks)
    plain_columns = plain[4]
    NATIVE.play(*plain)  # type: ignore[union-attr]
    assert outer_columns == plain_columns
