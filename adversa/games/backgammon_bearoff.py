"""The one-sided bear-off database: exact expected rolls to bear off, home board only.

For every way of placing 0–15 checkers on the six home points (54,264 positions)
it holds the expected number of rolls a side needs to bear them all off when it
plays each roll to minimise that number, with no opponent in the way. One-sided
means the opponent is ignored: in a race the two sides never meet, so each side's
number is exact and the race evaluation compares the two (`backgammon_eval`).

It is built on first use, in ascending pip order (every step lowers the pip count,
so a position's successors are known before it):

* ``after[d][k]`` is the best expected rolls once ``k`` steps of a die ``d`` are
  still to be played: ``after[d][0]`` is the position's own value and
  ``after[d][k] = min over one step s of after[d][k−1](s)``;
* a double ``dd`` is worth ``after[d][4]``; a roll ``ab`` the better of playing
  ``a`` then ``b`` (``min over s of after[b][1](s)``) and ``b`` then ``a``;
* the position's value is 1 + the average over the 36 rolls.

A die can always be played while a checker is left (the highest checker either
moves down or bears off), so "play both dice" needs no special case.
Speed: the tables are flat lists indexed by a position's rank; successors are
computed once per position and die. The build takes a few seconds of CPU.
"""

from __future__ import annotations

import functools
import itertools

POINTS = 6
MAX_CHECKERS = 15

Home = tuple[int, ...]


def _step(home: Home, die: int) -> list[Home]:
    """Positions after one checker moves ``die`` pips (down, or off) in ``home``."""
    found = []
    highest = max((p for p in range(POINTS) if home[p]), default=-1)
    for point in range(POINTS):  # index 0 is the 1-point
        if not home[point]:
            continue
        target = point - die  # −1: exactly off; below: off only from the highest point
        if target < -1 and point != highest:
            continue
        after = list(home)
        after[point] -= 1
        if target >= 0:
            after[target] += 1
        found.append(tuple(after))
    return found


@functools.cache
def _table() -> dict[Home, float]:
    """Build the database: home position (1-point first) → expected rolls."""
    positions = [
        counts for counts in itertools.product(range(MAX_CHECKERS + 1), repeat=POINTS)
        if sum(counts) <= MAX_CHECKERS
    ]
    positions.sort(key=lambda counts: sum((p + 1) * c for p, c in enumerate(counts)))
    rank = {position: index for index, position in enumerate(positions)}
    size = len(positions)
    value = [0.0] * size
    # after[d][k][i]: best value with k steps of die d still to play from position i.
    after = [[value] + [[0.0] * size for _ in range(4)] for _ in range(POINTS + 1)]
    successors: list[list[list[int]]] = [[] for _ in range(POINTS + 1)]
    for die in range(1, POINTS + 1):
        successors[die] = [[] for _ in range(size)]
    for index, position in enumerate(positions):
        if index == 0:
            continue  # every checker off: 0 rolls, and 0 with any dice left
        for die in range(1, POINTS + 1):
            steps = [rank[s] for s in _step(position, die)]
            successors[die][index] = steps
        total = 0.0
        # Non-doubles first need after[d][1] of the successors, known already.
        for high in range(1, POINTS + 1):
            for low in range(1, high):
                best = min(
                    min(after[low][1][s] for s in successors[high][index]),
                    min(after[high][1][s] for s in successors[low][index]),
                )
                total += 2 * best
        for die in range(1, POINTS + 1):
            total += min(after[die][3][s] for s in successors[die][index])
        value[index] = 1.0 + total / 36.0
        for die in range(1, POINTS + 1):
            steps_here = successors[die][index]
            for left in range(1, 4):
                after[die][left][index] = min(after[die][left - 1][s] for s in steps_here)
    return {position: value[index] for index, position in enumerate(positions)}


def expected_rolls(home: Home) -> float:
    """Expected rolls to bear off ``home`` (counts on the 1- … 6-points, at most 15)."""
    return _table()[home]
