"""Narrowing helpers: a test states the type it expects and fails at once otherwise.

The library's seams are wider than one test's view of them: `make_game` returns the
generic `Game` (the registry serves every game), a search's value is a scalar or a
vector (`Score`) and is None when the algorithm has none. A test that knows which it
has says so through these, so mypy checks the rest of the test against the real type.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from adversa.games import make_game
from adversa.search.stats import Score

G = TypeVar("G")
T = TypeVar("T")


def made(name: str, kind: type[G], options: Mapping[str, object] | None = None) -> G:
    """The registry's ``name`` built with ``options``, checked to be a ``kind``."""
    game = make_game(name, options)
    assert isinstance(game, kind), f"{name} made a {type(game).__name__}, not {kind.__name__}"
    return game


def known(value: T | None) -> T:
    """``value``, checked not to be None (a field the algorithm under test fills)."""
    assert value is not None
    return value


def scalar(score: Score | None) -> float:
    """A two-player search's score: a number, not a vector and not missing."""
    assert isinstance(score, int | float), f"expected a scalar score, got {score!r}"
    return float(score)


def fresh(value: object) -> object:
    """``value`` read again after the app changed it, to compare: an earlier
    ``assert x == (10,)`` narrowed ``x`` for mypy, which cannot know that a key press or
    click since then has replaced it."""
    return value
