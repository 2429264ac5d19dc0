"""The game screen under a game clock (Pilot): the clock bar, the engine moving on its
clock, a flag fall ending the game; ``adversa play --clock``. Time is a `HandClock` in
the session, moved by hand; the bar's tick is called directly where a test needs it to
have looked at the clocks."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner
from clocks import HandClock
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static
from tui_fakes import FakeEngine, choose_game, game_screen, settle, start_screen, until

from adversa.cli import main
from adversa.games import make_game
from adversa.match.session import GameSession, parse_player
from adversa.search.timeman import ClockReading, TimeControl
from adversa.tui.app import AdversaApp
from adversa.tui.clock import ClockBar
from adversa.tui.screens.game import GameScreen

SIZE = (120, 40)


def clocked(control: str, *players: str) -> tuple[GameSession, HandClock]:
    game = make_game("tictactoe")
    fake = HandClock()
    session = GameSession("tictactoe", {}, [parse_player(game, p) for p in players],
                          time_control=TimeControl.parse(control), clock=fake)
    return session, fake


def bar_text(screen: GameScreen) -> str:
    bar = screen.query_one(ClockBar)
    bar.tick()
    return str(bar.render())


def status(screen: GameScreen) -> str:
    return str(screen.query_one("#status", Static).render())


async def type_move(pilot: Pilot[Any], text: str) -> None:
    await pilot.press("colon", *text, "enter")


async def test_the_running_clock_goes_down_and_is_marked_the_other_stands() -> None:
    session, fake = clocked("300+3", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.pause()
        assert screen.query_one(ClockBar).display
        assert "▶ X 5:00" in bar_text(screen) and "  O 5:00" in bar_text(screen)
        fake.advance(61.5)
        assert "▶ X 3:58" in bar_text(screen) and "  O 5:00" in bar_text(screen)
        await type_move(pilot, "b2")
        fake.advance(290.55)  # O is nearly out: tenths show
        assert "  X 4:01" in bar_text(screen) and "▶ O 0:09.4" in bar_text(screen)


async def test_the_bar_s_own_timer_redraws_it() -> None:
    """No test calls `tick` here: the interval timer must notice the clock moved."""
    session, fake = clocked("300", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        bar = game_screen(app).query_one(ClockBar)
        await pilot.pause()
        fake.advance(100)
        for _ in range(200):
            await pilot.pause(0.02)
            if "3:20" in str(bar.render()):
                break
        assert "▶ X 3:20" in str(bar.render())


async def test_a_game_without_a_clock_shows_no_clock_bar() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not game_screen(app).query_one(ClockBar).display


async def test_a_human_who_never_moves_loses_on_time() -> None:
    session, fake = clocked("10", "human", "alphabeta depth=3")
    engine = FakeEngine()
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.pause()
        fake.advance(10.5)
        bar_text(screen)  # the timer's look at the clocks
        await pilot.pause()
        assert session.status_text() == "X lost on time"
        assert "X lost on time" in status(screen)
        assert "⚑ X 0:00.0" in bar_text(screen)
        assert not screen.board.interactive
        await type_move(pilot, "b2")
        await pilot.pause()
        assert session.moves == [] and engine.calls == []
        assert any("lost on time" in str(n.message) for n in app._notifications)


async def test_the_engine_searches_on_its_own_clock() -> None:
    session, fake = clocked("60+1", "human", "alphabeta depth=3")
    engine = FakeEngine()
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.pause()
        fake.advance(20)  # the human's time, not the engine's
        await type_move(pilot, "b2")
        await settle(pilot, screen)
        fake.advance(5)
        await type_move(pilot, "c3")
        await settle(pilot, screen)
        assert session.notations == ["b2", "a3", "c3", "b3"]
        # Its clock stood while the human thought; it gained the increment after a3.
        assert engine.clock_readings == [ClockReading(60.0, 1.0), ClockReading(61.0, 1.0)]
        assert "▶ X 0:37" in bar_text(screen)  # 60 - 20 + 1 - 5 + 1
        assert "  O 1:02" in bar_text(screen)  # two moves in no (fake) time, +1 each


async def test_an_engine_out_of_time_loses_and_its_search_is_stopped() -> None:
    session, fake = clocked("30", "human", "alphabeta depth=3")
    engine = FakeEngine(block=True)
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.pause()
        await type_move(pilot, "b2")
        assert await until(pilot, engine.started)
        fake.advance(31)
        bar_text(screen)
        assert await until(pilot, engine.stopped)
        await pilot.pause()
        assert session.status_text() == "O lost on time"
        assert session.notations == ["b2"]
        assert screen.runner is not None and not screen.runner.running


async def test_undo_in_the_app_brings_the_clocks_back() -> None:
    session, fake = clocked("120", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.pause()
        fake.advance(30)
        await type_move(pilot, "b2")
        fake.advance(50)
        assert "  X 1:30" in bar_text(screen) and "▶ O 1:10" in bar_text(screen)
        screen.board.focus()
        await pilot.press("u")
        await pilot.pause()
        assert session.moves == []
        assert "▶ X 2:00" in bar_text(screen) and "  O 2:00" in bar_text(screen)


@pytest.mark.parametrize(("given", "control"), [("300+3", TimeControl(300, 3)),
                                                ("300", TimeControl(300, 0)),
                                                (None, None)])
def test_play_clock_opens_the_game_under_that_control(
    monkeypatch: pytest.MonkeyPatch, given: str | None, control: TimeControl | None
) -> None:
    opened: list[GameSession] = []
    monkeypatch.setattr("adversa.tui.app.run_app",
                        lambda session, **looks: opened.append(session))
    arguments = ["play", "connect4"] + (["--clock", given] if given is not None else [])
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output
    clock = opened[0].clock
    assert (clock.control if clock is not None else None) == control


@pytest.mark.parametrize("given", ["5m", "0+1", "300+-3", "", "nan"])
def test_a_bad_clock_is_one_line_saying_what_is_expected(
    monkeypatch: pytest.MonkeyPatch, given: str
) -> None:
    def never(*_args: object, **_looks: object) -> None:
        raise AssertionError("the app must not start")

    monkeypatch.setattr("adversa.tui.app.run_app", never)
    result = CliRunner().invoke(main, ["play", "tictactoe", "--clock", given])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("adversa: error: --clock: ")
    assert "expected BASE+INCREMENT in seconds, e.g. 60+0.5" in lines[0]


@pytest.mark.parametrize(("choice", "typed", "control"), [
    ("none", "", None),
    ("300+3", "", TimeControl(300, 3)),
    ("other", "600+5", TimeControl(600, 5)),
])
async def test_the_start_screen_s_clock_reaches_the_game(
    choice: str, typed: str, control: TimeControl | None
) -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = start_screen(app)
        await choose_game(pilot, start, "tictactoe")
        start.query_one("#clock-choice", Select).value = choice
        await pilot.pause()
        other = start.query_one("#clock-other", Input)
        assert other.display == (choice == "other")
        other.value = typed
        await pilot.press("ctrl+g")
        await pilot.pause()
        clock = game_screen(app).session.clock
        assert (clock.control if clock is not None else None) == control


async def test_a_mistyped_clock_on_the_start_screen_is_refused_there() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = start_screen(app)
        await choose_game(pilot, start, "tictactoe")
        start.query_one("#clock-choice", Select).value = "other"
        await pilot.pause()
        start.query_one("#clock-other", Input).value = "5 minutes"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is start
        assert "expected BASE+INCREMENT" in str(start.query_one("#start-error", Static).render())
