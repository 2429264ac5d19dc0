"""Saved files read as typed JSON: each field is checked for its type before use, so a
hand-edited file with a value of the wrong kind is refused in one line, as a missing
field always was, instead of being carried into a game (issue 27)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from adversa.jsontypes import (
    JsonObject,
    JsonValue,
    json_int,
    json_list,
    json_number,
    json_object,
    json_str,
)
from adversa.match.arena import MatchError
from adversa.match.record_fields import RecordError, clock_times
from adversa.match.records import record_from_json
from adversa.match.session import GameSession
from adversa.match.tournament import FinishedGame, TournamentSettings
from adversa.match.tournament_files import TournamentFolder


@pytest.mark.parametrize(("read", "good", "bad"), [
    (json_int, 3, True),  # JSON's true is not the number 1
    (json_int, -2, 2.5),
    (json_number, 2.5, "2.5"),
    (json_number, 7, None),
    (json_str, "e4", 4),
    (json_list, [1, "a"], {"a": 1}),
    (json_object, {"a": [1]}, [["a", 1]]),
])
def test_each_reader_takes_its_kind_and_refuses_another(
        read: Callable[[JsonValue], object], good: JsonValue, bad: JsonValue) -> None:
    assert read(good) == good
    with pytest.raises(ValueError, match="expected"):
        read(bad)


def test_a_number_is_read_as_a_float() -> None:
    assert isinstance(json_number(7), float)


def settings_json() -> JsonObject:
    return TournamentSettings("tictactoe", ("random", "alphabeta depth=2"), games=4,
                              time_per_move=0.5, rounds=3).to_json()


def test_tournament_settings_come_back_as_they_were_saved() -> None:
    saved = settings_json()
    assert TournamentSettings.from_json(json.loads(json.dumps(saved))).to_json() == saved


def test_tournament_settings_without_optional_fields_take_the_defaults() -> None:
    settings = TournamentSettings.from_json({"game_name": "nim", "engines": ["random"]})
    assert settings == TournamentSettings("nim", ("random",))


@pytest.mark.parametrize(("field", "value", "message"), [
    ("games", "4", "expected a whole number"),
    ("engines", "random", "expected a list"),
    ("engines", ["random", 3], "expected text"),
    ("time_per_move", True, "expected a number"),
    ("seed", None, "expected a whole number"),
])
def test_a_tournament_setting_of_the_wrong_kind_is_refused(
        field: str, value: JsonValue, message: str) -> None:
    with pytest.raises(MatchError, match=f"tournament's settings.*{message}"):
        TournamentSettings.from_json(settings_json() | {field: value})


def test_resume_refuses_a_hand_edited_settings_file_in_one_line(tmp_path: Path) -> None:
    folder = TournamentFolder(tmp_path / "t")
    folder.create(TournamentSettings("nim", ("random", "random")))
    path = tmp_path / "t" / "tournament.json"
    edited = json.loads(path.read_text()) | {"games": "lots"}
    path.write_text(json.dumps(edited))
    with pytest.raises(MatchError, match="expected a whole number, got 'lots'") as error:
        folder.settings()
    assert "\n" not in str(error.value)


def finished_game() -> JsonObject:
    return {"game": 3, "engines": [0, 1], "engine_a_player": 1, "engine_a_points": 0.5,
            "result": "1/2-1/2", "reason": "board full", "moves": ["b2", "a1"]}


def test_a_finished_game_is_read_from_its_record() -> None:
    game = FinishedGame.from_json(finished_game())
    assert (game.index, game.engines, game.points, game.plies) == (2, (0, 1), 0.5, 2)


@pytest.mark.parametrize("change", [
    {"engines": [0, 1, 2]}, {"engines": [0, "1"]}, {"game": "3"}, {"moves": 2},
])
def test_a_finished_game_of_the_wrong_shape_is_refused(change: JsonObject) -> None:
    with pytest.raises(ValueError):
        FinishedGame.from_json(finished_game() | change)


def test_a_match_record_line_with_a_wrong_field_is_refused_like_a_half_written_one() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    session.play_text("b2")
    line: JsonObject = {
        "game": 1, "opening": "initial position", "start_position": None,
        "players": ["random", "random"], "engine_a_player": 0, "result": "1-0",
        "winner": 0, "reason": "three in a row", "engine_a_points": 1.0,
        "moves": list(session.notations), "opening_plies": 0, "seconds": 0.01,
        "nodes": {"engine_a": 4, "engine_b": 3}, "thinking_seconds": {"engine_a": 0.0,
                                                                     "engine_b": 0.0},
        "engine_moves": {"engine_a": 1, "engine_b": 0}, "clock_left": None,
        "move_seconds": [0.0], "move_clocks": None,
    }
    record = record_from_json(line)
    assert record.moves == ("b2",) and record.move_clocks == ()
    wrong: list[tuple[str, JsonValue]] = [("winner", "0"), ("nodes", [4, 3]), ("moves", "b2")]
    for field, value in wrong:
        with pytest.raises(ValueError):
            record_from_json(line | {field: value})


@pytest.mark.parametrize("left", [
    [[60, 60], [59, "60"]], [[60, 60], [59]], [[60, 60], 59], [[60, True]], [[-1, 60]], "60",
])
def test_clock_times_of_the_wrong_shape_are_none(left: JsonValue) -> None:
    assert clock_times(left, 2) is None


def test_clock_times_are_floats_per_position() -> None:
    assert clock_times([[60, 60], [59.5, 60]], 2) == [(60.0, 60.0), (59.5, 60.0)]


def test_a_flagged_seat_written_as_a_float_is_refused() -> None:
    """1.0 passed ``1.0 in range(2)`` and became a seat number."""
    record = GameSession("tictactoe", {}, [None, None]).to_record()
    record["moves"] = ["b2"]
    record["clock"] = {"control": "60", "left": [[60, 60], [59, 0]], "flagged": 1.0}
    with pytest.raises(RecordError, match="'flagged'"):
        GameSession.from_record(record)
