"""Time management: how long to think about one move when a game clock is running.

A fixed ``time=`` per move is the teaching setting: the search runs to its deadline
and the panel shows everything it did. Under a *game clock* (``60+0.5``: sixty
seconds for the whole game, half a second added after each move) an engine must
share its time between moves itself, as tournament engines do:

1. **Allocate** (`budget_for`): a *soft* target, the remaining time spread over the
   moves still to come plus most of the increment, and a *hard* limit, a few
   targets but never more than a fraction of what is left, so one move can never
   lose the game on time.
2. **Decide between iterations** (`TimeManager.enough`): after each completed
   depth the iterative-deepening driver asks whether to start another. It stops
   early when the best move has been the same for several iterations (a deeper
   pass will hardly change it), thinks longer when the best move just changed
   (the search is still making up its mind), and never starts a pass that the
   time growth measured over the last iterations (the effective branching factor
   in seconds) predicts will not finish before the hard limit.

Everything here is a pure function of the clock reading and the iterations'
records, so it is tested with made-up numbers, never with a stopwatch.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adversa.search.stats import Iteration

MOVES_TO_GO = 25
"""Moves the engine assumes are still to come when the clock says nothing (sudden
death): conservative for a board game of 40–60 moves a side, so time left over
at the end is spent as the game shortens."""

INCREMENT_SHARE = 0.8
"""Part of the increment spent on the move that earns it; the rest is a reserve."""

MOVE_OVERHEAD = 0.03
"""Seconds kept back per move for what happens outside the search (process hops,
formatting the move, the match's bookkeeping)."""

HARD_FACTOR = 4.0
"""The hard limit is at most this many soft targets..."""

HARD_SHARE = 0.4
"""...and never more than this share of the usable time left."""

MINIMUM_THINK = 0.01
"""Seconds a search always gets, however little is left: it must return a move."""

UNSTABLE = 1.8
"""Factor on the soft target when the best move changed in the last iteration."""

STABLE_AFTER = 3
"""Iterations with the same best move after which the search is considered settled..."""

STABLE = 0.5
"""...and the factor on the soft target then (answer early: a deeper pass will hardly
change the move)."""

GROWTH_RANGE = (1.5, 10.0)
"""Bounds on the measured per-iteration time growth, so a single odd iteration (a
transposition-table hit, a proof found) does not make the forecast absurd."""


MAX_BASE_SECONDS = 86_400
"""Longest game clock, a day: ``1e308+1e308`` was accepted and overflowed to infinity."""

MAX_INCREMENT_SECONDS = 3_600
"""Largest increment, an hour a move."""


class TimeControlError(ValueError):
    """A time-control text that does not parse (the message says what is expected)."""

    def __init__(self, detail: str) -> None:
        super().__init__(f"time control {detail}")
        self.detail = detail
        """The message after its subject ("'5m': expected …"), for a caller that names
        its own option instead (``--clock: '5m': expected …``)."""

    def __reduce__(self) -> tuple[type[TimeControlError], tuple[str]]:
        return type(self), (self.detail,)  # rebuilt from its detail, not the whole message


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A game clock: ``base`` seconds per player for the game, ``increment`` added
    after each of that player's moves (Fischer). Written ``60+0.5``, or ``60``."""

    base: float
    increment: float = 0.0

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"60+0.5"`` → ``TimeControl(60, 0.5)``; `TimeControlError` when malformed."""
        expected = "expected BASE+INCREMENT in seconds, e.g. 60+0.5 (or 60 for no increment)"
        base_text, _, increment_text = text.strip().partition("+")
        try:
            base = float(base_text)
            increment = float(increment_text) if increment_text.strip() else 0.0
        except ValueError:
            raise TimeControlError(f"{text!r}: {expected}") from None
        if not (0 < base <= MAX_BASE_SECONDS and 0 <= increment <= MAX_INCREMENT_SECONDS):
            raise TimeControlError(
                f"{text!r}: the base must be more than 0 and at most {MAX_BASE_SECONDS:,} "
                f"seconds, the increment 0 to {MAX_INCREMENT_SECONDS:,}; {expected}"
            )
        return cls(base, increment)

    @property
    def text(self) -> str:
        return f"{self.base:g}+{self.increment:g}"


@dataclass(frozen=True, slots=True)
class ClockReading:
    """What the engine is told when it is asked to move under a game clock."""

    remaining: float
    """Seconds left on the mover's clock."""
    increment: float = 0.0
    moves_to_go: int | None = None
    """Moves until the next time control, when the control has one; None for sudden
    death with or without increment."""


@dataclass(frozen=True, slots=True)
class MoveBudget:
    """The time plan for one move: aim for ``soft`` seconds, never pass ``hard``."""

    soft: float
    hard: float


def budget_for(reading: ClockReading) -> MoveBudget:
    """Split the clock: the soft target and the hard limit for the next move.

    The usable time is what is left minus `MOVE_OVERHEAD`; the soft target is its
    share per move still to come plus `INCREMENT_SHARE` of the increment; the hard
    limit is `HARD_FACTOR` soft targets, capped at `HARD_SHARE` of the usable time
    (so even a long think leaves most of the clock). Both are at least
    `MINIMUM_THINK`: with seconds nearly gone the engine still answers, quickly.
    """
    usable = max(0.0, reading.remaining - MOVE_OVERHEAD)
    moves = max(1, reading.moves_to_go or MOVES_TO_GO)
    soft = usable / moves + INCREMENT_SHARE * reading.increment
    hard = min(HARD_FACTOR * soft, HARD_SHARE * usable)
    soft = min(soft, hard)
    return MoveBudget(max(MINIMUM_THINK, soft), max(MINIMUM_THINK, hard))


def stable_iterations(iterations: Sequence[Iteration]) -> int:
    """How many of the last iterations in a row have the same best move (PV head)."""
    if not iterations or not iterations[-1].pv:
        return 0
    best = iterations[-1].pv[0]
    count = 0
    for iteration in reversed(iterations):
        if not iteration.pv or iteration.pv[0] != best:
            break
        count += 1
    return count


def time_growth(iterations: Sequence[Iteration]) -> float | None:
    """Seconds of the last iteration over seconds of the one before, within
    `GROWTH_RANGE`; None until two iterations have taken measurable time."""
    if len(iterations) < 3:
        return None
    last = iterations[-1].seconds - iterations[-2].seconds
    before = iterations[-2].seconds - iterations[-3].seconds
    if before <= 0 or last <= 0:
        return None
    low, high = GROWTH_RANGE
    return min(high, max(low, last / before))


@dataclass(frozen=True, slots=True)
class TimeManager:
    """Answers the driver's question after each completed iteration: answer now?"""

    budget: MoveBudget

    def target(self, iterations: Sequence[Iteration]) -> float:
        """The soft target adjusted for the best move's stability (≤ the hard limit)."""
        factor = 1.0
        stable = stable_iterations(iterations)
        if len(iterations) >= 2 and stable == 1:
            factor = UNSTABLE
        elif stable >= STABLE_AFTER:
            factor = STABLE
        return min(self.budget.hard, self.budget.soft * factor)

    def enough(self, elapsed: float, iterations: Sequence[Iteration]) -> bool:
        """True when the search should answer with its last completed iteration:
        the adjusted target is reached, or the next iteration is forecast (last
        iteration's seconds × measured growth) to end after the hard limit."""
        if elapsed >= self.target(iterations):
            return True
        growth = time_growth(iterations)
        if growth is None or not iterations:
            return False
        last = iterations[-1].seconds - (iterations[-2].seconds if len(iterations) > 1 else 0.0)
        return elapsed + last * growth > self.budget.hard
