"""Classroom mode (``adversa --classroom``, as ``adversa serve`` runs the app for a class):
nothing a student does reads or writes the server's files; each refusal is a notification
and the game goes on."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_fakes import FakeEngine

from adversa.match.session import GameSession
from adversa.tui.app import AdversaApp
from adversa.tui.screens.game import GameScreen


def notifications(app: AdversaApp) -> list[str]:
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
