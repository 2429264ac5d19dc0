"""How scores are written for people: signs, bounds at the end of the scale, and one
form for a textbook tree's numbers everywhere (the lecture's ``3``, not ``+3``)."""

from __future__ import annotations

import dataclasses
import json

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.games.tree import TreeGame
from adversa.presentation import display_score, root_score_text, show_score
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import Reporter, RootMove, Snapshot

THREE_PLY = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def snapshot(**fields: object) -> Snapshot:
    return dataclasses.replace(Reporter("alphabeta", "alphabeta").snapshot(), **fields)


@pytest.mark.parametrize(("score", "signed", "expected"), [
    (3.0, True, "+3"), (3.0, False, "3"), (-2.0, False, "-2"), (2.1, False, "2.1"),
    (-0.0, False, "0"), (0.0, True, "0"), ((1.0, 2.0, 6.0), False, "(1, 2, 6)"),
])
def test_display_score_signs_game_values_but_not_tree_numbers(
    score: float | tuple[float, ...], signed: bool, expected: str
) -> None:
    assert display_score(score, signed=signed) == expected


@pytest.mark.parametrize(("score", "bound", "expected"), [
    (-1.0, "upper", "loss"),  # at most a loss is a loss
    (1.0, "lower", "win"),  # at least a win is a win
    (1.0, "upper", "≤ win"),  # at most a win says something: it may be less
    (-1.0, "lower", "≥ loss"),
    (0.0, "upper", "≤ 0"),
    (0.5, "lower", "≥ +0.5"),
])
def test_a_bound_at_the_end_of_the_scale_reads_as_the_result(
    score: float, bound: str, expected: str
) -> None:
    shown = root_score_text(RootMove("a1", score, bound=bound), snapshot(win_value=1.0))
    assert shown == expected


def test_a_forced_loss_among_the_root_moves_reads_loss() -> None:
    """O (a2, b2) threatens c2, so every X move but the block loses; alpha-beta bounds
    such moves from above, and a bound at the loss is simply a loss."""
    game = make_game("tictactoe")
    state = game.parse_position("X../OO./X..")
    result = run_search(game, state, EngineConfig.parse("alphabeta depth=9"),
                        evaluation=evaluation_of(game))
    snapshot = result.snapshot
    shown = {root.move: root_score_text(root, snapshot) for root in snapshot.root_moves}
    assert shown["b1"] == "loss" and shown["c1"] == "loss"
    assert not any(text.endswith("loss") and text != "loss" for text in shown.values())


@pytest.mark.parametrize("spec", ["alphabeta", "minimax", "expectiminimax", "paranoid",
                                  "mcts iterations=300 seed=1", "solve"])
def test_tree_values_are_unsigned_for_every_search(spec: str) -> None:
    result = run_search(TreeGame.from_data(THREE_PLY), (), EngineConfig.parse(spec),
                        evaluation=evaluation_of(TreeGame.from_data(THREE_PLY)))
    assert isinstance(result.value, float) and result.value > 0  # MCTS only estimates 3
    assert show_score(result.snapshot, result.value) == f"{result.value:.4g}"


def test_game_values_keep_their_sign() -> None:
    game = make_game("tictactoe")
    result = run_search(game, game.initial_state(), EngineConfig.parse("alphabeta depth=2"),
                        evaluation=evaluation_of(game))
    assert show_score(result.snapshot, result.value) == "+1"  # e(n) of the centre, the lecture's


def test_cli_tables_write_tree_values_as_the_lecture() -> None:
    runner = CliRunner()
    analysed = runner.invoke(main, ["analyze", "tree", "--engine", "alphabeta depth=3"])
    assert analysed.exit_code == 0, analysed.output
    value_line = next(line for line in analysed.stdout.splitlines() if line.startswith("value"))
    assert value_line.split() == ["value", "3"]
    assert "+" not in analysed.stdout
    tree = runner.invoke(main, ["tree", "three-ply"])
    assert tree.stdout.splitlines()[1].split() == ["value", "3"]
    compared = runner.invoke(main, ["compare", "tree", "--engine", "minimax",
                                    "--engine", "alphabeta"])
    assert compared.exit_code == 0 and "+3" not in compared.stdout and " 3 " in compared.stdout


def test_json_keeps_plain_numbers() -> None:
    runner = CliRunner()
    analysed = json.loads(runner.invoke(
        main, ["analyze", "tree", "--engine", "alphabeta depth=3", "--json"]).stdout)
    tree = json.loads(runner.invoke(main, ["tree", "three-ply", "--json"]).stdout)
    assert analysed["value"] == 3 and tree["value"] == 3
