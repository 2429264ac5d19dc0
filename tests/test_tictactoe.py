"""Tic-tac-toe and its m,n,k generalisation: published tree counts, wins in every
direction, notation and position validation."""

from __future__ import annotations

from collections import Counter

import pytest
from narrowing import known

from adversa.games import IllegalMoveError, InvalidMoveError, InvalidPositionError, OptionError
from adversa.games.perft import perft
from adversa.games.tictactoe import TicTacToe, TicTacToeState


def walk(
    game: TicTacToe, state: TicTacToeState, depth: int, stats: dict[str, Counter[int]]
) -> None:
    """Visit every node of the game tree once, counting nodes and finished games by depth."""
    stats["nodes"][depth] += 1
    if game.is_terminal(state):
        winner = game.outcome(state).winner  # type: ignore[union-attr]
        stats["X" if winner == 0 else "O" if winner == 1 else "draw"][depth] += 1
        return
    for move in game.legal_moves(state):
        walk(game, game.result(state, move), depth + 1, stats)


def test_full_game_tree_matches_the_published_counts() -> None:
    game = TicTacToe()
    stats: dict[str, Counter[int]] = {key: Counter() for key in ("nodes", "X", "O", "draw")}
    walk(game, game.initial_state(), 0, stats)
    assert sum(stats["nodes"].values()) == 549_946
    finished = sum(stats["X"].values()) + sum(stats["O"].values()) + sum(stats["draw"].values())
    assert finished == 255_168
    assert sum(stats["X"].values()) == 131_184
    assert sum(stats["O"].values()) == 77_904
    assert dict(stats["draw"]) == {9: 46_080}
    assert [stats["nodes"][d] for d in range(10)] == [
        1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872,
    ]
    # The earliest possible win is X's third mark (ply 5), O's is ply 6.
    assert min(stats["X"]) == 5 and stats["X"][5] == 1440
    assert min(stats["O"]) == 6 and stats["O"][6] == 5328


@pytest.mark.parametrize(("depth", "count"), [(1, 9), (2, 72), (3, 504), (4, 3024), (5, 15120)])
def test_perft_counts_positions_at_exact_depth(depth: int, count: int) -> None:
    game = TicTacToe()
    assert perft(game, game.initial_state(), depth) == count


def test_x_moves_first_and_turns_alternate() -> None:
    game = TicTacToe()
    state = game.initial_state()
    assert game.to_move(state) == 0 and game.player_name(0) == "X"
    state = game.result(state, game.parse_move(state, "b2"))
    assert game.to_move(state) == 1
    assert game.cell(state, 1, 1) == "X"
    assert game.format_position(state) == ".../.X./..."


def test_move_notation_is_file_letter_and_rank_from_the_bottom() -> None:
    game = TicTacToe()
    state = game.initial_state()
    assert game.coordinates(game.parse_move(state, "a1")) == (2, 0)  # bottom-left
    assert game.coordinates(game.parse_move(state, "c3")) == (0, 2)  # top-right
    assert game.format_move(state, game.move_at(1, 1)) == "b2"
    assert game.parse_move(state, " B2 ") == game.move_at(1, 1)


def test_legal_moves_are_the_empty_cells_in_reading_order() -> None:
    game = TicTacToe()
    state = game.parse_position("X.O/.X./..O")
    assert game.format_moves(state, game.legal_moves(state)) == ["b3", "a2", "c2", "a1", "b1"]


def test_bad_moves_raise_typed_errors() -> None:
    game = TicTacToe()
    state = game.parse_position("X../.../...")
    with pytest.raises(InvalidMoveError, match="file letter"):
        game.parse_move(state, "22")
    with pytest.raises(InvalidMoveError, match="off the board"):
        game.parse_move(state, "d1")
    with pytest.raises(IllegalMoveError, match="taken"):
        game.parse_move(state, "a3")
    won = game.parse_position("XXX/OO./...")
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.parse_move(won, "c2")


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ("XX./.../...", "expected as many X as O"),
        ("O../.../...", "expected as many X as O"),
        ("XXX/OOO/...", "both X and O"),
        ("XXX/OO./..O", "after the game was won"),
        ("X../...", "3×3"),
        ("X?./.../...", "expected X, O or ."),
    ],
)
def test_impossible_positions_are_rejected(position: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        TicTacToe().parse_position(position)


def test_option_k_must_fit_the_board() -> None:
    with pytest.raises(OptionError, match="cannot fit"):
        TicTacToe(width=3, height=3, k=4)


def test_outcomes_name_the_reason() -> None:
    game = TicTacToe()
    won = game.parse_position("XXX/OO./...")
    assert game.is_terminal(won) and game.utility(won) == (1.0, -1.0)
    assert known(game.outcome(won)).reason == "three in a row"
    assert game.winning_line(won) == (0, 1, 2)
    o_won = game.parse_position("XX./OOO/X..")
    assert game.utility(o_won) == (-1.0, 1.0)
    drawn = game.parse_position("XOX/XOO/OXX")
    outcome = game.outcome(drawn)
    assert outcome is not None and (outcome.winner, outcome.reason) == (None, "board full")
    assert game.utility(drawn) == (0.0, 0.0) and game.legal_moves(drawn) == []
    assert game.outcome(game.initial_state()) is None


def play(game: TicTacToe, moves: str) -> TicTacToeState:
    state = game.initial_state()
    for text in moves.split():
        assert not game.is_terminal(state), f"game ended before {text}"
        state = game.result(state, game.parse_move(state, text))
    return state


@pytest.mark.parametrize(
    ("width", "height", "k", "moves", "winner"),
    [
        # 4×4, k=3: a row, a column, a diagonal and an anti-diagonal, away from the corner.
        (4, 4, 3, "b2 a4 c2 a3 d2", 0),
        (4, 4, 3, "a1 d2 b1 d3 a4 d4", 1),
        (4, 4, 3, "b2 a4 c3 a1 d4", 0),
        (4, 4, 3, "d1 a4 c2 a1 b3", 0),
        # 5×5, k=4, including a win completed in the middle of the line.
        (5, 5, 4, "a1 a5 b2 b5 d4 c5 c3", 0),
        (5, 5, 4, "e1 a1 d2 a2 b4 a3 a5 b1 c3", 0),
        (5, 5, 4, "b1 e2 b2 e3 b3 e5 a1 e4", 1),
        # A rectangular board: 7 wide, 3 high, k=4 only fits along rows.
        (7, 3, 4, "a1 a3 b1 b3 d1 d3 c1", 0),
    ],
)
def test_k_in_a_row_wins_in_every_direction(
    width: int, height: int, k: int, moves: str, winner: int
) -> None:
    game = TicTacToe(width=width, height=height, k=k)
    state = play(game, moves)
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == winner
    assert outcome.reason == ("three in a row" if k == 3 else f"{k} in a row")
    # The same board entered as a position is recognised as won too.
    assert game.parse_position(game.format_position(state)) == state


def test_k_minus_one_in_a_row_is_not_a_win() -> None:
    game = TicTacToe(width=5, height=5, k=4)
    state = play(game, "a1 a5 b2 b5 c3")
    assert not game.is_terminal(state)


def test_rectangular_boards_have_consistent_notation() -> None:
    game = TicTacToe(width=5, height=2, k=2)
    state = game.initial_state()
    moves = game.format_moves(state, game.legal_moves(state))
    assert moves == ["a2", "b2", "c2", "d2", "e2", "a1", "b1", "c1", "d1", "e1"]
    assert game.render(state).splitlines()[-1].split() == ["a", "b", "c", "d", "e"]
