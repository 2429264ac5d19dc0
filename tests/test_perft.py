"""Generic perft: leaf counts at exact depth, chance outcomes as plies, divide,
and the hand-off to a game's own specialised ``perft`` method."""

from __future__ import annotations

from typing import Any

import pytest

from adversa.games import make_game
from adversa.games.nim import Nim
from adversa.games.perft import generic_perft, perft, perft_divide
from adversa.games.tree import TreeGame


def test_leaves_that_end_early_are_not_counted_deeper() -> None:
    game = TreeGame.from_data([[1, 2], 3, [[4, 5, 6]]])
    assert [perft(game, (), depth) for depth in range(4)] == [1, 3, 3, 3]


def test_chance_outcomes_count_as_plies() -> None:
    game = TreeGame(file="expectiminimax")
    assert [perft(game, (), depth) for depth in range(1, 5)] == [2, 4, 8, 0]
    assert perft_divide(game, (0,), 2) == [("1", 2), ("2", 2)]


def test_divide_sums_to_perft() -> None:
    game = Nim()
    state = game.initial_state()
    split = perft_divide(game, state, 3)
    assert [move for move, _ in split] == game.format_moves(state, game.legal_moves(state))
    assert sum(count for _, count in split) == perft(game, state, 3)


def test_depth_must_be_sensible() -> None:
    game = Nim()
    with pytest.raises(ValueError):
        perft(game, game.initial_state(), -1)
    with pytest.raises(ValueError):
        perft_divide(game, game.initial_state(), 0)


def test_a_games_own_perft_is_used_when_it_has_one() -> None:
    calls: list[tuple[Any, int]] = []

    class CountingNim(Nim):
        def perft(self, state: Any, depth: int) -> int:
            calls.append((state, depth))
            return generic_perft(self, state, depth)

    game = CountingNim()
    assert perft(game, game.initial_state(), 2) == generic_perft(Nim(), Nim().initial_state(), 2)
    assert calls == [(game.initial_state(), 2)]


def test_specialised_checkers_perft_agrees_with_the_generic_one() -> None:
    pytest.importorskip("adversa.games.checkers", reason="checkers is not written yet")
    game = make_game("checkers")
    state = game.initial_state()
    for depth in range(1, 5):
        assert perft(game, state, depth) == generic_perft(game, state, depth)
