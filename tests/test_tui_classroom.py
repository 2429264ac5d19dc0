"""Classroom mode (``adversa --classroom``, as ``adversa serve`` runs the app for a class):
nothing a student does reads or writes the server's files; each refusal is a notification
and the game goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App
from textual.widgets._footer import FooterKey
from tui_fakes import FakeEngine

from adversa.games import make_game
from adversa.match.session import GameSession
from adversa.search.config import EngineConfig
from adversa.tui.app import AdversaApp
from adversa.tui.classroom import REFUSAL_ACTION
from adversa.tui.screens.game import GameScreen
from adversa.tui.screens.help import screen_keys
from adversa.tui.screens.tree_explorer import TreeExplorerApp, TreeExplorerScreen


def notifications(app: App[None]) -> list[str]:
    return [notification.message for notification in app._notifications]


@pytest.mark.parametrize(("key", "refused"), [("ctrl+s", "Saving"), ("ctrl+o", "Loading")])
async def test_save_and_load_are_refused_with_a_notification(
        key: str, refused: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    session = GameSession("tictactoe", {}, [None, None])
    session.play_text("b2")
    app = AdversaApp(session, engine_search=FakeEngine(), classroom=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen  # no file dialog
        assert any(message.startswith(f"{refused} is off in classroom mode")
                   for message in notifications(app))
        assert session.notations == ["b2"]
    assert list(tmp_path.iterdir()) == []


async def test_without_classroom_mode_save_opens_its_dialog() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is not screen
        assert not any("classroom" in message for message in notifications(app))


async def test_classroom_mode_offers_no_file_action_in_footer_palette_or_help() -> None:
    session = GameSession("checkers", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine(), classroom=True)
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        shown = {key.action for key in screen.query(FooterKey)}
        titles = {command.title for command in app.get_system_commands(screen)}
        help_texts = " ".join(text for _, text in screen_keys(screen))
    assert "undo" in shown and not shown & {"save", "load", REFUSAL_ACTION}
    assert "Undo" in titles
    assert not titles & {"Save game", "Load game", "Build the endgame database",
                         "Build the larger endgame database"}
    assert "Undo" in help_texts and "Save" not in help_texts and "Load" not in help_texts


async def test_outside_classroom_mode_the_file_actions_are_offered() -> None:
    session = GameSession("checkers", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(160, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        shown = {key.action for key in screen.query(FooterKey)}
        titles = {command.title for command in app.get_system_commands(screen)}
    assert "save" in shown and REFUSAL_ACTION not in shown
    assert {"Save game", "Load game"} <= titles


async def test_the_tree_explorer_hides_save_svg_and_refuses_its_key(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    game = make_game("tictactoe")
    app = TreeExplorerApp(game, game.initial_state(), EngineConfig.parse("alphabeta depth=1"))
    app.classroom = True  # type: ignore[attr-defined]  # what AdversaApp(classroom=True) sets
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TreeExplorerScreen)
        shown = {key.action for key in screen.query(FooterKey)}
        assert "figure" not in shown and "back" in shown
        await pilot.press("f")
        await pilot.pause()
        assert any(message.startswith("Saving a figure is off in classroom mode")
                   for message in notifications(app))
    assert list(tmp_path.iterdir()) == []
