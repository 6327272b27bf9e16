"""Plugins that raise are named; answers of the wrong shape are contract errors; endless decisions end."""

from __future__ import annotations

import random
from typing import Any

import pytest
from tests.helpers import one_suit_each

import hokm
from hokm import CallTrump, Card, Decision, HandScore, PlayCard, PlayOn, Suit, TableLayout
from hokm._compose.trick_end import MAX_DECISIONS


def crashes(hook: str, args: str) -> type:
    """A plugin whose ``hook`` raises ZeroDivisionError."""
    def raiser(self: object, *given: Any) -> Any:
        raise ZeroDivisionError(f"{hook} broke")

    body = {hook: hokm.hookimpl(specname=hook)(_with_signature(raiser, args)),
            "info": hokm.VariantInfo(name="crashy", summary="raises")}
    return type("Crashy", (hokm.Variant,), body)


def _with_signature(function: Any, args: str) -> Any:
    namespace: dict[str, Any] = {"inner": function}
    exec(f"def hook(self{', ' if args else ''}{args}):\n    return inner(self)", namespace)
    return namespace["hook"]


PLAY = hokm.Ruleset.compose


def play_a_match(rules: hokm.Ruleset) -> hokm.MatchState:
    match = rules.new_match(seed=3)
    rng = random.Random(1)
    while not match.is_over:
        match = match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize(("hook", "args", "when"), [
    ("hokm_table_layout", "", "compose"),
    ("hokm_deck", "layout", "compose"),
    ("hokm_effective_suit", "card, trump", "compose"),
    ("hokm_void_duty", "", "compose"),
    ("hokm_follow_duty", "", "compose"),
    ("hokm_first_hakem", "layout", "match"),
    ("hokm_restrict_plays", "ctx", "play"),
    ("hokm_restrict_void_plays", "ctx", "play"),
    ("hokm_trick_winner", "trick", "play"),
    ("hokm_trick_capture", "hand", "play"),
    ("hokm_pending_decision", "hand", "play"),
    ("hokm_hand_complete", "hand", "play"),
    ("hokm_play_on", "hand", "play"),
    ("hokm_kot", "hand", "play"),
    ("hokm_hand_score", "hand", "play"),
    ("hokm_next_hakem", "hand", "play"),
    ("hokm_match_winner", "match", "play"),
])
def test_a_hook_that_raises_is_named_with_its_plugin(hook: str, args: str, when: str) -> None:
    plugin = crashes(hook, args)()
    with pytest.raises(hokm.PluginContractError) as caught:
        rules = PLAY(plugin)
        if when != "compose":
            match = rules.new_match(seed=3)
            if when == "play":
                for _ in range(3):
                    match = match.playout_hand(random.Random(1))
                play_a_match(rules)
    error = caught.value
    assert (error.plugin, error.hook) == ("crashy", hook)
    assert error.cause == f"ZeroDivisionError: {hook} broke"
    assert isinstance(error.__cause__, ZeroDivisionError)
    assert f"plugin 'crashy' raised in {hook}: ZeroDivisionError: {hook} broke" in str(error)


def test_a_check_ruleset_veto_passes_through_and_a_crash_is_named() -> None:
    class Vetoes(hokm.Variant):
        @hokm.hookimpl
        def hokm_check_ruleset(self, ruleset: hokm.RulesetInfo) -> None:
            raise hokm.VariantConflictError("not with me")

    with pytest.raises(hokm.VariantConflictError, match="not with me"):
        PLAY(Vetoes())
    with pytest.raises(hokm.PluginContractError) as caught:
        PLAY(crashes("hokm_check_ruleset", "ruleset")())
    assert (caught.value.plugin, caught.value.hook) == ("crashy", "hokm_check_ruleset")


class Answers(hokm.Variant):
    info = hokm.VariantInfo(name="answers", summary="answers what it is told")

    def __init__(self, **answers: Any) -> None:
        self.answers = answers

    @hokm.hookimpl
    def hokm_table_layout(self) -> Any:
        return self.answers.get("layout")

    @hokm.hookimpl
    def hokm_hand_score(self, hand: hokm.HandView) -> Any:
        return self.answers.get("score")

    @hokm.hookimpl
    def hokm_pending_decision(self, hand: hokm.HandView) -> Any:
        decide = self.answers.get("decision")
        return decide(hand) if decide else None


def test_a_table_with_one_team_is_a_contract_error() -> None:
    with pytest.raises(hokm.PluginContractError, match=r"hokm_table_layout.*1 team"):
        PLAY(Answers(layout=TableLayout(players=4, teams=(0, 0, 0, 0))))


def test_a_hand_score_with_a_non_bool_kot_is_a_contract_error() -> None:
    rules = PLAY(Answers(score=HandScore(0, 1, kot=1)))  # type: ignore[arg-type]
    hand = one_suit_each(rules, trump=Suit.SPADES).playout(random.Random(0))
    with pytest.raises(hokm.PluginContractError, match=r"hokm_hand_score.*a bool kot"):
        hand.result()


