"""The lectures' horizon effect on chess: a fixed-depth search without quiescence walks
into losses that lie one ply past its horizon; the default engine (quiescence on) and a
node-budgeted deepening search play right. Budgets are node counts, never time."""

from __future__ import annotations

import chess
import pytest

from adversa.games.registry import evaluation_of, make_game
from adversa.search.config import EngineConfig
from adversa.search.engine import engine_for, run_search

BLIND = "alphabeta depth=1 quiescence=off"
QUIESCENT = "alphabeta depth=1"
BUDGETED = "default nodes=4000"
"""The game's default engine (null moves, late move reductions) on a node budget."""

CASES = [
    pytest.param(
        # Qxh5 wins a knight, and b1=Q comes one ply past a one-ply horizon.
        "8/k7/8/7n/6Q1/8/1p5K/8 w - - 0 1", "Qxh5", id="a-pawn-queens-past-the-horizon"),
    pytest.param(
        # Qxd5 takes a pawn that c6 defends: the recapture lies past the horizon.
        "4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "Qxd5", id="the-defended-pawn"),
    pytest.param(
        # Qxf2+ takes a pawn with check, leaving the queen en prise to the king: the
        # check only delays the recapture by the one ply the search cannot see.
        "6k1/5ppp/8/8/8/8/1q3PPP/3R2K1 b - - 0 1", "Qxf2+", id="en-prise-behind-a-check"),
]


def test_a_check_at_the_horizon_is_searched_so_a_fork_is_seen() -> None:
    """Nc7+ forks king and rook; at one ply the check is at the horizon, where the
    default engine searches the evasions and then the capture of the rook."""
    fork = "r3k3/8/8/3N4/8/8/8/4K3 w - - 0 1"
    assert best(fork, QUIESCENT) == "Nc7+"
    assert best(fork, BLIND) != "Nc7+"


def best(fen: str, spec: str) -> str:
    game = make_game("chess")
    config = engine_for(game, spec).without("time")  # node budgets only, never the clock
    result = run_search(game, game.parse_position(fen), config, evaluation=evaluation_of(game))
    assert result.best_move_text is not None
    return result.best_move_text


@pytest.mark.parametrize(("fen", "blunder"), CASES)
def test_a_fixed_depth_search_without_quiescence_walks_into_the_loss(fen: str,
                                                                     blunder: str) -> None:
    assert best(fen, BLIND) == blunder


@pytest.mark.parametrize(("fen", "blunder"), CASES)
def test_quiescence_at_the_same_depth_sees_it(fen: str, blunder: str) -> None:
    assert best(fen, QUIESCENT) != blunder


@pytest.mark.parametrize(("fen", "blunder"), CASES)
def test_a_node_budgeted_deepening_search_plays_right(fen: str, blunder: str) -> None:
    assert best(fen, BUDGETED) != blunder


def test_quiescence_keeps_the_queen_that_stops_the_pawn() -> None:
    """Not only another move: the one chosen takes the pawn, covers the promotion square,
    or attacks the pawn with check (Qd4+, then Qxb2), so Black's promotion wins nothing."""
    game = make_game("chess")
    state = game.parse_position("8/k7/8/7n/6Q1/8/1p5K/8 w - - 0 1")
    result = run_search(game, state, EngineConfig.parse(QUIESCENT), evaluation=evaluation_of(game))
    after = game.result(state, result.best_move)
    board = after.board
    takes_the_new_queen = board.is_attacked_by(chess.WHITE, chess.B1)
    wins_the_pawn_with_check = board.is_check() and board.is_attacked_by(chess.WHITE, chess.B2)
    assert board.piece_at(chess.B2) is None or takes_the_new_queen or wins_the_pawn_with_check


CHECKING_MATE = "k4r2/1R4pb/1pQp1n1p/3P4/5p1P/3P2P1/r1q1R2K/8 w - - 0 1"
"""Win at Chess #50: 1. Rxb6+ (a discovered check) Qxc6 2. Rxa2+ Qa4 3. Rxa4#, every
white move a check; Rxc2, taking the queen, is the obvious move that does not mate."""


def search(fen: str, spec: str) -> tuple[str | None, int | None]:
    """The best move and the proven win's distance in plies (None: no mate seen)."""
    game = make_game("chess")
    config = engine_for(game, spec).without("time")  # node budgets only, never the clock
    result = run_search(game, game.parse_position(fen), config, evaluation=evaluation_of(game))
    return result.best_move_text, result.win_in_plies


def test_the_check_extension_sees_a_mate_by_checks_two_plies_early() -> None:
    """Each reply to a check is searched a ply deeper, so five plies of checks and
    replies fit in a two-ply search; without the extension two plies see no mate."""
    assert search(CHECKING_MATE, "alphabeta depth=2") == ("Rxb6+", 5)
    move, mate = search(CHECKING_MATE, "alphabeta depth=2 checkext=off")
    assert mate is None and move != "Rxb6+"


def test_on_the_same_node_budget_only_the_check_extension_finds_the_mate() -> None:
    """Deepening on 1,000 nodes: with the extension the mate is proven at depth 2 in
    under 600 nodes; without it depth 3 is needed, which the budget stops, and the
    engine takes the queen instead."""
    budget = "alphabeta depth=12 nodes=1000"
    assert search(CHECKING_MATE, budget) == ("Rxb6+", 5)
    assert search(CHECKING_MATE, f"{budget} checkext=off") == ("Rxc2", None)


@pytest.mark.parametrize(("fen", "replies", "extended"), [
    ("4R2k/6pp/8/8/8/8/5r2/K7 b - - 0 1", 1, True),        # Re8+: only Rf8
    ("4R2k/6pp/2b5/8/8/8/5r2/K7 b - - 0 1", 2, True),      # Re8+: Bxe8 or Rf8
    ("6k1/8/8/8/8/8/8/K5R1 b - - 0 1", 4, False),          # Rg1+: four king moves
    ("8/8/8/3k4/8/8/8/R2QK3 b - - 0 1", 6, False),         # Qd1+: six king moves
    ("7k/6pp/8/8/8/8/8/K3R3 b - - 0 1", 5, False),         # no check at all
])
def test_only_a_check_with_few_replies_is_extended(fen: str, replies: int,
                                                    extended: bool) -> None:
    """The check extension's test (`Chess.in_check`): in check with at most three legal
    replies, counted here by python-chess."""
    game = make_game("chess")
    state = game.parse_position(fen)
    assert len(list(state.board.legal_moves)) == replies
    assert game.in_check(state) is extended
