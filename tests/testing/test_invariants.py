"""The invariant checks: they pass on correct play and each one can fail.

Invariants a plugin cannot break (the core enforces them) are shown to fail by
patching a state query to lie, which proves the check itself works.
"""

from __future__ import annotations

import pickle
import random
from pathlib import Path
from typing import Any, ClassVar

import attrs
import pytest
from tests.testing.broken import LeftoverBonus

import hokm
from hokm import CallTrump, Card, HandState, MatchState, PlayCard, Suit, Trick, cards
from hokm._build import is_compiled
from hokm.testing import (
    INVARIANTS,
    InvariantViolation,
    MatchChecker,
    check_hand_state,
    check_hidden_information,
    replay,
    sorted_actions,
)

ROOT = Path(__file__).resolve().parents[2]


def _play(hand: HandState, count: int, rng: random.Random) -> tuple[HandState, list[hokm.Action]]:
    actions = []
    for _ in range(count):
        if hand.is_over:
            break
        actions.append(rng.choice(hand.legal_actions()))
        hand = hand.apply(actions[-1])
    return hand, actions


def test_invariants_are_named_once_and_documented() -> None:
    names = [invariant.name for invariant in INVARIANTS]
    assert len(set(names)) == len(names) == 11
    page = (ROOT / "docs" / "reference" / "testing.md").read_text(encoding="utf-8")
    for invariant in INVARIANTS:
        assert f"`{invariant.name}`" in page
        assert str(invariant) == invariant.name and invariant.summary.endswith(".")


@pytest.mark.parametrize("variants", [(), ("clockwise",), ("two-player",), ("three-player",)])
def test_a_whole_match_passes(variants: tuple[str, ...]) -> None:
    if not set(variants) <= set(hokm.available_variants()):
        pytest.skip(f"{variants} not installed")
    checker = MatchChecker(hokm.Ruleset.compose(*variants).new_match(seed=3))
    rng = random.Random(3)
    while not checker.match.is_over:
        checker.apply(rng.choice(checker.match.legal_actions()))
    assert checker.match.winner is not None
    assert len(checker.history) == len(checker.actors) > 30
    assert replay(checker.ruleset, seed=3, actions=checker.history).scores == checker.match.scores


def test_a_match_with_another_start_seat_replays() -> None:
    # The first roles come from the face-up deal from first_seat: the replays start there too.
    deck = list(hokm.Ruleset.compose().deck)
    random.Random(6).shuffle(deck)
    checker = MatchChecker(hokm.Ruleset.compose().new_match(seed=6, deck=deck, first_seat=2), deck=deck)
    for _ in range(30):
        checker.apply(checker.match.legal_actions()[0])
    checker.finish()


def test_finish_checks_a_match_stopped_early() -> None:
    checker = MatchChecker(hokm.Ruleset.compose().new_match(seed=9))
    for _ in range(20):
        checker.apply(checker.match.legal_actions()[-1])
    checker.finish()


def test_illegal_actions_are_the_callers_mistake() -> None:
    checker = MatchChecker(hokm.Ruleset.compose().new_match(seed=1))
    with pytest.raises(hokm.IllegalActionError):
        checker.apply(PlayCard(Card.parse("A♠")))
    assert checker.history == [] and not checker.broken


def test_the_checker_needs_a_new_match_and_its_deck() -> None:
    rules = hokm.Ruleset.compose()
    match = rules.new_match(seed=1)
    with pytest.raises(ValueError, match="new match"):
        MatchChecker(match.apply(match.legal_actions()[0]))
    deck = list(reversed(rules.deck))
    custom = rules.new_match(seed=1, deck=deck)
    MatchChecker(custom, deck=deck)
    with pytest.raises(InvariantViolation, match="give MatchChecker the same deck"):
        MatchChecker(custom)
    with pytest.raises(ValueError, match="max_hands"):
        MatchChecker(match, max_hands=0)


def test_check_hand_state_on_reachable_states() -> None:
    rules = hokm.Ruleset.compose()
    rng = random.Random(5)
    deck = list(rules.deck)
    rng.shuffle(deck)
    hand = rules.deal(deck, hakem=1)
    while True:
        check_hand_state(hand)
        if hand.is_over:
            break
        hand = hand.apply(rng.choice(hand.legal_actions()))


# Each check fails when the state lies ------------------------------------------------


def _after_a_trick() -> HandState:
    hand = _mid_trick()
    for card in ("A♥", "A♦", "A♣"):
        hand = hand.play(Card.parse(card))
    return hand


