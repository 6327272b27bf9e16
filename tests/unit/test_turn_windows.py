"""Turn and pause windows: the values (``tricks`` as a slice of the hand's tricks), what composition
refuses, the rows the engine and the kernel's plan read, and that stepping and playouts honour them."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import stepped

import hokm
from hokm import Action, HandView, PauseWindow, TurnWindow
from hokm._compose.windows import EVERY, NEVER, OTHERS, SOME, Gate
from hokm._kernel.plan import plan_of
from hokm.testing import check_turn_windows
from hokm.windows import trick_numbers


@attrs.frozen
class Knock(Action):
    tag = "tests/knock"


@attrs.define(eq=False)
class Counted(hokm.Variant):
    """Offers nothing, but records the turns on which it is asked (to see the engine skip it)."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="counted", summary="tests only")
    window: TurnWindow | None = None
    asked: list[tuple[bool, bool]] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow]:
        return {} if self.window is None else {"hokm_turn_options": self.window}

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        self.asked.append((not hand.current_trick.plays, hand.to_act == hand.hakem))
        return None


class Base(hokm.Variant):
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="windowed", summary="tests only")

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        return None


def _windows(value: object) -> Base:
    class Windowed(Base):
        turn_windows = value  # type: ignore[assignment]

    return Windowed()


@pytest.mark.parametrize(("value", "fragment"), [
    (["hokm_turn_options"], "must be a mapping of hook names to TurnWindow (or PauseWindow) values"),
    ({"hokm_turn_option": TurnWindow()}, "turn_windows names 'hokm_turn_option', which is not a hokm hook"),
    ({"hokm_trick_winner": TurnWindow()}, "hokm_trick_winner, which is not asked turn by turn"),
    ({"hokm_turn_options": "hakem"}, "turn_windows['hokm_turn_options'] is 'hakem', not a hokm.TurnWindow"),
    ({"hokm_forced_effect": TurnWindow()}, "gives a window for hokm_forced_effect, which it does not"),
    ({"hokm_turn_options": TurnWindow(announced=True)}, "has announced=True, but hokm_turn_options is"),
    ({"hokm_turn_options": TurnWindow(at_call=False)},
     "has at_call=False, but hokm_turn_options is not asked at the trump call (at_call is for "
     "hokm_forced_effect)"),
], ids=["list", "typo", "not-per-turn", "not-a-window", "not-implemented", "announced-options",
        "at-call-options"])
def test_compose_refuses_bad_turn_windows(value: object, fragment: str) -> None:
    with pytest.raises(hokm.RulesetError) as caught:
        hokm.Ruleset.compose(_windows(value))
    assert fragment in str(caught.value)


@pytest.mark.parametrize(("kwargs", "error", "fragment"), [
    ({"leads": "caller"}, hokm.InvalidArgumentError, "leads must be 'all', 'hakem' or 'none', got 'caller'"),
    ({"follows": "hakem"}, hokm.InvalidArgumentError, "follows must be 'all', 'void', 'suit' or 'none'"),
    ({"until_trump": 1}, hokm.ArgumentTypeError, "until_trump must be a bool, got 1 (an int)"),
    ({"tricks": 3}, hokm.ArgumentTypeError,
     "TurnWindow() tricks must be a slice of the hand's tricks, such as slice(None, 1) for the first or "
     "slice(-1, None) for the last, got 3"),
    ({"tricks": range(1, 3)}, hokm.ArgumentTypeError, "tricks must be a slice of the hand's tricks"),
    ({"tricks": slice(0.5, None)}, hokm.ArgumentTypeError, "must be a slice of ints or None, got slice(0.5"),
    ({"tricks": slice(None, True)}, hokm.ArgumentTypeError, "tricks must be a slice of ints or None"),
    ({"tricks": slice(None, None, 0)}, hokm.InvalidArgumentError, "tricks must not have a step of 0"),
])
def test_turn_window_refuses_bad_values(kwargs: dict[str, Any], error: type[Exception],
                                        fragment: str) -> None:
    with pytest.raises(error) as caught:
        TurnWindow(**kwargs)
    assert fragment in str(caught.value)


def test_which_turns_a_window_holds() -> None:
    turn: dict[str, Any] = {"lead": False, "hakem": False, "void": True, "trump": False, "trick": 3,
                            "announced": False, "tricks_total": 13}
    reveal = TurnWindow(leads="hakem", follows="void", until_trump=True)
    assert reveal.holds(**turn)
    assert not reveal.holds(**{**turn, "void": False})
    assert not reveal.holds(**{**turn, "trump": True})
    assert not reveal.holds(**{**turn, "lead": True})
    assert reveal.holds(**{**turn, "lead": True, "hakem": True})
    assert not TurnWindow(announced=True).holds(**turn)
    assert TurnWindow(announced=True).holds(**{**turn, "announced": True})
    assert TurnWindow(tricks=slice(None, 3)).holds(**turn)
    assert not TurnWindow(tricks=slice(None, 2)).holds(**turn)
    assert TurnWindow().holds(**{**turn, "void": False, "trump": True})
    in_suit = TurnWindow(leads="none", follows="suit")
    assert not in_suit.holds(**turn) and in_suit.holds(**{**turn, "void": False})
    assert not in_suit.holds(**{**turn, "void": False, "lead": True})


@pytest.mark.parametrize(("follows", "void", "suit"), [
    (("void",), True, False), (("suit",), False, True), (("void", "suit"), True, True),
    (("all",), True, True), (("none",), False, False), (("none", "suit"), False, True)])
