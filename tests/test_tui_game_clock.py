"""Game clocks in the app without Textual: the clock model, the session's clocks through
moves, undo, redo and records. Time is a `HandClock` the tests move by hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from clocks import HandClock

from adversa.jsontypes import JsonValue
from adversa.match.clock_notes import clock_note, note_seconds
from adversa.match.clocks import GameClock
from adversa.match.record_fields import RecordError
from adversa.match.session import GameSession
from adversa.search.config import EngineConfig
from adversa.search.timeman import ClockReading, TimeControl
from adversa.tui.clock import clock_text

ENGINE = EngineConfig.parse("alphabeta depth=3")


def clocked_session(control: str = "300+3", *players: EngineConfig | None,
                    game: str = "tictactoe") -> tuple[GameSession, HandClock]:
    fake = HandClock()
    session = GameSession(game, {}, list(players) or [None, None],
                          time_control=TimeControl.parse(control), clock=fake)
    return session, fake


def times(session: GameSession) -> list[float]:
    assert session.clock is not None
    return [session.clock.remaining(seat) for seat in range(2)]


@pytest.mark.parametrize(("seconds", "shown"), [
    (300, "5:00"), (299.99, "4:59"), (61, "1:01"), (10, "0:10"), (9.99, "0:09.9"),
    (7.35, "0:07.3"), (0.05, "0:00.0"), (-2, "0:00.0"), (3725, "1:02:05"),
])
def test_the_clock_face_is_m_ss_with_tenths_under_ten_seconds(seconds: float,
                                                              shown: str) -> None:
    assert clock_text(seconds) == shown


def test_only_the_running_clock_goes_down_and_a_move_in_time_earns_the_increment() -> None:
    session, fake = clocked_session()
    assert session.start_clock() == ClockReading(300.0, 3.0)
    fake.advance(20)
    assert times(session) == [280.0, 300.0]
    session.play_text("b2")
    assert times(session) == [283.0, 300.0]  # stopped, and three seconds more
    fake.advance(50)
    assert times(session) == [283.0, 300.0]  # nobody's turn has started yet
    session.start_clock()
    fake.advance(5)
    assert times(session) == [283.0, 295.0]


def test_a_running_clock_at_zero_loses_the_game_on_time_even_without_a_move() -> None:
    session, fake = clocked_session("10")
    session.start_clock()
    fake.advance(9.9)
    assert not session.flag_fell()
    fake.advance(0.1)
    assert session.flag_fell()
    assert session.lost_on_time == 0 and session.is_over
    assert session.status_text() == "X lost on time"
    assert not session.is_human_turn()
    session.play_text("b2")  # too late: the move is not played
    assert session.moves == [] and times(session) == [0.0, 10.0]


def test_a_move_made_after_the_flag_fell_is_not_played() -> None:
    """An engine's answer that arrives after its time ran out loses, as over a board."""
    session, fake = clocked_session("5", None, ENGINE)
    session.start_clock()
    session.play_text("b2")
    session.start_clock()
    fake.advance(6)
    session.play_text("a1")
    assert session.notations == ["b2"]
    assert session.status_text() == "O lost on time"


def test_undo_redo_and_go_to_bring_back_each_position_s_clocks() -> None:
    session, fake = clocked_session("60+1")
    for move, seconds in (("b2", 10), ("a1", 20), ("c3", 5)):
        session.start_clock()
        fake.advance(seconds)
        session.play_text(move)
    assert times(session) == [47.0, 41.0]
    session.undo()
    assert times(session) == [51.0, 41.0]  # before c3: X's five seconds given back
    session.go_to(0)
    assert times(session) == [60.0, 60.0]
    session.redo()
    assert times(session) == [51.0, 60.0]
    session.go_to(3)
    assert times(session) == [47.0, 41.0]
    session.restart()
    assert times(session) == [60.0, 60.0]


def test_a_new_move_after_undo_is_timed_afresh() -> None:
    session, fake = clocked_session("60")
    session.start_clock()
    fake.advance(10)
    session.play_text("b2")
    session.undo()
    session.start_clock()
    fake.advance(30)
    session.play_text("a1")
    assert times(session) == [30.0, 60.0]
    assert session.redo_stack == []


def test_undo_after_a_flag_fall_takes_the_loss_back() -> None:
    session, fake = clocked_session("20")
    session.start_clock()
    session.play_text("b2")
    session.start_clock()
    fake.advance(25)
    assert session.flag_fell()
    session.undo()
    assert session.lost_on_time is None
    assert times(session) == [20.0, 20.0]


def test_the_engine_is_told_its_own_time_left() -> None:
    session, fake = clocked_session("100+2", None, ENGINE)
    session.start_clock()
    fake.advance(30)
    session.play_text("b2")
    fake.advance(4)  # the engine's search has not started: its clock does not run
    assert session.start_clock() == ClockReading(100.0, 2.0)
    fake.advance(7)
    assert session.clock is not None and session.clock.reading(1) == ClockReading(93.0, 2.0)


def test_a_game_without_a_clock_has_none() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    assert session.clock is None and session.start_clock() is None
    assert not session.flag_fell()
    assert "clock" not in session.to_record()


def test_save_and_load_keep_the_control_and_the_times(tmp_path: Path) -> None:
    session, fake = clocked_session("300+3")
    session.start_clock()
    fake.advance(12.5)
    session.play_text("b2")
    session.start_clock()
    fake.advance(40)  # O is thinking when the game is saved
    path = tmp_path / "game.json"
    session.save(path)
    record = json.loads(path.read_text())
    # The clocks before each move, and last as they are now (O's forty seconds kept).
    assert record["clock"] == {"control": "300+3", "left": [[300, 300], [290.5, 260]],
                               "flagged": None}
    loaded = GameSession.load(path)
    assert loaded.clock is not None and loaded.clock.control == TimeControl(300, 3)
    assert times(loaded) == [290.5, 260.0]
    loaded.undo()
    assert times(loaded) == [300.0, 300.0]


