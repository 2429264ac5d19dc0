"""``adversa tournament``: the games it plays, its files, and resuming after Ctrl-C or
``kill -9`` with nothing lost and nothing played twice (real processes, real signals)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.match.tournament import (
    FinishedGame,
    TournamentSettings,
    build_tournament,
    swiss_pairings,
)

ROOT = Path(__file__).resolve().parent.parent
RANDOM_MOVER = ROOT / "examples" / "engines" / "random_mover.py"
GREEDY = ROOT / "examples" / "engines" / "greedy_plugin.py"
SLOW = Path(__file__).resolve().parent / "engines" / "misbehaving.py"
EXTERNAL_RANDOM = f"external:{sys.executable} {RANDOM_MOVER} 7"  # seeded: replayable


def run_cli(*words: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(words))
    return result.exit_code, result.output


def test_three_kinds_of_engine_in_a_round_robin(tmp_path: Path) -> None:
    code, output = run_cli(
        "tournament", "tictactoe", "--engine", "alphabeta depth=9",
        "--engine", f"python:{GREEDY}", "--engine", EXTERNAL_RANDOM,
        "--games", "6", "--out", str(tmp_path / "t"), "--json")
    assert code == 0, output
    result = json.loads(output)
    assert result["games"] == result["games_planned"] == 18  # 3 pairings × 6
    names = [line["engine"] for line in result["standings"]]
    assert names[0] == "alphabeta depth=9"  # never loses at tic-tac-toe
    ratings = [line["rating"] for line in result["standings"]]
    scores = [line["score"] for line in result["standings"]]
    assert ratings == sorted(ratings, reverse=True) and scores == sorted(scores, reverse=True)
    perfect = result["standings"][0]
    assert perfect["losses"] == 0 and perfect["games"] == 12
    low, high = perfect["interval"]
    assert low < perfect["rating"] < high
    assert sum(line["score"] for line in result["standings"]) == 18
    assert result["crosstable"]["alphabeta depth=9"][EXTERNAL_RANDOM]["games"] == 6
    files = sorted(path.name for path in (tmp_path / "t" / "games").iterdir())
    assert files == [f"game-{n:05d}.json" for n in range(1, 19)]
    page = (tmp_path / "t" / "index.html").read_text(encoding="utf-8")
    assert page.count('<a href="games/game-') == 18
    assert json.loads((tmp_path / "t" / "results.json").read_text()) == result


def test_gauntlet_pairs_the_first_engine_with_each_other() -> None:
    settings = TournamentSettings("nim", ("alphabeta", "random", "minimax depth=2", "mcts"),
                                  format="gauntlet", games=3)
    tournament = build_tournament(settings)
    pairings = tournament.pairings(0, ())
    assert pairings == ((0, 1), (0, 2), (0, 3)) and tournament.planned == 9
    laid_out = tournament.tasks(0, pairings)
    assert [task.index for task, _ in laid_out] == list(range(9))
    assert [laid_out[n][1] for n in (0, 2, 3, 8)] == [(0, 1), (0, 1), (0, 2), (0, 3)]
    # colours alternate within each pairing, game by game
    assert [task.engine_a_player for task, _ in laid_out[:3]] == [0, 1, 0]


def finished(index: int, first: int, second: int, points: float) -> FinishedGame:
    return FinishedGame(index, (first, second), 0, points, "", "", 1)


def test_swiss_pairs_leaders_together_avoids_rematches_and_rotates_the_bye() -> None:
    # Round 1 of five engines (one game a pairing): 0 beat 1, 2 beat 3, 4 sat out.
    first_round = [finished(0, 0, 1, 1.0), finished(1, 2, 3, 1.0)]
    # Ranked 0, 2 (1 point), 1, 3, 4; the bye goes to the lowest who has not had one: 3.
    assert swiss_pairings(5, first_round, 2) == ((0, 2), (1, 4))
    # 0 and 1 drew, 2 and 3 drew in round 1: ranked 0 1 2 3 4 (all ½ or 0); 4 had the
    # bye, so 3 sits out; 0 already met 1 and is paired with 2, 1 with 4.
    drawn = [finished(0, 0, 1, 0.5), finished(1, 2, 3, 0.5)]
    assert swiss_pairings(5, drawn, 2) == ((0, 2), (1, 4))
    assert swiss_pairings(4, [], 2) == ((0, 1), (2, 3))


def test_swiss_tournament_plays_its_rounds_from_the_cli(tmp_path: Path) -> None:
    code, output = run_cli(
        "tournament", "nim", "--format", "swiss", "--engine", "alphabeta", "--engine",
        "random", "--engine", "minimax depth=1", "--engine", "mcts iterations=50",
        "--engine", "random seed=3", "--games", "2", "--rounds", "3", "--json")
    assert code == 0, output
    result = json.loads(output)
    assert result["games"] == result["games_planned"] == 3 * 2 * 2  # rounds × slots × games
    assert [line["games"] for line in result["standings"]].count(4) >= 2  # byes: 3 of 5 rested
    assert sum(line["games"] for line in result["standings"]) == 24


@pytest.mark.parametrize(("words", "message"), [
    (("tournament", "tictactoe", "--engine", "random"), "at least two --engine"),
    (("tournament", "tictactoe", "--engine", "random", "--engine", "random"), "given twice"),
    (("tournament", "tictactoe", "--engine", "random", "--engine", "external:nope-nope"),
     "--engine 'external:nope-nope': engine program 'nope-nope' is not on PATH"),
    (("tournament", "--resume", "/nonexistent/place"), "no tournament there"),
    (("tournament",), "missing GAME"),
])
def test_bad_tournaments_are_refused_in_one_line(words: tuple[str, ...], message: str) -> None:
    code, output = run_cli(*words)
    assert code == 2
    assert message in output and "Traceback" not in output


def test_an_existing_tournament_folder_is_not_overwritten(tmp_path: Path) -> None:
    words = ("tournament", "nim", "--engine", "random", "--engine", "alphabeta", "--games", "2",
             "--out", str(tmp_path), "--json")
    assert run_cli(*words)[0] == 0
    code, output = run_cli(*words)
    assert code == 2 and "already holds a tournament" in output


def start_slow_tournament(folder: Path, jobs: int) -> subprocess.Popen[bytes]:
    """24 games whose engine sleeps before every move: it cannot finish quickly."""
    command = [sys.executable, "-m", "adversa", "tournament", "tictactoe",
               "--engine", f"external:{sys.executable} {SLOW} slow", "--engine", "random",
               "--games", "24", "--jobs", str(jobs), "--out", str(folder), "--json"]
    return subprocess.Popen(command, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def wait_for_games(folder: Path, count: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while len(list((folder / "games").glob("game-*.json"))) < count:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "the tournament played too few games"
        time.sleep(0.05)


@pytest.mark.parametrize(("stop", "jobs"), [(signal.SIGINT, 1), (signal.SIGKILL, 2)])
def test_resume_after_an_interruption_loses_nothing_and_replays_nothing(
        tmp_path: Path, stop: signal.Signals, jobs: int) -> None:
    folder = tmp_path / "t"
    process = start_slow_tournament(folder, jobs)
    try:
        wait_for_games(folder, 3, process)
        process.send_signal(stop)
        output, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    if stop == signal.SIGINT:
        assert process.returncode == 0
        stopped = json.loads(output)
        assert stopped["interrupted"] and 3 <= stopped["games"] < 24
    else:
        assert process.returncode == -signal.SIGKILL
    before = {path.name: path.stat().st_mtime_ns for path in (folder / "games").iterdir()
              if not path.name.startswith(".")}  # a kill -9 may leave a write's temporary file
    assert len(before) < 24
    code, resumed = run_cli("tournament", "--resume", str(folder), "--jobs", str(jobs), "--json")
    assert code == 0, resumed
    result = json.loads(resumed)
    assert result["games"] == result["games_planned"] == 24 and not result["interrupted"]
    after = {path.name: path.stat().st_mtime_ns for path in (folder / "games").iterdir()}
    assert sorted(after) == [f"game-{n:05d}.json" for n in range(1, 25)]
    assert all(after[name] == stamp for name, stamp in before.items())  # none replayed
    assert sum(line["games"] for line in result["standings"]) == 48


def test_tables_name_outside_engines_without_folders_unless_names_would_clash(
        tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for folder in ("a", "b"):
        (tmp_path / folder / "bot.py").write_text(GREEDY.read_text(encoding="utf-8"))
    short = build_tournament(TournamentSettings(
        "nim", ("random", f"python:{tmp_path}/a/bot.py", EXTERNAL_RANDOM))).short_names
    assert short == ("random", "python:bot.py", "external:python random_mover.py 7".replace(
        "python", os.path.basename(sys.executable), 1))
    clashing = (f"python:{tmp_path}/a/bot.py", f"python:{tmp_path}/b/bot.py")
    assert build_tournament(TournamentSettings("nim", clashing)).short_names == clashing


def test_a_game_clock_reaches_outside_and_own_engines_alike(tmp_path: Path) -> None:
    code, output = run_cli(
        "tournament", "tictactoe", "--engine", EXTERNAL_RANDOM, "--engine", "alphabeta",
        "--clock", "600+1", "--games", "2", "--out", str(tmp_path / "t"), "--json")
    assert code == 0, output
    assert json.loads(output)["games"] == 2
    record = json.loads((tmp_path / "t" / "games" / "game-00001.json").read_text())
    assert record["clock_left"] is not None and "lost" not in record["reason"]
    code, output = run_cli("tournament", "tictactoe", "--engine", "random", "--engine",
                           "alphabeta", "--clock", "60+1", "--time-per-move", "1")
    assert code == 2 and "not both" in output
