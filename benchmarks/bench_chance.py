"""Chance, N-player, MCTS and exact-solver speed, each against a baseline in the same run.

Run: ``.venv/bin/python benchmarks/bench_chance.py [--quick] [--json FILE]``

Times are CPU seconds of this process (``time.process_time``), so a busy
machine disturbs the ratios as little as possible.

1. **Transposition table** — expectiminimax and max^n on Pig at fixed depths
   with ``tt=on`` against ``tt=off`` (same value required: the table only
   reuses results for the same remaining depth).
2. **Star1** — expectiminimax ``star1=on`` against plain expectiminimax (both
   with the table): leaves evaluated and time; the value must be the same.
3. **solve** on tic-tac-toe against minimax to full depth (the whole tree,
   549,946 nodes): the memo and the stop at a found win.
4. **MCTS** iterations/s against bare random playouts/s from the same position
   (what the tree, UCB1 and the backup cost on top of the rollouts).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from adversa.games import Game, make_game
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import SearchResult

console = Console(width=140)

PIG_POSITIONS = ("scores=10,20;player=1;total=15", "scores=60,75;player=2;total=4")


def timed(game: Game[Any, Any], state: Any, spec: str) -> tuple[SearchResult, float]:
    started = time.process_time()
    result = run_search(game, state, EngineConfig.parse(spec), evaluation=evaluation_of(game))
    return result, time.process_time() - started


def same_value(a: SearchResult, b: SearchResult) -> bool:
    first = a.value if isinstance(a.value, tuple) else (a.value,)
    second = b.value if isinstance(b.value, tuple) else (b.value,)
    return all(abs(x - y) < 1e-9 for x, y in zip(first, second, strict=True))  # type: ignore[operator]


def ratio(baseline: float, ours: float) -> str:
    return f"{baseline / ours:.1f}×" if ours > 0 else "—"


def table_tt(depths: list[int], report: dict[str, Any]) -> bool:
    table = Table(title="1. transposition table on Pig (tt=on vs tt=off)")
    for column in ("position", "engine", "nodes off", "nodes on", "s off", "s on", "speed-up"):
        table.add_column(column, justify="left" if column in ("position", "engine") else "right")
    ok = True
    rows = report.setdefault("tt", [])
    for players, algorithm in ((2, "expectiminimax"), (3, "maxn")):
        game = make_game("pig", {"players": players})
        positions = PIG_POSITIONS if players == 2 else ("scores=10,20,30;player=1;total=8",)
        for position in positions:
            state = game.parse_position(position)
            for depth in depths:
                spec = f"{algorithm} depth={depth}"
                off, off_s = timed(game, state, f"{spec} tt=off")
                on, on_s = timed(game, state, spec)
                ok &= same_value(off, on)
                table.add_row(position, spec, f"{off.snapshot.nodes:,}", f"{on.snapshot.nodes:,}",
                              f"{off_s:.2f}", f"{on_s:.2f}", ratio(off_s, on_s))
                rows.append({"position": position, "engine": spec, "off_nodes": off.snapshot.nodes,
                             "on_nodes": on.snapshot.nodes, "off_s": off_s, "on_s": on_s})
    console.print(table)
    return ok


def table_star1(depths: list[int], report: dict[str, Any]) -> bool:
    table = Table(title="2. Star1 on Pig (star1=on vs plain expectiminimax)")
    for column in ("position", "depth", "leaves plain", "leaves star1", "cutoffs", "s plain",
                   "s star1", "speed-up"):
        table.add_column(column, justify="left" if column == "position" else "right")
    ok = True
    rows = report.setdefault("star1", [])
    game = make_game("pig")
    for position in PIG_POSITIONS:
        state = game.parse_position(position)
        for depth in depths:
            plain, plain_s = timed(game, state, f"expectiminimax depth={depth}")
            star1, star1_s = timed(game, state, f"expectiminimax depth={depth} star1=on")
            ok &= same_value(plain, star1)
            table.add_row(position, str(depth), f"{plain.snapshot.leaves:,}",
                          f"{star1.snapshot.leaves:,}", f"{star1.snapshot.cutoffs:,}",
                          f"{plain_s:.2f}", f"{star1_s:.2f}", ratio(plain_s, star1_s))
            rows.append({"position": position, "depth": depth,
                         "plain_leaves": plain.snapshot.leaves,
                         "star1_leaves": star1.snapshot.leaves, "plain_s": plain_s,
                         "star1_s": star1_s})
    console.print(table)
    return ok


def table_solve(report: dict[str, Any]) -> bool:
    game = make_game("tictactoe")
    state = game.initial_state()
    minimax, minimax_s = timed(game, state, "minimax depth=9")
    solved, solve_s = timed(game, state, "solve")
    table = Table(title="3. tic-tac-toe solved: solve vs minimax to full depth")
    for column in ("engine", "value", "nodes", "seconds", "speed-up"):
        table.add_column(column, justify="left" if column == "engine" else "right")
    table.add_row("minimax depth=9", f"{minimax.value:+g}", f"{minimax.snapshot.nodes:,}",
                  f"{minimax_s:.2f}", "1.0×")
    table.add_row("solve", f"{solved.value:+g}", f"{solved.snapshot.nodes:,}", f"{solve_s:.3f}",
                  ratio(minimax_s, solve_s))
    console.print(table)
    report["solve"] = {"minimax_nodes": minimax.snapshot.nodes, "minimax_s": minimax_s,
                       "solve_nodes": solved.snapshot.nodes, "solve_s": solve_s}
    return minimax.value == solved.value == 0


def playouts_per_second(game: Game[Any, Any], state: Any, count: int, limit: int) -> float:
    """Bare random games from ``state`` (the rollout alone, no tree), per CPU second."""
    rng = random.Random(1)
    started = time.process_time()
    for _ in range(count):
        position, plies = state, 0
        while not game.is_terminal(position) and plies < limit:
            position = game.result(position, rng.choice(game.legal_moves(position)))
            plies += 1
    return count / (time.process_time() - started)


def table_mcts(iterations: int, report: dict[str, Any]) -> None:
    table = Table(title="4. MCTS iterations/s vs bare random playouts/s")
    for column in ("game", "iterations/s", "playouts/s", "one iteration costs (playouts)"):
        table.add_column(column, justify="left" if column == "game" else "right")
    rows = report.setdefault("mcts", [])
    for name, rollout in (("tictactoe", 200), ("checkers", 150)):
        game = make_game(name)
        state = game.initial_state()
        count = iterations if name == "tictactoe" else iterations // 20
        _, seconds = timed(game, state, f"mcts iterations={count} rollout={rollout} seed=1")
        mcts_rate = count / seconds
        bare_rate = playouts_per_second(game, state, count, rollout)
        table.add_row(name, f"{mcts_rate:,.0f}", f"{bare_rate:,.0f}",
                      f"{bare_rate / mcts_rate:.2f}×")
        rows.append({"game": name, "iterations_per_s": mcts_rate, "playouts_per_s": bare_rate})
    console.print(table)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller depths and budgets")
    parser.add_argument("--json", dest="json_file", default=None, help="also write a JSON report")
    args = parser.parse_args(argv)
    depths = [4, 5] if args.quick else [5, 6, 7]
    report: dict[str, Any] = {}
    ok = table_tt(depths, report)
    ok &= table_star1(depths, report)
    ok &= table_solve(report)
    table_mcts(5_000 if args.quick else 20_000, report)
    if args.json_file:
        with open(args.json_file, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    if not ok:
        console.print("[red]a search with an optimisation gave a different value[/]")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