def test_a_gate_opens_on_the_union_of_its_windows_follows(follows: tuple[str, ...], void: bool,
                                                          suit: bool) -> None:
    gate = Gate([TurnWindow(leads="none", follows=kind) for kind in follows], 13)  # type: ignore[arg-type]
    assert gate.open(False, False, True, True, 0, False) is void
    assert gate.open(False, False, False, True, 0, False) is suit
    assert not gate.open(True, True, False, True, 0, False)
    assert gate.follows == ((SOME if void else NEVER) | (OTHERS if suit else NEVER),) * 2
    assert (gate.follows[0] == EVERY) is (void and suit)


@pytest.mark.parametrize(("tricks", "total", "numbers"), [
    (slice(None, 1), 13, [1]),  # the first trick
    (slice(-1, None), 13, [13]),  # the last, of 13
    (slice(-1, None), 17, [17]),  # the last, of 17 (three players)
    (slice(1, None), 13, list(range(2, 14))),  # all but the first
    (slice(1, None), 17, list(range(2, 18))),
    (slice(None, -1), 13, list(range(1, 13))),  # all but the last
    (slice(None), 13, list(range(1, 14))),  # every trick (the default)
    (slice(2, 5), 13, [3, 4, 5]),
    (slice(-3, None), 17, [15, 16, 17]),
    (slice(None, None, 2), 13, [1, 3, 5, 7, 9, 11, 13]),
], ids=["first", "last-of-13", "last-of-17", "but-first-13", "but-first-17", "but-last", "every",
        "third-to-fifth", "last-three-of-17", "odd"])
def test_trick_numbers_reads_a_slice_of_the_hands_tricks(tricks: slice, total: int,
                                                         numbers: list[int]) -> None:
    assert list(trick_numbers(tricks, total)) == numbers
    window = TurnWindow(tricks=tricks)
    assert [number for number in range(1, total + 1) if window.holds(
        lead=True, hakem=False, void=False, trump=True, trick=number, announced=False,
        tricks_total=total)] == numbers
    pause = PauseWindow(before_play=False, tricks=tricks)
    assert [played for played in range(total + 1)
            if pause.holds(tricks_played=played, tricks_total=total)] == numbers


@settings(max_examples=40, deadline=None)
@given(start=st.none() | st.integers(-15, 15), stop=st.none() | st.integers(-15, 15),
       step=st.sampled_from([None, 1, 2, 3, -1]), players=st.sampled_from([3, 4]))
def test_the_engines_rows_hold_the_window_s_tricks(start: int | None, stop: int | None, step: int | None,
                                                   players: int) -> None:
    # Stepping and the kernel read the chain's live rows (by tricks done): they hold exactly the
    # window's tricks, for 13 tricks and for the three-player game's 17.
    tricks = slice(start, stop, step)
    plugin = Counted(TurnWindow(tricks=tricks))
    rules = hokm.Ruleset.compose(*(("three-player",) if players == 3 else ()), plugin)
    total = rules._engine.hand_size
    numbers = set(trick_numbers(tricks, total))
    row = tuple(done + 1 in numbers for done in range(total + 1))
    assert rules._engine.decisions.turn_live == (row, row)
    assert plan_of(rules._engine).lead_steps == (row, row)


def _stepped(rules: hokm.Ruleset, seed: int) -> hokm.HandState:
    hand = rules.deal(random.Random(seed), hakem=seed % 4)
    rand = random.Random(seed + 1).random
    while not hand.is_over:
        actions = hand.legal_actions()
        hand = hand.apply(actions[int(rand() * len(actions))])
    return hand


@pytest.mark.parametrize("driver", ["stepping", "playout"])
def test_a_hook_is_asked_only_inside_its_window(driver: str) -> None:
    plugin = Counted(TurnWindow(leads="hakem", follows="none"))
    rules = hokm.Ruleset.compose(plugin)
    for seed in range(5):
        if driver == "stepping":
            hand = _stepped(rules, seed)
        else:
            hand = rules.deal(random.Random(seed), hakem=0).playout(random.Random(seed))
        assert hand.is_over
    assert plugin.asked and set(plugin.asked) == {(True, True)}  # only the Hakem's leads
    plan = plan_of(rules._engine)  # the other turns are played in the kernel's loop
    assert plan.step_gates is not None and plan.step_at(True, True, False, True, 0)
    assert not plan.step_at(True, False, False, True, 0) and not plan.step_at(False, True, True, True, 0)


def test_a_hook_without_a_window_is_asked_every_turn() -> None:
    plugin = Counted()
    rules = hokm.Ruleset.compose(plugin)
    hand = _stepped(rules, 1)
    # The default: every turn on which it may offer something, a lead or a seat that cannot follow
    # (in standard Hokm, a card off the led suit).
    leads_and_voids = sum(1 + sum(card.suit is not trick.plays[0][1].suit for _, card in trick.plays[1:])
                          for trick in (*hand.tricks, hand.current_trick) if trick.plays)
    assert len(plugin.asked) == leads_and_voids < len(hand.plays)
    assert plan_of(rules._engine).step_gates is None
    assert "hokm_turn_options with the hand: every turn" in plan_of(rules._engine).story
    # A windowless hook beside a windowed one: the chain is asked on every turn.
    assert plan_of(hokm.Ruleset.compose("troefcall", Counted())._engine).step_gates is None


