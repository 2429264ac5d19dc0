"""Futility pruning (``futility=on``): generic through `Game.forward_prunable`,
`Game.forcing_moves` and `Evaluator.futility`, counted, off by default, inert where the
game or its evaluation gives no hook, and on chess a cut that spares nodes, never
reaches a proven value and keeps out of pawn endings (zugzwang)."""

from __future__ import annotations

import chess
import pytest
from counted_search import search

from adversa.games.chess import Chess
from adversa.games.chess_eval import CHESS_SCALE, FUTILITY
from adversa.games.chess_state import ChessState
from adversa.games.registry import evaluation_of, make_game
from adversa.search.common import INFINITY, PROVEN
from adversa.search.config import EngineConfig
from adversa.search.futility import FutilityStep, futility_step
from adversa.search.stats import Counters

QGD = "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2NBPN2/PP3PPP/R2QK2R w KQ - 2 8"
FINE_70 = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1"
AHEAD = "4k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1"  # White a whole army up


def test_the_switch_is_off_by_default_and_parsed() -> None:
    assert EngineConfig.parse("alphabeta").get("futility") is False
    assert EngineConfig.parse("alphabeta futility=on").get("futility") is True


def futile_of(game: Chess) -> tuple[FutilityStep[ChessState, chess.Move], Counters]:
    counters = Counters()
    evaluator = evaluation_of(game).evaluator(game)
    assert evaluator.futility == FUTILITY
    return futility_step(game, evaluator, FUTILITY, counters), counters


def test_a_side_far_ahead_is_cut_at_its_lowered_static_value() -> None:
    game = Chess()
    state = game.parse_position(AHEAD)
    futile, counters = futile_of(game)
    moves = game.legal_moves(state)
    static = evaluation_of(game).evaluator(game).function(state, 0)
    kept, floor = futile(state, 0, 2, 0.0, 0.001, moves)
    assert floor == pytest.approx(static - 2 * FUTILITY.per_ply / CHESS_SCALE)
    assert floor >= 0.001 and kept == moves and counters.futility_cuts == 1


def test_one_ply_above_the_horizon_only_forcing_moves_are_left_when_far_behind() -> None:
    game = Chess()
    # Black to move, a whole army down: only its checks and captures can matter.
    state = game.parse_position("r3k3/8/8/8/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1")
    futile, _ = futile_of(game)
    moves = game.legal_moves(state)
    static = evaluation_of(game).evaluator(game).function(state, 1)
    kept, floor = futile(state, 1, 1, -0.001, 0.0, moves)
    board = state.board
    assert kept == [move for move in moves if board.is_capture(move) or board.gives_check(move)]
    assert kept and len(kept) < len(moves)
    assert floor == pytest.approx(static + FUTILITY.frontier / CHESS_SCALE)
    # With more plies to go nothing is left out: the frontier cut is for one ply only.
    assert futile(state, 1, 2, -0.001, 0.0, moves) == (moves, -INFINITY)


@pytest.mark.parametrize("fen", [FINE_70, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1"],
                         ids=["pawn ending", "in check"])
def test_no_cut_in_pawn_endings_or_in_check(fen: str) -> None:
    game = Chess()
    state: ChessState = game.parse_position(fen)
    assert not game.forward_prunable(state)
    futile, counters = futile_of(game)
    moves = game.legal_moves(state)
    assert futile(state, 0, 1, -0.9, 0.9, moves) == (moves, -INFINITY)
    assert counters.futility_cuts == 0


def test_no_cut_against_a_proven_bound() -> None:
    game = Chess()
    state = game.parse_position(AHEAD)
    futile, _ = futile_of(game)
    moves = game.legal_moves(state)
    assert futile(state, 0, 2, -INFINITY, PROVEN, moves) == (moves, -INFINITY)


def test_chess_searches_fewer_nodes_with_it_and_plays_a_legal_move() -> None:
    game = make_game("chess")
    state = game.parse_position(QGD)
    pruned, on = search(game, state, "alphabeta depth=5 lmr=on futility=on")
    full, off = search(game, state, "alphabeta depth=5 lmr=on")
    assert on.futility_cuts > 0 and off.futility_cuts == 0
    assert on.nodes < off.nodes
    assert pruned.best_move in game.legal_moves(state) and full.best_move is not None


def test_a_pawn_ending_is_searched_exactly_as_without_it() -> None:
    game = make_game("chess")
    state = game.parse_position(FINE_70)
    on, on_counts = search(game, state, "alphabeta depth=9 futility=on")
    off, off_counts = search(game, state, "alphabeta depth=9")
    assert on_counts.futility_cuts == 0
    assert (on.best_move, on.value, on_counts.nodes) == (off.best_move, off.value,
                                                         off_counts.nodes)
