"""Othello's hand-unrolled move generator and flip finder against a square-by-square walk
(an oracle written here, sharing no code with them), on every board size and on boards no
game reaches; and the solver's last-empties code where a side must pass."""

from __future__ import annotations

import random

import pytest

from adversa.games import make_game
from adversa.games.othello import Othello, OthelloState
from adversa.games.othello_bitboard import PASS, geometry
from adversa.games.othello_solver import EndgameSolver

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1), (0, -1), (-1, 0), (-1, -1), (-1, 1))


def walked_flips(size: int, mine: int, theirs: int, square: int) -> int:
    """The discs a move on ``square`` turns, by walking each direction square by square."""
    row, col = divmod(square, size)
    flipped = 0
    for row_step, col_step in DIRECTIONS:
        run = 0
        r, c = row + row_step, col + col_step
        while 0 <= r < size and 0 <= c < size and theirs >> (r * size + c) & 1:
            run |= 1 << (r * size + c)
            r, c = r + row_step, c + col_step
        if run and 0 <= r < size and 0 <= c < size and mine >> (r * size + c) & 1:
            flipped |= run
    return flipped


def walked_moves(size: int, mine: int, theirs: int) -> int:
    """Every empty square where a move turns at least one disc."""
    moves = 0
    for square in range(size * size):
        if not (mine | theirs) >> square & 1 and walked_flips(size, mine, theirs, square):
            moves |= 1 << square
    return moves


@pytest.mark.parametrize("size", [6, 8, 10])
def test_moves_and_flips_agree_with_a_square_by_square_walk(size: int) -> None:
    board = geometry(size)
    rng = random.Random(size)
    for _ in range(300):
        # Dense random boards, most of them unreachable in a game: long runs of one
        # colour to every edge, which is where a shift or a carry would wrap a row.
        mine = rng.getrandbits(size * size) & rng.getrandbits(size * size) | rng.getrandbits(
            size * size)
        theirs = rng.getrandbits(size * size) & ~mine
        assert board.move_mask(mine, theirs) == walked_moves(size, mine, theirs)
        for square in range(size * size):
            if not (mine | theirs) >> square & 1:
                assert board.flips(mine, theirs, square) == walked_flips(
                    size, mine, theirs, square)


def test_runs_to_the_edge_of_the_opponents_discs_are_not_moves() -> None:
    board = geometry(8)
    mine = 1  # a1
    theirs = 0b1111110  # b1..g1: the run ends on h1, empty, so h1 is a move
    assert board.move_mask(mine, theirs) == 1 << 7
    theirs = 0b11111110  # b1..h1: the run reaches the edge, and does not wrap into a2
    assert board.move_mask(mine, theirs) == 0


def margin_by_minimax(game: Othello, state: OthelloState) -> int:
    if game.is_terminal(state):
        return int(game.utility(state)[state.mover])
    return max(-margin_by_minimax(game, game.result(state, move))
               for move in game.legal_moves(state))


def test_the_solver_is_exact_where_the_mover_must_pass() -> None:
    game: Othello = make_game("othello")  # type: ignore[assignment]
    rng = random.Random(5)
    checked = 0
    while checked < 10:
        state = game.initial_state()
        while game.legal_moves(state):
            empties = game.squares - sum(game.discs(state))
            if empties <= 8 and game.legal_moves(state) == [PASS]:
                solver = EndgameSolver(game.board)
                assert solver.solve(state.mine, state.theirs) == margin_by_minimax(game, state)
                checked += 1
                break
            state = game.result(state, rng.choice(game.legal_moves(state)))
