"""Outside engines over the line protocol: real processes, good ones and bad ones.

Every misbehaviour an engine can show (a crash, an illegal move, silence, endless
output, a line with no end, bytes that are not text, a memory hog) must lose that game
with its reason recorded, and the match must go on. The time limits here only bound
engines that never answer (the others get a minute per move, and are caught by what they
do), so a slow machine changes nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from adversa.games import make_game
from adversa.match.arena import build_plan, play_game
from adversa.match.openings import INITIAL
from adversa.match.runner import run_match
from adversa.match.seats import (
    OutsideEngineError,
    OutsideSeat,
    open_seat,
    parse_seat,
    split_spec,
)
from adversa.search.config import EngineConfig

ROOT = Path(__file__).resolve().parent.parent
RANDOM_MOVER = ROOT / "examples" / "engines" / "random_mover.py"
MISBEHAVING = Path(__file__).resolve().parent / "engines" / "misbehaving.py"
PERFECT = EngineConfig.parse("alphabeta depth=9")


def python_engine(script: Path, *words: str) -> str:
    return f"external:{sys.executable} {script} {' '.join(words)}".rstrip()


@pytest.fixture(scope="module")
def c_engine(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The C example engine, compiled for this test run."""
    compiler = shutil.which("cc")
    if compiler is None:
        pytest.skip("no C compiler (cc) on this machine to build the C example engine")
    binary = tmp_path_factory.mktemp("c-engine") / "tictactoe_alphabeta"
    subprocess.run([compiler, "-O2", "-o", str(binary),
                    str(ROOT / "examples" / "engines" / "tictactoe_alphabeta.c")], check=True)
    return f"external:{binary}"


def tictactoe_match(a: str | EngineConfig, b: str | EngineConfig, games: int) -> list[object]:
    game = make_game("tictactoe")
    seats = [parse_seat(game, seat) if isinstance(seat, str) else seat for seat in (a, b)]
    plan = build_plan(game, seats, games=games, openings=[INITIAL])
    return list(run_match(plan).records)


def test_spec_is_split_like_a_shell_with_trailing_options() -> None:
    assert split_spec("external:'./my engine' --fast x=1 time=2 grace=0.5") == (
        "external", "'./my engine' --fast", {"x": "1", "time": "2", "grace": "0.5"})
    with pytest.raises(OutsideEngineError, match="nothing after 'external:'"):
        split_spec("external:")
    with pytest.raises(OutsideEngineError, match="quote"):
        split_spec("external:'unclosed")


def test_missing_program_and_bad_options_are_refused_before_any_game() -> None:
    game = make_game("tictactoe")
    with pytest.raises(OutsideEngineError, match="not on PATH nor in /usr/games"):
        parse_seat(game, "external:no-such-engine-anywhere")
    with pytest.raises(OutsideEngineError, match="no such file"):
        parse_seat(game, "external:./no/such/engine")
    with pytest.raises(OutsideEngineError, match="unknown option 'depth'"):
        parse_seat(game, python_engine(RANDOM_MOVER, "depth=3"))
    with pytest.raises(OutsideEngineError, match="time='-1': expected a number more than 0"):
        parse_seat(game, python_engine(RANDOM_MOVER, "time=-1"))
    with pytest.raises(OutsideEngineError, match="unknown engine prefix 'telnet'"):
        from adversa.match.seats import seat_module
        seat_module("telnet")


def test_random_mover_plays_whole_legal_games_and_loses_to_perfect_play() -> None:
    records = tictactoe_match(python_engine(RANDOM_MOVER, "7"), PERFECT, 4)
    assert len(records) == 4
    for record in records:
        assert "lost:" not in record.reason  # every move it made was legal
        assert record.engine_a_points <= 0.5  # perfect play never loses
    assert sum(record.engine_a_points for record in records) < 2


def test_c_engine_never_loses_tictactoe(c_engine: str) -> None:
    against_perfect = tictactoe_match(c_engine, PERFECT, 2)
    assert [record.engine_a_points for record in against_perfect] == [0.5, 0.5]
    against_random = tictactoe_match(c_engine, python_engine(RANDOM_MOVER, "7"), 6)
    assert all(record.engine_a_points >= 0.5 for record in against_random)
    assert any(record.engine_a_points == 1 for record in against_random)


def test_the_engine_hears_the_position_history_and_its_name_is_its_label(c_engine: str) -> None:
    game = make_game("tictactoe")
    engine = open_seat(OutsideSeat(c_engine), game)
    try:
        assert engine.label == "alpha-beta in C"
        # X has a3 and b3, O has a1 and b1: the engine must replay the history from
        # the empty start to see that c3 wins.
        start = state = game.initial_state()
        history = []
        for text in ("a3", "a1", "b3", "b1"):
            move = game.parse_move(state, text)
            history.append(move)
            state = game.result(state, move)
        info: list[str] = []
        move = engine.choose_move(game, start, history, state, 5.0, info.append)
        assert game.format_move(state, move) == "c3"
        assert info and info[0].startswith("value")
    finally:
        engine.close()


