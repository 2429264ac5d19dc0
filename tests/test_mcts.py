"""UCT plays tic-tac-toe tactics, is reproducible for a seed, and handles chance and
N players.

The must-block position is the one python-peers.md measured mcts 1.0.4 on (X
threatens the top row, O to move): with the opponent modelled as cooperating,
that library blocked 0/20 times. Here each player reads its own reward, so the
block must come out nearly always; the seeds are fixed, so the counts are exact.
"""

from __future__ import annotations

from typing import Any

import pytest
from clocks import StepClock
from narrowing import known, scalar

from adversa.games import AdversaError, make_game
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import SearchResult, Snapshot

SEEDS = range(10)


def search(game: Any, state: Any, spec: str, **kwargs: Any) -> SearchResult:
    return run_search(game, state, EngineConfig.parse(spec), **kwargs,
                      evaluation=evaluation_of(game))


@pytest.mark.parametrize(("position", "wanted"), [
    ("XX./OO./...", "c3"),  # X to move: c3 wins at once
    ("XX./.O./...", "c3"),  # O to move: c3 is the only move that does not lose
    ("X../.O./..X", None),  # O to move: any corner loses to a fork; an edge holds
])
def test_finds_the_tactic_in_nearly_every_seeded_run(position: str, wanted: str | None) -> None:
    game = make_game("tictactoe")
    state = game.parse_position(position)
    moves = [
        search(game, state, f"mcts iterations=1500 seed={seed}").best_move_text
        for seed in SEEDS
    ]
    if wanted is None:
        good = sum(move in ("b3", "a2", "c2", "b1") for move in moves)
    else:
        good = moves.count(wanted)
    assert good >= 9, moves


def test_same_seed_same_tree() -> None:
    game = make_game("tictactoe")
    state = game.initial_state()
    first, second = (search(game, state, "mcts iterations=500 seed=7") for _ in range(2))
    assert first.best_move == second.best_move
    assert first.snapshot.root_moves == second.snapshot.root_moves
    assert first.snapshot.nodes == second.snapshot.nodes


def test_root_visits_add_up_to_the_iterations_and_best_is_most_visited() -> None:
    game = make_game("tictactoe")
    result = search(game, game.initial_state(), "mcts iterations=777 seed=3")
    visits = [known(move.visits) for move in result.snapshot.root_moves]
    assert sum(visits) == 777 == result.playouts
    assert result.best_move_text == result.snapshot.root_moves[0].move  # sorted by visits
    assert visits[0] == max(visits)
    assert result.pv[0] == result.best_move_text
    assert result.iterations and result.iterations[-1].pv == result.pv
    assert -1 <= scalar(result.value) <= 1


def test_a_won_position_scores_near_the_win() -> None:
    game = make_game("tictactoe")
    state = game.parse_position("XX./OO./...")
    result = search(game, state, "mcts iterations=1000 seed=1")
    best = result.snapshot.root_moves[0]
    assert best.move == "c3" and best.score == pytest.approx(1.0)


def test_three_player_pig_reports_a_vector_per_move() -> None:
    game = make_game("pig", {"players": 3})
    state = game.parse_position("scores=10,20,30;player=2;total=8")
    result = search(game, state, "mcts iterations=300 seed=5 rollout=60")
    assert result.best_move in game.legal_moves(state)
    assert isinstance(result.value, tuple) and len(result.value) == 3
    assert all(isinstance(move.score, tuple) and len(move.score) == 3
               for move in result.snapshot.root_moves)


def test_chance_root_samples_outcomes_by_probability() -> None:
    game = make_game("pig")
    state = game.parse_position("scores=10,20;player=1;total=8;roll=pending")
    result = search(game, state, "mcts iterations=600 seed=2 rollout=40")
    assert result.best_move is None
    faces = {move.move: move for move in result.snapshot.root_moves}
    assert sorted(faces) == ["1", "2", "3", "4", "5", "6"]
    assert sum(move.visits or 0 for move in faces.values()) == 600
    assert all(move.probability == pytest.approx(1 / 6) for move in faces.values())
    assert all(60 <= (move.visits or 0) <= 140 for move in faces.values())  # 100 expected
    expectation = sum((move.visits or 0) * scalar(move.score) for move in faces.values()) / 600
    assert result.value == pytest.approx(expectation)  # the root's mean, not one face's


def test_time_budget_alone_runs_until_the_deadline() -> None:
    game = make_game("tictactoe")
    result = search(game, game.initial_state(), "mcts time=0.2 seed=1", clock=StepClock())
    assert result.stopped
    assert known(result.playouts) > 0
    assert result.best_move in game.legal_moves(game.initial_state())


def test_zero_iterations_are_refused_not_read_as_no_budget() -> None:
    game = make_game("tictactoe")
    with pytest.raises(AdversaError, match=r"iterations.*expected at least 1"):
        search(game, game.initial_state(), "mcts iterations=0")


def test_a_stop_request_ends_a_long_search_with_a_legal_move() -> None:
    game = make_game("checkers")
    state = game.initial_state()
    result = search(game, state, "mcts iterations=100000 seed=1", should_stop=lambda: True)
    assert result.stopped
    assert result.best_move in game.legal_moves(state)


def test_live_snapshots_show_visits_while_searching() -> None:
    game = make_game("tictactoe")
    events: list[Any] = []
    result = search(game, game.initial_state(), "mcts time=0.35 seed=4",
                    on_event=events.append, clock=StepClock())
    snapshots = [event for event in events if isinstance(event, Snapshot)]
    assert snapshots
    visits = [sum(move.visits or 0 for move in snap.root_moves) for snap in snapshots]
    assert visits == sorted(visits) and visits[-1] <= known(result.playouts)
    assert events[-1] is result


@pytest.mark.parametrize(("tree", "wanted"), [
    ("three-ply", "1"),  # MIN's best replies are worth 3, 2 and 2
    ("expectiminimax", "a1"),  # 2.1 against 1.3
    ("expectiminimax-scaled", "a2"),  # 40.9 against 21: sampled chance must weigh the 0.1
])
def test_converges_to_the_lecture_choice_on_textbook_trees(tree: str, wanted: str) -> None:
    game = make_game("tree", {"file": tree})
    moves = {
        search(game, game.initial_state(), f"mcts iterations=2000 seed={seed}").best_move_text
        for seed in range(5)
    }
    assert moves == {wanted}
