"""Declared turn offers (hokm.TurnOffers) and the last-trick window: the values, that the engine
uses a declaration only where it is safe, that stepping and playouts agree, and that the testing
kit catches a plugin whose declaration differs from its hook."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import attrs
import pytest
from tests.helpers import stepped as _stepped

import hokm
from hokm import Action, HandView, TurnOffers, TurnWindow
from hokm.testing import InvariantViolation, check_turn_windows, check_variant


@attrs.frozen
class Knock(Action):
    tag = "tests/offers-knock"


@attrs.frozen
class Pass(Action):
    tag = "tests/offers-pass"


KNOCK, PASS = Knock(), Pass()


def _void(hand: HandView) -> bool:
    trick = hand.current_trick
    seat = hand.to_act
    assert seat is not None
    return all(trick.suit_of(card) != trick.led for card in hand.hand_of(seat))


@attrs.define(eq=False)
class Knocker(hokm.Variant):
    """Offers a knock to the Hakem on lead, a pass to a seat that cannot follow, in tricks 1-8.

    ``declare``: give the answer as a ``TurnOffers`` (else only a window); ``lie``: the hook
    offers the knock on the Hakem's void follows too, which the declaration does not say.
    The knock does nothing but be recorded. ``asked`` counts the hook's calls.
    """

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="knocker", summary="tests only")
    declare: bool = True
    lie: bool = False
    asked: list[int] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, TurnWindow | TurnOffers]:
        offers = TurnOffers(hakem_lead=(KNOCK,), void=(PASS,), first_tricks=8)
        return {"hokm_turn_options": offers if self.declare else offers.window}

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (KNOCK, PASS)

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        self.asked.append(1)
        if hand.tricks_played >= 8:
            return None
        hakem = hand.to_act == hand.hakem
        if not hand.current_trick.plays:
            return (KNOCK,) if hakem else None
        if not _void(hand):
            return None
        if hakem:
            return (KNOCK,) if self.lie else None
        return (PASS,)


class Quiet(hokm.Variant):
    """A second hokm_turn_options implementation, which never offers anything."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="quiet", summary="tests only")

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        return None


def test_turn_offers_values() -> None:
    offers = TurnOffers(hakem_lead=[KNOCK], void=(PASS,), until_trump=True, first_tricks=2)
    assert offers.hakem_lead == (KNOCK,)  # any sequence, kept as a tuple
    turn: dict[str, Any] = {"lead": True, "hakem": True, "void": False, "trump": False, "trick": 1}
    assert offers.answer(**turn) == (KNOCK,)
    assert offers.answer(**{**turn, "hakem": False}) == ()
    assert offers.answer(**{**turn, "trump": True}) == ()
    assert offers.answer(**{**turn, "trick": 3}) == ()
    assert offers.answer(**{**turn, "lead": False}) == ()  # the Hakem follows suit
    assert offers.answer(**{**turn, "lead": False, "hakem": False, "void": True}) == (PASS,)
    assert offers.window == TurnWindow(leads="hakem", follows="void", until_trump=True, first_tricks=2)
    assert TurnOffers().window == TurnWindow(leads="none", follows="none")


@pytest.mark.parametrize(("kwargs", "error", "fragment"), [
    ({"void": "knock"}, hokm.ArgumentTypeError, "offers must be a sequence of actions, got 'knock'"),
    ({"void": (1,)}, hokm.ArgumentTypeError, "offers must be actions, got 1"),
    ({"lead": (KNOCK, KNOCK)}, hokm.InvalidArgumentError, "offers the same action twice"),
    ({"until_trump": 1}, hokm.ArgumentTypeError, "until_trump must be a bool"),
    ({"first_tricks": 0}, hokm.InvalidArgumentError, "first_tricks must be 1 or more"),
])
def test_turn_offers_refuse_bad_values(kwargs: dict[str, Any], error: type[Exception],
                                       fragment: str) -> None:
    with pytest.raises(error) as caught:
        TurnOffers(**kwargs)
    assert fragment in str(caught.value)


KINGS = frozenset(card for card in hokm.full_deck() if card.rank is hokm.Rank.KING)


def test_none_of_offers_only_to_a_seat_holding_none_of_the_cards() -> None:
    offers = TurnOffers(hakem_lead=(KNOCK,), void=(PASS,), none_of=list(KINGS))
    assert offers.none_of == KINGS and offers.none_of_mask == sum(card.mask for card in KINGS)
    lead: dict[str, Any] = {"lead": True, "hakem": True, "void": False, "trump": True, "trick": 1}
    assert offers.answer(**lead, holding=hokm.cards("Q♠ A♥")) == (KNOCK,)
    assert offers.answer(**lead, holding=hokm.cards("Q♠ K♥")) == ()
    void = {**lead, "lead": False, "hakem": False, "void": True}
    assert offers.answer(**void, holding=hokm.cards("K♣")) == ()
    assert offers.answer(**void) == (PASS,)  # no cards given: none held
    assert TurnOffers().none_of == frozenset() and TurnOffers().none_of_mask == 0
    assert offers.window == TurnWindow(leads="hakem", follows="void")  # the window ignores the cards


