"""A trained backgammon evaluation: a small neural network taught by TD(λ) self-play.

Tesauro's TD-Gammon learnt backgammon by playing itself and nudging each prediction
towards the next one (temporal-difference learning, λ weighting the older ones);
``benchmarks/train_backgammon_td.py`` does the same at a small scale and writes the
weights shipped beside this module (``backgammon_net.bin``). This module only reads
and runs the network, in pure Python (numpy is not a dependency of the package).

**Inputs** (`encode`), for the side on roll and then its opponent, each in its own
numbering: Tesauro's four units per point (one checker, two, three, and half of each
checker past three), the bar (÷2) and the checkers off (÷15) — 98 each — and both pip
counts (÷167, the start's), 198 in all. A position is sparse: a few dozen are non-zero.

**Outputs**, for the side on roll before its roll: the chances that it wins, wins a
gammon (or better), wins a backgammon, loses a gammon (or worse) and loses a
backgammon, each clamped to the chance containing it (`consistent`). `equity` =
``2·win − 1 + (wg − lg) + (wbg − lbg)``: expected points per game, a positive linear
transform of the expected utility, as expectiminimax needs.

Speed: searches use `LeafNet`, the same network folded into one precomputed vector
per (side, slot, checker count), so a leaf costs about 20 vector additions (half the
time of summing input rows); the evaluator caches values by position, and declares
that it values positions before the dice, so a search evaluates a chance node at its
horizon instead of expanding 21 rolls that would all get the same value.
"""

from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from operator import add, mul
from typing import NamedTuple

from adversa.games.backgammon_moves import (
    BAR,
    CHECKERS,
    BackgammonState,
    Play,
    Roll,
    Side,
    pip_count,
)
from adversa.games.base import Game
from adversa.games.evaluation import Evaluator

SIDE_INPUTS = 98
INPUTS = 2 * SIDE_INPUTS + 2
OUTPUTS = 5
START_PIPS = 167.0
WEIGHTS_FILE = "backgammon_net.bin"
MAX_EQUITY = 2.999
"""Strictly inside the utility range (−3, 3): a heuristic value never equals a result."""

OUTPUT_NAMES = ("win", "win gammon", "win backgammon", "lose gammon", "lose backgammon")


def slot_inputs(base: int, index: int, count: int) -> list[tuple[int, float]]:
    """The non-zero inputs ``count`` checkers on one slot of a side give (``base`` 0 for
    the side on roll, `SIDE_INPUTS` for the other; ``index`` 0 off, `BAR` the bar, else
    a point), pip counts aside: `encode` sums them, `LeafNet` folds them into tables."""
    if not count:
        return []
    if index == 0:
        return [(base + 97, count / 15.0)]
    if index == BAR:
        return [(base + 96, count / 2.0)]
    unit = base + 4 * (index - 1)
    active = [(unit, 1.0)]
    if count >= 2:
        active.append((unit + 1, 1.0))
        if count >= 3:
            active.append((unit + 2, 1.0))
            if count > 3:
                active.append((unit + 3, (count - 3) / 2.0))
    return active


def encode(mover: Side, opponent: Side) -> list[tuple[int, float]]:
    """The non-zero inputs of a position, as ``(index, value)`` pairs (see the module
    docstring); the training script expands the same pairs into dense vectors."""
    active: list[tuple[int, float]] = []
    for base, side in ((0, mover), (SIDE_INPUTS, opponent)):
        for index in (*range(1, BAR), BAR, 0):
            active.extend(slot_inputs(base, index, side[index]))
    active.append((2 * SIDE_INPUTS, pip_count(mover) / START_PIPS))
    active.append((2 * SIDE_INPUTS + 1, pip_count(opponent) / START_PIPS))
    return active


