"""Win at Chess (``benchmarks/data/wac.epd``, its origin in ``benchmarks/bench_wac.py``):
the suite reads as 300 positions with legal solutions, and a few cheap ones are solved by
the default engine within a node budget (the same on any machine)."""

from __future__ import annotations

from pathlib import Path

import chess
import pytest

from adversa.games.registry import evaluation_of, make_game
from adversa.search.engine import engine_for, run_search

SUITE = Path(__file__).parent.parent / "benchmarks" / "data" / "wac.epd"

CHEAP = {"WAC.003": "Rg3", "WAC.004": "Qxh7+", "WAC.005": "Qc4+", "WAC.010": "Rxh7"}
"""Positions the engine solves in 1,500 nodes (measured), with the suite's best move."""


def suite() -> dict[str, tuple[chess.Board, list[chess.Move]]]:
    """id → the board and its solutions (its best moves, or the move to avoid)."""
    positions = {}
    for line in SUITE.read_text().splitlines():
        board, operations = chess.Board.from_epd(line)
        moves = operations.get("bm") or operations.get("am")
        assert isinstance(moves, list)
        positions[str(operations["id"])] = (board, moves)
    return positions


def test_the_suite_is_300_positions_each_with_a_legal_solution() -> None:
    positions = suite()
    assert list(positions) == [f"WAC.{number:03}" for number in range(1, 301)]
    for board, moves in positions.values():
        assert board.is_valid()
        assert moves
        assert all(move in board.legal_moves for move in moves)


@pytest.mark.parametrize(("name", "solution"), sorted(CHEAP.items()))
def test_a_cheap_position_is_solved_in_1500_nodes(name: str, solution: str) -> None:
    board, moves = suite()[name]
    assert [board.san(move) for move in moves] == [solution]
    game = make_game("chess")
    state = game.parse_position(board.fen())
    result = run_search(game, state, engine_for(game, "default nodes=1500 time=3600"),
                        evaluation=evaluation_of(game))
    assert game.format_move(state, result.best_move) == solution
