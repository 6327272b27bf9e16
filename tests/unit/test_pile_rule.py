"""A declared ``PileRule`` and a constant ``hokm_hand_complete``: the engine answers them itself."""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import hokm
from hokm import Capture, HandView, PileRule, RulesetInfo, Seat, VariantInfo, hookimpl
from hokm.testing import InvariantViolation, check_pile_rule
from hokm_variants.double_sar import DoubleSar, pile_collectors


def seat_winners(tricks: int = 13) -> st.SearchStrategy[list[int]]:
    return st.lists(st.integers(0, 3), min_size=tricks, max_size=tricks)


@given(seat_winners(), st.sampled_from(["seat", "team"]), st.booleans(),
       st.frozensets(st.integers(1, 12), max_size=3), st.integers(2, 4))
def test_rule_collects_as_double_sars_procedure(winners: list[int], chain: str, reset: bool,
                                                 blocked: frozenset[int], first: int) -> None:
    rule = PileRule(chain, reset_after_collect=reset, blocked=blocked, first_pickup=first)  # type: ignore[arg-type]
    teams = (0, 1, 0, 1)
    same = (lambda a, b: a == b) if chain == "seat" else (lambda a, b: teams[a] == teams[b])
    expected = pile_collectors(winners, [False] * 13, same=same, reset_after_collect=reset,
                               blocked_pickups=blocked, first_collection=first)
    assert rule.collectors(winners, tricks_total=13, teams=teams) == expected


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"chain": "player"}, "chain"),
    ({"chain": "seat", "first_pickup": 1}, "first_pickup must be a trick number from 2"),
    ({"chain": "seat", "first_pickup": True}, "first_pickup"),
    ({"chain": "seat", "blocked": {0}}, "blocked must hold trick numbers from 1"),
    ({"chain": "seat", "blocked": "12"}, "blocked must be a collection"),
])
def test_bad_rules_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises((hokm.InvalidArgumentError, ValueError), match=message):
        PileRule(**kwargs)  # type: ignore[arg-type]


def test_team_chain_needs_the_teams() -> None:
    with pytest.raises(hokm.InvalidArgumentError, match="needs teams"):
        PileRule("team").collectors([0, 2], tricks_total=13)


def engine(*variants: object, options: dict[str, dict[str, object]] | None = None) -> object:
    return hokm.Ruleset.compose(*variants, options=options)._engine  # type: ignore[arg-type]


def test_double_sar_declares_its_rule_unless_a_block_is_beyond_it() -> None:
    assert engine("double-sar").pile_rule == PileRule("seat")  # type: ignore[attr-defined]
    assert engine("double-sar", options={"double-sar": {"chain": "team", "blocked_pickups": {4}}}
                  ).pile_rule == PileRule("team", blocked={4})  # type: ignore[attr-defined]
    assert engine("be-ranga", "double-sar").pile_rule == PileRule("seat", first_pickup=3)  # type: ignore[attr-defined]
    assert engine("be-ranga", "double-sar", options={"be-ranga": {"first_pickup": "after-fixing-trick"}}
                  ).pile_rule is None  # type: ignore[attr-defined]
    assert engine("double-sar", options={"double-sar": {"ace_rule": "two-aces"}}).pile_rule is None  # type: ignore[attr-defined]
    assert engine("double-sar", "hidden-trump").pile_rule == PileRule("seat", after_trump=True)  # type: ignore[attr-defined]


@pytest.mark.parametrize("options", [
    {}, {"double-sar": {"chain": "team"}}, {"double-sar": {"reset_after_collect": False}},
    {"double-sar": {"blocked_pickups": {2, 12}}},
])
@pytest.mark.parametrize("partners", [(), ("be-ranga",), ("court-piece", "clockwise"), ("hidden-trump",),
                                      ("clockwise", "court-piece", "hidden-trump", "redeal")])
def test_the_declared_rule_agrees_with_the_hook(options: dict[str, dict[str, object]],
                                                partners: tuple[str, ...]) -> None:
    assert check_pile_rule("double-sar", with_variants=partners, options=options, hands=30, seed=3) > 0


