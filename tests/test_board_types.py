"""Each game's board declares the state and move types of the game it draws
(``BoardView[S, M]``), so its drawing code is checked against that game's types; and the
registry's hooks are checked against the rules class they were written for."""

from __future__ import annotations

import pickle
import typing

import pytest

from adversa.games import game_names, make_game
from adversa.games.base import Game
from adversa.games.registry import ForRules, entry, evaluation_of
from adversa.games.tictactoe import TicTacToe
from adversa.tui.boards import BoardView, board_class


def declared_arguments(cls: type, generic: type) -> tuple[object, ...]:
    """The type arguments ``cls`` (or the nearest class it derives from) gives ``generic``."""
    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            if typing.get_origin(base) is generic:
                return typing.get_args(base)
    raise AssertionError(f"{cls.__name__} does not parameterise {generic.__name__}")


@pytest.mark.parametrize("name", game_names())
def test_each_board_declares_its_games_state_and_move_types(name: str) -> None:
    game = make_game(name)
    board = board_class(game)
    assert declared_arguments(board, BoardView) == declared_arguments(type(game), Game)


def test_a_hook_written_for_one_rules_class_refuses_another_and_pickles() -> None:
    evaluation = evaluation_of(make_game("tictactoe"))
    assert isinstance(evaluation.scalar, ForRules) and evaluation.scalar.rules is TicTacToe
    copy = pickle.loads(pickle.dumps(evaluation))
    game = make_game("tictactoe")
    state = game.result(game.initial_state(), game.legal_moves(game.initial_state())[4])
    assert copy.evaluator(game)(state, 0) == evaluation.evaluator(game)(state, 0) > 0
    with pytest.raises(TypeError, match="TicTacToe, not Nim"):
        entry("tictactoe").evaluation.evaluator(make_game("nim"))
