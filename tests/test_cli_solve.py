"""``adversa solve``: JSON for scripts, readable text, and one-line errors (exit 2)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result

from adversa.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["solve", *args])


def test_tictactoe_json() -> None:
    result = run("tictactoe", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["value"] == 0
    assert sorted(document["best_moves"]) == sorted(
        f"{file}{rank}" for file in "abc" for rank in "123"
    )
    assert len(document["pv"]) == 9
    assert document["nodes"] > 0 and document["seconds"] >= 0


def test_position_and_settings_are_used() -> None:
    won = json.loads(run("tictactoe", "--position", "XX./OO./...", "--json").stdout)
    assert won["value"] == 1 and "c3" in won["best_moves"]
    lost = json.loads(run("nim", "--set", "piles=1,2,3", "--json").stdout)  # nim-sum 0
    assert lost["value"] == -1
    misere = json.loads(run("nim", "--set", "piles=1,1", "--set", "misere=true", "--json").stdout)
    assert misere["value"] == 1  # two single objects, misère: take one, the other must take last


def test_tree_values_keep_their_numbers_and_vectors() -> None:
    chance = json.loads(run("tree", "--set", "file=expectiminimax", "--json").stdout)
    assert chance["value"] == pytest.approx(2.1) and chance["best_moves"] == ["a1"]
    vector = json.loads(run("tree", "--set", "file=maxn-three-player", "--json").stdout)
    assert vector["value"] == [1, 2, 6]


def test_text_output_names_the_verdict() -> None:
    result = run("grundy", "--set", "pile=7")
    assert result.exit_code == 0
    assert "-1" in result.stdout and "Player 1, to move, loses in 4 plies" in result.stdout
    assert "best moves" in result.stdout


@pytest.mark.parametrize(("args", "expected"), [
    (["checkers"], "solve cannot solve checkers"),
    (["pig"], "algorithms for pig:"),
    (["tictactoe", "--position", "XXX/OO./..."], "the game is over"),
    (["tictactoe", "--position", "nonsense"], "is not a 3×3 board"),
    (["nim", "--set", "piles=x"], "comma-separated list"),
    (["shogi"], "unknown game 'shogi'"),
    # Empty 5×5 boards would take the solver days: no machine finishes in 0.05 s.
    (["tictactoe", "--set", "width=5", "--set", "height=5", "--time", "0.05"],
     "did not finish within 0.05 s"),
    (["tictactoe", "--set", "width=4", "--set", "height=4"], "add --time SECONDS to try"),
    (["nim", "--set", "piles=15,15,15,15,15,15"], "add --time SECONDS to try"),
    (["nim", "--position", "15,15,15,15,15,15"], "add --time SECONDS to try"),
    (["grundy", "--set", "pile=80"], "add --time SECONDS to try"),
])
def test_errors_are_one_line_with_exit_status_two(args: list[str], expected: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("adversa: error: ")
    assert expected in lines[0]
    assert result.stdout == ""


def test_a_game_hundreds_of_plies_long_is_solved_not_a_recursion_error() -> None:
    """Nim with one pile of 600 can last 600 plies; the solver does not recurse per ply."""
    result = run("nim", "--set", "piles=600", "--json")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["value"] == 1 and document["best_moves"] == ["1:600"]


@pytest.mark.parametrize("exhausted", [RecursionError, MemoryError])
def test_running_out_of_stack_or_memory_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, exhausted: type[Exception]
) -> None:
    """The last line of defence in `AdversaGroup`, whatever command runs out."""

    def run_out(*_args: object, **_kwargs: object) -> None:
        raise exhausted

    monkeypatch.setattr("adversa.cli.solve.run_search", run_out)
    result = run("tictactoe")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("adversa: error: ")
    assert "Traceback" not in result.output


def test_the_size_rule_is_judged_on_the_position_and_lifted_by_time() -> None:
    """4×4 with 10 empty cells is small enough; a too-big position is tried under --time."""
    near_end = run("tictactoe", "--set", "width=4", "--set", "height=4",
                   "--position", "XOXO/OXOX/..../....", "--json")
    assert near_end.exit_code == 0, near_end.output
    tried = run("nim", "--set", "piles=10,10,10,10,10,10", "--time", "600", "--json")
    assert tried.exit_code == 0, tried.output  # 1.77 M positions, but symmetric: about 1 s
    assert json.loads(tried.stdout)["value"] == -1


def test_help_states_the_rule() -> None:
    result = run("--help")
    assert "without --time" in " ".join(result.stdout.split())
