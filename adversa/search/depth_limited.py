"""The driver shared by the depth-limited searches of games with chance or N players.

`DepthLimitedSearch` owns what expectimax, expectiminimax, max^n and paranoid
have in common — everything but the recursion itself:

* **Budget.** Without a time limit, one pass to ``depth``. With one, iterative
  deepening: depth 1, 2, … up to ``depth`` when it was set explicitly (else up
  to `common.MAX_DEPTH`; see `common.depth_schedule`), ending early once an
  iteration reached no horizon (the tree was searched to the end, so deeper
  passes would change nothing), or after depth 1 when the root has a single
  legal move (`common.answers_at_once`).
* **Stopping.** A stop request or the deadline raises `SearchStopped` inside the
  recursion; the result is then the last completed iteration, or, when even
  depth 1 did not finish, the best root move searched so far (the first legal
  move if none was).
* **Root bookkeeping** for the live panel: the score of every root move (or
  chance outcome, with its probability), the move being searched, the PV.
* **Trace**: a fresh `TraceRecorder` per iteration; the result carries the
  trace of the last completed iteration.
* **Transposition table**: a dict from ``(transposition key, remaining depth)``
  to a value, kept across iterations. Only an entry for the *same* remaining
  depth is used, so the value of a fixed-depth search is unchanged (the
  evaluation is deterministic); it pays off where move orders meet (dice turn
  totals: 2 then 4 is 4 then 2). ``tt=off`` turns it off; so do traces and
  textbook trees (a trace must show every node; a tree has no transpositions).
  It is emptied when it reaches `TABLE_LIMIT` entries, which bounds its memory.
  Subclasses use it through `probe` and `remember`, so every search keeps the same
  entries: value, bound, first PV move and whether the subtree reached a horizon.

Subclasses implement `iterate(depth)`; at the root they call `root_scored` after
each child so that the panel and a stopped search see it, and they fill
`pv_table` (the triangular PV) and value leaves through `leaf`. Root children are
numbered by their position in the game's order (0-based here, 1-based in trace
paths).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Generic, NamedTuple, TypeVar

from adversa.games.base import CHANCE, M, S
from adversa.search.bounds import Bound, bound_of, settles
from adversa.search.common import (
    TraceRecorder,
    deepen,
    depth_schedule,
    final_result,
    format_pv,
)
from adversa.search.passes import Answer, CompletedPass, answer
from adversa.search.request import SearchRequest
from adversa.search.stats import (
    Progress,
    RootMove,
    SearchResult,
    root_rank,
    shown_root_indices,
)

TABLE_LIMIT = 1_000_000
"""Entries the transposition table holds before it is emptied (a few hundred MB at most)."""

Value = TypeVar("Value", float, tuple[float, ...])
"""What a search backs up: a scalar (two-player searches) or a vector (max^n)."""


class Edge(NamedTuple):
    """Where a traced node hangs in the tree: what the trace records of it before its value.

    The recursions pass one down to each child only while a trace is recorded, and None
    otherwise, so a search without a trace builds no path and formats no move.
    """

    path: tuple[int, ...]
    """The 1-based child indices from the root."""
    move_text: str | None
    """The move (or chance outcome) into the node, in notation; None at the root."""
    probability: float | None
    """The chance outcome's probability, None below a decision."""

    def child(self, index: int, move_text: str, probability: float | None = None) -> Edge:
        """The edge of child ``index`` (0-based) of this node."""
        return Edge((*self.path, index + 1), move_text, probability)


ROOT = Edge((), None, None)
"""The root's place in a trace."""

TableEntry = tuple[Value, Bound, M | None, bool]
"""A searched node as stored: its value, what kind of value it is (`Bound`), the first move
of its principal variation, and whether its subtree reached a horizon."""


