"""A damaged or hostile endgame database never makes the engine play wrong (issue 33).

Each case writes a small database built here (two or three pieces, a second or two),
damages it as the issue found, and checks that the file is set aside in one line (the
engine playing as it does without a database) or refused in one line by ``adversa
endgame``: no hang, no traceback, no runaway memory.
"""

from __future__ import annotations

import contextlib
import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from adversa.cli import main
from adversa.games import make_game
from adversa.games.base import ProbeBudget
from adversa.games.checkers import Checkers
from adversa.games.checkers_endgame_build import build
from adversa.games.checkers_endgame_index import (
    FILE_NAME,
    HOLE,
    MAGIC,
    DatabaseFileError,
    EndgameDatabase,
    database_built,
    layout,
    load_database,
    signature_of,
)
from adversa.games.registry import evaluation_of
from adversa.search.engine import engine_for, run_search

POSITION = "B:WK8:B11,K16"
"""The issue's position: two changed bytes made the engine play 16-19 here, which loses
at once, while it announced a forced win."""


@pytest.fixture(scope="module")
def three_pieces() -> bytes:
    return build(3).to_bytes()


def split(data: bytes) -> tuple[dict[str, Any], bytes]:
    end = data.index(b"\n", len(MAGIC))
    return json.loads(data[len(MAGIC):end]), data[end + 1:]


HUGE = "a number of 5000 digits"


def joined(header: object, body: bytes) -> bytes:
    """The file with this header; `HUGE` stands for a number json cannot write."""
    line = json.dumps(header).replace(json.dumps(HUGE), "9" * 5000)
    return MAGIC + line.encode() + b"\n" + body


def with_header(data: bytes, change: Callable[[dict[str, Any]], None]) -> bytes:
    header, body = split(data)
    change(header)
    return joined(header, body)


def install(data: bytes, tmp_path: Path) -> Path:
    directory = tmp_path / "data"
    directory.mkdir(exist_ok=True)
    path = directory / FILE_NAME
    path.write_bytes(data)
    return path


def damaged_at_the_issue_position(data: bytes) -> bytes:
    """Two bytes changed in the table the issue's position is in: its own value and one
    more, each made a win in one ply for the side to move."""
    game: Any = make_game("checkers")
    state = game.parse_position(POSITION)
    own, opp = state.black, state.white
    signature = signature_of(own, opp, state.kings)
    header, body = split(data)
    entry = next(entry for entry in header["tables"] if tuple(entry[:4]) == signature)
    index = layout(signature).index(own, opp, state.kings)
    other = next(i for i in range(entry[5]) if i != index and body[entry[4] + i] != HOLE)
    changed = bytearray(body)
    for position in (index, other):
        changed[entry[4] + position] = 2  # "the side to move wins in 1"
    return joined(header, bytes(changed))


def endgame_command(*arguments: str) -> Any:
    return CliRunner().invoke(main, ["endgame", *arguments])


