"""``sample_deals``: consistent, exactly uniform, blind to what the observer cannot see."""

from __future__ import annotations

import collections
import math
import random
from collections.abc import Callable, Mapping

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, reject, settings
from hypothesis import strategies as st

import hokm
from hokm import Card, Suit, cards
from hokm.agents import Deal, count_deals, sample_deals
from hokm.testing import strategies as hst
from hokm_variants.hidden_trump import SetIndicator
from hokm_variants.troefcall import Capitulate
from tests.agents.support import (
    AnnouncementNotOffered,
    AskForHearts,
    DeadHalf,
    FirstVoid,
    Zhinam,
    assert_consistent,
    assert_replays,
    chi_square,
    chi_square_sf,
    consistent_hands,
    endgame,
    replayable,
)
from tests.helpers import FaceDown, Lay, MustBeat, Reveal, play_cards


def compose(*variants: str | hokm.Variant, **options: Mapping[str, object]) -> hokm.Ruleset:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", hokm.VariantOverlapWarning)  # the test deal patterns override
        return hokm.Ruleset.compose(*variants, options=options or None)


RULESETS: dict[str, Callable[[], hokm.Ruleset]] = {
    "standard": compose,
    "satat": lambda: compose("satat"),
    "satat-hearts": lambda: compose("satat", satat={"two_hearts_follows": "hearts"}),
    "obligatory-trump": lambda: compose("obligatory-trump"),
    "overtrump": lambda: compose("obligatory-trump", **{"obligatory-trump": {"overtrump": True}}),
    "satat+overtrump": lambda: compose("satat", "obligatory-trump",
                                       **{"obligatory-trump": {"overtrump": True}}),
    "must-beat": lambda: compose(MustBeat()),
    "must-beat+satat-hearts": lambda: compose("satat", MustBeat(), satat={"two_hearts_follows": "hearts"}),
    "double-sar": lambda: compose("double-sar"),
    "bavney-decide": lambda: compose("bavney", bavney={"decide": True}),
    "court-piece": lambda: compose("court-piece"),
    "three-player": lambda: compose("three-player"),
    "two-player": lambda: compose("two-player"),
    "two-player-seen": lambda: compose("two-player", **{"two-player": {"second_card_seen": True}}),
    "zhinam-like": lambda: compose("two-player", Zhinam()),
    "dead-half-like": lambda: compose("two-player", DeadHalf()),
    "two-player-zhinam": lambda: compose("two-player", **{"two-player": {"mode": "zhinam"}}),
    "two-player-fifty-card": lambda: compose("two-player", **{"two-player": {"mode": "fifty-card"}}),
    "two-player-dead-half": lambda: compose("two-player", **{"two-player": {"mode": "dead-half"}}),
    "be-ranga": lambda: compose("be-ranga"),
    "be-ranga-next-trick": lambda: compose("be-ranga", **{"be-ranga": {"fixing_card_is_trump": False}}),
    "be-ranga+double-sar": lambda: compose("be-ranga", "double-sar"),
    "troefcall": lambda: compose("troefcall"),
    "troefcall-overtrump": lambda: compose("troefcall", troefcall={"capitulation": False}),
    "troefcall-must-trump": lambda: compose("troefcall", troefcall={"trumping": "must-trump",
                                                                    "capitulation": False}),
    "troefcall-must-trump-capitulation": lambda: compose("troefcall", troefcall={"trumping": "must-trump"}),
    "ask-hearts": lambda: compose(AskForHearts()),
    "first-void": lambda: compose(FirstVoid()),
    "first-void+obligatory-trump": lambda: compose(FirstVoid(), "obligatory-trump"),
    "face-down": lambda: compose(FaceDown()),
    "redeal": lambda: compose("redeal"),
    "redeal-no-picture-hand": lambda: compose("redeal", redeal={"rule": "no-picture-hand"}),
    "satat-last-four": lambda: compose("satat", satat={"last_four": True}),
    "hidden-trump": lambda: compose("hidden-trump"),
    "hidden-trump-automatic-blind": lambda: compose(
        "hidden-trump", **{"hidden-trump": {"reveal": "automatic", "indicator": "blind"}}),
    "hidden-trump+obligatory-trump": lambda: compose("hidden-trump", "obligatory-trump"),
    "hidden-trump+double-sar": lambda: compose("hidden-trump", "double-sar"),
}
"""Every bundled rule that changes what a play proves or where cards lie, and the decision features."""

