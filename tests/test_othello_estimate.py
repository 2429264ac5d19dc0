"""The solver's root guess (`othello_estimate.heuristic_search`) against plain minimax
over the Game protocol with the same evaluation at the horizon: alpha-beta and the
fastest-first order must not change the value, and the move named must reach it."""

from __future__ import annotations

import pytest
from othello_positions import late_positions

from adversa.games import make_game
from adversa.games.othello import Othello, OthelloState
from adversa.games.othello_bitboard import PASS
from adversa.games.othello_estimate import heuristic_search
from adversa.games.othello_eval import WEIGHTS, FeatureMasks, features, phase_of

GAME: Othello = make_game("othello")  # type: ignore[assignment]
MASKS = FeatureMasks(GAME.board)


def minimax(state: OthelloState, plies: int) -> float:
    """The mover's value ``plies`` moves deep: the evaluation at the horizon, the exact
    margin at a finished game; a pass is not a ply (as in the search under test)."""
    if GAME.is_terminal(state):
        return GAME.utility(state)[state.mover]
    moves = GAME.legal_moves(state)
    if moves == [PASS]:
        return -minimax(GAME.result(state, PASS), plies)
    if plies == 0:
        empties = GAME.squares - sum(GAME.discs(state))
        weights = WEIGHTS[phase_of(empties, GAME.squares)]
        return sum(w * v for w, v in zip(weights, features(MASKS, state.mine, state.theirs),
                                         strict=True))
    return max(-minimax(GAME.result(state, move), plies - 1) for move in moves)


@pytest.mark.parametrize("plies", [0, 1, 2, 3])
def test_the_estimate_is_the_minimax_value_of_its_tree(plies: int) -> None:
    for state in late_positions(6, 8 + plies, seed=plies):
        value, square = heuristic_search(MASKS, state.mine, state.theirs, plies)
        assert value == pytest.approx(minimax(state, plies))
        if plies and square != PASS:
            assert -minimax(GAME.result(state, square), plies - 1) == pytest.approx(value)


def test_a_finished_line_is_judged_by_its_exact_margin() -> None:
    """Two empties and a deep horizon: the search sees the game's end, so its value is
    the exact final margin (always even)."""
    for state in late_positions(6, 2, seed=5):
        value, _ = heuristic_search(MASKS, state.mine, state.theirs, 6)
        assert value == minimax(state, 6)
        assert value == int(value) and int(value) % 2 == 0
