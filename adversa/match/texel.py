"""Texel tuning of the checkers evaluation's weights from games and their results.

The method (Peter Österlund's, for the chess engine Texel): the evaluation ``s`` of
a position, in points, should predict the game's result through a logistic curve,
``P(Black wins) ≈ σ(K·s)``. Given many quiet positions from played games, each
labelled with the final result (1 Black won, ½ draw, 0 White won), the weights that
minimise the mean squared error between results and predictions are the tuned
weights. ``K`` is fitted first, with the current weights, so the curve matches the
scale the engine already uses.

The checkers evaluation is linear in its weights (`CheckersWeights`), so each
position is turned into a *feature vector* once — the evaluation with one weight
set to 1 and every other to 0 — and the fit works on those vectors alone. The
man's weight stays at 100: it fixes the unit (points), so it is not tuned.

The data recipe (self-play from the three-move ballot with a node budget, so the
games are the same on any machine) and the commands are in `benchmarks/README.md`,
section ``tune_texel.py``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, fields, replace

from adversa.games.checkers import Checkers, CheckersState
from adversa.games.checkers_board import SQUARE_BIT
from adversa.games.checkers_eval import CHECKERS_SCALE, CheckersWeights, checkers_evaluator
from adversa.games.evaluation import EvalFunction

TUNED = ("king", "advancement", "back_rank", "centre", "mobility", "runaway",
         "trade_down", "approach", "confine")
"""The weights the tuner fits (every float weight but the man's, which fixes the unit)."""

OPENING_PLIES = 8
"""Positions this close to the start are skipped: they are the ballot's, not the engines'."""


@dataclass(frozen=True, slots=True)
class Sample:
    """One position for the fit: its features (Black minus White) and the game's result."""

    features: tuple[float, ...]
    """The evaluation's points per unit of each weight in `TUNED`, then the man's."""
    result: float
    """1 Black won, 0.5 drawn, 0 White won."""


def _unit(name: str, base: CheckersWeights) -> CheckersWeights:
    """``base`` with weight ``name`` at 1 and every other float weight at 0."""
    values: dict[str, float] = {
        field.name: 0.0 for field in fields(CheckersWeights) if field.type in ("float", float)
    }
    values[name] = 1.0
    # mypy checks a ** dict against every field, the int ``endgame_pieces`` too; these
    # names are the float weights only.
    return replace(base, **values)  # type: ignore[arg-type]


def feature_vector(game: Checkers, state: CheckersState,
                   base: CheckersWeights | None = None) -> tuple[float, ...]:
    """The evaluation of ``state`` per unit of each tuned weight (and of ``man``), in
    Black's points. By linearity, ``Σ w_i · f_i`` is the evaluation with weights ``w``."""
    return tuple(function(state, 0) * CHECKERS_SCALE
                 for function in _unit_functions(game, base or CheckersWeights()))


@functools.cache
def _unit_functions(
    game: Checkers, base: CheckersWeights
) -> tuple[EvalFunction[CheckersState], ...]:
    """One evaluation per tuned weight (then the man's), built once per game and base."""
    return tuple(checkers_evaluator(game, _unit(name, base)).function
                 for name in (*TUNED, "man"))


def weight_vector(weights: CheckersWeights) -> list[float]:
    return [float(getattr(weights, name)) for name in TUNED]


def with_weights(weights: CheckersWeights, values: Sequence[float]) -> CheckersWeights:
    changed: dict[str, float] = dict(zip(TUNED, values, strict=True))
    return replace(weights, **changed)  # type: ignore[arg-type]  # TUNED: float weights only


def samples_from_games(
    game: Checkers, games: Iterable[tuple[Sequence[str], float]],
    base: CheckersWeights | None = None,
) -> list[Sample]:
    """Quiet positions (no capture pending) past the opening, from ``(moves, result)`` games.

    Positions where a capture is pending are left out: their static value is about to
    change by a piece, and the fit would learn noise from them.
    """
    return [Sample(feature_vector(game, state, base), result)
            for state, result in quiet_positions(game, games)]


def quiet_positions(
    game: Checkers, games: Iterable[tuple[Sequence[str], float]],
) -> Iterator[tuple[CheckersState, float]]:
    """Each game's positions past the opening with no capture pending, with its result."""
    for moves, result in games:
        state = game.initial_state()
        for ply, text in enumerate(moves):
            if ply >= OPENING_PLIES and game.is_quiet(state):
                yield state, result
            state = game.result(state, game.parse_move(state, text))


BACK_ROW = (1, 2, 3, 4)
"""Black's back-row squares, each a weight of its own in the per-square fit
(`back_row_samples`); White's are their mirror images, 33 − s."""


def back_row_samples(
    game: Checkers, games: Iterable[tuple[Sequence[str], float]],
    base: CheckersWeights | None = None,
) -> list[Sample]:
    """Samples for fitting one back-rank weight per square of `BACK_ROW` instead of one for all.

    Quiet positions past the opening with more pieces than the ending terms start at (the back
    row guards against crowning in the middle game). Each sample's features are, per square
    of `BACK_ROW`, 1 for a black man there minus 1 for a white man on its mirror image, then
    the rest of the evaluation (``base`` with no back-rank bonus) in men, as the man's feature
    is in `feature_vector`: `fit_weights` with ``man`` 100 then fits the four squares alone.
    """
    weights = base or CheckersWeights()
    rest = checkers_evaluator(game, replace(weights, back_rank=0.0)).function
    black_bits = [SQUARE_BIT[square] for square in BACK_ROW]
    white_bits = [SQUARE_BIT[33 - square] for square in BACK_ROW]
    samples = []
    for state, result in quiet_positions(game, games):
        if (state.black | state.white).bit_count() > weights.endgame_pieces:
            black_men, white_men = state.black & ~state.kings, state.white & ~state.kings
            occupied = tuple(float(bool(black_men & black)) - float(bool(white_men & white))
                             for black, white in zip(black_bits, white_bits, strict=True))
            offset = rest(state, 0) * CHECKERS_SCALE / weights.man
            samples.append(Sample((*occupied, offset), result))
    return samples


def _sigmoid(x: float) -> float:
    if x < -500:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def mean_error(samples: Sequence[Sample], weights: Sequence[float], man: float, k: float) -> float:
    """Mean squared error of σ(K·s) against the results, ``s`` the evaluation in points."""
    total = 0.0
    for sample in samples:
        features = sample.features
        score = sum(w * f for w, f in zip(weights, features, strict=False)) + man * features[-1]
        total += (sample.result - _sigmoid(k * score)) ** 2
    return total / len(samples) if samples else 0.0


def fit_k(samples: Sequence[Sample], weights: Sequence[float], man: float) -> float:
    """The logistic scale K that best fits the results with the given weights
    (golden-section search over log K, the error being unimodal in practice)."""
    low, high = math.log(1e-5), math.log(1.0)
    ratio = (math.sqrt(5) - 1) / 2
    for _ in range(60):
        a = high - ratio * (high - low)
        b = low + ratio * (high - low)
        if mean_error(samples, weights, man, math.exp(a)) < mean_error(
                samples, weights, man, math.exp(b)):
            high = b
        else:
            low = a
    return math.exp((low + high) / 2)


@dataclass(frozen=True, slots=True)
class FitResult:
    weights: tuple[float, ...]
    k: float
    error_before: float
    error_after: float
    epochs: int


def fit_weights(
    samples: Sequence[Sample], start: Sequence[float], man: float, k: float,
    *, epochs: int = 300, rate: float = 1.0, floor: float = 0.0,
) -> FitResult:
    """Gradient descent (Adam, step decaying to zero) on the mean squared error, K fixed.

    Adam scales each weight's step by its own gradient history, so weights whose
    features differ by orders of magnitude (mobility counts, ending bonuses) share one
    ``rate`` (points per epoch at the start). Weights are kept at or above ``floor``:
    for the evaluation's weights 0, since a negative bonus for, say, centre control would
    be a fit to noise, not a strategy; the per-square back-row fit (`back_row_samples`)
    lets a square go below zero, which is what it is asked to find out.
    """
    count = len(start)
    weights = list(start)
    first = [0.0] * count
    second = [0.0] * count
    beta1, beta2, epsilon = 0.9, 0.999, 1e-12
    before = mean_error(samples, weights, man, k)
    for epoch in range(1, epochs + 1):
        gradient = [0.0] * count
        for sample in samples:
            features = sample.features
            score = sum(w * f for w, f in zip(weights, features, strict=False))
            score += man * features[-1]
            predicted = _sigmoid(k * score)
            common = -2.0 * (sample.result - predicted) * predicted * (1 - predicted) * k
            for i in range(count):
                gradient[i] += common * features[i]
        step_size = rate * (1 - (epoch - 1) / epochs)
        for i in range(count):
            g = gradient[i] / len(samples)
            first[i] = beta1 * first[i] + (1 - beta1) * g
            second[i] = beta2 * second[i] + (1 - beta2) * g * g
            step = (first[i] / (1 - beta1 ** epoch)) / (
                math.sqrt(second[i] / (1 - beta2 ** epoch)) + epsilon)
            weights[i] = max(floor, weights[i] - step_size * step)
    return FitResult(tuple(weights), k, before, mean_error(samples, weights, man, k), epochs)
