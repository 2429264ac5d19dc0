"""Checkers endings (issue 13): the default engine wins two kings against one within the
40-move rule, searches endings at full width, and its evaluation gives the side ahead a
direction (trade down, approach, confine) instead of a flat "a king up"."""

from __future__ import annotations

import pytest
from narrowing import known

from adversa.games import make_game
from adversa.games.checkers import Checkers
from adversa.games.checkers_eval import CheckersWeights, checkers_evaluator
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import engine_for, run_search

GAME: Checkers = make_game("checkers")  # type: ignore[assignment]

ENGINE = engine_for(GAME, "default nodes=20000").without("time")
"""The app's engine with a node budget in place of its clock (about 0.2 s a move here), so
the games are the same on any machine."""


@pytest.mark.parametrize(
    "position",
    [
        "B:WK32:BK10,K11",  # the lone white king in a double corner, Black to move
        "B:WK5:BK27,K28",  # the other double corner, the kings far away
        "W:WK1:BK18,K19",  # the lone king to move
        "W:WK28:BK6,K15",
    ],
)
def test_two_kings_beat_one_within_the_40_move_rule(position: str) -> None:
    state = GAME.parse_position(position)
    plies = 0
    while not GAME.is_terminal(state):
        state = GAME.result(state, known(run_search(GAME, state, ENGINE,
                                                    evaluation=evaluation_of(GAME)).best_move))
        plies += 1
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 0, outcome
    assert plies <= 80


def test_endings_are_searched_at_full_width() -> None:
    ending = GAME.parse_position("B:WK32,K20:BK10,K11,K3")
    assert GAME.needs_full_width(ending)
    assert not GAME.needs_full_width(GAME.initial_state())
    reduced = run_search(GAME, ending, EngineConfig.parse("alphabeta depth=8 lmr=on"),
                         evaluation=evaluation_of(GAME))
    full = run_search(GAME, ending, EngineConfig.parse("alphabeta depth=8 lmr=off"),
                      evaluation=evaluation_of(GAME))
    assert (reduced.snapshot.nodes, reduced.value) == (full.snapshot.nodes, full.value)


def score(position: str, **weights: float) -> float:
    """Black's evaluation in points, with the given weights (the others as they are)."""
    evaluator = checkers_evaluator(GAME, CheckersWeights(**weights))  # type: ignore[arg-type]
    return evaluator(GAME.parse_position(position), 0) * evaluator.raw_scale


ONLY_MATERIAL = {"advancement": 0, "back_rank": 0, "centre": 0, "mobility": 0, "runaway": 0,
                 "trade_down": 0, "approach": 0, "confine": 0}


def test_one_king_each_is_a_dead_draw() -> None:
    assert score("B:WK32:BK10") == 0 and score("W:WK1:BK27") == 0


def test_the_side_ahead_gains_by_trading_down() -> None:
    weights = ONLY_MATERIAL | {"trade_down": 15}
    assert score("B:WK32:BK10,K11", **weights) > score("B:WK32,K31:BK10,K11,K12", **weights)
    assert score("B:WK32,K31:BK10,K11,K12", **weights) > score("B:WK32,K31:BK10,K11,K12",
                                                                 **ONLY_MATERIAL)


def test_the_side_ahead_gains_by_closing_in_and_confining() -> None:
    near = ONLY_MATERIAL | {"approach": 6}
    assert score("B:WK32:BK27,K28", **near) > score("B:WK32:BK1,K2", **near)
    boxed = ONLY_MATERIAL | {"confine": 8}
    # The lone king in the corner with both its squares taken, against one in the open.
    assert score("B:WK32:BK27,K28", **boxed) > score("B:WK14:BK1,K2", **boxed)


def test_white_ahead_is_the_mirror_image() -> None:
    assert score("W:WK27,K28:BK32") == pytest.approx(-score("B:WK1:BK5,K6"))
