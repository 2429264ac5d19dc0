"""``arena`` stopped by a signal or a kill, and resumed (issue 33): workers die with the
parent, SIGTERM stops a match as Ctrl-C does (status 130), ``--out`` never mixes two
matches, ``--resume`` neither replays nor loses a game, and a summary never claims a
finished match it trails."""

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
from adversa.match.arena import GameRecord, MatchState
from adversa.match.records import RECORDS_FILE, RecordWriter, record_from_json
from adversa.match.runner import run_match
from tests.test_arena import tictactoe_plan

WAIT_SECONDS = 120.0
"""Generous bounds for a loaded machine, not measurements."""


def start_match(out: Path, jobs: str) -> subprocess.Popen[str]:
    """A checkers match far too long to finish, writing to ``out``."""
    return subprocess.Popen(
        [sys.executable, "-m", "adversa", "arena", "checkers",
         "--engine", "alphabeta depth=3", "--engine", "alphabeta depth=2",
         "--games", "1000", "--jobs", jobs, "--out", str(out), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def wait_for(condition: object, what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():  # type: ignore[operator]
        if time.monotonic() > deadline:
            pytest.fail(f"waited {WAIT_SECONDS:.0f} s for {what}")
        time.sleep(0.05)


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    """Running, not a zombie waiting to be reaped."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return status.rsplit(")", 1)[1].split()[0] != "Z"


def workers_of(process: subprocess.Popen[str]) -> list[int]:
    wait_for(lambda: len(children(process.pid)) >= 2, "two match workers")
    return children(process.pid)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_stops_the_match_as_ctrl_c_does_and_the_workers_go(tmp_path: Path) -> None:
    out = tmp_path / "match"
    process = start_match(out, "2")
    try:
        workers = workers_of(process)
        wait_for(lambda: (out / "summary.json").exists(), "the first game")
        process.send_signal(signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=WAIT_SECONDS)
    finally:
        process.kill()
    assert process.returncode == 130, stderr
    summary = json.loads(stdout)
    assert summary["interrupted"] is True
    assert len(list(out.glob("game-*.pdn"))) == summary["games"] >= 1
    assert json.loads((out / "summary.json").read_text()) == summary
    wait_for(lambda: not any(alive(pid) for pid in workers), "the workers to end")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="parent-death signal")
def test_the_workers_die_with_a_killed_parent(tmp_path: Path) -> None:
    process = start_match(tmp_path / "match", "2")
    workers: list[int] = []
    try:
        workers = workers_of(process)
        process.kill()
        process.wait(timeout=WAIT_SECONDS)
        wait_for(lambda: not any(alive(pid) for pid in workers), "the orphaned workers to end")
    finally:
        process.kill()
        for pid in workers:  # only when the test failed: leave no orphan behind
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


# ---- --out and --resume -------------------------------------------------------------------


def arena(out: Path, *extra: str, games: str = "4") -> tuple[int, str]:
    result = CliRunner().invoke(main, ["arena", "tictactoe", "--engine", "solve", "--engine",
                                       "random", "--games", games, "--out", str(out),
                                       "--json", *extra])
    return result.exit_code, result.output


def test_out_refuses_a_folder_holding_another_match(tmp_path: Path) -> None:
    out = tmp_path / "match"
    assert arena(out)[0] == 0
    code, output = arena(out, games="2")
    assert code == 2
    assert output.strip().splitlines() == [
        f"adversa: error: --out {str(out)!r} holds another match; add --resume to continue "
        "it, or choose an empty folder"]
    assert json.loads((out / "summary.json").read_text())["games"] == 4


def test_resume_refuses_a_different_match(tmp_path: Path) -> None:
    out = tmp_path / "match"
    assert arena(out)[0] == 0
    code, output = arena(out, "--resume", "--seed", "9")
    assert code == 2
    assert "--resume: the folder holds a different match (seed" in output


def test_resume_plays_only_the_missing_games(tmp_path: Path) -> None:
    out = tmp_path / "match"
    assert arena(out)[0] == 0
    lines = (out / RECORDS_FILE).read_text().strip().split("\n")
    assert len(lines) == 4
    # As if killed during the third game's line: two whole lines and half of one.
    (out / RECORDS_FILE).write_text("\n".join(lines[:2]) + "\n" + lines[2][:30])
    kept = (out / "game-0001.json").stat().st_mtime_ns
    code, output = arena(out, "--resume")
    assert code == 0, output
    summary = json.loads(output)
    assert (summary["games"], summary["interrupted"]) == (4, False)
    assert (out / "game-0001.json").stat().st_mtime_ns == kept  # not played again
    records = [json.loads(line) for line in (out / RECORDS_FILE).read_text().split("\n")
               if line.startswith("{") and line.endswith("}")]
    assert sorted(record["game"] for record in records) == [1, 2, 3, 4]


def test_run_match_with_done_games_plays_the_rest_only() -> None:
    plan = tictactoe_plan(4)
    first = run_match(plan)
    played: list[int] = []
    resumed = run_match(plan, done=first.records[:2],
                        on_record=lambda record, state: played.append(record.index))
    assert played == [2, 3]
    assert resumed.tally.games == 4
    assert resumed.records[:2] == first.records[:2]


def test_a_record_reads_back_from_its_json() -> None:
    state = run_match(tictactoe_plan(2))
    for record in state.records:
        again: GameRecord = record_from_json(json.loads(json.dumps(record.to_json())))
        assert again.to_json() == record.to_json()


def test_a_summary_written_mid_match_says_interrupted(tmp_path: Path) -> None:
    """A run killed after a game's record but before the next summary leaves a summary
    that trails the records: it must not say the match finished."""
    plan = tictactoe_plan(2)
    writer = RecordWriter(tmp_path, plan.game)
    seen: list[bool] = []

    def write(record: GameRecord, state: MatchState) -> None:
        writer.write(record, state)
        seen.append(json.loads((tmp_path / "summary.json").read_text())["interrupted"])

    run_match(plan, on_record=write)
    assert seen == [True, False]
