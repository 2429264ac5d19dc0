"""What every depth-first search shares: entering a node, and the pass it last completed.

The depth-first searches (minimax and textbook alpha-beta, the alpha-beta kernel,
expectiminimax, max^n and paranoid, solve) all count a visited node the same way
(`enter_node`), and all answer a stopped search by one rule (`answer`): the last
completed pass's move, value and principal variation (`CompletedPass`); while the
first pass still runs, the best root move searched so far with its own value and
itself as the line; before any root move is searched, no move (the caller then
plays the first legal one).

The alpha-beta kernel does `enter_node`'s work inline, on plain ints of its closure
(`adversa.search.negamax`): it is the one search fast enough for a call per node to
show.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from adversa.search.common import TraceRecorder
from adversa.search.stats import POLL_INTERVAL, Reporter, Score

RootKey = TypeVar("RootKey", bound=Hashable)
"""How a search names its root children: the move itself, or its index."""

Value = TypeVar("Value", bound=Score)
"""A scalar value (two-player searches) or a vector (max^n)."""

Move = TypeVar("Move", bound=Hashable)
"""The game's move type, of which a principal variation is a line."""


def enter_node(reporter: Reporter, ply: int) -> None:
    """Count a node visited ``ply`` plies from the root; poll the budget now and then.

    Polling raises `SearchStopped` when the search must end (see `Reporter.poll`).
    """
    counters = reporter.counters
    counters.nodes += 1
    if counters.nodes % POLL_INTERVAL == 0:
        reporter.poll()
    if ply > counters.seldepth:
        counters.seldepth = ply


@dataclass(frozen=True, slots=True)
class CompletedPass(Generic[RootKey, Value, Move]):
    """What a completed pass found: the answer if a later pass is stopped."""

    depth: int
    best: RootKey | None
    """The best root child (a move or an index), None at a chance root."""
    value: Value
    pv: tuple[Move, ...]
    """The principal variation's moves from the root."""
    scores: dict[RootKey, Value] = field(default_factory=dict)
    """Every root child's value (or bound) in this pass."""
    cut: frozenset[RootKey] = frozenset()
    """Root children with something skipped below them: their scores may be bounds."""
    recorder: TraceRecorder | None = None
    """The pass's trace, when one was asked for."""


Answer = tuple[RootKey, Value, tuple[Move, ...]]
"""A root child, its value and its line: what a search answers with."""


def answer(
    completed: CompletedPass[RootKey, Value, Move] | None,
    partial: Answer[RootKey, Value, Move] | None,
) -> tuple[RootKey | None, Value | None, tuple[Move, ...]]:
    """The stop rule: the ``(best, value, pv)`` to answer with now.

    The last completed pass's, if any; else ``partial``, the pass under way's best
    root child searched so far with its value and line, if it has searched one; else
    nothing (``(None, None, ())``).
    """
    if completed is not None:
        return completed.best, completed.value, completed.pv
    if partial is None:
        return None, None, ()
    return partial
