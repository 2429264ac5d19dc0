"""Engine matches: pairing, play, records, stopping, and the ``adversa arena`` command."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.games import make_game
from adversa.games.base import AdversaError
from adversa.games.checkers_ballot import ACF_THREE_MOVE_BALLOT, BALLOT
from adversa.games.pdn import read_pdn
from adversa.match.arena import (
    GameRecord,
    MatchPlan,
    MatchState,
    build_plan,
)
from adversa.match.openings import (
    INITIAL,
    listed_openings,
    read_openings_file,
    resolve_openings,
)
from adversa.match.records import RecordWriter, match_summary
from adversa.match.runner import run_match
from adversa.search.config import EngineConfig

SOLVE = EngineConfig.parse("solve")
RANDOM = EngineConfig.parse("random")


def tictactoe_plan(games: int, engines: tuple[EngineConfig, EngineConfig] = (SOLVE, RANDOM),
                   openings: str | None = None, max_plies: int | None = None) -> MatchPlan:
    game = make_game("tictactoe")
    chosen = resolve_openings(game, openings, (games + 1) // 2, seed=3)
    return build_plan(game, list(engines), games=games, openings=chosen, max_plies=max_plies,
                      seed=3)


def test_colours_alternate_in_pairs_on_one_opening() -> None:
    plan = tictactoe_plan(6, openings="random:2")
    tasks = plan.tasks()
    assert [task.engine_a_player for task in tasks] == [0, 1, 0, 1, 0, 1]
    for first, second in zip(tasks[::2], tasks[1::2], strict=True):
        assert first.opening == second.opening
        assert first.seats[0].algorithm == "solve" and first.seats[1].algorithm == "random"
        assert second.seats[0].algorithm == "random" and second.seats[1].algorithm == "solve"
    assert len({task.opening for task in tasks}) > 1  # the pairs do not all start alike


def test_random_engines_get_a_different_seed_each_game() -> None:
    plan = tictactoe_plan(4, engines=(RANDOM, RANDOM))
    seeds = {seat.get("seed") for task in plan.tasks() for seat in task.seats}
    assert len(seeds) == 8
    user_seeded = tictactoe_plan(4, engines=(EngineConfig.parse("random seed=5"), RANDOM))
    assert {task.seats[task.engine_a_player].get("seed") for task in user_seeded.tasks()} == {5}


@pytest.mark.parametrize("engine", ["solve", "alphabeta depth=9"])
def test_perfect_player_crushes_random_at_tictactoe(engine: str) -> None:
    state = run_match(tictactoe_plan(12, engines=(EngineConfig.parse(engine), RANDOM)))
    assert state.tally.games == 12
    assert state.tally.losses == 0
    assert state.tally.score is not None and state.tally.score >= 0.85
    for record in state.records:
        a_mark = record.engine_a_player
        assert record.winner in (a_mark, None)
        assert record.seats[a_mark] == engine


def test_perfect_player_wins_every_nim_game_it_can() -> None:
    game = make_game("nim")
    plan = build_plan(game, [SOLVE, RANDOM], games=8, openings=[INITIAL])
    state = run_match(plan)
    assert state.tally.losses == 0
    assert state.tally.wins >= 4  # at least every game where it has the winning side


def test_parallel_match_plays_the_same_games() -> None:
    plan = tictactoe_plan(4, engines=(RANDOM, RANDOM))
    sequential = {record.index: record.moves for record in run_match(plan, jobs=1).records}
    parallel = {record.index: record.moves for record in run_match(plan, jobs=2).records}
    assert sequential == parallel
    assert len(set(sequential.values())) > 1


def test_long_games_are_adjudicated_as_draws() -> None:
    state = run_match(tictactoe_plan(2, engines=(RANDOM, RANDOM), max_plies=3))
    assert state.tally.draws == 2
    for record in state.records:
        assert len(record.moves) == 3
        assert record.winner is None
        assert "adjudicated" in record.reason


def test_sprt_verdict_stops_the_match_early() -> None:
    plan = tictactoe_plan(200)
    state = run_match(plan, sprt_hypotheses=(0.0, 50.0))
    assert state.stopped_by_sprt
    assert state.sprt is not None and state.sprt.verdict == "H1"
    assert state.tally.games < 200


@pytest.mark.parametrize("jobs", [1, 2])
def test_interrupt_keeps_finished_games(jobs: int) -> None:
    seen: list[int] = []

    def interrupt_after_two(record: GameRecord, state: MatchState) -> None:
        seen.append(record.index)
        if len(seen) == 2:
            raise KeyboardInterrupt

    state = run_match(tictactoe_plan(10), jobs=jobs, on_record=interrupt_after_two)
    assert state.interrupted
    assert len(state.records) == 2
    assert match_summary(state)["interrupted"] is True


def test_writer_keeps_each_game_and_the_summary(tmp_path: Path) -> None:
    plan = tictactoe_plan(2)
    writer = RecordWriter(tmp_path / "out", plan.game)
    state = run_match(plan, on_record=writer.write)
    files = sorted(path.name for path in (tmp_path / "out").iterdir())
    assert files == ["game-0001.json", "game-0002.json", "records.jsonl", "summary.json"]
    record = json.loads((tmp_path / "out" / "game-0002.json").read_text())
    assert record["moves"] == list(state.records[1].moves)
    assert record["players"][1] == "solve"  # engine A plays second in game 2
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["games"] == 2


def test_ballot_has_156_distinct_openings_all_legal() -> None:
    assert len(ACF_THREE_MOVE_BALLOT) == 156
    assert len(set(ACF_THREE_MOVE_BALLOT)) == 156
    checkers = make_game("checkers")
    for opening in listed_openings(BALLOT):
        state, played = opening.start(checkers)
        assert len(played) == 3
        assert not checkers.is_terminal(state)


def test_openings_file_accepts_moves_and_reports_bad_lines(tmp_path: Path) -> None:
    game = make_game("tictactoe")
    good = tmp_path / "good.txt"
    good.write_text("# two openings\nb2 a1\n\nc3\n", encoding="utf-8")
    openings = read_openings_file(game, good)
    assert [opening.moves for opening in openings] == [("b2", "a1"), ("c3",)]
    bad = tmp_path / "bad.txt"
    bad.write_text("b2\nb2 b2\n", encoding="utf-8")
    with pytest.raises(AdversaError, match=r"bad\.txt:2"):
        read_openings_file(game, bad)


def run_cli(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_arena_cli_json_and_records(tmp_path: Path) -> None:
    out = tmp_path / "match"
    code, stdout, stderr = run_cli(
        "arena", "tictactoe", "--engine", "solve", "--engine", "random", "--games", "4",
        "--out", str(out), "--json",
    )
    assert code == 0, stderr
    summary = json.loads(stdout)
    assert summary["games"] == 4
    assert summary["wins"] + summary["draws"] + summary["losses"] == 4
    assert summary["losses"] == 0
    assert summary["engine_a"] == "solve" and summary["engine_b"] == "random"
    assert len(list(out.glob("game-*.json"))) == 4
    assert json.loads((out / "summary.json").read_text()) == summary


def test_arena_cli_text_report() -> None:
    code, stdout, _ = run_cli(
        "arena", "nim", "--engine", "solve", "--engine", "random", "--games", "2",
        "--sprt", "0,10",
    )
    assert code == 0
    assert "solve  vs  random" in stdout
    assert "SPRT [0, 10]" in stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--engine", "solve"], "exactly two --engine"),
        (["--engine", "solve", "--engine", "random depth=3"], "--engine 'random depth=3'"),
        (["--engine", "solve", "--engine", "nosuch"], "unknown algorithm"),
        (["--engine", "solve", "--engine", "random", "--games", "0"], "--games 0"),
        (["--engine", "solve", "--engine", "random", "--jobs", "0"], "--jobs 0"),
        (["--engine", "solve", "--engine", "random", "--sprt", "10,0"], "--sprt"),
        (["--engine", "solve", "--engine", "random", "--openings", "ballot"], "ballot"),
        (["--engine", "solve", "--engine", "random", "--openings", "random:x"], "random:N"),
        (["--engine", "solve", "--engine", "random", "--openings", "/no/such"], "no such file"),
        (["--engine", "solve", "--engine", "random", "--time-per-move", "0"], "time-per-move"),
    ],
)
def test_arena_cli_bad_input_is_one_line(args: list[str], message: str) -> None:
    code, stdout, stderr = run_cli("arena", "tictactoe", *args)
    assert code == 2
    assert stderr.startswith("adversa: error: ")
    assert message in stderr
    assert stderr.count("\n") == 1
    assert stdout == ""


def _default_sigint() -> None:
    """Child set-up: Ctrl-C raises KeyboardInterrupt, even when this test runs in a
    background job (whose SIGINT is ignored, and inherited as ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_keeps_finished_games_and_reports(tmp_path: Path, jobs: str) -> None:
    """A real interrupt: finished games stay, the summary says so and agrees with the files.

    1,000 games cannot finish between the first summary and the signal on any machine;
    the waits are generous bounds for a loaded one, not measurements.
    """
    out = tmp_path / "match"
    process = subprocess.Popen(
        [str(Path(sys.executable).with_name("adversa")), "arena", "checkers",
         "--engine", "alphabeta depth=3", "--engine", "alphabeta depth=2",
         "--games", "1000", "--jobs", jobs, "--out", str(out), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint,
    )
    try:
        deadline = time.monotonic() + 120
        while not (out / "summary.json").exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        process.send_signal(signal.SIGINT)
        stdout, stderr = process.communicate(timeout=120)
    finally:
        process.kill()
    assert process.returncode == 130, stderr  # as a shell reports a Ctrl-C
    summary = json.loads(stdout)
    assert summary["interrupted"] is True
    assert 1 <= summary["games"] < 1000
    assert len(list(out.glob("game-*.pdn"))) == summary["games"]
    assert json.loads((out / "summary.json").read_text()) == summary
    assert not list(out.glob(".*.tmp")), "a temporary file was left behind"


def test_checkers_games_are_written_as_pdn_that_reads_back(tmp_path: Path) -> None:
    game = make_game("checkers")
    openings = resolve_openings(game, None, 1, seed=5)
    plan = build_plan(game, [RANDOM, RANDOM], games=2, openings=openings, max_plies=30, seed=5)
    writer = RecordWriter(tmp_path, game)
    state = run_match(plan, on_record=writer.write)
    for record in state.records:
        text = (tmp_path / f"game-{record.index + 1:04d}.pdn").read_text()
        assert f'[Opening "{record.opening}"]' in text
        parsed = read_pdn(text, game)
        assert len(parsed.moves) == len(record.moves)
        assert parsed.result == record.result_text
        assert record.opening.removeprefix("ACF ballot: ").split() == list(record.moves[:3])
