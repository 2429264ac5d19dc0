"""Othello strength: adversa's default engine against GRhino and a mobility-only search.

    nice -n 10 .venv/bin/python benchmarks/bench_othello_strength.py --games 20 --time 1

Each pair of games starts from one of the game's opening lines (``f5 d6 c3 d3 c4`` …)
with colours swapped, so neither side owns the better half of an opening. Opponents:

* ``grhino``: GRhino through GTP (``gtp:gtp-rhino``, `adversa.match.gtp`) at its
  default level, 3 of 5 (``gtp-rhino --help``), opening book "low", no randomness;
* ``mobility``: adversa's alpha-beta with the same time but an evaluation that counts
  only the difference in legal moves (the classic first heuristic of Othello).

Prints W/D/L for adversa and the Elo difference with its 95 % interval
(`adversa.match.elo`); ``--opponent`` picks one of them (both by default).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from adversa.games import make_game
from adversa.games.base import Game, M, S
from adversa.games.evaluation import Evaluation, Evaluator
from adversa.games.othello import OPENINGS, Othello, OthelloState
from adversa.games.registry import ForRules, entry, evaluation_of
from adversa.match.elo import Tally, elo_estimate
from adversa.match.gtp import open_engine
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

Chooser = Callable[[Any, list[Any], Any], Any]
"""(start, moves so far, state) → the move to play."""


def mobility_evaluator(game: Othello) -> Evaluator[OthelloState]:
    """Legal moves of the side to move minus the opponent's, nothing else."""
    move_mask = game.board.move_mask

    def evaluate(state: OthelloState, player: int) -> float:
        value = (move_mask(state.mine, state.theirs).bit_count()
                 - move_mask(state.theirs, state.mine).bit_count()) / 2
        return value if player == state.mover else -value

    return Evaluator(evaluate, game, raw_name="moves")


def search_chooser(game: Game[S, M], spec: str, evaluation: Evaluation[S, M]) -> Chooser:
    config = EngineConfig.parse(spec)

    def choose(start: Any, moves: list[Any], state: Any) -> Any:
        return run_search(game, state, config, evaluation=evaluation).best_move

    return choose


def play_game(game: Game[Any, Any], opening: str, black: Chooser, white: Chooser) -> float:
    """Black's score (1, ½, 0) in one game from ``opening``."""
    start = game.initial_state()
    state, moves = start, []
    for text in opening.split():
        move = game.parse_move(state, text)
        moves.append(move)
        state = game.result(state, move)
    while not game.is_terminal(state):
        chooser = black if game.to_move(state) == 0 else white
        move = chooser(start, moves, state)
        moves.append(move)
        state = game.result(state, move)
    margin = game.utility(state)[0]
    return 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5


def default_engine(seconds: float) -> str:
    """The game's default engine with the benchmark's time a move."""
    return entry("othello").engines[0].replace("time=2", f"time={seconds:g}")


def match(game: Othello, games: int, seconds: float, opponent: str) -> Tally:
    ours = search_chooser(game, default_engine(seconds), evaluation_of(game))
    engine = open_engine("gtp-rhino", game, {}) if opponent == "grhino" else None
    theirs: Chooser
    if engine is not None:

        def theirs(start: Any, moves: list[Any], state: Any) -> Any:
            return engine.choose_move(game, start, moves, state, seconds)
    else:
        theirs = search_chooser(game, f"alphabeta depth=64 time={seconds}",
                                Evaluation(ForRules(Othello, mobility_evaluator)))
    try:
        return paired_games(game, games, ours, theirs)
    finally:
        if engine is not None:
            engine.close()


def paired_games(game: Othello, games: int, ours: Chooser, theirs: Chooser,
                 label: str = "") -> Tally:
    """``games`` games of ``ours`` against ``theirs``, each opening twice with the colours
    swapped, each printed as it ends; the tally is ``ours``'s score."""
    tally = Tally()
    for index in range(games):
        opening = OPENINGS.lines[(index // 2) % len(OPENINGS.lines)]
        started = time.perf_counter()
        if index % 2 == 0:
            points = play_game(game, opening, ours, theirs)
        else:
            points = 1.0 - play_game(game, opening, theirs, ours)
        tally = tally.add(points)
        print(f"  game {index + 1:>3} ({label}{'Black' if index % 2 == 0 else 'White'}, "
              f"{opening}): {points:g}  [{time.perf_counter() - started:.0f} s]", flush=True)
    return tally


def tally_summary(tally: Tally, whose: str = "") -> str:
    """``W/D/L 34/1/5, score 0.863, Elo +319 [+199, +583]`` (``whose``: after the counts)."""
    estimate = elo_estimate(tally)
    elo = "" if estimate is None else (
        f", Elo {estimate.elo:+.0f} [{estimate.lower:+.0f}, {estimate.upper:+.0f}]")
    return (f"W/D/L {tally.wins}/{tally.draws}/{tally.losses}{whose}, "
            f"score {tally.score:.3f}{elo}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move")
    parser.add_argument("--opponent", choices=("grhino", "mobility", "both"), default="both")
    arguments = parser.parse_args()
    game: Othello = make_game("othello")  # type: ignore[assignment]
    opponents = ("grhino", "mobility") if arguments.opponent == "both" else (arguments.opponent,)
    for opponent in opponents:
        print(f"adversa ({default_engine(arguments.time)}) against {opponent}:")
        tally = match(game, arguments.games, arguments.time, opponent)
        print(f"  {tally_summary(tally)}")


if __name__ == "__main__":
    main()
