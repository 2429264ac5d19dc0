"""The transposition table: a fixed number of slots sized from megabytes.

A slot holds one `Entry` ``(key, depth, bound, value, move)``, or None.
The slot of a key is ``hash(key) % size``. Keys come from `Game.transposition_key`,
whose contract is that equal keys have equal futures: a game with repetition or
move-count draws pairs its board key with the history those rules read, because a
value then depends on it (a board-only key hands one path's value to another).

Replacement is *depth-preferred*: a new entry replaces the old one when it is for
the same position or was searched at least as deep, so the expensive deep results
survive a stream of shallow ones.

``bound`` says what ``value`` is (`adversa.search.bounds.Bound`, stored as its
int): ``EXACT`` (inside the window), ``LOWER`` (a beta cutoff: the true value is at
least this) or ``UPPER`` (a fail-low: at most this).
An entry answers a probe (returns a value or a bound) only when it was searched
to exactly the remaining depth of the probe. A deeper entry would be more
accurate — engines take that gain — but it would make a depth-d result depend
on the order positions were met, and adversa promises that the table, like
every enhancement but beam and quiescence, never changes a fixed-depth value
(tests/test_search_properties.py checks it). Under late move reductions
(``lmr=on``), whose values already depend on the search order, a deeper entry
answers too: the play engine takes that gain (fewer nodes to the same depth). Entries of
any depth still supply the move to
try first. The search also looks up the children of a node with several plies to
go before searching any of them (enhanced transposition cutoffs): a child whose
entry, at exactly the child's depth, already refutes it ends the node, as it
would when its turn came.

Proven scores are stored relative to the node, not the root: ``WIN - ply``
becomes ``WIN`` minus the distance from the node (add ``ply`` when storing,
subtract it when probing: `to_table` and `from_table`), so a "win in 3 from here"
is still right when the position is met at another ply.

The search (`adversa.search.negamax`) reads and writes ``slots`` directly instead of
calling methods: it probes only where at least two plies remain, but a call per
probe would still be a measurable share of a pure-Python search.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Final, Generic

from adversa.games.base import Game, M, S
from adversa.search.bounds import Bound
from adversa.search.common import PROVEN

ENTRY_BYTES = 160
"""Approximate memory of one entry in CPython (a 5-tuple, its key and value objects,
and the slot), used to turn megabytes into a slot count."""


Entry = tuple[Hashable, int, int, float, M | None]
"""One searched position, ``(key, depth, bound, value, move)``, read by the field
indices below: the position's `Game.transposition_key` (slots are shared by keys
that collide), the plies that remained when it was searched, its `Bound` (as a
plain int), its fail-soft value for the player to move (proven scores relative to
the node) and the best move found there, tried first when the position is met again.

A plain tuple read by the field indices below rather than a NamedTuple: over
benchmarks/bench_exact.py's 17 positions at depth 12 (interleaved runs on a busy
machine) the search with NamedTuple entries measured 1–2 % slower (near the
noise, but the table is read and written at most inner nodes).
"""

# The fields of an `Entry` (Final, so that a type checker knows each field's type).
KEY: Final = 0
DEPTH: Final = 1
BOUND: Final = 2
VALUE: Final = 3
MOVE: Final = 4


def to_table(value: float, ply: int) -> float:
    """A value found ``ply`` plies from the root as stored: a proven win or loss
    counted from the node instead of the root."""
    if value >= PROVEN:
        return value + ply
    if value <= -PROVEN:
        return value - ply
    return value


def from_table(stored: float, ply: int) -> float:
    """A stored value as a score at ``ply`` from the root (`to_table` undone)."""
    if stored >= PROVEN:
        return stored - ply
    if stored <= -PROVEN:
        return stored + ply
    return stored


class TranspositionTable(Generic[M]):
    """``megabytes`` worth of slots; ``filled`` counts the slots ever written."""

    def __init__(self, megabytes: int) -> None:
        self.size = max(1, megabytes * 1024 * 1024 // ENTRY_BYTES)
        self.slots: list[Entry[M] | None] = [None] * self.size
        self.filled = 0

    @property
    def fill(self) -> float:
        """Fraction of slots in use, 0..1 (the snapshot's ``tt_fill``)."""
        return self.filled / self.size


def refuting_child(
    table: TranspositionTable[M], game: Game[S, M], state: S, mover: int,
    moves: Sequence[M], child_depth: int, beta: float, child_ply: int,
) -> tuple[float | None, int]:
    """Enhanced transposition cutoff: a child of ``state`` whose entry already refutes it.

    A child stored at exactly ``child_depth`` whose value for its mover is at most
    ``-beta`` (an exact value or an upper bound) would answer from the table when
    searched and make this node fail high; finding it first only changes the order of
    the moves, so the fixed-depth value stays the same. Returns that fail-high value (or
    None) and how many entries were probed.
    """
    slots, size = table.slots, table.size
    probed = 0
    for move in moves:
        child = game.result(state, move)
        if game.to_move(child) == mover:
            continue
        key = game.transposition_key(child)
        entry = slots[hash(key) % size]
        probed += 1
        if (entry is None or entry[KEY] != key or entry[DEPTH] != child_depth
                or entry[BOUND] == Bound.LOWER):
            continue
        value = -from_table(entry[VALUE], child_ply)
        if value >= beta:
            return value, probed
    return None, probed
