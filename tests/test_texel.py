"""The Texel tuner: features reproduce the evaluation, and the fit finds known weights."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from narrowing import made

from adversa.games.checkers import Checkers, CheckersState
from adversa.games.checkers_eval import (
    CHECKERS_SCALE,
    GUARD_SQUARES,
    CheckersWeights,
    checkers_evaluator,
)
from adversa.match.texel import (
    BACK_ROW,
    OPENING_PLIES,
    TUNED,
    Sample,
    back_row_samples,
    feature_vector,
    fit_k,
    fit_weights,
    mean_error,
    samples_from_games,
    weight_vector,
    with_weights,
)

CHECKERS = made("checkers", Checkers)


def random_position(seed: int, plies: int) -> CheckersState:
    rng = random.Random(seed)
    state = CHECKERS.initial_state()
    for _ in range(plies):
        if CHECKERS.is_terminal(state):
            break
        state = CHECKERS.result(state, rng.choice(CHECKERS.legal_moves(state)))
    return state


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    plies=st.integers(0, 120),
    values=st.lists(st.floats(0, 200, allow_nan=False), min_size=len(TUNED),
                    max_size=len(TUNED)),
)
def test_features_times_weights_is_the_evaluation(seed: int, plies: int,
                                                  values: list[float]) -> None:
    state = random_position(seed, plies)
    if CHECKERS.is_terminal(state):
        return
    weights = with_weights(CheckersWeights(), values)
    features = feature_vector(CHECKERS, state)
    linear = sum(w * f for w, f in zip([*values, weights.man], features, strict=True))
    evaluation = checkers_evaluator(CHECKERS, weights).function(state, 0) * CHECKERS_SCALE
    assert linear == pytest.approx(evaluation, abs=1e-6)


def test_back_row_features_with_the_current_weights_are_the_evaluation() -> None:
    weights = CheckersWeights()
    evaluate = checkers_evaluator(CHECKERS, weights).function
    per_square = [weights.back_rank if square in GUARD_SQUARES else 0.0 for square in BACK_ROW]
    games = [(random_game(seed, 60), 0.5) for seed in range(6)]
    samples = back_row_samples(CHECKERS, games, weights)
    assert samples and all(sample.result == 0.5 for sample in samples)
    states = []
    for moves, _result in games:  # the positions the samples come from, in order
        state = CHECKERS.initial_state()
        for ply, text in enumerate(moves):
            if (ply >= OPENING_PLIES and CHECKERS.is_quiet(state)
                    and (state.black | state.white).bit_count() > weights.endgame_pieces):
                states.append(state)
            state = CHECKERS.result(state, CHECKERS.parse_move(state, text))
    assert len(states) == len(samples)
    for state, sample in zip(states, samples, strict=True):
        *occupied, rest = sample.features
        linear = sum(w * f for w, f in zip(per_square, occupied, strict=True)) + 100 * rest
        assert linear == pytest.approx(evaluate(state, 0) * CHECKERS_SCALE, abs=1e-6)
    assert any(any(sample.features[:4]) for sample in samples)  # the squares do vary


def synthetic(true: list[float], k: float, count: int, seed: int) -> list[Sample]:
    """Feature vectors with the results the true weights predict exactly (soft labels)."""
    rng = random.Random(seed)
    samples = []
    for _ in range(count):
        features = [rng.uniform(-3, 3) for _ in TUNED] + [rng.choice((-1.0, 0.0, 1.0))]
        score = sum(w * f for w, f in zip(true, features, strict=False)) + 100 * features[-1]
        samples.append(Sample(tuple(features), 1 / (1 + math.exp(-k * score))))
    return samples


def test_the_fit_recovers_the_weights_that_made_the_results() -> None:
    true = [150.0, 4.0, 10.0, 6.0, 2.0, 30.0, 12.0, 5.0, 9.0]
    k = 0.004
    samples = synthetic(true, k, 300, seed=1)
    start = weight_vector(CheckersWeights())
    result = fit_weights(samples, start, 100.0, k, epochs=300, rate=2.0)
    assert result.error_after < result.error_before / 20
    for name, found, wanted in zip(TUNED, result.weights, true, strict=True):
        assert found == pytest.approx(wanted, abs=3.0), name


def test_k_is_fitted_to_the_results() -> None:
    true = weight_vector(CheckersWeights())
    samples = synthetic(true, 0.01, 200, seed=2)
    assert fit_k(samples, true, 100.0) == pytest.approx(0.01, rel=0.02)
    assert mean_error(samples, true, 100.0, 0.01) == pytest.approx(0.0, abs=1e-12)


def random_game(seed: int, plies: int) -> list[str]:
    rng = random.Random(seed)
    state = CHECKERS.initial_state()
    moves = []
    for _ in range(plies):
        if CHECKERS.is_terminal(state):
            break
        move = rng.choice(CHECKERS.legal_moves(state))
        moves.append(CHECKERS.format_move(state, move))
        state = CHECKERS.result(state, move)
    return moves


def test_samples_skip_the_opening_and_pending_captures() -> None:
    assert samples_from_games(CHECKERS, [(random_game(3, OPENING_PLIES), 1.0)]) == []
    game = random_game(4, 60)
    state = CHECKERS.initial_state()
    expected = []
    for ply, text in enumerate(game):
        if ply >= OPENING_PLIES and CHECKERS.is_quiet(state):
            expected.append(feature_vector(CHECKERS, state))
        state = CHECKERS.result(state, CHECKERS.parse_move(state, text))
    samples = samples_from_games(CHECKERS, [(game, 0.5)])
    assert 0 < len(samples) < len(game) - OPENING_PLIES  # some positions had captures
    assert [sample.features for sample in samples] == expected
    assert all(sample.result == 0.5 for sample in samples)
