"""Loading opens a file picker over the saves folder (issue 14): game files only, keyboard
and mouse, a path field for typing, and a refused file leaves the game as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input
from tui_fakes import FakeEngine

from adversa.match.session import GameSession
from adversa.tui.app import AdversaApp
from adversa.tui.screens.game import GameScreen
from adversa.tui.screens.load_dialog import GameFileTree, LoadDialog, game_file_suffixes

SIZE = (120, 40)


@pytest.fixture
def saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A saves folder (the current directory) with a record, a PDN game, a bad file,
    a file of another kind, a hidden file and a subfolder."""
    folder = tmp_path / "saves"
    folder.mkdir()
    tictactoe = GameSession("tictactoe", {}, [None, None])
    tictactoe.play_text("b2")
    tictactoe.play_text("a1")
    tictactoe.save(folder / "a-tictactoe.json")
    checkers = GameSession("checkers", {}, [None, None])
    checkers.play_text("11-15")
    checkers.save(folder / "b-checkers.pdn")
    (folder / "c-broken.json").write_text("{not json", encoding="utf-8")
    (folder / "notes.txt").write_text("not a game", encoding="utf-8")
    (folder / ".hidden.json").write_text("{}", encoding="utf-8")
    (folder / "older").mkdir()
    monkeypatch.setenv("ADVERSA_SAVES_DIR", str(folder))
    return folder


def tree_names(dialog: LoadDialog) -> list[str]:
    tree = dialog.query_one(GameFileTree)
    return [str(node.label) for node in tree.root.children]


async def open_picker(pilot: Pilot[Any]) -> LoadDialog:
    await pilot.pause()
    await pilot.press("ctrl+o")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, LoadDialog)
    tree = dialog.query_one(GameFileTree)
    for _ in range(50):  # the tree lists the folder in a worker
        if tree.root.children:
            break
        await pilot.pause(0.01)
    return dialog


def test_game_files_are_json_and_every_record_format() -> None:
    assert game_file_suffixes() >= {".json", ".pdn"}


async def test_the_picker_lists_folders_and_game_files_of_the_saves_folder(saves: Path) -> None:
    app = AdversaApp(GameSession("nim", {}, [None, None]), engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_picker(pilot)
        assert dialog.folder == saves
        assert tree_names(dialog) == ["older", "a-tictactoe.json", "b-checkers.pdn",
                                      "c-broken.json"]
        assert app.focused is dialog.query_one(GameFileTree)  # arrows work at once


async def test_arrows_and_enter_load_the_file_at_the_cursor(saves: Path) -> None:
    app = AdversaApp(GameSession("nim", {}, [None, None]), engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await open_picker(pilot)
        await pilot.press("down", "down", "down", "enter")  # root, older, a-, b-checkers.pdn
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.game_name == "checkers"
        assert screen.session.notations == ["11-15"]


async def test_a_click_picks_and_a_double_click_loads(saves: Path) -> None:
    app = AdversaApp(GameSession("nim", {}, [None, None]), engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_picker(pilot)
        tree = dialog.query_one(GameFileTree)
        line = 2  # root, older, a-tictactoe.json
        await pilot.click(tree, offset=(8, line + tree.gutter.top))
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)
        assert dialog.query_one("#path", Input).value == str(saves / "a-tictactoe.json")
        await pilot.click(tree, offset=(8, line + tree.gutter.top), times=2)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.notations == ["b2", "a1"]


async def test_a_refused_file_says_why_and_keeps_the_game(saves: Path) -> None:
    session = GameSession("nim", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen
        await open_picker(pilot)
        await pilot.press("down", "down", "down", "down", "enter")  # c-broken.json
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)
        messages = [n.message for n in app._notifications]
        assert any("c-broken.json" in text and "not valid JSON" in text for text in messages)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game and session.notations == []


async def test_a_typed_folder_re_roots_the_tree_and_a_typed_file_loads(saves: Path) -> None:
    other = saves / "older"
    GameSession("tictactoe", {}, [None, None]).save(other / "empty.json")
    app = AdversaApp(GameSession("nim", {}, [None, None]), engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_picker(pilot)
        field = dialog.query_one("#path", Input)
        field.focus()
        field.value = str(other)
        await pilot.press("enter")
        await pilot.pause()
        assert dialog.query_one(GameFileTree).path == other
        field.value = str(other / "empty.json")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.game_name == "tictactoe"


async def test_an_empty_path_is_a_hint_and_cancel_closes_with_nothing(saves: Path) -> None:
    """Enter on an empty path field asks for a file and stays; the Cancel button (as
    Esc) goes back to the game as it was."""
    session = GameSession("nim", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        game = app.screen
        dialog = await open_picker(pilot)
        dialog.query_one("#path", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog
        assert any(n.message == "Pick a file in the list, or type its path."
                   for n in app._notifications)
        await pilot.click("#cancel")
        await pilot.pause()
        assert app.screen is game and session.notations == []
