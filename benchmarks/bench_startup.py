"""How long `adversa --help` takes to answer, against a bare interpreter in the same run.

    nice -n 10 .venv/bin/python benchmarks/bench_startup.py [--runs 10]

The command line is the first thing a newcomer times, and every import the `adversa`
group pulls in before a command runs is paid on each call (the match tooling, the app
and rich's tables are meant to load only when a command needs them). Each run is a fresh
process, so nothing is cached in the interpreter; the two commands take turns within a
round, so a busy machine slows both alike. Reported: the best and the median wall-clock
seconds of ``--runs`` runs (what the user waits), the best CPU seconds of the child process
(user + system, which a busy machine disturbs far less), and adversa's time over the bare
interpreter's (``python -c pass``), which is what importing and building the command group
costs.
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


def run_seconds(argv: list[str]) -> tuple[float, float]:
    """One run's wall-clock and CPU seconds (the child's user + system time, from
    ``wait4``); the run must succeed, or its figure means nothing."""
    started = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
    if child.returncode != 0:
        raise subprocess.CalledProcessError(child.returncode, argv)
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="runs of each command")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error(f"--runs must be at least 1, got {args.runs}")

    walls: dict[str, list[float]] = {name: [] for name in COMMANDS}
    cpus: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.runs):
        for name, argv in COMMANDS.items():
            wall, cpu = run_seconds(argv)
            walls[name].append(wall)
            cpus[name].append(cpu)

    print(f"{'command':<16} {'best s':>8} {'median s':>9} {'best CPU s':>11}   "
          f"({args.runs} runs each, load average {os.getloadavg()[0]:.2f})")
    for name in COMMANDS:
        print(f"{name:<16} {min(walls[name]):8.3f} {statistics.median(walls[name]):9.3f} "
              f"{min(cpus[name]):11.3f}")
    print("adversa --help over the bare interpreter (best of each): "
          f"+{min(walls['adversa --help']) - min(walls['python -c pass']):.3f} s, "
          f"+{min(cpus['adversa --help']) - min(cpus['python -c pass']):.3f} s of CPU")


if __name__ == "__main__":
    main()