EXACT = [name for name in RULESETS if "hidden" not in name
         and name not in ("face-down", "troefcall", "troefcall-must-trump-capitulation")]
"""A face-down indicator's deal is not replayable through new_hand; random Troefcall hands
capitulate early."""
LEFT = {2: 1, 3: 3, 4: 2}
"""Cards each seat holds in the brute-forced endgames (a few dozen consistent deals)."""
DEEP = {"troefcall-overtrump": (3, 4), "troefcall-must-trump": (3, 4)}
"""Troefcall hands seldom last to two cards each (a side with seven tricks wins at once)."""


# Consistency ----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(RULESETS))
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_sample_is_consistent_and_replays_the_public_history(name: str, data: st.DataObject) -> None:
    rules = RULESETS[name]()
    state = data.draw(hst.hand_states(ruleset=rules, max_actions=70), label="state")
    seat = data.draw(st.integers(0, rules.players - 1), label="seat")
    view = state.observation(seat)
    deals = sample_deals(view, 6, rng=random.Random(data.draw(st.integers(0, 2**32))))
    for deal in deals:
        assert_consistent(view, deal)
        if replayable(view):
            try:
                assert_replays(view, deal)
            except AnnouncementNotOffered:  # the limit: inferred once the card is played
                assert view.decisions_at[-1] == sum(len(t.plays) for t in view.tricks) + len(
                    view.current_trick) and view.decisions[-1][0] == view.to_act
        if name == "face-down":
            assert_indicator_replays(view, deal, Lay)
        elif name.startswith("hidden-trump") and "blind" not in name:
            assert_indicator_replays(view, deal, SetIndicator)


def assert_indicator_replays(view: hokm.HandObservation, deal: Deal,
                             lay: Callable[[Card], hokm.Action]) -> None:
    """Replay a hand with a face-down indicator: the card ``deal`` sets aside for the caller (or the
    one revealed) is laid at the call by ``lay``, then every card and public announcement follows."""
    rules = view.ruleset
    assert rules is not None
    if view.phase is hokm.Phase.TRUMP or view.annulled:
        return
    hakem = view.hakem
    (indicator,) = deal.set_aside[hakem] or view.shown
    plays = [play for trick in view.tricks for play in trick.plays] + list(view.current_trick)
    hands = [set(hand) for hand in deal]
    for seat, card in plays:
        hands[seat].add(card)
    hands[hakem] |= deal.set_aside[hakem]
    order = [sorted(hand, key=_index) for hand in hands]
    order[hakem] = [indicator, *sorted(hands[hakem] - {indicator}, key=_index)]
    state = rules.new_hand(order, hakem=hakem)
    if state.phase is hokm.Phase.TRUMP:
        state = state.apply(lay(indicator))
    announcements = [(at, action) for (_, action), at in zip(view.decisions, view.decisions_at, strict=True)
                     ][len(state.decisions):]  # the call's own decision is replayed already
    index = 0
    while index < len(plays) or announcements:
        if len(state.plays) > index:  # a forced reveal played the indicator by itself
            assert state.plays[index] == plays[index]
            index += 1
        elif announcements and announcements[0][0] == index:
            action = announcements.pop(0)[1]
            if index == len(plays) and action not in state.legal_actions():
                return  # an announcement on the turn in progress: inferred from the card to come
            state = state.apply(action)
        else:
            seat, card = plays[index]
            assert state.to_act == seat
            state = state.play(card)  # raises if the sampled deal cannot explain the play
            index += 1
    assert state.hands == tuple(deal)
    assert state.observation(view.seat).tricks == view.tricks


@pytest.mark.parametrize("name", EXACT)
def test_the_samples_are_exactly_the_consistent_deals(name: str) -> None:
    """Small endgames, every seat: the sampler's deals are among the brute-force consistent ones,
    it counts exactly as many (two-player: its hands are among them), and it reaches them all."""
    rules = RULESETS[name]()
    left, enough = DEEP.get(name, (LEFT[rules.players], 12))
    checked = 0
    for seed in range(200):
        state = endgame(rules, seed, left)
        if state.is_over:
            continue
        if checked >= enough:
            break
        for seat in range(rules.players):
            view = state.observation(seat)
            exact = consistent_hands(view)
            deals = sample_deals(view, 40 * len(exact), rng=random.Random(seed))
            got = {tuple(deal) for deal in deals}
            assert got <= exact
            if rules.players > 2:
                assert count_deals(view) == len(exact)
                assert got == exact
            checked += 1
    assert checked >= enough


