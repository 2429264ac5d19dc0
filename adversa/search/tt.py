"""The transposition table: a fixed number of slots sized from megabytes.

A slot holds one entry, the tuple ``(key, depth, flag, value, move)``, or None.
The slot of a key is ``hash(key) % size``. Keys come from `Game.transposition_key`,
whose contract is that equal keys have equal futures: a game with repetition or
move-count draws pairs its board key with the history those rules read, because a
value then depends on it (a board-only key hands one path's value to another).

Replacement is *depth-preferred*: a new entry replaces the old one when it is for
the same position or was searched at least as deep, so the expensive deep results
survive a stream of shallow ones.

``flag`` says what ``value`` is: `EXACT` (inside the window), `LOWER` (a beta
cutoff: the true value is at least this) or `UPPER` (a fail-low: at most this).
An entry answers a probe (returns a value or a bound) only when it was searched
to exactly the remaining depth of the probe. A deeper entry would be more
accurate — engines take that gain — but it would make a depth-d result depend
on the order positions were met, and adversa promises that the table, like
every enhancement but beam and quiescence, never changes a fixed-depth value
(tests/test_search_properties.py checks it). Under late move reductions
(``lmr=on``), whose values already depend on the search order, a deeper entry
answers too: the play engine takes that gain (14 % fewer nodes at depth 12 over
20 middle-game positions of benchmark games). Entries of any depth still supply the move to
try first. The search also looks up the children of a node with several plies to
go before searching any of them (enhanced transposition cutoffs): a child whose
entry, at exactly the child's depth, already refutes it ends the node, as it
would when its turn came.

Proven scores are stored relative to the node, not the root: ``WIN - ply``
becomes ``WIN`` minus the distance from the node (add ``ply`` when storing,
subtract it when probing), so a "win in 3 from here" is still right when the
position is met at another ply.

The search (`adversa.search.negamax`) reads and writes ``slots`` directly and
does that conversion inline instead of calling methods: a Python call per node
is a measurable share of a pure-Python node (see benchmarks/bench_search.py).
"""

from __future__ import annotations

from collections.abc import Hashable

EXACT = 0
LOWER = 1
UPPER = 2

ENTRY_BYTES = 160
"""Approximate memory of one entry in CPython (a 5-tuple, its key and value objects,
and the slot), used to turn megabytes into a slot count."""

Entry = tuple[Hashable, int, int, float, Hashable]


class TranspositionTable:
    """``megabytes`` worth of slots; ``filled`` counts the slots ever written."""

    def __init__(self, megabytes: int) -> None:
        self.size = max(1, megabytes * 1024 * 1024 // ENTRY_BYTES)
        self.slots: list[Entry | None] = [None] * self.size
        self.filled = 0

    @property
    def fill(self) -> float:
        """Fraction of slots in use, 0..1 (the snapshot's ``tt_fill``)."""
        return self.filled / self.size

