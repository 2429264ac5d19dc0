"""Proven results of margin games (`Game.margin_utilities`): the score encoding of
`adversa.search.common` keeps the margin and the distance, and orders them right."""

from __future__ import annotations

import itertools

import pytest

from adversa.search.common import (
    MAX_PLY,
    PROVEN,
    WIN,
    is_proven,
    proven_distance,
    proven_score,
    terminal_score,
    to_utility,
)

MARGINS = (1, 2, 3, 7, 64, 192)
PLIES = (0, 1, 2, 9, 41, MAX_PLY - 1)


@pytest.mark.parametrize(("margin", "ply"), itertools.product(MARGINS, PLIES))
def test_a_proven_score_gives_back_its_margin_and_distance(margin: int, ply: int) -> None:
    for utility in (float(margin), float(-margin)):
        score = proven_score(utility, ply)
        assert is_proven(score)
        assert to_utility(score) == utility
        assert proven_distance(score) == ply


def test_a_win_by_one_is_the_win_of_a_win_draw_loss_game() -> None:
    """The ±1 games' encoding is unchanged, so their values and node counts are too."""
    for ply in PLIES:
        assert proven_score(1.0, ply) == WIN - ply
        assert proven_score(-1.0, ply) == ply - WIN


def test_margin_ranks_first_then_distance() -> None:
    wins = sorted(
        itertools.product(MARGINS, PLIES),
        key=lambda pair: proven_score(float(pair[0]), pair[1]),
    )
    assert wins == sorted(itertools.product(MARGINS, PLIES), key=lambda p: (p[0], -p[1]))
    losses = sorted(
        itertools.product(MARGINS, PLIES),
        key=lambda pair: proven_score(float(-pair[0]), pair[1]),
    )
    assert losses == sorted(itertools.product(MARGINS, PLIES), key=lambda p: (-p[0], p[1]))


def test_heuristic_values_and_draws_stay_as_they_are() -> None:
    assert terminal_score(0.0, 5, by_distance=True) == 0.0
    assert terminal_score(3.0, 5, by_distance=False) == 3.0
    for value in (-63.5, -1.0, 0.25, 63.5):
        assert not is_proven(value)
        assert to_utility(value) == value
        assert proven_distance(value) is None
    assert max(MARGINS) < PROVEN  # beyond every heuristic value of these margin games
