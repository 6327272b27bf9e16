"""Turn windows: the values, what composition refuses, and that stepping and playouts honour them."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest

import hokm
from hokm import Action, HandView, PauseWindow, Rank, TurnWindow
from hokm.testing import check_turn_windows


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
    ({"follows": "hakem"}, hokm.InvalidArgumentError, "follows must be 'all', 'void' or 'none'"),
    ({"until_trump": 1}, hokm.ArgumentTypeError, "until_trump must be a bool, got 1 (an int)"),
    ({"first_tricks": 0}, hokm.InvalidArgumentError, "first_tricks must be 1 or more"),
    ({"first_tricks": "1"}, hokm.ArgumentTypeError, "first_tricks must be an int or None"),
])
def test_turn_window_refuses_bad_values(kwargs: dict[str, Any], error: type[Exception],
                                        fragment: str) -> None:
    with pytest.raises(error) as caught:
        TurnWindow(**kwargs)
    assert fragment in str(caught.value)


def test_which_turns_a_window_holds() -> None:
    turn: dict[str, Any] = {"lead": False, "hakem": False, "void": True, "trump": False, "trick": 3,
                            "announced": False}
    reveal = TurnWindow(leads="hakem", follows="void", until_trump=True)
    assert reveal.holds(**turn)
    assert not reveal.holds(**{**turn, "void": False})
    assert not reveal.holds(**{**turn, "trump": True})
    assert not reveal.holds(**{**turn, "lead": True})
    assert reveal.holds(**{**turn, "lead": True, "hakem": True})
    assert not TurnWindow(announced=True).holds(**turn)
    assert TurnWindow(announced=True).holds(**{**turn, "announced": True})
    assert TurnWindow(first_tricks=3).holds(**turn) and not TurnWindow(first_tricks=2).holds(**turn)
    assert TurnWindow().holds(**{**turn, "void": False, "trump": True})


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
    assert rules._engine.kernel_play  # the other turns are played in the kernel's loop


def test_a_hook_without_a_window_is_asked_every_turn() -> None:
    plugin = Counted()
    rules = hokm.Ruleset.compose(plugin)
    hand = _stepped(rules, 1)
    assert len(plugin.asked) == len(hand.plays)  # the default: every turn, as before windows
    assert not rules._engine.kernel_play
    # A windowless hook beside a windowed one: the chain is asked on every turn.
    assert not hokm.Ruleset.compose("hidden-trump", Counted())._engine.kernel_play


def test_the_bundled_windows() -> None:
    hidden = hokm.Ruleset.compose("hidden-trump")
    engine = hidden._engine
    assert engine.kernel_play and not engine.kernel_restricts  # asked only after an announcement
    assert (engine.watch_gate.leads, engine.watch_gate.follows) == ((1, 0), (1, 0))  # type: ignore[union-attr]
    troefcall = hokm.Ruleset.compose("troefcall")._engine
    # Troefcall's claim is declared (a TurnOffers with none_of): the kernel takes it inline.
    assert troefcall.kernel_play and troefcall.watch_gate is None and troefcall.offer_tricks == 1
    pictures = [card for card in hokm.full_deck() if card.rank in (Rank.KING, Rank.QUEEN, Rank.JACK)]
    assert troefcall.offer_none_of == sum(card.mask for card in pictures)
    # Per trump state, by tricks done: the announcements until the reveal, the forced reveal
    # only in the last trick before it, nothing once a suit is trump.
    assert engine.turn_live == ((True,) * 14, (False,) * 14) and engine.turn_asked == (True, False)
    assert engine.forced_live == ((False,) * 12 + (True, True), (False,) * 14)
    assert troefcall.turn_live[0][:2] == (True, False)  # the claim: the first trick only


@pytest.mark.parametrize(("names", "options"), [
    (("hidden-trump",), {}),
    (("hidden-trump", "double-sar", "redeal"), {"hidden-trump": {"reveal": "automatic"}}),
    (("hidden-trump", "bavney"), {"hidden-trump": {"indicator": "blind"}}),
    (("troefcall", "clockwise"), {}),
])
def test_a_shut_live_row_means_a_shut_gate(names: tuple[str, ...], options: dict[str, Any]) -> None:
    # Stepping skips the gate where the row of its trump state says no: the row must never
    # shut a turn the gate opens.
    from hokm._windows import turn_open

    rules = hokm.Ruleset.compose(*names, options=options)
    engine = rules._engine
    rng = random.Random(3)
    opened = 0
    for _ in range(40):
        hand = rules.deal(rng)
        while not hand.is_over:
            if hand.phase is hokm.Phase.PLAY and hand.pending_decision is None:
                setup, done = hand._setup, hand.tricks_played
                for chain, gate, row in ((engine.turn_chain, engine.turn_gate, setup.turn_live),
                                         (engine.forced_chain, engine.forced_gate, setup.forced_live)):
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
class CountedCall(hokm.Variant):
    """Offers spades or hearts at the trump call, counting how often the hook is asked."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="counted-call", summary="tests only")
    asked: list[int] = attrs.field(factory=list, init=False)

    @hokm.hookimpl
    def hokm_trump_call(self, hand: HandView) -> Sequence[Action]:
        self.asked.append(hand.hakem)
        return (hokm.CallTrump(hokm.Suit.SPADES), hokm.CallTrump(hokm.Suit.HEARTS))


