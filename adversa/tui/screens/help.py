"""The help screen (``?``): every key, generated from the bindings so it never lies, and what
the search panel's terms mean."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.dom import DOMNode
from textual.keys import format_key
from textual.screen import ModalScreen, Screen
from textual.widgets import Label, Static

from adversa.tui.boards import BoardView, SomeBoard

APP_KEYS: tuple[tuple[str, str], ...] = (
    ("ctrl+p", "Command palette: every action by name"),
    ("ctrl+q", "Quit (cancels a running search at once)"),
    ("tab / shift+tab", "Move focus between board, move input and lists"),
)
"""Keys the app binds on every screen (Textual's own: palette, quit, focus)."""


PANEL_TERMS: tuple[tuple[str, str], ...] = (
    ("depth 7/8 sel 12", "7 plies searched completely, 8 under way; the deepest line (captures, "
     "chance) reached 12 plies (seldepth)"),
    ("score", "The value of the best move for the side the engine plays: + good, − bad; "
     "win/loss when proven; in the evaluation's units (e(n), pts). A textbook tree's "
     "values are MAX's, as the lecture writes them, whichever side the engine plays"),
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


KeyRows = list[tuple[str, str]]


def key_text(key: str) -> str:
    """A Textual key name as the keyboard shows it: ``question_mark`` → ``?``, ``up`` → ``↑``,
    ``ctrl+y`` stays ``ctrl+y``; enter keeps its name (Textual's ⏎ is easy to miss)."""
    *modifiers, name = key.split("+")
    return "+".join([*modifiers, "enter" if name == "enter" else format_key(name)])


def _keys_text(keys: list[str]) -> str:
    """``r / ctrl+y``; a run of digits (Connect Four's columns) as ``1 – 9``."""
    shown = [key_text(key) for key in keys]
    if len(shown) > 3 and all(key.isdigit() for key in shown):
        return f"{shown[0]} – {shown[-1]}"
    return " / ".join(shown)


def merged_key_help(cls: type[DOMNode]) -> dict[str, str]:
    """The ``KEY_HELP`` declarations along ``cls``'s hierarchy, the subclass's winning."""
    merged: dict[str, str] = {}
    for base in reversed(cls.__mro__):
        merged.update(base.__dict__.get("KEY_HELP", {}))
    return merged


def _own_bindings_first(cls: type[DOMNode]) -> list[tuple[str, Binding]]:
    """(key, binding) per key, the most derived class's bindings first: a key a subclass
    rebinds shows only what the subclass does with it, as Textual resolves it. Only
    adversa's classes count: Textual's own screen keys (tab, copy) are "Everywhere"."""
    seen: set[str] = set()
    found: list[tuple[str, Binding]] = []
    for base in cls.__mro__:
        if not base.__module__.startswith("adversa."):
            continue
        for binding in base.__dict__.get("BINDINGS", ()):
            if not isinstance(binding, Binding):
                binding = Binding(*binding)
            for key in binding.key.split(","):
                key = key.strip()
                if key not in seen:
                    seen.add(key)
                    found.append((key, binding))
    return found


def key_rows(
    cls: type[DOMNode],
    explanations: Mapping[str, str],
    *,
    offered: Callable[[str], bool] = lambda action: True,
    taken: Collection[str] = (),
) -> KeyRows:
    """(keys, what they do) from ``cls``'s bindings, one row per explanation.

    An explanation is looked up by the full action (``act('roll')``), then by its name
    (``drop`` for ``drop(3)``), else the binding's own description; an empty one leaves
    the action out, and bindings with the same explanation share a row. Actions
    ``offered`` refuses are left out (the game screen hides the engine-vs-engine keys in
    a game with a human), and keys in ``taken`` (bound by the focused board, which sees
    them first) are dropped unless that would leave an action with no key at all.
    """
    grouped: dict[str, tuple[list[str], list[str]]] = {}
    for key, binding in _own_bindings_first(cls):
        name = binding.action.split("(", 1)[0]
        if not offered(name):
            continue
        text = explanations.get(binding.action, explanations.get(name, binding.description))
        if not text:
            continue
        free, shadowed = grouped.setdefault(text, ([], []))
        (shadowed if key in taken else free).append(key)
    return [(_keys_text(free or shadowed), text) for text, (free, shadowed) in grouped.items()]


def board_keys(board: type[SomeBoard]) -> KeyRows:
    """The board's keys and its click, from its bindings and ``KEY_HELP``/``CLICK_HELP``."""
    return [*key_rows(board, merged_key_help(board)), ("click", board.CLICK_HELP)]


def board_key_names(board: type[SomeBoard]) -> set[str]:
    return {key for key, _ in _own_bindings_first(board)}


def class_keys(cls: type[DOMNode]) -> KeyRows:
    """(keys, what they do) for every binding of a screen class, as its ``KEY_HELP``
    explains them (the README's keys table is checked against the game screen's)."""
    return key_rows(cls, merged_key_help(cls))


def screen_keys(screen: Screen[None], board: type[SomeBoard] | None = None) -> KeyRows:
    """The keys of ``screen`` as they work there now: actions it does not offer in this
    game are left out, keys the board takes first are left to the board's rows."""
    explanations = merged_key_help(type(screen))
    return key_rows(
        type(screen), explanations,
        offered=lambda action: screen.check_action(action, ()) is not False,
        taken=board_key_names(board) if board is not None else (),
    )





def two_column_table(rows: KeyRows) -> Table:
    """(term, meaning) rows as a table whose meanings wrap to the width: on an 80-column
    terminal a long line is read in two lines, not cut off."""
    table = Table(show_header=False, box=None, padding=(0, 1), expand=True)
    table.add_column("term", width=17, style="bold")  # long key lists wrap at " / "
    table.add_column("meaning", ratio=1, overflow="fold")
    for term, meaning in rows:
        table.add_row(term, meaning)
    return table


def panel_terms_table() -> Table:
    """The panel's terms, explained."""
    return two_column_table(list(PANEL_TERMS))


class HelpScreen(ModalScreen[None]):
    """The keys of the screen it was opened from (and of its board, in a game), the keys
    that work everywhere, and the search panel's terms; escape, ? or q closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q", "dismiss", "Close"),
    ]

    def __init__(self, opened_from: Screen[None] | None = None) -> None:
        super().__init__()
        self.opened_from = opened_from

    def sections(self) -> list[tuple[str, KeyRows]]:
        """(title, rows) per table: the screen's keys, the board's, then everywhere's."""
        origin = self.opened_from
        found: list[tuple[str, KeyRows]] = []
        if origin is not None:
            boards = origin.query(BoardView)
            if boards:
                board = boards.first()
                title = getattr(origin, "HELP_TITLE", "Game")
                found.append((title, screen_keys(origin, type(board))))
                found.append((f"Board — {board.game.title or board.game.name}",
                              board_keys(type(board))))
            else:
                found.append((getattr(origin, "HELP_TITLE", "This screen"), screen_keys(origin)))
        listed = {keys for _, rows in found for keys, _ in rows}
        found.append(("Everywhere",
                      [(keys, text) for keys, text in APP_KEYS if keys not in listed]))
        return found

    def compose(self) -> ComposeResult:
        with Vertical(id="help", classes="dialog"):
            yield Label("Keys", classes="dialog-title")
            with VerticalScroll():
                for title, rows in self.sections():
                    yield Label(title, classes="section-title")
                    yield Static(two_column_table(rows), classes="help-keys")
                yield Label("Search panel", classes="section-title")
                yield Static(panel_terms_table(), id="panel-terms")
            yield Label("escape or ? to close", classes="dialog-help")
