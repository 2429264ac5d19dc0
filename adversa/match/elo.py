"""Match statistics: score, Elo difference with a 95% interval, LOS and SPRT.

Everything here is about one engine (A) against another (B), from a tally of
A's wins, draws and losses. The formulas are the ones engine testers use
(cutechess-cli's ``Elo`` column, fastchess's ``model=logistic`` SPRT), written
out so a student can check them by hand:

* **Score** ``μ = (W + D/2) / N``.
* **Elo difference** from the logistic model ``μ = 1 / (1 + 10^(−Δ/400))``,
  i.e. ``Δ = −400 · log10(1/μ − 1)``; a score of 0.75 is +190.85 Elo.
* **95% interval**: each game is a trinomial result ``x ∈ {1, ½, 0}``; its
  variance is ``σ² = (W(1−μ)² + D(½−μ)² + L(0−μ)²) / N``, the score's standard
  error ``σ/√N``, and the interval is the Elo of ``μ ± 1.95996·σ/√N`` (the
  normal approximation, mapped through the logistic curve, so it is not
  symmetric around Δ). The "±" shown is half its width, as cutechess prints.
* **LOS** (likelihood of superiority) ``½·(1 + erf((W − L) / √(2(W + L))))``:
  draws carry no information about who is stronger.
* **SPRT** (sequential probability ratio test) of H0: Δ = elo0 against
  H1: Δ = elo1, as the generalised SPRT on the trinomial (M. Van den Bergh's
  GSPRT, the method of fishtest; cutechess and fastchess test the same
  hypotheses). Each hypothesis is a score ``s0``/``s1`` (logistic model); for
  each we take the win/draw/loss distribution with that expected score that
  makes the observed results most likely, and
  ``LLR = N · Σ q_i · log(p1_i / p0_i)`` over the observed frequencies ``q``.
  For large N it equals the normal approximation
  ``N·(s1 − s0)·(2μ − s0 − s1) / (2σ²)`` (fastchess's ``model=logistic``), but
  unlike it stays sensible after a handful of identical results: n straight
  wins give ``n·log(s1/s0)``, not an infinite ratio. Empty outcomes count as
  0.001 games (fishtest's regularisation) so the estimate exists. The test
  stops when LLR ≥ ``log((1−β)/α)`` (accept H1) or LLR ≤ ``log(β/(1−α))``
  (accept H0); with α = β = 0.05 the bounds are ±2.944.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

REGULARISATION = 1e-3
"""Games credited to an outcome that never happened, so the SPRT's estimate exists."""


@dataclass(frozen=True, slots=True)
class Tally:
    """Engine A's wins, draws and losses against engine B."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def score(self) -> float | None:
        """A's average points per game (None before any game)."""
        if self.games == 0:
            return None
        return (self.wins + 0.5 * self.draws) / self.games

    def add(self, points: float) -> Tally:
        """The tally after one more game in which A scored ``points`` (1, ½ or 0)."""
        if points == 1:
            return Tally(self.wins + 1, self.draws, self.losses)
        if points == 0:
            return Tally(self.wins, self.draws, self.losses + 1)
        return Tally(self.wins, self.draws + 1, self.losses)


def elo_from_score(score: float) -> float:
    """The logistic Elo difference for an expected score; ±inf at 1 and 0."""
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    """The expected score of a player ``elo`` points stronger (inverse of `elo_from_score`)."""
    return float(1.0 / (1.0 + 10.0 ** (-elo / 400.0)))


def per_game_variance(tally: Tally) -> float:
    """Variance of one game's result (1, ½ or 0) around the mean score."""
    mean = tally.score
    if mean is None:
        return 0.0
    spread = (
        tally.wins * (1.0 - mean) ** 2
        + tally.draws * (0.5 - mean) ** 2
        + tally.losses * (0.0 - mean) ** 2
    )
    return spread / tally.games


@dataclass(frozen=True, slots=True)
class EloEstimate:
    """The Elo difference of A over B with its 95% interval (may be infinite)."""

    elo: float
    lower: float
    upper: float

    @property
    def error(self) -> float:
        """Half the interval's width: the "±" figure cutechess prints."""
        return (self.upper - self.lower) / 2.0