def test_a_playout_from_the_call_reuses_the_choices_its_state_began_with() -> None:
    # The deal works the call's choices out (is there a lone one?); the playout's private copy
    # is at the same position, so the hook is not asked again, and the playout picks among them.
    plugin = CountedCall()
    rules = hokm.Ruleset.compose(plugin)
    hand = rules.deal(random.Random(4), hakem=2)
    assert plugin.asked == [2]
    assert hand.playout(random.Random(5)).trump in (hokm.Suit.SPADES, hokm.Suit.HEARTS)
    assert plugin.asked == [2]
    # Not carried over from another state: a second deal asks again, and so does the first
    # hand's playout once the second hand's choices are the remembered ones.
    other = rules.deal(random.Random(6), hakem=1)
    assert plugin.asked == [2, 1]
    hand.playout(random.Random(7))
    assert plugin.asked == [2, 1, 2]
    other.playout(random.Random(7))
    assert plugin.asked == [2, 1, 2, 1]


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
        assert rules._engine.forced_at_call is at_call
        hand = rules.deal(random.Random(4), hakem=0)
        assert (hokm.Phase.TRUMP in plugin.asked) is at_call
        hand.playout(random.Random(4))
        assert (hokm.Phase.TRUMP in plugin.asked) is at_call
    # Hidden trump: nothing forced at a chosen indicator's call; the blind card is laid there.
    assert not hokm.Ruleset.compose("hidden-trump")._engine.forced_at_call
    blind = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"indicator": "blind"}})
    assert blind._engine.forced_at_call
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
        assert rules._engine.forced_at_end is not until_trump
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
    ({"hokm_turn_options": PauseWindow()}, "is PauseWindow(before_play=True, trick_ends='all'), not a hokm."
                                           "TurnWindow"),
])
def test_each_hook_takes_its_own_kind_of_window(value: object, fragment: str) -> None:
    with pytest.raises(hokm.RulesetError) as caught:
        hokm.Ruleset.compose(_windows(value))
    assert fragment in str(caught.value)


@pytest.mark.parametrize("driver", ["stepping", "playout"])
def test_a_decision_hook_is_not_asked_after_tricks_before_from_trick(driver: str) -> None:
    plugin = Asked(PauseWindow(before_play=False, from_trick=3))
    rules = hokm.Ruleset.compose(plugin)
    assert rules._engine.decide_pauses == (False, False, False, *(True,) * 11)
    for seed in range(12):
        hand = (_stepped(rules, seed) if driver == "stepping"
                else rules.deal(random.Random(seed), hakem=0).playout(random.Random(seed)))
        assert hand.is_over
    assert set(plugin.asked) <= set(range(3, 14)) and {3, 7} <= set(plugin.asked)


def test_from_trick_joins_the_other_fields() -> None:
    window = PauseWindow(trick_ends="majority", from_trick=8)  # after the 7th only, but from the 8th
    assert [played for played in range(14) if window.holds(tricks_played=played, tricks_total=13)] == [0]
    assert PauseWindow(from_trick=2) != PauseWindow()
    assert repr(PauseWindow(from_trick=2)) == "PauseWindow(before_play=True, trick_ends='all', from_trick=2)"
    assert repr(PauseWindow()) == "PauseWindow(before_play=True, trick_ends='all')"
    assert eval(repr(PauseWindow(before_play=False, from_trick=5))) == PauseWindow(before_play=False,
                                                                                   from_trick=5)


@pytest.mark.parametrize(("value", "error", "message"), [
    (0, hokm.InvalidArgumentError, "PauseWindow() from_trick must be 1 or more (1: from the first trick), "
                                   "got 0"),
    (True, hokm.ArgumentTypeError, "PauseWindow() from_trick must be an int, got True (a bool)"),
    ("2", hokm.ArgumentTypeError, "PauseWindow() from_trick must be an int, got"),
])
def test_pause_window_refuses_a_bad_from_trick(value: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        PauseWindow(from_trick=value)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)


def test_troefcall_asks_nothing_after_the_first_trick() -> None:
    # The capitulation needs a trick on each side; the kap comes after the seventh.
    pauses = hokm.Ruleset.compose("troefcall")._engine.decide_pauses
    assert pauses == (False, False, *(True,) * 12)
    quiet = hokm.Ruleset.compose("troefcall", options={"troefcall": {"capitulation": False}})
    assert quiet._engine.decide_pauses == tuple(played == 7 for played in range(14))


def test_pause_window_refuses_bad_values() -> None:
    with pytest.raises(hokm.InvalidArgumentError, match="PauseWindow\\(\\) trick_ends must be 'all', "):
        PauseWindow(trick_ends="seventh")  # type: ignore[arg-type]
    with pytest.raises(hokm.ArgumentTypeError, match="PauseWindow\\(\\) before_play must be a bool"):
        PauseWindow(before_play=None)  # type: ignore[arg-type]


def test_the_bundled_pause_windows() -> None:
    def where(*names: str, **options: dict[str, Any]) -> list[int]:
        """The pauses (by tricks played, 0: before the first lead) where the decision chain is asked."""
        engine = hokm.Ruleset.compose(*names, options=options)._engine
        return [played for played, asked in enumerate(engine.decide_pauses) if asked]

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