def test_the_bundled_windows() -> None:
    hidden = hokm.Ruleset.compose("hidden-trump")._engine
    # Its announcements are a table (no window needed); the forced reveal of the caller's last card
    # is asked only in the last trick, before the reveal, on the Hakem's lead or a void follow.
    assert hidden.decisions.turn_chain == () and not hidden.legality.kernel_restricts
    gate = hidden.decisions.forced_gate
    assert gate is not None and (gate.leads, gate.follows) == ((SOME, NEVER), (SOME, NEVER))
    assert hidden.decisions.forced_live == ((False,) * 12 + (True, False), (False,) * 14)
    options = {"hidden-trump": {"reveal": "automatic"}}
    automatic = hokm.Ruleset.compose("hidden-trump", options=options)._engine
    assert automatic.decisions.forced_live == ((True,) * 13 + (False,), (False,) * 14)
    # Troefcall's claim reads the hand, on the caller's lead to the first trick.
    troefcall = hokm.Ruleset.compose("troefcall")._engine
    claim = troefcall.decisions.turn_gate
    assert claim is not None and (claim.leads, claim.follows) == ((SOME, SOME), (NEVER, NEVER))
    assert troefcall.decisions.turn_live == ((True,) + (False,) * 13,) * 2


@attrs.define(eq=False)
class TrickSpy(hokm.Variant):
    """Answers nothing, but records the trick numbers of the turns ``hook`` (one taking the hand) is
    asked on; its window holds every turn of ``tricks``."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="trick-spy", summary="tests only")
    hook: str = "hokm_turn_options"
    tricks: slice = slice(None)
    asked: list[int] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow]:
        at_call = self.hook != "hokm_forced_effect"  # (at_call=False: only for the forced effect)
        return {self.hook: TurnWindow(tricks=self.tricks, at_call=at_call)}

    @property
    def inactive_hooks(self) -> frozenset[str]:
        hooks = {"hokm_turn_options", "hokm_forced_effect", "hokm_restrict_plays"}
        return frozenset(hooks - {self.hook})

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        self.asked.append(hand.tricks_played + 1)
        return None

    @hokm.hookimpl
    def hokm_forced_effect(self, hand: HandView) -> hokm.Effect | None:
        if hand.to_act is not None:  # (also asked once when the hand is over)
            self.asked.append(hand.tricks_played + 1)
        return None

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: hokm.PlayContext) -> frozenset[hokm.Card] | None:
        self.asked.append(ctx.trick.number)
        return None


@pytest.mark.parametrize("hook", ["hokm_turn_options", "hokm_forced_effect", "hokm_restrict_plays"])
@pytest.mark.parametrize(("tricks", "players"), [
    (slice(None, 1), 4), (slice(-1, None), 4), (slice(-1, None), 3), (slice(1, None), 4), (slice(1, None), 3),
], ids=["first", "last-of-13", "last-of-17", "all-but-first-of-13", "all-but-first-of-17"])
@pytest.mark.parametrize("driver", ["stepping", "playout"])
def test_a_hook_reading_the_hand_is_asked_only_in_the_tricks_of_its_window(
        hook: str, tricks: slice, players: int, driver: str) -> None:
    plugin = TrickSpy(hook=hook, tricks=tricks)
    three = players == 3
    rules = hokm.Ruleset.compose(*(("three-player",) if three else ()), plugin,
                                 options={} if three else {"standard": {"play_all": True}})
    total = rules._engine.hand_size
    for seed in range(6):
        start = rules.deal(random.Random(seed), hakem=seed % players)
        hand = stepped(start, seed) if driver == "stepping" else start.playout(random.Random(seed))
        assert hand.is_over
    expected = set(trick_numbers(tricks, total))
    if hook == "hokm_restrict_plays":  # never asked on a lone card: everyone's in the last trick
        expected.discard(total)
        if not expected:
            assert plugin.asked == []
            return
    assert plugin.asked and set(plugin.asked) <= expected
    assert (set(plugin.asked) == expected) or three  # (a three-player hand may end before the 17th)


@pytest.mark.parametrize(("names", "options"), [
    (("hidden-trump",), {"standard": {"play_all": True}}),  # (its forced reveal: in the last trick only)
    (("hidden-trump", "double-sar", "redeal"), {"hidden-trump": {"reveal": "automatic"}}),
    (("hidden-trump", "bavney"), {"hidden-trump": {"indicator": "blind"}}),
    (("troefcall", "clockwise"), {}),
])
def test_a_shut_live_row_means_a_shut_gate(names: tuple[str, ...], options: dict[str, Any]) -> None:
    # Stepping skips the gate where the row of its trump state says no: the row must never
    # shut a turn the gate opens.
    from hokm._hand.moments import turn_open

    rules = hokm.Ruleset.compose(*names, options=options)
    decisions = rules._engine.decisions
    rng = random.Random(3)
    opened = 0
    for _ in range(40):
        hand = rules.deal(rng)
        while not hand.is_over:
            if hand.phase is hokm.Phase.PLAY and hand.pending_decision is None:
                setup, done = hand._setup, hand.tricks_played
                for chain, gate, row in ((decisions.turn_chain, decisions.turn_gate, setup.turn_live),
                                         (decisions.forced_chain, decisions.forced_gate, setup.forced_live)):
                    if chain and turn_open(gate, hand):
                        opened += 1
                        assert row[done], (names, done, hand.plays)
            hand = hand.apply(rng.choice(hand.legal_actions()))
    assert opened  # the check saw open turns


def test_call_options_belong_to_their_own_state() -> None:
    # The engine remembers the last state's call options: two hands asked in turn keep their own.
    rules = hokm.Ruleset.compose("hidden-trump", "redeal")
    rng = random.Random(8)
    first, second = rules.deal(rng, hakem=0), rules.deal(rng, hakem=1)
    for _ in range(3):
        assert {str(action) for action in first.legal_actions()} != {str(a) for a in second.legal_actions()}
    fresh = [rules.deal(random.Random(seed), hakem=0) for seed in (1, 2)]
    expected = [hand.legal_actions() for hand in fresh]
    again = [rules.deal(random.Random(seed), hakem=0) for seed in (1, 2)]
    assert [hand.legal_actions() for hand in reversed(again)] == list(reversed(expected))
    chosen = first.legal_actions()[1]
    assert first.apply(chosen).decisions[-1][1] == chosen
    with pytest.raises(hokm.IllegalActionError):
        second.apply(chosen)  # the first hand's indicator is not among the second's


@attrs.define(eq=False)
class CallShow(hokm.Variant):
    """A forced effect that shows the Hakem's first card at the trump call (``show``), with a window
    that holds no turn of trick play; ``at_call`` is its window's. Records the phases it is asked in."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="call-show", summary="tests only")
    at_call: bool = True
    show: bool = False
    asked: list[hokm.Phase] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow]:
        return {"hokm_forced_effect": TurnWindow(leads="none", follows="none", at_call=self.at_call)}

    @hokm.hookimpl
    def hokm_forced_effect(self, hand: HandView) -> hokm.Effect | None:
        assert isinstance(hand, hokm.HandState)
        self.asked.append(hand.phase)
        if self.show and hand.phase is hokm.Phase.TRUMP and not hand.shown:
            return hokm.Effect(show=(hand.dealt(hand.hakem)[0],))
        return None