def test_the_trick_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = _after_a_trick()
    check_hand_state(hand)
    (trick,) = hand.tricks
    monkeypatch.setattr(HandState, "tricks", property(lambda self: (attrs.evolve(trick, winner=None),)))
    with pytest.raises(InvariantViolation, match="trick 1 was won by None, which did not play in it"):
        check_hand_state(hand)
    led_by_two = Trick([*trick.plays[2:], *trick.plays[:2]], trick.trump, winner=trick.winner)
    monkeypatch.setattr(HandState, "tricks", property(lambda self: (led_by_two,)))
    with pytest.raises(InvariantViolation, match="trick 1 was led by seat 2, not by seat 0"):
        check_hand_state(hand)


def _mid_trick() -> HandState:
    rules = hokm.Ruleset.compose()
    hands = [cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♠"),
             cards("A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"),
             cards("A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦"),
             cards("A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣")]
    return rules.new_hand(hands, hakem=0, trump=Suit.HEARTS).play(Card.parse("A♠"))


def _lie(monkeypatch: pytest.MonkeyPatch, cls: type, name: str, value: Any) -> None:
    monkeypatch.setattr(cls, name, property(lambda self: value) if not callable(value) else value)


LIES: list[tuple[str, str, Any, str]] = [
    ("cards-conserved", "hands",
     (frozenset(cards("K♠ A♥")), frozenset(cards("A♥")), frozenset(), frozenset()), "two seats at once"),
    ("cards-conserved", "plays", ((0, Card.parse("A♠")), (1, Card.parse("A♠"))), "played twice"),
    ("one-seat-to-act", "to_act", 7, "not one seat of 0..3"),
    ("legal-actions", "legal_actions", lambda self: (), "no legal action"),
    ("legal-actions", "legal_actions",
     lambda self: (PlayCard(Card.parse("2♥")), PlayCard(Card.parse("2♥"))), "repeat"),
    ("legal-actions", "legal_actions", lambda self: (CallTrump(Suit.SPADES),), "offered in the play phase"),
    ("hand-ends", "tricks_played", 14, "14 tricks played in a hand of 13 cards"),
]


@pytest.mark.parametrize(("invariant", "name", "value", "phrase"), LIES,
                         ids=[f"{lie[0]}-{lie[1]}-{i}" for i, lie in enumerate(LIES)])
def test_each_state_check_can_fail(monkeypatch: pytest.MonkeyPatch, invariant: str, name: str,
                                   value: Any, phrase: str) -> None:
    if callable(value) and is_compiled():
        pytest.skip("a compiled HandState calls its own methods directly: the patch is not seen")
    hand = _mid_trick()
    check_hand_state(hand)
    _lie(monkeypatch, HandState, name, value)
    with pytest.raises(InvariantViolation) as caught:
        check_hand_state(hand)
    assert caught.value.invariant == invariant and phrase in str(caught.value)


@pytest.mark.pure_only
def test_legal_cards_must_be_held_and_follow_suit(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = _mid_trick()  # seat 1 holds only hearts: it may play any of them (void in spades)
    stray = (PlayCard(Card.parse("2♣")),)
    monkeypatch.setattr(HandState, "legal_actions", lambda self: stray)
    monkeypatch.setattr(HandState, "legal_plays", lambda self: frozenset({Card.parse("2♣")}))
    with pytest.raises(InvariantViolation, match="may play 2♣, which it does not hold"):
        check_hand_state(hand)


@pytest.mark.pure_only
def test_follow_suit_is_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = hokm.Ruleset.compose()
    hands = [cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 2♥"),
             cards("A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♠"),
             cards("A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦"),
             cards("A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣ 6♣ 5♣ 4♣ 3♣ 2♣")]
    hand = rules.new_hand(hands, hakem=0, trump=Suit.HEARTS).play(Card.parse("A♠"))
    offsuit = frozenset(cards("A♥"))
    monkeypatch.setattr(HandState, "legal_actions", lambda self: (PlayCard(Card.parse("A♥")),))
    monkeypatch.setattr(HandState, "legal_plays", lambda self: offsuit)
    with pytest.raises(InvariantViolation, match=r"holds 2♠ of the led suit ♠ but may play A♥"):
        check_hand_state(hand)


def test_the_score_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    checker = MatchChecker(hokm.Ruleset.compose().new_match(seed=2))
    monkeypatch.setattr(MatchState, "scores", property(lambda self: (0, 0)))
    with pytest.raises(InvariantViolation) as caught:
        while not checker.match.is_over:
            checker.apply(checker.match.legal_actions()[0])
    assert caught.value.invariant == "scores"
    assert "so the scores should go from (0, 0) to" in str(caught.value)


def test_the_stock_accounting_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    if "two-player" not in hokm.available_variants():
        pytest.skip("two-player not installed")
    checker = MatchChecker(hokm.Ruleset.compose("two-player").new_match(seed=2))
    checker.apply(checker.match.legal_actions()[0])  # the trump call
    monkeypatch.setattr(HandState, "stock_left", property(lambda self: 3))
    with pytest.raises(InvariantViolation, match=r"cards-conserved.*cards were drawn but the stock shrank"):
        checker.apply(checker.match.legal_actions()[0])


# Annulled hands, drawn matches, broken sweeps (RULES 1.5.1 rules 7 and 11) ------------------


class ThrowIn(hokm.Action):
    """A Hakem whose first five hold no card above 10 throws the hand in before he leads."""


@attrs.frozen(eq=False)
class WeakFiveThrowIn(hokm.Variant):
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="weak-five", summary="tests only")

    @hokm.hookimpl
    def hokm_turn_options(self, hand: hokm.HandView) -> list[hokm.Action] | None:
        if hand.tricks_played or hand.to_act != hand.hakem:
            return None
        five = hand.dealt(hand.hakem)[:5]
        return [ThrowIn()] if all(card.rank <= hokm.Rank.TEN for card in five) else None

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: hokm.HandView, seat: hokm.Seat,
                             action: hokm.Action) -> hokm.Effect | None:
        return hokm.Effect(annul=True, show=hand.dealt(seat)[:5]) if isinstance(action, ThrowIn) else None


