"""Checkers move generation speed: adversa's perft against py-draughts 1.10.1.

Run: ``.venv/bin/python benchmarks/bench_perft.py [--depth 8] [--repeat 3]``

For each position it prints leaf counts, seconds (best of ``--repeat``), leaves
per second and the ratio adversa / py-draughts, both measured in this run. The
peer is configured to play the real rules: its ``AmericanBoard`` offers quiet
moves next to captures, so we call its bitboard core directly with
``captures_optional=False`` and bulk-count the last ply exactly like adversa
does. Its counts are checked against the published numbers (initial position)
and against adversa's (other positions) before anything is timed.

A second table times a plain full-width walk to depth 6 through the Game
protocol (``is_terminal`` + ``legal_moves`` + ``result`` at every node), which is
what alpha-beta pays per node before evaluation. Its baseline is the same walk
over py-draughts' ``AmericanBoard`` (forced-capture move list, ``push``, ``pop``;
it checks no draw rule, so it does less work per node than adversa).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from adversa.games.checkers import Checkers, CheckersState

PUBLISHED = {1: 7, 2: 49, 3: 302, 4: 1469, 5: 7361, 6: 36768, 7: 179740, 8: 845931}
POSITIONS = {
    "initial": "B:W21-32:B1-12",
    "middle game (24 plies in)": "B:W10,22,26,28,29,30,32:B1,3,5,7,11,12",
    "kings": "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
}
WALK_DEPTH = 6


Run = Callable[[], int]


def best_times(runs: list[Run], repeat: int) -> list[tuple[int, float]]:
    """Each run's result and fastest time over ``repeat`` rounds.

    The runs take turns within each round, so a busy machine slows them alike
    and their ratio stays meaningful.
    """
    results = [0] * len(runs)
    best = [float("inf")] * len(runs)
    for _ in range(repeat):
        for index, run in enumerate(runs):
            start = time.perf_counter()
            results[index] = run()
            best[index] = min(best[index], time.perf_counter() - start)
    return list(zip(results, best, strict=True))


def compare(
    title: str, unit: str, rows: list[tuple[str, Run, Run | None]], repeat: int
) -> tuple[bool, dict[str, int]]:
    """Print one table (adversa, then the peer and the ratio).

    Returns whether the peer's counts agreed, and adversa's count per row.
    """
    print(f"\n{title}, best of {repeat}")
    header = f"{'position':28} {unit:>10} {'adversa s':>10} {unit + '/s':>12}"
    with_peer = any(peer is not None for _, _, peer in rows)
    if with_peer:
        header += f" {'peer s':>8} {'peer ' + unit + '/s':>14} {'ratio':>6}"
    print(header)
    agree = True
    counts = {}
    for name, ours, theirs in rows:
        timed = best_times([ours] if theirs is None else [ours, theirs], repeat)
        count, seconds = timed[0]
        counts[name] = count
        line = f"{name:28} {count:>10} {seconds:>10.3f} {count / seconds:>12,.0f}"
        if theirs is not None:
            peer_count, peer_seconds = timed[1]
            line += (f" {peer_seconds:>8.3f} {peer_count / peer_seconds:>14,.0f}"
                     f" {peer_seconds / seconds:>5.2f}x")
            if peer_count != count:
                line += f"   COUNTS DIFFER: py-draughts {peer_count}"
                agree = False
        print(line)
    return agree, counts


class PeerDraughts:
    """py-draughts 1.10.1 playing American checkers with captures forced.

    Its squares are indexed 0–31 like ours (1–32) and its black men also start
    on 0–11 and move down, so our positions map across square by square; only
    its default start gives the first move to White, which perft does not see.
    """

    def __init__(self) -> None:
        from draughts.boards._core import CORE_AMERICAN

        geometry = CORE_AMERICAN.geo
        self.generate = CORE_AMERICAN.gen_moves
        self.bit = geometry.BIT
        self.promo_white, self.promo_black = geometry.PROMO_WHITE, geometry.PROMO_BLACK

    def perft_state(self, state: CheckersState, depth: int, game: Checkers) -> int:
        wm = wk = bm = bk = 0
        for square, piece in game.pieces(state).items():
            bit = self.bit[square - 1]
            if piece == "w":
                wm |= bit
            elif piece == "W":
                wk |= bit
            elif piece == "b":
                bm |= bit
            else:
                bk |= bit
        return self.perft(wm, wk, bm, bk, state.player == 1, depth)

    def perft(self, wm: int, wk: int, bm: int, bk: int, white: bool, depth: int) -> int:
        captures, quiets = self.generate(wm, wk, bm, bk, white, False)
        if depth == 1:
            return len(captures) + (len(quiets) if quiets else 0)
        bit = self.bit
        total = 0
        steps: list[Any] = captures or quiets or []
        for step in steps:
            if captures:
                path, taken, _promoted = step
                start, end = bit[path[0]], bit[path[-1]]
                removed = 0
                for square in taken:
                    removed |= bit[square]
            else:
                start, end, removed = bit[step[0]], bit[step[1]], 0
            if white:
                nbm, nbk = bm & ~removed, bk & ~removed
                if wk & start:
                    nwm, nwk = wm, (wk & ~start) | end
                elif end & self.promo_white:
                    nwm, nwk = wm & ~start, wk | end
                else:
                    nwm, nwk = (wm & ~start) | end, wk
            else:
                nwm, nwk = wm & ~removed, wk & ~removed
                if bk & start:
                    nbm, nbk = bm, (bk & ~start) | end
                elif end & self.promo_black:
                    nbm, nbk = bm & ~start, bk | end
                else:
                    nbm, nbk = (bm & ~start) | end, bk
            total += self.perft(nwm, nwk, nbm, nbk, not white, depth - 1)
        return total


    def walk_fen(self, fen: str, depth: int) -> int:
        from draughts import AmericanBoard
        from draughts.boards.american import _CORE

        board = AmericanBoard.from_fen(fen)

        def walk(depth: int) -> int:
            if depth == 0:
                return 1
            nodes = 1
            moves = board._legal_moves_from_core(_CORE, max_capture=False,
                                                 captures_optional=False)
            for move in moves:
                board.push(move)
                nodes += walk(depth - 1)
                board.pop()
            return nodes

        return walk(depth)


def walk(game: Checkers, state: CheckersState, depth: int) -> int:
    """Nodes of a full-width tree walk through the Game protocol."""
    if depth == 0 or game.is_terminal(state):
        return 1
    return 1 + sum(walk(game, game.result(state, move), depth - 1)
                   for move in game.legal_moves(state))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=8, help="perft depth (default 8)")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per figure, best kept")
    args = parser.parse_args(argv)
    game = Checkers()
    try:
        peer: PeerDraughts | None = PeerDraughts()
    except ImportError:
        peer = None
        print("py-draughts is not installed (pip install py-draughts==1.10.1): "
              "adversa figures only, no ratio.")

    if peer is not None:
        initial = game.parse_position(POSITIONS["initial"])
        depths = range(1, min(args.depth, max(PUBLISHED)) + 1)
        counts = [peer.perft_state(initial, d, game) for d in depths]
        print("py-draughts perft (captures forced) from the initial position:",
              ", ".join(map(str, counts)))
        if counts != [PUBLISHED[d] for d in depths]:
            print("py-draughts counts differ from the published ones; not timing it.")
            peer = None

    states = {name: game.parse_position(fen) for name, fen in POSITIONS.items()}
    perft_rows: list[tuple[str, Run, Run | None]] = [
        (name, partial(game.perft, state, args.depth),
         None if peer is None else partial(peer.perft_state, state, args.depth, game))
        for name, state in states.items()
    ]
    ok, leaves = compare(f"perft({args.depth})", "leaves", perft_rows, args.repeat)
    initial_leaves = leaves["initial"]
    if PUBLISHED.get(args.depth, initial_leaves) != initial_leaves:
        print(f"adversa perft({args.depth}) = {initial_leaves}, published {PUBLISHED[args.depth]}")
        ok = False
    walk_rows: list[tuple[str, Run, Run | None]] = [
        (name, partial(walk, game, state, WALK_DEPTH),
         None if peer is None else partial(peer.walk_fen, game.format_position(state), WALK_DEPTH))
        for name, state in states.items()
    ]
    title = f"full-width walk to depth {WALK_DEPTH} (is_terminal + legal_moves + result per node)"
    walks_agree, _nodes = compare(title, "nodes", walk_rows, args.repeat)
    return 0 if ok and walks_agree else 1


if __name__ == "__main__":
    sys.exit(main())
