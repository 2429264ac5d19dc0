"""``adversa analyze`` and ``adversa tree``: output, JSON, and the one-line error policy."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.games import make_game
from adversa.search.engine import algorithms_for

ASSETS = Path(__file__).resolve().parents[1] / "assets" / "trees"


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def run_json(*args: str) -> dict[str, Any]:
    outcome = run(*args, "--json")
    assert outcome.exit_code == 0, outcome.output
    document: dict[str, Any] = json.loads(outcome.output)
    return document


# --------------------------------------------------------------------------- tree


def test_tree_alphabeta_three_ply_json() -> None:
    document = run_json("tree", str(ASSETS / "three-ply.json"), "--algorithm", "alphabeta")
    assert document["value"] == 3
    assert document["best_move"] == "1"
    assert document["leaves_evaluated"] == 7
    assert document["pruned"] == ["2.2", "2.3"]


def test_tree_minimax_evaluates_all_nine_leaves() -> None:
    document = run_json("tree", "three-ply", "--algorithm", "minimax")
    assert (document["value"], document["leaves_evaluated"], document["pruned"]) == (3, 9, [])


def test_tree_trace_lists_the_visit_order_with_alpha_and_beta() -> None:
    outcome = run("tree", "three-ply", "--trace")
    assert outcome.exit_code == 0, outcome.output
    assert "Visit order" in outcome.output
    assert "cut: 2 ≤ α = 3" in outcome.output
    assert "2.2, 2.3" in outcome.output
    document = run_json("tree", "three-ply", "--trace")
    trace = document["trace"]
    assert [row["path"] for row in trace][:3] == ["root", "1", "1.1"]
    middle = next(row for row in trace if row["path"] == "2")
    assert (middle["alpha"], middle["pruned"]) == (3, ["2.2", "2.3"])


def test_tree_works_for_chance_and_multiplayer_algorithms() -> None:
    chance = run_json("tree", "expectiminimax", "--algorithm", "expectiminimax")
    assert isinstance(chance["value"], float)
    multi = run_json("tree", "maxn-three-player", "--algorithm", "maxn")
    assert isinstance(multi["value"], list) and len(multi["value"]) == 3


def test_tree_errors_are_one_line() -> None:
    outcome = run("tree", "no-such-tree.json")
    assert outcome.exit_code == 2
    assert outcome.output.count("\n") == 1
    assert outcome.output.startswith("adversa: error:")
    wrong = run("tree", "three-ply", "--algorithm", "nosuch")
    assert wrong.exit_code == 2
    assert "unknown algorithm 'nosuch'" in wrong.output


# --------------------------------------------------------------------------- analyze


def test_analyze_depth_two_centre_with_e_of_n_plus_one() -> None:
    document = run_json("analyze", "tictactoe", "--algorithm", "minimax", "--depth", "2")
    assert document["best_move"] == "b2"
    assert document["raw_value"] == pytest.approx(1)
    assert document["stats"]["leaves"] == 72
    assert document["pv"][0] == "b2"


def test_analyze_tictactoe_full_depth_is_a_draw() -> None:
    document = run_json("analyze", "tictactoe", "-a", "alphabeta", "-d", "9")
    assert document["value"] == 0
    stats = document["stats"]
    for key in ("nodes", "leaves", "cutoffs", "pruned", "tt_hits", "depth", "seconds"):
        assert key in stats
    assert stats["cutoffs"] > 0 and stats["tt_hits"] > 0


def test_analyze_engine_text_form_and_iterations() -> None:
    document = run_json("analyze", "checkers", "--engine", "alphabeta depth=4 tt=8")
    assert document["engine"] == "alphabeta depth=4 tt=8"  # as written, defaults included
    assert [row["depth"] for row in document["iterations"]] == [1, 2, 3, 4]
    game = make_game("checkers")
    legal = game.format_moves(game.initial_state(), game.legal_moves(game.initial_state()))
    assert document["best_move"] in legal


def test_analyze_options_and_position() -> None:
    document = run_json(
        "analyze", "checkers", "-p", "B:W22,30:B14", "-a", "alphabeta", "-d", "1",
        "--option", "quiescence=off",
    )
    assert document["engine"] == "alphabeta depth=1 quiescence=off"
    assert -1 < document["value"] < 0


def test_analyze_defaults_to_alphabeta_when_it_fits() -> None:
    document = run_json("analyze", "nim", "--set", "piles=1,2", "--depth", "4")
    assert document["engine"] == "alphabeta depth=4"
    assert document["value"] == 1
    assert document["win_in_plies"] == 3


def test_analyze_time_budget_reports_a_stopped_search() -> None:
    document = run_json("analyze", "checkers", "-a", "alphabeta", "--time", "0.3")
    assert document["stopped"]
    assert document["stats"]["depth"] >= 1
    assert document["stats"]["seconds"] < 0.3 + 0.1


def test_analyze_prints_a_readable_report() -> None:
    outcome = run("analyze", "tictactoe", "-a", "alphabeta", "-d", "3")
    assert outcome.exit_code == 0, outcome.output
    for text in ("best move", "value", "PV", "Statistics", "Iterations", "e(n)"):
        assert text in outcome.output


GAMES_FOR_EVERY_ALGORITHM: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {
    "tictactoe": ({}, ("--position", "X.O/.X./..O")),
    "pig": ({"target": "10"}, ("--set", "target=10")),
    "nim": ({"piles": "1,2,3"}, ("--set", "piles=1,2,3")),
}
"""game → (its options, the same as command-line arguments)."""

SMALL = {"mcts": ("-o", "iterations=50"), "solve": (), "random": ()}
"""Quick settings per algorithm; the others take ``--depth 2``."""


@pytest.mark.parametrize("game_name", list(GAMES_FOR_EVERY_ALGORITHM))
def test_analyze_runs_every_algorithm_that_fits(game_name: str) -> None:
    options, arguments = GAMES_FOR_EVERY_ALGORITHM[game_name]
    for algorithm in algorithms_for(make_game(game_name, options)):
        extra = SMALL.get(algorithm, ("--depth", "2"))
        document = run_json("analyze", game_name, *arguments, "-a", algorithm, *extra)
        assert document["best_move"], algorithm
        assert "nodes" in document["stats"], algorithm


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("analyze", "tictactoe", "-a", "nosuch"), "unknown algorithm 'nosuch'"),
        (("analyze", "pig", "-a", "alphabeta"), "without chance"),
        (("analyze", "tictactoe", "-a", "minimax", "-e", "minimax"), "not both"),
        (("analyze", "tictactoe", "-o", "tt"), "not KEY=VALUE"),
        (("analyze", "tictactoe", "-a", "alphabeta", "-o", "tt=lots"), "expected a whole"),
        (("analyze", "tictactoe", "-a", "random", "-d", "3"), "no option 'depth'"),
        (("analyze", "tictactoe", "-p", "XXX/XXX/XXX"), "X"),
        (("analyze", "tictactoe", "-p", "XXX/OO./..."), "game is over"),
        (("analyze", "tictactoe", "--time", "nan"), "expected a number of seconds more than 0"),
        (("analyze", "tictactoe", "--time", "inf"), "expected a number of seconds more than 0"),
        (("analyze", "tictactoe", "--time", "0"), "expected a number of seconds more than 0"),
        (("analyze", "tictactoe", "-e", "alphabeta time=nan"), "expected a finite number"),
        (("analyze", "tictactoe", "-e", "alphabeta depth=3 depth=4"), "depth is given twice"),
        (("analyze", "tictactoe", "-a", "alphabeta", "-o", "tt=1", "-o", "tt=2"), "given twice"),
        (("analyze", "tictactoe", "-e", "mcts iterations=0"), "expected at least 1"),
        (("analyze", "nim", "--set", "piles=1,2", "--set", "piles=3"), "piles is given twice"),
    ],
)
def test_analyze_errors_are_one_line(args: tuple[str, ...], message: str) -> None:
    outcome = run(*args)
    assert outcome.exit_code == 2
    assert outcome.output.startswith("adversa: error:")
    assert outcome.output.count("\n") == 1
    assert message in outcome.output


def test_a_depth_given_with_a_time_flag_is_kept_as_a_cap() -> None:
    """``--engine "alphabeta depth=2" --time 5`` is depth 2 capped at 5 s, not "deepen for 5 s"
    (a depth equal to the default used to be dropped: it searched as ``alphabeta time=5``)."""
    document = run_json("analyze", "tictactoe", "--engine", "alphabeta depth=4", "--time", "5")
    assert document["engine"] == "alphabeta depth=4 time=5"
    assert max(row["depth"] for row in document["iterations"]) <= 4


def test_arena_time_per_move_keeps_the_depths_given() -> None:
    from adversa.games import make_game
    from adversa.match.arena import build_plan
    from adversa.match.openings import resolve_openings
    from adversa.search.config import EngineConfig

    game = make_game("tictactoe")
    plan = build_plan(game,
                      [EngineConfig.parse("alphabeta depth=4"), EngineConfig.parse("minimax")],
                      games=2, openings=resolve_openings(game, None, 1, 0), time_per_move=0.5)
    assert [engine.text for engine in plan.engines] == [
        "alphabeta depth=4 time=0.5", "minimax time=0.5"]
