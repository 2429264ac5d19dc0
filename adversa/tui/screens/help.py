"""The help screen (``?``): every key, generated from the bindings so it never lies."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label

BOARD_KEYS: tuple[tuple[str, str], ...] = (
    ("arrows", "Move the cursor on the board"),
    ("enter / space", "Play the move at the cursor (pick a piece, then its target)"),
    ("escape", "Drop a half-made move; leave the move input"),
    ("mouse click", "Play or select what you clicked"),
)
APP_KEYS: tuple[tuple[str, str], ...] = (
    ("ctrl+p", "Command palette: every action by name"),
    ("ctrl+q", "Quit (cancels a running search at once)"),
    ("tab / shift+tab", "Move focus between board, move input and lists"),
)


def _key_names(binding: Binding) -> str:
    names = {"colon": ":", "slash": "/", "question_mark": "?", "plus": "+",
             "equals_sign": "=", "minus": "-"}
    return " / ".join(names.get(key, key) for key in binding.key.split(","))


def game_keys() -> list[tuple[str, str]]:
    """(keys, what they do) for the game screen, from its BINDINGS."""
    from adversa.tui.screens.game import GameScreen

    rows: list[tuple[str, str]] = []
    for binding in GameScreen.BINDINGS:
        if isinstance(binding, Binding) and binding.description:
            rows.append((_key_names(binding), GAME_KEY_HELP.get(binding.action,
                                                                 binding.description)))
    return rows


GAME_KEY_HELP: dict[str, str] = {
    "undo": "Undo (against an engine: your move and its reply)",
    "redo": "Redo what undo took back",
    "hint": "Hint: the engine's best move for you, shown on the board",
    "flip": "Flip the board",
    "focus_input": "Type a move in the game's notation",
    "focus_board": "Back to the board",
    "toggle_pause": "Engine vs engine: pause / go on",
    "step": "Engine vs engine: play one move",
    "faster": "Engine vs engine: shorter delay between moves",
    "slower": "Engine vs engine: longer delay between moves",
    "new_game": "New game with the same players",
    "save": "Save the game (JSON record, or the game's own format)",
    "load": "Load a saved game",
    "menu": "Back to the start screen",
    "compare": "Compare engines side by side on this position",
    "explore": "Explore the search tree of the first plies",
    "help": "This help",
    "quit": "Quit",
}


class HelpScreen(ModalScreen[None]):
    """A modal table of keys; any of escape, ? or q closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="help", classes="dialog"):
            yield Label("Keys", classes="dialog-title")
            with VerticalScroll():
                for title, rows in (
                    ("Game", game_keys()),
                    ("Board", list(BOARD_KEYS)),
                    ("Everywhere", list(APP_KEYS)),
                ):
                    yield Label(title, classes="section-title")
                    table: DataTable[str] = DataTable(cursor_type="none", show_header=False)
                    table.add_column("keys", key="keys", width=16)
                    table.add_column("action", key="action")
                    for keys, action in rows:
                        table.add_row(keys, action)
                    yield table
            yield Label("escape or ? to close", classes="dialog-help")
