"""Every move list and every position a chess search meets, checked against python-chess
as the search goes: the fast path (`chess_movegen`, the memos, the shared boards) is
adversa's own code over python-chess's bitboards, so the referee watches it where it
matters most, on the thousands of positions a real search visits, not only on the
sampled ones of tests/test_chess_movegen.py."""

from __future__ import annotations

import chess
import pytest
from chess_positions import TRICKY

from adversa.games import chess as chess_module
from adversa.games import chess_memo
from adversa.games.chess import Chess
from adversa.games.chess_movegen import MoveList, has_legal_move, legal_move_list
from adversa.games.chess_state import ChessState
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

NODES = 4_000
"""Each search's node budget: enough for a few thousand distinct positions."""


class Referee:
    """Wraps the fast path's answers with python-chess's, counting what it compared."""

    def __init__(self) -> None:
        self.lists = self.answers = self.children = 0

    def legal_move_list(self, board: chess.Board, checked: bool | None = None) -> MoveList:
        ours = legal_move_list(board, checked)
        assert ours == tuple(board.generate_legal_moves()), board.fen()
        self.lists += 1
        return ours

    def has_legal_move(self, board: chess.Board, checked: bool | None = None) -> bool:
        ours = has_legal_move(board, checked)
        assert ours == any(board.generate_legal_moves()), board.fen()
        self.answers += 1
        return ours


@pytest.mark.parametrize("fen", [TRICKY[1], TRICKY[2], TRICKY[3], TRICKY[4], TRICKY[-1],
                                 "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"])  # the last: Lucena
def test_a_search_meets_only_python_chess_s_moves_and_boards(
        fen: str, monkeypatch: pytest.MonkeyPatch) -> None:
    referee = Referee()
    monkeypatch.setattr(chess_module, "legal_move_list", referee.legal_move_list)
    monkeypatch.setattr(chess_module, "has_legal_move", referee.has_legal_move)
    fast_result = Chess.result

    def refereed_result(game: Chess, state: ChessState, move: chess.Move) -> ChessState:
        child = fast_result(game, state, move)
        expected = state.board.copy(stack=False)
        assert move in expected.legal_moves, (expected.fen(), move.uci())
        expected.push(move)
        assert child.board.fen(en_passant="fen") == expected.fen(en_passant="fen")
        assert child.board.promoted == expected.promoted
        referee.children += 1
        return child

    monkeypatch.setattr(Chess, "result", refereed_result)
    chess_memo.forget_all()  # every list and board made afresh, under the referee's eyes
    game = Chess()
    config = EngineConfig.parse(f"alphabeta depth=64 nodes={NODES} nullmove=on lmr=on "
                                "lmrfrom=1 futility=on")
    result = run_search(game, game.parse_position(fen), config, evaluation=evaluation_of(game))
    chess_memo.forget_all()  # the next test starts cold too
    assert result.snapshot.nodes >= NODES
    assert referee.lists > 100 and referee.children > 1_000