@attrs.frozen(eq=False)
class LyingSar(DoubleSar):
    """Declares a team chain while its hook pairs by seat."""

    info: ClassVar[VariantInfo] = VariantInfo(name="lying-sar", summary="a wrong declaration")

    @hookimpl
    def hokm_pile_rule(self, ruleset: RulesetInfo) -> PileRule:
        return PileRule("team")


def test_the_check_catches_a_rule_that_differs_from_the_hook() -> None:
    with pytest.raises(InvariantViolation, match=r"pile-rule.*PileRule\(chain='team'"):
        check_pile_rule(LyingSar(), hands=30)


@given(seat_winners(), st.lists(st.booleans(), min_size=13, max_size=13), st.booleans())
def test_after_trump_collects_as_double_sars_hidden_trump_block(winners: list[int], in_force: list[bool],
                                                                 reset: bool) -> None:
    rule = PileRule("seat", reset_after_collect=reset, after_trump=True)
    expected = pile_collectors(winners, [False] * 13, same=lambda a, b: a == b, reset_after_collect=reset,
                               after_reveal=in_force)
    assert rule.collectors(winners, tricks_total=13, in_force=in_force) == expected
    with pytest.raises(hokm.InvalidArgumentError, match="needs in_force"):
        rule.collectors(winners, tricks_total=13)


@attrs.frozen(eq=False)
class RevealBlind(DoubleSar):
    """Declares its rule without hidden trump's block (c) while its hook applies it."""

    info: ClassVar[VariantInfo] = VariantInfo(name="reveal-blind-sar", summary="a wrong declaration")

    @hookimpl
    def hokm_pile_rule(self, ruleset: RulesetInfo) -> PileRule:
        return PileRule("seat")


def test_the_check_catches_a_rule_without_the_reveal_block() -> None:
    with pytest.raises(InvariantViolation, match=r"pile-rule.*PileRule\(chain='seat'"):
        check_pile_rule(RevealBlind(), with_variants=["hidden-trump"], hands=30)


def test_a_plugin_answering_none_has_nothing_to_check() -> None:
    assert check_pile_rule("double-sar", options={"double-sar": {"ace_rule": "two-aces"}}, hands=5) == 0


@attrs.frozen(eq=False)
class Grabber:
    """Another capture rule: the seat after the winner takes the trick."""

    info: ClassVar[VariantInfo] = VariantInfo(name="grabber", summary="the next seat collects")

    @hookimpl
    def hokm_trick_capture(self, winner: Seat) -> Capture:
        return Capture.of((winner + 1) % 4)


def test_the_rule_stands_only_for_its_own_plugins_hook() -> None:
    # Another plugin answers hokm_trick_capture too: the hooks are asked, in their order.
    with pytest.warns(hokm.VariantOverlapWarning, match="hokm_trick_capture"):
        composed = engine(Grabber(), "double-sar")
    assert composed.pile_rule is None and composed.capture_chain is not None  # type: ignore[attr-defined]


@attrs.frozen(eq=False)
class BadRule:
    info: ClassVar[VariantInfo] = VariantInfo(name="bad-rule", summary="not a PileRule")

    @hookimpl
    def hokm_pile_rule(self) -> object:
        return "pairs"


def test_a_rule_that_is_not_a_pile_rule_is_a_contract_error() -> None:
    with pytest.raises(hokm.PluginContractError, match=r"bad-rule.*hokm_pile_rule.*not a PileRule"):
        hokm.Ruleset.compose(BadRule())  # type: ignore[arg-type]


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
        hand = rules.deal(random.Random(seed)).playout(random.Random(seed))
        stepped = rules.deal(random.Random(seed))
        rng = random.Random(seed + 100)
        while not stepped.is_over:
            stepped = stepped.apply(rng.choice(stepped.legal_actions()))
        assert hand.tricks_played == stepped.tricks_played == 13  # never stops at seven
    assert plugin.asked == [1]


def test_a_constant_completion_must_be_a_bool() -> None:
    with pytest.raises(hokm.PluginContractError, match=r"counted.*hokm_hand_complete.*not a bool"):
        hokm.Ruleset.compose(Counted(answer="yes"))  # type: ignore[arg-type]


