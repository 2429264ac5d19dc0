"""Chess mates told as chess players count them: "mate in N" moves of the mating side,
in `adversa analyze chess` and in the words the app's panel shows (`result_verdict`),
while games without mates keep their distances in plies."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.games.registry import evaluation_of, make_game
from adversa.presentation import mate_moves, result_verdict
from adversa.search.engine import engine_for, run_search

MATE_IN_TWO = "7k/8/5K2/8/8/8/8/R7 w - - 0 1"
"""White mates in two (Kf7 or Kg6, then the rook to the h- or 8th file); no mate in one:
Ra8+ Kh7 escapes."""

MATED_IN_TWO = "8/8/8/8/8/7q/2k5/K7 w - - 0 1"
"""White, to move, has only king moves and is mated on Black's second move."""

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
"""The back-rank mate Ra8#."""


@pytest.mark.parametrize(("plies", "moves"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_a_mate_is_counted_in_the_mating_sides_moves(plies: int, moves: int) -> None:
    assert mate_moves(plies) == moves


@pytest.mark.parametrize(("fen", "note", "words"), [
    (MATE_IN_ONE, "(mate in 1)", "White mates in 1"),
    (MATE_IN_TWO, "(mate in 2)", "White mates in 2"),
    (MATED_IN_TWO, "(mated in 2)", "Black mates in 2"),
])
def test_analyze_chess_says_mate_in_n(fen: str, note: str, words: str) -> None:
    done = CliRunner().invoke(main, ["analyze", "chess", "-p", fen, "--depth", "5"])
    assert done.exit_code == 0, done.output
    assert note in done.output
    assert f"verdict    {words}" in done.output
    assert "plies" not in done.output.split("Statistics")[0]


def test_the_panels_verdict_of_a_chess_search_is_mate_in_n() -> None:
    game = make_game("chess")
    state = game.parse_position(MATE_IN_TWO)
    result = run_search(game, state, engine_for(game, "alphabeta depth=5"),
                        evaluation=evaluation_of(game))
    assert result.win_in_plies == 3
    assert result_verdict(result, mover=0, names=("White", "Black")).text == "White mates in 2"


def test_a_game_without_mates_keeps_its_distance_in_plies() -> None:
    game = make_game("tictactoe")
    state = game.parse_position("XX./OO./...")  # X to move wins at once
    result = run_search(game, state, engine_for(game, "alphabeta depth=3"),
                        evaluation=evaluation_of(game))
    assert result.win_in_plies == 1
    assert result_verdict(result, mover=0, names=("X", "O")).text == "X wins in 1 ply"
