"""Comparing engine configurations on one position: same numbers for CLI and screen.

``adversa compare`` and the compare screen both search one position with two to
four `EngineConfig`s and show one summary row per engine: its best move and
value, whether all engines agree on the move, the work done (nodes, time,
pruned branches, effective branching factor) and its nodes as a ratio of the
first engine's — the figure a student looks at when asking "how much did
alpha-beta save over minimax?".

The effective branching factor is AIMA's b*: the branching factor a uniform
tree of the searched depth ``d`` would need to hold the ``N`` nodes searched,
i.e. the root of ``1 + b + b² + … + b^d = N``. It is defined for depth-limited
searches only (None for MCTS and for the random player).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from adversa.games.base import AdversaError, Game, M, S
from adversa.games.registry import evaluation_of
from adversa.match.outside_move import outside_move
from adversa.match.seats import OutsideSeat, Seat
from adversa.search.engine import check_fits, run_search
from adversa.search.stats import (
    Score,
    SearchResult,
    Snapshot,
    expected_score,
)

MIN_ENGINES = 2
MAX_ENGINES = 4


class CompareError(AdversaError):
    """A comparison that cannot be run as asked (too few or too many engines)."""


@dataclass(frozen=True, slots=True)
class CompareRow:
    """One engine's line in the comparison table."""

    engine: str
    best_move: str | None
    value: Score | None
    units: Snapshot
    """The engine's statistics, which say in what units its value is to be read (the
    evaluator's scale, a win's value, MCTS's mean): the presentation layer writes it."""
    expected: float | None
    """The side to move's expected result, 0 … 1 (`stats.expected_score`): the one
    scale on which values in different units compare; None when it cannot be said."""
    nodes: int
    seconds: float
    pruned: int
    cutoffs: int
    depth: int
    ebf: float | None
    nodes_ratio: float | None
    """This engine's nodes divided by the first engine's (None when that is 0)."""
    stopped: bool
    """True when the time budget (or a stop) ended the search before it completed."""


@dataclass(frozen=True, slots=True)
class Disagreement:
    """Why the engines of a comparison do not agree, as numbers and rows (`disagreement`).

    ``what`` is ``"no engine"`` (nothing was searched), ``"no move"`` (``other`` chose
    none), ``"moves"`` or ``"values"`` (``other`` differs from ``first``, the first
    engine); the presentation layer writes it for people."""

    what: str
    first: CompareRow | None = None
    other: CompareRow | None = None


def check_engine_count(count: int) -> None:
    if not MIN_ENGINES <= count <= MAX_ENGINES:
        raise CompareError(
            f"compare needs {MIN_ENGINES} to {MAX_ENGINES} --engine options, got {count}"
        )


def effective_branching_factor(nodes: int, depth: int) -> float | None:
    """AIMA's b*: solve ``1 + b + … + b^depth = nodes`` for b (bisection)."""
    if depth < 1 or nodes < 2:
        return None
    low, high = 0.0, float(nodes)

    def tree_size(branching: float) -> float:
        return sum(branching**level for level in range(depth + 1))

    for _ in range(100):
        middle = (low + high) / 2
        if tree_size(middle) < nodes:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def summary_row(engine: str, snapshot: Snapshot, best_move: str | None, value: Score | None,
                stopped: bool, first_nodes: int | None) -> CompareRow:
    """The row for one engine from its (final or live) statistics."""
    depth = snapshot.completed_depth
    ratio = snapshot.nodes / first_nodes if first_nodes else None
    searches_by_depth = snapshot.algorithm not in ("mcts", "random")
    return CompareRow(
        engine=engine,
        best_move=best_move,
        value=value,
        units=snapshot,
        expected=expected_score(value, snapshot),
        nodes=snapshot.nodes,
        seconds=snapshot.elapsed,
        pruned=snapshot.pruned,
        cutoffs=snapshot.cutoffs,
        depth=depth,
        ebf=effective_branching_factor(snapshot.nodes, depth) if searches_by_depth else None,
        nodes_ratio=ratio,
        stopped=stopped,
    )


def summary_rows(results: Sequence[SearchResult]) -> list[CompareRow]:
    """One row per finished search, ratios against the first."""
    first_nodes = results[0].snapshot.nodes if results else None
    return [
        summary_row(
            result.snapshot.config,
            result.snapshot,
            result.best_move_text,
            result.value,
            result.stopped,
            first_nodes,
        )
        for result in results
    ]


VALUE_TOLERANCE = 1e-9
"""Values closer than this agree (the same search in two processes prints the same
float; this only absorbs rounding between algorithms that sum in other orders)."""


def disagreement(rows: Sequence[CompareRow]) -> Disagreement | None:
    """None when every engine chose the same move with the same value, else why not:
    the first engine that chose no move, or the first that differs from the first
    engine in its move, then in its value."""
    if not rows:
        return Disagreement("no engine")
    for row in rows:
        if row.best_move is None:
            return Disagreement("no move", other=row)
    first = rows[0]
    for row in rows[1:]:
        if row.best_move != first.best_move:
            return Disagreement("moves", first, row)
    for row in rows[1:]:
        if not _same_value(first.value, row.value):
            return Disagreement("values", first, row)
    return None


def agree(rows: Sequence[CompareRow]) -> bool:
    """True when every engine chose the same move with the same value (`disagreement`)."""
    return disagreement(rows) is None


def _same_value(a: Score | None, b: Score | None) -> bool:
    if a is None or b is None:
        return a is b
    if isinstance(a, tuple) or isinstance(b, tuple):
        return (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b)
                and all(abs(x - y) <= VALUE_TOLERANCE for x, y in zip(a, b, strict=True)))
    return abs(a - b) <= VALUE_TOLERANCE


def prepare(game: Game[S, M], state: S, configs: Sequence[Seat]) -> None:
    """Check a comparison before any search starts (one-line errors)."""
    check_engine_count(len(configs))
    for config in configs:
        if not isinstance(config, OutsideSeat):
            check_fits(game, config.algorithm)
    if game.is_terminal(state):
        raise CompareError("the game is over in this position: there is no move to compare")


def _search_one(job: tuple[Game[S, M], S, Seat]) -> SearchResult[M]:
    game, state, config = job
    if isinstance(config, OutsideSeat):
        # No nodes and no value: its row shows the move and the time only.
        return outside_move(game, state, (), config)
    return run_search(game, state, config, evaluation=evaluation_of(game))


def run_comparison(
    game: Game[S, M], state: S, configs: Sequence[Seat], *, parallel: bool = True
) -> list[SearchResult[M]]:
    """Search ``state`` with every config, in processes when ``parallel``.

    Each search gets a process of its own so their times are comparable (no
    GIL sharing); the results come back in the order of ``configs``. Not for
    use inside the running app (a `spawn` or `forkserver` pool created under a running
    Textual app fails with "bad value(s) in fds_to_keep", and forking a threaded process
    is deprecated) — the compare screen uses the app's engine processes instead.
    """
    prepare(game, state, configs)
    jobs = [(game, state, config) for config in configs]
    if not parallel:
        return [_search_one(job) for job in jobs]
    with ProcessPoolExecutor(max_workers=min(len(jobs), os.cpu_count() or 1)) as pool:
        return list(pool.map(_search_one, jobs))
