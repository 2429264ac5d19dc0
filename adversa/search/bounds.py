"""What a stored or returned search value is: exact, or a bound from a cut.

One vocabulary for every search with a window (the alpha-beta kernel's table and
the depth-limited searches' table alike): a fail-soft value at or below the
window's ``alpha`` only says the node is worth at most that (`Bound.UPPER`), one
at or above ``beta`` that it is worth at least that (`Bound.LOWER`); a value
inside the window is the node's value (`Bound.EXACT`).
"""

from __future__ import annotations

from enum import IntEnum


class Bound(IntEnum):
    """The kind of a value found with the window (alpha, beta)."""

    EXACT = 0
    LOWER = 1
    """A beta cutoff: the node is worth at least this."""
    UPPER = 2
    """A fail-low: the node is worth at most this."""


def bound_of(value: float, alpha: float, beta: float) -> Bound:
    """What a fail-soft ``value`` found with the window (``alpha``, ``beta``) is."""
    if value <= alpha:
        return Bound.UPPER
    if value >= beta:
        return Bound.LOWER
    return Bound.EXACT


def settles(bound: Bound, value: float, alpha: float, beta: float) -> bool:
    """Whether a stored ``value`` of kind ``bound`` answers a node searched with
    (``alpha``, ``beta``): an exact value always does, a bound only when it already
    lies outside the window on its own side."""
    return (
        bound == Bound.EXACT
        or (bound == Bound.LOWER and value >= beta)
        or (bound == Bound.UPPER and value <= alpha)
    )