# Uniformity ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "seat"), [
    ("standard", 1), ("satat+overtrump", 2), ("obligatory-trump", 0), ("three-player", 0),
    ("first-void", 3), ("two-player", 1), ("zhinam-like", 0),
])
def test_chi_square_shows_the_samples_are_uniform(name: str, seat: int) -> None:
    rules = RULESETS[name]()
    for seed in range(200):  # the first endgame with a real choice for this seat
        state = endgame(rules, seed, {2: 2, 3: 3, 4: 2}[rules.players])
        if not state.is_over:
            exact = consistent_hands(state.observation(seat))
            if len(exact) >= 15:
                break
    view = state.observation(seat)
    per_cell = 60
    deals = sample_deals(view, per_cell * len(exact), rng=random.Random(2026))
    counts = collections.Counter(tuple(deal) for deal in deals)
    assert set(counts) == exact
    observed = [counts[hands] for hands in exact]
    statistic = chi_square(observed)
    p_value = chi_square_sf(statistic, len(observed) - 1)
    assert p_value > 1e-4, f"chi-square {statistic:.1f} on {len(observed) - 1} degrees of freedom"


def test_chi_square_helper_matches_known_critical_values() -> None:
    # Hard-coded critical values (tables): chi-square(10) at 5% is 18.307, chi-square(100) at 0.1% 149.449.
    assert chi_square_sf(18.307, 10) == pytest.approx(0.05, abs=1e-4)
    assert chi_square_sf(149.449, 100) == pytest.approx(0.001, abs=1e-5)
    assert chi_square_sf(1.0, 3) == pytest.approx(0.8012519569, abs=1e-8)


def test_a_skewed_sampler_would_fail_the_chi_square_test() -> None:
    counts = [60] * 40
    counts[0], counts[1] = 120, 0  # one deal never drawn, another twice as often
    assert chi_square_sf(chi_square(counts), len(counts) - 1) < 1e-4


# The sampler cannot leak --------------------------------------------------------------------


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_deals_the_observer_cannot_tell_apart_give_the_same_samples(data: st.DataObject) -> None:
    rules = compose(data.draw(st.sampled_from(["standard", "satat", "obligatory-trump", "double-sar"]))
                    .replace("standard", "clockwise"))
    playout = data.draw(hst.action_sequences(ruleset=rules, min_actions=8, max_actions=50))
    start, actions, end = playout.start, playout.actions, playout.end
    assert isinstance(start, hokm.HandState) and isinstance(end, hokm.HandState)
    assume(end.phase is hokm.Phase.PLAY)
    seat = data.draw(st.integers(0, rules.players - 1))
    view = end.observation(seat)
    # Trade two unplayed cards of one suit between two other seats, dealt again in another order.
    a, b = data.draw(st.permutations([other for other in range(4) if other != seat]))[:2]
    common = sorted({card.suit for card in end.hand_of(a)} & {card.suit for card in end.hand_of(b)},
                    key=lambda suit: suit.index)
    assume(common)
    suit = data.draw(st.sampled_from(common))
    first = data.draw(st.sampled_from(sorted((c for c in end.hand_of(a) if c.suit is suit), key=_index)))
    second = data.draw(st.sampled_from(sorted((c for c in end.hand_of(b) if c.suit is suit), key=_index)))
    hands = [list(start.hand_of(s)) for s in range(rules.players)]
    hands[a][hands[a].index(first)], hands[b][hands[b].index(second)] = second, first
    twin = rules.new_hand([list(reversed(hand)) for hand in hands], hakem=start.hakem)
    try:
        for action in actions:
            twin = twin.apply(action)
    except hokm.IllegalActionError:
        # A card of the printed suit may follow another (Satat's 2♥ is a trump): after the trade
        # a card played is no longer legal, so the observer could tell the two deals apart.
        reject()
    other_view = twin.observation(seat)
    assume(other_view == view)  # a Double Sar pile or a trick may now go elsewhere
    assert twin.hands != end.hands
    rng_seed = data.draw(st.integers(0, 2**32))
    assert sample_deals(view, 5, rng=random.Random(rng_seed)) == sample_deals(other_view, 5,
                                                                          rng=random.Random(rng_seed))


def _index(card: Card) -> int:
    return card.index