@pytest.mark.parametrize(("options", "fragment"), [
    ((PlayOn(True), PlayOn(True)), "offered the same option twice"),
    ((CallTrump(Suit.HEARTS),), "offered call ♥: cards, trump calls and stock draws"),
    ((PlayCard(Card.parse("A♠")),), "offered play A♠"),
])
def test_decisions_must_be_distinct_variant_actions(options: tuple[Any, ...], fragment: str) -> None:
    rules = PLAY(Answers(decision=lambda hand: Decision(hand.hakem, options)))
    with pytest.raises(hokm.PluginContractError) as caught:
        one_suit_each(rules, trump=Suit.SPADES)
    assert caught.value.hook == "hokm_pending_decision" and fragment in str(caught.value)


_VALID = (PlayOn(True), PlayOn(False))


def _offers(*answers: Any) -> Any:
    """A decision hook answering ``answers`` in turn (then nothing): a Decision, or a callable
    building one from the hand, so each call can give a fresh options tuple."""
    given = iter(answers)

    def decide(hand: hokm.HandView) -> Any:
        answer = next(given, None)
        return answer(hand) if callable(answer) else answer
    return decide


@pytest.mark.parametrize(("second", "fragment"), [
    (lambda hand: Decision(hand.hakem, [PlayOn(True), PlayOn(True)]), "offered the same option twice"),
    (lambda hand: Decision(hand.hakem, (*_VALID, PlayCard(Card.parse("A♠")))), "offered play A♠"),
    (lambda hand: Decision(hand.hakem, ()), "need a Decision with a seat and actions"),
    (lambda hand: Decision(hokm.Seat(9), _VALID), "need a Decision with a seat and actions"),
    (lambda hand: Decision(True, _VALID), "need a Decision with a seat and actions"),  # type: ignore[arg-type]
    (lambda hand: _VALID, "need a Decision with a seat and actions"),
])
def test_a_bad_decision_after_a_valid_one_is_still_a_contract_error(second: Any, fragment: str) -> None:
    # The engine checks an options tuple once and trusts it again by identity: a different
    # tuple, a bad seat with the trusted tuple, or no Decision at all is checked every time.
    rules = PLAY(Answers(decision=_offers(lambda hand: Decision(hand.hakem, _VALID), second)))
    hand = one_suit_each(rules, trump=Suit.SPADES)
    assert hand.pending_decision is not None and hand.pending_decision.options is _VALID
    with pytest.raises(hokm.PluginContractError) as caught:
        hand.apply(PlayOn(True))
    assert caught.value.hook == "hokm_pending_decision" and fragment in str(caught.value)


def test_every_new_options_tuple_is_checked() -> None:
    # A valid tuple, then the same actions repeated in a fresh tuple each time: every new tuple
    # is checked, however many valid ones came before it.
    valid = [lambda hand: Decision(hand.hakem, list(_VALID)) for _ in range(3)]
    rules = PLAY(Answers(decision=_offers(*valid, lambda hand: Decision(hand.hakem, [PlayOn(False)] * 2))))
    hand = one_suit_each(rules, trump=Suit.SPADES)
    for _ in range(2):
        hand = hand.apply(PlayOn(True))
    assert hand.pending_decision is not None
    with pytest.raises(hokm.PluginContractError, match="offered the same option twice"):
        hand.apply(PlayOn(False))


def test_a_decision_offered_forever_is_stopped_after_the_documented_bound() -> None:
    rules = PLAY(Answers(decision=lambda hand: Decision(hand.hakem, (PlayOn(True), PlayOn(False)))))
    hand = one_suit_each(rules, trump=Suit.SPADES)
    with pytest.raises(hokm.PluginContractError, match=f"after {MAX_DECISIONS} decisions"):
        hand.playout(random.Random(0))
    with pytest.raises(hokm.PluginContractError, match="answers"):
        hokm.simulate(Answers(decision=lambda hand: Decision(hand.hakem, (PlayOn(True),))), hands=1)


def test_a_plugin_constructor_that_raises_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    from hokm import discovery

    class Fragile(hokm.Variant):
        def __init__(self) -> None:
            raise KeyError("missing table")

    entry_point = type("EntryPoint", (), {"load": lambda self: Fragile})()
    monkeypatch.setattr(discovery, "_entry_point", lambda name: entry_point)
    with pytest.raises(hokm.PluginContractError) as caught:
        hokm.Ruleset.compose("fragile")
    assert caught.value.plugin == "fragile" and caught.value.cause == "KeyError: 'missing table'"
    assert isinstance(caught.value.__cause__, KeyError)


class _Kaput(hokm.Variant):
    info = hokm.VariantInfo(name="kaput", summary="a legality rule that fails on its fifth turn")

    def __init__(self) -> None:
        self.asked = 0

    @hokm.hookimpl
    def hokm_restrict_plays(self, ctx: hokm.PlayContext) -> None:
        self.asked += 1
        if self.asked == 5:
            raise ValueError("kaput")


def test_a_legality_rule_that_raises_in_a_playout_is_named() -> None:
    """The card loop asks a lone legality rule itself (its fast path): what the rule raises is
    still the contract error naming it, as when stepping."""
    rules = PLAY(_Kaput())
    hand = rules.deal(random.Random(1), hakem=0)
    with pytest.raises(hokm.PluginContractError) as caught:
        hand.playout(random.Random(1))
    assert caught.value.plugin == "kaput" and caught.value.cause == "ValueError: kaput"
    assert "raised in hokm_restrict_plays" in str(caught.value)
    assert isinstance(caught.value.__cause__, ValueError)