WEAK = cards("9♠ 8♥ 7♣ 4♦ 2♠")
WEAK_DECK = [*WEAK, *(card for card in hokm.full_deck() if card not in WEAK)]


def _throw_in_match() -> MatchState:
    rules = hokm.Ruleset.compose(WeakFiveThrowIn(), options={"standard": {"first_hakem": 0}})
    return rules.new_match(seed=4, deck=WEAK_DECK)


def test_an_annulled_hand_adds_no_result_and_the_same_hakem_deals_again() -> None:
    checker = MatchChecker(_throw_in_match(), deck=WEAK_DECK)
    checker.apply(CallTrump(Suit.SPADES))
    checker.apply(ThrowIn())
    assert checker.match.last_hand is not None and checker.match.last_hand.is_annulled
    assert (checker.match.hand_number, checker.match.results, checker.match.hand.hakem) == (2, (), 0)
    rng = random.Random(4)
    while not checker.match.is_over:
        checker.apply(rng.choice(checker.match.legal_actions()))
    checker.finish()


def test_cards_shown_to_everyone_are_no_secret() -> None:
    # The shown 9♠ traded with a low card of seat 2: the throw-in stays legal and the observers
    # see another shown card, which is no leak, since every seat saw the shown cards.
    match = _throw_in_match()
    low = min((card for card in match.hand.hand_of(2) if card.rank <= hokm.Rank.TEN),
              key=lambda card: card.index)
    checker = MatchChecker(match, deck=WEAK_DECK, leak_swap=(Card.parse("9♠"), low))
    checker.apply(CallTrump(Suit.SPADES))
    checker.apply(ThrowIn())
    assert checker.match.last_hand is not None and checker.match.last_hand.is_annulled


def test_the_stock_card_on_offer_is_no_secret_from_its_drawer() -> None:
    # The two-player draw shows the stock's top card to the drawer: a swap with it is seen, so the
    # leak check's owners leave it out (and keep the rest of the stock, which nobody has seen).
    from hokm.testing.invariants import _owners

    rules = hokm.Ruleset.compose("two-player")
    deck = list(rules.deck)
    random.Random(208).shuffle(deck)
    start = rules.deal(deck, hakem=1)
    end = start.apply(start.legal_actions()[0])  # the trump call: the draw begins
    assert end.offered_card is not None
    owners = _owners(start, end, deck)
    assert owners is not None and end.offered_card not in owners
    stock = set(deck[len(deck) - end.stock_left:]) - {end.offered_card}
    assert stock and all(owners[card] == -1 for card in stock)


@attrs.frozen(eq=False)
class OneHandDraw(hokm.Variant):
    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="one-hand-draw", summary="tests only")

    @hokm.hookimpl
    def hokm_match_winner(self) -> hokm.MatchStatus:
        return hokm.MatchStatus.DRAWN


def test_a_drawn_match_has_no_winner() -> None:
    checker = MatchChecker(hokm.Ruleset.compose(OneHandDraw()).new_match(seed=5))
    rng = random.Random(5)
    while not checker.match.is_over:
        checker.apply(rng.choice(checker.match.legal_actions()))
    assert checker.match.is_drawn and checker.match.winner is None


