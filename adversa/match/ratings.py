"""Ratings of many engines from all their games: maximum likelihood, draws modelled.

`adversa.match.elo` rates one engine against another from a tally. A tournament
needs one scale for everyone, estimated from every game at once, as BayesElo and
Ordo do. The model is BayesElo's: with ratings ``r`` and a draw width ``θ``
(in Elo), a game between ``i`` and ``j`` ends

* ``i`` wins with probability ``F(rᵢ − rⱼ − θ)``,
* ``j`` wins with probability ``F(rⱼ − rᵢ − θ)``,
* drawn otherwise, where ``F(x) = 1 / (1 + 10^(−x/400))``.

So a stronger engine wins more, and a bigger ``θ`` makes draws likelier at any
difference; ``θ`` is estimated with the ratings (fixed at 0 when no game was drawn).
The ratings maximise the log-likelihood of the observed results, found by Newton's
method on the exact gradient and Hessian; they are shifted to average 0, the
scale's only free choice.

* **Prior**: an engine that won every game would have an infinite rating (and with
  no game lost anywhere, so would ``θ``). As BayesElo does, each pairing that met is
  credited ``prior`` virtual games (2 by default) of even engines, a quarter won, half
  drawn, a quarter lost, which pull ratings together only as much as two games would.
* **95 % intervals**: from the inverse of the observed information (the negative
  Hessian) at the optimum, the usual large-sample normal approximation:
  ``rᵢ ± 1.96·σᵢ`` with ``σᵢ`` for ratings that average 0.
* **Likelihood of superiority** of an engine over the next below it:
  ``Φ((rᵢ − rⱼ) / σ(rᵢ − rⱼ))``, the variance of the difference taken from the same
  matrix (it includes their covariance).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from adversa.games.base import AdversaError
from adversa.match.elo import Z_95

LN10_400 = math.log(10.0) / 400.0
"""Converts Elo to the natural logistic scale: ``F(x) = σ(x · ln 10 / 400)``."""
DEFAULT_PRIOR = 2.0
"""Virtual even games credited to each pairing that played (as BayesElo's prior)."""


class RatingError(AdversaError):
    """Results that fix no ratings (no games, or engines in unconnected groups)."""


@dataclass(frozen=True, slots=True)
class PairResults:
    """Results between engine ``first`` and engine ``second``, from ``first``'s side;
    counts may be fractional (virtual games, expected counts)."""

    first: int
    second: int
    wins: float
    draws: float
    losses: float


@dataclass(frozen=True, slots=True)
class Ratings:
    """The fitted ratings (average 0), their covariance, and the draw width ``θ``."""

    ratings: tuple[float, ...]
    covariance: tuple[tuple[float, ...], ...]
    draw_elo: float

    def interval(self, engine: int) -> tuple[float, float]:
        """The 95 % interval of ``engine``'s rating."""
        half = Z_95 * math.sqrt(max(0.0, self.covariance[engine][engine]))
        return self.ratings[engine] - half, self.ratings[engine] + half

    def superiority(self, better: int, worse: int) -> float:
        """Likelihood that ``better`` is really stronger than ``worse``."""
        variance = (self.covariance[better][better] + self.covariance[worse][worse]
                    - 2 * self.covariance[better][worse])
        difference = self.ratings[better] - self.ratings[worse]
        if variance <= 0:
            return 0.5 if difference == 0 else float(difference > 0)
        return 0.5 * (1 + math.erf(difference / math.sqrt(2 * variance)))


def tally_pairs(games: Iterable[tuple[int, int, float]]) -> list[PairResults]:
    """Each pairing's wins, draws and losses from ``(engine, opponent, points)`` games."""
    counts: dict[tuple[int, int], list[float]] = {}
    for engine, opponent, points in games:
        key, points = ((engine, opponent), points) if engine < opponent else (
            (opponent, engine), 1 - points)
        tally = counts.setdefault(key, [0.0, 0.0, 0.0])
        tally[0 if points == 1 else 2 if points == 0 else 1] += 1
    return [PairResults(i, j, *tally) for (i, j), tally in sorted(counts.items())]


def fit_ratings(engines: int, results: Sequence[PairResults],
                prior: float = DEFAULT_PRIOR) -> Ratings:
    """Maximum-likelihood ratings of ``engines`` engines from ``results``.

    Raises `RatingError` when the results do not connect every engine to the others.
    """
    if engines == 1:
        return Ratings((0.0,), ((0.0,),), 0.0)
    pairs = [PairResults(p.first, p.second, p.wins + prior / 4, p.draws + prior / 2,
                         p.losses + prior / 4)
             for p in results if p.wins + p.draws + p.losses > 0]
    with_draw = any(p.draws > 0 for p in pairs)
    # Unknowns: r_1 … r_{n−1} (r_0 is held at 0 while fitting) and θ when draws exist.
    values = [0.0] * (engines - 1) + ([100.0] if with_draw else [])
    likelihood = _log_likelihood(engines, pairs, values, with_draw)
    for _ in range(100):
        gradient, hessian = _derivatives(engines, pairs, values, with_draw)
        try:
            step = _solve(hessian, [-g for g in gradient])
        except ZeroDivisionError:
            raise RatingError("the games do not connect every engine to the others, so "
                              "they cannot be rated on one scale") from None
        scale = 1.0
        while True:  # halve the Newton step until the likelihood improves
            trial = [value + scale * delta for value, delta in zip(values, step, strict=True)]
            if with_draw and trial[-1] <= 0:
                trial[-1] = values[-1] / 2
            trial_likelihood = _log_likelihood(engines, pairs, trial, with_draw)
            if trial_likelihood >= likelihood - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        values, likelihood = trial, trial_likelihood
        if max(abs(scale * delta) for delta in step) < 1e-9:
            break
    _, hessian = _derivatives(engines, pairs, values, with_draw)
    try:
        inverse = _inverse([[-entry for entry in row] for row in hessian])
    except ZeroDivisionError:
        raise RatingError("the games do not connect every engine to the others") from None
    ratings = [0.0, *values[:engines - 1]]
    mean = sum(ratings) / engines
    # Covariance of r − mean(r) = A·r, with r_0 fixed at 0: A drops into the block.
    anchored = [[0.0] * engines for _ in range(engines)]
    for i in range(1, engines):
        for j in range(1, engines):
            anchored[i][j] = inverse[i - 1][j - 1]
    row_means = [sum(row) / engines for row in anchored]
    total_mean = sum(row_means) / engines
    covariance = tuple(tuple(anchored[i][j] - row_means[i] - row_means[j] + total_mean
                             for j in range(engines)) for i in range(engines))
    return Ratings(tuple(r - mean for r in ratings), covariance,
                   values[-1] if with_draw else 0.0)


def _split(engines: int, values: Sequence[float], with_draw: bool) -> tuple[list[float], float]:
    return [0.0, *values[:engines - 1]], (values[-1] if with_draw else 0.0)


def _log_likelihood(engines: int, pairs: Sequence[PairResults], values: Sequence[float],
                    with_draw: bool) -> float:
    ratings, theta = _split(engines, values, with_draw)
    total = 0.0
    for pair in pairs:
        d = ratings[pair.first] - ratings[pair.second]
        win = _logistic(LN10_400 * (d - theta))
        loss = _logistic(LN10_400 * (-d - theta))
        draw = 1 - win - loss
        for count, probability in ((pair.wins, win), (pair.losses, loss), (pair.draws, draw)):
            if count:
                total += count * math.log(probability) if probability > 0 else -math.inf
    return total


def _derivatives(engines: int, pairs: Sequence[PairResults], values: Sequence[float],
                 with_draw: bool) -> tuple[list[float], list[list[float]]]:
    """Gradient and Hessian of the log-likelihood in the unknowns (see `fit_ratings`).

    Per pair the likelihood depends on ``x = c(d − θ)`` and ``y = c(−d − θ)`` (``c =
    ln 10 / 400``, ``d = rᵢ − rⱼ``); its derivatives in x and y are exact, then carried
    to ``d`` and ``θ`` (``∂d = c(∂x − ∂y)``, ``∂θ = −c(∂x + ∂y)``) and to the ratings.
    """
    ratings, theta = _split(engines, values, with_draw)
    full = engines + 1  # r_0 … r_{n−1}, θ; r_0 and (without draws) θ are dropped at the end
    gradient = [0.0] * full
    hessian = [[0.0] * full for _ in range(full)]
    c = LN10_400
    for pair in pairs:
        d = ratings[pair.first] - ratings[pair.second]
        win = _logistic(c * (d - theta))
        loss = _logistic(c * (-d - theta))
        vw, vl = win * (1 - win), loss * (1 - loss)
        gx, gy = pair.wins * (1 - win), pair.losses * (1 - loss)
        hxx, hyy, hxy = -pair.wins * vw, -pair.losses * vl, 0.0
        if pair.draws:  # log P(draw) = log(1 − F(x) − F(y))
            draw = 1 - win - loss
            gx -= pair.draws * vw / draw
            gy -= pair.draws * vl / draw
            hxx -= pair.draws * (vw * (1 - 2 * win) / draw + (vw / draw) ** 2)
            hyy -= pair.draws * (vl * (1 - 2 * loss) / draw + (vl / draw) ** 2)
            hxy -= pair.draws * (vw / draw) * (vl / draw)
        g_d, g_t = c * (gx - gy), -c * (gx + gy)
        h_dd = c * c * (hxx - 2 * hxy + hyy)
        h_dt = c * c * (-hxx + hyy)
        h_tt = c * c * (hxx + 2 * hxy + hyy)
        i, j, t = pair.first, pair.second, engines
        gradient[i] += g_d
        gradient[j] -= g_d
        gradient[t] += g_t
        for a, sign_a in ((i, 1), (j, -1)):
            hessian[a][t] += sign_a * h_dt
            hessian[t][a] += sign_a * h_dt
            for b, sign_b in ((i, 1), (j, -1)):
                hessian[a][b] += sign_a * sign_b * h_dd
        hessian[t][t] += h_tt
    keep = list(range(1, engines)) + ([engines] if with_draw else [])
    return [gradient[k] for k in keep], [[hessian[a][b] for b in keep] for a in keep]


def _logistic(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def _solve(matrix: Sequence[Sequence[float]], vector: Sequence[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination with partial pivoting;
    `ZeroDivisionError` for a singular matrix."""
    n = len(vector)
    rows = [[*matrix[k], vector[k]] for k in range(n)]
    tiny = 1e-13 * max((abs(entry) for row in matrix for entry in row), default=0.0)
    for column in range(n):
        pivot = max(range(column, n), key=lambda k: abs(rows[k][column]))
        if abs(rows[pivot][column]) <= tiny:
            raise ZeroDivisionError("singular matrix")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for k in range(n):
            if k != column:
                factor = rows[k][column] / rows[column][column]
                for m in range(column, n + 1):
                    rows[k][m] -= factor * rows[column][m]
    return [rows[k][n] / rows[k][k] for k in range(n)]


def _inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    n = len(matrix)
    columns = [_solve(matrix, [1.0 if k == column else 0.0 for k in range(n)])
               for column in range(n)]
    return [[columns[column][row] for column in range(n)] for row in range(n)]
