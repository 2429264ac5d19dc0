"""`adversa solve` on the small games: time, positions memoised, and OpenSpiel's answer.

    nice -n 10 .venv/bin/python benchmarks/bench_solve.py [--repeat 3] [--piles 26,40,50] \
        [--unfolded-piles 14,16,18,20] [--connect4-5x4]

Rows, each the exact solver (``solve``) from the empty board or the full pile, through
`run_search` as the command runs it, best CPU time of ``--repeat`` runs
(`time.process_time`: a busy machine disturbs it less than the wall clock):

* **tic-tac-toe 3×3**, memoised modulo the board's eight symmetries (the game's own
  solve key) and, as a baseline, on the plain transposition key ("unfolded"); beside
  them OpenSpiel's ``alpha_beta_search`` (its Python search over its C++ states, the
  oracle the tests use), whose value must agree; and **4×3** (12 empty cells, the
  most `solve` takes without a time budget);
* **Grundy's game**, the ``--piles`` sizes with the memo keyed on the sorted piles that
  can still move (50 is the largest `solve` takes without a time budget), and the same
  solver on the ordered piles at the ``--unfolded-piles`` sizes: the unfolded count
  grows about fivefold every two matches, so a pile of 26 unfolded is out of a short
  run's reach;
* **Connect Four 4×4** (adversa and OpenSpiel's alpha-beta, which must agree) and, with
  ``--connect4-5x4``, **5×4** (adversa only, tens of seconds; the tests check solved
  5×4 positions against OpenSpiel).

The "unfolded" rows swap the solver's memo key for the game's transposition key
(`adversa.search.solve.position_key`) for the duration of the row: the same search,
only the folding removed, so the ratio is what the folding buys.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import Any

from adversa.games import make_game
from adversa.games.base import Game
from adversa.games.registry import evaluation_of
from adversa.search import solve
from adversa.search.config import EngineConfig
from adversa.search.engine import refusal, run_search

SOLVE = EngineConfig.parse("solve")
BUDGETED_SOLVE = EngineConfig.parse("solve time=600")
"""For positions past `solve`'s no-budget size rule (5×4 Connect Four, a Grundy pile over
50): a budget far above their seconds lets them run, once, and a row that runs out
says so instead of giving a figure."""


@contextmanager
def unfolded_memo() -> Iterator[None]:
    """The solver memoises on each game's plain transposition key while inside."""
    folded = solve.position_key

    def plain_key(game: Game[Any, Any]) -> Callable[[Any], Hashable]:
        return game.transposition_key

    solve.position_key = plain_key
    try:
        yield
    finally:
        solve.position_key = folded


def timed_solve(game: Game[Any, Any], repeat: int) -> tuple[float, int, int, float]:
    """(value, positions memoised, nodes, best seconds of ``repeat`` solves; of one solve
    for a position that `solve` takes only with a time budget)."""
    config = SOLVE
    if refusal(game, game.initial_state(), SOLVE) is not None:
        config, repeat = BUDGETED_SOLVE, 1
    best = float("inf")
    value, positions, nodes = 0.0, 0, 0
    for _ in range(repeat):
        started = time.process_time()
        result = run_search(game, game.initial_state(), config, evaluation=evaluation_of(game))
        best = min(best, time.process_time() - started)
        if result.stopped or not isinstance(result.value, float | int):
            sys.exit(f"{game.name} was not solved within {config.text}")
        assert result.positions is not None  # the solver always counts its memo
        value, positions, nodes = float(result.value), result.positions, result.snapshot.nodes
    return value, positions, nodes, best


