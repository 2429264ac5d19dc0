"""The rule-level commands: ``adversa games``, ``moves`` and ``perft``, and the
one-line error policy (exit status 2) for every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from adversa.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def run_json(*args: str) -> Any:
    result = run(*args, "--json")
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def test_games_json_lists_every_game_with_its_options() -> None:
    games = {game["name"]: game for game in run_json("games")}
    assert {"tictactoe", "nim", "grundy", "pig", "tree"} <= set(games)
    width = next(o for o in games["tictactoe"]["options"] if o["name"] == "width")
    assert (width["kind"], width["default"], width["minimum"], width["maximum"]) == (
        "int", 3, 1, 26,
    )
    piles = games["nim"]["options"][0]
    assert piles["name"] == "piles" and piles["default"] == [1, 3, 5, 7]
    assert games["pig"]["has_chance"] and not games["nim"]["has_chance"]
    assert all(game["title"] and game["description"] for game in games.values())
    assert all(option["help"] for game in games.values() for option in game["options"])


def test_games_table_names_the_games() -> None:
    result = run("games")
    assert result.exit_code == 0
    for name in ("tictactoe", "nim", "grundy", "pig", "tree", "piles=1,3,5,7"):
        assert name in result.stdout


def test_moves_lists_legal_moves_in_notation() -> None:
    document = run_json("moves", "tictactoe", "--position", "X.O/.X./..O")
    assert document["moves"] == ["b3", "a2", "c2", "a1", "b1"]
    assert document["to_move"] == 0 and not document["terminal"]
    text = run("moves", "nim", "--set", "piles=1,2").stdout
    assert "1:1 2:1 2:2" in text and "3 legal moves" in text


def test_moves_after_a_sequence_and_at_the_end() -> None:
    document = run_json("moves", "grundy", "--after", "1:1,1:2")
    assert document["position"] == "4,2,1" and document["moves"] == ["1:1"]
    finished = run_json("moves", "tictactoe", "--position", "XXX/OO./...")
    assert finished["moves"] == [] and finished["outcome"]["winner"] == 0
    text = run("moves", "tictactoe", "-p", "XXX/OO./...").stdout
    assert "game over: X wins (three in a row)" in text


def test_moves_at_a_chance_state_give_outcomes_with_probabilities() -> None:
    document = run_json("moves", "pig", "--after", "roll")
    assert document["to_move"] == "chance"
    assert document["moves"] == ["1", "2", "3", "4", "5", "6"]
    assert sum(document["probabilities"]) == pytest.approx(1.0)
    tree = run_json("moves", "tree", "--set", "file=expectiminimax", "--position", "1")
    assert tree["probabilities"] == [0.9, 0.1]
    text = run("moves", "tree", "--set", "file=expectiminimax", "-p", "1").stdout
    assert "chance to act: 2 outcomes" in text and "1 (p=0.9)  2 (p=0.1)" in text


def test_perft_json_counts_each_depth() -> None:
    document = run_json("perft", "tictactoe", "--depth", "4")
    assert document["counts"] == [9, 72, 504, 3024]
    assert document["seconds"] >= 0 and document["leaves_per_second"] > 0
    assert "divide" not in document


def test_perft_divide_splits_the_last_count_by_root_move() -> None:
    document = run_json("perft", "nim", "--set", "piles=1,2", "--depth", "2", "--divide")
    assert document["counts"] == [3, 5]
    assert document["divide"] == {"1:1": 2, "2:1": 2, "2:2": 1}
    assert sum(document["divide"].values()) == document["counts"][-1]


def test_perft_counts_chance_outcomes_as_plies() -> None:
    assert run_json("perft", "pig", "--depth", "3")["counts"] == [1, 6, 11]


def test_perft_table() -> None:
    result = run("perft", "grundy", "--depth", "3", "--divide")
    assert result.exit_code == 0
    assert "leaves/s" in result.stdout and "divide at depth 3" in result.stdout


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["moves", "shogi"], "unknown game 'shogi'; expected one of: tictactoe"),
        (["moves", "tictactoe", "-p", "XXX/..."], "expected 3 rows of 3 cells"),
        (["moves", "nim", "-p", "1,x"], "expected comma-separated pile sizes"),
        (["moves", "pig", "-p", "scores=1"], "expected 2, one per player"),
        (["moves", "tree", "-p", "9"], "is not a child of root"),
        (["moves", "tictactoe", "--after", "b2 b2"], "the cell is taken; legal moves"),
        (["moves", "tictactoe", "--after", "zz"], "expected a file letter and a rank"),
        (["moves", "nim", "--after", "9:9"], "is not legal here; legal moves: 1:1"),
        (["moves", "nim", "--set", "piles=a"], "comma-separated list of whole numbers"),
        (["moves", "nim", "--set", "heaps=1"], "nim has no option 'heaps'"),
        (["moves", "nim", "--set", "piles"], "is not KEY=VALUE"),
        (["moves", "pig", "--set", "players=9"], "expected at most 4"),
        (["moves", "tree", "--set", "file=missing.json"], "not found; expected a JSON file"),
        (["perft", "nim", "--depth", "0"], "--depth"),
        (["perft", "nim"], "--depth"),
    ],
)
def test_bad_input_gives_one_line_and_exit_status_2(args: list[str], expected: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("adversa: error: "), result.stderr
    assert expected in lines[0]


def test_an_ambiguous_move_is_one_line_too() -> None:
    pytest.importorskip("adversa.games.checkers", reason="checkers is not written yet")
    # A black man on 2 can take 6 then 14, or 7 then 15: both land on 18.
    result = run("moves", "checkers", "-p", "B:W6,7,14,15:B2", "--after", "2x18")
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("adversa: error: ")
    assert "ambiguous" in lines[0] and "2x9x18" in lines[0] and "2x11x18" in lines[0]


def test_bad_tree_file_names_the_place(tmp_path: Path) -> None:
    tree = tmp_path / "tree.json"
    tree.write_text(json.dumps([[3, 12, 8], [2, {"childs": []}]]), encoding="utf-8")
    result = run("moves", "tree", "--set", f"file={tree}")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"adversa: error: {tree}: root[1][1]: expected a number, a list or an object "
        'with "value" or "children"'
    )
