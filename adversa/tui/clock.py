"""The clock bar over the board: each seat's game clock, the running one marked.

A Textual interval timer (`TICK`) reads the session's clocks a few times a second;
the bar redraws only when a face changes (once a second, ten times under ten
seconds), so an idle game costs next to nothing. The same tick is what sees a
human's clock run out while nobody moves: it tells the screen with `ClockBar.Flagged`,
and the screen ends the game. The running clock is marked by ``▶`` and the fallen
flag by ``⚑``, not by colour alone, so both read in the monochrome theme.
"""

from __future__ import annotations

from textual.markup import escape
from textual.message import Message
from textual.widget import Widget

from adversa.tui.game_clock import clock_text
from adversa.tui.session import GameSession

TICK = 0.1
"""Seconds between two readings of the clocks (tenths are shown under ten seconds)."""


class ClockBar(Widget):
    """One line of clock faces for the session's seats; hidden in a game without a clock."""

    DEFAULT_CSS = """
    ClockBar {
        height: 1;
        text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    """

    class Flagged(Message):
        """The running clock reached zero: the side to move lost on time."""

    def __init__(self, session: GameSession, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.session = session
        self.display = session.clock is not None
        self._shown = ""

    def on_mount(self) -> None:
        if self.session.clock is not None:
            self.set_interval(TICK, self.tick)

    def tick(self) -> None:
        """Look at the clocks: announce a flag that just fell, redraw a face that changed."""
        session = self.session
        if session.lost_on_time is None and session.flag_fell():
            self.post_message(self.Flagged())
        text = self.faces()
        if text != self._shown:
            self._shown = text
            self.refresh()

    def faces(self) -> str:
        """The bar's markup: ``▶`` before the running clock, ``⚑`` before a fallen flag."""
        clock = self.session.clock
        if clock is None:
            return ""
        game = self.session.game
        faces = []
        for seat in range(game.num_players):
            face = f"{escape(game.player_name(seat))} {clock_text(clock.remaining(seat))}"
            if seat == clock.flagged:
                faces.append(f"[b $error]⚑ {face}[/]")
            elif seat == clock.running:
                faces.append(f"[b reverse $accent]▶ {face}[/]")
            else:
                faces.append(f"  {face}")
        return "  ".join(faces)

    def render(self) -> str:
        return self._shown or self.faces()
