"""The OpenSpiel adapter: conformance (``random_sim_test``), chance structure, resampling, observers."""

from __future__ import annotations

import collections
import random
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hokm
from tests.agents.support import chi_square, chi_square_sf
from tests.helpers import need

np: Any = need("numpy")
pyspiel: Any = need("pyspiel")
from hokm.adapters import openspiel as hos  # noqa: E402  (after the extra is known to be there)

GAMES = {
    "standard": "python_hokm",
    "satat": "python_hokm(variants=satat)",
    "double-sar+obligatory-trump": "python_hokm(variants=double-sar+obligatory-trump)",
    "hidden-trump": "python_hokm(variants=hidden-trump,hakem=2)",
    "two-player": "python_hokm(variants=two-player)",
    "court-piece": "python_hokm(variants=court-piece,options=court-piece.decide:True)",
    "bavney+redeal": "python_hokm(variants=bavney+redeal,options=bavney.decide:True)",
    "three-player": "python_hokm(variants=three-player,hakem=1)",
    "two-player-zhinam": "python_hokm(variants=two-player,options=two-player.mode:zhinam)",
    "dead-half": "python_hokm(variants=two-player,options=two-player.mode:dead-half)",
}


def dealt(game: Any, seed: int) -> Any:
    """A state just after the deal, from a seeded deck order."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([outcome for outcome, _ in state.chance_outcomes()]))
    return state


def played(game: Any, seed: int, steps: int) -> Any:
    """A state ``steps`` random decisions after the deal (or the end of the hand)."""
    rng = random.Random(seed)
    state = dealt(game, seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


# Conformance -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_sim_test_passes_with_serialisation(name: str) -> None:
    game = pyspiel.load_game(GAMES[name])
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_is_registered_with_its_type() -> None:
    assert hos.SHORT_NAME in pyspiel.registered_names()
    game_type = pyspiel.load_game("python_hokm").get_type()
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM


# Parameters --------------------------------------------------------------------------------


def test_parameters_compose_the_ruleset() -> None:
    game = pyspiel.load_game("python_hokm(variants=satat+obligatory-trump,"
                             "options=obligatory-trump.overtrump:True;standard.kot_points:4)")
    expected = hokm.Ruleset.compose("satat", "obligatory-trump",
                                    options={"obligatory-trump": {"overtrump": True},
                                             "standard": {"kot_points": 4}})
    assert game.ruleset == expected
    assert hos.load_game(variants="satat+obligatory-trump",
                         options="obligatory-trump.overtrump:True;standard.kot_points:4").ruleset == expected


def test_the_table_sets_the_number_of_players() -> None:
    tables = ("standard", "three-player", "two-player")
    assert [pyspiel.load_game(GAMES[name]).num_players() for name in tables] == [4, 3, 2]


@pytest.mark.parametrize(("text", "error"), [
    ("python_hokm(variants=no-such-variant)", hokm.UnknownVariantError),
    ("python_hokm(options=standard.no_such_option:1)", hokm.InvalidOptionError),
    ("python_hokm(options=kot_points)", hokm.InvalidOptionError),
    ("python_hokm(variants=satat++bavney)", hokm.InvalidArgumentError),
    ("python_hokm(hakem=4)", hokm.InvalidArgumentError),
    ("python_hokm(variants=two-player,hakem=2)", hokm.InvalidArgumentError),
])
def test_bad_parameters_raise_hokm_errors(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        pyspiel.load_game(text)


def test_unknown_parameters_are_refused() -> None:
    with pytest.raises(hokm.InvalidArgumentError, match="unknown python_hokm parameter"):
        hos.HokmGame({"variant": "satat"})


# Chance structure --------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "cards"), [("standard", 52), ("three-player", 51), ("two-player", 52),
                                            ("dead-half", 26)])
def test_one_chance_node_per_card_dealt_and_the_hand_is_the_deck_dealt(name: str, cards: int) -> None:
    game = pyspiel.load_game(GAMES[name])
    state = game.new_initial_state()
    order: list[int] = []
    rng = random.Random(3)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert len(outcomes) == len(game.ruleset.deck) - len(order)
        assert all(probability == pytest.approx(1 / len(outcomes)) for _, probability in outcomes)
        assert not set(order) & {outcome for outcome, _ in outcomes}
        card = rng.choice(outcomes)[0]
        order.append(card)
        state.apply_action(card)
    assert len(order) == cards
    hakem = game.get_parameters()["hakem"]
    rest = [card for card in game.ruleset.deck if card.index not in order]
    deck = [hokm.Card.from_index(index) for index in order] + rest
    assert state.hand == game.ruleset.deal(deck, hakem=hakem)
    assert state.current_player() == hakem


@pytest.mark.parametrize("name", ["standard", "court-piece", "three-player", "two-player", "bavney+redeal"])
def test_returns_are_the_hands_points_and_sum_to_zero(name: str) -> None:
    game = pyspiel.load_game(GAMES[name])
    for seed in range(3):
        state = played(game, seed, 500)
        assert state.is_terminal()
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        if state.hand.is_annulled:
            assert returns == [0.0] * game.num_players()
            continue
        result = state.hand.result()
        winners = [seat for seat in range(game.num_players()) if state.hand.team_of(seat) == result.winner]
        assert {returns[seat] for seat in winners} == {float(result.points)}
        assert game.min_utility() <= min(returns) and max(returns) <= game.max_utility()


def test_actions_are_the_shared_encodings_ids_and_print_as_hokm_actions() -> None:
    game = pyspiel.load_game("python_hokm")
    state = dealt(game, 1)
    calls = state.legal_actions()
    assert [state.action_to_string(action) for action in calls] == [f"call {s.value}" for s in hokm.Suit]
    state.apply_action(calls[0])
    plays = state.legal_actions()
    assert plays == sorted(card.index for card in state.hand.legal_plays())
    assert state.action_to_string(plays[0]) == f"play {hokm.Card.from_index(plays[0])}"


# Serialisation -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["standard", "hidden-trump", "two-player-zhinam"])
def test_serialize_round_trips_through_the_history(name: str) -> None:
    game = pyspiel.load_game(GAMES[name])
    state = played(game, 5, 12)
    text = pyspiel.serialize_game_and_state(game, state)
    game_back, state_back = pyspiel.deserialize_game_and_state(text)
    assert str(game_back) == str(game)
    assert state_back.history() == state.history()
    assert state_back.hand == state.hand


@pytest.mark.parametrize("name", ["standard", "hidden-trump", "two-player-zhinam"])
def test_a_state_serialises_as_its_history_and_nothing_else(name: str) -> None:
    """No pickle of the state: the Python part is the same few bytes for every state (#32)."""
    import base64
    import pickle

    game = pyspiel.load_game(GAMES[name])
    state = played(game, 5, 80)
    text = state.serialize()
    history, moves, python = text.split("\n")
    assert history == "history=" + ",".join(f"{step.player}:{step.action}" for step in state.full_history())
    assert moves == f"move_number={state.move_number()}"
    assert python == played(game, 6, 3).serialize().split("\n")[2]  # the same for every state
    assert len(python) < 100 and len(text) < 20 * len(state.history())
    part = pickle.loads(base64.b64decode(python.removeprefix("__dict__=")))
    assert list(part) == ["_s"] and type(part["_s"]).__name__ == "_Pending"
    back = game.deserialize_state(text)  # rebuilt by replaying the history
    assert back.hand == state.hand and str(back) == str(state)
    assert back.information_state_string(0) == state.information_state_string(0)
    assert back.legal_actions() == state.legal_actions()
    clone = back.clone()
    if not clone.is_terminal():
        clone.apply_action(clone.legal_actions()[0])
        assert back.hand == state.hand  # the clone is a state of its own


# Information states and resampling ---------------------------------------------------------


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=6)
@given(seed=st.integers(0, 2**16), steps=st.integers(0, 40), draw=st.floats(0, 0.999))
def test_resampled_states_look_the_same_to_the_seat(name: str, seed: int, steps: int, draw: float) -> None:
    game = pyspiel.load_game(GAMES[name])
    state = played(game, seed, steps)
    if state.is_terminal():
        return
    player = state.current_player()
    sample = state.resample_from_infostate(player, lambda: draw)
    assert sample.information_state_string(player) == state.information_state_string(player)
    assert sample.observation_string(player) == state.observation_string(player)
    assert np.array_equal(sample.information_state_tensor(player), state.information_state_tensor(player))
    assert np.array_equal(sample.observation_tensor(player), state.observation_tensor(player))
    assert sample.legal_actions() == state.legal_actions()
    assert sample.hand.observation(player) == state.hand.observation(player)
    assert sample.hand.plays == state.hand.plays


