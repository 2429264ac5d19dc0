"""Tournament ratings (maximum likelihood, draws modelled) against answers found
another way: closed forms, the model's own expected results, and simulation."""

from __future__ import annotations

import math
import random

import pytest

from adversa.match.ratings import PairResults, RatingError, fit_ratings, tally_pairs


def logistic_elo(x: float) -> float:
    return 1 / (1 + 10 ** (-x / 400))


def expected(first: int, second: int, ratings: list[float], theta: float,
             games: float) -> PairResults:
    """The counts the model expects: the likelihood is maximal at the true values."""
    d = ratings[first] - ratings[second]
    win, loss = logistic_elo(d - theta), logistic_elo(-d - theta)
    return PairResults(first, second, games * win, games * (1 - win - loss), games * loss)


def test_two_engines_match_the_closed_form() -> None:
    """Two engines and θ are two unknowns for two free frequencies, so the fit must
    reproduce them: F(d − θ) = W/N and F(−d − θ) = L/N, solved by hand."""
    wins, draws, losses = 30, 50, 20
    n = wins + draws + losses
    a = 400 * math.log10(wins / (n - wins))     # d − θ
    b = 400 * math.log10(losses / (n - losses))  # −d − θ
    fitted = fit_ratings(2, [PairResults(0, 1, wins, draws, losses)], prior=0)
    assert fitted.ratings[0] - fitted.ratings[1] == pytest.approx((a - b) / 2, abs=1e-6)
    assert fitted.draw_elo == pytest.approx(-(a + b) / 2, abs=1e-6)
    assert fitted.ratings[0] == pytest.approx(-fitted.ratings[1])


def test_expected_results_give_back_the_true_ratings() -> None:
    truth = [120.0, 0.0, -40.0, -80.0]
    theta = 90.0
    pairs = [expected(i, j, truth, theta, 500) for i in range(4) for j in range(i + 1, 4)]
    fitted = fit_ratings(4, pairs, prior=0)
    mean = sum(truth) / 4
    assert list(fitted.ratings) == pytest.approx([r - mean for r in truth], abs=1e-6)
    assert fitted.draw_elo == pytest.approx(theta, abs=1e-6)


def test_no_draws_fixes_theta_at_zero_and_still_fits() -> None:
    truth = [50.0, -50.0, 0.0]
    pairs = []
    for i in range(3):
        for j in range(i + 1, 3):
            p = logistic_elo(truth[i] - truth[j])
            pairs.append(PairResults(i, j, 1000 * p, 0, 1000 * (1 - p)))
    fitted = fit_ratings(3, pairs, prior=0)
    assert fitted.draw_elo == 0
    assert list(fitted.ratings) == pytest.approx(truth, abs=1e-6)


def test_intervals_cover_the_truth_about_95_percent_of_the_time() -> None:
    """Simulated round robins from known ratings: the 95 % interval of the difference
    between engines 0 and 1 must contain the true difference in about 95 % of them."""
    rng = random.Random(31)
    truth, theta = [60.0, 0.0, -60.0], 80.0
    covered = 0
    trials = 300
    for _ in range(trials):
        games = []
        for i in range(3):
            for j in range(i + 1, 3):
                d = truth[i] - truth[j]
                win, loss = logistic_elo(d - theta), logistic_elo(-d - theta)
                for _ in range(60):
                    u = rng.random()
                    games.append((i, j, 1.0 if u < win else 0.0 if u < win + loss else 0.5))
        fitted = fit_ratings(3, tally_pairs(games), prior=0)
        diff = fitted.ratings[0] - fitted.ratings[1]
        cov = fitted.covariance
        half = 1.959964 * math.sqrt(cov[0][0] + cov[1][1] - 2 * cov[0][1])
        covered += abs(diff - (truth[0] - truth[1])) <= half
    assert 0.91 <= covered / trials <= 0.99


def test_intervals_halve_with_four_times_the_games() -> None:
    truth, theta = [30.0, 0.0, -30.0], 60.0
    widths = []
    for games in (100, 400):
        pairs = [expected(i, j, truth, theta, games) for i in range(3) for j in range(i + 1, 3)]
        low, high = fit_ratings(3, pairs, prior=0).interval(0)
        widths.append(high - low)
    assert widths[1] == pytest.approx(widths[0] / 2, rel=1e-6)


def test_a_perfect_score_stays_finite_with_the_prior_and_superiority_is_sensible() -> None:
    fitted = fit_ratings(3, tally_pairs([(0, 1, 1.0)] * 10 + [(1, 2, 0.5)] * 10
                                        + [(0, 2, 1.0)] * 10))
    assert all(math.isfinite(r) for r in fitted.ratings)
    assert fitted.ratings[0] > fitted.ratings[1] + 100
    assert fitted.superiority(0, 1) > 0.99
    assert fitted.superiority(1, 2) == pytest.approx(0.5, abs=1e-6)


def test_tally_pairs_counts_from_the_lower_numbered_engines_side() -> None:
    assert tally_pairs([(1, 0, 1.0), (0, 1, 0.5), (0, 1, 1.0)]) == [PairResults(0, 1, 1, 1, 1)]


def test_unconnected_engines_cannot_be_rated() -> None:
    with pytest.raises(RatingError, match="do not connect"):
        fit_ratings(4, [PairResults(0, 1, 3, 1, 2), PairResults(2, 3, 1, 1, 1)])