class Network(NamedTuple):
    """One hidden layer of sigmoids, five sigmoid outputs.

    ``input_rows[i]`` holds input ``i``'s weights to every hidden unit (the layout the
    sparse sum reads); ``output_rows[k]`` output ``k``'s weights from every hidden unit.
    """

    input_rows: tuple[tuple[float, ...], ...]
    hidden_bias: tuple[float, ...]
    output_rows: tuple[tuple[float, ...], ...]
    output_bias: tuple[float, ...]

    @property
    def hidden(self) -> int:
        return len(self.hidden_bias)

    def outputs(self, mover: Side, opponent: Side) -> tuple[float, ...]:
        """The five chances (`OUTPUT_NAMES`) for ``mover``, on roll."""
        totals = list(self.hidden_bias)
        rows = self.input_rows
        for index, value in encode(mover, opponent):
            row = rows[index]
            if value == 1.0:
                totals = [total + weight for total, weight in zip(totals, row, strict=True)]
            else:
                totals = [total + value * weight
                          for total, weight in zip(totals, row, strict=True)]
        hidden = [_sigmoid(total) for total in totals]
        return consistent(*(
            _sigmoid(bias + sum(weight * unit for weight, unit in zip(row, hidden, strict=True)))
            for row, bias in zip(self.output_rows, self.output_bias, strict=True)))

    def equity(self, mover: Side, opponent: Side) -> float:
        """Expected points per game for ``mover``, on roll (see the module docstring)."""
        return equity_of(self.outputs(mover, opponent))


class LeafNet:
    """The network folded into tables, for a search's leaves (its hot path).

    The hidden layer's sum is linear in the inputs, and the inputs one slot of a side
    gives (`slot_inputs`, and its share of the pip count) depend only on how many
    checkers it holds; so each (side, slot, count) has one precomputed vector to add:
    about 20 additions a position, where `Network.outputs` adds some 45 rows, each
    written with ``map`` (C loops) rather than comprehensions. `Network.outputs` stays
    the plain reference the tests compare this with.
    """

    def __init__(self, network: Network) -> None:
        rows = network.input_rows
        self.bias = list(network.hidden_bias)
        self.output_rows = network.output_rows
        self.output_bias = network.output_bias
        tables: list[tuple[tuple[tuple[float, ...], ...], ...]] = []
        for side_number in (0, 1):
            pips = 2 * SIDE_INPUTS + side_number
            slots: list[tuple[tuple[float, ...], ...]] = []
            for index in range(BAR + 1):
                by_count: list[tuple[float, ...]] = [()]  # an empty slot adds nothing
                for count in range(1, CHECKERS + 1):
                    inputs = slot_inputs(side_number * SIDE_INPUTS, index, count)
                    if index:
                        inputs.append((pips, count * index / START_PIPS))
                    vector = [0.0] * network.hidden
                    for unit, value in inputs:
                        vector = [total + value * weight
                                  for total, weight in zip(vector, rows[unit], strict=True)]
                    by_count.append(tuple(vector))
                slots.append(tuple(by_count))
            tables.append(tuple(slots))
        self.mover_table, self.opponent_table = tables

    def outputs(self, mover: Side, opponent: Side) -> tuple[float, ...]:
        """`Network.outputs`, to rounding."""
        totals = self.bias
        for table, side in ((self.mover_table, mover), (self.opponent_table, opponent)):
            for index, count in enumerate(side):
                if count:
                    totals = list(map(add, totals, table[index][count]))
        hidden = list(map(_sigmoid, totals))
        return consistent(*(_sigmoid(bias + sum(map(mul, row, hidden)))
                            for row, bias in zip(self.output_rows, self.output_bias,
                                                 strict=True)))

    def equity(self, mover: Side, opponent: Side) -> float:
        return equity_of(self.outputs(mover, opponent))


def consistent(win: float, win_gammon: float, win_backgammon: float, lose_gammon: float,
               lose_backgammon: float) -> tuple[float, ...]:
    """The five outputs made coherent: each is its own sigmoid, so nothing in the net
    stops a gammon from looking likelier than the win it is part of; clamp each chance
    to the one containing it (win ≥ gammon ≥ backgammon, and the same for losses)."""
    win_gammon = min(win_gammon, win)
    lose_gammon = min(lose_gammon, 1.0 - win)
    return (win, win_gammon, min(win_backgammon, win_gammon), lose_gammon,
            min(lose_backgammon, lose_gammon))


def equity_of(chances: Sequence[float]) -> float:
    """Points per game from the five chances, kept strictly inside (−3, 3)."""
    win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = chances
    value = 2.0 * win - 1.0 + win_gammon - lose_gammon + win_backgammon - lose_backgammon
    return max(-MAX_EQUITY, min(MAX_EQUITY, value))