def test_a_pause_answer_by_the_next_leader_is_not_read_as_an_announcement() -> None:
    # Troefcall asks every seat after each trick whether it capitulates, the trick's winner (the
    # next leader) first. Read as an announcement before his lead, the answer brought the void duty
    # onto the lead ("trump after an announcement"): his lead of a heart then "proved" he held no
    # trump, which his later trump contradicted, and no deal was consistent.
    rules = compose("troefcall", troefcall={"trumping": "must-trump"})
    rng = random.Random(1277)
    state = rules.deal(rng, hakem=1277 % 4)
    for _ in range(rng.randrange(0, 40)):
        state = state.apply(rng.choice(state.legal_actions()))
    assert any(isinstance(action, Capitulate) for _, action in state.decisions)
    for seat in range(4):
        view = state.observation(seat)
        for deal in sample_deals(view, 20, rng=random.Random(seat)):
            assert_consistent(view, deal)


def test_a_match_observation_samples_like_its_hand() -> None:
    match = compose().new_match(seed=11)
    for _ in range(9):
        match = match.apply(match.legal_actions()[0])
    seat = match.to_act
    assert seat is not None
    view = match.observation(seat)
    assert sample_deals(view, 4, rng=random.Random(1)) == sample_deals(view.hand, 4, rng=random.Random(1))


# The deal's places ------------------------------------------------------------------------------


def test_during_the_trump_call_the_hakem_keeps_his_first_packet_and_the_rest_is_sampled() -> None:
    state = compose().deal(random.Random(4), hakem=2)
    hakem, other = state.observation(2), state.observation(3)
    for deal in sample_deals(hakem, 20, rng=random.Random(0)):
        assert hakem.hand <= deal[2] and [len(hand) for hand in deal] == [13] * 4
    assert count_deals(hakem) == math.factorial(47) // (math.factorial(8) * math.factorial(13) ** 3)
    assert count_deals(other) == math.factorial(52) // math.factorial(13) ** 4
    mine = {frozenset(deal[3]) for deal in sample_deals(other, 20, rng=random.Random(0))}
    assert len(mine) == 20  # the seat's own cards are unseen yet: sampled too


def test_two_player_stock_offer_seen_cards_and_burned_cards() -> None:
    rules = compose("two-player")
    state = rules.deal(random.Random(6), hakem=0).apply(hokm.CallTrump(Suit.HEARTS))
    state = state.apply(hokm.DrawCard(keep=False)).apply(hokm.DrawCard(keep=True))
    view = state.observation(0)  # seat 0 to draw again: he sees the top card
    assert view.offered is not None
    for deal in sample_deals(view, 30, rng=random.Random(1)):
        assert_consistent(view, deal)
        assert deal.stock[0] == view.offered and len(deal.stock) == view.stock_left
        assert len(deal.out) == 1  # the card burned after seat 1's keep (seat 0's reject is known)
    opponent = state.observation(1)
    (deal,) = sample_deals(opponent, 1, rng=random.Random(1))
    assert_consistent(opponent, deal)
    assert view.offered in opponent.unseen


def test_dead_half_cards_never_dealt_lie_out() -> None:
    rules = compose("two-player", DeadHalf())
    state = rules.deal(random.Random(2), hakem=1).apply(hokm.CallTrump(Suit.CLUBS))
    view = state.observation(0)
    (deal,) = sample_deals(view, 1, rng=random.Random(3))
    assert len(deal.out) == 26 and deal.stock == () and deal[0] == view.hand


def test_face_down_indicator_is_sampled_in_the_hakems_set_aside_cards() -> None:
    deck = hokm.full_deck()
    hands = [deck[0:13], deck[13:26], deck[26:39], deck[39:52]]
    state = compose(FaceDown()).new_hand(hands, hakem=0).apply(Lay(Card.parse("2♠")))
    view = state.observation(1)
    indicators = collections.Counter(card for deal in sample_deals(view, 3900, rng=random.Random(0))
                                     for card in deal.set_aside[0])
    assert len(indicators) == 39 and sum(indicators.values()) == 3900  # any card he might hold
    assert chi_square_sf(chi_square(list(indicators.values())), 38) > 1e-4  # each equally likely
    own = state.observation(0)
    assert all(deal.set_aside[0] == {Card.parse("2♠")} for deal in sample_deals(own, 5, rng=random.Random(0)))
    revealed = state.apply(Reveal()).observation(1)
    assert all(Card.parse("2♠") in deal[0] and not deal.set_aside[0]
               for deal in sample_deals(revealed, 5, rng=random.Random(0)))