def test_resampling_draws_different_hidden_hands() -> None:
    game = pyspiel.load_game("python_hokm")
    state = played(game, 2, 6)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = {state.resample_from_infostate(player, sampler).hand.hand_of((player + 1) % 4) for _ in range(5)}
    assert len(others) > 1


@pytest.mark.parametrize("name", ["standard", "three-player", "hidden-trump"])
def test_resampling_is_uniform_over_the_consistent_deals(name: str) -> None:
    # Late in the hand few deals remain: every one must come up equally often.
    from hokm.agents import count_deals

    game = pyspiel.load_game(GAMES[name])
    rng = random.Random(11)
    state = dealt(game, 11)
    while count_deals(state.hand.observation(state.current_player())) > 200:
        state.apply_action(rng.choice(state.legal_actions()))
        assert not state.is_terminal()
    player = state.current_player()
    deals = count_deals(state.hand.observation(player))
    assert deals >= 2
    draws = random.Random(0)
    seen: collections.Counter[tuple[frozenset[hokm.Card], ...]] = collections.Counter()
    for _ in range(30 * deals):
        sample = state.resample_from_infostate(player, draws.random)
        seen[tuple(sample.hand.hands) + tuple(sample.hand.set_aside)] += 1
    assert len(seen) == deals
    counts = list(seen.values())
    assert chi_square_sf(chi_square(counts), deals - 1) > 1e-4


