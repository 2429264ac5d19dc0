"""Connect Four perft speed on the standard 7×6 board, against OpenSpiel in the same run.

    nice -n 10 .venv/bin/python benchmarks/bench_connect4_perft.py [--depth 8] [--repeat 3]

* ``adversa``: `ConnectFour.perft` (column bitboards, the last two plies counted in
  bulk from the threat masks), best of ``--repeat`` runs at each depth;
* ``OpenSpiel``: ``pyspiel``'s ``connect_four`` walked from Python (clone, apply,
  legal actions), once, only to ``--openspiel-depth`` (6 by default), since it is slow.

Both must give the published counts (7, 49, 343, 2,401, 16,807, 117,649, 823,536,
5,673,234 for depths 1–8); the script exits 1 if either does not.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

from adversa.games import make_game
from adversa.games.connect4 import ConnectFour

PUBLISHED = (1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234)
"""Leaves at depths 0–8 from the empty 7×6 board (no game ends before ply 7)."""


def openspiel_perft(state: Any, depth: int) -> int:
    """Leaves ``depth`` plies below ``state`` in OpenSpiel's own state objects."""
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += openspiel_perft(child, depth - 1)
    return total


def best_seconds(count: Any, repeat: int) -> tuple[int, float]:
    """The count and the best CPU time (`time.process_time`, which other programs on a busy
    machine disturb less than the wall clock) of ``repeat`` calls of ``count()``."""
    best = float("inf")
    leaves = 0
    for _ in range(repeat):
        started = time.process_time()
        leaves = count()
        best = min(best, time.process_time() - started)
    return leaves, best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=8, choices=range(1, len(PUBLISHED)))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--openspiel-depth", type=int, default=6,
                        choices=range(0, len(PUBLISHED)), help="0 skips OpenSpiel")
    args = parser.parse_args()

    game = make_game("connect4")
    assert isinstance(game, ConnectFour)
    start = game.initial_state()
    print(f"load average {os.getloadavg()[0]:.2f}; adversa best of {args.repeat} runs, CPU seconds")
    print(f"{'depth':>5} {'leaves':>10} {'adversa CPU s':>13} {'leaves/s':>12} "
          f"{'OpenSpiel CPU s':>15} {'adversa ×':>9}")
    wrong = False
    spiel_start: Any = None
    if args.openspiel_depth:
        try:
            import pyspiel  # type: ignore[import-not-found]
        except ImportError:
            print("pyspiel is not installed: adversa's figures only")
        else:
            spiel_start = pyspiel.load_game("connect_four").new_initial_state()
    for depth in range(1, args.depth + 1):
        leaves, seconds = best_seconds(lambda d=depth: game.perft(start, d), args.repeat)
        wrong |= leaves != PUBLISHED[depth]
        spiel = ""
        if spiel_start is not None and depth <= args.openspiel_depth:
            theirs, spiel_seconds = best_seconds(
                lambda d=depth: openspiel_perft(spiel_start, d), 1)
            wrong |= theirs != PUBLISHED[depth]
            spiel = f"{spiel_seconds:15.4f} {spiel_seconds / max(seconds, 1e-9):8.0f}×"
        print(f"{depth:>5} {leaves:>10,} {seconds:13.4f} {leaves / max(seconds, 1e-9):12,.0f} "
              f"{spiel}")
    if wrong:
        print("a count differs from the published one", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
