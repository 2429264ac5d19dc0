"""Train the backgammon network (`adversa.games.backgammon_net`) by TD(λ) self-play.

Run: ``nice -n 10 .venv/bin/python benchmarks/train_backgammon_td.py --games 3000
[--hidden 40] [--alpha 0.1] [--lam 0.7] [--seed 1] [--out adversa/games/backgammon_net.bin]
[--start FILE] [--check 200]``

As TD-Gammon: the network plays both sides, choosing the play whose position it values
best for the mover (no search, no exploration: the dice explore), and after every play
moves its prediction for the previous position towards its prediction for the next
one; at the end of the game towards the result (win, gammon, backgammon). λ makes
each error also correct older positions, through eligibility traces (one per output,
since each output has its own gradient).

Predictions are for the side on roll, so consecutive positions are seen from
alternating sides: the next position's prediction is *flipped* (win ↔ 1 − win, our
gammons ↔ theirs) before it is a target, and the traces are flipped the same way at
every turn (a trace is a sum of gradients of past predictions, re-expressed for the
new side on roll).

Every ``--check`` games the network plays the pip-count player for 100 games
(greedy, paired dice) and the win rate is printed: the curve of its strength. numpy
is needed here (``pip install numpy``, in the ``bench`` extra), not by the package.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np
import numpy.typing as npt

from adversa.games.backgammon_moves import CHECKERS, START, Play, Side, pip_count, plays
from adversa.games.backgammon_net import (
    INPUTS,
    OUTPUTS,
    Network,
    encode,
    network_from_bytes,
    network_to_bytes,
)

Matrix = npt.NDArray[np.float64]

FLIP = np.array([0, 3, 4, 1, 2])
"""Output ``k`` of the other side is output ``FLIP[k]`` of this one (win is 1 − win)."""
FLIP_SIGN = np.array([-1.0, 1.0, 1.0, 1.0, 1.0])


def dense(positions: list[tuple[Side, Side]]) -> Matrix:
    """Rows of inputs (`encode`) for positions given as (side on roll, other side)."""
    rows = np.zeros((len(positions), INPUTS))
    for row, (mover, opponent) in enumerate(positions):
        for index, value in encode(mover, opponent):
            rows[row, index] = value
    return rows


class Trainer:
    """The network's weights as arrays, its forward pass and TD(λ) update."""

    def __init__(self, hidden: int, seed: int, alpha: float, lam: float) -> None:
        generator = np.random.default_rng(seed)
        self.w1 = generator.uniform(-0.1, 0.1, (INPUTS, hidden))
        self.b1 = np.zeros(hidden)
        self.w2 = generator.uniform(-0.1, 0.1, (OUTPUTS, hidden))
        self.b2 = np.zeros(OUTPUTS)
        self.alpha, self.lam = alpha, lam

    @classmethod
    def from_network(cls, network: Network, alpha: float, lam: float) -> Trainer:
        trainer = cls(network.hidden, 0, alpha, lam)
        trainer.w1 = np.array(network.input_rows, dtype=np.float64)
        trainer.b1 = np.array(network.hidden_bias, dtype=np.float64)
        trainer.w2 = np.array(network.output_rows, dtype=np.float64)
        trainer.b2 = np.array(network.output_bias, dtype=np.float64)
        return trainer

    def forward(self, rows: Matrix) -> tuple[Matrix, Matrix]:
        """Hidden activations and outputs for each row."""
        hidden = 1.0 / (1.0 + np.exp(-(rows @ self.w1 + self.b1)))
        return hidden, 1.0 / (1.0 + np.exp(-(hidden @ self.w2.T + self.b2)))

    def gradients(self, row: Matrix) -> list[Matrix]:
        """For each output, its gradient with respect to (w1, b1, w2, b2), stacked by
        output: arrays of shape (5, …)."""
        hidden, out = self.forward(row[None, :])
        hidden, out = hidden[0], out[0]
        slope = out * (1.0 - out)  # (5,)
        back = slope[:, None] * self.w2 * (hidden * (1.0 - hidden))[None, :]  # (5, H)
        w2_grad = np.zeros((OUTPUTS, *self.w2.shape))
        for k in range(OUTPUTS):
            w2_grad[k, k] = slope[k] * hidden
        b2_grad = np.diag(slope)
        w1_grad = row[None, :, None] * back[:, None, :]  # (5, INPUTS, H)
        return [w1_grad, back, w2_grad, b2_grad]

    def update(self, traces: list[Matrix], error: Matrix) -> None:
        """Weights += α · Σₖ errorₖ · traceₖ."""
        for weights, trace in zip((self.w1, self.b1, self.w2, self.b2), traces, strict=True):
            weights += self.alpha * np.tensordot(error, trace, axes=1)

    def network(self) -> Network:
        return Network(tuple(tuple(row) for row in self.w1.tolist()), tuple(self.b1.tolist()),
                       tuple(tuple(row) for row in self.w2.tolist()), tuple(self.b2.tolist()))

    def choose(self, mover: Side, opponent: Side, dice: tuple[int, int]
               ) -> tuple[Play, Matrix, Matrix]:
        """The play whose resulting position is worst for the opponent (now on roll),
        with that position's input row and its predicted outputs (the opponent's)."""
        found = plays(mover, opponent, dice)
        rows = dense([(play.opponent, play.mover) for play in found])
        _, out = self.forward(rows)
        equity = 2 * out[:, 0] - 1 + out[:, 1] - out[:, 3] + out[:, 2] - out[:, 4]
        best = int(np.argmin(equity))
        return found[best], rows[best], out[best]