def test_at_call_false_skips_the_forced_effect_at_the_call() -> None:
    with pytest.raises(hokm.ArgumentTypeError, match="at_call must be a bool"):
        TurnWindow(at_call=0)  # type: ignore[arg-type]
    for at_call in (True, False):
        plugin = CallShow(at_call=at_call)
        rules = hokm.Ruleset.compose(plugin)
        assert rules._engine.decisions.forced_at_call is at_call
        hand = rules.deal(random.Random(4), hakem=0)
        assert (hokm.Phase.TRUMP in plugin.asked) is at_call
        hand.playout(random.Random(4))
        assert (hokm.Phase.TRUMP in plugin.asked) is at_call
    # Hidden trump: nothing forced at a chosen indicator's call; the blind card is laid there.
    assert not hokm.Ruleset.compose("hidden-trump")._engine.decisions.forced_at_call
    blind = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"indicator": "blind"}})
    assert blind._engine.decisions.forced_at_call
    assert blind.deal(random.Random(1), hakem=0).set_aside[0]  # laid at the call


def test_check_turn_windows_catches_a_forced_effect_at_the_call_despite_at_call_false() -> None:
    hand = hokm.Ruleset.compose(CallShow(at_call=False, show=True)).deal(random.Random(4), hakem=0)
    assert not hand.shown  # not asked at the call: nothing shown
    with pytest.raises(hokm.PluginContractError) as caught:
        check_turn_windows(hand)
    text = str(caught.value)
    assert "plugin 'call-show' broke the contract of hokm_forced_effect: it answered Effect(" in text
    assert "at_call=False" in text and "(at the trump call)" in text
    honest = hokm.Ruleset.compose(CallShow(at_call=True, show=True)).deal(random.Random(4), hakem=0)
    assert honest.shown  # asked at the call: shown
    check_turn_windows(honest)


