"""Seeds and secrecy: a drawn seed is fresh, unpredictable, recorded, replays its match, and never shows."""

from __future__ import annotations

import random
import secrets
from typing import Any

import attrs
import pytest

import hokm
from hokm import _seeding

RULES = hokm.Ruleset.compose()


def played(match: hokm.MatchState, choices: int, hands: int = 3) -> tuple[Any, ...]:
    """Play ``hands`` hands of ``match`` with random legal actions from ``choices``; what happened."""
    rng = random.Random(choices)
    actions = []
    while not match.is_over and match.hand_number <= hands:
        action = rng.choice(match.legal_actions())
        actions.append(action)
        match = match.apply(action)
    return tuple(actions), match.scores, match.results, match.hand.hands


def test_twenty_fresh_matches_have_distinct_seeds_and_deals() -> None:
    matches = [RULES.new_match() for _ in range(20)]
    seeds = [match.seed for match in matches]
    assert len(set(seeds)) == 20
    assert all(isinstance(seed, int) and 0 <= seed < 2**_seeding.SEED_BITS for seed in seeds)
    assert len({match.hand.hands for match in matches}) == 20
    assert len({match.deck_for(2) for match in matches}) == 20
    # 128 random bits: at least one of 20 seeds is far beyond 64 bits (chance of failing: 20 in 2**64).
    assert max(seed.bit_length() for seed in seeds if isinstance(seed, int)) > 64


def test_the_drawn_seed_is_recorded_and_replays_the_match() -> None:
    for choices in range(3):
        match = RULES.new_match()
        again = RULES.new_match(seed=match.seed)
        assert again.seed == match.seed
        assert (again.first_hakem_draw, again.hand.hands) == (match.first_hakem_draw, match.hand.hands)
        assert played(again, choices) == played(match, choices)


def test_a_match_is_a_pure_function_of_seed_and_actions() -> None:
    for rules in (RULES, hokm.Ruleset.compose("two-player"), hokm.Ruleset.compose("court-piece")):
        first, second = rules.new_match(seed="pure"), rules.new_match(seed="pure")
        assert played(first, 5, hands=4) == played(second, 5, hands=4)
        assert [first.deck_for(n) for n in range(1, 6)] == [second.deck_for(n) for n in range(1, 6)]


def test_a_fresh_seed_comes_from_the_os(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []

    def randbits(bits: int) -> int:
        asked.append(bits)
        return 12345

    monkeypatch.setattr(secrets, "randbits", randbits)
    monkeypatch.setattr(random, "getrandbits", lambda bits: pytest.fail("random must not be used"))
    monkeypatch.setattr(random, "random", lambda: pytest.fail("random must not be used"))
    match = RULES.new_match()
    assert (match.seed, asked) == (12345, [128])
    assert match.hand.hands == RULES.new_match(seed=12345).hand.hands
    assert hokm.simulate(hands=5).seed == 12345


def test_the_seed_never_shows_to_a_player() -> None:
    match = RULES.new_match()
    seed = str(match.seed)
    for _ in range(40):  # into the play phase and across a trick or two
        match = match.apply(match.legal_actions()[0])
        for seat in range(RULES.players):
            view = match.observation(seat)
            assert "seed" not in {field.name for field in attrs.fields(type(view))}
            assert "seed" not in {field.name for field in attrs.fields(type(view.hand))}
            assert seed not in repr(view)
    assert seed not in repr(match) and seed not in repr(match.hand)


@pytest.mark.parametrize("bad", [1.5, b"7", True, (1,), [1]])
def test_only_ints_and_strings_are_seeds(bad: object) -> None:
    with pytest.raises(hokm.InvalidDealError, match="a seed must be an int or a str"):
        RULES.new_match(seed=bad)  # type: ignore[arg-type]
