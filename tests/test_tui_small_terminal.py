"""At 80×24 a newcomer sees the keys for help and quit, the start screen's clock and Play
button, number fields wide enough for their numbers, and a one-line database hint
(issue 32)."""

from __future__ import annotations

from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, Input, Select
from textual.widgets._footer import FooterKey
from tui_fakes import FakeEngine, session_for

from adversa.games import make_game
from adversa.search.engine import engine_for
from adversa.tui.app import AdversaApp
from adversa.tui.screens.game import GameScreen
from adversa.tui.session import GameSession

SMALL = (80, 24)


def on_screen(widget: Widget) -> bool:
    """Whether the whole of ``widget`` is drawn within the terminal (not scrolled away)."""
    screen = Region(0, 0, *SMALL)
    region = widget.region
    return bool(region.area) and screen.contains_region(region)


async def test_the_game_screen_footer_shows_help_and_quit() -> None:
    app = AdversaApp(session_for("checkers", "human", "alphabeta depth=2"),
                     engine_search=FakeEngine())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        shown = {key.action for key in app.screen.query(FooterKey) if on_screen(key)}
        assert {"help", "quit"} <= shown


async def test_the_start_screen_shows_the_clock_and_play_button() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert on_screen(app.screen.query_one("#play", Button))
        assert on_screen(app.screen.query_one("#clock-choice", Select))


async def test_a_seats_number_fields_show_a_two_digit_depth() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        fields = [field for field in app.screen.query(".seat-params Input")
                  if isinstance(field, Input)]
        assert fields
        for field in fields:
            assert field.content_region.width >= 6, field.name


TOAST_LINE = 50
"""Characters of one line of a notification (Textual's toasts are 60 columns wide,
less their padding and border)."""


async def test_the_missing_database_hint_is_one_line() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SMALL) as pilot:
        players = [None, engine_for(make_game("checkers"), "default")]
        await app.push_screen(GameScreen(GameSession("checkers", {}, players)))
        await pilot.pause()
        hints = [notice for notice in app._notifications if "database" in notice.message]
        assert len(hints) == 1
        assert not hints[0].title and len(hints[0].message) <= TOAST_LINE
