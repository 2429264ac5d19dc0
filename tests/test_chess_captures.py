"""The quick test of a chess leaf (`leaf_status`) against the exact one, and the
quiescence captures read only when quiescence asks for them."""

from __future__ import annotations

import random

import chess
import pytest

from adversa.games.base import CAPTURE_PENDING, FINISHED, SETTLED, Game
from adversa.games.chess import Chess
from adversa.games.chess_captures import PendingCaptures, may_capture
from adversa.games.chess_state import ChessState
from adversa.games.registry import make_game

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
PROMOTIONS_AND_EN_PASSANT = "4k3/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQ d6 0 1"


@pytest.fixture
def game() -> Chess:
    built = make_game("chess")
    assert isinstance(built, Chess)
    return built


def random_positions(game: Chess, seed: int, plies: int) -> list[ChessState]:
    """Positions of random games from three starts, captures preferred (so that
    exchanges, promotions and en passant come up)."""
    chooser = random.Random(seed)
    seen = []
    for fen in (chess.STARTING_FEN, KIWIPETE, PROMOTIONS_AND_EN_PASSANT):
        state = game.parse_position(fen)
        for _ply in range(plies):
            moves = game.legal_moves(state)
            if not moves:
                break
            seen.append(state)
            captures = [move for move in moves if game.is_capture(state, move)]
            state = game.result(state, chooser.choice(captures or moves))
    return seen


def test_a_leaf_is_settled_only_where_nothing_is_worth_searching(game: Chess) -> None:
    """`leaf_status` may call a position pending that has no worthwhile capture (its test
    is quick), but never settled where python-chess finds a capture, a promotion or a
    check quiescence must search, and finished exactly where the game is over."""
    pending_without_captures = 0
    positions = random_positions(game, seed=11, plies=120)
    for state in positions:
        board = state.board
        status = game.leaf_status(state)
        assert (status == FINISHED) == board.is_game_over(claim_draw=False), board.fen()
        if status == SETTLED:
            assert game.is_quiet(state), board.fen()
        elif status == CAPTURE_PENDING and game.is_quiet(state):
            pending_without_captures += 1
        if not board.is_check():
            assert may_capture(board) or not game.quiescence_moves(state)[0], board.fen()
    assert len(positions) > 250
    assert pending_without_captures > 0  # the quick test does over-approximate


def test_the_captures_are_found_only_when_read(game: Chess) -> None:
    calls: list[int] = []
    exchange = game.parse_position(
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")

    def find() -> list[chess.Move]:
        calls.append(1)
        return game.order_captures(exchange, [chess.Move.from_uci("e4d5")])

    pending = PendingCaptures(find)
    assert calls == []
    assert list(pending) == [chess.Move.from_uci("e4d5")]
    assert len(pending) == 1 and pending[0] == chess.Move.from_uci("e4d5")
    assert calls == [1]  # read three ways, found once
    moves, stand_pat = game.quiescence_moves(exchange)
    assert stand_pat and [game.format_move(exchange, move) for move in moves] == ["exd5"]


def test_the_one_pass_split_agrees_with_python_chess(game: Chess) -> None:
    """Chess's `split_forcing` (a bitboard test a move) against python-chess's own
    `is_capture` and promotions, and the MVV-LVA order of the base split."""
    settled = 0
    for state in random_positions(game, seed=3, plies=80):
        moves = game.legal_moves(state)
        # Once the position's status is known, a settled one is split without a look.
        for status in (None, game.leaf_status(state)):
            captures, quiet = game.split_forcing(state, moves)
            board = state.board
            assert {*captures} == {move for move in moves
                                   if board.is_capture(move) or move.promotion}, board.fen()
            assert quiet == [move for move in moves if move not in captures]
            assert captures == list(Game.split_forcing(game, state, moves)[0])
            settled += status == SETTLED
    assert settled > 10
