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

from adversa.games import ForRules, make_game
from adversa.games.evaluation import Evaluation, Evaluator
from adversa.games.othello import Othello, OthelloState
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
        ("othello", "alphabeta depth=6 probcut=on"),
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


def test_a_search_leaves_its_evaluations_closures_working() -> None:
    """Freeing the kernel empties its own closures only. It emptied every closure it
    reached, an evaluation's too: one that had bound the game's move generator (a closure
    built once per board size) left Othello unable to list a move after one search."""
    game = make_game("othello")
    assert isinstance(game, Othello)
    move_mask = game.board.move_mask

    def mobility(state: OthelloState, player: int) -> float:
        value = (move_mask(state.mine, state.theirs).bit_count()
                 - move_mask(state.theirs, state.mine).bit_count())
        return value if player == state.mover else -value

    evaluation: Evaluation[OthelloState, int] = Evaluation(
        ForRules(Othello, lambda rules: Evaluator(mobility, rules)))
    start = game.initial_state()
    result = run_search(game, start, engine_for(game, "alphabeta depth=3"),
                        evaluation=evaluation)
    assert result.best_move in game.legal_moves(start)
    assert len(game.legal_moves(start)) == 4  # the generator still works
    assert mobility(start, 0) == 0
