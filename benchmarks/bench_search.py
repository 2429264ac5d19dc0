"""Search speed: adversa's depth-first searches against each other.

Run: ``.venv/bin/python benchmarks/bench_search.py [--quick] [--cap 30] [--json FILE]``

Three tables, every ratio measured in this run. Times are CPU seconds of this
process (``time.process_time``), so that other programs on a busy machine
disturb the ratios as little as possible; the stop caps are wall-clock.

1. **nodes/s per algorithm per game** — every algorithm that fits tic-tac-toe,
   Nim, Pig and checkers, for about ``--budget`` seconds each.
2. **checkers to depth 8, 10, 12, 14** from the initial position and two
   middle-game positions: alpha-beta with all enhancements (with and without
   the opt-in late move reductions) against plain
   alpha-beta (every enhancement off, one fixed-depth pass) and plain minimax.
   Each run is stopped after ``--cap`` seconds ("—" in the table); plain
   alpha-beta and minimax are only tried up to the depths given by
   ``--plain-depth`` and ``--minimax-depth``.
3. **instrumentation overhead** — the same alpha-beta search with the always-on
   counters and polling against a copy of the kernel with every line marked
   ``# stat`` removed (`adversa.search.negamax` keeps instrumentation on such
   lines for exactly this purpose), best of ``--repeat`` alternating runs.

The comparison with easyAI and AIMA is in ``bench_peers.py``, which imports
this module's positions and engine options.
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
import time
import types
from typing import Any

from rich.console import Console
from rich.table import Table

from adversa.games import Game, make_game
from adversa.games.registry import evaluation_of
from adversa.search import alphabeta, negamax
from adversa.search.config import PARAMS, EngineConfig
from adversa.search.engine import algorithms_for, run_search
from adversa.search.stats import SearchResult

console = Console(width=150)  # full tables when piped to a file or CI log

POSITIONS = {
    "initial": "B:W21-32:B1-12",
    "middle (14 plies)": "B:W19,20,21,22,24,26,27,28,29,30,32:B1,3,4,5,7,9,11,12,13,15,16",
    "middle (30 plies)": "B:W14,19,20,24,30,32:B1,3,4,11,12,17",
}
"""The two middle-game positions come from alphabeta depth=5 self-play from the start."""

PLAIN = "ordering=off killers=off history=off tt=0 id=off pvs=off quiescence=off"
"""Alpha-beta with every enhancement off: one fixed-depth pass in the game's move order."""

ENHANCED = "tt=64"
"""Alpha-beta with its default enhancements and a 64 MB table: every one that keeps a
fixed-depth value exact (ordering, table, ID, PVS), plus quiescence."""

ENHANCED_STEP2 = "tt=64 step=2"
"""The exact enhancements deepening two plies a pass (the same values, fewer nodes where
the evaluation swings between odd and even depths)."""

ENHANCED_LMR = "tt=64 lmr=on"
"""All enhancements: the same plus late move reductions, the forward pruning the app's
checkers engine plays with (it changes values, so it is opt-in for `alphabeta`)."""

PER_GAME = {
    "tictactoe": ({}, 9),
    "nim": ({"piles": "1,3,5,7"}, 16),
    "pig": ({"target": "30"}, 5),
    "checkers": ({}, 8),
}
"""game → (options, depth for the depth-limited algorithms) for table 1."""


def timed_search(
    game: Game[Any, Any], state: Any, spec: str, cap: float
) -> tuple[SearchResult, float]:
    """Run a search; return it with the CPU seconds it took.

    It is stopped after ``cap`` wall-clock seconds by a stop callable (which,
    unlike a time budget, does not switch iterative deepening on).
    """
    deadline = time.perf_counter() + cap
    started = time.process_time()
    result = run_search(
        game, state, EngineConfig.parse(spec), should_stop=lambda: time.perf_counter() > deadline,
                        evaluation=evaluation_of(game)
    )
    return result, time.process_time() - started


def rate(nodes: int, seconds: float) -> str:
    return f"{nodes / seconds:,.0f}" if seconds > 0 else "—"


# --------------------------------------------------------------------------- 1. per algorithm


def algorithm_spec(algorithm: str, depth: int, budget: float) -> str:
    declared = {param.name for param in PARAMS[algorithm]}
    parts = [algorithm]
    if "depth" in declared:
        parts.append(f"depth={depth}")
    if algorithm == "mcts":
        parts += [f"time={budget}"]
    elif algorithm == "solve":
        parts.append(f"time={budget}")
    return " ".join(parts)


def table_per_algorithm(budget: float, report: dict[str, Any]) -> None:
    table = Table(title=f"1. nodes/s per algorithm per game (≤ {budget:g} s each)")
    for column in ("game", "algorithm", "nodes", "seconds", "nodes/s", "stopped"):
        table.add_column(column, justify="left" if column in ("game", "algorithm") else "right")
    rows = report.setdefault("per_algorithm", [])
    for name, (options, depth) in PER_GAME.items():
        game = make_game(name, options)
        for algorithm in algorithms_for(game):
            if algorithm == "random":
                continue
            spec = algorithm_spec(algorithm, depth, budget)
            result, seconds = timed_search(game, game.initial_state(), spec, budget)
            nodes = result.snapshot.nodes
            table.add_row(name, spec, f"{nodes:,}", f"{seconds:.2f}", rate(nodes, seconds),
                          "yes" if result.stopped else "")
            rows.append({"game": name, "engine": spec, "nodes": nodes, "seconds": seconds})
    console.print(table)


# --------------------------------------------------------------------------- 2. checkers depths


