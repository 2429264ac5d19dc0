"""A single legal move under a time budget is answered at once, by every algorithm
that takes one; without a budget (analysis, teaching, a fixed depth) the search
runs as asked.

Positions: a checkers forced capture (15x22 is Black's only move), Pig's first
decision of a turn (only "roll": there is nothing to hold yet) and a textbook
tree whose root has one child.
"""

from __future__ import annotations

from typing import Any

import pytest

from adversa.games import Game, make_game
from adversa.games.registry import evaluation_of
from adversa.games.tree import TreeGame
from adversa.search.config import EngineConfig
from adversa.search.engine import algorithms_for, run_search
from adversa.search.mcts import FORCED_REPLY_PLAYOUTS
from adversa.search.stats import SearchResult

CHECKERS = make_game("checkers")
FORCED_CAPTURE = CHECKERS.parse_position("B:W18,21,23-32:B1-10,12,15")
PIG = make_game("pig")
ONE_CHILD_TREE = TreeGame.from_data([[[3, 12, 8], [2, 4, 6], [14, 5, 2]]])

DEPTH_FIRST = [name for name in algorithms_for(CHECKERS) if name not in ("mcts", "random")]


def search(game: Game[Any, Any], state: Any, spec: str) -> SearchResult:
    return run_search(game, state, EngineConfig.parse(spec), evaluation=evaluation_of(game))


def test_the_positions_have_one_legal_move() -> None:
    assert [CHECKERS.format_move(FORCED_CAPTURE, m) for m in CHECKERS.legal_moves(
        FORCED_CAPTURE)] == ["15x22"]
    assert PIG.legal_moves(PIG.initial_state()) == ["roll"]
    assert len(ONE_CHILD_TREE.legal_moves(ONE_CHILD_TREE.initial_state())) == 1


@pytest.mark.parametrize(
    "spec",
    [f"{name} time=3" for name in DEPTH_FIRST]
    + [f"{name} depth=20 time=3" for name in DEPTH_FIRST]
    + ["alphabeta depth=10 trace=50 time=3"],
)
def test_a_forced_move_under_a_clock_gets_one_shallow_pass(spec: str) -> None:
    result = search(CHECKERS, FORCED_CAPTURE, spec)
    assert [iteration.depth for iteration in result.iterations] == [1]
    assert result.best_move_text == "15x22" and result.pv[0] == "15x22"
    assert result.value is not None and not result.stopped


@pytest.mark.parametrize("spec", [*(f"{name} depth=3" for name in DEPTH_FIRST),
                                  "alphabeta depth=3 trace=50"])
def test_a_forced_move_without_a_clock_is_searched_to_the_depth_asked(spec: str) -> None:
    result = search(CHECKERS, FORCED_CAPTURE, spec)
    assert [iteration.depth for iteration in result.iterations][-1] == 3
    assert result.pv[0] == "15x22"


@pytest.mark.parametrize("spec", ["mcts time=3",
                                  "mcts iterations=10 time=3"])
def test_mcts_answers_a_forced_move_with_a_few_playouts(spec: str) -> None:
    result = search(CHECKERS, FORCED_CAPTURE, spec)
    expected = min(10, FORCED_REPLY_PLAYOUTS) if "iterations=10" in spec else (
        FORCED_REPLY_PLAYOUTS
    )
    assert result.playouts == expected
    assert result.best_move_text == "15x22" and result.value is not None


def test_mcts_without_a_clock_spends_its_playouts() -> None:
    result = search(CHECKERS, FORCED_CAPTURE, "mcts iterations=200")
    assert result.playouts == 200


@pytest.mark.parametrize("algorithm", ["expectiminimax", "expectimax", "maxn", "paranoid"])
def test_pig_first_roll_is_answered_at_once_under_a_clock(algorithm: str) -> None:
    timed = search(PIG, PIG.initial_state(), f"{algorithm} depth=6 time=3")
    assert [iteration.depth for iteration in timed.iterations] == [1]
    assert timed.best_move_text == "roll"
    untimed = search(PIG, PIG.initial_state(), f"{algorithm} depth=2")
    assert untimed.iterations[-1].depth == 2


@pytest.mark.parametrize("algorithm", ["alphabeta", "minimax"])
def test_a_one_child_tree_is_searched_in_full_only_without_a_clock(algorithm: str) -> None:
    root = ONE_CHILD_TREE.initial_state()
    untimed = search(ONE_CHILD_TREE, root, f"{algorithm} depth=12")
    assert untimed.value == 6  # MIN of the MAX of each lecture triple: min(12, 6, 14)
    assert len(untimed.pv) == 3
    timed = search(ONE_CHILD_TREE, root, f"{algorithm} depth=12 time=3")
    assert [iteration.depth for iteration in timed.iterations] == [1]
    assert timed.pv == ("1",)
