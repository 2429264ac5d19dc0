"""The help screen (``?``): every key, generated from the bindings so it never lies, and what
the search panel's terms mean."""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, Static

BOARD_KEYS: tuple[tuple[str, str], ...] = (
    ("arrows", "Move the cursor on the board"),
    ("1 – 9", "Connect Four: drop a stone in that column"),
    ("enter / space", "Play the move at the cursor (pick a piece, then its target)"),
    ("escape", "Drop a half-made move; leave the move input"),
    ("mouse click", "Play or select what you clicked"),
)
APP_KEYS: tuple[tuple[str, str], ...] = (
    ("ctrl+p", "Command palette: every action by name"),
    ("ctrl+q", "Quit (cancels a running search at once)"),
    ("tab / shift+tab", "Move focus between board, move input and lists"),
)


PANEL_TERMS: tuple[tuple[str, str], ...] = (
    ("depth 7/8 sel 12", "7 plies searched completely, 8 under way; the deepest line (captures, "
     "chance) reached 12 plies (seldepth)"),
    ("score", "The value of the best move for the side the engine plays: + good, − bad; "
     "win/loss when proven; in the evaluation's units (e(n), pts)"),
    ("nodes", "Positions the search visited, leaves included"),
    ("nodes/s", "Nodes per second of search"),
    ("leaves", "Positions valued without looking further: the game ended there, or the depth "
     "limit was reached and the evaluation judged it"),
    ("cutoffs", "Times alpha-beta stopped searching a position's moves because one was "
     "already good enough (a β cut) — only when at least one move was left"),
    ("pruned", "Moves a cutoff skipped: whole subtrees never searched. One cutoff can skip "
     "many, so pruned can exceed nodes; it counts what was saved, not what was visited"),
    ("TT hits", "Share of transposition-table lookups that found the position already "
     "searched (another move order reached it)"),
    ("TT fill", "Share of the transposition table's slots in use"),
    ("EBF", "Effective branching factor: this iteration's nodes ÷ the previous one's"),
    ("PV", "Principal variation: the line both sides are expected to play"),
    ("≤ / ≥", "A root move's value is only a bound: alpha-beta proved it no better (≤) or no "
     "worse (≥) than shown"),
)
"""The search panel's terms, explained in the help screen."""


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
    "step": "Engine vs engine: play one move; after going back in the move list: the engine plays",
    "next_view": "Narrow terminal: next view beside the board (search, iterations, moves)",
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


def panel_terms_table() -> Table:
    """The panel's terms as a two-column table whose explanations wrap to the width."""
    table = Table(show_header=False, box=None, padding=(0, 1), expand=True)
    table.add_column("term", width=17, no_wrap=True, style="bold")
    table.add_column("meaning", ratio=1, overflow="fold")
    for term, meaning in PANEL_TERMS:
        table.add_row(term, meaning)
    return table


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
                yield Label("Search panel", classes="section-title")
                yield Static(panel_terms_table(), id="panel-terms")
            yield Label("escape or ? to close", classes="dialog-help")
