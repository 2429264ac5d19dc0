"""Keys typed in the same burst as ``:`` reach the move box (issue 10's "lost keys",
reproduced in the real-terminal test): a fast typist's ``:b2⏎`` plays b2."""

from __future__ import annotations

from textual import events
from tui_fakes import FakeEngine

from adversa.match.session import GameSession
from adversa.tui.app import AdversaApp
from adversa.tui.screens.game import GameScreen


def burst(app: AdversaApp, *keys: tuple[str, str | None]) -> None:
    """Post keys back to back, as the terminal driver does for pasted or fast typing,
    without waiting for the app to handle each one (Pilot's ``press`` would)."""
    for key, character in keys:
        app.post_message(events.Key(key, character))


async def test_a_move_typed_in_one_burst_with_the_colon_is_played() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        burst(app, ("colon", ":"), ("b", "b"), ("2", "2"), ("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert session.notations == ["b2"]


async def test_connect_four_digits_after_the_colon_are_typed_not_dropped() -> None:
    session = GameSession("connect4", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        burst(app, ("colon", ":"), ("3", "3"), ("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert session.notations == ["3"]


async def test_keys_after_the_colon_go_to_the_box_whenever_the_app_reads_them() -> None:
    """The real terminal's failure: ``:`` and ``b`` were read before the focus moved and
    ``2⏎`` after, so the board took ``b`` and the box got ``2``. The colon moves the
    focus as the app reads it, so ``b`` already goes to the box."""
    session = GameSession("tictactoe", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        burst(app, ("colon", ":"), ("b", "b"))
        await pilot.pause()
        burst(app, ("2", "2"), ("enter", "\r"))
        await pilot.pause()
        await pilot.pause()
        assert session.notations == ["b2"]
