"""A played-out hand records, replays and narrates exactly as the same hand reached by stepping.

``HandState.playout`` runs parts of a hand in its own loops (the classic trump call, the stock
draws, the card play, be-ranga's trump fixed on the way). Beyond the classic hand those steps
leave a log that records (``to_record``, ``hokm.simulate --records``, arena records) and event
streams read, so the kernel must leave the log stepping leaves, not only the same position.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.helpers import stepped
from tests.option_space import COMPATIBLE, draw_ruleset

import hokm
from hokm.events import history


def _walk(start: hokm.HandState, seed: int, steps: int) -> hokm.HandState:
    """``steps`` random actions into the hand (mid-trick, at a call, a draw or a decision)."""
    walk = random.Random(seed)
    for _ in range(steps):
        if start.is_over:
            break
        start = start.apply(walk.choice(start.legal_actions()))
    return start


def _json(record: dict[str, Any]) -> Any:
    return json.loads(json.dumps(record, ensure_ascii=False))


def check_same_hand(fast: hokm.HandState, slow: hokm.HandState) -> None:
    """Everything a record, an observation or an event stream reads is the same."""
    assert fast == slow and fast.plays == slow.plays
    assert (fast.decisions, fast.decisions_at, fast.trump_from) == (
        slow.decisions, slow.decisions_at, slow.trump_from)
    assert fast._extra.log == slow._extra.log, "the kernel logs what stepping logs"
    record = fast.to_record()
    assert record == slow.to_record()
    again = hokm.load_record(_json(record))
    assert isinstance(again, hokm.HandState)
    assert again == fast and again.to_record() == record
    assert history(fast) == history(slow)
    for seat in range(fast.ruleset.players):
        assert fast.observation(seat) == slow.observation(seat)


@pytest.mark.filterwarnings("ignore::hokm.errors.VariantOverlapWarning")
@settings(max_examples=200, deadline=None)
@given(data=st.data(), deal_seed=st.integers(0, 2**32), seed=st.integers(0, 2**32),
       steps=st.integers(0, 60))
def test_a_playout_records_as_stepping_does(data: st.DataObject, deal_seed: int, seed: int,
                                            steps: int) -> None:
    variants = data.draw(st.sampled_from(COMPATIBLE), label="variants")
    rules = draw_ruleset(data, variants)
    start = _walk(rules.deal(random.Random(deal_seed), hakem=deal_seed % rules.players), deal_seed + 1,
                  steps)
    check_same_hand(start.playout(random.Random(seed)), stepped(start, seed))


@pytest.mark.filterwarnings("ignore::hokm.errors.VariantOverlapWarning")
@pytest.mark.parametrize("variants", COMPATIBLE, ids=lambda v: "+".join(v) or "standard")
def test_every_compatible_set_plays_out_to_the_hand_stepping_reaches(variants: tuple[str, ...]) -> None:
    # Default options, every set, from the deal: Troefcall's call, the two-player draws and
    # be-ranga's fixing card among them.
    rules = hokm.Ruleset.compose(*variants)
    for seed in range(3):
        start = rules.deal(random.Random(seed), hakem=seed % rules.players)
        check_same_hand(start.playout(random.Random(seed)), stepped(start, seed))


@pytest.mark.parametrize("mode", ["zhinam", "fifty-card", "keep-reject"])
def test_two_player_draws_are_in_the_record_of_a_playout(mode: str) -> None:
    start = hokm.Ruleset.compose("two-player", options={"two-player": {"mode": mode}}).deal(
        random.Random(4), hakem=1)
    hand = start.playout(random.Random(5))
    actions = hand.to_record()["hand"]["actions"]
    assert actions[0] == {"seat": 1, "act": "call", "suit": str(hand.trump)}
    assert sum(action["act"] == "draw" for action in actions) == (start.stock_left - hand.stock_left) // 2 > 0
    assert hokm.load_record(_json(hand.to_record())) == hand
