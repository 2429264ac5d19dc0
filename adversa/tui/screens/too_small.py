"""What the app shows in a terminal smaller than its layout needs.

Below `MIN_WIDTH`×`MIN_HEIGHT` the game screen would clip its board and panel
without a word; this screen says instead how big the terminal must be, and goes away
by itself once the terminal is resized (the app watches its size). ctrl+q still quits.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24
"""The smallest terminal the screens are laid out for (a student's default 80×24)."""


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(Screen[None]):
    """A message in the middle of the terminal: enlarge it to at least the minimum."""

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; }
    TooSmallScreen #too-small { width: auto; max-width: 100%; padding: 0 1;
                                color: $warning; text-style: bold; }
    """

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self._width, self._height = width, height

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self.message(), id="too-small")

    def message(self) -> str:
        return (f"Enlarge the terminal to at least {MIN_WIDTH}×{MIN_HEIGHT} "
                f"(it is {self._width}×{self._height} now). ctrl+q quits.")

    def show_size(self, width: int, height: int) -> None:
        """The terminal was resized but is still too small: say its new size."""
        self._width, self._height = width, height
        self.query_one("#too-small", Static).update(self.message())
