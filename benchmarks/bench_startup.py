"""How long `adversa --help` takes to answer, against a bare interpreter in the same run.

    nice -n 10 .venv/bin/python benchmarks/bench_startup.py [--runs 10]

The command line is the first thing a newcomer times, and every import the `adversa`
group pulls in before a command runs is paid on each call (the match tooling, the app
and rich's tables are meant to load only when a command needs them). Each run is a fresh
process, so nothing is cached in the interpreter; the two commands take turns within a
round, so a busy machine slows both alike. Reported: the best and the median wall-clock
seconds of ``--runs`` runs, and adversa's time over the bare interpreter's
(``python -c pass``), which is what importing and building the command group costs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

COMMANDS: dict[str, list[str]] = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "adversa --help": [sys.executable, "-m", "adversa", "--help"],
}
"""What is timed: a bare interpreter (the floor), then the command group's help."""


def wall_seconds(argv: list[str]) -> float:
    """One run's wall-clock seconds; the run must succeed, or its figure means nothing."""
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs of each command")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error(f"--runs must be at least 1, got {args.runs}")

    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.runs):
        for name, argv in COMMANDS.items():
            times[name].append(wall_seconds(argv))

    print(f"{'command':<16} {'best s':>8} {'median s':>9}   ({args.runs} runs each, "
          f"load average {os.getloadavg()[0]:.2f})")
    for name, samples in times.items():
        print(f"{name:<16} {min(samples):8.3f} {statistics.median(samples):9.3f}")
    floor = min(times["python -c pass"])
    help_best = min(times["adversa --help"])
    print(f"adversa --help over the bare interpreter: +{help_best - floor:.3f} s (best of each)")


if __name__ == "__main__":
    main()