@attrs.define(eq=False)
class EndShow(hokm.Variant):
    """A forced effect that shows the Hakem's first card once the hand is over (``show``), with a
    window that holds no turn of trick play; ``until_trump`` is its window's. Records the phases
    it is asked in."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="end-show", summary="tests only")
    until_trump: bool = True
    show: bool = False
    asked: list[hokm.Phase] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow]:
        return {"hokm_forced_effect": TurnWindow(leads="none", follows="none", at_call=False,
                                                 until_trump=self.until_trump)}

    @hokm.hookimpl
    def hokm_forced_effect(self, hand: HandView) -> hokm.Effect | None:
        assert isinstance(hand, hokm.HandState)
        self.asked.append(hand.phase)
        if self.show and hand.phase is hokm.Phase.OVER and not hand.shown:
            return hokm.Effect(show=(hand.dealt(hand.hakem)[0],))
        return None


@pytest.mark.parametrize("driver", ["stepping", "playout"])
def test_until_trump_skips_the_forced_effect_at_the_end_of_a_hand_with_a_trump(driver: str) -> None:
    for until_trump in (True, False):
        plugin = EndShow(until_trump=until_trump, show=True)
        rules = hokm.Ruleset.compose(plugin)
        assert rules._engine.decisions.forced_at_end is not until_trump
        hand = rules.deal(random.Random(4), hakem=0).apply(hokm.CallTrump(hokm.Suit.CLUBS))
        rng = random.Random(4)
        while driver == "stepping" and not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_actions()))
        hand = hand.playout(rng)
        assert (hokm.Phase.OVER in plugin.asked) is not until_trump
        assert bool(hand.shown) is not until_trump


def test_check_turn_windows_catches_a_forced_effect_at_the_end_despite_until_trump() -> None:
    plugin = EndShow(until_trump=True, show=True)
    hand = hokm.Ruleset.compose(plugin).deal(random.Random(4), hakem=0).apply(hokm.CallTrump(hokm.Suit.CLUBS))
    hand = hand.playout(random.Random(4))
    assert not hand.shown  # not asked at the end: nothing shown
    with pytest.raises(hokm.PluginContractError) as caught:
        check_turn_windows(hand)
    text = str(caught.value)
    assert "plugin 'end-show' broke the contract of hokm_forced_effect: it answered Effect(" in text
    assert "until_trump=True" in text and "(at the end of the hand, trump ♣)" in text
    check_turn_windows(hokm.Ruleset.compose(EndShow()).deal(random.Random(4), hakem=0).apply(
        hokm.CallTrump(hokm.Suit.CLUBS)).playout(random.Random(4)))  # the honest hook passes


def test_check_turn_windows_catches_a_hook_answering_outside_its_window() -> None:
    @attrs.define(eq=False)
    class LeadKnock(hokm.Variant):
        """Offers a knock on every lead, but says only the Hakem's lead."""

        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="lead-knock", summary="tests only")

        @property
        def turn_windows(self) -> Mapping[str, TurnWindow]:
            return {"hokm_turn_options": TurnWindow(leads="hakem", follows="none")}

        @hokm.hookimpl
        def hokm_action_space(self) -> Sequence[Action]:
            return (Knock(),)

        @hokm.hookimpl
        def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
            return (Knock(),) if not hand.current_trick.plays else None

    rules = hokm.Ruleset.compose(LeadKnock())
    hand = rules.deal(random.Random(3), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
    check_turn_windows(hand)  # the Hakem's lead: inside the window
    while hand.to_act == 0 or hand.current_trick.plays:  # to a lead by another seat
        hand = hand.apply(next(a for a in hand.legal_actions() if isinstance(a, hokm.PlayCard)))
    assert Knock() not in hand.legal_actions()  # the engine trusts the window
    with pytest.raises(hokm.PluginContractError) as caught:
        check_turn_windows(hand)
    text = str(caught.value)
    assert "plugin 'lead-knock' broke the contract of hokm_turn_options" in text
    assert "outside its window TurnWindow(leads='hakem', follows='none'" in text
    assert f"seat {hand.to_act} leading to trick" in text


def test_check_turn_windows_catches_a_legality_hook_acting_on_a_void_turn_its_window_leaves_out() -> None:
    @attrs.define(eq=False)
    class TrumpWhenVoid(hokm.Variant):
        """A seat that cannot follow must trump, but the window says follows in suit only."""

        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="trump-when-void", summary="tests only")

        @property
        def turn_windows(self) -> Mapping[str, TurnWindow]:
            return {"hokm_restrict_plays": TurnWindow(leads="none", follows="suit")}

        @hokm.hookimpl
        def hokm_restrict_plays(self, ctx: hokm.PlayContext) -> frozenset[hokm.Card] | None:
            led, trump = ctx.led, ctx.trump
            if led is None or trump is None or ctx.holds(led):
                return None
            return ctx.cards_of(trump) or None

    rules = hokm.Ruleset.compose(TrumpWhenVoid())
    walk = random.Random(5)
    for seed in range(50):
        hand = rules.deal(random.Random(seed), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
        while not hand.is_over:
            led = hand.current_trick.led
            seat = hand.to_act
            assert seat is not None
            held = hand.hand_of(seat)
            if led is not None and not any(card.suit is led for card in held) and any(
                    card.suit is hokm.Suit.SPADES for card in held) and len(held) > 1:
                break  # a void turn where the rule would act
            check_turn_windows(hand)  # every turn in the window, or where the rule has no opinion
            hand = hand.apply(walk.choice(hand.legal_actions()))
        else:
            continue
        assert len(hand.legal_actions()) == len(held)  # the engine trusts the window: any card
        with pytest.raises(hokm.PluginContractError) as caught:
            check_turn_windows(hand)
        assert "outside its window TurnWindow(leads='none', follows='suit'" in str(caught.value)
        return
    raise AssertionError("no void turn with a trump in 50 hands")


# Pause windows: where hokm_pending_decision is asked ------------------------------------


@attrs.define(eq=False)
class Asked(hokm.Variant):
    """Offers no decision, but records after how many tricks it is asked."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="asked", summary="tests only")
    window: PauseWindow | None = None
    asked: list[int] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, PauseWindow]:
        return {} if self.window is None else {"hokm_pending_decision": self.window}

    @hokm.hookimpl
    def hokm_pending_decision(self, hand: HandView) -> hokm.Decision | None:
        self.asked.append(hand.tricks_played)
        return None


@pytest.mark.parametrize(("window", "pauses"), [
    (None, set(range(14))),  # every pause: before play, after each trick
    (PauseWindow(), set(range(14))),
    (PauseWindow(before_play=False, trick_ends="majority"), {7}),
    (PauseWindow(trick_ends="none"), {0}),
])
@pytest.mark.parametrize("driver", ["stepping", "playout"])
def test_a_decision_hook_is_asked_only_at_the_pauses_of_its_window(
        window: PauseWindow | None, pauses: set[int], driver: str) -> None:
    plugin = Asked(window)
    rules = hokm.Ruleset.compose(plugin)
    for seed in range(12):
        hand = (_stepped(rules, seed) if driver == "stepping"
                else rules.deal(random.Random(seed), hakem=0).playout(random.Random(seed)))
        assert hand.is_over
    assert set(plugin.asked) <= pauses and {0, 7} & pauses <= set(plugin.asked)


@pytest.mark.parametrize(("value", "fragment"), [
    ({"hokm_pending_decision": TurnWindow()}, "turn_windows['hokm_pending_decision'] is TurnWindow("),
    ({"hokm_turn_options": PauseWindow()}, "is PauseWindow(before_play=True, trick_ends='all'"),
])
def test_each_hook_takes_its_own_kind_of_window(value: object, fragment: str) -> None:
    with pytest.raises(hokm.RulesetError) as caught:
        hokm.Ruleset.compose(_windows(value))
    assert fragment in str(caught.value)


@pytest.mark.parametrize("driver", ["stepping", "playout"])
def test_a_decision_hook_is_asked_only_after_the_tricks_of_its_window(driver: str) -> None:
    plugin = Asked(PauseWindow(before_play=False, tricks=slice(2, None)))  # from the third trick's end
    rules = hokm.Ruleset.compose(plugin)
    assert rules._engine.ends.decide_pauses == (False, False, False, *(True,) * 11)
    for seed in range(12):
        hand = (_stepped(rules, seed) if driver == "stepping"
                else rules.deal(random.Random(seed), hakem=0).playout(random.Random(seed)))
        assert hand.is_over
    assert set(plugin.asked) <= set(range(3, 14)) and {3, 7} <= set(plugin.asked)


@pytest.mark.parametrize(("players", "window", "pauses"), [
    (4, PauseWindow(before_play=False, tricks=slice(-1, None)), [13]),
    (3, PauseWindow(before_play=False, tricks=slice(-1, None)), [17]),
    (4, PauseWindow(tricks=slice(None, 1)), [0, 1]),
    (3, PauseWindow(tricks=slice(1, None)), [0, *range(2, 18)]),
], ids=["last-of-13", "last-of-17", "first", "all-but-first-of-17"])
def test_a_pause_windows_tricks_pick_the_trick_ends(players: int, window: PauseWindow,
                                                    pauses: list[int]) -> None:
    plugin = Asked(window)
    three = players == 3  # (three-player ends a hand by its own rule: no play_all there)
    rules = hokm.Ruleset.compose(*(("three-player",) if three else ()), plugin,
                                 options={} if three else {"standard": {"play_all": True}})
    ends = rules._engine.ends
    assert [played for played, asked in enumerate(ends.decide_pauses) if asked] == pauses
    for seed in range(8):
        start = rules.deal(random.Random(seed), hakem=0)
        assert start.playout(random.Random(seed)) == stepped(start, seed)
    assert plugin.asked and set(plugin.asked) <= set(pauses)
    assert set(plugin.asked) == set(pauses) or three


def test_tricks_joins_the_other_fields() -> None:
    window = PauseWindow(trick_ends="majority", tricks=slice(7, None))  # after the 7th only, but from the 8th
    assert [played for played in range(14) if window.holds(tricks_played=played, tricks_total=13)] == [0]
    assert PauseWindow(tricks=slice(1, None)) != PauseWindow()
    assert repr(PauseWindow(tricks=slice(1, None))) == (
        "PauseWindow(before_play=True, trick_ends='all', tricks=slice(1, None, None))")
    assert repr(PauseWindow()) == ("PauseWindow(before_play=True, trick_ends='all', "
                                   "tricks=slice(None, None, None))")
    again = PauseWindow(before_play=False, tricks=slice(4, None))
    assert eval(repr(again)) == again
    turn = TurnWindow(leads="hakem", follows="none", tricks=slice(-1, None))
    assert eval(repr(turn)) == turn and turn != TurnWindow(leads="hakem", follows="none")


def test_windows_are_hashable_values() -> None:
    windows = {TurnWindow(), TurnWindow(tricks=slice(-1, None)), PauseWindow(),
               PauseWindow(tricks=slice(1, None))}
    assert len(windows) == 4 and TurnWindow(tricks=slice(-1, None)) in windows


@pytest.mark.parametrize(("value", "error", "message"), [
    (2, hokm.ArgumentTypeError, "PauseWindow() tricks must be a slice of the hand's tricks"),
    (slice("1", None), hokm.ArgumentTypeError, "PauseWindow() tricks must be a slice of ints or None"),
    (slice(1, None, 0), hokm.InvalidArgumentError, "PauseWindow() tricks must not have a step of 0"),
], ids=["an-int", "a-string-bound", "step-0"])
def test_pause_window_refuses_bad_tricks(value: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        PauseWindow(tricks=value)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_troefcall_asks_nothing_after_the_first_trick() -> None:
    # The capitulation needs a trick on each side; the kap comes after the seventh.
    pauses = hokm.Ruleset.compose("troefcall")._engine.ends.decide_pauses
    assert pauses == (False, False, *(True,) * 12)
    quiet = hokm.Ruleset.compose("troefcall", options={"troefcall": {"capitulation": False}})
    assert quiet._engine.ends.decide_pauses == tuple(played == 7 for played in range(14))


# Pause windows of hokm_hand_complete ---------------------------------------------------


@attrs.define(eq=False)
class EndsAtFive(hokm.Variant):
    """Ends the hand after the fifth trick (``at``), and records after how many tricks it is asked;
    its window (if any) is a promise it keeps only with ``keeps``."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="ends-at-five", summary="tests only")
    window: PauseWindow | None = None
    at: int = 5
    asked: list[int] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, PauseWindow]:
        return {} if self.window is None else {"hokm_hand_complete": self.window}

    @hokm.hookimpl
    def hokm_hand_complete(self, hand: HandView) -> bool | None:
        self.asked.append(hand.tricks_played)
        return True if hand.tricks_played == self.at else None


