"""Hostile input on the command line (issue 33): numbers of thousands of digits and megabyte
lines get one short line and exit status 2, never a traceback.

Python refuses to turn more than 4,300 digits into an int, so every parser that called
``int`` on a pattern of digits raised a `ValueError` traceback; and every message quoted the
whole input, so a 3 MB line came back as a 3 MB error.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.errors import AdversaError, clip_long_words
from adversa.games.base import MAX_NUMBER_DIGITS
from adversa.jsontypes import JsonObject

HUGE = "9" * 5000
"""More digits than Python converts to an int."""

MOST_LINE = 400
"""Longest error line accepted here: what was refused, quoted in part, and what is expected."""


@pytest.mark.parametrize("arguments", [
    ["moves", "checkers", "-p", f"B:W{HUGE}:B1"],
    ["moves", "nim", "--set", f"piles={HUGE}"],
    ["moves", "nim", "--set", f"piles=1,{HUGE}"],
    ["moves", "nim", "-p", f"1,{HUGE};2"],
    ["moves", "nim", "--moves", f"1:{HUGE}"],
    ["moves", "nim", "--moves", f"{HUGE}:1"],
    ["moves", "tictactoe", "--moves", f"a{HUGE}"],
    ["moves", "connect4", "--moves", HUGE],
    ["moves", "pig", "-p", f"scores={HUGE},0"],
    ["moves", "pig", "-p", "scores=0,0;roll=pending", "--moves", HUGE],
    ["moves", "tree", "-p", f"1.{HUGE}"],
    ["analyze", "tictactoe", "--engine", f"alphabeta depth={HUGE}"],
    ["analyze", "tictactoe", "--engine", f"mcts iterations={HUGE}"],
    ["moves", "tictactoe", "--moves", "b" * 3_000_000],
], ids=lambda arguments: " ".join(word[:20] for word in arguments))
def test_a_huge_number_or_line_is_one_short_line_and_exit_2(arguments: list[str]) -> None:
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("adversa: error: "), result.output[:500]
    assert len(lines[0]) <= MOST_LINE, lines[0][:500]


def test_a_tree_file_with_a_huge_number_is_refused_in_one_line(tmp_path: Path) -> None:
    tree = tmp_path / "huge.json"
    tree.write_text(f'{{"value": {HUGE}}}', encoding="utf-8")
    result = CliRunner().invoke(main, ["tree", str(tree)])
    assert result.exit_code == 2
    line = result.output.strip()
    assert line.startswith("adversa: error: ") and "\n" not in line and len(line) <= MOST_LINE


def test_the_digit_limit_is_the_one_stated() -> None:
    fits = "9" * MAX_NUMBER_DIGITS
    result = CliRunner().invoke(main, ["moves", "nim", "--set", f"piles=1,{fits}"])
    assert "at most" in result.output  # refused by the game's own pile bound, not the parser
    assert "digits" not in result.output


def test_long_runs_are_clipped_and_short_messages_kept() -> None:
    assert clip_long_words("move 'b2' is not legal") == "move 'b2' is not legal"
    clipped = clip_long_words(f"move {'x' * 5000!r} is not legal")
    assert clipped.startswith("move 'xxx") and "[5002 characters]" in clipped
    assert clipped.endswith(" is not legal") and len(clipped) < 100
    assert len(clip_long_words("word " * 1000)) == 1000
    assert str(AdversaError("a" * 200)) == "a" * 40 + "…[200 characters]"


MARKUP_TREE = {
    "title": "[/] [link=http://evil.example]click[/link]",
    "tree": {"player": "max", "label": "[/]", "children": [
        {"label": "[/]", "value": 3}, {"label": "[red]b", "value": 5}]},
}
"""A tree whose title and labels are Rich markup: shown as typed, never interpreted."""


@pytest.mark.parametrize("arguments", [
    ["tree", "{file}"],
    ["tree", "{file}", "--algorithm", "alphabeta", "--trace"],
    ["analyze", "tree", "--set", "file={file}", "--engine", "minimax"],
    ["solve", "tree", "--set", "file={file}"],
])
def test_markup_in_a_tree_file_is_shown_as_text(tmp_path: Path, arguments: list[str]) -> None:
    import json

    tree = tmp_path / "markup.json"
    tree.write_text(json.dumps(MARKUP_TREE), encoding="utf-8")
    result = CliRunner().invoke(main, [word.format(file=tree) for word in arguments])
    assert result.exit_code == 0, result.output
    assert "[red]b" in result.output


def chain(plies: int, value: float) -> dict[str, object]:
    """A tree of one move a ply, ``plies`` deep, ending in ``value``."""
    node: dict[str, object] = {"value": value}
    for ply in range(plies):
        node = {"player": "max" if ply % 2 else "min", "children": [node]}
    return {"title": f"a chain of {plies}", "tree": node}


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "expectimax", "solve"])
def test_a_tree_as_deep_as_the_searches_go_gets_its_true_value(tmp_path: Path,
                                                               algorithm: str) -> None:
    import json

    tree = tmp_path / "chain.json"
    tree.write_text(json.dumps(chain(64, 7)), encoding="utf-8")
    result = CliRunner().invoke(main, ["tree", str(tree), "--algorithm", algorithm, "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["value"] == 7


def test_a_tree_deeper_than_the_searches_go_is_refused_not_misvalued(tmp_path: Path) -> None:
    import json

    tree = tmp_path / "chain.json"
    tree.write_text(json.dumps(chain(100, 7)), encoding="utf-8")
    result = CliRunner().invoke(main, ["tree", str(tree), "--algorithm", "minimax"])
    assert result.exit_code == 2
    assert "100 plies deep; expected at most 64" in result.output


def test_a_fifo_or_a_device_is_refused_at_once(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "openings.fifo"
    os.mkfifo(fifo)
    for source in (fifo, Path("/dev/zero")):
        result = CliRunner().invoke(main, ["arena", "tictactoe", "--engine", "random",
                                           "--engine", "random", "--openings", str(source)])
        assert result.exit_code == 2, result.output
        assert "is not a regular file" in result.output


def test_a_file_past_the_size_bound_is_refused(tmp_path: Path) -> None:
    from adversa.files import MAX_USER_FILE_BYTES

    tree = tmp_path / "huge.json"
    tree.write_bytes(b" " * (MAX_USER_FILE_BYTES + 1))
    result = CliRunner().invoke(main, ["tree", str(tree)])
    assert result.exit_code == 2
    assert "larger than 8 MB" in result.output


MANY_PILES = ",".join(["1"] * 30_000)


@pytest.mark.parametrize(("arguments", "expected"), [
    (["moves", "nim", "--set", f"piles={MANY_PILES}"], "has 30,000 piles; expected at most 64"),
    (["moves", "nim", "-p", f"{MANY_PILES};1"], "has 30,000 piles; expected at most 64"),
    (["moves", "grundy", "-p", MANY_PILES], "has 30,000 piles; expected at most 64"),
    (["analyze", "tictactoe", "--engine", f"mcts iterations={10**12}"], "at most 1000000"),
    (["analyze", "tictactoe", "--engine", f"alphabeta nodes={10**13}"], "at most 1000000000000"),
    (["arena", "tictactoe", "--engine", "random", "--engine", "random", "--games", "10000000"],
     "from 1 to 100,000"),
    (["arena", "tictactoe", "--engine", "random", "--engine", "random", "--games", "2",
      "--time-control", "1e308+1e308"], "at most 86,400 seconds"),
], ids=["nim-option", "nim-position", "grundy-position", "mcts-iterations", "nodes", "games",
        "clock"])
def test_requests_past_a_stated_bound_are_refused_before_any_work(arguments: list[str],
                                                                  expected: str) -> None:
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 2, result.output
    assert expected in result.output


def test_an_opening_that_ends_the_game_is_refused_naming_its_line(tmp_path: Path) -> None:
    openings = tmp_path / "openings.txt"
    openings.write_text("b2\na1 b1 a2 b3 a3\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["arena", "tictactoe", "--engine", "random", "--engine",
                                       "random", "--openings", str(openings)])
    assert result.exit_code == 2, result.output
    assert "openings.txt:2: 'a1 b1 a2 b3 a3' ends the game" in result.output


@pytest.mark.parametrize(("moves", "expected"), [
    ("1. 11-15 (23-19 *", "never closed"),
    ("1. 11-15 ) 23-19 *", "never opened"),
])
def test_a_pdn_with_unbalanced_variations_is_refused(moves: str, expected: str) -> None:
    from adversa.games.base import InvalidMoveError
    from adversa.games.checkers import Checkers
    from adversa.games.pdn import read_pdn

    with pytest.raises(InvalidMoveError, match=expected):
        read_pdn(f'[Event "x"]\n[Result "*"]\n\n{moves}\n', Checkers())


def test_loading_one_game_of_a_collection_replays_only_that_game() -> None:
    from adversa.games.checkers import Checkers
    from adversa.games.pdn import read_pdn, read_pdn_games

    game = Checkers()
    collection = '[Event "a"]\n1. 11-15 *\n\n[Event "b"]\n1. 11-18 *\n'  # b's move is illegal
    first = read_pdn(collection, game)
    assert first.tags["Event"] == "a" and len(first.moves) == 1
    with pytest.raises(AdversaError, match="11-18"):
        read_pdn_games(collection, game)


def test_analyze_stops_a_search_without_a_time_budget_at_max_time() -> None:
    """No machine finishes Connect Four to depth 40 in a second: without --max-time's
    default bound the command would run for hours."""
    result = CliRunner().invoke(main, ["analyze", "connect4", "--engine", "alphabeta depth=40",
                                       "--max-time", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["stopped"] is True
    assert report["best_move"] in {str(column) for column in range(1, 8)}


def test_analyze_says_how_long_it_searches_at_most_by_default() -> None:
    result = CliRunner().invoke(main, ["analyze", "--help"])
    assert "--max-time" in result.output and "default: 60" in result.output.replace("\n", " ")


@pytest.mark.parametrize(("change", "message"), [
    ({"version": 999}, "version 999: this adversa reads versions 1 to 2"),
    ({"version": "2"}, "version 2: this adversa reads"),
    ({"version": True}, "version True"),
    ({"players": ["human"] * 50}, r"lists 50 players; Tic-tac-toe \(m,n,k\) has 2"),
])
def test_a_save_with_nonsense_fields_is_refused(change: JsonObject,
                                                message: str) -> None:
    from adversa.match.record_fields import RecordError
    from adversa.match.session import GameSession

    session = GameSession("tictactoe", {}, [None, None])
    session.play_text("b2")
    record = session.to_record() | change
    with pytest.raises(RecordError, match=message):
        GameSession.from_record(record)
