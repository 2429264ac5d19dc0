"""The clock bar over the board: each seat's game clock, the running one marked; the
face a clock shows (`clock_text`); and the start screen's choice of a clock.

The clocks themselves, with their rule of increments and flag falls, are
`adversa.match.clocks.GameClock`, the same as a match's.

A Textual interval timer (`TICK`) reads the session's clocks a few times a second;
the bar redraws only when a face changes (once a second, ten times under ten
seconds), so an idle game costs next to nothing. The same tick is what sees a
human's clock run out while nobody moves: it tells the screen with `ClockBar.Flagged`,
and the screen ends the game. The running clock is marked by ``▶`` and the fallen
flag by ``⚑``, not by colour alone, so both read in the monochrome theme.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.markup import escape
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input, Label, Select

from adversa.games import AdversaError
from adversa.match.session import GameSession
from adversa.search.timeman import TimeControl, TimeControlError

TICK = 0.1
"""Seconds between two readings of the clocks (tenths are shown under ten seconds)."""


def clock_text(seconds: float) -> str:
    """A clock face: ``m:ss``, with tenths under ten seconds (``0:07.3``) when every
    tenth counts; ``h:mm:ss`` from an hour on."""
    seconds = max(0.0, seconds)
    if seconds < 10.0:
        tenths = int(seconds * 10)  # truncated, as a clock shows: 0.05 left is 0:00.0
        return f"0:{tenths // 10:02d}.{tenths % 10}"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


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


NO_CLOCK = "none"
OTHER = "other"
PRESETS: tuple[tuple[str, str], ...] = (
    ("none", NO_CLOCK),
    ("1 min", "60"),
    ("3 min + 2 s", "180+2"),
    ("5 min + 3 s", "300+3"),
    ("15 min + 10 s", "900+10"),
    ("other…", OTHER),
)
"""The start screen's clocks (label, ``--clock`` text): over-the-board blitz to rapid."""


class ClockField(Horizontal):
    """The start screen's clock: none (as before clocks existed), a preset, or typed."""

    DEFAULT_CSS = """
    ClockField #clock-choice { width: 24; }
    ClockField #clock-other { width: 30; }
    """

    def compose(self) -> ComposeResult:
        yield Label("clock", classes="field-label").with_tooltip(
            "A game clock for each side: minutes for the game + seconds added after each "
            "move; running out of time loses")
        yield Select(PRESETS, value=NO_CLOCK, allow_blank=False, id="clock-choice")
        other = Input(placeholder="BASE+INC seconds, e.g. 600+5", id="clock-other")
        other.display = False
        yield other

    @on(Select.Changed, "#clock-choice")
    def _choice_changed(self, event: Select.Changed) -> None:
        """The typed control's box is there only for "other…"."""
        event.stop()
        other = self.query_one("#clock-other", Input)
        other.display = event.value == OTHER
        if other.display:
            other.focus()

    def control(self) -> TimeControl | None:
        """The chosen control (None: no clock); AdversaError for a mistyped one."""
        choice = self.query_one("#clock-choice", Select).value
        if choice in (NO_CLOCK, Select.NULL):
            return None
        text = self.query_one("#clock-other", Input).value if choice == OTHER else str(choice)
        try:
            return TimeControl.parse(text)
        except TimeControlError as error:
            raise AdversaError(f"clock: {error.detail}") from None
