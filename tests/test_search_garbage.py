"""A finished search leaves no reference cycles behind (issue 14).

Cyclic garbage waits for Python's cyclic collector, which runs on whichever thread
allocates next: in the app, the UI thread, which then stalls while it walks the dead
search (its transposition table, its MCTS tree). Every search must instead be freed by
reference counting when its result is dropped. Counted, not timed.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.search.engine import engine_for, run_search


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    yield
    gc.enable()


@pytest.mark.parametrize(
    ("game_name", "engine"),
    [
        ("checkers", "default nodes=30000"),
        ("checkers", "alphabeta depth=6"),
        ("checkers", "minimax depth=4"),
        ("checkers", "mcts iterations=300 seed=1"),
        ("pig", "expectiminimax depth=4"),
        ("pig", "maxn depth=3"),
        ("tictactoe", "solve"),
        ("connect4", "alphabeta depth=5"),
    ],
)
@pytest.mark.usefixtures("collector_off")
def test_a_finished_search_leaves_no_cyclic_garbage(game_name: str, engine: str) -> None:
    game = make_game(game_name)
    result = run_search(game, game.initial_state(), engine_for(game, engine),
                        evaluation=evaluation_of(game))
    assert result.best_move is not None or game_name == "pig"
    del result
    assert gc.collect() < 50  # a handful of objects, not the search's thousands
