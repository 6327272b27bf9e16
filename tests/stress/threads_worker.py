"""One fresh process of the thread-safety stress test (run by ``test_threads.py``, not by pytest).

``python threads_worker.py reference`` does every task once, on one thread, and
``hokm.simulate`` without an executor.

``python threads_worker.py threads`` sets ``sys.setswitchinterval(1e-6)`` and
probes ``Capture.of`` from many threads at once. Then, before anything has warmed
hokm's lazy memos, it starts threads that share one ``Ruleset`` per variant set
and do every task (in a different order on each thread), while
``hokm.simulate(..., executor=ThreadPoolExecutor(4))`` runs beside them; last,
all of them work on the same state objects at once. Then it does every task
again on one thread (a corrupted table shows there).

Either way it prints one JSON object: a SHA-256 digest of each task's result,
per thread, written so that runs in different processes (with different hash
seeds) compare. A hang dumps every thread's stack to stderr and exits with
status 1 (``faulthandler``).
"""

from __future__ import annotations

import enum
import faulthandler
import hashlib
import json
import random
import sys
import threading
import traceback
from concurrent.futures import ThreadPoolExecutor
from typing import Any, ClassVar

import attrs

import hokm

THREADS = 6
"""Threads started together: five doing the tasks, one running ``simulate`` on its own pool of four."""
SEEDS = 2
STEPS = 40
"""Actions stepped per stepping task (a trump call and ten tricks of a four-seat hand)."""
SIMULATED_HANDS = 1000
"""Four work units of 250 hands: one for each thread of the pool."""
HANG_SECONDS = 60.0
PROBES = 16
"""Threads asking for the shared per-seat values at once, before anything else has."""
PROBE_ROUNDS = 30

SEVEN_OF_DIAMONDS = hokm.Card(hokm.Rank.SEVEN, hokm.Suit.DIAMONDS)


@attrs.frozen(eq=False)
class SevenWins(hokm.Variant):
    """A plugin instance shared by every thread: the 7♦ wins any trick it is played to."""

    info: ClassVar[hokm.VariantInfo] = hokm.VariantInfo(summary="the 7♦ wins", name="seven-wins")

    @hokm.hookimpl
    def hokm_trick_winner(self, trick: hokm.Trick) -> hokm.Seat | None:
        for seat, card in trick.plays:
            if card == SEVEN_OF_DIAMONDS:
                return seat
        return None  # the usual winner


VARIANT_SETS: tuple[tuple[str | hokm.Variant, ...], ...] = (
    (), ("clockwise",), ("two-player",), ("three-player",), ("bavney",), ("satat",),
    ("obligatory-trump",), ("court-piece",), ("double-sar",), (SevenWins(),),
)
SIMULATIONS: tuple[tuple[str | hokm.Variant, ...], ...] = ((), ("bavney",), (SevenWins(),))


def plain(value: Any) -> Any:
    """What JSON cannot write, as data that is the same in every process (sets sorted)."""
    if isinstance(value, (frozenset, set)):
        return sorted((plain(item) if isinstance(item, hokm.Card) else item for item in value), key=repr)
    if isinstance(value, (hokm.Card, enum.Enum)):
        return str(value)
    if attrs.has(type(value)):  # compared fields only (a Trick's lookup tables are not)
        return [type(value).__name__, {field.name: getattr(value, field.name)
                                       for field in attrs.fields(type(value)) if field.eq}]
    return repr(value)


def digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, ensure_ascii=True, default=plain)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def results_of(match: hokm.MatchState) -> list[Any]:
    return [match.scores, match.winner, match.hand_number, match.results]


def match_playout(rules: hokm.Ruleset, seed: int) -> Any:
    """``MatchState.playout_hand`` for three hands (the kernel, scoring, the next deal)."""
    match = rules.new_match(seed=seed)
    rng = random.Random(seed)
    for _ in range(3):
        if match.is_over:
            break
        match = match.playout_hand(rng)
    return results_of(match)


def hand_playout(rules: hokm.Ruleset, seed: int) -> Any:
    """``HandState.playout`` from a deal and from the middle of a hand."""
    hand = rules.deal(random.Random(seed), hakem=seed % rules.players)
    done = hand.playout(random.Random(seed))
    rng = random.Random(-seed)
    middle = hand
    for _ in range(9):
        if middle.is_over:
            break
        legal = middle.legal_actions()
        middle = middle.apply(legal[rng.randrange(len(legal))])
    again = middle.playout(rng)
    return [[done.trump, done.winners, done.team_tricks, done.plays, done.result()],
            [again.winners, again.team_tricks, again.plays]]