@attrs.frozen(eq=False)
class EndsAtFive:
    """A completion that reads the hand, asked before a constant one listed earlier."""

    info: ClassVar[VariantInfo] = VariantInfo(name="ends-at-five", summary="over after five tricks")

    @hookimpl
    def hokm_hand_complete(self, hand: HandView) -> bool | None:
        return True if hand.tricks_played >= 5 else None


def test_a_hook_reading_the_hand_is_asked_before_a_later_constant() -> None:
    with pytest.warns(hokm.VariantOverlapWarning, match="hokm_hand_complete"):
        rules = hokm.Ruleset.compose(Counted(), EndsAtFive())  # type: ignore[arg-type]
    hand = rules.deal(random.Random(1)).playout(random.Random(2))
    assert hand.tricks_played == 5


def test_check_variant_holds_a_declared_rule_to_the_hook() -> None:
    from hokm.testing import check_variant

    with pytest.raises(InvariantViolation, match=r"pile-rule(.|\n)*check_variant\('lying-sar'"):
        check_variant(LyingSar(), matches=1, partners=False)
    report = check_variant("double-sar", matches=1, partners=["be-ranga"])
    assert report.matches == 2


def tallies(collectors: tuple[int | None, ...], teams: tuple[int, ...]) -> tuple[list[int], int]:
    """Team tallies and the centre pile after ``collectors``, trick by trick."""
    tally, pile = [0, 0], 0
    for collector in collectors:
        if collector is None:
            pile += 1
        else:
            tally[teams[collector]] += pile + 1
            pile = 0
    return tally, pile


# A stand-in state (any winners, from any write-back point): the compiled module takes only a
# HandState; there the kernel's playouts are held to stepping instead (tests/property).
@pytest.mark.pure_only
@given(seat_winners(), st.integers(0, 13), st.sampled_from(["seat", "team"]), st.booleans(),
       st.frozensets(st.integers(1, 12), max_size=3), st.integers(2, 4), st.none() | st.integers(0, 13))
def test_the_kernels_lazy_pile_collects_as_the_rule(winners: list[int], start: int, chain: str, reset: bool,
                                                     blocked: frozenset[int], first: int,
                                                     trump_trick: int | None) -> None:
    # The kernel's pile worked out at the write-back for the tricks after ``start``, with a pair
    # counting from trick ``trump_trick`` (after_trump; None: no such condition) on.
    from types import SimpleNamespace

    from hokm._kernel_piles import _LAZY_PILE

    teams = (0, 1, 0, 1)
    rule = PileRule(chain, reset_after_collect=reset, blocked=blocked, first_pickup=first,  # type: ignore[arg-type]
                    after_trump=trump_trick is not None)
    in_force = None if trump_trick is None else [number >= trump_trick for number in range(13)]
    expected = rule.collectors(winners, tricks_total=13, teams=teams, in_force=in_force)
    engine = SimpleNamespace(pile_key=teams if chain == "team" else (0, 1, 2, 3),
                             pile_collects=rule.collects_at(13), pile_reset=reset, teams=teams,
                             pile_after=rule.after_trump, hand_size=13, players=4)
    before, pile = tallies(expected[:start], teams)
    state = SimpleNamespace(_setup=SimpleNamespace(engine=engine, trump=0, trump_from=4 * (trump_trick or 0)),
                            _winners=tuple(winners[:start]), _collectors=expected[:start], _pile=pile,
                            _team_tricks=tuple(before), _plays=[0] * 52)
    tally = [99, 99]  # the loop's count, replaced
    _LAZY_PILE.write(state, winners[start:], tally)  # type: ignore[arg-type]
    assert (state._collectors, (tally, state._pile)) == (expected, tallies(expected, teams))


def test_the_kernel_waits_with_the_pile_only_where_no_stop_reads_the_tallies() -> None:
    from hokm._kernel_piles import _LAZY_PILE, _piles

    state = hokm.Ruleset.compose("double-sar").deal(random.Random(1), hakem=0)
    assert _piles(state, [0, 0], 14) == (_LAZY_PILE, None)  # no stop: every trick is played
    piles, each_trick = _piles(state, [0, 0], 7)  # a stop at 7 tricks: the pile stepped trick by trick
    assert piles is each_trick is not None
