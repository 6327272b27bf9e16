"""The kernel's hidden-trump path: the suit-by-suit loop before the reveal (hokm._offer_tricks), with
the tabulated ask and reveal in the pick and the caller one card short, and the plain loops taking
over mid-trick right after the reveal, give exactly the hand stepping gives."""

from __future__ import annotations

import functools
import random
from unittest import mock

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import stepped, walked

import hokm
from hokm import Card, cards
from hokm._kernel import tricks, turns
from hokm._kernel.loop import Loop
from hokm._kernel.plan import plan_of
from hokm.events import history
from hokm_variants.hidden_trump import AskTrump, HiddenTrump, RevealTrump, SetIndicator


@attrs.frozen(eq=False)
class ScopedHiddenTrump(HiddenTrump):
    """Hidden trump whose decision effects read the hand: asked per action, not tabulated."""

    @hokm.hookimpl
    def hokm_decision_effect(self, hand: hokm.HandView, action: hokm.Action) -> hokm.Effect | None:  # type: ignore[override]
        return super().hokm_decision_effect(action)


HIDDEN = [
    *(hokm.Ruleset.compose("hidden-trump",
                           options={"hidden-trump": {"reveal": reveal, "indicator": indicator}})
      for reveal in ("on-request", "automatic") for indicator in ("chosen", "blind")),
    hokm.Ruleset.compose("hidden-trump", options={"standard": {"play_all": True}}),
    hokm.Ruleset.compose("hidden-trump", "double-sar"),  # the pile rule: a pair collects after the reveal
    hokm.Ruleset.compose("hidden-trump", "double-sar", options={"double-sar": {"chain": "team"}}),
    hokm.Ruleset.compose("hidden-trump", "obligatory-trump",
                         options={"obligatory-trump": {"overtrump": True}}),
    hokm.Ruleset.compose("bavney", "clockwise", "hidden-trump", "obligatory-trump", "redeal"),
    hokm.Ruleset.compose("clockwise", "court-piece", "double-sar", "hidden-trump", "obligatory-trump",
                         "redeal"),
    # A pause at trick ends: the general loop.
    hokm.Ruleset.compose("bavney", "hidden-trump", options={"bavney": {"decide": True}}),
    # Effects that read the hand: the hook is asked at the turn-up, on the state written back.
    hokm.Ruleset.compose(ScopedHiddenTrump()),
    hokm.Ruleset.compose("double-sar", "obligatory-trump", ScopedHiddenTrump(),
                         options={"obligatory-trump": {"overtrump": True}}),
]


def assert_same(start: hokm.HandState, seed: int) -> None:
    fast, slow = start.playout(random.Random(seed)), stepped(start, seed)
    assert fast == slow and fast.plays == slow.plays and fast.hands == slow.hands
    assert (fast.winners, fast.collectors, fast.team_tricks, fast.pile, fast.trump_from) == (
        slow.winners, slow.collectors, slow.team_tricks, slow.pile, slow.trump_from)
    assert fast.decisions == slow.decisions and history(fast) == history(slow)
    assert fast.to_record() == slow.to_record()
    assert fast.is_annulled or fast.result() == slow.result()


@settings(max_examples=200)
@given(rules=st.sampled_from(HIDDEN), deal_seed=st.integers(0, 2**32), seed=st.integers(0, 2**32),
       steps=st.integers(0, 60))
def test_the_hidden_trump_path_equals_stepping_from_any_state(rules: hokm.Ruleset, deal_seed: int, seed: int,
                                                              steps: int) -> None:
    # From the call, before the reveal (mid-trick or not), at an announcement, after the reveal.
    assert_same(walked(rules, deal_seed, steps), seed)


@pytest.mark.pure_only
def test_the_loop_before_the_reveal_is_taken() -> None:
    # The property above holds the loop to stepping only if play goes through it.
    rules = hokm.Ruleset.compose("bavney", "clockwise", "hidden-trump", "obligatory-trump")
    with mock.patch("hokm._kernel.playout.play_tricks", wraps=tricks.play_tricks) as loop:
        for seed in range(20):
            rules.deal(random.Random(seed)).playout(random.Random(seed))
    assert loop.call_count >= 20  # once a hand at least: its first card is played before any reveal


@pytest.mark.pure_only
@pytest.mark.parametrize("declared", [True, False])
def test_a_tabulated_turn_up_is_asked_once_per_action(declared: bool) -> None:
    # The property above holds both ways of taking the ask or the reveal to stepping only if each is
    # taken: from the kept answers where the hook takes only the action, by the hook where it reads
    # the hand.
    asked: list[object] = []
    original = HiddenTrump.hokm_decision_effect

    @functools.wraps(original)  # keeps the hookimpl mark
    def counted(self: HiddenTrump, action: hokm.Action) -> object:
        asked.append(action)
        return original(self, action)

    turned = 0
    with mock.patch.object(HiddenTrump, "hokm_decision_effect", counted):
        rules = hokm.Ruleset.compose("hidden-trump" if declared else ScopedHiddenTrump())
        for seed in range(20):
            hand = rules.deal(random.Random(seed)).playout(random.Random(seed))
            turned += any(isinstance(action, AskTrump | RevealTrump) for _, action in hand.decisions)
    turn_ups = [action for action in asked if isinstance(action, AskTrump | RevealTrump)]
    assert turned >= 10
    assert len(turn_ups) == (len(set(turn_ups)) if declared else turned)  # once per action, or per turn-up


