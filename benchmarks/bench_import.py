"""How long ``import hokm`` takes in a fresh interpreter, as ``python -X importtime`` counts it.

Starts ``--runs`` interpreters one after the other, each importing the module once, and
prints the import's cumulative time (min, median, max: the minimum is the least disturbed
run on a shared machine), then the slowest imports of the fastest run by their own time.
The first run writes the package's bytecode cache, as ``pip install`` does for a wheel;
``PYTHONDONTWRITEBYTECODE`` is lifted for it, or every run would compile the sources again
and measure the compiler.

    python benchmarks/bench_import.py [--runs 21] [--module hokm] [--top 12]

Never a timed assertion in the test suite: this script only reports.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys


def import_times(module: str) -> dict[str, tuple[int, int]]:
    """One fresh interpreter's ``-X importtime`` figures: module -> (own µs, cumulative µs)."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", f"import {module}"],
                          capture_output=True, text=True, check=True, env=env)
    times = {}
    for line in done.stderr.splitlines():
        if not line.startswith("import time:") or "self [us]" in line:
            continue
        own, cumulative, name = line.removeprefix("import time:").split("|")
        times[name.strip()] = (int(own), int(cumulative))
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--module", default="hokm")
    parser.add_argument("--top", type=int, default=12, help="slowest imports of the fastest run to list")
    args = parser.parse_args(argv)
    import_times(args.module)  # writes the bytecode cache; not counted
    runs = []
    for number in range(args.runs):
        runs.append(import_times(args.module))
        print(f"run {number + 1}/{args.runs} done", file=sys.stderr)
    totals = [run[args.module][1] / 1000 for run in runs]
    print(f"import {args.module}: min {min(totals):.1f} ms, median {statistics.median(totals):.1f} ms, "
          f"max {max(totals):.1f} ms over {args.runs} fresh interpreters (-X importtime, cumulative)")
    fastest = runs[totals.index(min(totals))]
    print("\nslowest imports of the fastest run, own time (ms):")
    for name, (own, _) in sorted(fastest.items(), key=lambda item: -item[1][0])[:args.top]:
        print(f"{own / 1000:8.2f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
