"""The driver shared by the depth-limited searches of games with chance or N players.

`DepthLimitedSearch` owns what expectimax, expectiminimax, max^n and paranoid
have in common — everything but the recursion itself:

* **Budget.** Without a time limit, one pass to ``depth``. With one, iterative
  deepening: depth 1, 2, … up to ``depth`` when it was set explicitly (else up
  to `MAX_DEPTH`), ending early once an iteration reached no horizon (the tree
  was searched to the end, so deeper passes would change nothing).
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
  evaluation is deterministic); it pays off where move orders meet (Pig's turn
  totals: 2 then 4 is 4 then 2). ``tt=off`` turns it off; so do traces and
  textbook trees (a trace must show every node; a tree has no transpositions).
  It is emptied when it reaches `TABLE_LIMIT` entries, which bounds its memory.

Subclasses implement `iterate(depth)`; at the root they call `root_scored` after
each child so that the panel and a stopped search see it. Root children are
numbered by their position in the game's order (0-based here, 1-based in trace
paths).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from adversa.games.base import CHANCE, Game
from adversa.search.common import TraceRecorder, format_pv
from adversa.search.config import EngineConfig
from adversa.search.stats import Reporter, RootMove, Score, SearchResult, SearchStopped

MAX_DEPTH = 64
"""Deepest iteration a timed search starts when no depth was given (the param's maximum)."""

TABLE_LIMIT = 1_000_000
"""Entries the transposition table holds before it is emptied (a few hundred MB at most)."""

EXACT, LOWER, UPPER = 0, 1, 2
"""What a stored value is: the node's value, or a lower/upper bound from a cut."""


@dataclass(frozen=True, slots=True)
class _Iteration:
    """What a completed pass found: enough to answer if a later pass is stopped."""

    depth: int
    value: Score
    best_index: int | None
    pv: tuple[str, ...]
    scores: dict[int, Score]
    recorder: TraceRecorder | None


class DepthLimitedSearch:
    """Iterative deepening, stopping and reporting around a subclass's recursion."""

    def __init__(
        self, game: Game[Any, Any], root: Any, config: EngineConfig, reporter: Reporter
    ) -> None:
        self.game = game
        self.root = root
        self.reporter = reporter
        self.counters = reporter.counters
        self.max_depth = max(1, int(config.get("depth")))
        self.deepening = config.time_budget is not None
        self.depth_given = any(name == "depth" for name, _ in config.params)
        self.trace_limit = int(config.get("trace"))
        self.recorder: TraceRecorder | None = None
        mover = game.to_move(root)
        self.root_is_chance = mover == CHANCE
        self.viewer = 0 if self.root_is_chance else mover
        """The player whose values a two-player search reports (player 0 at a chance root)."""
        if self.root_is_chance:
            pairs: list[tuple[Hashable, float | None]] = list(game.chance_outcomes(root))
        else:
            pairs = [(move, None) for move in game.legal_moves(root)]
        self.root_children = pairs
        self.root_texts = [game.format_move(root, move) for move, _ in pairs]
        self.depth = 0
        self.reached_horizon = False
        """Set by the recursion when it evaluates a non-terminal state at depth 0."""
        self.scores: dict[int, Score] = {}
        self.best_index: int | None = None
        self.current_index: int | None = None
        self.pv_moves: list[Hashable] = []
        """The principal variation of the current pass (decisions up to the first chance)."""
        self.completed: _Iteration | None = None
        use_table = bool(config.get("tt")) and self.trace_limit == 0 and not game.fixed_move_order
        self.table: dict[Hashable, tuple[Any, ...]] | None = {} if use_table else None

    # ---- to implement ------------------------------------------------------------

    def iterate(self, depth: int) -> Score:
        """Search the root to ``depth`` decision plies and return its value."""
        raise NotImplementedError

    def better(self, new: Score, old: Score) -> bool:
        """True when the root player prefers root value ``new`` to ``old``."""
        raise NotImplementedError

    # ---- helpers for the recursion -------------------------------------------------

    def root_scored(self, index: int, value: Score) -> None:
        """Record a root child's value; keep the best decision (first on ties)."""
        self.scores[index] = value
        if self.root_is_chance:
            return
        if self.best_index is None or self.better(value, self.scores[self.best_index]):
            self.best_index = index

    def store(self, key: Hashable, entry: tuple[Any, ...]) -> None:
        """Keep a node's result in the transposition table (emptied when full)."""
        table = self.table
        if table is None:
            return
        if len(table) >= TABLE_LIMIT:
            table.clear()
        table[key] = entry
        self.counters.tt_stores += 1

    # ---- the driver ------------------------------------------------------------------

    def run(self) -> SearchResult:
        reporter = self.reporter
        reporter.snapshot_fields = self._snapshot_fields
        if self.deepening:
            last = self.max_depth if self.depth_given else MAX_DEPTH
            depths: range = range(1, last + 1)
        else:
            depths = range(self.max_depth, self.max_depth + 1)
        stopped = False
        try:
            for depth in depths:
                self._start_pass(depth)
                nodes_at_start = self.counters.nodes
                value = self.iterate(depth)
                pv = format_pv(self.game, self.root, self.pv_moves)
                self.completed = _Iteration(
                    depth, value, self.best_index, pv, dict(self.scores), self.recorder
                )
                reporter.iteration_done(depth, value, pv, nodes_at_start)
                if not self.reached_horizon or (self.deepening and reporter.out_of_time()):
                    break
        except SearchStopped:
            stopped = True
        return self._result(stopped or reporter.stopped)

    def _start_pass(self, depth: int) -> None:
        self.depth = depth
        self.reached_horizon = False
        self.scores = {}
        self.best_index = None
        self.current_index = None
        self.pv_moves = []
        self.recorder = TraceRecorder(self.trace_limit) if self.trace_limit > 0 else None

    def _result(self, stopped: bool) -> SearchResult:
        done = self.completed
        if done is not None:
            value: Score | None = done.value
            best_index, pv, recorder = done.best_index, done.pv, done.recorder
        else:  # not even the first pass finished: the best root move searched so far
            best_index = self.best_index
            value = self.scores[best_index] if best_index is not None else None
            pv = (self.root_texts[best_index],) if best_index is not None else ()
            recorder = self.recorder
        if self.root_is_chance:
            best_index = None
        elif best_index is None:
            best_index = 0
        best_move = self.root_children[best_index][0] if best_index is not None else None
        return SearchResult(
            best_move=best_move,
            best_move_text=self.root_texts[best_index] if best_index is not None else None,
            value=value,
            pv=pv,
            snapshot=self.reporter.snapshot(finished=True),
            stopped=stopped,
            trace=recorder.nodes() if recorder is not None else (),
            trace_truncated=recorder.truncated if recorder is not None else False,
        )

    def _snapshot_fields(self) -> dict[str, Any]:
        done = self.completed
        scores = dict(done.scores) if done is not None else {}
        scores.update(self.scores)
        if done is not None:
            score: Score | None = done.value
            pv = done.pv
        elif self.best_index is not None:
            score = self.scores[self.best_index]
            pv = (self.root_texts[self.best_index],)
        else:
            score, pv = None, ()
        return {
            "depth": self.depth,
            "completed_depth": done.depth if done is not None else 0,
            "tt_fill": len(self.table) / TABLE_LIMIT if self.table is not None else 0.0,
            "score": score,
            "pv": pv,
            "root_moves": tuple(
                RootMove(text, scores.get(index), probability=probability)
                for index, (text, (_, probability)) in enumerate(
                    zip(self.root_texts, self.root_children, strict=True)
                )
            ),
            "current_move": None
            if self.current_index is None
            else self.root_texts[self.current_index],
        }