def test_a_blind_indicator_is_unseen_by_its_owner_too() -> None:
    class Blind(FaceDown):
        @hokm.hookimpl
        def hokm_decision_effect(self, hand: hokm.HandView, action: hokm.Action) -> hokm.Effect | None:
            if isinstance(action, Lay):
                return hokm.Effect(set_aside=action.card, hidden_from_owner=True)
            return super().hokm_decision_effect(hand, action)

    deck = hokm.full_deck()
    state = compose(Blind()).new_hand([deck[0:13], deck[13:26], deck[26:39], deck[39:52]], hakem=0)
    view = state.apply(Lay(Card.parse("2♠"))).observation(0)
    assert view.set_aside == frozenset() and view.set_aside_counts[0] == 1
    seen = {card for deal in sample_deals(view, 400, rng=random.Random(0)) for card in deal.set_aside[0]}
    assert Card.parse("2♠") in seen and seen <= view.unseen  # any unseen card, his own laid one included


def test_a_deal_is_a_sequence_of_hands() -> None:
    view = compose().deal(random.Random(1)).apply(hokm.CallTrump(Suit.SPADES)).observation(0)
    (deal,) = sample_deals(view, 1, rng=random.Random(0))
    assert len(deal) == 4 and tuple(deal) == deal.hands and deal[0] == view.hand
    assert deal[1:3] == deal.hands[1:3] and deal.stock == () and deal.out == frozenset()


def test_same_rng_state_same_samples_and_zero_samples() -> None:
    view = endgame(compose(), 1, 5).observation(0)
    assert sample_deals(view, 7, rng=random.Random(9)) == sample_deals(view, 7, rng=random.Random(9))
    assert sample_deals(view, 0, rng=random.Random(9)) == ()


# Bad input ---------------------------------------------------------------------------------------


def test_bad_arguments_are_refused_with_the_projects_errors() -> None:
    state = compose().deal(random.Random(1))
    view = state.observation(0)
    with pytest.raises(hokm.InvalidArgumentError, match="n must be an int of at least 0, got -1"):
        sample_deals(view, -1, rng=random.Random(0))
    with pytest.raises(hokm.ArgumentTypeError, match="n must be an int"):
        sample_deals(view, 2.0, rng=random.Random(0))  # type: ignore[call-overload]
    with pytest.raises(hokm.ArgumentTypeError, match=r"rng must be a random\.Random"):
        sample_deals(view, 2, rng=None)  # type: ignore[call-overload]
    with pytest.raises(hokm.ArgumentTypeError, match=r"rng must be a random\.Random"):
        sample_deals(view, 2, rng=7)  # type: ignore[call-overload]
    with pytest.raises(hokm.ArgumentTypeError, match="HandObservation or MatchObservation"):
        sample_deals(state, 2, rng=random.Random(0))  # type: ignore[call-overload]
    with pytest.raises(hokm.ArgumentTypeError, match="HandObservation or MatchObservation"):
        count_deals("view")  # type: ignore[arg-type]
    with pytest.raises(hokm.ArgumentTypeError, match=r"rng must be a random\.Random"):
        sample_deals(view, 2)  # type: ignore[call-overload]
    with pytest.raises(hokm.ArgumentTypeError, match="is called sample_deals\\(observation, n, rng=rng\\)"):
        sample_deals(view, random.Random(0), 2, rng=random.Random(0))  # type: ignore[call-overload]


def test_the_former_argument_order_still_works_and_warns() -> None:
    """``sample_deals(observation, rng, n)`` before #32: the same deals, with a DeprecationWarning."""
    view = compose().deal(random.Random(1)).observation(2)
    with pytest.warns(DeprecationWarning, match=r"call sample_deals\(observation, n, rng=rng\)"):
        old = sample_deals(view, random.Random(4), 3)
    assert old == sample_deals(view, 3, rng=random.Random(4))


def test_an_observation_no_deal_fits_is_refused_not_looped_on() -> None:
    deck = hokm.full_deck()
    hands = [deck[i:i + 13] for i in (0, 13, 26, 39)]
    view = play_cards(compose().new_hand(hands, hakem=0, trump=Suit.SPADES), "2♠").observation(1)
    too_many = attrs.evolve(view, hand_sizes=(12, 13, 13, 14))
    with pytest.raises(hokm.InvalidArgumentError, match="no deal is consistent"):
        sample_deals(too_many, 1, rng=random.Random(0))
    bare = attrs.evolve(view, ruleset=None)
    with pytest.raises(hokm.InvalidArgumentError, match="without its ruleset"):
        sample_deals(bare, 1, rng=random.Random(0))


