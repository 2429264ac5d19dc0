"""Fit the Othello evaluation's weights (`othello_eval.WEIGHTS`) to self-play results.

    nice -n 10 .venv/bin/python benchmarks/tune_othello.py --games 300

Plays ``--games`` games of a shallow alpha-beta (``--depth`` plies, the current
weights) against itself, each from a different seeded random opening of 4–10 plies,
so the positions vary; every position after the opening is labelled with the game's
final disc margin for the side to move. Then, per phase (`othello_eval.phase_of`),
a least-squares fit of the margin on the features (`othello_eval.features`) gives
the weights; the script prints them as the ``WEIGHTS`` table, with the mean squared
error of the old and the new weights per phase. A few minutes of CPU by default.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from adversa.games import make_game
from adversa.games.evaluation import Evaluation
from adversa.games.othello import Othello, OthelloState, Square
from adversa.games.othello_eval import (
    FEATURES,
    PHASES,
    WEIGHTS,
    FeatureMasks,
    features,
    othello_evaluator,
    phase_of,
)
from adversa.games.registry import ForRules
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search


def self_play(game: Othello, games: int, depth: int, seed: int) -> list[tuple[OthelloState, int]]:
    """(position, final margin for its side to move) of every position past the opening."""
    rng = random.Random(seed)
    config = EngineConfig.parse(f"alphabeta depth={depth}")
    evaluation: Evaluation[OthelloState, Square] = Evaluation(ForRules(Othello, othello_evaluator))
    samples: list[tuple[OthelloState, int]] = []
    for _ in range(games):
        state = game.initial_state()
        for _ in range(rng.randrange(4, 11)):
            moves = game.legal_moves(state)
            if moves:
                state = game.result(state, rng.choice(moves))
        positions = []
        while not game.is_terminal(state):
            positions.append(state)
            move = run_search(game, state, config, evaluation=evaluation).best_move
            assert move is not None  # a search of a live position always has a move
            state = game.result(state, move)
        black_margin = game.margin(state)
        samples.extend((position, black_margin if position.mover == 0 else -black_margin)
                       for position in positions)
    return samples


def fit(game: Othello, samples: list[tuple[OthelloState, int]]) -> list[list[float]]:
    masks = FeatureMasks(game.board)
    fitted: list[list[float]] = []
    for phase in range(PHASES):
        rows = [(features(masks, state.mine, state.theirs), margin) for state, margin in samples
                if phase_of(game.squares - (state.mine | state.theirs).bit_count(),
                            game.squares) == phase]
        if len(rows) < 4 * len(FEATURES):
            print(f"phase {phase}: only {len(rows)} positions, the weights are kept")
            fitted.append(list(WEIGHTS[phase]))
            continue
        x = np.array([row for row, _ in rows], dtype=float)
        y = np.array([margin for _, margin in rows], dtype=float)
        weights, *_ = np.linalg.lstsq(x, y, rcond=None)
        old = float(np.mean((x @ np.array(WEIGHTS[phase]) - y) ** 2))
        new = float(np.mean((x @ weights - y) ** 2))
        print(f"phase {phase}: {len(rows)} positions, mean squared error {old:.1f} → {new:.1f}")
        fitted.append([round(float(weight), 2) for weight in weights])
    return fitted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--seed", type=int, default=28)
    arguments = parser.parse_args()
    game: Othello = make_game("othello")  # type: ignore[assignment]
    started = time.process_time()
    samples = self_play(game, arguments.games, arguments.depth, arguments.seed)
    print(f"{arguments.games} games, {len(samples)} positions "
          f"({time.process_time() - started:.0f} s of CPU)")
    weights = fit(game, samples)
    print(f"# {', '.join(FEATURES)}")
    print("WEIGHTS = (")
    for row in weights:
        print("    (" + ", ".join(f"{weight:g}" for weight in row) + "),")
    print(")")


if __name__ == "__main__":
    main()
