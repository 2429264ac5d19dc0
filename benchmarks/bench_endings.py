"""Does the checkers engine finish what it starts? Random king endings played out.

Run: ``.venv/bin/python benchmarks/bench_endings.py [--strong 2] [--weak 1] [--positions 30]
[--engine "default nodes=20000"] [--seed 1] [--standard]``

Draws ``--positions`` random positions with ``--strong`` kings against ``--weak`` (either
colour ahead, either side to move, no capture pending) and lets ``--engine`` play both
sides to the end. The side ahead should win every one within the 40-move rule; the table
shows wins, draws (with their reason) and losses, and the plies the wins took. The engine's
node budget stands in for its clock, so a run gives the same games on any machine.

``--standard`` plays the textbook positions in `STANDARD` instead, each from its side to
move, and checks the side named there wins.
"""

from __future__ import annotations

import argparse
import random
import time

from adversa.games import make_game
from adversa.games.checkers import Checkers, CheckersState
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import engine_for, run_search

STANDARD: dict[str, tuple[str, int]] = {
    # name: (position, the player who wins with best play)
    "First Position (ACF standard position 1; White to move)": ("W:WK15,20:BK28,12", 1),
    "First Position without the move (Newell, Call's Midget problems)": ("B:W22,K5:BK15,K6", 0),
    "King against king, White has the opposition (Lasker, diagram 88)": ("W:WK32:BK26", 1),
}
"""Endings from the literature that a strong program wins (checked by the endgame database
where it has them): the First Position is the classic test of technique."""


def play_out(game: Checkers, state: CheckersState, engine: EngineConfig,
             ) -> tuple[CheckersState, int]:
    """Let ``engine`` play both sides from ``state`` to the end; the final state and plies."""
    plies = 0
    while not game.is_terminal(state):
        move = run_search(game, state, engine, evaluation=evaluation_of(game)).best_move
        assert move is not None  # a search of a live position always has a move
        state = game.result(state, move)
        plies += 1
    return state, plies


def standard_positions(game: Checkers, engine: EngineConfig) -> None:
    for name, (position, winner) in STANDARD.items():
        final, plies = play_out(game, game.parse_position(position), engine)
        outcome = game.outcome(final)
        assert outcome is not None
        verdict = "won" if outcome.winner == winner else (
            f"drawn ({outcome.reason})" if outcome.winner is None else "LOST")
        print(f"{name}: {position} — {verdict} in {plies} plies")


def random_ending(game: Checkers, rng: random.Random, strong: int, weak: int
                  ) -> tuple[CheckersState, int]:
    """A random position of kings only, and the player who is ahead."""
    while True:
        squares = rng.sample(range(1, 33), strong + weak)
        strong_side = rng.choice("BW")
        weak_side = "W" if strong_side == "B" else "B"
        sides = dict.fromkeys(squares[:strong], strong_side) | dict.fromkeys(squares[strong:],
                                                                             weak_side)
        kings = {side: ",".join(f"K{square}" for square, owner in sides.items() if owner == side)
                 for side in "BW"}
        state = game.parse_position(f"{rng.choice('BW')}:W{kings['W']}:B{kings['B']}")
        if not game.is_terminal(state) and game.is_quiet(state):
            return state, 0 if strong_side == "B" else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--strong", type=int, default=2)
    parser.add_argument("--weak", type=int, default=1)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--engine", default="default nodes=20000")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--standard", action="store_true",
                        help="play the textbook positions instead of random ones")
    args = parser.parse_args()
    game: Checkers = make_game("checkers")  # type: ignore[assignment]
    engine = engine_for(game, args.engine)
    if engine.given("nodes") and "time=" not in args.engine:
        engine = engine.without("time")  # the node budget alone: the same games anywhere
    if args.standard:
        standard_positions(game, engine)
        return
    rng = random.Random(args.seed)
    wins: list[int] = []
    draws: list[str] = []
    losses = 0
    started = time.perf_counter()
    for _ in range(args.positions):
        state, ahead = random_ending(game, rng, args.strong, args.weak)
        start = game.format_position(state)
        state, plies = play_out(game, state, engine)
        outcome = game.outcome(state)
        assert outcome is not None
        if outcome.winner == ahead:
            wins.append(plies)
        elif outcome.winner is None:
            draws.append(f"{start} ({outcome.reason})")
        else:
            losses += 1
    print(f"{args.strong} kings against {args.weak}, {args.positions} random positions, "
          f"{engine.text}, seed {args.seed}: +{len(wins)} ={len(draws)} -{losses}")
    if wins:
        print(f"plies to win: at most {max(wins)}, mean {sum(wins) / len(wins):.1f} "
              "(the 40-move rule allows 80)")
    for draw in draws:
        print(f"draw from {draw}")
    print(f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