def test_impossible_exclusions_are_refused() -> None:
    state = play_cards(compose().new_hand([hokm.full_deck()[i:i + 13] for i in (0, 13, 26, 39)],
                                          hakem=0, trump=Suit.SPADES), "2♠ 2♥ 2♦ 2♣")
    view = state.observation(0)
    # Claim (falsely) that every other seat showed a void in everything: nothing can be dealt.
    know = view._knowledge
    know.excluded = (0, know.unseen, know.unseen, know.unseen)
    with pytest.raises(hokm.InvalidArgumentError, match="rule out every way"):
        sample_deals(view, 1, rng=random.Random(0))


def test_cards_played_twice_or_too_many_hands_read_as_inconsistent() -> None:
    view = compose().deal(random.Random(1)).apply(hokm.CallTrump(Suit.SPADES)).observation(0)
    crowded = attrs.evolve(view, hand=view.hand | frozenset(cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠")))
    with pytest.raises(hokm.InvalidArgumentError, match="no deal is consistent"):
        count_deals(crowded)


def test_an_annulled_hand_keeps_the_claimants_shown_cards_in_his_hand() -> None:
    @attrs.frozen
    class ThrowIn(hokm.Action):
        pass

    class WeakThrowIn(hokm.Variant):
        info = hokm.VariantInfo(name="weak-throw-in", summary="tests only")

        @hokm.hookimpl
        def hokm_call_alternatives(self, hand: hokm.HandView) -> list[hokm.Action] | None:
            return [ThrowIn()]

        @hokm.hookimpl
        def hokm_decision_effect(self, hand: hokm.HandView, seat: hokm.Seat,
                                 action: hokm.Action) -> hokm.Effect | None:
            if isinstance(action, ThrowIn):
                return hokm.Effect(annul=True, show=hand.dealt(seat)[:5])
            return None

    state = compose(WeakThrowIn()).deal(random.Random(8), hakem=3).apply(ThrowIn())
    view = state.observation(0)
    five = frozenset(state.dealt(3)[:5])
    assert view.annulled and view.shown == five and view.known_holdings[3] == five
    assert len(view.unseen) == 52 - 13 - 5
    for deal in sample_deals(view, 20, rng=random.Random(1)):
        assert_consistent(view, deal)
        assert five <= deal[3]


def test_a_caller_revealing_inside_a_trick_is_void_in_the_led_suit_even_if_he_follows() -> None:
    # Seat 0 calls clubs with the 5♣ and holds no other club; seat 1 wins trick 1 and leads a club.
    # The caller may reveal only because he cannot follow (RULES 1.5.2 rule 4), then plays his
    # indicator, a club: the card he follows with does not show the void, the reveal does.
    rules = compose("hidden-trump")
    hand_0 = cards("5♣ 2♠ 3♠ 2♥ 3♥ 4♥ 5♥ 6♥ 2♦ 3♦ 4♦ 5♦ 6♦")
    hand_1 = cards("A♠ 4♠ A♣ K♣ Q♣ 7♥ 8♥ 9♥ 7♦ 8♦ 9♦ 10♦ J♦")
    hand_2 = cards("5♠ 6♠ 7♠ J♣ 10♣ 9♣ 10♥ J♥ Q♥ Q♦ K♦ A♦ 2♣")
    rest = [card for card in hokm.full_deck() if card not in {*hand_0, *hand_1, *hand_2}]
    state = rules.new_hand([hand_0, hand_1, hand_2, rest], hakem=0)
    state = state.apply(SetIndicator(Card.parse("5♣")))
    state = play_cards(state, "2♠ A♠ 5♠ 8♠ A♣ 9♣ 3♣")
    reveal = next(action for action in state.legal_actions() if not isinstance(action, hokm.PlayCard))
    state = state.apply(reveal)  # seat 3 played a club; seat 0 reveals before his card
    for observer in (1, 2, 3):
        waiting = state.observation(observer)
        assert Suit.CLUBS in waiting.voids[0]
        for deal in sample_deals(waiting, 200, rng=random.Random(observer)):
            assert [card for card in deal[0] if card.suit is Suit.CLUBS] == [Card.parse("5♣")]
    state = state.play(Card.parse("5♣"))
    for observer in (1, 2, 3):
        after = state.observation(observer)
        assert Suit.CLUBS in after.voids[0]
        assert all(card.suit is not Suit.CLUBS for deal in sample_deals(after, 200, rng=random.Random(0))
                   for card in deal[0])