def test_a_game_lost_on_time_loads_as_lost(tmp_path: Path) -> None:
    session, fake = clocked_session("30")
    session.start_clock()
    fake.advance(31)
    assert session.flag_fell()
    record = session.to_record()
    assert record["result"] == "X lost on time"
    loaded = GameSession.from_record(record)
    assert loaded.lost_on_time == 0 and loaded.is_over


@pytest.mark.parametrize(("clock", "message"), [
    ("300", "'clock' must be an object"),
    ({"control": "fast"}, "time control 'fast'"),
    ({"control": "60", "left": [[60]]}, "'left' must hold 2 lists of 2 seconds"),
    ({"control": "60", "left": [[60, 60], [59, "x"]]}, "'left' must hold"),
    ({"control": "60", "left": [[60, 60], [59, 60]], "flagged": 5}, "'flagged'"),
    # true == 1 in Python: it passed as seat 1 and stopped a running clock
    ({"control": "60", "left": [[60, 60], [59, 60]], "flagged": True}, "'flagged'"),
    # a seat whose clock still shows time left has not lost on time
    ({"control": "60", "left": [[60, 60], [59, 60]], "flagged": 1}, "clock shows 0 left"),
])
def test_a_bad_clock_in_a_record_is_a_record_error(clock: JsonValue, message: str) -> None:
    record = GameSession("tictactoe", {}, [None, None]).to_record()
    record["moves"] = ["b2"]
    record["clock"] = clock
    with pytest.raises(RecordError, match=message):
        GameSession.from_record(record)


def test_a_record_without_a_clock_still_loads_without_one() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    session.play_text("b2")
    assert GameSession.from_record(session.to_record()).clock is None


def test_a_clock_that_is_started_again_for_the_same_seat_keeps_running() -> None:
    fake = HandClock()
    clocks = GameClock(TimeControl(60, 0), 2, fake)
    clocks.start(0)
    fake.advance(10)
    clocks.start(0)
    fake.advance(10)
    assert clocks.remaining(0) == 40.0
    clocks.start(1)  # the other side's turn: the first clock stops with what it had
    fake.advance(5)
    assert (clocks.remaining(0), clocks.remaining(1)) == (40.0, 55.0)


def test_a_pdn_save_keeps_the_control_and_each_move_s_clock(tmp_path: Path) -> None:
    """PGN's convention: a TimeControl tag, and after each move the mover's time left."""
    session, fake = clocked_session("300+3", game="checkers")
    for seconds, move in ((12.5, "11-15"), (20.0, "23-19"), (0.04, "8-11")):
        session.start_clock()
        fake.advance(seconds)
        session.play_text(move)
    path = tmp_path / "game.pdn"
    session.save(path)
    text = path.read_text()
    assert '[TimeControl "300+3"]' in text
    assert "11-15 {[%clk 0:04:50.5]} 23-19 {[%clk 0:04:43.0]}" in text
    assert "8-11 {[%clk 0:04:53.5]}" in text  # 290.5 − 0.04 + 3, to tenths
    loaded = GameSession.load(path)
    assert loaded.clock is not None and loaded.clock.control == TimeControl(300, 3)
    assert loaded.notations == ["11-15", "23-19", "8-11"]
    assert times(loaded) == pytest.approx([293.5, 283.0])
    loaded.undo()
    assert times(loaded) == pytest.approx([290.5, 283.0])
    loaded.undo()
    loaded.undo()
    assert times(loaded) == [300.0, 300.0]


@pytest.mark.parametrize(("seconds", "note"), [
    (290.5, "[%clk 0:04:50.5]"), (3725.04, "[%clk 1:02:05.0]"), (0.0, "[%clk 0:00:00.0]"),
    (59.96, "[%clk 0:01:00.0]"),
])
def test_clock_notes_read_back_what_they_write(seconds: float, note: str) -> None:
    assert clock_note(seconds) == note
    assert note_seconds(f"good move {note}") == pytest.approx(round(seconds, 1))
    assert note_seconds("no clock here") is None


def test_a_pdn_game_lost_on_time_says_so_and_loads_as_lost(tmp_path: Path) -> None:
    session, fake = clocked_session("30", game="checkers")
    session.start_clock()
    fake.advance(31)
    assert session.flag_fell()
    path = tmp_path / "game.pdn"
    session.save(path)
    text = path.read_text()
    assert '[Termination "time forfeit"]' in text and '[Result "0-1"]' in text
    loaded = GameSession.load(path)
    assert loaded.lost_on_time == 0 and loaded.is_over


def test_a_pdn_record_with_a_bad_time_control_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.pdn"
    path.write_text('[TimeControl "soon"]\n1. 11-15 *\n')
    with pytest.raises(RecordError, match="TimeControl tag: time control 'soon'"):
        GameSession.load(path)


def test_a_pdn_record_without_clock_notes_starts_each_clock_from_the_base() -> None:
    session = GameSession.from_game_record(
        "checkers", '[TimeControl "60+2"]\n1. 11-15 23-19 {a comment} *\n')
    assert session.clock is not None and times(session) == [62.0, 62.0]
    assert session.clock_history == [(60.0, 60.0), (62.0, 60.0), (62.0, 62.0)]