@pytest.mark.parametrize(("window", "tricks"), [
    (None, list(range(1, 14))),
    (PauseWindow(before_play=False, tricks=slice(4, None)), list(range(5, 14))),
    (PauseWindow(before_play=False, trick_ends="majority"), [7]),
], ids=["none", "from-the-fifth", "majority"])
@pytest.mark.parametrize("driver", ["stepping", "playout"])
def test_a_completion_hook_is_asked_only_after_the_tricks_of_its_window(
        window: PauseWindow | None, tricks: list[int], driver: str) -> None:
    plugin = EndsAtFive(window, at=tricks[0] if window is not None else 5)
    rules = hokm.Ruleset.compose(plugin, options={"standard": {"play_all": True}})
    ends = rules._engine.ends
    assert [played for played, asked in enumerate(ends.complete_pauses) if asked and played] == tricks
    assert plan_of(rules._engine).ends[1:13] == tuple(done in tricks for done in range(1, 13))
    for seed in range(8):
        start = rules.deal(random.Random(seed), hakem=0)
        plugin.asked.clear()
        hand = start.playout(random.Random(seed)) if driver == "playout" else stepped(start, seed)
        assert hand.is_over and hand.tricks_played == plugin.at  # its answer in its window counts
        assert set(plugin.asked) <= set(tricks) and plugin.asked  # and it is asked nowhere else
        if driver == "playout":
            assert hand == stepped(start, seed)


