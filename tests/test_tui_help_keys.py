"""The help screen lists the keys of the screen it was opened from and of the game's board,
derived from their bindings; the command palette lists each command once (issue 14)."""

from __future__ import annotations

from typing import Any

import pytest
from rich.table import Table
from textual.binding import Binding
from textual.widgets import Label, Static
from tui_fakes import FakeEngine

from adversa.games import make_game
from adversa.games.registry import game_names
from adversa.match.session import GameSession
from adversa.tui.app import AdversaApp
from adversa.tui.boards import SomeBoard
from adversa.tui.boards import board_class as app_board_class
from adversa.tui.classroom import REFUSAL_ACTION
from adversa.tui.screens.game import GameScreen
from adversa.tui.screens.game_keys import GAME_KEY_HELP
from adversa.tui.screens.help import (
    HelpScreen,
    key_text,
    merged_key_help,
)
from adversa.tui.screens.start import StartScreen

SIZE = (120, 40)


def board_class(game_name: str) -> type[SomeBoard]:
    """The board the app shows for the game (found by its name, as the app finds it)."""
    return app_board_class(make_game(game_name))


def own_bindings(cls: type[Any]) -> list[Binding]:
    """Every binding declared by adversa's classes in ``cls``'s hierarchy."""
    return [binding for base in cls.__mro__ if base.__module__.startswith("adversa.")
            for binding in base.__dict__.get("BINDINGS", ()) if isinstance(binding, Binding)]


def shown_sections(help_screen: HelpScreen) -> dict[str, list[tuple[str, str]]]:
    """Section title → the (keys, action) rows its table shows, read from the widgets."""
    sections: dict[str, list[tuple[str, str]]] = {}
    title = ""
    for widget in help_screen.query("Label.section-title, Static.help-keys"):
        if isinstance(widget, Label):
            title = str(widget.content)
        else:
            assert isinstance(widget, Static)
            table = widget.content
            assert isinstance(table, Table)
            keys, actions = (list(column.cells) for column in table.columns)
            sections[title] = [(str(key), str(action))
                               for key, action in zip(keys, actions, strict=True)]
    return sections


async def open_help(app: AdversaApp) -> dict[str, list[tuple[str, str]]]:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        return shown_sections(app.screen)


@pytest.mark.parametrize("game_name", game_names())
async def test_help_in_a_game_lists_every_key_of_its_board(game_name: str) -> None:
    game = make_game(game_name)
    session = GameSession(game_name, {}, [None] * game.num_players)
    sections = await open_help(AdversaApp(session, engine_search=FakeEngine()))
    board_title = f"Board — {game.title or game.name}"
    assert board_title in sections, sorted(sections)
    shown_keys = " / ".join(keys for keys, _ in sections[board_title])
    explanations = merged_key_help(board_class(game_name))
    for binding in own_bindings(board_class(game_name)):
        name = binding.action.split("(")[0]
        if explanations.get(binding.action, explanations.get(name)) == "":
            continue  # declared as not acting on this board (Esc without half-made moves)
        first = key_text(binding.key.split(",")[0])
        assert first in shown_keys or first.isdigit(), (binding.key, shown_keys)
    assert sections[board_title][-1][0] == "click"
    assert any("Undo" in action for _, action in sections["Game"])


async def test_pig_help_shows_roll_and_hold_and_the_keys_they_take_from_the_screen() -> None:
    session = GameSession("pig", {}, [None, None])
    sections = await open_help(AdversaApp(session, engine_search=FakeEngine()))
    board = dict(sections["Board — Pig (dice)"])
    assert board["r"].startswith("Roll") and board["h"].startswith("Hold")
    game = {action: keys for keys, action in sections["Game"]}
    # On Pig's board r rolls and h holds, so redo and hint keep only their other keys.
    assert game[GAME_KEY_HELP["redo"]] == "ctrl+y"
    assert game[GAME_KEY_HELP["hint"]] == "H"


async def test_connect_four_help_names_the_column_keys_as_a_range() -> None:
    session = GameSession("connect4", {}, [None, None])
    sections = await open_help(AdversaApp(session, engine_search=FakeEngine()))
    assert ("1 – 9", "Drop a stone in that column (1 is the leftmost)") in (
        sections["Board — Connect Four"])


async def test_checkers_help_has_the_numbers_key_and_escape() -> None:
    session = GameSession("checkers", {}, [None, None])
    sections = await open_help(AdversaApp(session, engine_search=FakeEngine()))
    board = dict(sections["Board — Checkers (American / English draughts)"])
    assert "#" in board and "esc" in board


async def test_help_in_a_game_with_a_human_leaves_out_the_engine_vs_engine_keys() -> None:
    human = await open_help(AdversaApp(GameSession("nim", {}, [None, None]),
                                       engine_search=FakeEngine()))
    actions = {action for _, action in human["Game"]}
    assert GAME_KEY_HELP["step"] not in actions and GAME_KEY_HELP["hint"] in actions


async def test_start_screen_help_shows_its_own_keys_and_no_game_keys() -> None:
    sections = await open_help(AdversaApp(engine_search=FakeEngine()))
    assert "Start screen" in sections and "Game" not in sections
    assert not any(title.startswith("Board") for title in sections)
    actions = {action for _, action in sections["Start screen"]}
    assert StartScreen.KEY_HELP["play"] in actions
    game_only = {text for action, text in GAME_KEY_HELP.items() if action not in ("help", "quit")}
    assert not actions & game_only
    # ctrl+q is the start screen's own row, so "Everywhere" does not repeat it.
    assert "ctrl+q" not in dict(sections["Everywhere"])


def test_every_game_screen_key_is_explained() -> None:
    """A key added to the game screen without a line for the help screen fails here."""
    missing = [binding.action for binding in own_bindings(GameScreen)
               if binding.action not in GAME_KEY_HELP
               # classroom mode's answer to ctrl+s and ctrl+o: the same keys, never listed
               and not binding.action.startswith(REFUSAL_ACTION)]
    assert not missing


@pytest.mark.parametrize("game_name", game_names())
def test_every_board_action_is_declared_for_the_help(game_name: str) -> None:
    """Each board action has a KEY_HELP line (or is declared silent), so no key falls back
    to a bare binding description."""
    cls = board_class(game_name)
    explanations = merged_key_help(cls)
    for binding in own_bindings(cls):
        name = binding.action.split("(")[0]
        assert binding.action in explanations or name in explanations, binding.action
    assert cls.CLICK_HELP


@pytest.mark.parametrize("start_in_game", [True, False])
async def test_the_command_palette_lists_each_title_once(start_in_game: bool) -> None:
    session = GameSession("tictactoe", {}, [None, None]) if start_in_game else None
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen if start_in_game else StartScreen)
        commands = list(app.get_system_commands(screen))
        titles = [command.title for command in commands]
        assert len(titles) == len(set(titles)), titles
        keys = next(command for command in commands if command.title == "Keys")
        keys.callback()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
