"""What a third-party rule costs: random hands per second under house rules written from the
public API only, against the standard ruleset, in one process.

Each house rule is a plugin as a user would write it (see the write-a-variant tutorial):

- ``seven-top``: a ``hokm_card_rank`` hook making the 7 of trump the top trump. It takes only
  a card and the trump, so it is tabulated when the ruleset is composed: a table-only rule.
- ``restrict-none``: a ``hokm_restrict_plays`` hook that reads nothing and returns ``None``:
  the cost of being asked on every turn.
- ``must-beat``: the tutorial's per-turn rule (following suit, beat the winning card if you can),
  which reads ``ctx.led``, ``ctx.winning`` and ``ctx.cards_of(led, beating=winning)``.
- ``must-beat-windowed``: the same, its ``TurnWindow`` holding only the follows in suit (on a
  lead or a void turn the rule has nothing to say).
- ``must-beat-declared``: the same rule declared (``hokm_follow_duty`` answering
  ``FollowDuty.BEAT``): asked once, applied by the engine from its power tables.

Prints, per rule, hands per second and the median of paired ratios against the standard
playout (two short slices back to back per pair, so both see the same load).

    python benchmarks/bench_third_party.py [--pairs 15] [--slice 0.2] [--clock cpu] [--json]

Never a timed assertion in the test suite: this script only reports.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any, ClassVar

import attrs

import hokm
from hokm import Card, FollowDuty, PlayContext, Rank, Suit, TurnWindow, VariantInfo, hookimpl


@attrs.frozen(eq=False)
class SevenTop(hokm.Variant):
    """The 7 of trump is the top trump (a table-only rule)."""

    info: ClassVar[VariantInfo] = VariantInfo(name="seven-top", summary="the 7 of trump ranks above the Ace")

    @hookimpl
    def hokm_card_rank(self, card: Card, trump: Suit | None) -> int | None:
        return 15 if card.suit is trump and card.rank is Rank.SEVEN else None


@attrs.frozen(eq=False)
class RestrictNone(hokm.Variant):
    """A legality hook that is asked on every turn and never restricts."""

    info: ClassVar[VariantInfo] = VariantInfo(name="restrict-none", summary="asked on every turn")

    @hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> frozenset[Card] | None:
        return None


@attrs.frozen(eq=False)
class MustBeat(hokm.Variant):
    """Following suit, you must beat the card winning the trick if you can (the tutorial's rule)."""

    info: ClassVar[VariantInfo] = VariantInfo(name="must-beat", summary="beat the winning card if able")

    @hookimpl
    def hokm_restrict_plays(self, ctx: PlayContext) -> frozenset[Card] | None:
        led, winning = ctx.led, ctx.winning
        if led is None or winning is None:  # a lead: nothing to beat
            return None
        better = ctx.cards_of(led, beating=winning)
        return better or None


@attrs.frozen(eq=False)
class WindowedMustBeat(MustBeat):
    """``MustBeat``, asked only on follows in suit (its window leaves the leads and the voids out)."""

    info: ClassVar[VariantInfo] = VariantInfo(name="must-beat-windowed", summary="must-beat, follows in suit")
    turn_windows: ClassVar[dict[str, TurnWindow]] = {
        "hokm_restrict_plays": TurnWindow(leads="none", follows="suit")}


@attrs.frozen(eq=False)
class DeclaredMustBeat(hokm.Variant):
    """The same rule declared: a duty asked once, applied from the engine's tables."""

    info: ClassVar[VariantInfo] = VariantInfo(name="must-beat-declared", summary="must-beat as a follow duty")

    @hookimpl
    def hokm_follow_duty(self) -> FollowDuty:
        return FollowDuty.BEAT


RULES: dict[str, Callable[[], hokm.Variant]] = {
    "seven-top": SevenTop, "restrict-none": RestrictNone, "must-beat": MustBeat,
    "must-beat-windowed": WindowedMustBeat, "must-beat-declared": DeclaredMustBeat}


def rate(rules: hokm.Ruleset, seconds: float, clock: Callable[[], float], rng: random.Random) -> float:
    """Hands per second: deal then ``playout`` until ``seconds`` of the clock have passed."""
    hands, start = 0, clock()
    while True:
        for _ in range(20):
            rules.deal(rng, hakem=0).playout(rng)
        hands += 20
        spent = clock() - start
        if spent >= seconds:
            return hands / spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=15, help="paired ratios per rule (median shown)")
    parser.add_argument("--slice", type=float, default=0.2, help="seconds per slice of a pair")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    options = {"standard": {"play_all": True}}
    standard = hokm.Ruleset.compose(options=options)
    rng = random.Random(1)
    figures: dict[str, dict[str, Any]] = {}
    for name, plugin in RULES.items():
        rules = hokm.Ruleset.compose(plugin(), options=options)
        ratios, rates = [], []
        for _ in range(args.pairs):
            base = rate(standard, args.slice, clock, rng)
            mine = rate(rules, args.slice, clock, rng)
            ratios.append(base / mine)
            rates.append(mine)
        quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
        figures[name] = {"hands_per_second": round(statistics.median(rates)),
                         "cost_vs_standard": round(statistics.median(ratios), 2),
                         "quartiles": [round(quartiles[0], 2), round(quartiles[2], 2)]}
        if not args.json:
            print(f"{name:20s} {figures[name]['hands_per_second']:8d} hands/s   "
                  f"{figures[name]['cost_vs_standard']:5.2f}x the standard playout "
                  f"(quartiles {figures[name]['quartiles'][0]:.2f}-{figures[name]['quartiles'][1]:.2f})",
                  flush=True)
    if args.json:
        print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
