"""``python:`` seats: plugin files and ``adversa.engines`` entry points, in real matches."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from adversa.games import make_game
from adversa.match.arena import build_plan
from adversa.match.openings import INITIAL
from adversa.match.runner import run_match
from adversa.match.seats import OutsideEngineError, OutsideSeat, open_seat, parse_seat
from adversa.search.config import EngineConfig

GREEDY = Path(__file__).resolve().parent.parent / "examples" / "engines" / "greedy_plugin.py"


def play(spec: str, against: str, games: int, game_name: str = "tictactoe") -> list[object]:
    game = make_game(game_name)
    seat = parse_seat(game, spec)
    plan = build_plan(game, [seat, EngineConfig.parse(against)], games=games,
                      openings=[INITIAL], seed=5)
    return list(run_match(plan).records)


def test_greedy_plugin_beats_random_at_connect4() -> None:
    records = play(f"python:{GREEDY}", "random", 6, "connect4")
    assert len(records) == 6
    assert all("lost:" not in record.reason for record in records)
    assert sum(record.engine_a_points for record in records) >= 5


def test_plugin_sees_the_position_it_must_move_in() -> None:
    game = make_game("tictactoe")
    engine = open_seat(OutsideSeat(f"python:{GREEDY}"), game)
    assert engine.label == "greedy plugin"
    start = state = game.initial_state()
    for text in ("a3", "a1", "b3", "b1"):  # X threatens c3 and wins there
        state = game.result(state, game.parse_move(state, text))
    assert game.format_move(state, engine.choose_move(game, start, [], state, None)) == "c3"


def write_plugin(folder: Path, body: str) -> Path:
    path = folder / "plugin_under_test.py"
    path.write_text(body, encoding="utf-8")
    return path


@pytest.mark.parametrize(("body", "reason"), [
    ("def choose_move(game, state, seconds):\n    raise ValueError('no idea')\n",
     "raised ValueError: no idea"),
    ("def choose_move(game, state, seconds):\n    return 'z9'\n", "illegal move 'z9'"),
])
def test_a_plugin_that_fails_loses_its_games(tmp_path: Path, body: str, reason: str) -> None:
    records = play(f"python:{write_plugin(tmp_path, body)}", "random", 2)
    assert len(records) == 2
    assert all(record.engine_a_points == 0 and reason in record.reason for record in records)


def test_bad_plugins_are_refused_before_any_game(tmp_path: Path) -> None:
    game = make_game("tictactoe")
    with pytest.raises(OutsideEngineError, match="no choose_move"):
        parse_seat(game, "python:" + str(write_plugin(tmp_path, "X = 1\n")))
    with pytest.raises(OutsideEngineError, match=r"failed to load \(SyntaxError"):
        parse_seat(game, "python:" + str(write_plugin(tmp_path, "def (\n")))
    with pytest.raises(OutsideEngineError, match="no such file"):
        parse_seat(game, "python:missing/engine.py")
    with pytest.raises(OutsideEngineError, match=r"nor an .adversa\.engines. entry point"):
        parse_seat(game, "python:not_installed_anywhere")


def test_entry_point_plugins_are_found_by_name(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A real installed distribution (a dist-info folder on sys.path) declares the plugin."""
    package = tmp_path / "student_engine.py"
    package.write_text(GREEDY.read_text(encoding="utf-8"), encoding="utf-8")
    info = tmp_path / "student_engine-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: student-engine\n"
                                   "Version: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[adversa.engines]\nstudent = student_engine\n",
                                           encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    records = play("python:student", "random", 2)
    assert len(records) == 2
    assert all("lost:" not in record.reason for record in records)