def mask(cards: frozenset[hokm.Card]) -> int:
    return sum(1 << card.index for card in cards)


def view(seen: hokm.HandObservation) -> Any:
    """A seat's observation as plain data (each completed trick in full once, when it is new)."""
    last = seen.tricks[-1] if seen.tricks else None
    return [seen.seat, seen.phase.value, seen.hakem, seen.dealer, str(seen.trump), mask(seen.hand),
            [trick.winner for trick in seen.tricks],
            None if last is None else [(seat, card.index) for seat, card in last.plays],
            [(seat, card.index) for seat, card in seen.current_trick], seen.team_tricks, seen.pile,
            seen.to_act, [str(action) for action in seen.legal_actions],
            [(seat, str(action)) for seat, action in seen.decisions], mask(seen.seen), seen.stock_left]


def stepping(rules: hokm.Ruleset, seed: int) -> Any:
    """``legal_actions``/``apply`` step by step, with ``legal_plays`` and every seat's observation."""
    match = rules.new_match(seed=seed)
    rng = random.Random(seed)
    record: list[Any] = []
    for _ in range(STEPS):
        if match.is_over:
            break
        hand = match.hand
        seat = hand.to_act
        legal = match.legal_actions()
        plays: Any = mask(hand.legal_plays())
        if hand.trump is not None and seat is not None and hand.pending_decision is None:
            plays = [plays, mask(rules.legal_plays(hand.hand_of(seat), hand.current_trick.plays,
                                                   trump=hand.trump, seat=seat))]
        whole = match.observation(seat if seat is not None else 0)
        record.append([seat, [str(action) for action in legal], plays, whole.hand_number, whole.scores,
                       [view(hand.observation(other)) for other in range(rules.players)]])
        match = match.apply(legal[rng.randrange(len(legal))])
    record.append(results_of(match))
    return record


def shared_states(rules: hokm.Ruleset) -> list[hokm.MatchState]:
    """Matches a few actions in, built once and then used by every thread at once.

    Each is the end of its own chain, so nothing has asked it for its legal
    actions yet: the threads fill its caches together.
    """
    found = []
    for length in (0, 2, 7, 19, 33):
        match = rules.new_match(seed=length)
        rng = random.Random(length)
        for _ in range(length):
            legal = match.legal_actions()
            match = match.apply(legal[rng.randrange(len(legal))])
        found.append(match)
    return found


def shared(rules: hokm.Ruleset, seed: int, states: list[hokm.MatchState]) -> Any:
    """The same state objects from every thread: legal actions, views, playouts, next states."""
    record: list[Any] = []
    rng = random.Random(seed)
    for match in states:
        hand = match.hand
        legal = match.legal_actions()
        after = match.apply(legal[rng.randrange(len(legal))])
        played = hand.playout(rng)
        record.append([[str(action) for action in legal], mask(hand.legal_plays()),
                       [view(hand.observation(seat)) for seat in range(rules.players)],
                       [played.winners, played.team_tricks, played.plays],
                       view(after.hand.observation(0)), results_of(match.playout_hand(rng))])
    return record


TASKS = ("match-playout", "hand-playout", "stepping", "shared")


def task_names() -> list[tuple[int, str, int]]:
    """(ruleset index, task, seed) for every task, in a fixed order."""
    return [(index, name, seed) for index in range(len(VARIANT_SETS)) for name in TASKS
            for seed in range(SEEDS)]


def label(index: int, name: str, seed: int) -> str:
    variants = "+".join(v if isinstance(v, str) else type(v).__name__ for v in VARIANT_SETS[index])
    return f"{variants or 'standard'}/{name}/{seed}"


class Table:
    """One ruleset per variant set, shared by every thread, and the shared states under each."""

    def __init__(self) -> None:
        # Composing builds each ruleset's own tables; the module-level memos stay cold.
        self.rulesets = [hokm.Ruleset.compose(*variants) for variants in VARIANT_SETS]
        self.states: list[list[hokm.MatchState]] = []

    def build_states(self) -> None:
        self.states = [shared_states(rules) for rules in self.rulesets]

    def run(self, index: int, name: str, seed: int) -> str:
        rules = self.rulesets[index]
        if name == "match-playout":
            return digest(match_playout(rules, seed))
        if name == "hand-playout":
            return digest(hand_playout(rules, seed))
        if name == "stepping":
            return digest(stepping(rules, seed))
        return digest(shared(rules, seed, self.states[index]))


