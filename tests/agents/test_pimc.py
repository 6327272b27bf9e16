"""The ``pimc`` agent and the rebuild of a sampled deal into the hand it plays out."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import hokm
from hokm import Action, Card, PlayCard, Suit
from hokm.agents import Agent, HeuristicAgent, PimcAgent, RandomAgent, get_agent, play_match, sample_deals
from hokm.agents._rebuild import Replay, history, rebuild
from hokm.testing import strategies as hst
from tests.agents.test_sampling import RULESETS
from tests.helpers import FaceDown

SAMPLEABLE = [name for name in RULESETS if name != "face-down" and "hidden" not in name]
"""Rulesets whose every trick-play position rebuilds (a face-down indicator's does not)."""


def _turn(state: hokm.HandState) -> bool:
    return state.to_act is not None and not state.is_over


def _turn_to_act(name: str, data: st.DataObject
                 ) -> tuple[hokm.Ruleset, hokm.HandState, hokm.HandObservation]:
    """A ruleset of ``RULESETS``, a drawn hand with a seat to act, and that seat's view."""
    rules = RULESETS[name]()
    state = data.draw(hst.hand_states(ruleset=rules, max_actions=70).filter(_turn), label="state")
    assert state.to_act is not None
    return rules, state, state.observation(state.to_act)


# Rebuilding a sampled deal ---------------------------------------------------------------------


@pytest.mark.parametrize("name", SAMPLEABLE)
@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_a_sample_rebuilds_into_the_observed_position(name: str, data: st.DataObject) -> None:
    rules, _, view = _turn_to_act(name, data)
    seat = view.seat
    for deal in sample_deals(view, 3, rng=random.Random(data.draw(st.integers(0, 2**32)))):
        rebuilt = rebuild(view, deal)
        if rebuilt is None:  # only the two-player draw and its trump call are beyond it
            assert view.phase in (hokm.Phase.TRUMP, hokm.Phase.DRAW) and rules.players == 2
            continue
        assert rebuilt.hands == deal.hands
        again = rebuilt.observation(seat)
        for field in ("phase", "trump", "trump_from", "tricks", "current_trick", "team_tricks", "pile",
                      "hand", "hand_sizes", "to_act", "legal_actions"):
            assert getattr(again, field) == getattr(view, field), field


def test_a_claim_declined_at_the_first_lead_is_replayed_after_the_trump_given() -> None:
    """The Hakem declines a redeal he alone was offered (no picture card), once the trump is called:
    his view's history holds the decline before any play, and the rebuild starts at the first lead
    with the trump given and replays it (it returned None, as if no deal could reach the view)."""
    rules = hokm.Ruleset.compose("redeal", options={"redeal": {"rule": "no-picture-hand"}})
    rng = random.Random(5)
    hand = rules.deal(rng, hakem=0).apply(hokm.CallTrump(Suit.SPADES))
    while not any(type(action).__name__ == "DeclineRedeal" for action in hand.legal_actions()) \
            or hand.to_act != 0:
        hand = rules.deal(rng, hakem=0).apply(hokm.CallTrump(Suit.SPADES))
    decline = next(action for action in hand.legal_actions() if type(action).__name__ == "DeclineRedeal")
    hand = hand.apply(decline)
    view = hand.observation(0)
    assert view.phase is hokm.Phase.PLAY and view.to_act == 0 and history(view) == (decline,)
    for deal in sample_deals(view, 5, rng=random.Random(1)):
        rebuilt = rebuild(view, deal)
        assert rebuilt is not None and rebuilt.hands == deal.hands
        assert rebuilt.observation(0).decisions == view.decisions
        assert rebuilt.legal_actions() == hand.legal_actions()


@pytest.mark.parametrize("name", ["standard", "double-sar", "bavney-decide", "court-piece", "redeal",
                                  "troefcall", "three-player", "satat+overtrump"])
@settings(max_examples=15, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(data=st.data())
def test_the_true_deal_rebuilds_the_very_hand_every_seat_sees(name: str, data: st.DataObject) -> None:
    rules, state, view = _turn_to_act(name, data)
    (deal,) = sample_deals(view, 1, rng=random.Random(0))
    true_deal = type(deal)(hands=state.hands, set_aside=state.set_aside)
    rebuilt = rebuild(view, true_deal)
    assert rebuilt is not None
    for other in range(rules.players):
        assert rebuilt.observation(other) == state.observation(other)


def test_history_places_decisions_among_the_plays() -> None:
    rules = hokm.Ruleset.compose("bavney", options={"bavney": {"decide": True}})
    state = rules.deal(random.Random(4))
    rng = random.Random(2)
    while not state.is_over and not any(a for a in state.decisions if not isinstance(a[1], hokm.CallTrump)):
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.observation(0)
    actions = history(view)
    assert actions is not None
    plays = [action for action in actions if isinstance(action, PlayCard)]
    assert len(plays) == sum(len(trick.plays) for trick in view.tricks) + len(view.current_trick)
    for (_, decision), at in zip(view.decisions, view.decisions_at, strict=True):
        position = actions.index(decision)
        assert sum(isinstance(action, PlayCard) for action in actions[:position]) == at


def test_a_hand_with_nothing_public_before_its_first_lead_is_rebuilt_at_the_first_lead_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # The history then holds no call to replay from the deal: the first start tried is the right one.
    rules = hokm.Ruleset.compose()
    state = rules.deal(random.Random(6)).apply(hokm.CallTrump(Suit.CLUBS))
    for _ in range(6):
        state = state.play(min(state.legal_plays(), key=lambda card: card.index))
    view = state.observation(state.to_act or 0)
    dealt: list[object] = []
    new_hand = hokm.Ruleset.new_hand

    def counted(self: hokm.Ruleset, *args: Any, **kwargs: Any) -> hokm.HandState:
        dealt.append(kwargs.get("trump"))
        return new_hand(self, *args, **kwargs)

    monkeypatch.setattr(hokm.Ruleset, "new_hand", counted)
    rebuilt = rebuild(view, sample_deals(view, 1, rng=random.Random(0))[0])
    assert rebuilt is not None and rebuilt.observation(view.seat) == view
    assert dealt == [Suit.CLUBS]  # one hand made: at the first lead, the trump in force


def test_a_secret_decline_is_replayed_where_the_history_leaves_it_out() -> None:
    # The Hakem (no K, Q or J) keeps his hand: an answer only he saw, so another seat's history goes
    # from the call straight to the plays, which apply_all refuses; the rebuild then answers the
    # offer with its secret option as it replays (_unshown), and reaches the same hand.
    rules = hokm.Ruleset.compose("redeal", options={"redeal": {"rule": "no-picture-hand"}})
    low = [card for card in hokm.full_deck() if card.rank not in (hokm.Rank.KING, hokm.Rank.QUEEN,
                                                                     hokm.Rank.JACK)][:13]
    rest = [card for card in hokm.full_deck() if card not in low]
    state = rules.new_hand([low, rest[0:13], rest[13:26], rest[26:39]], hakem=0)
    state = state.apply(hokm.CallTrump(Suit.SPADES))
    assert state.pending_decision is not None and state.pending_decision.seat == 0
    state = state.apply(next(option for option in state.pending_decision.options if option.secret))
    for _ in range(5):
        state = state.play(min(state.legal_plays(), key=lambda card: card.index))
    view = state.observation(state.to_act or 0)
    assert view.seat != 0 and history(view) is not None
    with pytest.raises(hokm.IllegalActionError):
        rules.new_hand([low, rest[0:13], rest[13:26], rest[26:39]], hakem=0).apply_all(history(view) or ())
    (deal,) = sample_deals(view, 1, rng=random.Random(3))
    true_deal = type(deal)(hands=state.hands, set_aside=state.set_aside)
    rebuilt = rebuild(view, true_deal, Replay(view))
    assert rebuilt is not None and rebuilt.observation(view.seat) == view
    assert rebuilt.hands == state.hands and rebuilt.decisions == state.decisions


def test_a_replay_made_once_rebuilds_as_a_fresh_one() -> None:
    rules = hokm.Ruleset.compose("bavney", options={"bavney": {"decide": True}})
    state = rules.deal(random.Random(5))
    rng = random.Random(1)
    for _ in range(30):
        state = state.apply(rng.choice(state.legal_actions()))
    view = state.observation(state.to_act or 0)
    replay = Replay(view)
    for deal in sample_deals(view, 4, rng=random.Random(2)):
        shared, fresh = rebuild(view, deal, replay), rebuild(view, deal)
        assert shared is not None and shared == fresh
    other = state.apply(state.legal_actions()[0])
    if not other.is_over and other.to_act is not None:  # a replay of another view is not used for it
        later = other.observation(other.to_act)
        for deal in sample_deals(later, 2, rng=random.Random(2)):
            assert rebuild(later, deal, replay) == rebuild(later, deal)


def test_a_hidden_decision_or_a_face_down_indicator_is_not_rebuilt() -> None:
    rules = hokm.Ruleset.compose(FaceDown())
    state = rules.deal(random.Random(1))
    state = state.apply(state.legal_actions()[0])  # the Hakem lays a card face down
    view = state.observation(state.to_act or 0)
    assert history(view) is None or rebuild(view, sample_deals(view, 1, rng=random.Random(0))[0]) is None


# The agent -------------------------------------------------------------------------------------


def test_it_is_installed_by_name_with_its_parameters() -> None:
    agent = get_agent("pimc", samples=5, playouts=2, seed=3)
    assert isinstance(agent, PimcAgent) and isinstance(agent, Agent)
    assert repr(agent) == ("PimcAgent(samples=5, playouts=2, endgame=8, policy='greedy', time_budget=None, "
                           "seed=3)")


@pytest.mark.parametrize(("params", "error", "message"), [
    ({"samples": 0}, hokm.InvalidArgumentError, "samples must be an int from 1 to 10,000, got 0"),
    ({"samples": "8"}, hokm.ArgumentTypeError, "samples must be an int"),
    ({"playouts": True}, hokm.ArgumentTypeError, "playouts must be an int"),
    ({"playouts": 1001}, hokm.InvalidArgumentError, "playouts must be an int from 1 to 1,000"),
    ({"endgame": 27}, hokm.InvalidArgumentError, "endgame must be an int from 0 to 26"),
    ({"endgame": 2.0}, hokm.ArgumentTypeError, "endgame must be an int"),
    ({"policy": "smart"}, hokm.InvalidArgumentError, "policy must be one of 'greedy', 'random'"),
    ({"policy": 1}, hokm.ArgumentTypeError, "policy must be one of"),
    ({"time_budget": 0}, hokm.InvalidArgumentError, "time_budget must be a positive, finite number"),
    ({"time_budget": "1s"}, hokm.ArgumentTypeError, "time_budget must be a number of seconds"),
    ({"seed": 1.5}, hokm.ArgumentTypeError, "a seed must be an int or a str"),
])
def test_bad_parameters_are_clear_errors(params: dict[str, object], error: type[Exception],
                                         message: str) -> None:
    with pytest.raises(error, match=message):
        PimcAgent(**params)  # type: ignore[arg-type]


def test_a_seeded_agent_repeats_its_choices_and_values() -> None:
    rules = hokm.Ruleset.compose()
    state = rules.deal(random.Random(9)).apply(hokm.CallTrump(Suit.HEARTS))
    view = state.observation(state.to_act or 0)
    first, second = PimcAgent(samples=6, playouts=2, seed=4), PimcAgent(samples=6, playouts=2, seed=4)
    values = first.values(view)
    assert set(values) == set(view.legal_actions)
    assert second.values(view) == values  # the same draws from the same seed
    assert first.act(view) == second.act(view)


def test_it_plays_the_action_with_the_best_mean_value() -> None:
    rules = hokm.Ruleset.compose()
    state = rules.deal(random.Random(12)).apply(hokm.CallTrump(Suit.SPADES))
    view = state.observation(state.to_act or 0)
    values = PimcAgent(samples=5, playouts=2, seed=1).values(view)
    best = max(view.legal_actions, key=lambda action: values[action])
    assert PimcAgent(samples=5, playouts=2, seed=1).act(view) == best


def _late_view(seed: int) -> tuple[hokm.HandState, hokm.HandObservation]:
    """A seat's view with a choice of cards and at most five tricks left (standard rules)."""
    rng = random.Random(seed)
    state = hokm.Ruleset.compose().deal(rng).apply(hokm.CallTrump(Suit.CLUBS))
    while not state.is_over and (state.tricks_left > 5 or len(state.legal_plays()) < 2):
        state = state.play(rng.choice(sorted(state.legal_plays(), key=str)))
    return state, state.observation(state.to_act or 0)


def test_near_the_end_each_sample_is_scored_by_the_solver(monkeypatch: pytest.MonkeyPatch) -> None:
    # With every sample solved, an action's value is its mean double-dummy score over the samples:
    # the random playouts are never asked (they would raise), and with endgame=0 they are.
    from hokm.agents import _pimc

    _, view = next((state, view) for state, view in map(_late_view, range(40)) if not state.is_over)

    def no_playouts(*args: object) -> float:
        raise AssertionError("a playout was asked")

    monkeypatch.setattr(_pimc, "_score", no_playouts)
    values = PimcAgent(samples=6, endgame=5, seed=2).values(view)
    assert set(values) == set(view.legal_actions)
    for action, value in values.items():  # points plus 0.1 a trick of margin, averaged over 6 deals
        assert -3.7 <= value <= 3.7 and round(value * 60) == pytest.approx(value * 60, abs=1e-6), action
    with pytest.raises(AssertionError, match="a playout was asked"):
        PimcAgent(samples=6, endgame=0, policy="random", seed=2).values(view)


def test_before_the_endgame_the_greedy_policy_scores_each_sample(monkeypatch: pytest.MonkeyPatch) -> None:
    # Before the solver's reach, the default policy scores cards by hokm.solver.playout_values (the
    # uniformly random playouts are not asked); policy="random" asks them.
    from hokm.agents import _pimc

    rules = hokm.Ruleset.compose()
    state = rules.deal(random.Random(12)).apply(hokm.CallTrump(Suit.SPADES))
    view = state.observation(state.to_act or 0)
    asked: list[int] = []

    def estimated(state: hokm.HandState, legal: tuple[Action, ...], playouts: int,
                  seed: int) -> dict[Action, float] | None:
        asked.append(playouts)
        return {action: 1.0 if action == legal[-1] else 0.0 for action in legal}

    monkeypatch.setattr(_pimc, "_estimated", estimated)
    monkeypatch.setattr(_pimc, "_score", lambda *args: pytest.fail("a random playout was asked"))
    agent = PimcAgent(samples=3, playouts=5, seed=2)
    assert agent.act(view) == view.legal_actions[-1]
    assert asked == [5, 5, 5]  # once a sample, with the agent's playouts
    monkeypatch.undo()
    random_values = PimcAgent(samples=3, playouts=5, policy="random", seed=2).values(view)
    assert random_values != PimcAgent(samples=3, playouts=5, seed=2).values(view)


def test_the_trump_call_is_scored_by_policy_playouts_from_each_call(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each call's value is the position after it estimated by hokm.solver.playout_values, for the
    # caller's side; uniformly random playouts are asked only with policy="random".
    from hokm.agents import _pimc

    state = hokm.Ruleset.compose().deal(random.Random(9))
    view = state.observation(state.to_act or 0)
    monkeypatch.setattr(_pimc, "_score", lambda *args: pytest.fail("a random playout was asked"))
    values = PimcAgent(samples=4, playouts=8, seed=1).values(view)
    assert set(values) == set(view.legal_actions) and len(set(values.values())) > 1
    monkeypatch.undo()
    spied: list[tuple[int, int]] = []
    estimate = _pimc._position_estimate

    def spy(after: hokm.HandState, seat: int, playouts: int, seed: int) -> float | None:
        spied.append((after.to_act or 0, seat))
        return estimate(after, seat, playouts, seed)

    monkeypatch.setattr(_pimc, "_position_estimate", spy)
    assert PimcAgent(samples=4, playouts=8, seed=1).values(view) == values
    assert len(spied) == 4 * len(view.legal_actions)  # every call in every sample
    # the estimate is the mean over the leader's cards of their playout values, for the caller's side
    after = state.apply(view.legal_actions[0])
    from hokm.solver import playout_values
    cards = playout_values(after, 2, seed=5)
    mean = sum(value.points + 0.1 * value.margin for value in cards.values()) / len(cards)
    assert estimate(after, view.seat, 8, 5) == pytest.approx(mean)
    assert estimate(after, (view.seat + 1) % 4, 8, 5) == pytest.approx(-mean)


def test_holding_five_top_spades_it_calls_spades() -> None:
    top = cards("A♠ K♠ Q♠ J♠ 10♠")
    deck = top + [card for card in hokm.full_deck() if card not in top]
    hand = hokm.Ruleset.compose().deal(deck)  # the Hakem (seat 0) is dealt the first five
    view = hand.observation(0)
    assert view.hand == frozenset(cards("A♠ K♠ Q♠ J♠ 10♠"))
    values = PimcAgent(samples=8, playouts=4, seed=2).values(view)
    assert max(values, key=lambda action: values[action]) == hokm.CallTrump(Suit.SPADES)


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def test_a_lone_legal_action_is_played_without_sampling() -> None:
    spades = [card for card in hokm.full_deck() if card.suit is Suit.SPADES]
    hearts = [card for card in hokm.full_deck() if card.suit is Suit.HEARTS]
    three = Card.parse("3♠")
    hands = [[*(card for card in spades if card != three), hearts[0]], [three, *hearts[1:]],
             [card for card in hokm.full_deck() if card.suit is Suit.DIAMONDS],
             [card for card in hokm.full_deck() if card.suit is Suit.CLUBS]]
    state = hokm.Ruleset.compose().new_hand(hands, hakem=0, trump=Suit.SPADES).play(Card.parse("A♠"))

    class Counting(PimcAgent):
        def values(self, observation: hokm.HandObservation | hokm.MatchObservation
                   ) -> dict[hokm.Action, float]:
            raise AssertionError("sampled a forced play")

    assert Counting(seed=0).act(state.observation(1)) == PlayCard(three)


def test_a_position_it_cannot_sample_is_played_as_the_heuristic_plays_it() -> None:
    rules = hokm.Ruleset.compose(FaceDown())
    state = rules.deal(random.Random(3))
    view = state.observation(state.to_act or 0)
    agent = PimcAgent(samples=4, playouts=1, seed=0)
    assert agent.values(view) == {}
    assert agent.act(view) == HeuristicAgent().act(view)


def test_a_time_budget_still_samples_once() -> None:
    rules = hokm.Ruleset.compose()
    state = rules.deal(random.Random(5)).apply(hokm.CallTrump(Suit.CLUBS))
    view = state.observation(state.to_act or 0)
    values = PimcAgent(samples=1000, playouts=1, time_budget=1e-9, seed=0).values(view)
    assert set(values) == set(view.legal_actions)


def test_out_of_turn_is_a_clear_error() -> None:
    state = hokm.Ruleset.compose().deal(random.Random(5))
    with pytest.raises(hokm.GameStateError, match="seat 1 has no legal action"):
        PimcAgent().act(state.observation(1))


@pytest.mark.parametrize("name", ["standard", "double-sar", "two-player", "hidden-trump", "troefcall",
                                  "three-player", "court-piece", "redeal"])
def test_it_plays_whole_matches(name: str) -> None:
    rules = RULESETS[name]()
    agents: list[Agent] = [PimcAgent(samples=2, playouts=1, seed=seat) if seat % 2 == 0
                           else RandomAgent(seed=seat) for seat in range(rules.players)]
    match = play_match(rules, agents, seed=1)
    assert match.is_over


def test_it_beats_the_random_agent() -> None:
    rules = hokm.Ruleset.compose()
    wins = 0
    for seed in range(40):  # (random play wins half the hands: 28 of 40 by chance is under 1%)
        hand = rules.deal(random.Random(seed), hakem=seed % 4)
        agents: list[Agent] = [PimcAgent(samples=6, playouts=16, seed=seed), RandomAgent(seed=seed)] * 2
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand = hand.apply(agents[seat].act(hand.observation(seat)))
        wins += hand.result().winner == 0
    assert wins >= 28