def openspiel_solve(
    name: str, parameters: dict[str, Any], repeat: int,
) -> tuple[float, float] | None:
    """OpenSpiel's alpha-beta value for the first player and its best seconds, or None
    when OpenSpiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
        from open_spiel.python.algorithms import minimax  # type: ignore[import-untyped]
    except ImportError:
        return None
    game = pyspiel.load_game(name, parameters)
    best = float("inf")
    value = 0.0
    for _ in range(repeat):
        started = time.process_time()
        value, _ = minimax.alpha_beta_search(game, maximizing_player_id=0)
        best = min(best, time.process_time() - started)
    return float(value), best


def row(label: str, value: float, positions: int | None, nodes: int | None, seconds: float) -> None:
    shown_positions = f"{positions:,}" if positions is not None else "—"
    shown_nodes = f"{nodes:,}" if nodes is not None else "—"
    print(f"{label:<44} {value:>+6.0f} {shown_positions:>10} {shown_nodes:>10} {seconds:10.4f}")


def pile_sizes(parser: argparse.ArgumentParser, option: str, text: str) -> list[int]:
    """Comma-separated pile sizes, or the parser's one-line error naming ``option``."""
    try:
        sizes = [int(size) for size in text.split(",") if size]
    except ValueError:
        parser.error(f"{option} takes whole numbers separated by commas, got {text!r}")
    if any(size < 1 for size in sizes):
        parser.error(f"{option} takes piles of at least 1, got {text!r}")
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per row; the best counts")
    parser.add_argument("--piles", default="26,40,50",
                        help="Grundy piles to solve on the sorted-piles key (comma separated)")
    parser.add_argument("--unfolded-piles", default="14,16,18,20",
                        help="Grundy piles to solve on the ordered-piles key (comma separated)")
    parser.add_argument("--connect4-5x4", action="store_true",
                        help="also solve Connect Four 5×4 (tens of seconds, one run)")
    args = parser.parse_args()
    piles, unfolded_piles = (pile_sizes(parser, "--piles", args.piles),
                             pile_sizes(parser, "--unfolded-piles", args.unfolded_piles))

    print(f"load average {os.getloadavg()[0]:.2f}; best of {args.repeat} runs")
    print(f"{'solve':<44} {'value':>6} {'positions':>10} {'nodes':>10} {'CPU s':>10}")
    disagreements: list[str] = []

    tictactoe = make_game("tictactoe")
    value, positions, nodes, folded_seconds = timed_solve(tictactoe, args.repeat)
    row("tic-tac-toe 3×3, symmetries folded", value, positions, nodes, folded_seconds)
    with unfolded_memo():
        row("tic-tac-toe 3×3, unfolded", *timed_solve(tictactoe, args.repeat))
    oracle = openspiel_solve("tic_tac_toe", {}, args.repeat)
    if oracle is not None:
        row("tic-tac-toe 3×3, OpenSpiel alpha_beta_search", oracle[0], None, None, oracle[1])
        if oracle[0] != value:
            disagreements.append("tic-tac-toe 3×3")

    row("tic-tac-toe 4×3, symmetries folded",
        *timed_solve(make_game("tictactoe", {"width": 4, "height": 3}), args.repeat))

    for pile in piles:
        grundy = make_game("grundy", {"pile": pile})
        row(f"Grundy pile {pile}, sorted movable piles", *timed_solve(grundy, args.repeat))
    for pile in unfolded_piles:
        grundy = make_game("grundy", {"pile": pile})
        row(f"Grundy pile {pile}, sorted movable piles", *timed_solve(grundy, args.repeat))
        with unfolded_memo():
            row(f"Grundy pile {pile}, unfolded (ordered piles)", *timed_solve(grundy, 1))

    small = make_game("connect4", {"width": 4, "height": 4})
    value, positions, nodes, seconds = timed_solve(small, args.repeat)
    row("Connect Four 4×4", value, positions, nodes, seconds)
    oracle = openspiel_solve("connect_four", {"columns": 4, "rows": 4}, 1)
    if oracle is not None:
        row("Connect Four 4×4, OpenSpiel alpha_beta_search", oracle[0], None, None, oracle[1])
        if oracle[0] != value:
            disagreements.append("Connect Four 4×4")
    if args.connect4_5x4:
        wider = make_game("connect4", {"width": 5, "height": 4})
        row("Connect Four 5×4", *timed_solve(wider, 1))

    if disagreements:
        print(f"OpenSpiel disagrees on: {', '.join(disagreements)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
