"""The game screen's side: the move list and the search panel.

Wide screens show both side by side; below `NARROW_WIDTH` columns there is room for
one, so the side shows one view at a time — the search summary (counters, eval, PV,
root moves), the iteration table, or the move list — chosen with `v` or a click on
the view bar at its top. Switching views is a user's act, so its layout pass never
competes with a search's snapshots.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Label, Static

from adversa.games import Game
from adversa.games.base import M, S
from adversa.tui.movelist import MoveList
from adversa.tui.panel import SearchPanel

NARROW_WIDTH = 110
WIDE_WIDTH = 160
"""From here on the side takes half the screen (the board needs no more than the rest)."""
VIEWS: tuple[tuple[str, str], ...] = (
    ("search", "Search"), ("iterations", "Iterations"), ("moves", "Moves"))
"""The views of a narrow side, in the order `v` cycles through them."""
PANEL_PAGE = {"search": "summary", "iterations": "history"}
"""The panel section each view shows (the move list is not in the panel)."""


class GameSide(Vertical):
    """Move list and search panel; `narrow` shows one `VIEWS` entry at a time."""

    def __init__(self, game: Game[S, M], *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.game = game
        self.view = "search"
        self.narrow = False
        self.presenting = False
        """Presentation mode: the search summary alone, whatever the width or view."""

    def compose(self) -> ComposeResult:
        yield Static("", id="view-bar")
        with Horizontal(id="game-side-main"):
            with Vertical(id="game-history"):
                yield Label("Moves", classes="section-title")
                yield MoveList(self.game, id="moves")
            yield SearchPanel("Search", id="panel")

    def on_mount(self) -> None:
        self._show()

    def set_narrow(self, narrow: bool) -> bool:
        """Show everything, or one view; True when that changed."""
        if narrow == self.narrow:
            return False
        self.narrow = narrow
        self._show()
        return True

    def set_presenting(self, presenting: bool) -> None:
        """Show the search summary alone (presentation mode), or go back to the views."""
        self.presenting = presenting
        self._show()

    def show_view(self, view: str) -> None:
        """Show ``view`` (a `VIEWS` name) when narrow; remembered for when it gets narrow."""
        self.view = view
        self._show()

    def next_view(self) -> None:
        names = [name for name, _ in VIEWS]
        self.show_view(names[(names.index(self.view) + 1) % len(names)])

    def _show(self) -> None:
        panel = self.query_one(SearchPanel)
        if self.presenting:
            panel.show_page("summary")
            panel.display = True
            self.query_one("#game-history").display = False
            self.query_one("#view-bar").display = False
            return
        narrow = self.narrow
        panel.show_page(PANEL_PAGE.get(self.view) if narrow else None)
        panel.display = not narrow or self.view in PANEL_PAGE
        self.query_one("#game-history").display = not narrow or self.view == "moves"
        bar = self.query_one("#view-bar", Static)
        bar.display = narrow
        tabs = []
        for name, label in VIEWS:
            style = "b reverse" if name == self.view else "$text-muted"
            tabs.append(f"[@click=screen.show_view('{name}')][{style}] {label} [/][/]")
        bar.update(" ".join(tabs) + "  [$text-muted]v: next[/]")
