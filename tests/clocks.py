"""Fake clocks: time that advances with the search's work or by hand, not the machine's.

A search reads its clock at start, at every poll (every 1,024 nodes) and when it
reports; `StepClock` moves on by ``step`` seconds at each read, so "0.3 s" is a fixed
amount of work on every machine, quiet or loaded. The app's game clocks read a
`HandClock`, which moves only when a test says so.
"""

from __future__ import annotations


class StepClock:
    """Each read returns a time ``step`` seconds later than the previous one."""

    def __init__(self, step: float = 0.001) -> None:
        self.step = step
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.step
        return self.now


class HandClock:
    """Seconds that pass only when a test calls `advance`."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
