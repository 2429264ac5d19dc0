"""How much faster ``adversa tournament --jobs 2`` finishes than ``--jobs 1``.

```
nice -n 10 .venv/bin/python benchmarks/bench_tournament_jobs.py [--rounds 3] [--games 8]
```

A CPU-bound Connect Four round robin of three search engines (no outside engines, no
time limits: the same games, node for node, whatever the machine) is played with one
job and with two, in turns, ``--rounds`` times; the script prints each wall-clock time,
the load average, and the ratio of the medians. The goal on two cores is ≥ 1.7×. On
a machine other programs keep busy the ratio is lower than what the tournament can do:
the second job only helps when a second core is free; the CPU seconds, the same for
both, show that the parallel run costs no extra work.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

from adversa.match.tournament import TournamentSettings, build_tournament, run_tournament

ENGINES = ("alphabeta depth=7", "alphabeta depth=6", "minimax depth=4")


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the match workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed_run(games: int, jobs: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one tournament."""
    tournament = build_tournament(TournamentSettings("connect4", ENGINES, games=games))
    started, cpu = time.perf_counter(), cpu_seconds()
    run = run_tournament(tournament, jobs=jobs)
    assert len(run.games) == tournament.planned
    return time.perf_counter() - started, cpu_seconds() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=8, help="games per pairing")
    arguments = parser.parse_args()
    times: dict[int, list[float]] = {1: [], 2: []}
    for round_number in range(1, arguments.rounds + 1):
        for jobs in (1, 2):
            seconds, cpu = timed_run(arguments.games, jobs)
            times[jobs].append(seconds)
            print(f"round {round_number}: --jobs {jobs}: {seconds:.2f} s, {cpu:.2f} CPU s "
                  f"(load average {os.getloadavg()[0]:.2f})", flush=True)
    one, two = statistics.median(times[1]), statistics.median(times[2])
    print(f"median --jobs 1: {one:.2f} s, --jobs 2: {two:.2f} s, speed-up {one / two:.2f}×")


if __name__ == "__main__":
    main()
