"""The default engines answer in bounded time on every board size, and still play
3×3 tic-tac-toe perfectly.

``alphabeta depth=9`` without a time limit took 25–30 s for its first reply on a
5×5 board (k = 4), and Nim or Grundy piles too big for ``solve`` fell back to
``alphabeta depth=12``, which did not finish in 40 s.
"""

from __future__ import annotations

from typing import Any

import pytest

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.search.engine import default_engine, run_search

GROWING_GAMES = [
    ("tictactoe", {"width": 5, "height": 5, "k": 4}),
    ("tictactoe", {"width": 10, "height": 10, "k": 5}),
    ("nim", {"piles": (1000, 1000, 1000)}),
    ("grundy", {"pile": 1000}),
    ("checkers", {}),
]


@pytest.mark.parametrize(("name", "settings"), GROWING_GAMES)
def test_the_default_engine_of_a_large_game_has_a_time_budget(
    name: str, settings: dict[str, Any]
) -> None:
    config = default_engine(make_game(name, settings))
    assert config is not None
    assert config.algorithm != "solve"  # too big to solve: a depth-first search it is
    assert config.time_budget is not None and config.time_budget <= 5


def test_the_default_engine_sees_3x3_tic_tac_toe_to_the_end() -> None:
    """From the empty board it completes the full 9 plies (well inside its budget)
    and knows the game is a draw: perfect play."""
    game = make_game("tictactoe")
    config = default_engine(game)
    assert config is not None and config.whole("depth") >= 9
    result = run_search(game, game.initial_state(), config, evaluation=evaluation_of(game))
    assert not result.stopped
    assert result.value == 0
    assert result.iterations[-1].depth == 9
    final = game.initial_state()
    for move in result.pv:
        final = game.result(final, game.parse_move(final, move))
    assert game.is_terminal(final)  # the line it judged was played out to the end


@pytest.mark.parametrize(("position", "wanted"), [
    ("xx./oo./...", "c3"),  # X wins at once
    ("x../.o./..x", "a2"),  # O must take an edge, not a corner, against the fork
])
def test_the_default_engine_finds_the_3x3_tactics(position: str, wanted: str) -> None:
    game = make_game("tictactoe")
    config = default_engine(game)
    assert config is not None
    result = run_search(game, game.parse_position(position), config, evaluation=evaluation_of(game))
    assert result.best_move_text is not None
    if wanted == "a2":  # any edge holds the draw
        assert result.best_move_text in {"b3", "a2", "c2", "b1"}
        assert result.value == 0
    else:
        assert result.best_move_text == wanted