def test_the_information_state_hides_other_seats_cards() -> None:
    game = pyspiel.load_game("python_hokm")
    state = played(game, 4, 1)  # after the trump call
    text = state.information_state_string(1)
    mine = {str(card) for card in state.hand.hand_of(1)}
    theirs = {str(card) for seat in (0, 2, 3) for card in state.hand.hand_of(seat)}
    words = set(text.split())
    assert mine <= words
    assert not theirs & words


def test_resampling_during_the_deal_is_refused() -> None:
    state = pyspiel.load_game("python_hokm").new_initial_state()
    with pytest.raises(pyspiel.SpielError):
        state.resample_from_infostate(0, lambda: 0.5)


# An OpenSpiel algorithm on the game --------------------------------------------------------


def test_ismcts_plays_whole_hands_against_random_bots() -> None:
    from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]

    game = pyspiel.load_game("python_hokm")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=np.random.RandomState(1))
    rng = random.Random(0)
    for seed in range(2):
        state = dealt(game, seed)
        while not state.is_terminal():
            if state.current_player() in (0, 2):
                action = bot.step(state)
                assert action in state.legal_actions()
            else:
                action = rng.choice(state.legal_actions())
            state.apply_action(action)
        assert sum(state.returns()) == pytest.approx(0.0)


# Packaging ---------------------------------------------------------------------------------


def test_a_missing_openspiel_names_the_extra() -> None:
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "import hokm\n"
            "try:\n"
            "    import hokm.adapters.openspiel\n"
            "except hokm.MissingExtraError as error:\n"
            "    print(isinstance(error, ImportError), error.extra, error)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.startswith("True openspiel ")
    assert "pip install 'hokm[openspiel]'" in done.stdout
