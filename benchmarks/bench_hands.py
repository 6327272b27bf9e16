"""Random 13-trick hands per second through the public API, deal included.

Runs the drivers round-robin for several rounds and prints each one's best
round (the machine is shared and noisy: the best round is the least disturbed
one, and round-robin spreads any disturbance over all drivers).
Where ``open_spiel`` is importable, OpenSpiel's C++ bridge (auction skipped by
one bid and three passes, then the 52-card play phase; its deal is 52 chance
actions) runs in the same process and the ratios are printed.

    python benchmarks/bench_hands.py [--seconds 1] [--rounds 5] [--clock cpu] [--only TEXT] [--json]
                                     [--paired N [--slice 0.1]]

``Ruleset.playouts`` runs in batches of 100 hands in the pure twin and of 10,000 in the C
kernel (where it is built: ``Ruleset.native``), ``HandState.rollouts`` in batches of 100 from
positions 20 cards into a hand; the rates count hands, not batches. Each variant set the C
kernel plays gets a batch driver too, and ``--paired`` then holds it to the standard one.

``--clock cpu`` counts this process's CPU time (``time.process_time``) instead of wall
time, which a loaded shared machine disturbs less; ``--only`` keeps the drivers whose
name contains the text (the OpenSpiel reference and the standard stepping and playout
always run).

``--paired N`` also measures each ratio the speed bars are about (standard playouts
against OpenSpiel, ``legal_plays``/``play`` against ``legal_actions``/``apply``, each
variant set against the standard ruleset on the same driver) as the median of N
ratios, each from two short slices run back to back (``--slice`` seconds each): both
drivers of a pair see nearly the same load, which a best round cannot promise when the
load changes within a round. The quartiles show how much the pairs spread.

Never a timed assertion in the test suite: this script only reports.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from collections.abc import Callable

import hokm
from hokm.discovery import load_variant


def step_api(rules: hokm.Ruleset) -> Callable[[random.Random], None]:
    """The per-action public API: deal, call, then legal_actions/apply until over."""

    def one(rng: random.Random) -> None:
        hand = rules.deal(rng, hakem=0)
        while not hand.is_over:
            hand = hand.apply(rng.choice(hand.legal_actions()))

    return one


def step_plays(rules: hokm.Ruleset) -> Callable[[random.Random], None]:
    """The card-only convenience pair a new user writes first: legal_plays()/play(card).

    Decisions other than cards (the trump call, a pending play-on offer) still go
    through legal_actions()/apply(); every card goes through legal_plays()/play().
    """
    def one(rng: random.Random) -> None:
        hand = rules.deal(rng, hakem=0)
        hand = hand.apply(rng.choice(hand.legal_actions()))  # the call, as step_api takes it
        while not hand.is_over:  # four-player rulesets: after the call, cards or a decision
            if hand.pending_decision is None:
                hand = hand.play(rng.choice(tuple(hand.legal_plays())))
            else:
                hand = hand.apply(rng.choice(hand.legal_actions()))

    return one


def playout_api(rules: hokm.Ruleset) -> Callable[[random.Random], None]:
    """Rollouts: deal from the generator, then HandState.playout (random legal actions to the end)."""

    def one(rng: random.Random) -> None:
        rules.deal(rng, hakem=0).playout(rng)

    return one


class MidHandPlayout:
    """Rollouts from mid-hand states (what search agents do), counted in full-hand equivalents.

    A pool of states ``cards_played`` cards into a hand is made once, untimed;
    each call plays one of them out. ``scale`` is the share of a hand's cards a
    call plays, so ``calls/s x scale`` compares per-card cost directly with
    ``deal + playout`` (which also pays for the deal).
    """

    def __init__(self, rules: hokm.Ruleset, cards_played: int = 20) -> None:
        rng = random.Random(7)
        pool: list[hokm.HandState] = []
        while len(pool) < 500:
            hand = rules.deal(rng, hakem=0)
            while not hand.is_over and len(hand.plays) < cards_played:
                hand = hand.apply(rng.choice(hand.legal_actions()))
            if not hand.is_over:
                pool.append(hand)
        played = [len(hand.playout(rng).plays) for hand in pool]
        self.scale = sum(n - cards_played for n in played) / sum(played)
        self._cycle = itertools.cycle(pool)

    def __call__(self, rng: random.Random) -> None:
        next(self._cycle).playout(rng)


class BatchPlayouts:
    """``Ruleset.playouts``: hands in batches of ``size``, into compact columns (``scale``: each
    call plays ``size`` hands); ``pure``: in the pure twin even where the C kernel is built."""

    def __init__(self, rules: hokm.Ruleset, size: int = 100, *, pure: bool = False) -> None:
        self.rules, self.scale, self.pure = rules, float(size), pure

    def __call__(self, rng: random.Random) -> None:
        seed, count = rng.getrandbits(64), int(self.scale)
        if self.pure:
            from hokm._kernel.batch import FreshDeals, play_batch
            from hokm._seeding import rng_for

            rng_of_batch = rng_for(seed, "playouts")
            play_batch(self.rules, seed, count, rng_of_batch, FreshDeals(self.rules, None), False)
        else:
            self.rules.playouts(count, seed=seed)


class MidHandRollouts(MidHandPlayout):
    """``HandState.rollouts`` in batches of ``size`` from the positions of ``MidHandPlayout``
    (``scale``: full-hand equivalents, as there)."""

    def __init__(self, rules: hokm.Ruleset, size: int = 100) -> None:
        super().__init__(rules)
        self.size = size
        self.scale *= size

    def __call__(self, rng: random.Random) -> None:
        next(self._cycle).rollouts(self.size, seed=rng.getrandbits(64))


def openspiel_bridge() -> Callable[[random.Random], None] | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")

    def one(rng: random.Random) -> None:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
        state.apply_action(state.legal_actions()[1])  # one bid, three passes: straight to play
        for _ in range(3):
            state.apply_action(state.legal_actions()[0])
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))

    return one


def measure(one: Callable[[random.Random], None], seconds: float, rng: random.Random,
            clock: Callable[[], float] = time.perf_counter) -> float:
    """Hands per second of ``one`` over about ``seconds`` of ``clock``."""
    count = 0
    started = clock()
    while (elapsed := clock() - started) < seconds:
        for _ in range(10):
            one(rng)
        count += 10
    return count / elapsed


Driver = Callable[[random.Random], None]


def paired_ratio(top: Driver, bottom: Driver, pairs: int, seconds: float, rng: random.Random,
                 clock: Callable[[], float]) -> tuple[float, float, float]:
    """``top``'s rate over ``bottom``'s from ``pairs`` back-to-back slices: median, quartiles (in
    hands, a driver's ``scale`` counted)."""
    ratios = []
    top_scale, bottom_scale = getattr(top, "scale", 1.0), getattr(bottom, "scale", 1.0)
    for number in range(pairs):
        if number % 2:  # alternate which goes first, so neither always follows the other
            low = measure(bottom, seconds, rng, clock) * bottom_scale
            ratios.append(measure(top, seconds, rng, clock) * top_scale / low)
        else:
            high = measure(top, seconds, rng, clock) * top_scale
            ratios.append(high / (measure(bottom, seconds, rng, clock) * bottom_scale))
    ratios.sort()
    return ratios[len(ratios) // 2], ratios[len(ratios) // 4], ratios[(3 * len(ratios)) // 4]


def bar_pairs(names: list[str]) -> list[tuple[str, str, str]]:
    """The ratios the speed bars are about, among ``names``: (label, numerator, denominator) drivers."""
    reference, api = "openspiel bridge play phase (C++ via pyspiel)", "hokm standard: legal_actions/apply"
    plays, playout = "hokm standard: legal_plays/play", "hokm standard: deal + playout"
    native, twin = NATIVE_BATCHES.format("standard"), TWIN
    mid, rollouts = "hokm standard: playout from mid-hand (20 cards in)", ROLLOUTS
    pairs = []
    if reference in names and playout in names:
        pairs.append(("standard deal + playout, speed vs OpenSpiel", playout, reference))
    if native in names:
        pairs.append(("standard Ruleset.playouts (C kernel), speed vs deal + playout", native, playout))
        if reference in names:
            pairs.append(("standard Ruleset.playouts (C kernel), speed vs OpenSpiel", native, reference))
    if twin in names:
        pairs.append(("standard Ruleset.playouts (pure twin), cost vs deal + playout", playout, twin))
    if rollouts in names and mid in names:
        pairs.append(("standard HandState.rollouts (C kernel), speed vs playout from the same positions",
                      rollouts, mid))
    if plays in names:
        pairs.append(("standard legal_plays/play, cost vs legal_actions/apply", api, plays))
    for name in names:
        if name.startswith("hokm standard + "):
            standard = (native if name.endswith(NATIVE_BATCHES.format("")[len("hokm :"):])
                        else playout if name.endswith("deal + playout") else api)
            if standard in names:
                pairs.append((f"{name[5:]}, cost vs standard", standard, name))
    return pairs


NATIVE_BATCHES = "hokm {}: Ruleset.playouts, C kernel (batches of 10,000)"
TWIN = "hokm standard: Ruleset.playouts, pure twin (batches of 100)"
ROLLOUTS = "hokm standard: HandState.rollouts from mid-hand (20 cards in, C kernel, batches of 100)"


def maximal_compatible_sets(players: int = 4, *, native: bool = False) -> list[tuple[str, ...]]:
    """Every largest set of installed variants that composes for ``players`` seats (``native``:
    of the variants whose rulesets the C kernel plays, and that it plays together).

    A conflict between two variants, or a table they make of another size, rules out every
    set holding both, so the pairs are composed first and only the sets with no such pair
    after them (a few hundred compositions instead of thousands).
    """
    def composes(combo: tuple[str, ...]) -> bool:
        try:
            rules = hokm.Ruleset.compose(*combo)
        except hokm.VariantConflictError:
            return False
        return rules.players == players and (rules.native or not native)

    usable = [name for name in sorted(hokm.available_variants()) if composes((name,))]
    clashes = {pair for pair in itertools.combinations(usable, 2) if not composes(pair)}
    sets: list[tuple[str, ...]] = []
    for size in range(len(usable), 0, -1):
        for combo in itertools.combinations(usable, size):
            if any(set(combo) <= set(found) for found in sets):
                continue
            if any(pair in clashes for pair in itertools.combinations(combo, 2)):
                continue
            if composes(combo):
                sets.append(combo)
    return sets


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per driver per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="wall time, or this process's CPU time (steadier on a loaded machine)")
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="run only the drivers whose name contains TEXT (repeatable)")
    parser.add_argument("--paired", type=int, default=0, metavar="N",
                        help="also measure the bars' ratios as the median of N back-to-back slice pairs")
    parser.add_argument("--slice", type=float, default=0.1, help="seconds per slice of a pair (--paired)")
    args = parser.parse_args(argv)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter

    all_hands = {"play_all": True}
    standard = hokm.Ruleset.compose(options={"standard": all_hands})
    drivers: list[tuple[str, Callable[[random.Random], None] | None]] = [
        ("openspiel bridge play phase (C++ via pyspiel)", openspiel_bridge()),
        ("hokm standard: legal_actions/apply", step_api(standard)),
        ("hokm standard: legal_plays/play", step_plays(standard)),
        ("hokm standard: deal + playout", playout_api(standard)),
        ("hokm standard: playout from mid-hand (20 cards in)", MidHandPlayout(standard)),
        (TWIN, BatchPlayouts(standard, pure=True)),
    ]
    if standard.native:
        drivers.append((NATIVE_BATCHES.format("standard"), BatchPlayouts(standard, 10_000)))
        drivers.append((ROLLOUTS, MidHandRollouts(standard)))
    else:
        print("the C kernel is not built or is switched off: its drivers are skipped", file=sys.stderr)
    fixed = [name for name, _ in drivers]
    # The variant sets' drivers are built only where one may run (not when every --only text
    # names a fixed driver).
    wanted = not args.only or not all(any(text in name for name in fixed) for text in args.only)
    for names in maximal_compatible_sets() if wanted else []:
        # Every trick is played where the standard play_all applies; a variant that ends the
        # hand by its own rule (troefcall) replaces the option, which is then left out.
        replaced = any("play_all" in load_variant(name).info.replaced_options() for name in names)
        composed = hokm.Ruleset.compose(*names, options={} if replaced else {"standard": all_hands})
        drivers.append((f"hokm {composed.describe()}: legal_actions/apply", step_api(composed)))
        drivers.append((f"hokm {composed.describe()}: deal + playout", playout_api(composed)))
    for names in maximal_compatible_sets(native=True) if wanted and standard.native else []:
        composed = hokm.Ruleset.compose(*names, options={"standard": all_hands})
        drivers.append((NATIVE_BATCHES.format(composed.describe()), BatchPlayouts(composed, 10_000)))
    always = ("openspiel bridge play phase (C++ via pyspiel)", "hokm standard: legal_actions/apply",
              "hokm standard: deal + playout", NATIVE_BATCHES.format("standard"))  # the ratios' references
    present = [(name, driver) for name, driver in drivers if driver is not None
               and (not args.only or name in always or any(text in name for text in args.only))]
    for name, driver in drivers:
        if driver is None:
            print(f"{name}: skipped (open_spiel is not installed)", file=sys.stderr)
    # Rounds go round-robin over the drivers, so a burst of load on a shared machine hurts all
    # of them alike; each driver's best round is reported.
    best = dict.fromkeys((name for name, _ in present), 0.0)
    rng = random.Random(2026)
    for round_number in range(args.rounds):
        for name, driver in present:
            scale = getattr(driver, "scale", 1.0)  # mid-hand playouts: full-hand equivalents; batches
            best[name] = max(best[name], measure(driver, args.seconds, rng, clock) * scale)
        print(f"round {round_number + 1}/{args.rounds} done", file=sys.stderr)
    rows = list(best.items())
    figures = dict(rows)
    reference = figures.get("openspiel bridge play phase (C++ via pyspiel)")
    base = figures["hokm standard: legal_actions/apply"]
    by_name = dict(present)
    paired = {label: paired_ratio(by_name[top], by_name[bottom], args.paired, args.slice, rng, clock)
              for label, top, bottom in (bar_pairs(list(by_name)) if args.paired > 0 else [])}
    if args.json:
        print(json.dumps({"hands_per_second": figures, "paired": paired}, indent=2))
        return 0
    playout = figures.get("hokm standard: deal + playout", base)
    width = max(len(name) for name, _ in rows)
    print(f"\n{'driver':<{width}} {'hands/s':>9} {'vs OpenSpiel':>13} {'cost vs standard':>17}")
    for name, rate in rows:
        vs_os = f"{rate / reference:.2f}x" if reference else "-"
        same_api = playout if "playout" in name or "rollouts" in name else base
        print(f"{name:<{width}} {rate:>9,.0f} {vs_os:>13} {same_api / rate:>16.2f}x")
    if paired:
        heading = f"paired ratio (median of {args.paired} pairs)"
        width = max(len(label) for label in (*paired, heading))
        print(f"\n{heading:<{width}} {'median':>7} {'quartiles':>13}")
        for label, (median, lower, upper) in paired.items():
            print(f"{label:<{width}} {median:>6.2f}x {lower:>6.2f}-{upper:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
