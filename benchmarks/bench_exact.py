"""The exact checkers search from the start against OpenSpiel's C++ alpha-beta, same run.

Run: ``.venv/bin/python benchmarks/bench_exact.py [--depth 14] [--rounds 3]
[--openspiel PATH] [--sample] [--json FILE]``

Rows, each the CPU seconds (``time.process_time`` here, the C++ program's own
process clock there) of ``--rounds`` runs alternated with one another, so that a
busy machine slows every row alike:

- **value-preserving** — ``alphabeta tt=64 step=2 quiescence=off``: every
  enhancement on that keeps a fixed-depth value (move ordering, transposition
  table with enhanced transposition cutoffs, PVS, deepening two plies a pass), no
  quiescence, so its value is exactly minimax's at that depth. Before timing, the
  script checks that against plain minimax at ``--check-depth``.
- **with quiescence** — the same plus quiescence search (the engine's exact
  configuration for play: captures pending at the horizon are played out, which
  changes values and adds nodes).
- **OpenSpiel C++** — ``open_spiel::algorithms::AlphaBetaSearch`` to the same depth
  with a material value function, built from ``benchmarks/openspiel_alphabeta``
  (see its Makefile; OpenSpiel is not a Python dependency of this project, so the
  row appears only when ``--openspiel`` names the built program). The two do not
  search the same tree: OpenSpiel counts each step of a multi-jump as a ply, has
  no table or ordering, and evaluates material only.

``--sample`` also sums nodes and CPU seconds of both adversa rows over 17
positions: the start and every tenth opening of the ACF three-move ballot (a
tuning of the search should hold there too, not only on the start's tree).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from adversa.games import make_game
from adversa.games.checkers_ballot import BALLOT
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

console = Console(width=150)

VALUE_PRESERVING = "tt=64 step=2 quiescence=off"
WITH_QUIESCENCE = "tt=64 step=2"

Run = Callable[[], tuple[float, int, str]]
"""One timed run: (CPU seconds, nodes or evaluations, best move)."""


def sample_positions() -> list[Any]:
    """The start and the position after every tenth ballot opening."""
    game = make_game("checkers")
    states = [game.initial_state()]
    for line in BALLOT.lines[::10]:
        state = game.initial_state()
        for text in line.split():
            state = game.result(state, game.parse_move(state, text))
        states.append(state)
    return states


def adversa_run(depth: int, options: str, states: list[Any] | None = None) -> Run:
    """Search each of ``states`` (default: the start); nodes summed, the first best move."""
    game = make_game("checkers")
    config = EngineConfig.parse(f"alphabeta depth={depth} {options}")
    positions = states or [game.initial_state()]

    def run() -> tuple[float, int, str]:
        started = time.process_time()
        results = [run_search(game, state, config,
                              evaluation=evaluation_of(game)) for state in positions]
        return (time.process_time() - started, sum(r.snapshot.nodes for r in results),
                results[0].best_move_text or "")

    return run


def openspiel_run(program: str, depth: int) -> Run:
    def run() -> tuple[float, int, str]:
        output = subprocess.run([program, str(depth)], capture_output=True, text=True,
                                check=True).stdout
        seconds = re.search(r"cpu seconds: ([\d.]+)", output)
        evaluations = re.search(r"evaluations: (\d+)", output)
        move = re.search(r"best action: (\S+)", output)
        if not (seconds and evaluations and move):
            raise SystemExit(f"unexpected output from {program}:\n{output}")
        return float(seconds[1]), int(evaluations[1]), move[1]

    return run


def check_value_preserving(depth: int) -> None:
    """The value-preserving row must give minimax's value (and a move of that value)."""
    game = make_game("checkers")
    state = game.initial_state()
    exact = run_search(game, state, EngineConfig.parse(f"minimax depth={depth}"),
                       evaluation=evaluation_of(game))
    fast = run_search(game, state, EngineConfig.parse(f"alphabeta depth={depth} "
                                                      f"{VALUE_PRESERVING}"),
                      evaluation=evaluation_of(game))
    if fast.value != exact.value:
        raise SystemExit(f"value-preserving search gave {fast.value} at depth {depth}, "
                         f"minimax {exact.value}")
    console.print(f"check: at depth {depth} the value-preserving search and minimax agree "
                  f"({exact.value:+.4f}; {fast.snapshot.nodes:,} against "
                  f"{exact.snapshot.nodes:,} nodes)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--rounds", type=int, default=3, help="alternated runs per row")
    parser.add_argument("--check-depth", type=int, default=8,
                        help="depth of the check against minimax (0: none)")
    parser.add_argument("--openspiel", metavar="PATH", action="append", default=[],
                        help="a program built from benchmarks/openspiel_alphabeta (repeatable: "
                             "e.g. its -O2 and -O3 builds; ratios are against the first)")
    parser.add_argument("--sample", action="store_true",
                        help="also the 17 sample positions (start + every tenth ballot opening)")
    parser.add_argument("--json", dest="json_file", help="also write a JSON report")
    args = parser.parse_args(argv)

    if args.check_depth:
        check_value_preserving(args.check_depth)
    rows: dict[str, Run] = {
        "adversa, value-preserving": adversa_run(args.depth, VALUE_PRESERVING),
        "adversa, with quiescence": adversa_run(args.depth, WITH_QUIESCENCE),
    }
    for program in args.openspiel:
        rows[f"OpenSpiel C++ AlphaBetaSearch ({program})"] = openspiel_run(program, args.depth)
    if args.sample:
        states = sample_positions()
        rows["adversa, value-preserving, 17 positions"] = adversa_run(
            args.depth, VALUE_PRESERVING, states)
        rows["adversa, with quiescence, 17 positions"] = adversa_run(
            args.depth, WITH_QUIESCENCE, states)
    measured: dict[str, list[tuple[float, int, str]]] = {name: [] for name in rows}
    for _ in range(args.rounds):
        for name, run in rows.items():
            measured[name].append(run())

    baseline = f"OpenSpiel C++ AlphaBetaSearch ({args.openspiel[0]})" if args.openspiel else ""
    table = Table(title=f"checkers, depth {args.depth} from the start: CPU seconds, "
                        f"{args.rounds} alternated runs each")
    for column in ("search", "nodes / evaluations", "best", "seconds (each run)", "median",
                   "× OpenSpiel"):
        table.add_column(column, justify="left" if column == "search" else "right")
    report: dict[str, Any] = {"depth": args.depth, "python": sys.version.split()[0], "rows": {}}
    reference = statistics.median(s for s, _, _ in measured[baseline]) \
        if baseline in measured else None
    for name, runs in measured.items():
        seconds = [s for s, _, _ in runs]
        median = statistics.median(seconds)
        ratio = f"{median / reference:.2f}" if reference and "positions" not in name else ""
        table.add_row(name, f"{runs[0][1]:,}", runs[0][2], ", ".join(f"{s:.2f}" for s in seconds),
                      f"{median:.2f}", ratio)
        report["rows"][name] = {"seconds": seconds, "count": runs[0][1], "best": runs[0][2]}
    console.print(table)
    if args.json_file:
        with open(args.json_file, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
