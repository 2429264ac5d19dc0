"""Comparing engines side by side: throughput of two engines at once, processes vs threads.

Run: ``.venv/bin/python benchmarks/bench_compare.py [--depth 11] [--repeat 3]``

The compare screen runs one search per engine. This measures, in one run, the nodes
per wall-clock second of:

1. **one engine** alone, in an engine process (`adversa.search.process`);
2. **two engines at once in engine processes** (how the app's compare screen and
   ``adversa compare`` run them now);
3. **two engines at once in threads** of one process (how the compare screen ran
   them before: the GIL lets one search run at a time).

Ratios are against (1). Both engines search the same fixed-depth checkers position,
so every run does the same work (node counts are printed to show it); best of
``--repeat``. On two free cores (2) should be close to 2×, (3) below 1×.
"""

from __future__ import annotations

import argparse
import os
import threading
import time
from collections.abc import Callable

from rich.console import Console
from rich.table import Table

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.process import search_in_process
from adversa.search.stats import SearchResult


def timed(work: Callable[[], None]) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    game = make_game("checkers")
    state = game.initial_state()
    config = EngineConfig.parse(f"alphabeta depth={args.depth}")
    results: list[SearchResult] = []

    def in_process() -> None:
        results.append(search_in_process(game, state, config, evaluation=evaluation_of(game)))

    def two(target: Callable[[], None]) -> None:
        threads = [threading.Thread(target=target) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()

    def in_thread() -> None:
        results.append(run_search(game, state, config, evaluation=evaluation_of(game)))

    rows = []
    for label, engines, work in (
        ("1 engine, 1 process", 1, in_process),
        ("2 engines, 2 processes", 2, lambda: two(in_process)),
        ("2 engines, 2 threads", 2, lambda: two(in_thread)),
    ):
        best = float("inf")
        for _ in range(args.repeat):
            results.clear()
            best = min(best, timed(work))
        nodes = sum(result.snapshot.nodes for result in results)
        rows.append((label, engines, nodes, best, nodes / best))
    baseline = rows[0][4]
    table = Table(title=f"checkers alphabeta depth={args.depth}, {os.cpu_count()} cores, "
                        f"best of {args.repeat}")
    for column in ("run", "nodes", "wall s", "nodes/s", "throughput ÷ one engine"):
        table.add_column(column, justify="left" if column == "run" else "right")
    for label, _, nodes, seconds, rate in rows:
        table.add_row(label, f"{nodes:,}", f"{seconds:.2f}", f"{rate:,.0f}",
                      f"{rate / baseline:.2f}×")
    Console().print(table)


if __name__ == "__main__":
    main()