def assert_one_line_refusal(result: Any, reason: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("adversa: error: endgame database ")
    assert reason in lines[0], lines[0]


# ---- two changed bytes: caught by the checksum, the engine plays as without ------------


def test_two_changed_bytes_set_the_database_aside_and_the_engine_plays_as_without_it(
        three_pieces: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game: Any = make_game("checkers")
    state = game.parse_position(POSITION)
    engine = engine_for(game, "alphabeta depth=8")
    without = run_search(game, state, engine, evaluation=evaluation_of(game))

    install(damaged_at_the_issue_position(three_pieces), tmp_path)
    damaged = run_search(game, state, engine, evaluation=evaluation_of(game))
    assert damaged.database_plies is None
    assert (damaged.best_move, damaged.value) == (without.best_move, without.value)
    warnings = capsys.readouterr().err.strip().splitlines()
    assert len(warnings) == 1
    assert "endgame database is set aside" in warnings[0]
    assert "fails its checksum" in warnings[0]
    # Set aside for good: later searches do not use it (nor warn again).
    assert load_database() is None
    run_search(game, state, engine, evaluation=evaluation_of(game))
    assert capsys.readouterr().err == ""


def test_the_intact_database_is_used(three_pieces: bytes, tmp_path: Path) -> None:
    """The control: the same search with the undamaged file proves the position."""
    install(three_pieces, tmp_path)
    game: Any = make_game("checkers")
    result = run_search(game, game.parse_position(POSITION),
                        engine_for(game, "alphabeta depth=8"), evaluation=evaluation_of(game))
    assert result.database_plies is not None


def test_endgame_info_and_verify_report_the_damaged_file(three_pieces: bytes,
                                                         tmp_path: Path) -> None:
    install(damaged_at_the_issue_position(three_pieces), tmp_path)
    assert_one_line_refusal(endgame_command("info"), "fails its checksum")
    assert_one_line_refusal(endgame_command("verify", "--sample", "10"), "fails its checksum")
    assert_one_line_refusal(endgame_command("probe", POSITION), "fails its checksum")


def test_a_damaged_file_never_counts_as_built(three_pieces: bytes, tmp_path: Path) -> None:
    """Its header is fine, so a header-only check called it built: the app then neither
    offered to build it again nor knew the engine played without it."""
    sound = install(three_pieces, tmp_path)
    assert database_built(sound, pieces=3)
    damaged = tmp_path / "damaged.db"
    damaged.write_bytes(damaged_at_the_issue_position(three_pieces))
    assert not database_built(damaged)
    assert load_database(damaged) is None  # and the engine sets it aside too


# ---- hostile headers: refused before any table is touched -------------------------------


def every_offset_zero(header: dict[str, Any]) -> None:
    for entry in header["tables"]:
        entry[4] = 0


def bad_signature(header: dict[str, Any]) -> None:
    header["tables"][0][:4] = [0, 0, 0, 12]


def negative_offset(header: dict[str, Any]) -> None:
    header["tables"][1][4] = -header["tables"][1][5]


def billion_pieces(header: dict[str, Any]) -> None:
    header["pieces"] = 10**9


def old_version(header: dict[str, Any]) -> None:
    header["version"] = 1
    for entry in header["tables"]:
        del entry[6]


def huge_number(header: dict[str, Any]) -> None:
    header["king_pieces"] = HUGE


HOSTILE_HEADERS = [
    (every_offset_zero, "is not where its header says"),
    (bad_signature, "unexpected table [0, 0, 0, 12]"),
    (negative_offset, "is not where its header says"),
    (billion_pieces, "pieces is 1000000000, expected 2 to 5"),
    (old_version, "format version 1, expected 2"),
    (huge_number, "unreadable header"),
]


@pytest.mark.parametrize(("change", "reason"), HOSTILE_HEADERS)
def test_a_hostile_header_is_refused_in_one_line_and_the_engine_plays_on(
        change: Callable[[dict[str, Any]], None], reason: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    two = build(2).to_bytes()
    path = install(with_header(two, change), tmp_path)
    tracemalloc.start()
    try:
        assert load_database(path) is None
        assert load_database(path) is None
        warning = capsys.readouterr().err.strip().splitlines()
        assert len(warning) == 1 and "is set aside" in warning[0] and reason in warning[0]
        assert_one_line_refusal(endgame_command("info"), reason)
        assert_one_line_refusal(endgame_command("probe", "B:WK1:BK7"), reason)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000  # the [0,0,0,12] table alone would need gigabytes
    game = Checkers()
    assert game.endgame_probe(game.parse_position("B:WK1:BK7"), ProbeBudget()) is None


def test_a_deeply_nested_header_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    install(MAGIC + b"[" * 100_000 + b"]" * 100_000 + b"\n", tmp_path)
    assert load_database() is None
    assert_one_line_refusal(endgame_command("info"), "too deeply nested")
    game: Any = make_game("checkers")
    state = game.parse_position("B:WK1:BK7")
    result = run_search(game, state, engine_for(game, "alphabeta depth=3"),
        evaluation=evaluation_of(game))
    assert result.best_move is not None


@pytest.mark.parametrize("body", [b"", b"\0" * 10])
def test_a_file_longer_or_shorter_than_its_tables_is_refused(body: bytes,
                                                             tmp_path: Path) -> None:
    header, tables = split(build(2).to_bytes())
    install(joined(header, tables[:-10] if not body else tables + body), tmp_path)
    assert load_database() is None
    assert endgame_command("info").exit_code == 2


def test_a_header_line_without_an_end_is_refused_quickly(tmp_path: Path) -> None:
    install(MAGIC + b"{" + b" " * 3_000_000, tmp_path)
    assert load_database() is None
    assert endgame_command("info").exit_code == 2


def test_the_built_database_round_trips_with_its_checksums() -> None:
    database = build(2)
    loaded = EndgameDatabase.from_bytes(database.to_bytes())
    loaded.check_all()
    assert loaded.tables == database.tables


@settings(max_examples=200)
@given(st.binary(max_size=400), st.sampled_from([b"", b"\n"]))
def test_any_header_bytes_are_refused_or_read_never_raised(header: bytes, end: bytes) -> None:
    """A fuzz of the header reader: whatever follows the magic line, loading answers a
    database or a `DatabaseFileError`, quickly and within bounded memory."""
    tracemalloc.start()
    try:
        with contextlib.suppress(DatabaseFileError):
            EndgameDatabase.from_bytes(MAGIC + header + end + b"\0" * 64)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000
