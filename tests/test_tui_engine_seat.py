"""The engine's seat changes mid-game and the position stays (issue 32): "Engine settings"
from the game screen, and Compare's "Use in game", which used to take the human's seat
and leave the game running on as engine against engine."""

from __future__ import annotations

from typing import Any

from textual.widgets import Input
from textual.widgets._footer import FooterKey
from tui_fakes import FakeEngine, game_screen

from adversa.match.session import GameSession
from adversa.search.config import EngineConfig
from adversa.tui.app import AdversaApp
from adversa.tui.engine_settings import EngineDialog, engine_seat
from adversa.tui.screens.compare import CompareScreen

SIZE = (160, 50)
ALPHABETA = EngineConfig.parse("alphabeta depth=2")


def test_the_engine_seat_is_the_engines_against_a_person() -> None:
    assert engine_seat([None, ALPHABETA], to_move=0) == 1
    assert engine_seat([ALPHABETA, None], to_move=1) == 0
    assert engine_seat([ALPHABETA, ALPHABETA], to_move=1) == 1  # engines: the side to move
    assert engine_seat([None, None], to_move=0) == 1  # people: the one not to move


async def type_move(pilot: Any, text: str) -> None:
    if not isinstance(pilot.app.focused, Input):
        await pilot.press("colon")
    await pilot.press(*text, "enter")


async def wait_for_human(pilot: Any, session: GameSession) -> None:
    for _ in range(100):
        await pilot.pause(0.02)
        if session.is_human_turn():
            return


async def test_use_in_game_replaces_the_engine_not_the_person() -> None:
    session = GameSession("tictactoe", players=[None, ALPHABETA])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await wait_for_human(pilot, session)
        assert session.is_human_turn()  # X, the person, to move
        await pilot.press("escape", "c")
        for _ in range(200):
            await pilot.pause(0.02)
            screen = app.screen
            if isinstance(screen, CompareScreen) and all(
                    column.state != "searching" for column in screen.columns):
                break
        screen = app.screen
        assert isinstance(screen, CompareScreen)
        screen.query_one("#spec-1", Input).focus()
        chosen = screen.columns[1].config
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert session.players == [None, chosen]
        assert session.notations[:1] == ["b2"]


async def test_engine_settings_change_the_engine_and_keep_the_game() -> None:
    session = GameSession("tictactoe", players=[None, ALPHABETA])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await wait_for_human(pilot, session)
        played = list(session.notations)
        game_screen(app).action_engine_settings()
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, EngineDialog)
        field = dialog.query_one("#engine-text", Input)
        assert field.value == "alphabeta depth=2"
        field.value = "minimax depth=3"
        await pilot.press("enter")
        await pilot.pause()
        assert session.players == [None, EngineConfig.parse("minimax depth=3")]
        assert session.notations == played


async def test_a_bad_engine_text_changes_nothing() -> None:
    session = GameSession("tictactoe", players=[None, ALPHABETA])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen(app).action_engine_settings()
        await pilot.pause()
        app.screen.query_one("#engine-text", Input).value = "alphabeta depth=x"
        await pilot.press("enter")
        await pilot.pause()
        assert session.players == [None, ALPHABETA]
        messages = [notice.message for notice in app._notifications]
        assert any(message.startswith("Engine not changed:") for message in messages)


async def test_e_opens_engine_settings_and_the_footer_shows_it_at_80_columns() -> None:
    """Was: only the command palette offered it."""
    session = GameSession("checkers", players=[None, ALPHABETA])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(80, 24)) as pilot:
        shown: set[str] = set()
        for _ in range(100):  # the footer is recomposed after the screen's first layout
            await pilot.pause(0.01)
            shown = {key.action for key in app.screen.query(FooterKey)
                     if key.region.width and key.region.right <= 80}
            if {"help", "quit", "engine_settings"} <= shown:
                break
        assert {"help", "quit", "engine_settings"} <= shown
        await pilot.press("escape", "e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, EngineDialog)
        assert dialog.query_one("#engine-text", Input).value == "alphabeta depth=2"
