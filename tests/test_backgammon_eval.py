"""The backgammon evaluation and its one-sided bear-off database."""

from __future__ import annotations

import random

import pytest

from adversa.games import make_game
from adversa.games.backgammon_bearoff import expected_rolls
from adversa.games.backgammon_eval import equity, in_contact, win_chance
from adversa.games.backgammon_moves import START
from adversa.games.base import CHANCE

GAME = make_game("backgammon")


def test_bear_off_values_worked_by_hand() -> None:
    assert expected_rolls((0, 0, 0, 0, 0, 0)) == 0
    assert expected_rolls((1, 0, 0, 0, 0, 0)) == 1
    assert expected_rolls((4, 0, 0, 0, 0, 0)) == pytest.approx(1 + 30 / 36)  # doubles: all
    assert expected_rolls((2, 0, 0, 0, 0, 0)) == 1
    # One checker on the 6-point: 11, 21, 31, 41 and 32 (9 of 36 rolls) leave it on.
    assert expected_rolls((0, 0, 0, 0, 0, 1)) == pytest.approx(1 + 9 / 36)
    # Three on the 1-point: doubles take all, other rolls two: 1 + 30/36.
    assert expected_rolls((3, 0, 0, 0, 0, 0)) == pytest.approx(1 + 30 / 36)


def test_bear_off_values_grow_with_every_checker_added() -> None:
    rng = random.Random(1)
    for _ in range(200):
        counts = [0] * 6
        for _ in range(rng.randint(1, 14)):
            counts[rng.randrange(6)] += 1
        more = list(counts)
        more[rng.randrange(6)] += 1
        assert expected_rolls(tuple(more)) >= expected_rolls(tuple(counts))


def test_contact_and_race() -> None:
    assert in_contact(START, START)
    race = (0, 3, 3, 3, 3, 3, 0) + (0,) * 19
    assert not in_contact(race, race)
    # In an even race the side on roll is the favourite.
    assert 0.5 < win_chance(race, race) < 1


def test_equity_is_zero_sum_and_inside_the_utility_range() -> None:
    rng = random.Random(8)
    state = GAME.initial_state()
    seen = 0
    while seen < 200:
        if GAME.is_terminal(state):
            state = GAME.initial_state()
        if GAME.to_move(state) == CHANCE:
            state = GAME.result(state, rng.choice(GAME.chance_outcomes(state))[0])
            continue
        value = equity(state, 0)
        assert value == pytest.approx(-equity(state, 1))
        assert -1 < value < 1
        seen += 1
        state = GAME.result(state, rng.choice(list(GAME.legal_moves(state))))
