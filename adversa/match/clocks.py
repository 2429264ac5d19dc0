"""The players' clocks in one match game: time used, increments, a flag that falls.

A match played with ``--time-control 60+0.5`` gives each engine sixty seconds for
the whole game and half a second more after each of its moves; an engine whose
clock runs out loses the game, as over a board. Each engine is told its time left
before every move (`reading`) and budgets the move itself
(`adversa.search.timeman`). Without a time control the clocks only add up the
thinking time, for the report.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from adversa.search.timeman import ClockReading, TimeControl


class GameClocks:
    """Two players' clocks; ``clock`` is where time is read (a test's fake clock)."""

    def __init__(
        self, control: TimeControl | None, clock: Callable[[], float] = time.perf_counter
    ) -> None:
        self.control = control
        self.clock = clock
        base = control.base if control is not None else 0.0
        self.left = [base, base]
        """Seconds on each player's clock (meaningful only under a time control)."""
        self.used = [0.0, 0.0]
        """Seconds each player has spent thinking in this game."""
        self._started = 0.0

    def reading(self, player: int) -> ClockReading | None:
        """What ``player``'s engine is told before it moves (None without a control)."""
        if self.control is None:
            return None
        return ClockReading(self.left[player], self.control.increment)

    def start(self) -> None:
        """The mover's clock starts."""
        self._started = self.clock()

    def stop(self, player: int) -> bool:
        """The mover's clock stops; True when its flag fell (time ran out) during the move.

        The increment is added only after a move made in time.
        """
        spent = self.clock() - self._started
        self.used[player] += spent
        if self.control is None:
            return False
        self.left[player] -= spent
        if self.left[player] < 0:
            return True
        self.left[player] += self.control.increment
        return False