def test_a_completion_window_leaves_the_stop_rule_alone() -> None:
    # Outside the window the hand ends by the standard rule: a team's seventh trick.
    plugin = EndsAtFive(PauseWindow(before_play=False, tricks=slice(12, None)), at=13)
    rules = hokm.Ruleset.compose(plugin)
    for seed in range(8):
        start = rules.deal(random.Random(seed), hakem=0)
        hand = start.playout(random.Random(seed))
        assert hand == stepped(start, seed)
        assert max(hand.team_tricks) == 7 and not plugin.asked


def test_troefcall_asks_its_completion_only_where_a_capitulation_can_come() -> None:
    ends = hokm.Ruleset.compose("troefcall")._engine.ends
    assert ends.complete_pauses == (False, False, *(True,) * 12)


def test_check_turn_windows_catches_a_completion_outside_its_window() -> None:
    # It ends the hand after the fifth trick, but says only after the seventh.
    plugin = EndsAtFive(PauseWindow(before_play=False, trick_ends="majority"))
    rules = hokm.Ruleset.compose(plugin, options={"standard": {"play_all": True}})
    hand = rules.deal(random.Random(1), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
    while hand.tricks_played < 5 or hand.current_trick.plays:
        check_turn_windows(hand)  # silent until the pause its window leaves out
        hand = hand.apply(hand.legal_actions()[0])
    assert not hand.is_over  # the engine trusts the window
    with pytest.raises(hokm.PluginContractError) as caught:
        check_turn_windows(hand)
    assert ("plugin 'ends-at-five' broke the contract of hokm_hand_complete: it answered True outside "
            "its window PauseWindow(before_play=False, trick_ends='majority'" in str(caught.value))
    assert "(the pause after trick 5)" in str(caught.value)


def test_pause_window_refuses_bad_values() -> None:
    with pytest.raises(hokm.InvalidArgumentError, match="PauseWindow\\(\\) trick_ends must be 'all', "):
        PauseWindow(trick_ends="seventh")  # type: ignore[arg-type]
    with pytest.raises(hokm.ArgumentTypeError, match="PauseWindow\\(\\) before_play must be a bool"):
        PauseWindow(before_play=None)  # type: ignore[arg-type]


def test_the_bundled_pause_windows() -> None:
    def where(*names: str, **options: dict[str, Any]) -> list[int]:
        """The pauses (by tricks played, 0: before the first lead) where the decision chain is asked."""
        engine = hokm.Ruleset.compose(*names, options=options)._engine
        return [played for played, asked in enumerate(engine.ends.decide_pauses) if asked]

    assert where("bavney", bavney={"decide": True}) == [7]  # after the seventh trick only
    assert where("court-piece", **{"court-piece": {"decide": True}}) == [7]
    assert where("redeal", redeal={"rule": "no-picture-hand"}) == [0]  # before play only
    assert where("troefcall") == list(range(2, 14))  # the capitulation offer: from the second trick on
    assert where("troefcall", troefcall={"capitulation": False}) == [7]
    assert where() == []


def test_check_turn_windows_catches_a_decision_outside_its_window() -> None:
    @attrs.define(eq=False)
    class LateOffer(hokm.Variant):
        """Offers a play-on after the eighth trick, but says only after the seventh."""

        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="late-offer", summary="tests only")

        @property
        def turn_windows(self) -> Mapping[str, PauseWindow]:
            return {"hokm_pending_decision": PauseWindow(before_play=False, trick_ends="majority")}

        @hokm.hookimpl
        def hokm_pending_decision(self, hand: HandView) -> hokm.Decision | None:
            if hand.tricks_played != 8:
                return None
            return hokm.Decision(hand.winners[-1], (hokm.PlayOn(True), hokm.PlayOn(False)))

    rules = hokm.Ruleset.compose(LateOffer(), options={"standard": {"play_all": True}})
    hand = rules.deal(random.Random(1), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
    while hand.tricks_played < 8 or hand.current_trick.plays:
        hand = hand.apply(hand.legal_actions()[0])
    assert hand.pending_decision is None  # the engine trusts the window
    with pytest.raises(hokm.PluginContractError) as caught:
        check_turn_windows(hand)
    assert ("plugin 'late-offer' broke the contract of hokm_pending_decision: it answered Decision("
            in str(caught.value))
    assert "(the pause after trick 8)" in str(caught.value)


@attrs.define(eq=False)
class ForcedEighthLead(hokm.Variant):
    """The leader to the eighth trick must lead his lowest card: a forced play right after a pause."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="forced-eighth-lead", summary="tests only")

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow]:
        return {"hokm_forced_effect": TurnWindow(leads="all", follows="none")}

    @hokm.hookimpl
    def hokm_forced_effect(self, hand: HandView) -> hokm.Effect | None:
        seat = hand.to_act
        if seat is None or hand.tricks_played != 7 or hand.current_trick.plays:
            return None
        return hokm.Effect(play=min(hand.hand_of(seat), key=lambda card: card.index))


def test_playouts_follow_a_forced_play_at_the_lead_after_a_decision_pause() -> None:
    # Bavney's offer makes the seventh trick end by the state's own steps; the forced lead that
    # follows it moves the hand on, and the kernel must pick up from there as stepping does.
    rules = hokm.Ruleset.compose("bavney", ForcedEighthLead(),
                                 options={"bavney": {"decide": True}, "standard": {"play_all": True}})
    for seed in range(40):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        fast = start.playout(random.Random(seed))
        rand = random.Random(seed).random
        slow = start
        while not slow.is_over:
            actions = slow.legal_actions()
            slow = slow.apply(actions[int(rand() * len(actions))])
        assert fast == slow and fast.plays == slow.plays and fast.decisions == slow.decisions
        assert fast.result() == slow.result() and len(fast.plays) == 52


# The kernel's plan: what leaves the plain loop ----------------------------------------------------


@attrs.frozen(eq=False)
class WindowedNone:
    """A legality rule with no opinion, asked in ``window``."""

    window: TurnWindow
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="windowed-none", summary="asked in a window")

    @property
    def turn_windows(self) -> dict[str, TurnWindow]:
        return {"hokm_restrict_plays": self.window}

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: hokm.PlayContext) -> frozenset[hokm.Card] | None:
        return None


@pytest.mark.parametrize(("window", "leads", "in_suit", "void"), [
    (TurnWindow(), True, True, True),
    (TurnWindow(leads="none", follows="suit"), False, True, False),
    (TurnWindow(leads="none", follows="void"), False, False, True),
    (TurnWindow(follows="none"), True, False, False),
    (TurnWindow(leads="none", tricks=slice(4, None)), False, True, True),
])
def test_the_card_loop_leaves_its_plain_pick_only_on_turns_a_legality_window_holds(
        window: TurnWindow, leads: bool, in_suit: bool, void: bool) -> None:
    plan = plan_of(hokm.Ruleset.compose(WindowedNone(window))._engine)  # type: ignore[arg-type]
    lead_rows = [row for lead_row, _ in plan.events for row in lead_row[:13]]
    assert any(lead_rows) is leads
    assert plan.follow_asks is in_suit  # a follow in suit may be narrowed
    assert plan.switches[6] is void  # a void follow is picked by the tables, the rule asked
    if window.tricks == slice(4, None):  # asked on follows of tricks 5 to 13 only
        opens = plan.asked[False][1]
        assert opens[3][1] == (False,) * 4 + (True,) * 9 + (False,)


def test_the_plan_names_what_leaves_the_plain_loop() -> None:
    def plan(*names: str, **options: dict[str, Any]) -> Any:
        return plan_of(hokm.Ruleset.compose(*names, options=options)._engine)

    standard = plan()
    assert standard.story == () and standard.plain and not any(standard.moved)
    assert repr(standard) == "Plan(players=4, tricks=13, stop_at=7, events=())"
    satat = plan("satat")  # the 2♥ follows the trump suit: moved under every trump but hearts
    two_hearts = hokm.Card.parse("2♥").mask
    assert satat.moved == [two_hearts, 0, two_hearts, two_hearts, two_hearts] and satat.plain
    assert satat.story == ("cards of another suit than printed: their holders' turns picked by mask",)
    assert plan("double-sar").plain and plan("double-sar").story == ()  # its capture rule is a table
    hidden = plan("hidden-trump")  # its announcements are a table; the forced reveal reads the hand
    assert not hidden.plain and len(hidden.story) == 1
    assert hidden.story[0].startswith("hokm_forced_effect: Gate(before a trump: leads hakem, follows void, "
                                      "tricks [13]")
    bavney = plan("bavney")  # play-on is asked only at the stop: still the plain loop
    assert bavney.plain and bavney.story == ("hokm_play_on: asked when a team reaches 7 tricks",)
    troefcall = plan("troefcall")
    assert not troefcall.plain
    assert "hokm_turn_options with the hand: Gate(before a trump: leads hakem, follows none, tricks [1]" in (
        " ".join(troefcall.story))
    assert "hokm_pending_decision: asked at pauses after tricks [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]" in (
        troefcall.story)
    ace = plan("double-sar", **{"double-sar": {"ace_rule": "two-aces"}})
    assert ace.story == ("hokm_trick_capture: asked with the hand where its table has no answer",)
