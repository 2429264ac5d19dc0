"""Every algorithm under the same budgets: time (on an injected clock), nodes and stop.

The depth-limited searches (minimax, alpha-beta, expectimax/expectiminimax, max^n,
paranoid) deepen iteratively under any budget, report one row per completed
iteration, and answer with the last completed iteration; MCTS and the solver stop
on the same node budget. Node counts are deterministic, so these tests are exact on
any machine.
"""

from __future__ import annotations

from typing import Any

import pytest
from clocks import StepClock

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.search.config import PARAMS, EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import POLL_INTERVAL, SearchResult

DEPTH_LIMITED = [
    ("minimax", "checkers", {}, None),
    ("alphabeta", "checkers", {}, None),
    ("expectimax", "pig", {}, "scores=10,20;player=1;total=15"),
    ("expectiminimax", "pig", {}, "scores=10,20;player=1;total=15"),
    ("maxn", "pig", {"players": 3}, "scores=10,20,30;player=1;total=12"),
    ("paranoid", "pig", {"players": 3}, "scores=10,20,30;player=1;total=12"),
]


def run(algorithm: str, game_name: str, options: dict[str, Any], position: str | None,
        spec: str, **kwargs: Any) -> tuple[Any, Any, SearchResult]:
    game = make_game(game_name, options)
    state = game.initial_state() if position is None else game.parse_position(position)
    return game, state, run_search(game, state, EngineConfig.parse(f"{algorithm} {spec}"),
                                   **kwargs, evaluation=evaluation_of(game))


def test_every_searching_algorithm_declares_a_node_budget() -> None:
    assert {name for name, params in PARAMS.items()
            if "nodes" in {p.name for p in params}} == set(PARAMS) - {"random"}


@pytest.mark.parametrize(("algorithm", "game_name", "options", "position"), DEPTH_LIMITED)
def test_a_node_budget_stops_every_depth_limited_search_the_same_way(
    algorithm: str, game_name: str, options: dict[str, Any], position: str | None
) -> None:
    game, state, result = run(algorithm, game_name, options, position, "depth=30 nodes=20000")
    assert result.stopped
    assert 20_000 <= result.snapshot.nodes < 20_000 + POLL_INTERVAL + 64
    depths = [row.depth for row in result.iterations]
    assert depths == list(range(1, len(depths) + 1)) and depths, depths
    assert result.best_move in game.legal_moves(state)
    assert result.value == result.iterations[-1].score  # the last completed iteration
    again = run(algorithm, game_name, options, position, "depth=30 nodes=20000")[2]
    assert (again.best_move, again.value, again.snapshot.nodes) == (
        result.best_move, result.value, result.snapshot.nodes)


@pytest.mark.parametrize(("algorithm", "game_name", "options", "position"), DEPTH_LIMITED)
def test_a_time_budget_deepens_and_answers_with_the_last_completed_iteration(
    algorithm: str, game_name: str, options: dict[str, Any], position: str | None
) -> None:
    """``minimax depth=20 time=1`` used to return after 1 s with depth 0 and no iteration."""
    game, state, result = run(algorithm, game_name, options, position, "depth=20 time=1",
                              clock=StepClock(0.02))
    assert result.stopped and 1.0 <= result.snapshot.elapsed <= 1.1
    assert result.iterations and result.snapshot.completed_depth == result.iterations[-1].depth
    assert result.value == result.iterations[-1].score
    assert result.best_move in game.legal_moves(state)


def test_a_budget_never_deepens_past_a_given_depth() -> None:
    _, _, result = run("minimax", "tictactoe", {}, None, "depth=3 nodes=100000000")
    assert [row.depth for row in result.iterations] == [1, 2, 3] and not result.stopped


def test_without_a_budget_minimax_is_one_pass_as_in_the_lectures() -> None:
    _, _, result = run("minimax", "tictactoe", {}, None, "depth=3")
    assert [row.depth for row in result.iterations] == [3]


def test_mcts_and_the_solver_stop_on_a_node_budget() -> None:
    game, state, result = run("mcts", "checkers", {}, None, "nodes=5000 seed=3")
    assert result.stopped and result.best_move in game.legal_moves(state)
    assert 5000 <= result.snapshot.nodes < 5000 + POLL_INTERVAL + 400  # one playout over
    _, _, solved = run("solve", "nim", {"piles": "30,31,32,33"}, None, "nodes=2000")
    assert solved.stopped and solved.snapshot.nodes < 2000 + POLL_INTERVAL
