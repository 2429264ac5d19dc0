"""A choice on the board that is not a move says why, in a notification (issue 14), and
leaves the game as it was."""

from __future__ import annotations

from tui_fakes import FakeEngine

from adversa.match.session import GameSession
from adversa.tui.app import AdversaApp
from adversa.tui.screens.game import GameScreen


def notifications(app: AdversaApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def test_clicking_a_taken_cell_says_it_is_taken() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    session.play_text("b2")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        offset = screen.board.offset_of(("cell", 1, 1))
        assert offset is not None
        await pilot.click(screen.board, offset=(offset.x, offset.y))
        await pilot.pause()
        assert "b2 is taken" in notifications(app)
        assert session.notations == ["b2"]


async def test_a_full_connect_four_column_says_it_is_full() -> None:
    session = GameSession("connect4", {}, [None, None])
    for column in "444444":
        session.play_text(column)
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.board.focus()
        await pilot.press("4")
        await pilot.pause()
        assert "column 4 is full" in notifications(app)
        assert len(session.notations) == 6
