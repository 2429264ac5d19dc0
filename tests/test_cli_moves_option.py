"""``--moves``: every rule and search tool starts after a line of moves, history included."""

from __future__ import annotations

import json
from typing import Any

import pytest
from click.testing import CliRunner

from adversa.cli import main

ENDING = ["-p", "B:WK5,K22:BK10,K30", "--moves", "10-7 5-1 7-2 1-5 2-6"]


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def document(*args: str) -> dict[str, Any]:
    outcome = run(*args, "--json")
    assert outcome.exit_code == 0, outcome.output
    parsed: dict[str, Any] = json.loads(outcome.stdout)
    return parsed


@pytest.mark.parametrize("command", [
    ["moves", "checkers"],
    ["perft", "checkers", "--depth", "2"],
    ["analyze", "checkers", "--engine", "alphabeta depth=2"],
    ["compare", "checkers", "--engine", "minimax depth=2", "--engine", "alphabeta depth=2",
     "--sequential"],
])
def test_every_tool_starts_after_the_moves(command: list[str]) -> None:
    outcome = run(*command, *ENDING, "--json")
    assert outcome.exit_code == 0, outcome.output
    assert "W:WK6,K22:BK1,K30" not in outcome.output  # sanity: not some other position
    moved = document("moves", "checkers", *ENDING)
    assert moved["position"] == "W:WK5,K22:BK6,K30"


def test_solve_starts_after_the_moves() -> None:
    assert document("solve", "nim", "--set", "piles=1,2", "--moves", "2:1")["value"] == -1


def test_the_history_counts_alphabeta_agrees_with_minimax_through_the_cli() -> None:
    exact = document("analyze", "checkers", *ENDING, "--engine", "minimax depth=7")
    fast = document("analyze", "checkers", *ENDING, "--engine", "alphabeta depth=7 quiescence=off")
    assert fast["value"] == exact["value"]


def test_a_repetition_in_the_moves_ends_the_game() -> None:
    line = "10-7 5-1 7-10 1-5 10-7 5-1 7-10 1-5"
    listed = document("moves", "checkers", "-p", "B:WK5,K22:BK10,K30", "--moves", line)
    assert listed["outcome"]["reason"] == "threefold repetition"


@pytest.mark.parametrize(("line", "message"), [
    ("11-15 9-9", "--moves: move 2 ('9-9'): move '9-9' is not legal here; legal moves: 21-17"),
    ("11-15 zz", "--moves: move 2 ('zz')"),
])
def test_a_wrong_move_names_its_index_and_the_legal_moves(line: str, message: str) -> None:
    outcome = run("analyze", "checkers", "--moves", line)
    assert outcome.exit_code == 2
    assert outcome.output.startswith("adversa: error: " + message)
    assert outcome.output.count("\n") == 1


def test_chance_outcomes_are_written_as_the_game_formats_them() -> None:
    listed = document("moves", "pig", "--moves", "roll 4")
    assert listed["moves"] == ["roll", "hold"]
    outcome = run("moves", "pig", "--moves", "roll 7")
    assert outcome.exit_code == 2 and "chance outcomes: 1, 2, 3, 4, 5, 6" in outcome.output


def test_perft_stops_at_its_time_limit_with_the_depths_done() -> None:
    """``perft checkers --depth 99`` used to run forever; depth 30 cannot finish in 1 s."""
    counted = document("perft", "checkers", "--depth", "30", "--time", "1")
    assert counted["stopped_at_depth"] == len(counted["counts"]) + 1 <= 30
    assert counted["counts"][:3] == [7, 49, 302]


@pytest.mark.parametrize(("args", "message"), [
    (["moves", "nim", "-p", "99999999999999999999"], "has a pile larger than 1000"),
    (["analyze", "nim", "-p", "99999999999999999999"], "has a pile larger than 1000"),
    (["analyze", "grundy", "-p", "5000"], "has a pile larger than 1000"),
    (["moves", "nim", "-p", "1,٣"], "does not parse"),
    (["arena", "tictactoe", "--engine", "random", "--engine", "random", "--openings",
      "/bin/ls"], "openings file '/bin/ls': is a binary file"),
    (["perft", "checkers", "--depth", "3", "--time", "0"], "more than 0"),
])
def test_bad_input_that_used_to_hang_or_crash_is_one_line(args: list[str], message: str) -> None:
    outcome = run(*args)
    assert outcome.exit_code == 2, outcome.output
    assert outcome.output.startswith("adversa: error: ") and message in outcome.output
    assert outcome.output.count("\n") == 1


def test_a_textbook_leaf_shows_its_value_not_a_draw() -> None:
    outcome = run("moves", "tree", "-p", "2.1")
    assert outcome.exit_code == 0
    assert outcome.output.strip() == "a leaf: value 2; no moves"