@pytest.mark.parametrize(("behaviour", "reason"), [
    ("crash", "exited (code 3)"),
    ("illegal", "illegal move 'z99'"),
    ("silent", "sent no move in time"),
    ("flood", "flooded its output"),
    ("longline", "line longer than"),
    ("garbage", "garbage"),
    ("hog", "exited (code 1)"),  # MemoryError under the address-space limit
    ("late-ready", "sent no 'ready' in time"),
])
def test_a_misbehaving_engine_loses_with_the_reason_and_the_match_goes_on(
        behaviour: str, reason: str) -> None:
    # Only the engines that never answer are stopped by the clock; every other one must
    # be caught by what it does, however slow the machine, so its time is generous.
    limits = {"silent": ("time=0.3", "grace=0.3"), "late-ready": ("startup=1",)}.get(
        behaviour, ("time=60", "startup=60"))
    spec = python_engine(MISBEHAVING, behaviour, *limits, "memory=400")
    records = tictactoe_match(spec, python_engine(RANDOM_MOVER), 2)
    assert len(records) == 2  # the second game was played after the first was lost
    for record in records:
        loser = record.engine_a_player
        assert record.winner == 1 - loser
        assert record.engine_a_points == 0
        assert reason in record.reason, record.reason
        assert record.reason.startswith(("X lost:", "O lost:"))


def test_engine_processes_are_ended_after_each_game() -> None:
    game = make_game("tictactoe")
    seat = parse_seat(game, python_engine(RANDOM_MOVER))
    plan = build_plan(game, [seat, PERFECT], games=1, openings=[INITIAL])
    engine = open_seat(seat, game)
    process = engine.process  # type: ignore[attr-defined]
    engine.close()
    assert process.poll() is not None
    record = play_game(plan.tasks()[0])
    assert record.moves


def test_arena_cli_takes_an_external_engine_and_gives_it_the_time_per_move() -> None:
    from click.testing import CliRunner

    from adversa.cli import main

    result = CliRunner().invoke(main, [
        "arena", "tictactoe", "--engine", python_engine(RANDOM_MOVER), "--engine",
        "alphabeta depth=9", "--games", "2", "--time-per-move", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert '"games": 2' in result.output
    game = make_game("tictactoe")
    plan = build_plan(game, [parse_seat(game, python_engine(RANDOM_MOVER)), PERFECT],
                      games=2, openings=[INITIAL], time_per_move=0.75)
    assert [seat.seconds for task in plan.tasks() for seat in task.seats
            if isinstance(seat, OutsideSeat)] == [0.75, 0.75]


def test_a_silent_engine_under_time_per_move_loses_after_that_time_and_the_grace() -> None:
    game = make_game("tictactoe")
    seat = parse_seat(game, python_engine(MISBEHAVING, "silent", "time=3600", "grace=0.2"))
    plan = build_plan(game, [seat, PERFECT], games=1, openings=[INITIAL], time_per_move=0.2)
    record = play_game(plan.tasks()[0])
    assert "sent no move in time" in record.reason and record.winner == 1


def test_an_engine_dies_with_the_process_that_started_it(tmp_path: Path) -> None:
    """A worker killed outright cannot close its engines; the kernel ends them (Linux)."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the parent-death signal is Linux's prctl(PR_SET_PDEATHSIG)")
    pid_file = tmp_path / "engine.pid"
    # The engine is asked to move and sleeps: it will not notice its input closing.
    starter = (
        "import sys, threading\n"
        "from adversa.games import make_game\n"
        "from adversa.match.seats import OutsideSeat, open_seat\n"
        "game = make_game('tictactoe')\n"
        f"engine = open_seat(OutsideSeat({python_engine(MISBEHAVING, 'silent')!r}), game)\n"
        "start = game.initial_state()\n"
        "threading.Thread(target=engine.choose_move, args=(game, start, [], start, 3600.0),"
        " daemon=True).start()\n"
        f"open({str(pid_file)!r}, 'w').write(str(engine.process.pid))\n"
        "sys.stdin.read()\n"  # wait to be killed
    )
    parent = subprocess.Popen([sys.executable, "-c", starter], stdin=subprocess.PIPE,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        deadline = time.monotonic() + 60
        while not pid_file.exists() or not pid_file.read_text():
            assert parent.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        engine_pid = int(pid_file.read_text())
        os.kill(engine_pid, 0)  # alive while its parent is
        parent.kill()
        parent.wait()
        while time.monotonic() < deadline:
            try:
                os.kill(engine_pid, 0)
            except ProcessLookupError:
                return
            if _is_zombie(engine_pid):
                return
            time.sleep(0.05)
        pytest.fail("the engine outlived the process that started it")
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def _is_zombie(pid: int) -> bool:
    """A killed process that its (new) parent has not reaped yet is dead all the same."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] == "Z"
    except OSError:
        return True


@pytest.mark.parametrize("sequential", [True, False])
def test_compare_shows_an_outside_engines_move(c_engine: str, sequential: bool) -> None:
    import json

    from click.testing import CliRunner

    from adversa.cli import main

    # X (to move) has a3 and b3: c3 wins at once.
    words = ["compare", "tictactoe", "-p", "XX./OO./...", "--engine", "alphabeta depth=9",
             "--engine", c_engine, "--json"]
    result = CliRunner().invoke(main, [*words, "--sequential"] if sequential else words)
    assert result.exit_code == 0, result.output
    rows = json.loads(result.output)["engines"]
    assert [row["best_move"] for row in rows] == ["c3", "c3"]
    assert rows[1]["engine"] == c_engine and rows[1]["nodes"] == 0 and rows[1]["value"] is None
