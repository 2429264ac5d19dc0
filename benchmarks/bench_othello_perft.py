"""Othello perft speed: leaves per second from the start, as ratios measured in one run.

    nice -n 10 .venv/bin/python benchmarks/bench_othello_perft.py --depth 9

Every row counts the same tree (the counts are checked against the published ones,
which count a game that ends before the horizon as one leaf: the 228 nine-ply games at
depth 10) and bulk-counts the last ply, so "leaves/s" means the same thing in each:

* ``adversa``: `Othello.perft` (bitboards, Kogge–Stone flood fill, ray tables for
  the flips, and a table of subtrees already counted);
* ``adversa, no table``: the same without the table, every subtree counted;
* ``pure Python baseline``: a minimal bitboard perft written below (the classic
  shift loop per direction, a direction walk for the flips);
* ``OpenSpiel``: ``pyspiel``'s ``othello`` driven from Python (clone, apply);
  only to ``--openspiel-depth`` (8 by default), since it is slow;
* ``rust_reversi``: the Rust library driven from Python (``get_child_boards``).

Ratios are adversa's rate over each other row's.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from adversa.games import make_game
from adversa.games.othello import Othello

PUBLISHED = (1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284)
"""Leaves at depths 0–10, passes counted as plies."""

FULL = (1 << 64) - 1
NOT_A = 0xFEFEFEFEFEFEFEFE
NOT_H = 0x7F7F7F7F7F7F7F7F
DIRECTIONS = ((1, NOT_A), (-1, NOT_H), (8, FULL), (-8, FULL),
              (7, NOT_H), (-7, NOT_A), (9, NOT_A), (-9, NOT_H))
"""(bit shift, the squares a step may land on without wrapping a row)."""


def _step(board: int, shift: int, mask: int) -> int:
    return ((board << shift) if shift > 0 else (board >> -shift)) & mask & FULL


def baseline_moves(mine: int, theirs: int) -> int:
    empty = FULL & ~(mine | theirs)
    moves = 0
    for shift, mask in DIRECTIONS:
        run = _step(mine, shift, mask) & theirs
        for _ in range(5):
            run |= _step(run, shift, mask) & theirs
        moves |= _step(run, shift, mask) & empty
    return moves


def baseline_flips(mine: int, theirs: int, move: int) -> int:
    flipped = 0
    for shift, mask in DIRECTIONS:
        run = 0
        square = _step(move, shift, mask)
        while square & theirs:
            run |= square
            square = _step(square, shift, mask)
        if square & mine:
            flipped |= run
    return flipped


def baseline_perft(mine: int, theirs: int, depth: int) -> int:
    moves = baseline_moves(mine, theirs)
    if not moves:
        if not baseline_moves(theirs, mine):
            return 1  # the game is over: one leaf
        return 1 if depth == 1 else baseline_perft(theirs, mine, depth - 1)
    if depth == 1:
        return moves.bit_count()
    total = 0
    while moves:
        move = moves & -moves
        moves ^= move
        flipped = baseline_flips(mine, theirs, move)
        total += baseline_perft(theirs ^ flipped, mine | move | flipped, depth - 1)
    return total


def openspiel_perft(state: Any, depth: int) -> int:
    if state.is_terminal():
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.clone()
        child.apply_action(action)
        total += openspiel_perft(child, depth - 1)
    return total


def rust_perft(board: Any, depth: int) -> int:
    if board.is_game_over():
        return 1
    if depth == 1:
        return len(board.get_legal_moves_vec()) or 1
    children = board.get_child_boards()
    if not children:
        passed = board.clone()
        passed.do_pass()
        return rust_perft(passed, depth - 1)
    return sum(rust_perft(child, depth - 1) for child in children)


def timed(count: Callable[[], int], depth: int) -> float:
    """Leaves per second of CPU time of this process (the machine may be shared: wall
    time would count the waits for a core)."""
    started = time.process_time()
    leaves = count()
    seconds = time.process_time() - started
    if leaves != PUBLISHED[depth]:
        raise SystemExit(f"wrong count at depth {depth}: {leaves}, expected {PUBLISHED[depth]}")
    return leaves / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=9, choices=range(5, 11))
    parser.add_argument("--openspiel-depth", type=int, default=8, choices=range(5, 11))
    arguments = parser.parse_args()
    depth = arguments.depth
    game: Othello = make_game("othello")  # type: ignore[assignment]
    start = game.initial_state()
    rows: list[tuple[str, int, float]] = [
        ("adversa", depth, timed(lambda: game.board.perft(start.mine, start.theirs, depth), depth)),
        ("adversa, no table", depth,
         timed(lambda: game.board.perft(start.mine, start.theirs, depth, remember=False), depth)),
        ("pure Python baseline", depth,
         timed(lambda: baseline_perft(start.mine, start.theirs, depth), depth)),
    ]
    try:
        import pyspiel

        spiel_depth = min(depth, arguments.openspiel_depth)
        initial = pyspiel.load_game("othello").new_initial_state()
        rows.append(("OpenSpiel (pyspiel)", spiel_depth,
                     timed(lambda: openspiel_perft(initial, spiel_depth), spiel_depth)))
    except ImportError:
        print("OpenSpiel (pyspiel) is not installed: its row is left out")
    try:
        import rust_reversi

        rows.append(("rust_reversi", depth,
                     timed(lambda: rust_perft(rust_reversi.Board(), depth), depth)))
    except ImportError:
        print("rust_reversi is not installed: its row is left out")
    ours = rows[0][2]
    print(f"{'engine':<22} {'depth':>5} {'leaves/s':>12} {'adversa ×':>10}")
    for name, row_depth, rate in rows:
        print(f"{name:<22} {row_depth:>5} {rate:>12,.0f} {ours / rate:>10.2f}")


if __name__ == "__main__":
    main()
