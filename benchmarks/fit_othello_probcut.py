"""ProbCut's linear model for Othello: how well a shallow search predicts a deep one.

    nice -n 10 .venv/bin/python benchmarks/fit_othello_probcut.py --shallow 2 --deep 4

ProbCut (Buro) cuts a node when a shallow search, mapped through ``deep ≈ a · shallow + b``,
says the deep search would fall outside the window with confidence: the cut is taken when
the prediction clears beta (or alpha) by ``t · σ``, σ being the spread of the residuals.
This script measures the model the cut needs: it searches positions at both depths with
the game's default alpha-beta and evaluation (fixed depths, so the pairs do not depend on
the machine's speed), fits ``a`` and ``b`` by least squares and prints them with σ, the
correlation and how often a cut at ``t`` would have been wrong on these very positions.

Positions come from seeded random games (the same on every machine) between 20 and 50
empties: before the exact solver's reach and past the opening. Random play reaches
positions that good players avoid; the fit is a first model, which Othello's evaluation
declares (``adversa.games.othello_eval.PROBCUT``, used with ``probcut=on``): refit it on
self-play positions, and copy the printed slope, intercept and σ there.
"""

from __future__ import annotations

import argparse
import random
import statistics

from adversa.games import make_game
from adversa.games.othello import Othello, OthelloState
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search


def sample_positions(game: Othello, count: int, seed: int) -> list[OthelloState]:
    """``count`` positions with 20–50 empties and a move to make, from random games."""
    rng = random.Random(seed)
    found: list[OthelloState] = []
    while len(found) < count:
        state = game.initial_state()
        stop_at = rng.randint(20, 50)
        while game.squares - sum(game.discs(state)) > stop_at:
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.result(state, rng.choice(moves))
        if game.legal_moves(state) and game.squares - sum(game.discs(state)) == stop_at:
            found.append(state)
    return found


def searched_value(game: Othello, state: OthelloState, depth: int) -> float:
    """The root's value (the mover's view, in the evaluation's units) at a fixed depth."""
    config = EngineConfig.parse(f"alphabeta depth={depth}")
    result = run_search(game, state, config, evaluation=evaluation_of(game))
    if result.raw_value is None:
        raise SystemExit(f"no value at depth {depth} for {game.format_position(state)}")
    return result.raw_value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shallow", type=int, default=2)
    parser.add_argument("--deep", type=int, default=4)
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--t", type=float, default=1.5, help="the cut's confidence, in σ")
    arguments = parser.parse_args()
    if not 0 < arguments.shallow < arguments.deep:
        parser.error("expected 0 < --shallow < --deep, "
                     f"got {arguments.shallow} and {arguments.deep}")
    game: Othello = make_game("othello")  # type: ignore[assignment]
    shallow: list[float] = []
    deep: list[float] = []
    for state in sample_positions(game, arguments.positions, arguments.seed):
        shallow.append(searched_value(game, state, arguments.shallow))
        deep.append(searched_value(game, state, arguments.deep))
    slope, intercept = statistics.linear_regression(shallow, deep)
    residuals = [d - (slope * s + intercept) for s, d in zip(shallow, deep, strict=True)]
    sigma = statistics.pstdev(residuals)
    wrong = sum(abs(residual) > arguments.t * sigma for residual in residuals)
    print(f"{len(shallow)} positions, depth {arguments.shallow} → {arguments.deep}: "
          f"deep ≈ {slope:.3f} · shallow {intercept:+.3f}, σ = {sigma:.3f}, "
          f"r = {statistics.correlation(shallow, deep):.3f}")
    print(f"residuals beyond t = {arguments.t:g} σ (a cut at t that would have erred, "
          f"at most): {wrong} of {len(residuals)}")


if __name__ == "__main__":
    main()
