"""Emptying closures: how a search built of closures frees its tables at once.

The alpha-beta kernel (`adversa.search.negamax`) is recursive closures that refer to
themselves and to their kernel through their cells: a reference cycle, which reference
counting alone never frees. Emptying the cells breaks it when the search is over.
"""

from __future__ import annotations

from collections.abc import Callable


def empty_closures(function: Callable[..., object], seen: set[int], home: str) -> None:
    """Empty every cell of ``function``'s closure and of the closures it reaches that were
    made in the module ``home`` (``seen``: the ids of the functions already emptied).

    Only ``home``'s closures: a cell may hold a function of the game or of its evaluation
    (a move generator built once per board size, say), shared with every later search and
    with the app. Emptying those broke the game for good after one search; leaving them
    alone keeps no cycle alive, since each cycle runs through a cell of the kernel's.
    """
    if id(function) in seen:
        return
    seen.add(id(function))
    for cell in getattr(function, "__closure__", None) or ():
        try:
            contents = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        cell.cell_contents = None
        if (callable(contents) and getattr(contents, "__closure__", None)
                and getattr(contents, "__module__", None) == home):
            empty_closures(contents, seen, home)
