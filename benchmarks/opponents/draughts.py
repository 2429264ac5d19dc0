"""py-draughts 1.10.1's alpha-beta engine (``SimpleEngine``) playing with captures forced.

py-draughts numbers the 32 squares 0–31 in adversa's order (1–32) and its black men
also start on the low squares and move down, so a move is the same path of squares,
less one. Its ``AmericanBoard`` offers quiet moves next to captures ("captures
optional", see benchmarks/bench_perft.py), and its engine searches whatever the
board's ``legal_moves`` offers, so the adapter plays on a subclass whose
``legal_moves`` forces captures: the engine's whole search then plays the real rules.
(py-draughts' ``TurboEngine`` is for the 10×10 board only.)

The board is rebuilt for every move by replaying the game from the start, with Black
moving first, so the engine sees the game's history for its repetition and
no-capture draw rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from adversa.games.checkers import Checkers, CheckersMove, CheckersState

from .base import OpponentError

MAX_DEPTH = 64
"""Depth cap when the engine plays on time (iterative deepening stops on the clock)."""


def _forced_board_class() -> Any:
    from draughts.boards._core import CORE_AMERICAN
    from draughts.boards.american import Board

    class ForcedCaptureBoard(Board):  # type: ignore[misc]
        """American checkers with compulsory captures (the ACF rule)."""

        @property
        def legal_moves(self) -> list[Any]:
            moves: list[Any] = self._legal_moves_from_core(
                CORE_AMERICAN, max_capture=False, captures_optional=False)
            return moves

    return ForcedCaptureBoard


class DraughtsEngine:
    """py-draughts' ``SimpleEngine``: negamax alpha-beta, iterative deepening, table,
    quiescence, killers/history, PVS and late move reductions, in pure Python."""

    name = "py-draughts"

    def __init__(self, seconds: float | None, depth: int | None = None) -> None:
        from importlib.metadata import version

        from draughts import SimpleEngine
        from draughts.models import Color
        from loguru import logger

        logger.disable("draughts")  # it logs every search at INFO level
        self.black = Color.BLACK
        self.board_class = _forced_board_class()
        self.seconds, self.depth = seconds, depth
        self.engine = SimpleEngine(depth_limit=depth or MAX_DEPTH, time_limit=seconds)
        self.game = Checkers()
        budget = f"depth {depth}" if depth else f"{seconds} s a move (depth ≤ {MAX_DEPTH})"
        self.description = (f"py-draughts {version('py-draughts')} SimpleEngine, {budget}, "
                            "captures forced")

    def new_game(self) -> None:
        from draughts import SimpleEngine

        self.engine = SimpleEngine(depth_limit=self.depth or MAX_DEPTH, time_limit=self.seconds)

    def choose(self, state: CheckersState, moves: Sequence[str]) -> CheckersMove:
        board = self.board_class(turn=self.black)
        replay = self.game.initial_state()
        for text in moves:
            move = self.game.parse_move(replay, text)
            board.push(self._their_move(board, move.path, text))
            replay = self.game.result(replay, move)
        chosen = self.engine.get_best_move(board)
        path = tuple(square + 1 for square in chosen.square_list)
        for move in self.game.legal_moves(state):
            if move.path == path:
                return move
        raise OpponentError(f"py-draughts played {chosen} (path {path}), not a legal move in "
                            f"{self.game.format_position(state)}")

    @staticmethod
    def _their_move(board: Any, path: tuple[int, ...], text: str) -> Any:
        wanted = [square - 1 for square in path]
        for candidate in board.legal_moves:
            if list(candidate.square_list) == wanted:
                return candidate
        raise OpponentError(f"py-draughts has no move {text} in its replay of the game")

    def close(self) -> None:
        """Nothing to release."""
