"""Emptying closures: how a search built of closures frees its tables at once.

The alpha-beta kernel (`adversa.search.negamax`) is recursive closures that refer to
themselves and to their kernel through their cells: a reference cycle, which reference
counting alone never frees. Emptying the cells breaks it when the search is over.
"""

from __future__ import annotations

from collections.abc import Callable


def empty_closures(function: Callable[..., object], seen: set[int]) -> None:
    """Empty every cell of ``function``'s closure and of the closures it reaches
    (``seen``: the ids of the functions already emptied)."""
    if id(function) in seen:
        return
    seen.add(id(function))
    for cell in getattr(function, "__closure__", None) or ():
        try:
            contents = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        cell.cell_contents = None
        if callable(contents) and getattr(contents, "__closure__", None):
            empty_closures(contents, seen)