@attrs.frozen(eq=False)
class BrokenSweepLoses(hokm.Variant):
    """Play on while one team has every trick; if it then loses one, the other team scores."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(name="broken-sweep-loses", summary="tests only")

    @hokm.hookimpl
    def hokm_play_on(self, hand: hokm.HandView) -> bool:
        return hand.first_tricks_by(hand.tricks_played) is not None

    @hokm.hookimpl
    def hokm_hand_score(self, hand: hokm.HandView) -> hokm.HandScore | None:
        sweeper = hand.first_tricks_by(7)
        if sweeper is None or hand.first_tricks_by(hand.tricks_played) == sweeper:
            return None
        return hokm.HandScore(hokm.Team(1 - sweeper), 1, label="broken-sweep")


def test_a_broken_sweep_may_lose_the_hand() -> None:
    # Hearts trump: seat 0 wins tricks 1-7 with his hearts, team 0 plays on, and seat 3's 9♣
    # beats the 2♣ led to trick 8. Team 0 holds seven tricks, yet the hand is team 1's.
    order = [cards("A♥ K♥ Q♥ J♥ 10♥ 9♥ 8♥ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣"),
             cards("7♥ 6♥ 5♥ 4♥ 3♥ 2♥ A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠"),
             cards("A♦ K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦"),
             cards("7♠ 6♠ 5♠ 4♠ 3♠ 2♠ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣")]
    hand = hokm.Ruleset.compose(BrokenSweepLoses()).new_hand(order, hakem=0, trump=Suit.HEARTS)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand = hand.play(next(card for card in order[seat] if card in hand.legal_plays()))
    result = hand.result()
    assert (result.label, result.winner, result.team_tricks) == ("broken-sweep", 1, (7, 1))
    from hokm.testing.invariants import _check_result

    _check_result(hand, result)  # no violation: team 0 won every trick but the last
    # Still caught where the majority team won the last trick: the standard hand stops at 7-0.
    stopped = hokm.Ruleset.compose().new_hand(order, hakem=0, trump=Suit.HEARTS)
    while not stopped.is_over:
        seat = stopped.to_act
        assert seat is not None
        stopped = stopped.play(next(card for card in order[seat] if card in stopped.legal_plays()))
    with pytest.raises(InvariantViolation, match="team 0 took 7 of 13 tricks but the result names team 1"):
        _check_result(stopped, attrs.evolve(stopped.result(), winner=hokm.Team(1)))


# Annulled hands (a redeal claim, RULES 1.5.1 rule 7) ----------------------------------------


class ThrowInAtCall(hokm.Action):
    """The Hakem throws his hand in at the trump call: it is annulled and dealt again."""


class ThrowInTwice(hokm.Variant):
    """Any first five may be thrown in, twice in a row at most."""

    @hokm.hookimpl
    def hokm_call_alternatives(self, hand: hokm.HandView) -> list[hokm.Action] | None:
        return [ThrowInAtCall()] if hand.redeals < 2 else None

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: hokm.HandView, seat: int,
                             action: hokm.Action) -> hokm.Effect | None:
        if isinstance(action, ThrowInAtCall):
            return hokm.Effect(annul=True, show=hand.dealt(seat)[:5])
        return None


def _throwing_in(checker: MatchChecker, hands: int) -> int:
    """Play ``hands`` hands, throwing in whenever offered; the number of annulled hands."""
    rng, annulled = random.Random(4), 0
    while not checker.match.is_over and checker.match.hand_number <= hands:
        legal = checker.match.legal_actions()
        action = ThrowInAtCall() if ThrowInAtCall() in legal else rng.choice(legal)
        annulled += action == ThrowInAtCall()
        checker.apply(action)
    return annulled


@pytest.mark.parametrize("variants", [(), ("two-player",), ("court-piece",)])
def test_annulled_hands_pass(variants: tuple[str, ...]) -> None:
    # Annulled at the trump call: no result, the same Hakem, the count of redeals one up; a
    # two-player hand thrown in before its draw holds five cards a seat.
    if not set(variants) <= set(hokm.available_variants()):
        pytest.skip(f"{variants} not installed")
    checker = MatchChecker(hokm.Ruleset.compose(*variants, ThrowInTwice()).new_match(seed=5))
    assert _throwing_in(checker, 9) == 6  # three hands, each thrown in twice, then played
    assert len(checker.match.results) == 3
    checker.finish()


def test_the_annulled_hand_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    checker = MatchChecker(hokm.Ruleset.compose(ThrowInTwice()).new_match(seed=5))
    monkeypatch.setattr(HandState, "redeals", property(lambda self: 0))
    with pytest.raises(InvariantViolation, match=r"scores.*the same dealer deals again"):
        _throwing_in(checker, 2)


# Hidden information ------------------------------------------------------------------------


def test_no_leak_holds_for_standard_hands() -> None:
    rules = hokm.Ruleset.compose()
    for seed in range(5):
        rng = random.Random(seed)
        deck = list(rules.deck)
        rng.shuffle(deck)
        start = rules.deal(deck, hakem=seed % 4)
        _, actions = _play(start, 60, rng)
        check_hidden_information(start, actions, swaps=6, seed=seed)
        check_hidden_information(start, actions[:17], swaps=3, seed=seed)


def test_no_leak_catches_a_result_that_reads_hidden_cards() -> None:
    rules = hokm.Ruleset.compose(LeftoverBonus())
    caught: list[InvariantViolation] = []
    for seed in range(12):
        rng = random.Random(seed)
        deck = list(rules.deck)
        rng.shuffle(deck)
        start = rules.deal(deck, hakem=0)
        _, actions = _play(start, 80, rng)
        try:
            check_hidden_information(start, actions, swaps=4, seed=seed)
        except InvariantViolation as violation:
            caught.append(violation)
    assert caught
    first = caught[0]
    assert first.invariant == "no-leak" and first.swap is not None
    assert f"the hand's result depends on {first.swap[0]}" in str(first)


def test_no_leak_with_the_two_player_stock() -> None:
    if "two-player" not in hokm.available_variants():
        pytest.skip("two-player not installed")
    rules = hokm.Ruleset.compose("two-player")
    rng = random.Random(8)
    deck = list(rules.deck)
    rng.shuffle(deck)
    start = rules.deal(deck, hakem=0)
    _, actions = _play(start, 80, rng)
    check_hidden_information(start, actions, deck=deck, swaps=6)
    check_hidden_information(start, actions)  # without the deck the stock cannot be rebuilt: skipped
    leaky = hokm.Ruleset.compose("two-player", LeftoverBonus())
    start = leaky.deal(deck, hakem=0)
    _, actions = _play(start, 80, random.Random(8))
    found = False
    for seed in range(10):
        try:
            check_hidden_information(start, actions, deck=deck, swaps=4, seed=seed)
        except InvariantViolation as error:
            found = "the stock" in str(error)
            break
    assert found


def test_check_hidden_information_needs_a_hand_start() -> None:
    hand = _mid_trick()
    with pytest.raises(ValueError, match="start must be a hand"):
        check_hidden_information(hand, [])


# The violation itself -------------------------------------------------------------------------


def test_violation_message_pickling_and_evolve() -> None:
    history = (CallTrump(Suit.SPADES), PlayCard(Card.parse("A♠")), PlayCard(Card.parse("2♠")))
    error = InvariantViolation("scores", "scores went down", ruleset="standard + x", seed="s",
                               history=history, actors=(0, 0, 1), hand_number=2, hand_start=1,
                               note="check_variant('x', seed=0), alone", shrunk=True)
    text = str(error)
    assert text.splitlines() == [
        "invariant 'scores' violated under standard + x: scores went down",
        "  check_variant('x', seed=0), alone",
        "  match seed: 's', hand 2",
        "  shortest failing history: 3 actions from the start of the match",
        "    (actions 1-1 play the earlier hands; all are in .history)",
        "       2. seat 0: play A♠",
        "       3. seat 1: play 2♠",
        "  replay: hokm.testing.replay(ruleset, seed='s', actions=error.history)",
    ]
    assert isinstance(error, AssertionError)
    copy = pickle.loads(pickle.dumps(error))
    assert str(copy) == text and copy.history == history
    moved = error.evolve(seed=None, history=(), note="")
    assert str(moved) == "invariant 'scores' violated under standard + x: scores went down"
    contract = InvariantViolation("hook-contract", "plugin 'p' broke the contract of hokm_kot: no")
    assert (contract.plugin, contract.hook) == ("p", "hokm_kot")


def test_sorted_actions() -> None:
    actions = [PlayCard(Card.parse("2♥")), CallTrump(Suit.CLUBS), PlayCard(Card.parse("A♠")),
               CallTrump(Suit.SPADES), hokm.DrawCard(False), hokm.DrawCard(True), hokm.PlayOn(True)]
    assert [str(a) for a in sorted_actions(actions)] == [
        "play A♠", "play 2♥", "call ♠", "call ♣", "keep", "reject", "play on"]
