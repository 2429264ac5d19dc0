"""What a newcomer hit in the game screen's flows (issue 32): a discarded game offered
again under Resume, saves in the current folder and without a suffix, Pig's ``r``
running Redo while the engine plays, a colon typed into the move box."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, Label
from tui_fakes import FakeEngine, game_screen, session_for

from adversa.tui.app import AdversaApp
from adversa.tui.screens.dialogs import ConfirmDialog, PathDialog
from adversa.tui.screens.start import StartScreen
from adversa.tui.session import autosaved_record

SIZE = (120, 40)


def notifications(app: AdversaApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def type_move(pilot: Pilot[Any], text: str) -> None:
    if not isinstance(pilot.app.focused, Input):
        await pilot.press("colon")
    await pilot.press(*text, "enter")


async def test_discard_forgets_the_autosave_so_resume_does_not_offer_it() -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await type_move(pilot, "a1")
        assert autosaved_record() is not None
        await pilot.press("escape", "m")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert autosaved_record() is None
        assert isinstance(app.screen, StartScreen)
        assert not app.screen.query("#resume")


async def test_keeping_the_game_keeps_its_autosave() -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await pilot.press("escape", "m")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        record = autosaved_record()
        assert record is not None and record["moves"] == ["b2"]


async def test_a_bare_name_is_saved_in_the_saves_folder_with_the_games_suffix() -> None:
    saves = Path(os.environ["ADVERSA_SAVES_DIR"])
    assert not saves.exists()  # created when first written to
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await pilot.press("escape", "ctrl+s")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, PathDialog)
        field = dialog.query_one("#path", Input)
        assert field.value.startswith(str(saves)) and field.value.endswith(".json")
        hints = " ".join(str(label.content) for label in dialog.query(Label))
        assert ".pdn" not in hints and str(saves) in hints  # this game's format, and where
        field.value = "mygame"
        await pilot.press("enter")
        await pilot.pause()
        assert (saves / "mygame.json").is_file()
        assert not Path("mygame").exists() and not Path("mygame.json").exists()


async def test_checkers_saves_get_the_pdn_suffix(tmp_path: Path) -> None:
    session = session_for("checkers", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "11-15")
        await pilot.press("escape", "ctrl+s")
        await pilot.pause()
        app.screen.query_one("#path", Input).value = str(tmp_path / "opening")
        await pilot.press("enter")
        await pilot.pause()
        assert (tmp_path / "opening.pdn").is_file()


async def test_pig_r_while_the_engine_plays_is_not_redo() -> None:
    engine = FakeEngine(block=True)
    session = session_for("pig", "expectiminimax depth=2", "human", target="20")
    app = AdversaApp(session, engine_search=engine, seed=5)
    redone: list[bool] = []
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        screen.action_redo = lambda: redone.append(True)  # type: ignore[method-assign]
        for _ in range(100):
            if engine.started.is_set():
                break
            await pilot.pause(0.02)
        assert engine.started.is_set() and not session.is_human_turn()
        screen.board.focus()
        await pilot.press("r")
        await pilot.pause()
        assert redone == []
        assert any("Wait for your turn" in text for text in notifications(app))
        engine.stopped.set()


async def test_colon_after_a_refused_move_starts_a_new_move() -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "zz")
        await pilot.pause()
        field = game_screen(app).query_one("#move-input", Input)
        assert app.focused is field and field.value == "zz"  # kept for correcting
        await pilot.press("colon", "b", "3", "enter")
        await pilot.pause()
        assert session.notations == ["b3"]
        await type_move(pilot, "1")  # a colon inside a move is still typed
        await pilot.pause()
        await pilot.press("colon")
        assert field.value == ""
        await pilot.press("a", "colon", "1")
        assert field.value == "a:1"