def table_checkers_depths(
    depths: list[int], cap: float, plain_depth: int, minimax_depth: int, report: dict[str, Any]
) -> None:
    game = make_game("checkers")
    table = Table(title=f"2. checkers: time and nodes to reach a depth (cap {cap:g} s)")
    for column in ("position", "depth", "engine", "nodes", "seconds", "nodes/s", "× plain αβ",
                   "best", "value"):
        table.add_column(column, justify="left" if column in ("position", "engine") else "right")
    rows = report.setdefault("checkers_depths", [])
    engines = [("all enhancements", ENHANCED_LMR, max(depths)),
               ("exact enhancements", ENHANCED, max(depths)),
               ("exact, step 2", ENHANCED_STEP2, max(depths)),
               ("plain αβ", PLAIN, plain_depth),
               ("minimax", "", minimax_depth)]
    for label, fen in POSITIONS.items():
        state = game.parse_position(fen)
        for depth in depths:
            measured = []
            for engine, options, deepest in engines:
                if depth > deepest:
                    continue
                algorithm = "minimax" if engine == "minimax" else "alphabeta"
                spec = f"{algorithm} depth={depth} {options}".strip()
                result, seconds = timed_search(game, state, spec, cap)
                measured.append((engine, result, seconds))
            plain = next((seconds for engine, result, seconds in measured
                          if engine == "plain αβ" and not result.stopped), None)
            for engine, result, seconds in measured:
                nodes = result.snapshot.nodes
                done = not result.stopped
                speedup = f"{plain / seconds:.1f}" if plain and done and seconds > 0 else ""
                table.add_row(
                    label, str(depth), engine, f"{nodes:,}",
                    f"{seconds:.2f}" if done else f"> {cap:g}", rate(nodes, seconds), speedup,
                    result.best_move_text or "", f"{result.value:+.4f}" if done else "—",
                )
                rows.append({"position": label, "depth": depth, "engine": engine,
                             "nodes": nodes, "seconds": seconds, "completed": done})
    console.print(table)


# --------------------------------------------------------------------------- 3. instrumentation


def uninstrumented_kernel() -> type[negamax.Kernel[Any, Any]]:
    """`negamax.Kernel` compiled from its source without the lines marked ``# stat``."""
    source = inspect.getsource(negamax)
    kept = [line for line in source.splitlines() if not line.rstrip().endswith("# stat")]
    module = types.ModuleType("negamax_uninstrumented")
    sys.modules[module.__name__] = module  # dataclasses look their module up there
    exec(compile("\n".join(kept), module.__name__, "exec"), module.__dict__)
    kernel: type[negamax.Kernel[Any, Any]] = module.Kernel
    return kernel


def run_with_kernel(
    kernel: type[negamax.Kernel[Any, Any]], game: Any, state: Any, spec: str
) -> Any:
    # alphabeta looks its kernel class up in its module namespace at each search, so
    # swapping the namespace entry swaps the kernel without touching the searcher.
    namespace = vars(alphabeta)
    original = namespace["Kernel"]
    namespace["Kernel"] = kernel
    try:
        return timed_search(game, state, spec, float("inf"))
    finally:
        namespace["Kernel"] = original


def table_instrumentation(depth: int, repeat: int, report: dict[str, Any]) -> None:
    game = make_game("checkers")
    stripped = uninstrumented_kernel()
    table = Table(title=f"3. instrumentation overhead (alphabeta depth={depth}, best of {repeat})")
    for column in ("position", "nodes", "counted s", "stripped s", "overhead"):
        table.add_column(column, justify="left" if column == "position" else "right")
    rows = report.setdefault("instrumentation", [])
    spec = f"alphabeta depth={depth} {ENHANCED}"
    total_counted = total_bare = 0.0
    for label, fen in POSITIONS.items():
        state = game.parse_position(fen)
        counted = bare = float("inf")
        nodes = 0
        for _ in range(repeat):
            result, seconds = run_with_kernel(negamax.Kernel, game, state, spec)
            counted, nodes = min(counted, seconds), result.snapshot.nodes
            check, seconds = run_with_kernel(stripped, game, state, spec)
            bare = min(bare, seconds)
            assert check.best_move == result.best_move and check.value == result.value
        overhead = counted / bare - 1
        table.add_row(label, f"{nodes:,}", f"{counted:.3f}", f"{bare:.3f}", f"{overhead:+.1%}")
        rows.append({"position": label, "nodes": nodes, "counted": counted, "stripped": bare})
        total_counted += counted
        total_bare += bare
    overall = total_counted / total_bare - 1
    table.add_row("all positions", "", f"{total_counted:.3f}", f"{total_bare:.3f}",
                  f"{overall:+.1%}", style="bold")
    console.print(table)


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small depths and caps")
    parser.add_argument("--cap", type=float, default=30.0, help="seconds per depth run")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per table-1 run")
    parser.add_argument("--repeat", type=int, default=3, help="repeats for table 3")
    parser.add_argument("--json", dest="json_file", default=None, help="also write a JSON report")
    parser.add_argument("--tables", default="123", help="which tables to run, e.g. 23")
    args = parser.parse_args(argv)
    depths = [6, 8] if args.quick else [8, 10, 12, 14]
    cap = min(args.cap, 5.0) if args.quick else args.cap
    report: dict[str, Any] = {"python": sys.version.split()[0]}
    if "1" in args.tables:
        table_per_algorithm(min(args.budget, 0.5) if args.quick else args.budget, report)
    if "2" in args.tables:
        table_checkers_depths(depths, cap, plain_depth=6 if args.quick else 10,
                              minimax_depth=6 if args.quick else 8, report=report)
    if "3" in args.tables:
        table_instrumentation(6 if args.quick else 9, args.repeat, report)
    if args.json_file:
        with open(args.json_file, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