def _sigmoid(total: float) -> float:
    if total < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-total))


def network_from_bytes(data: bytes) -> Network:
    """Read the weights file: three little-endian int32 (inputs, hidden, outputs), then
    float32 input rows (inputs × hidden), hidden biases, output rows (outputs × hidden)
    and output biases. Refuses a file whose sizes do not match `encode`."""
    header = array("i")
    header.frombytes(data[:12])
    values = array("f")
    values.frombytes(data[12:])
    if sys.byteorder == "big":
        header.byteswap()
        values.byteswap()
    inputs, hidden, outputs = header
    expected = inputs * hidden + hidden + outputs * hidden + outputs
    if (inputs, outputs) != (INPUTS, OUTPUTS) or len(values) != expected:
        raise ValueError(f"backgammon weights: sizes {inputs}×{hidden}×{outputs} with "
                         f"{len(values)} values; expected {INPUTS}×H×{OUTPUTS}")
    numbers = values.tolist()
    cursor = 0

    def take(count: int) -> tuple[float, ...]:
        nonlocal cursor
        cursor += count
        return tuple(numbers[cursor - count:cursor])

    input_rows = tuple(take(hidden) for _ in range(inputs))
    hidden_bias = take(hidden)
    output_rows = tuple(take(hidden) for _ in range(outputs))
    return Network(input_rows, hidden_bias, output_rows, take(outputs))


def network_to_bytes(network: Network) -> bytes:
    """The weights file `network_from_bytes` reads."""
    header = array("i", (INPUTS, network.hidden, OUTPUTS))
    values = array("f", [weight for row in network.input_rows for weight in row])
    values.extend(network.hidden_bias)
    values.extend(weight for row in network.output_rows for weight in row)
    values.extend(network.output_bias)
    if sys.byteorder == "big":
        header.byteswap()
        values.byteswap()
    return header.tobytes() + values.tobytes()


@cache
def shipped_network() -> Network:
    """The trained weights shipped with the package, read on first use."""
    data = resources.files("adversa.games").joinpath(WEIGHTS_FILE).read_bytes()
    return network_from_bytes(data)


@cache
def shipped_leaf_net() -> LeafNet:
    """The shipped weights folded into `LeafNet` tables, once."""
    return LeafNet(shipped_network())


RaceChance = Callable[[Side, Side], float | None]
"""The side on roll's winning chance in a pure race from another source, None in contact."""


def net_evaluator(
    game: Game[BackgammonState, Play | Roll], network: Network | LeafNet | None = None,
    race_chance: RaceChance | None = None,
) -> Evaluator[BackgammonState]:
    """The network's equity for ``player``; the dice of a rolled position are ignored
    (the net predicts before the roll), so values are cached per position.

    ``network`` None is the shipped weights; other weights may come already folded
    (`LeafNet`), since folding costs more than a one-ply search and a match builds an
    evaluator for every move.

    With ``race_chance`` (the registration passes the hand evaluation's, built on the
    exact bear-off database), a pure race takes its winning chance from there and only
    its gammon chances from the net: 400 paired games at one ply against the pip-count
    player went from 84.0 % to 86.0 % with it.
    """
    if network is None:
        net = shipped_leaf_net()
    else:
        net = network if isinstance(network, LeafNet) else LeafNet(network)
    values: dict[tuple[Side, Side], float] = {}

    def equity(mover: Side, opponent: Side) -> float:
        chances = net.outputs(mover, opponent)
        race = race_chance(mover, opponent) if race_chance is not None else None
        if race is not None:
            chances = consistent(race, *chances[1:])
        return equity_of(chances)

    def evaluate(state: BackgammonState, player: int) -> float:
        key = (state.mover, state.opponent)
        value = values.get(key)
        if value is None:
            if len(values) > 100_000:
                values.clear()
            value = values[key] = equity(state.mover, state.opponent)
        return value if player == state.player else -value

    # The equity read as an expected-score lead, (v + 1) / 2 (a gammon as a sure win),
    # puts its eval bar on the scale of the hand evaluation's winning chance.
    return Evaluator(evaluate, game, raw_name="equity", values_before_chance=True,
                     expected_lead=True)