@pytest.mark.pure_only
@pytest.mark.parametrize("declared", [True, False])
def test_an_announcement_whose_effect_is_a_table_is_taken_in_the_loop(declared: bool) -> None:
    # The property above holds both ways of taking a picked ask or reveal to stepping only if each is
    # taken: in the loop where the effect is data that plays no card, else handed back to the state.
    # (The loop calls both by its own module's names: patched there.)
    answers: list[int] = []
    original = turns.announce_here

    def recorded(*args: object) -> int:
        answers.append(original(*args))  # type: ignore[arg-type]
        return answers[-1]

    rules = hokm.Ruleset.compose("hidden-trump" if declared else ScopedHiddenTrump())
    with mock.patch.object(tricks, "announce_here", recorded), \
            mock.patch.object(tricks, "announce", wraps=turns.announce) as handed_back:
        for seed in range(30):
            rules.deal(random.Random(seed)).playout(random.Random(seed))
    assert len(answers) >= 10
    assert set(answers) == ({3} if declared else {0})  # 3: taken, the trick read again; 0: not
    assert handed_back.call_count == (0 if declared else len(answers))


@pytest.mark.pure_only
def test_after_an_ask_on_a_follow_a_lead_leaves_the_plain_pick_only_where_the_plan_says() -> None:
    # An ask taken in the loop on a follow reads the trick's rows again mid-trick; the leads after it
    # are asked of the lead pick only for an announcement to pick exactly or where the plan's lead row
    # marks the trick (the last one, the indicator face down), not at every lead left in the hand.
    rules = hokm.Ruleset.compose("hidden-trump", options={"standard": {"play_all": True}})
    plan = plan_of(rules._engine)
    asked: list[tuple[int, bool]] = []
    lead_pick, void_pick = plan.picks

    def counted(loop: Loop, pile: int, seat: int, trump: int, done: int, note: int, begun: int) -> int:
        asked.append((note, plan.events[loop.trump][0][done]))
        return lead_pick(loop, pile, seat, trump, done, note, begun)

    asks = 0
    with mock.patch.object(plan, "picks", (counted, void_pick)):
        for seed in range(40):
            hand = rules.deal(random.Random(seed)).playout(random.Random(seed))
            asks += any(isinstance(action, AskTrump) for _, action in hand.decisions)
    assert asks >= 10 and asked  # asks were taken, and the pick was asked (announcements, last tricks)
    assert all(note or marked for note, marked in asked)


@pytest.mark.parametrize("rules", HIDDEN[8:10], ids=["bavney-set", "court-piece-set"])
def test_the_last_trick_with_the_indicator_face_down_equals_stepping(rules: hokm.Ruleset) -> None:
    # About one hand in twenty reaches the last trick with no trump: the caller's last card is the
    # indicator, revealed and played by the forced effect. The kernel steps that trick a card at a
    # time; from the last trick's lead it gives what stepping gives.
    rules = hokm.Ruleset.compose(*rules.variants, options={**rules.options, "standard": {"play_all": True}})
    reached = 0
    for seed in range(300):
        hand = rules.deal(random.Random(seed), hakem=seed % 4)
        rand = random.Random(seed).random
        while not hand.is_over and hand.trump is None and hand.tricks_played < hand.tricks_total - 1:
            actions = hand.legal_actions()
            hand = hand.apply(actions[int(rand() * len(actions))])
        if hand.is_over or hand.trump is not None or hand.current_trick.plays:
            continue
        reached += 1
        assert_same(hand, seed)
    assert reached >= 10, reached


# The example of hokm_variants.hidden_trump: diamonds are hidden trump; seat 1 discards the 3♦ before
# the reveal, seat 2 asks and plays the 2♦, which wins: the 3♦ was an ordinary card when played.
HANDS = [cards("9♦ A♣ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠"),
         cards("3♦ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥"),
         cards("2♦ 4♦ 5♦ 6♦ 7♦ 8♦ 10♦ J♦ Q♦ K♦ A♦ A♥ K♠"),
         cards("K♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ A♠")]


@pytest.mark.parametrize("seed", range(8))
def test_a_trump_suit_card_played_before_a_mid_trick_reveal_never_wins_that_trick(seed: int) -> None:
    hand = hokm.Ruleset.compose("hidden-trump").new_hand(HANDS, hakem=0)
    hand = hand.apply(SetIndicator(Card.parse("9♦"))).play(Card.parse("A♣")).play(Card.parse("3♦"))
    hand = hand.apply(AskTrump()).play(Card.parse("2♦"))  # the trump counts from this card on
    assert hand.trump_from == 2 and hand.to_act == 3
    fast = hand.playout(random.Random(seed))  # seat 3 holds clubs: the rest of the trick in a plain loop
    assert fast.winners[0] == 2
    assert fast == stepped(hand, seed)
