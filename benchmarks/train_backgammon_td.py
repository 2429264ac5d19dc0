"""Train the backgammon network (`adversa.games.backgammon_net`) by TD(λ) self-play.

Run: ``nice -n 10 .venv/bin/python benchmarks/train_backgammon_td.py --games 50000
[--hidden 64] [--alpha 0.1] [--alpha-end 0.02] [--lam 0.7] [--seed 1]
[--out adversa/games/backgammon_net.bin] [--start FILE] [--check 2500] [--snapshots DIR]``

As TD-Gammon: the network plays both sides, choosing the play whose position it values
best for the mover (no search, no exploration: the dice explore), and after every play
moves its prediction for the previous position towards its prediction for the next
one; at the end of the game towards the result (win, gammon, backgammon). λ makes
each error also correct older positions, through eligibility traces (one per output,
since each output has its own gradient). α decays geometrically from ``--alpha`` to
``--alpha-end`` over the run.

The net predicts for the side on roll, so consecutive positions are seen from
alternating sides. The trainer keeps every prediction, and every trace, from the
game's first mover's point of view instead: a prediction for the other side is
*flipped* (win ↔ 1 − win, our gammons ↔ theirs) and its gradient re-indexed the same
way, so traces never need re-expressing between turns.

Speed (this loop is the whole cost of a run): all the positions one roll can reach are
encoded at once from an integer array through a table of Tesauro units and valued in
one matrix product; the chosen one's hidden layer is reused for its gradient; the
input-weight traces are updated only on the rows of the inputs that are non-zero
(about 45 of 198).

A run stopped by SIGTERM or Ctrl-C writes the weights it has and exits normally.

Every ``--check`` games the greedy network plays the pip-count player for 200 games
(paired dice) and the win rate is printed: the curve of its strength. numpy is needed
here (in the ``test`` extra), not by the package.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

# Before numpy loads: BLAS threads cost far more than they give on these small products
# (a 20×198 by 198×64 product took 1 ms with them, 30 µs without).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np
import numpy.typing as npt

from adversa.games.backgammon_moves import (
    BAR,
    CHECKERS,
    START,
    Play,
    Side,
    pip_count,
    plays,
)
from adversa.games.backgammon_net import (
    INPUTS,
    OUTPUTS,
    START_PIPS,
    Network,
    network_from_bytes,
    network_to_bytes,
)

Matrix = npt.NDArray[np.float64]
Counts = npt.NDArray[np.intp]

FLIP = np.array([0, 3, 4, 1, 2])
"""Output ``k`` of the other side is output ``FLIP[k]`` of this one (win is 1 − win)."""
FLIP_SIGN = np.array([-1.0, 1.0, 1.0, 1.0, 1.0])
FLIP_OFFSET = np.array([1.0, 0.0, 0.0, 0.0, 0.0])
SAME = np.arange(OUTPUTS)
UNITS = np.array([[min(count, 1), min(max(count - 1, 0), 1), min(max(count - 2, 0), 1),
                   max(count - 3, 0) / 2.0] for count in range(CHECKERS + 1)])
"""Tesauro's four units for a point holding ``count`` checkers (`encode`'s values)."""
PIP_WEIGHTS = np.arange(1, BAR + 1) / START_PIPS


def boards(positions: Sequence[tuple[Side, Side]]) -> Counts:
    """Positions (side on roll, other side) as an integer array of shape (N, 2, 26)."""
    return np.array([mover + opponent for mover, opponent in positions],
                    dtype=np.intp).reshape(-1, 2, BAR + 1)


def features(counts: Counts) -> Matrix:
    """The inputs `backgammon_net.encode` gives, for every row of ``counts`` at once."""
    rows = counts.shape[0]
    sides = np.concatenate((UNITS[counts[:, :, 1:BAR]].reshape(rows, 2, 96),
                            counts[:, :, BAR:] / 2.0, counts[:, :, :1] / 15.0), axis=2)
    pips = counts[:, :, 1:] @ PIP_WEIGHTS
    return np.concatenate((sides.reshape(rows, -1), pips), axis=1)


def dense(positions: Sequence[tuple[Side, Side]]) -> Matrix:
    """Rows of inputs for positions given as (side on roll, other side)."""
    return features(boards(positions))


def flipped(outputs: Matrix) -> Matrix:
    """The same chances seen by the other side."""
    seen: Matrix = FLIP_SIGN * outputs[..., FLIP] + FLIP_OFFSET
    return seen


def equities(outputs: Matrix) -> Matrix:
    """Points per game of each row of chances (`backgammon_net.equity_of`, unclipped)."""
    return (2 * outputs[:, 0] - 1 + outputs[:, 1] - outputs[:, 3]
            + outputs[:, 2] - outputs[:, 4])


class Trainer:
    """The network's weights as arrays, its forward pass and TD(λ) update."""

    def __init__(self, hidden: int, seed: int, alpha: float, lam: float) -> None:
        generator = np.random.default_rng(seed)
        self.w1 = generator.uniform(-0.1, 0.1, (INPUTS, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = generator.uniform(-0.1, 0.1, (OUTPUTS, hidden))
        self.b2 = np.zeros(OUTPUTS)
        self.alpha, self.lam = alpha, lam
        self.clear_traces()

    @classmethod
    def from_network(cls, network: Network, alpha: float, lam: float) -> Trainer:
        trainer = cls(network.hidden, 0, alpha, lam)
        trainer.w1 = np.array(network.input_rows, dtype=np.float64)
        trainer.b1 = np.array(network.hidden_bias, dtype=np.float64)
        trainer.w2 = np.array(network.output_rows, dtype=np.float64)
        trainer.b2 = np.array(network.output_bias, dtype=np.float64)
        return trainer

    def clear_traces(self) -> None:
        """Eligibility traces, one per output (the first axis): ``w2``'s and ``b2``'s
        keep an axis for the output row too, since a flipped prediction's output ``k``
        is the network's output ``FLIP[k]``."""
        hidden = self.b1.shape[0]
        self.trace_w1 = np.zeros((OUTPUTS, INPUTS, hidden))
        self.trace_b1 = np.zeros((OUTPUTS, hidden))
        self.trace_w2 = np.zeros((OUTPUTS, OUTPUTS, hidden))
        self.trace_b2 = np.zeros((OUTPUTS, OUTPUTS))

    def forward(self, rows: Matrix) -> tuple[Matrix, Matrix]:
        """Hidden activations and outputs for each row."""
        hidden = 1.0 / (1.0 + np.exp(-(rows @ self.w1 + self.b1)))
        return hidden, 1.0 / (1.0 + np.exp(-(hidden @ self.w2.T + self.b2)))

    def trace(self, row: Matrix, hidden: Matrix, out: Matrix, flip: bool) -> None:
        """Traces ← λ · traces + the gradient of this prediction (flipped when it is
        the other side's), from the hidden layer and outputs already computed."""
        order = FLIP if flip else SAME
        sign = FLIP_SIGN if flip else np.ones(OUTPUTS)
        slope = sign * (out * (1.0 - out))[order]  # (5,): d(prediction k)/d(net total)
        back = slope[:, None] * self.w2[order] * (hidden * (1.0 - hidden))[None, :]
        active = np.flatnonzero(row)
        for trace in (self.trace_w1, self.trace_b1, self.trace_w2, self.trace_b2):
            trace *= self.lam
        self.trace_w1[:, active, :] += row[active][None, :, None] * back[:, None, :]
        self.trace_b1 += back
        self.trace_w2[SAME, order, :] += slope[:, None] * hidden[None, :]
        self.trace_b2[SAME, order] += slope

    def update(self, error: Matrix) -> None:
        """Weights += α · Σₖ errorₖ · traceₖ."""
        step = self.alpha * error
        self.w1 += np.tensordot(step, self.trace_w1, axes=1)
        self.b1 += step @ self.trace_b1
        self.w2 += np.tensordot(step, self.trace_w2, axes=1)
        self.b2 += step @ self.trace_b2

    def network(self) -> Network:
        return Network(tuple(tuple(row) for row in self.w1.tolist()), tuple(self.b1.tolist()),
                       tuple(tuple(row) for row in self.w2.tolist()), tuple(self.b2.tolist()))

    def choose(self, found: list[Play]) -> tuple[int, Matrix, Matrix, Matrix]:
        """The index of the play whose position is worst for the opponent (now on roll),
        with that position's input row, hidden layer and outputs (the opponent's)."""
        rows = dense([(play.opponent, play.mover) for play in found])
        hidden, out = self.forward(rows)
        best = int(np.argmin(equities(out)))
        return best, rows[best], hidden[best], out[best]


def result_target(winner: Side, loser: Side) -> Matrix:
    """The finished game's outputs for the winner: win, gammon, backgammon."""
    gammon = loser[0] == 0
    backgammon = gammon and any(loser[19:])
    return np.array([1.0, float(gammon), float(backgammon), 0.0, 0.0])


def points(play: Play) -> int:
    """What a play that bears off the last checker scores."""
    return int(result_target(play.mover, play.opponent)[:3].sum())


def roll(dice: random.Random) -> tuple[int, int]:
    first, second = dice.randint(1, 6), dice.randint(1, 6)
    return max(first, second), min(first, second)


def train_game(trainer: Trainer, dice: random.Random) -> int:
    """One self-play game with TD(λ) updates; returns its number of plays.

    ``value`` is the current position's prediction from the first mover's side;
    ``first_moves`` whether the side on roll is that first mover.
    """
    first, second = dice.sample(range(1, 7), 2)
    mover, opponent = START, START
    row = dense([(mover, opponent)])[0]
    hidden, out = trainer.forward(row[None, :])
    value = out[0]
    trainer.clear_traces()
    trainer.trace(row, hidden[0], value, flip=False)
    current = (max(first, second), min(first, second))
    first_moves = True
    turns = 0
    while True:
        turns += 1
        found = plays(mover, opponent, current)
        winning = [play for play in found if play.mover[0] == CHECKERS]
        if winning:
            won = max(winning, key=points)
            target = result_target(won.mover, won.opponent)
            trainer.update((target if first_moves else flipped(target)) - value)
            return turns
        best, row, hidden_row, out_row = trainer.choose(found)
        first_moves = not first_moves  # the opponent is now on roll
        next_value = out_row if first_moves else flipped(out_row)
        trainer.update(next_value - value)
        trainer.trace(row, hidden_row, out_row, flip=not first_moves)
        value = next_value
        mover, opponent = found[best].opponent, found[best].mover
        current = roll(dice)


def blots(side: Side) -> int:
    return sum(1 for point in range(1, BAR) if side[point] == 1)


def versus_pipcount(trainer: Trainer, games: int, seed: int) -> float:
    """The greedy network's win rate against the pip-count player, paired dice: both
    games of a pair deal the same dice to the same seat, and the network changes seat,
    so each player gets the other's dice in the second game."""
    wins = 0
    for index in range(games):
        dice = random.Random(seed + index // 2)
        net_seat = index % 2
        first, second = dice.sample(range(1, 7), 2)
        seat = 0 if first > second else 1
        mover, opponent = START, START
        current = (max(first, second), min(first, second))
        while True:
            found = plays(mover, opponent, current)
            winning = [play for play in found if play.mover[0] == CHECKERS]
            if winning:
                wins += seat == net_seat
                break
            if seat == net_seat:
                play = found[trainer.choose(found)[0]]
            else:
                play = min(found, key=lambda p: (pip_count(p.mover), blots(p.mover)))
            mover, opponent, seat = play.opponent, play.mover, 1 - seat
            current = roll(dice)
    return wins / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--alpha", type=float, default=0.1)
    parser.add_argument("--alpha-end", type=float, default=None,
                        help="α at the last game (default: --alpha, no decay)")
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", type=int, default=2500,
                        help="games between strength checks (0: none)")
    parser.add_argument("--start", type=Path, default=None, help="continue from this file")
    parser.add_argument("--out", type=Path, default=Path("adversa/games/backgammon_net.bin"))
    parser.add_argument("--snapshots", type=Path, default=None,
                        help="also keep the weights of every check here, named by games")
    arguments = parser.parse_args(argv)
    alpha_end = arguments.alpha if arguments.alpha_end is None else arguments.alpha_end
    if arguments.start is not None:
        trainer = Trainer.from_network(network_from_bytes(arguments.start.read_bytes()),
                                       arguments.alpha, arguments.lam)
    else:
        trainer = Trainer(arguments.hidden, arguments.seed, arguments.alpha, arguments.lam)
    if arguments.snapshots is not None:
        arguments.snapshots.mkdir(parents=True, exist_ok=True)
    dice = random.Random(arguments.seed)
    started = time.process_time()
    plies = 0
    played = 0
    # SIGTERM stops the run as Ctrl-C does: at the end of a game, weights written, exit 0.
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for game in range(1, arguments.games + 1):
            trainer.alpha = arguments.alpha * (alpha_end / arguments.alpha) ** (
                (game - 1) / max(arguments.games - 1, 1))
            plies += train_game(trainer, dice)
            played = game
            if arguments.check and game % arguments.check == 0:
                weights = network_to_bytes(trainer.network())
                arguments.out.write_bytes(weights)
                if arguments.snapshots is not None:
                    (arguments.snapshots / f"net-{game}.bin").write_bytes(weights)
                rate = versus_pipcount(trainer, 200, 10_000)
                print(f"{game} games, {plies} plays, {time.process_time() - started:.0f} s "
                      f"CPU, α {trainer.alpha:.4f}: {100 * rate:.1f}% against the pip-count "
                      f"player (200 games)", flush=True)
    except KeyboardInterrupt:
        print(f"stopped by a signal during game {played + 1}; its updates are kept")
    finally:
        signal.signal(signal.SIGTERM, previous)
    arguments.out.write_bytes(network_to_bytes(trainer.network()))
    print(f"trained {played} games ({plies} plays) in "
          f"{time.process_time() - started:.0f} s CPU → {arguments.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
