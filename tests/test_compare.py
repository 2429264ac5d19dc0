"""Comparing engines on one position: summary rows, agreement, ratios, and the CLI."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.match.compare import (
    CompareRow,
    agree,
    disagreement,
    effective_branching_factor,
    run_comparison,
    summary_rows,
)
from adversa.presentation import disagreement_text
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import Snapshot

MINIMAX = EngineConfig.parse("minimax depth=4")
ALPHABETA = EngineConfig.parse("alphabeta depth=4 tt=0")


def test_effective_branching_factor_of_a_uniform_tree() -> None:
    assert effective_branching_factor(1 + 3 + 9, 2) == pytest.approx(3.0, rel=1e-6)
    assert effective_branching_factor(1 + 2 + 4 + 8, 3) == pytest.approx(2.0, rel=1e-6)
    assert effective_branching_factor(100, 0) is None
    assert effective_branching_factor(1, 3) is None


def test_minimax_and_alphabeta_agree_and_alphabeta_does_less() -> None:
    game = make_game("tictactoe")
    results = run_comparison(game, game.initial_state(), [MINIMAX, ALPHABETA], parallel=False)
    rows = summary_rows(results)
    assert [row.engine for row in rows] == [MINIMAX.text, ALPHABETA.text]
    assert agree(rows)
    assert rows[0].value == pytest.approx(rows[1].value)
    assert rows[0].nodes_ratio == 1.0
    assert rows[1].nodes_ratio == pytest.approx(rows[1].nodes / rows[0].nodes)
    assert rows[1].nodes < rows[0].nodes
    assert rows[1].pruned > 0 and rows[0].pruned == 0
    assert rows[0].depth == rows[1].depth == 4
    assert rows[1].ebf is not None and rows[0].ebf is not None and rows[1].ebf < rows[0].ebf


def test_parallel_and_sequential_comparisons_count_the_same() -> None:
    game = make_game("nim")
    configs = [EngineConfig.parse("minimax depth=3"), EngineConfig.parse("alphabeta depth=3")]
    parallel = summary_rows(run_comparison(game, game.initial_state(), configs, parallel=True))
    sequential = summary_rows(run_comparison(game, game.initial_state(), configs, parallel=False))
    assert [(row.best_move, row.nodes) for row in parallel] == [
        (row.best_move, row.nodes) for row in sequential
    ]


def plain_units() -> Snapshot:
    """The statistics of a search that reports plain numbers (no unit, no win value)."""
    game = make_game("tictactoe")
    return run_search(game, game.initial_state(), EngineConfig.parse("random seed=1"),
                      evaluation=evaluation_of(game)).snapshot


UNITS = plain_units()


def reason(rows: list[CompareRow]) -> str | None:
    """`disagreement` as people read it."""
    found = disagreement(rows)
    return None if found is None else disagreement_text(found)


def make_row(move: str | None, value: float = 0.0, engine: str = "x") -> CompareRow:
    return CompareRow(engine, move, value, UNITS, None, 10, 0.1, 0, 0, 1, None, 1.0, False)


def test_agreement_needs_the_same_value_too_and_says_why_not() -> None:
    same = [make_row("a1", 0.5, "minimax"), make_row("a1", 0.5, "alphabeta")]
    assert disagreement(same) is None
    moves = [make_row("a1", 0.5, "minimax"), make_row("b2", 0.5, "mcts")]
    assert reason(moves) == "moves differ: a1 (minimax) vs b2 (mcts)"
    values = [make_row("a1", 0.5, "minimax"), make_row("a1", 0.25, "mcts")]
    assert reason(values) == "values differ: +0.5 (minimax) vs +0.25 (mcts)"
    assert not agree(values)


def test_minimax_under_a_clock_no_longer_shows_a_false_disagreement() -> None:
    """``minimax depth=20 time=…`` used to stop with no iteration and no value, so
    Compare said "no" against an alpha-beta that agreed; with a node budget both deepen."""
    game = make_game("tictactoe")
    configs = [EngineConfig.parse("minimax depth=20 nodes=3000"),
               EngineConfig.parse("alphabeta depth=20 nodes=3000 tt=0")]
    rows = summary_rows(run_comparison(game, game.initial_state(), configs, parallel=False))
    assert all(row.value is not None and row.depth >= 1 for row in rows)


def test_agreement_needs_one_shared_move() -> None:
    assert agree([make_row("a1"), make_row("a1")])
    assert not agree([make_row("a1"), make_row("b2")])
    assert not agree([make_row(None), make_row(None)])


def run_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_compare_cli_json() -> None:
    code, stdout, stderr = run_cli(
        "compare", "tictactoe", "--engine", "minimax depth=2", "--engine", "alphabeta depth=2",
        "--json",
    )
    assert code == 0, stderr
    document = json.loads(stdout)
    assert document["agree"] is True
    first, second = document["engines"]
    assert first["nodes_ratio"] == 1.0
    assert second["nodes_ratio"] == pytest.approx(second["nodes"] / first["nodes"], abs=1e-4)
    assert first["best_move"] == second["best_move"]


def test_compare_cli_table() -> None:
    code, stdout, _ = run_cli(
        "compare", "nim", "--set", "piles=1,2", "--engine", "solve", "--engine", "minimax depth=3",
        "--table",
    )
    assert code == 0
    assert "engines agree: yes" in stdout
    assert "1.000" in stdout  # the first engine's nodes ratio


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--engine", "solve"], "2 to 4 --engine"),
        (["--engine", "solve"] * 5, "2 to 4 --engine"),
        (["--engine", "solve", "--engine", "minimax depth=x"], "--engine 'minimax depth=x'"),
        (["--engine", "solve", "--engine", "solve", "--position", "nonsense"], ""),
    ],
)
def test_compare_cli_bad_input_is_one_line(args: list[str], message: str) -> None:
    code, stdout, stderr = run_cli("compare", "tictactoe", *args, "--json")
    assert code == 2
    assert stderr.startswith("adversa: error: ")
    assert message in stderr
    assert stderr.count("\n") == 1
    assert stdout == ""


def test_compare_cli_searches_the_given_position() -> None:
    # X (to move) completes the bottom row with c1; every engine must find it.
    code, stdout, stderr = run_cli(
        "compare", "tictactoe", "--position", ".../OO./XX.", "--engine", "minimax depth=1",
        "--engine", "alphabeta depth=3", "--engine", "solve", "--json",
    )
    assert code == 0, stderr
    document = json.loads(stdout)
    assert [engine["best_move"] for engine in document["engines"]] == ["c1", "c1", "c1"]
    assert all(engine["value"] == 1.0 for engine in document["engines"])
    assert document["agree"] is True
