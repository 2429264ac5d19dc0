"""Game clocks, as over a board: one rule for a match's engines and the app's seats.

``--time-control 60+0.5`` (a match) or ``adversa play --clock 300+3`` (the app) gives
each seat the base time for the whole game and the increment after each move made in
time. Only the clock of the side to move runs, from when its turn starts; a clock
that reaches zero is a flag fall, and that side loses the game on time. An engine is
told its time left before every move (`GameClock.reading`) and budgets the move itself
(`adversa.search.timeman`).

The time is read from ``clock``, a callable returning seconds, so tests drive it with
a fake and never wait on a real one. `GameClock` knows only the present: what is on
each clock, which one runs, whose flag fell. The app's session keeps the clocks as
they were at the start of every ply (undo, redo, a saved game), and a match keeps
each move's clock for its record.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from adversa.search.timeman import ClockReading, TimeControl

Clock = Callable[[], float]
"""Where time is read: seconds from any fixed origin (`time.monotonic`, a test's fake)."""


class GameClock:
    """Each seat's clock under one `TimeControl`; at most one runs at a time."""

    def __init__(self, control: TimeControl, seats: int, clock: Clock = time.monotonic) -> None:
        self.control = control
        self.clock = clock
        self.left = [control.base] * seats
        """Seconds on each clock, not counting the turn under way of a running one."""
        self.running: int | None = None
        """The seat whose clock runs, None while none does (chance, game over, a wait)."""
        self.flagged: int | None = None
        """The seat whose time ran out: it lost the game on time."""
        self._started = 0.0

    def remaining(self, seat: int) -> float:
        """Seconds on ``seat``'s clock now (never below zero)."""
        left = self.left[seat]
        if seat == self.running:
            left -= self.clock() - self._started
        return max(0.0, left)

    def reading(self, seat: int) -> ClockReading:
        """What ``seat``'s engine is told before it moves."""
        return ClockReading(self.remaining(seat), self.control.increment)

    def start(self, seat: int) -> None:
        """``seat``'s turn started: its clock runs from now (one already running goes
        on; another that ran is stopped, its time spent)."""
        if self.flagged is not None or seat == self.running:
            return
        self.pause()
        self.running = seat
        self._started = self.clock()

    def pause(self) -> None:
        """No clock runs; the running one keeps what it had left."""
        if self.running is not None:
            self.left[self.running] = self.remaining(self.running)
            self.running = None

    def moved(self, seat: int) -> bool:
        """``seat`` made its move: its clock stops and gains the increment; False (and the
        flag falls) when its clock had reached zero by then (`check_flag`)."""
        if self.check_flag() is not None:
            return False
        if seat == self.running:
            self.pause()
        self.left[seat] += self.control.increment
        return True

    def check_flag(self) -> int | None:
        """The seat whose flag fell (now or before), else None; a running clock at zero
        falls here, so a human who never moves still loses on time."""
        if self.flagged is None and self.running is not None and (
                self.remaining(self.running) <= 0.0):
            self.flagged = self.running
            self.left[self.running] = 0.0
            self.running = None
        return self.flagged

    def set_left(self, left: Sequence[float], flagged: int | None = None) -> None:
        """Put the clocks back as they were (undo, redo, a loaded game); none runs."""
        self.left = list(left)
        self.running = None
        self.flagged = flagged