@pytest.mark.parametrize(("value", "fragment"), [
    (hokm.Card.parse("K♠"), "none_of must be a collection of Cards, got Card.parse('K♠')"),
    ("K♠", "none_of must be a collection of Cards, got 'K♠'"),
    ([hokm.Card.parse("K♠"), "K♥"], "none_of must hold Cards such as Card.parse('K♠'), got 'K♥'"),
    (13, "none_of must be a collection of Cards, got 13"),
])
def test_none_of_refuses_what_is_not_cards(value: object, fragment: str) -> None:
    with pytest.raises(hokm.ArgumentTypeError) as caught:
        TurnOffers(none_of=value)
    assert fragment in str(caught.value)


@attrs.define(eq=False)
class Kingless(hokm.Variant):
    """Offers a knock to the Hakem on his first lead and a pass to a void seat in tricks 1-3,
    each only to a seat holding no King; ``lie``: the hook forgets the King rule on the lead."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="kingless", summary="tests only")
    lie: bool = False
    asked: list[int] = attrs.field(factory=list, init=False)

    @property
    def turn_windows(self) -> Mapping[str, TurnOffers]:
        return {"hokm_turn_options": TurnOffers(hakem_lead=(KNOCK,), void=(PASS,), first_tricks=3,
                                                none_of=KINGS)}

    @hokm.hookimpl
    def hokm_action_space(self) -> Sequence[Action]:
        return (KNOCK, PASS)

    @hokm.hookimpl
    def hokm_turn_options(self, hand: HandView) -> Sequence[Action] | None:
        self.asked.append(1)
        seat = hand.to_act
        assert seat is not None
        kings = any(card.rank is hokm.Rank.KING for card in hand.hand_of(seat))
        if hand.tricks_played >= 3:
            return None
        if not hand.current_trick.plays:
            return (KNOCK,) if seat == hand.hakem and (self.lie or not kings) else None
        return (PASS,) if _void(hand) and not kings else None


def test_none_of_offers_in_stepping_and_playouts_without_the_hook() -> None:
    plugin = Kingless()
    rules = hokm.Ruleset.compose(plugin)
    assert rules._engine.offer_none_of == sum(card.mask for card in KINGS)
    offered = {True: 0, False: 0}
    for seed in range(80):
        start = rules.deal(random.Random(seed), hakem=seed % 4).apply(hokm.CallTrump(hokm.Suit.HEARTS))
        kingless = not any(card.rank is hokm.Rank.KING for card in start.hand_of(start.hakem))
        offered[kingless] += KNOCK in start.legal_actions()
        assert (KNOCK in start.legal_actions()) is kingless
        played, stepped = start.playout(random.Random(seed)), _stepped(start, seed)
        assert played == stepped and played.decisions == stepped.decisions
    assert offered[True] > 5 and not offered[False]  # hands with and without a King
    assert not plugin.asked  # the declaration answered for the hook everywhere


def test_none_of_in_the_loops_before_any_trump() -> None:
    # Hidden trump's ask and reveal, offered here only to a seat without a King: the plain
    # loops before the reveal (hokm._offer_tricks, hokm._tricks) read none_of as stepping does.
    for variants in ((_hidden_trump_offering(none_of=KINGS),),
                     (_hidden_trump_offering(none_of=KINGS), "double-sar", "court-piece")):
        rules = hokm.Ruleset.compose(*variants)
        assert rules._engine.plain_until and rules._engine.offer_none_of
        revealed = 0
        for seed in range(60):
            start = rules.deal(random.Random(seed), hakem=seed % 4)
            played, stepped = start.playout(random.Random(seed)), _stepped(start, seed)
            assert played == stepped and played.decisions == stepped.decisions
            revealed += played.trump is not None
        assert revealed > 5  # asks and reveals taken in the loops


@pytest.mark.parametrize("variants", [
    ("hidden-trump",),
    ("bavney", "clockwise", "hidden-trump", "obligatory-trump", "redeal"),
], ids="+".join)
def test_the_card_after_an_ask_joins_the_plain_loop(variants: tuple[str, ...]) -> None:
    # From a state just after an ask or a reveal: the announced seat's card (restricted by the
    # TrumpDuty) and the rest of the hand in one loop (hokm._tricks.announced_tricks), unless
    # that card ends the trick; either way exactly as stepping.
    rules = hokm.Ruleset.compose(*variants)
    starts = {True: 0, False: 0}
    for seed in range(300):
        hand = rules.deal(random.Random(seed), hakem=seed % 4)
        walk = random.Random(seed).random
        while not hand.is_over and hand.announced is None:
            actions = hand.legal_actions()
            hand = hand.apply(actions[int(walk() * len(actions))])
        if hand.is_over:
            continue
        starts[len(hand.current_trick.plays) + 1 < 4] += 1
        played, stepped = hand.playout(random.Random(seed)), _stepped(hand, seed)
        assert played == stepped and played.plays == stepped.plays
        assert (played.announced, played.collectors, played.shown) == (
            stepped.announced, stepped.collectors, stepped.shown)
        assert played._extra.log == stepped._extra.log
    assert starts[True] > 20 and starts[False] > 5  # in one loop, and the card that ends a trick


def test_check_turn_windows_catches_a_hook_that_ignores_none_of() -> None:
    liar = Kingless(lie=True)
    rules = hokm.Ruleset.compose(liar)
    for seed in range(40):
        hand = rules.deal(random.Random(seed), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
        if any(card.rank is hokm.Rank.KING for card in hand.hand_of(0)):
            break
    assert KNOCK not in hand.legal_actions()  # the engine offers what was declared
    with pytest.raises(hokm.PluginContractError) as caught:
        check_turn_windows(hand)
    text = str(caught.value)
    assert "plugin 'kingless' broke the contract of hokm_turn_options: it answered (Knock(),)" in text


def test_a_last_trick_window() -> None:
    window = TurnWindow(leads="hakem", follows="void", last_trick=True)
    turn: dict[str, Any] = {"lead": True, "hakem": True, "void": False, "trump": False,
                            "announced": False}
    assert window.holds(**turn, trick=13, tricks_total=13)
    assert not window.holds(**turn, trick=12, tricks_total=13)
    assert window.holds(**turn, trick=12)  # the hand's length unknown: it may be the last
    with pytest.raises(hokm.ArgumentTypeError):
        TurnWindow(last_trick=1)  # type: ignore[arg-type]


def test_only_turn_options_take_offers() -> None:
    class Forced(hokm.Variant):
        info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="forced-offers", summary="tests only")
        turn_windows: ClassVar[Mapping[str, TurnOffers]] = {"hokm_forced_effect": TurnOffers()}

        @hokm.hookimpl
        def hokm_forced_effect(self, hand: HandView) -> None:
            return None

    with pytest.raises(hokm.RulesetError, match=r"not a hokm\.TurnWindow"):
        hokm.Ruleset.compose(Forced())


def test_declared_offers_answer_without_the_hook_in_stepping_and_playouts() -> None:
    declared, hooked = Knocker(), Knocker(declare=False)
    fast, slow = hokm.Ruleset.compose(declared), hokm.Ruleset.compose(hooked)
    assert fast._engine.turn_offers is not None and slow._engine.turn_offers is None
    taken: set[Action] = set()
    for seed in range(40):
        first = fast.deal(random.Random(seed), hakem=seed % 4)
        second = slow.deal(random.Random(seed), hakem=seed % 4)
        stepped, reference = _stepped(first, seed), _stepped(second, seed)
        assert stepped.plays == reference.plays and stepped.decisions == reference.decisions
        played = first.playout(random.Random(seed))
        assert played.plays == stepped.plays and played.decisions == stepped.decisions
        assert played._extra.log == stepped._extra.log  # logged as stepping logs it
        taken.update(action for _, action in stepped.decisions)
    assert taken == {KNOCK, PASS}  # the offers were taken, in both kinds of turn
    assert not declared.asked and hooked.asked  # the declaration answered for the hook


def test_declared_offers_are_not_used_beside_another_implementation() -> None:
    plugin = Knocker()
    rules = hokm.Ruleset.compose(plugin, Quiet())
    assert rules._engine.turn_offers is None
    rules.deal(random.Random(1), hakem=0).playout(random.Random(1))
    assert plugin.asked  # two implementations: the chain is asked


def test_check_turn_windows_catches_offers_that_differ_from_the_hook() -> None:
    liar = Knocker(lie=True)
    rules = hokm.Ruleset.compose(liar)
    caught = None
    for seed in range(40):
        hand = rules.deal(random.Random(seed), hakem=0).apply(hokm.CallTrump(hokm.Suit.SPADES))
        walk = random.Random(seed)
        while not hand.is_over and caught is None:
            try:
                check_turn_windows(hand)
            except hokm.PluginContractError as problem:
                caught = (hand, problem)
                break
            hand = hand.apply(walk.choice(hand.legal_actions()))
        if caught is not None:
            break
    assert caught is not None, "the Hakem never followed without a card of the led suit"
    hand, error = caught
    assert hand.to_act == 0 and hand.current_trick.plays
    assert KNOCK not in hand.legal_actions()  # the engine offers what was declared
    text = str(error)
    assert "plugin 'knocker' broke the contract of hokm_turn_options: it answered (Knock(),)" in text
    assert "declares ()" in text and "the Hakem following in trick" in text


def test_check_variant_catches_a_lying_declaration() -> None:
    with pytest.raises(InvariantViolation, match=r"hook-contract.*TurnOffers") as caught:
        check_variant(Knocker(lie=True), matches=1, partners=False)
    assert "knocker" in str(caught.value)
    assert check_variant(Knocker(), matches=1, partners=False).hands  # the honest declaration passes


def test_hidden_trump_declares_its_offers_and_a_last_trick_forced_window() -> None:
    engine = hokm.Ruleset.compose("hidden-trump")._engine
    assert engine.turn_offers is not None
    assert engine.watch_gate is not None and engine.watch_gate.after == 12  # rule 6 only
    automatic = hokm.Ruleset.compose("hidden-trump", options={"hidden-trump": {"reveal": "automatic"}})
    assert automatic._engine.watch_gate is not None and automatic._engine.watch_gate.after == 0


@pytest.mark.parametrize("variants", [
    ("hidden-trump",),
    ("bavney", "clockwise", "hidden-trump", "obligatory-trump", "redeal"),
    ("clockwise", "court-piece", "double-sar", "hidden-trump", "obligatory-trump", "redeal"),
], ids="+".join)
def test_hidden_trump_sets_play_out_as_stepping_in_the_plain_loop(variants: tuple[str, ...]) -> None:
    # Before the reveal (declared offers) and after it (plain_once_trump) the plain loop plays;
    # the caller's forced reveal in the last trick goes back to the general loop.
    rules = hokm.Ruleset.compose(*variants)
    engine = rules._engine
    assert engine.plain_until == 12 and engine.plain_once_trump
    revealed = 0
    for seed in range(60):
        start = rules.deal(random.Random(seed), hakem=seed % 4)
        played, stepped = start.playout(random.Random(seed)), _stepped(start, seed)
        assert played == stepped and played.plays == stepped.plays
        assert (played.decisions, played.trump_from, played.collectors, played.shown) == (
            stepped.decisions, stepped.trump_from, stepped.collectors, stepped.shown)
        assert played._extra.log == stepped._extra.log and played.announced == stepped.announced
        revealed += played.trump is not None
    assert 10 < revealed < 60  # hands with and without a reveal


def test_first_tricks_in_the_loop_before_any_trump() -> None:
    # Hidden trump's ask and reveal offered only while fewer than three tricks are done: the
    # loop before the reveal (hokm._offer_tricks) stops offering at the fourth trick, as stepping.
    from hokm_variants.hidden_trump import AskTrump, RevealTrump

    asks = (AskTrump, RevealTrump)
    for variants in ((_hidden_trump_offering(first_tricks=3),),
                     (_hidden_trump_offering(first_tricks=3), "double-sar", "court-piece")):
        rules = hokm.Ruleset.compose(*variants)
        assert rules._engine.plain_until and rules._engine.offer_tricks == 3
        revealed_at = []
        for seed in range(80):
            start = rules.deal(random.Random(seed), hakem=seed % 4)
            played, stepped = start.playout(random.Random(seed)), _stepped(start, seed)
            assert played == stepped and played.decisions == stepped.decisions
            taken = zip(played.decisions, played._extra.decisions_at, strict=True)
            revealed_at += [at for (_, action), at in taken if isinstance(action, asks)]
        assert revealed_at and max(revealed_at) < 3 * 4  # asked in the first three tricks only


def _hidden_trump_offering(**changes: Any) -> hokm.Variant:
    """Hidden trump whose declared ``TurnOffers`` (its ask and reveal) take ``changes``."""
    from hokm_variants.hidden_trump import HiddenTrump

    class Changed(HiddenTrump):
        @property
        def turn_windows(self) -> Mapping[str, Any]:
            windows = dict(super().turn_windows)
            offers = windows["hokm_turn_options"]
            assert isinstance(offers, TurnOffers)
            windows["hokm_turn_options"] = attrs.evolve(offers, **changes)
            return windows

    return Changed()
