"""Boards read their game through its typed rules class (`games.base.rules_of`): the right
game comes back typed, another game is refused at once rather than failing mid-drawing."""

from __future__ import annotations

import pytest

from adversa.games import make_game
from adversa.games.base import rules_of
from adversa.games.tictactoe import TicTacToe
from adversa.tui.boards.grid import GridBoard
from adversa.tui.boards.piles import NimBoard


def test_the_rules_come_back_as_the_game_itself() -> None:
    game = make_game("tictactoe")
    assert rules_of(game, TicTacToe) is game


def test_another_game_is_refused_naming_both() -> None:
    with pytest.raises(TypeError, match="TicTacToe, not Nim"):
        rules_of(make_game("nim"), TicTacToe)
    with pytest.raises(TypeError, match="TicTacToe, not Checkers"):
        GridBoard(make_game("checkers"))
    with pytest.raises(TypeError, match="Nim or Grundy, not Pig"):
        NimBoard(make_game("pig"))


def test_a_board_reads_its_shape_from_the_typed_rules() -> None:
    board = GridBoard(make_game("tictactoe", {"width": 5, "height": 3, "k": 3}))
    assert (board.rows, board.columns) == (3, 5)
