"""Match statistics against values worked out by hand (see adversa/match/elo.py)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adversa.match.elo import (
    Tally,
    elo_estimate,
    elo_from_score,
    likelihood_of_superiority,
    parse_sprt,
    per_game_variance,
    score_from_elo,
    sprt,
    sprt_bounds,
)


def test_even_score_is_zero_elo() -> None:
    assert elo_from_score(0.5) == 0.0


def test_three_quarters_is_plus_190_85() -> None:
    # -400 · log10(1/0.75 - 1) = 400 · log10(3) = 190.8485...
    assert elo_from_score(0.75) == pytest.approx(190.8485, abs=1e-4)
    assert elo_from_score(0.25) == pytest.approx(-190.8485, abs=1e-4)


def test_perfect_scores_are_unbounded() -> None:
    assert elo_from_score(1.0) == math.inf
    assert elo_from_score(0.0) == -math.inf


@given(st.floats(min_value=-1500, max_value=1500))
def test_score_and_elo_are_inverse(elo: float) -> None:
    assert elo_from_score(score_from_elo(elo)) == pytest.approx(elo, abs=1e-6)


def test_tally_counts_points() -> None:
    tally = Tally().add(1).add(0.5).add(0).add(1)
    assert (tally.wins, tally.draws, tally.losses, tally.games) == (2, 1, 1, 4)
    assert tally.score == pytest.approx(0.625)
    assert Tally().score is None


def test_interval_for_60_20_20_by_hand() -> None:
    # mean 0.7; variance (60·0.3² + 20·0.2² + 20·0.7²)/100 = 0.16; standard error
    # sqrt(0.16/100) = 0.04; 95% margin 1.96·0.04 = 0.0784 → scores 0.6216 … 0.7784;
    # Elo: -400·log10(1/0.6216 - 1) = 86.2, -400·log10(1/0.7784 - 1) = 218.3,
    # and the point estimate -400·log10(1/0.7 - 1) = 147.2.
    tally = Tally(60, 20, 20)
    assert per_game_variance(tally) == pytest.approx(0.16)
    estimate = elo_estimate(tally)
    assert estimate is not None
    assert estimate.elo == pytest.approx(147.19, abs=0.01)
    assert estimate.lower == pytest.approx(86.23, abs=0.05)
    assert estimate.upper == pytest.approx(218.25, abs=0.05)
    assert estimate.error == pytest.approx((218.25 - 86.23) / 2, abs=0.05)


def test_interval_is_symmetric_for_an_even_match() -> None:
    estimate = elo_estimate(Tally(30, 40, 30))
    assert estimate is not None
    assert estimate.elo == pytest.approx(0.0, abs=1e-9)
    assert estimate.lower == pytest.approx(-estimate.upper)
    # sd = sqrt(0.15/100) = 0.03873; margin 0.07591 → Elo of 0.57591 = 53.2
    assert estimate.upper == pytest.approx(53.2, abs=0.1)


def test_no_estimate_before_any_game() -> None:
    assert elo_estimate(Tally()) is None
    assert likelihood_of_superiority(Tally(0, 5, 0)) is None


def test_likelihood_of_superiority() -> None:
    assert likelihood_of_superiority(Tally(10, 3, 10)) == pytest.approx(0.5)
    # (W - L)/sqrt(2(W + L)) = 6/sqrt(36) = 1 → 0.5·(1 + erf(1)) = 0.9214
    assert likelihood_of_superiority(Tally(12, 0, 6)) == pytest.approx(0.92135, abs=1e-4)


def test_sprt_bounds_for_five_percent_errors() -> None:
    lower, upper = sprt_bounds(0.05, 0.05)
    assert upper == pytest.approx(math.log(19))  # log(0.95/0.05)
    assert lower == pytest.approx(-math.log(19))


def test_sprt_straight_wins_give_n_log_ratio() -> None:
    # With only wins, the closest distribution with score s is "win with
    # probability s, else lose", so each win adds log(s1/s0).
    s0, s1 = score_from_elo(0), score_from_elo(50)
    result = sprt(Tally(20, 0, 0), 0, 50)
    assert result.llr == pytest.approx(20 * math.log(s1 / s0), rel=1e-3)
    assert result.verdict == "continue"  # 20 · 0.1335 = 2.67 < 2.944
    assert sprt(Tally(23, 0, 0), 0, 50).verdict == "H1"  # 23 · 0.1335 = 3.07


def test_sprt_matches_the_normal_approximation_on_large_samples() -> None:
    # N(s1 - s0)(2μ - s0 - s1)/(2σ²) with μ = 0.5, σ² = 0.15, N = 1000:
    # s1 = 0.51439, so 1000 · 0.01439 · (-0.01439) / 0.3 = -0.690
    result = sprt(Tally(300, 400, 300), 0, 10)
    assert result.llr == pytest.approx(-0.690, abs=0.002)
    assert result.verdict == "continue"


def test_sprt_verdicts() -> None:
    assert sprt(Tally(3000, 4000, 3000), 0, 10).verdict == "H0"
    assert sprt(Tally(700, 200, 100), 0, 10).verdict == "H1"
    assert sprt(Tally(), 0, 10).llr == 0.0


def test_parse_sprt() -> None:
    assert parse_sprt("0,10") == (0.0, 10.0)
    assert parse_sprt(" -5 , 5 ") == (-5.0, 5.0)
    for bad in ("10", "a,b", "10,0", "1,2,3"):
        with pytest.raises(ValueError, match="ELO0"):
            parse_sprt(bad)


tallies = st.builds(Tally, st.integers(0, 500), st.integers(0, 500), st.integers(0, 500)).filter(
    lambda tally: tally.games > 0
)


@given(tallies)
def test_interval_contains_the_estimate(tally: Tally) -> None:
    estimate = elo_estimate(tally)
    assert estimate is not None
    assert estimate.lower <= estimate.elo <= estimate.upper


@given(tallies)
def test_a_win_instead_of_a_loss_never_lowers_the_llr(tally: Tally) -> None:
    if tally.losses == 0:
        return
    better = Tally(tally.wins + 1, tally.draws, tally.losses - 1)
    assert sprt(better, 0, 10).llr >= sprt(tally, 0, 10).llr - 1e-9