def elo_estimate(tally: Tally) -> EloEstimate | None:
    """Elo difference and 95% interval, None before any game."""
    mean = tally.score
    if mean is None:
        return None
    standard_error = math.sqrt(per_game_variance(tally) / tally.games)
    margin = Z_95 * standard_error
    return EloEstimate(
        elo=elo_from_score(mean),
        lower=elo_from_score(max(0.0, mean - margin)),
        upper=elo_from_score(min(1.0, mean + margin)),
    )


def likelihood_of_superiority(tally: Tally) -> float | None:
    """Probability that A is stronger than B; None when no game was decisive."""
    decisive = tally.wins + tally.losses
    if decisive == 0:
        return None
    return 0.5 * (1.0 + math.erf((tally.wins - tally.losses) / math.sqrt(2.0 * decisive)))


@dataclass(frozen=True, slots=True)
class SprtResult:
    """One look at a running SPRT."""

    llr: float
    lower_bound: float
    upper_bound: float
    elo0: float
    elo1: float

    @property
    def verdict(self) -> str:
        """``"H1"`` (A is elo1 stronger), ``"H0"`` (it is not) or ``"continue"``."""
        if self.llr >= self.upper_bound:
            return "H1"
        if self.llr <= self.lower_bound:
            return "H0"
        return "continue"


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """Wald's LLR bounds ``(log(β/(1−α)), log((1−β)/α))``."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


OUTCOMES = (1.0, 0.5, 0.0)
"""Points for a win, a draw and a loss (the trinomial's three values)."""


def sprt(
    tally: Tally, elo0: float, elo1: float, alpha: float = 0.05, beta: float = 0.05
) -> SprtResult:
    """The GSPRT log-likelihood ratio of H1 (Δ = elo1) over H0 (Δ = elo0)."""
    lower, upper = sprt_bounds(alpha, beta)
    if tally.games == 0:
        return SprtResult(0.0, lower, upper, elo0, elo1)
    counts = [float(count) or REGULARISATION for count in (tally.wins, tally.draws, tally.losses)]
    total = sum(counts)
    observed = [count / total for count in counts]
    under_h0 = _closest_distribution(observed, score_from_elo(elo0))
    under_h1 = _closest_distribution(observed, score_from_elo(elo1))
    llr = total * sum(
        p * math.log(p1 / p0) for p, p0, p1 in zip(observed, under_h0, under_h1, strict=True)
    )
    return SprtResult(llr, lower, upper, elo0, elo1)


def _closest_distribution(observed: list[float], mean: float) -> list[float]:
    """The win/draw/loss distribution with expected score ``mean`` that makes the
    observed frequencies most likely (the maximum-likelihood estimate under H).

    Lagrange multipliers give ``p_i = q_i / (1 + λ·(a_i − mean))`` with λ the root
    of ``Σ q_i (a_i − mean) / (1 + λ (a_i − mean)) = 0``; that sum falls as λ
    rises, so bisection between the bounds that keep every p_i positive finds it.
    """
    deviations = [points - mean for points in OUTCOMES]
    low = max(-1.0 / d for d in deviations if d > 0)
    high = min(-1.0 / d for d in deviations if d < 0)
    for _ in range(200):
        middle = (low + high) / 2
        slope = sum(q * d / (1 + middle * d) for q, d in zip(observed, deviations, strict=True))
        if slope > 0:
            low = middle
        else:
            high = middle
    multiplier = (low + high) / 2
    return [q / (1 + multiplier * d) for q, d in zip(observed, deviations, strict=True)]


def parse_sprt(text: str) -> tuple[float, float]:
    """``"0,10"`` → ``(0.0, 10.0)``; raises ValueError with what was expected."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) != 2:
        raise ValueError(f"--sprt {text!r}: expected ELO0,ELO1, e.g. 0,10")
    try:
        elo0, elo1 = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError(f"--sprt {text!r}: expected two numbers ELO0,ELO1, e.g. 0,10") from None
    if not elo0 < elo1:
        raise ValueError(f"--sprt {text!r}: ELO0 must be below ELO1, e.g. 0,10")
    return elo0, elo1
