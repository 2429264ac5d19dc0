"""Backgammon play generation: every distinct position one roll can lead to.

A *side* is a 26-tuple of checker counts in that side's own numbering: index 0 holds
the checkers borne off, 1 … 24 the points (1 is the deepest point of its home board,
24 the farthest from home) and `BAR` (25) the bar. The side to move moves checkers
from higher indices to lower ones; the opponent's point ``p`` is the mover's point
``25 − p``. A *step* is ``(from, to)`` in the mover's numbering, ``to`` 0 for off.

A play is the whole use of one roll. As strong programs count them, plays that reach
the same position are one play: `plays` walks every order of the dice, keeps only the
plays that use the most dice (and, when just one of two different dice can be played,
the larger), and keeps one step sequence per resulting position.

Speed: this is the inner loop of every search, so the walk works on two mutable lists
it undoes in place (no copy per step); the tuples of a resulting position are made
once per complete play, and a set of those keys removes duplicates.
"""

from __future__ import annotations

from typing import NamedTuple

BAR = 25
"""Index of a side's bar; index 0 counts its checkers borne off."""
CHECKERS = 15
HOME = range(1, 7)

Side = tuple[int, ...]
Step = tuple[int, int]


START: Side = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)
"""Each side's starting checkers in its own numbering: 5 on 6, 3 on 8, 5 on 13, 2 on 24."""

Roll = tuple[int, int]
"""A roll (higher die first); at the opening, X's die then O's die (never equal)."""


class BackgammonState(NamedTuple):
    """``mover`` and ``opponent`` in their own numbering; ``player`` (0 X, 1 O) owns
    ``mover``. ``dice`` is ``()`` while chance is to roll and the roll (higher die
    first) once rolled; ``opening`` marks the first roll, which also decides who starts.
    """

    mover: Side
    opponent: Side
    player: int
    dice: tuple[int, ...]
    opening: bool


class Play(NamedTuple):
    """One legal play: its steps (in the mover's numbering) and where it leads."""

    steps: tuple[Step, ...]
    mover: Side
    opponent: Side


def _highest(side: list[int]) -> int:
    """The highest occupied point or bar of ``side`` (0 when every checker is off)."""
    for index in range(BAR, 0, -1):
        if side[index]:
            return index
    return 0


def _step_target(mine: list[int], theirs: list[int], source: int, die: int) -> int:
    """Where a checker on ``source`` lands with ``die`` (0: off), or −1 when it cannot."""
    target = source - die
    if target >= 1:
        return -1 if theirs[BAR - target] >= 2 else target
    # Bearing off: every checker home, and an overshoot only from the highest point.
    if _highest(mine) > 6:
        return -1
    if target == 0 or _highest(mine) == source:
        return 0
    return -1


def _apply(mine: list[int], theirs: list[int], source: int, target: int) -> bool:
    """Move one checker; returns whether it hit (so the walk can undo it)."""
    mine[source] -= 1
    mine[target] += 1
    if target and theirs[BAR - target] == 1:
        theirs[BAR - target] = 0
        theirs[BAR] += 1
        return True
    return False


def _undo(mine: list[int], theirs: list[int], source: int, target: int, hit: bool) -> None:
    mine[source] += 1
    mine[target] -= 1
    if hit:
        theirs[BAR - target] = 1
        theirs[BAR] -= 1


def plays(mover: Side, opponent: Side, dice: tuple[int, int]) -> list[Play]:
    """The distinct legal plays of ``dice`` for ``mover``; one empty play when none moves.

    Orders: non-doubles try both orders of the two dice; doubles play the one die four
    times. Of all the step sequences, those using the most dice survive; with one die
    of two different ones usable, only the larger one's plays survive when it has any.
    """
    high, low = max(dice), min(dice)
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    mine, theirs = list(mover), list(opponent)
    found: dict[tuple[Side, Side], tuple[tuple[Step, ...], int]] = {}
    best_used = 0
    steps: list[Step] = []

    def walk(order: tuple[int, ...], index: int) -> None:
        nonlocal best_used
        moved = False
        if index < len(order):
            die = order[index]
            sources = (BAR,) if mine[BAR] else range(24, 0, -1)
            for source in sources:
                if not mine[source]:
                    continue
                target = _step_target(mine, theirs, source, die)
                if target < 0:
                    continue
                moved = True
                hit = _apply(mine, theirs, source, target)
                steps.append((source, target))
                walk(order, index + 1)
                steps.pop()
                _undo(mine, theirs, source, target, hit)
        if moved or index < best_used:
            return
        # A complete play (no further die can move): keep it if it uses the most dice.
        if index > best_used:
            best_used = index
            found.clear()
        key = (tuple(mine), tuple(theirs))
        if key not in found:
            first_die = order[0] if index else 0
            found[key] = (tuple(steps), first_die)

    for order in orders:
        walk(order, 0)
    result = list(found.items())
    if best_used == 1 and high != low and any(first == high for _, (_, first) in result):
        result = [item for item in result if item[1][1] == high]
    return [Play(steps, mover_after, opponent_after)
            for (mover_after, opponent_after), (steps, _) in result]


def pip_count(side: Side) -> int:
    """Pips the side still has to travel: each checker's point number, 25 for the bar."""
    return sum(index * side[index] for index in range(1, BAR + 1))


def step_orders(mover: Side, opponent: Side, dice: tuple[int, int]
                ) -> dict[tuple[tuple[int, int], ...], Play]:
    """Every order of single checker moves that makes a legal play, as ``(source, die)``
    steps, with the play each makes: what a person picking one checker and one die at a
    time may do. `plays` keeps one order per position; this keeps them all (an
    overshooting bear-off names the die it used, which its ``(source, 0)`` step does not).
    """
    legal = {(play.mover, play.opponent): play for play in plays(mover, opponent, dice)}
    high, low = max(dice), min(dice)
    orders = [(high,) * 4] if high == low else [(high, low), (low, high)]
    mine, theirs = list(mover), list(opponent)
    found: dict[tuple[tuple[int, int], ...], Play] = {}
    steps: list[tuple[int, int]] = []

    def walk(order: tuple[int, ...], index: int) -> None:
        if index < len(order):
            die = order[index]
            for source in (BAR,) if mine[BAR] else range(24, 0, -1):
                target = _step_target(mine, theirs, source, die) if mine[source] else -1
                if target < 0:
                    continue
                hit = _apply(mine, theirs, source, target)
                steps.append((source, die))
                walk(order, index + 1)
                steps.pop()
                _undo(mine, theirs, source, target, hit)
        play = legal.get((tuple(mine), tuple(theirs)))
        if play is not None and len(steps) == len(play.steps):  # every legal play uses as many dice
            found[tuple(steps)] = play

    for order in orders:
        walk(order, 0)
    return found



def apply_step(mover: Side, opponent: Side, source: int, die: int) -> tuple[Side, Side]:
    """Both sides after one checker of ``mover`` moves ``die`` pips from ``source`` (a
    step of `step_orders`, so known to be legal), hitting a blot it lands on."""
    mine, theirs = list(mover), list(opponent)
    target = _step_target(mine, theirs, source, die)
    if target < 0:
        raise ValueError(f"no checker on {source} can move {die}")
    _apply(mine, theirs, source, target)
    return tuple(mine), tuple(theirs)
