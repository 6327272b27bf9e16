"""Instructions per random hand, counted by valgrind: a speed figure the machine's load cannot move.

CPU time on a shared machine drifts by several per cent from one hour to the next, more than
most changes to the card loop are worth. The instructions a hand costs do not drift: this script
counts them with valgrind's callgrind for ``deal()`` + ``playout()`` of the pure-Python kernel
(``HOKM_NATIVE=0``, a fixed hash seed), for the standard game and the variant sets of
``bench_hands.py``, composed as it composes them. Each figure is the difference between two runs
(``--warmup`` hands, then ``--warmup`` + ``--hands``) over ``--hands``, so the import, the
composing and the first playout's set-up fall out.

    python benchmarks/bench_instructions.py [--hands 1000] [--warmup 200] [--set NAMES ...]
    python benchmarks/bench_instructions.py --against ../old-checkout

``--against PATH``: also count a second checkout (a ``git worktree`` of an older commit, say) and
print the change. It runs with ``PATH/src`` and ``PATH/plugins`` first on the path, so the bundled
variants come from that checkout too (otherwise the installed entry points would load this
checkout's plugins into the other's core). A set that checkout cannot compose shows as ``-``.

Instructions are not time: code that allocates or branches more costs more time per
instruction, so a ratio between rulesets can differ from ``bench_hands.py``'s CPU-time ratio.
Use this to compare one ruleset across commits. Needs valgrind; two counts run at a time.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")
STANDARD = "standard"


def play(count: int, names: list[str]) -> None:
    """The counted work: ``count`` random deals and playouts (Hakem 0, seeded) of the ruleset
    ``bench_hands.py`` composes for ``names``, after 50 untimed ones."""
    import hokm
    from hokm.discovery import load_variant

    all_hands = {"play_all": True}
    replaced = any("play_all" in load_variant(name).info.replaced_options() for name in names)
    rules = hokm.Ruleset.compose(*names, options={} if replaced else {"standard": all_hands})
    warm = random.Random(7)
    for _ in range(50):
        rules.deal(warm, hakem=0).playout(warm)
    rng = random.Random(11)
    for _ in range(count):
        rules.deal(rng, hakem=0).playout(rng)


def count_instructions(root: Path | None, hands: int, names: list[str]) -> int | None:
    """Instructions of one run of ``play`` under callgrind (``root``: the checkout to run), or
    ``None`` where that checkout cannot compose the set."""
    env = dict(os.environ, PYTHONHASHSEED="3", HOKM_NATIVE="0")
    if root is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(root / "src"), str(root / "plugins"),
                                             env.get("PYTHONPATH", "")])
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
               str(_HERE / "bench_instructions.py"), "--child", str(hands), *names]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    found = _COLLECTED.search(done.stderr)
    if done.returncode != 0 or found is None:
        return None
    return int(found.group(1))


def per_hand(root: Path | None, warmup: int, hands: int, names: list[str]) -> float | None:
    """Thousands of instructions a hand: two counted runs, their difference over ``hands``."""
    with ThreadPoolExecutor(2) as pool:  # (valgrind runs one core each)
        short, long = pool.map(lambda count: count_instructions(root, count, names),
                               (warmup, warmup + hands))
    if short is None or long is None:
        return None
    return (long - short) / hands / 1000


def variant_sets() -> list[list[str]]:
    """The standard game (no names) and ``bench_hands.py``'s variant sets."""
    sys.path.insert(0, str(_HERE))
    from bench_hands import maximal_compatible_sets

    return [[], *(list(names) for names in maximal_compatible_sets())]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands counted (beyond the warm-up)")
    parser.add_argument("--warmup", type=int, default=200, help="hands of the shorter run")
    parser.add_argument("--set", action="append", default=[], metavar="NAMES",
                        help="a comma-separated variant set, or 'standard' (repeatable; default: "
                             "the standard game and bench_hands.py's sets)")
    parser.add_argument("--against", type=Path, metavar="PATH", help="another checkout to count too")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args(argv)
    if args.child is not None:  # the counted process
        play(args.child, rest)
        return 0
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    if shutil.which("valgrind") is None:
        print("valgrind is not installed: it counts the instructions (apt install valgrind)",
              file=sys.stderr)
        return 2
    if args.against is not None and not (args.against / "src" / "hokm").is_dir():
        parser.error(f"--against {args.against}: no src/hokm there (give a checkout of hokm)")
    sets = ([[] if text == STANDARD else text.split(",") for text in args.set] if args.set
            else variant_sets())
    print(f"thousands of instructions per deal() + playout(), pure kernel, {args.hands} hands "
          f"(valgrind callgrind)")
    for names in sets:
        label = ", ".join(names) or STANDARD
        now = per_hand(None, args.warmup, args.hands, names)
        shown = "-" if now is None else f"{now:,.1f}k"
        if args.against is None:
            print(f"{label:<70} {shown:>10}", flush=True)
            continue
        then = per_hand(args.against.resolve(), args.warmup, args.hands, names)
        before = "-" if then is None else f"{then:,.1f}k"
        change = "-" if now is None or then is None else f"{(now / then - 1) * 100:+.1f}%"
        print(f"{label:<70} {before:>10} -> {shown:>10} {change:>7}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
