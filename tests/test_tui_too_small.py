"""Below 80×24 the app says how big the terminal must be instead of clipping its layout
(issue 14), and comes back as it was once the terminal is large enough."""

from __future__ import annotations

from narrowing import fresh
from textual.widgets import Static
from tui_fakes import FakeEngine

from adversa.match.session import GameSession
from adversa.tui.app import AdversaApp
from adversa.tui.screens.game import GameScreen
from adversa.tui.screens.start import StartScreen
from adversa.tui.screens.too_small import TooSmallScreen


def message(app: AdversaApp) -> str:
    return str(app.screen.query_one("#too-small", Static).render())


async def test_a_small_terminal_is_told_the_minimum_and_the_app_returns_when_enlarged() -> None:
    app = AdversaApp()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "at least 80×24 (it is 60×20 now)" in message(app)
        await pilot.resize_terminal(70, 30)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "it is 70×30 now" in message(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)


async def test_a_game_in_progress_survives_a_shrink_and_a_regrow() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        game_screen = app.screen
        assert isinstance(game_screen, GameScreen)
        game_screen.session.play_text("b2")
        await pilot.resize_terminal(50, 15)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert fresh(app.screen) is game_screen
        assert game_screen.session.notations == ["b2"]