class DepthLimitedSearch(Generic[S, M, Value]):
    """Iterative deepening, stopping and reporting around a subclass's recursion, whose
    nodes are worth a ``Value``."""

    def __init__(self, request: SearchRequest[S, M]) -> None:
        game, root, config = request.game, request.state, request.config
        self.game = game
        self.root = root
        self.reporter = request.reporter
        self.counters = request.reporter.counters
        self.deepening = config.time_budget is not None
        self.trace_limit = config.whole("trace")
        self.recorder: TraceRecorder | None = None
        mover = game.to_move(root)
        self.root_is_chance = mover == CHANCE
        self.searcher = 0 if self.root_is_chance else mover
        """The player who decides at the root (player 0 at a chance root)."""
        if self.root_is_chance:
            pairs: list[tuple[M, float | None]] = list(game.chance_outcomes(root))
        else:
            pairs = [(move, None) for move in game.legal_moves(root)]
        self.root_children = pairs
        self.depths = depth_schedule(
            config, move_count=None if self.root_is_chance else len(pairs)
        )
        self.root_texts = [game.format_move(root, move) for move, _ in pairs]
        self.depth = 0
        self.horizon_reached = False
        """Set by the recursion when it evaluates a non-terminal state at depth 0."""
        self.scores: dict[int, Value] = {}
        self.cut: set[int] = set()
        """Root children of this pass whose search skipped something (a cut or a table
        hit): only their scores can be bounds; the others were searched in full."""
        self._skips_seen = (0, 0)
        self.best_index: int | None = None
        self.current_index: int | None = None
        self.pv_table: dict[int, list[M]] = {}
        """Triangular PV by ply (a dict: chance layers make ply exceed depth); ``pv_table[0]``
        is the current pass's principal variation (decisions up to the first chance)."""
        self.completed: CompletedPass[int, Value, M] | None = None
        use_table = config.flag("tt") and self.trace_limit == 0 and not game.fixed_move_order
        self.table: dict[Hashable, TableEntry[Value, M]] | None = {} if use_table else None

    # ---- to implement ------------------------------------------------------------

    def iterate(self, depth: int) -> Value:
        """Search the root to ``depth`` decision plies and return its value."""
        raise NotImplementedError

    def better(self, new: Value, old: Value) -> bool:
        """True when the root player prefers root value ``new`` to ``old``."""
        raise NotImplementedError

    def root_bound(self) -> str | None:
        """What the score of a root move other than the best is: None when exact,
        ``"upper"``/``"lower"`` when a pruning search only bounded it (`RootMove.bound`);
        it applies to the root children with something skipped below them (`cut`)."""
        return None

    # ---- helpers for the recursion -------------------------------------------------

    def root_scored(self, index: int, value: Value) -> None:
        """Record a root child's value; keep the best decision (first on ties).

        Whether the child's search skipped anything is told by the pruned and
        table-hit counters moving since the previous root child (nothing is cut
        at the root itself between two children: its window is infinite). A table
        hit may be an exact entry, so this errs on the side of calling a score a
        bound.
        """
        counters = self.counters
        skips = (counters.pruned, counters.tt_hits)
        if skips != self._skips_seen:
            self.cut.add(index)
            self._skips_seen = skips
        self.scores[index] = value
        if self.root_is_chance:
            return
        if self.best_index is None or self.better(value, self.scores[self.best_index]):
            self.best_index = index

    def leaf(self, value: Value, ply: int, at: Edge | None, alpha: float | None = None,
             beta: float | None = None) -> Value:
        """Count and trace a node valued statically (terminal or at the horizon); its PV is empty.

        ``alpha``/``beta`` are the window the trace shows (None for searches without one).
        """
        self.counters.leaves += 1
        self.pv_table[ply] = []
        if at is not None:
            self.trace_leave(self.trace_enter(at, "leaf", alpha, beta), value)
        return value

    def trace_enter(self, at: Edge, kind: str, alpha: float | None = None,
                    beta: float | None = None) -> int:
        """Record entering the node at ``at`` (`TraceRecorder.enter`); its handle. Called only
        while a trace is recorded, which is when the recursion passes edges."""
        recorder = self.recorder
        assert recorder is not None, "an edge is passed down only while a trace is recorded"
        return recorder.enter(at.path, at.move_text, kind, alpha, beta, probability=at.probability)

    def trace_leave(self, handle: int, value: Value, *, pruned: tuple[int, ...] = (),
                    cut: bool = False, best_child: int | None = None) -> None:
        """Record the value of the node `trace_enter` gave ``handle`` (`TraceRecorder.leave`)."""
        if self.recorder is not None:
            self.recorder.leave(handle, value, pruned=pruned, cut=cut, best_child=best_child)

    def probe(self, key: Hashable, ply: int, alpha: float, beta: float) -> Value | None:
        """The stored value of a node when its entry settles the node here, else None.

        An exact entry always does; a bound only when it already lies outside the
        window (a lower bound ≥ β, an upper bound ≤ α). A hit restores what searching
        the subtree would have left behind: its horizon flag (so iterative deepening
        does not stop early on a cut-short tree) and the first move of its PV.
        Searches without a window pass ±∞ and store only exact entries.
        """
        table = self.table
        if table is None:
            return None
        counters = self.counters
        counters.tt_probes += 1
        entry = table.get(key)
        if entry is None:
            return None
        value, bound, move, horizon = entry
        # A vector is stored EXACT only (max^n has no window): only a float is a bound.
        if bound == Bound.EXACT or (
                not isinstance(value, tuple) and settles(bound, value, alpha, beta)):
            counters.tt_hits += 1
            self.horizon_reached = self.horizon_reached or horizon
            self.pv_table[ply] = [move] if move is not None else []
            return value
        return None

    def tabled(self, state: S, depth: int, ply: int, alpha: float, beta: float,
               expand: Callable[[], Value]) -> Value:
        """A node's value through the table: the stored one when an entry settles the node
        (`probe`), else ``expand()``'s, stored (`remember`) with the bound the window
        (``alpha``, ``beta``) gives it (a vector, which has no window, is exact).

        The root is always searched in full: its moves' scores are wanted.
        """
        if self.table is None or ply == 0:
            return expand()
        key = (self.game.transposition_key(state), depth)
        known = self.probe(key, ply, alpha, beta)
        if known is not None:
            return known
        outer_horizon, self.horizon_reached = self.horizon_reached, False
        value = expand()
        bound = Bound.EXACT if isinstance(value, tuple) else bound_of(value, alpha, beta)
        self.remember(key, ply, value, bound, outer_horizon)
        return value

    def remember(
        self, key: Hashable, ply: int, value: Value, bound: Bound, outer_horizon: bool
    ) -> None:
        """Store a node just searched, and merge its horizon flag into the caller's.

        The caller saved the flag as ``outer_horizon`` and cleared it before
        searching the node, so ``horizon_reached`` now tells whether *this* subtree
        reached a horizon — which is what the entry must replay on a hit. The
        table is emptied when full, which bounds its memory.
        """
        horizon = self.horizon_reached
        self.horizon_reached = outer_horizon or horizon
        table = self.table
        if table is None:
            return
        if len(table) >= TABLE_LIMIT:
            table.clear()
        line = self.pv_table.get(ply)
        table[key] = (value, bound, line[0] if line else None, horizon)
        self.counters.tt_stores += 1

    # ---- the driver ------------------------------------------------------------------

    def run(self) -> SearchResult[M]:
        reporter = self.reporter
        reporter.snapshot_fields = self._snapshot_fields

        def search_pass(depth: int) -> bool:
            self._start_pass(depth)
            nodes_at_start = self.counters.nodes
            value = self.iterate(depth)
            pv = tuple(self.pv_table.get(0, []))
            self.completed = CompletedPass(
                depth, self.best_index, value, pv, dict(self.scores), frozenset(self.cut),
                self.recorder,
            )
            reporter.iteration_done(depth, value, format_pv(self.game, self.root, pv),
                                    nodes_at_start)
            return self.horizon_reached

        stopped = deepen(reporter, self.depths, search_pass)
        return self._result(stopped or reporter.stopped)

    def _start_pass(self, depth: int) -> None:
        self.depth = depth
        self.horizon_reached = False
        self.scores = {}
        self.cut = set()
        self._skips_seen = (self.counters.pruned, self.counters.tt_hits)
        self.best_index = None
        self.current_index = None
        self.pv_table = {}
        self.recorder = TraceRecorder(self.trace_limit) if self.trace_limit > 0 else None

    def _best_so_far(self) -> tuple[int | None, Value | None, tuple[str, ...]]:
        """The root move (index), value and PV to answer with now (`passes.answer`):
        while the first pass runs, the best root move searched so far is its own line."""
        best = self.best_index
        partial: Answer[int, Value, M] | None = None if best is None else (
            best, self.scores[best], (self.root_children[best][0],))
        chosen = answer(self.completed, partial)
        return chosen[0], chosen[1], format_pv(self.game, self.root, chosen[2])

    def _result(self, stopped: bool) -> SearchResult[M]:
        best_index, value, pv = self._best_so_far()
        done = self.completed
        recorder = done.recorder if done is not None else self.recorder
        if self.root_is_chance:
            best_index = None
        elif best_index is None:
            best_index = 0
        best_move = self.root_children[best_index][0] if best_index is not None else None
        return final_result(self.game, self.root, self.reporter, best_move, value, pv, stopped,
                            recorder)

    def _snapshot_fields(self) -> Progress:
        done = self.completed
        scores = dict(done.scores) if done is not None else {}
        scores.update(self.scores)
        cut = {index for index in done.cut if index not in self.scores} if done else set()
        cut |= self.cut
        best_index, score, pv = self._best_so_far()
        bound = self.root_bound()
        return {
            "depth": self.depth,
            "completed_depth": done.depth if done is not None else 0,
            "tt_fill": len(self.table) / TABLE_LIMIT if self.table is not None else 0.0,
            "score": score,
            "pv": pv,
            "root_moves": tuple(
                RootMove(
                    self.root_texts[index],
                    scores.get(index),
                    probability=self.root_children[index][1],
                    bound=bound
                    if index != best_index and index in scores and index in cut
                    else None,
                )
                for index in shown_root_indices(
                    len(self.root_children),
                    lambda index: root_rank(index == best_index, scores.get(index)))
            ),
            "root_move_count": len(self.root_children),
            "current_move": None
            if self.current_index is None
            else self.root_texts[self.current_index],
        }