def result_target(winner: Side, loser: Side) -> Matrix:
    """The finished game's outputs for the winner: win, gammon, backgammon."""
    gammon = loser[0] == 0
    backgammon = gammon and any(loser[19:])
    return np.array([1.0, float(gammon), float(backgammon), 0.0, 0.0])


def roll(dice: random.Random) -> tuple[int, int]:
    first, second = dice.randint(1, 6), dice.randint(1, 6)
    return max(first, second), min(first, second)


def train_game(trainer: Trainer, dice: random.Random) -> int:
    """One self-play game with TD(λ) updates; returns its number of plays."""
    first, second = dice.sample(range(1, 7), 2)
    mover, opponent = START, START
    row = dense([(mover, opponent)])[0]
    _, out = trainer.forward(row[None, :])
    prediction = out[0]
    traces = trainer.gradients(row)
    current = (max(first, second), min(first, second))
    turns = 0
    while True:
        turns += 1
        play, next_row, next_out = trainer.choose(mover, opponent, current)
        if play.mover[0] == CHECKERS:
            trainer.update(traces, result_target(play.mover, play.opponent) - prediction)
            return turns
        # The next position is the opponent's; its prediction, flipped, is our target.
        target = FLIP_SIGN * next_out[FLIP] + np.array([1.0, 0, 0, 0, 0])
        trainer.update(traces, target - prediction)
        traces = [trainer.lam * FLIP_SIGN.reshape(-1, *[1] * (trace.ndim - 1)) * trace[FLIP]
                  for trace in traces]
        for trace, gradient in zip(traces, trainer.gradients(next_row), strict=True):
            trace += gradient
        _, out = trainer.forward(next_row[None, :])
        prediction = out[0]
        mover, opponent = play.opponent, play.mover
        current = roll(dice)


def blots(side: Side) -> int:
    return sum(1 for point in range(1, 25) if side[point] == 1)


def versus_pipcount(trainer: Trainer, games: int, seed: int) -> float:
    """The greedy network's win rate against the pip-count player, paired dice."""
    wins = 0
    for index in range(games):
        dice = random.Random(seed + index // 2)
        net_seat = index % 2
        first, second = dice.sample(range(1, 7), 2)
        seat = 0 if first > second else 1
        seat = seat if net_seat == 0 else 1 - seat
        mover, opponent = START, START
        current = (max(first, second), min(first, second))
        while True:
            if seat == net_seat:
                play = trainer.choose(mover, opponent, current)[0]
            else:
                play = min(plays(mover, opponent, current),
                           key=lambda p: (pip_count(p.mover), blots(p.mover)))
            if play.mover[0] == CHECKERS:
                wins += seat == net_seat
                break
            mover, opponent, seat = play.opponent, play.mover, 1 - seat
            current = roll(dice)
    return wins / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--hidden", type=int, default=40)
    parser.add_argument("--alpha", type=float, default=0.1)
    parser.add_argument("--lam", type=float, default=0.7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", type=int, default=500,
                        help="games between strength checks (0: none)")
    parser.add_argument("--start", type=Path, default=None, help="continue from this file")
    parser.add_argument("--out", type=Path, default=Path("adversa/games/backgammon_net.bin"))
    arguments = parser.parse_args(argv)
    if arguments.start is not None:
        trainer = Trainer.from_network(network_from_bytes(arguments.start.read_bytes()),
                                       arguments.alpha, arguments.lam)
    else:
        trainer = Trainer(arguments.hidden, arguments.seed, arguments.alpha, arguments.lam)
    dice = random.Random(arguments.seed)
    started = time.process_time()
    plies = 0
    for game in range(1, arguments.games + 1):
        plies += train_game(trainer, dice)
        if arguments.check and game % arguments.check == 0:
            rate = versus_pipcount(trainer, 100, 10_000)
            print(f"{game} games, {plies} plays, {time.process_time() - started:.0f} s CPU: "
                  f"{100 * rate:.0f}% against the pip-count player (100 games)", flush=True)
            arguments.out.write_bytes(network_to_bytes(trainer.network()))
    arguments.out.write_bytes(network_to_bytes(trainer.network()))
    print(f"trained {arguments.games} games ({plies} plays) in "
          f"{time.process_time() - started:.0f} s CPU → {arguments.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
