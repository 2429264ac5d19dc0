"""The endgame solver's enhancements, each checked against plain minimax over the Game
protocol: the last-empties code, the stability cutoff, enhanced transposition cutoffs,
the evaluation's part in the ordering, and the root's win/draw/loss pass then margin.

The enhancements switch on at a number of empties (module constants read at every
node); the tests lower those thresholds so that each one acts inside positions small
enough for the oracle."""

from __future__ import annotations

import functools
import sys
from pathlib import Path

import pytest
from othello_positions import late_positions

from adversa.games import make_game, othello_solver
from adversa.games.othello import Othello, OthelloState
from adversa.games.othello_bitboard import PASS
from adversa.games.othello_eval import FeatureMasks, stable_edges
from adversa.games.othello_solver import EndgameSolver, solve_result

GAME: Othello = make_game("othello")  # type: ignore[assignment]

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import bench_othello_endgame  # noqa: E402


@functools.cache
def exact_margin(state: OthelloState) -> int:
    """The mover's final margin by plain minimax over the Game protocol (the oracle),
    passes and all; positions repeat across a game tree, so they are remembered."""
    if GAME.is_terminal(state):
        return int(GAME.utility(state)[state.mover])
    return max(-exact_margin(GAME.result(state, move)) for move in GAME.legal_moves(state))


EVERYTHING_EARLY = {"TABLE_EMPTIES": 3, "ORDER_EMPTIES": 3, "ETC_EMPTIES": 3,
                    "STABILITY_EMPTIES": 3, "SORT_BY_EVALUATION_EMPTIES": 3,
                    "REPLY_SORT_EMPTIES": 3}
"""Every enhancement from three empties on: the sorted search down to the last two."""

TABLE_AROUND_SHALLOW = {"TABLE_EMPTIES": 3, "ORDER_EMPTIES": 7}
"""The table from three empties on, the sorted search only from seven: the table's
bounds around the unsorted search's nodes (3 to 6 empties)."""


@pytest.mark.parametrize("thresholds", [{}, EVERYTHING_EARLY, TABLE_AROUND_SHALLOW],
                         ids=["default thresholds", "every enhancement early",
                              "table around the unsorted search"])
@pytest.mark.parametrize("empties", [3, 6, 9])
def test_the_solver_finds_the_minimax_margin(monkeypatch: pytest.MonkeyPatch,
                                             thresholds: dict[str, int], empties: int) -> None:
    for name, value in thresholds.items():
        monkeypatch.setattr(othello_solver, name, value)
    for state in late_positions(8, empties, seed=empties):
        exact = exact_margin(state)
        assert EndgameSolver(GAME.board).solve(state.mine, state.theirs) == exact
        square, margin = EndgameSolver(GAME.board).best_move(state.mine, state.theirs)
        assert margin == exact
        move = PASS if square == PASS else square
        assert move in GAME.legal_moves(state)
        assert -exact_margin(GAME.result(state, move)) == exact
        assert solve_result(EndgameSolver(GAME.board), state.mine, state.theirs) == (
            (exact > 0) - (exact < 0))


@pytest.mark.parametrize("thresholds", [EVERYTHING_EARLY, TABLE_AROUND_SHALLOW],
                         ids=["every enhancement early", "table around the unsorted search"])
@pytest.mark.parametrize("window", [(-1, 1), (-20, -4), (4, 20), (0, 2)])
def test_a_narrow_window_gives_a_bound_on_the_right_side(monkeypatch: pytest.MonkeyPatch,
                                                         thresholds: dict[str, int],
                                                         window: tuple[int, int]) -> None:
    """Fail-soft: inside the window the value is exact, outside it a true bound (the
    stability cutoff and the table's bounds must not overstate either)."""
    for name, value in thresholds.items():
        monkeypatch.setattr(othello_solver, name, value)
    alpha, beta = window
    solver = EndgameSolver(GAME.board)  # one table across the positions and windows
    for state in late_positions(10, 8, seed=3):
        exact = exact_margin(state)
        value = solver.solve(state.mine, state.theirs, alpha, beta)
        if value <= alpha:
            assert exact <= value
        elif value >= beta:
            assert exact >= value
        else:
            assert exact == value


def test_stable_discs_bound_the_final_margin() -> None:
    """The stability cutoff's premise: the opponent's corner-anchored edge discs survive,
    so the mover can finish at most ``squares − 2 · stable`` ahead."""
    masks = FeatureMasks(GAME.board)
    checked = 0
    for state in late_positions(40, 7, seed=8):
        stable = stable_edges(masks, state.theirs)
        checked += stable > 0
        assert exact_margin(state) <= GAME.squares - 2 * stable
    assert checked >= 10  # the bound was not vacuous


def test_the_benchmarks_ffo_positions_are_the_suites() -> None:
    """Two encodings of each FFO position written down independently (the suite tools'
    hexadecimal bitboards, the suite's text board) agree, with the side to move: #43 and
    #44 once had their colours swapped, and were solved as other positions."""
    for number, (_, _, mover, _, best) in bench_othello_endgame.FFO.items():
        state = bench_othello_endgame.ffo_position(number)
        board, side = GAME.format_position(state).split()
        assert board == bench_othello_endgame.FFO_BOARDS[number]
        assert side == "XO"[mover]
        assert all(GAME.parse_move(state, move) in GAME.legal_moves(state) for move in best)


def test_the_benchmarks_twenty_empty_set_is_well_formed() -> None:
    """FFO #26–#34 as the benchmark holds them: 20 empties each, Black to move as the
    suite gives them, every published best move legal, an even published margin."""
    for number, (text, margin, best) in bench_othello_endgame.FFO_TWENTY.items():
        state = bench_othello_endgame.ffo_position(number)
        assert GAME.format_position(state) == text
        assert GAME.squares - sum(GAME.discs(state)) == 20
        assert margin % 2 == 0
        assert all(GAME.parse_move(state, move) in GAME.legal_moves(state) for move in best)