def simulation_key(variants: tuple[str | hokm.Variant, ...]) -> str:
    return "+".join(v if isinstance(v, str) else type(v).__name__ for v in variants) or "standard"


def simulated(variants: tuple[str | hokm.Variant, ...], executor: ThreadPoolExecutor | None) -> str:
    report = hokm.simulate(*variants, hands=SIMULATED_HANDS, seed=f"stress:{simulation_key(variants)}",
                           executor=executor)
    data = report.to_dict()
    for timing in ("seconds", "hands_per_second"):
        data.pop(timing)
    return digest(data)


def reference() -> dict[str, Any]:
    table = Table()
    table.build_states()
    tasks = {label(*task): [table.run(*task)] for task in task_names()}
    simulations = {simulation_key(v): [simulated(v, None)] for v in SIMULATIONS}
    return {"tasks": tasks, "simulate": simulations, "errors": [], "split_captures": []}


def split_captures() -> list[int]:
    """Seats for which threads asking ``Capture.of(seat)`` first, all at once, got different objects.

    ``Capture.of`` promises one shared value per seat, and an engine keeps only their ``id()``s.
    Each round the threads meet at a barrier and ask for four seats nobody has asked for yet
    (the table seats 0-15 first).
    """
    seats = 4 * PROBE_ROUNDS
    got: list[list[hokm.Capture]] = []
    lock = threading.Lock()
    start = threading.Barrier(PROBES)

    def probe() -> None:
        seen: list[hokm.Capture] = []
        for first in range(0, seats, 4):
            start.wait()
            seen.extend(hokm.Capture.of(seat) for seat in range(first, first + 4))
        with lock:
            got.append(seen)

    threads = [threading.Thread(target=probe, daemon=True) for _ in range(PROBES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [seat for seat in range(seats) if len({id(seen[seat]) for seen in got}) > 1]


def threaded() -> dict[str, Any]:
    """Every thread does every task; the shared-state tasks last, all threads at once."""
    sys.setswitchinterval(1e-6)
    split = split_captures()  # first: nothing has asked for a Capture yet
    table = Table()
    tasks = task_names()
    own = [task for task in tasks if task[1] != "shared"]
    common = [task for task in tasks if task[1] == "shared"]
    found: dict[str, list[str]] = {label(*task): [] for task in tasks}
    simulations: dict[str, list[str]] = {simulation_key(v): [] for v in SIMULATIONS}
    errors: list[str] = []
    lock = threading.Lock()
    workers = THREADS - 1
    start = threading.Barrier(THREADS)  # the workers and the simulation go together
    together = threading.Barrier(workers)  # then the workers turn to the shared states at once

    def rotated(order: list[tuple[int, str, int]], number: int) -> list[tuple[int, str, int]]:
        shift = number * len(order) // workers
        order = order[shift:] + order[:shift]
        return order[::-1] if number % 2 else order

    def worker(number: int) -> None:
        try:
            start.wait()
            if number == 0:  # built while the others race through their own tasks
                table.build_states()
            for phase in (own, common):
                if phase is common:
                    together.wait()
                for task in rotated(phase, number):
                    result = table.run(*task)
                    with lock:
                        found[label(*task)].append(result)
        except BaseException:
            start.abort()
            together.abort()
            with lock:
                errors.append(f"thread {number}:\n{traceback.format_exc()}")

    def simulator() -> None:
        try:
            with ThreadPoolExecutor(4) as pool:
                start.wait()
                for variants in SIMULATIONS:
                    result = simulated(variants, pool)
                    with lock:
                        simulations[simulation_key(variants)].append(result)
        except BaseException:
            start.abort()
            with lock:
                errors.append(f"simulate:\n{traceback.format_exc()}")

    threads = [threading.Thread(target=worker, args=(n,), daemon=True) for n in range(workers)]
    threads.append(threading.Thread(target=simulator, daemon=True))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # Then on this thread alone: a table corrupted by a race shows here.
    sys.setswitchinterval(0.005)
    for task in tasks:
        found[label(*task)].append(table.run(*task))
    for variants in SIMULATIONS:
        simulations[simulation_key(variants)].append(simulated(variants, None))
    return {"tasks": found, "simulate": simulations, "errors": errors, "split_captures": split}


def main() -> None:
    mode = sys.argv[1]
    faulthandler.dump_traceback_later(HANG_SECONDS, exit=True)  # a hang: every stack, then exit 1
    output = reference() if mode == "reference" else threaded()
    faulthandler.cancel_dump_traceback_later()
    json.dump(output, sys.stdout)


if __name__ == "__main__":
    main()
