"""ProbCut's effect on Othello: nodes to a fixed depth, and a match with it on against off.

    nice -n 10 .venv/bin/python benchmarks/bench_othello_probcut.py --depth 8 --positions 12
    nice -n 10 .venv/bin/python benchmarks/bench_othello_probcut.py --games 20 --nodes 20000

``--depth``: the default alpha-beta with ``probcut=off`` and ``probcut=on`` searches the
same middle-game positions (seeded random games, 20–40 empties: the same on every
machine) to that depth; prints the nodes of each, the cuts, the ratio and how often
the best move agrees. ``--games``: the default engine with ProbCut on plays it with
ProbCut off, colours swapped over the game's opening lines, each move bounded by
``--nodes`` (the same on any machine; the exact solver takes over near the end in both)
or by ``--time``; prints W/D/L for ProbCut on and the Elo difference with its 95 %
interval. A model fitted by ``benchmarks/fit_othello_probcut.py`` is what it tests.
"""

from __future__ import annotations

import argparse
import random
import time

from bench_othello_strength import paired_games, search_chooser, tally_summary

from adversa.games import make_game
from adversa.games.othello import Othello, OthelloState
from adversa.games.registry import evaluation_of
from adversa.match.elo import Tally
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search


def middle_games(game: Othello, count: int, seed: int) -> list[OthelloState]:
    """``count`` positions with 20–40 empties and a move to make, from seeded random games."""
    rng = random.Random(seed)
    found: list[OthelloState] = []
    while len(found) < count:
        state = game.initial_state()
        stop_at = rng.randint(20, 40)
        while game.squares - sum(game.discs(state)) > stop_at and game.legal_moves(state):
            state = game.result(state, rng.choice(game.legal_moves(state)))
        if game.legal_moves(state) and game.squares - sum(game.discs(state)) == stop_at:
            found.append(state)
    return found


def compare_nodes(game: Othello, depth: int, positions: int, seed: int) -> None:
    evaluation = evaluation_of(game)
    totals = {"off": 0, "on": 0}
    seconds = {"off": 0.0, "on": 0.0}
    agree = cuts = 0
    print(f"depth {depth}, {positions} middle-game positions (seed {seed}):")
    print(f"{'empties':>7} {'nodes off':>11} {'nodes on':>11} {'ratio':>6} {'cuts':>7} "
          f"{'best off':>8} {'best on':>8}")
    for state in middle_games(game, positions, seed):
        best = {}
        counted = {}
        for switch in ("off", "on"):
            config = EngineConfig.parse(f"alphabeta depth={depth} probcut={switch}")
            started = time.process_time()
            result = run_search(game, state, config, evaluation=evaluation)
            seconds[switch] += time.process_time() - started
            best[switch] = ("none" if result.best_move is None
                            else game.format_move(state, result.best_move))
            counted[switch] = result.snapshot.nodes
            totals[switch] += result.snapshot.nodes
            row_cuts = result.snapshot.probcut_cuts
        agree += best["off"] == best["on"]
        cuts += row_cuts
        empties = game.squares - sum(game.discs(state))
        print(f"{empties:>7} {counted['off']:>11,} {counted['on']:>11,} "
              f"{counted['on'] / counted['off']:>6.2f} {row_cuts:>7,} {best['off']:>8} "
              f"{best['on']:>8}", flush=True)
    print(f"total: {totals['off']:,} nodes off, {totals['on']:,} on "
          f"(×{totals['on'] / totals['off']:.2f}), {cuts:,} cuts, CPU {seconds['off']:.1f} s "
          f"off and {seconds['on']:.1f} s on; the same best move in {agree} of {positions}")


def probcut_match(game: Othello, games: int, budget: str) -> Tally:
    evaluation = evaluation_of(game)
    on = search_chooser(game, f"alphabeta depth=64 {budget} probcut=on", evaluation)
    off = search_chooser(game, f"alphabeta depth=64 {budget}", evaluation)
    return paired_games(game, games, on, off, label="ProbCut ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=0, help="compare nodes to this depth")
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=0, help="play this many games, on vs off")
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--nodes", type=int, help="nodes a move in the match")
    budget.add_argument("--time", type=float, help="seconds a move in the match")
    arguments = parser.parse_args()
    if not arguments.depth and not arguments.games:
        parser.error("expected --depth N (nodes to a fixed depth) or --games N (a match)")
    game: Othello = make_game("othello")  # type: ignore[assignment]
    if arguments.depth:
        compare_nodes(game, arguments.depth, arguments.positions, arguments.seed)
    if arguments.games:
        limit = (f"time={arguments.time:g}" if arguments.time is not None
                 else f"nodes={arguments.nodes or 20_000}")
        print(f"ProbCut on against off, {arguments.games} games, {limit} a move:")
        tally = probcut_match(game, arguments.games, limit)
        print(f"  {tally_summary(tally, ' for ProbCut on')}")


if __name__ == "__main__":
    main()
