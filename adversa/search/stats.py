"""One statistics/observer interface for every search algorithm.

The search never formats anything for a screen: it counts, and at a bounded rate
it hands immutable records to whoever listens (Stockfish's split between the
search's typed ``Info*`` callbacks and the UCI printer). Three levels:

1. **Counters** (`Counters`): plain ints bumped in the hot loop, always on.
2. **Live stream**: `Reporter.poll` is called every `POLL_INTERVAL` nodes; at most
   every `SNAPSHOT_PERIOD` seconds it builds a `Snapshot` and passes it to the
   ``on_event`` callback, along with one `Iteration` per completed depth and one
   final `SearchResult`. Time-throttled, not node-throttled: a message every N nodes
   costs a pure-Python search tens of percent, a message every tenth of a second
   nothing measurable.
3. **Trace** (`TraceNode`): for small searches, every visited node with its
   alpha/beta window, value and the children a cut skipped; capped at
   ``trace_limit`` nodes.

Scores are from the point of view of the player to move at the root; N-player
searches report vectors (one entry per player).
"""

from __future__ import annotations

import dataclasses
import heapq
import math
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypedDict

from typing_extensions import TypeVar

from adversa.games.probe_budget import ProbeBudget, never_stop

MoveT = TypeVar("MoveT", bound=Hashable, default=Hashable, covariant=True)
"""The searched game's move type, kept from `run_search`'s game to its result's
``best_move`` (a bare `SearchResult` holds any game's move)."""

Score = float | tuple[float, ...]
"""A scalar for two-player searches (root player's view), a vector for N players."""

POLL_INTERVAL = 1024
"""Nodes between two calls of `Reporter.poll` (stop flag, deadline, snapshot)."""

SNAPSHOT_PERIOD = 0.1
"""Seconds between two live snapshots: about ten a second."""

ROOT_MOVES_SHOWN = 256
"""The most root moves a snapshot lists, the best by `root_rank`: more than any position
of the bundled games has. A 200,000-child textbook tree once spent 55 s building ten
snapshots a second of every root move; `Snapshot.root_move_count` still counts them."""


class Progress(TypedDict, total=False):
    """The parts of a `Snapshot` only the algorithm knows, as it reports them
    (`Reporter.snapshot_fields`); what it leaves out takes the reporter's default."""

    depth: int
    completed_depth: int
    score: Score | None
    pv: tuple[str, ...]
    root_moves: tuple[RootMove, ...]
    root_move_count: int
    current_move: str | None
    tt_fill: float
    win_in_plies: int | None
    loss_in_plies: int | None


def root_rank(is_best: bool, score: Score | None) -> tuple[bool, bool, float]:
    """Sort key of a root move among those a snapshot shows: the best move first, then
    by score (a vector score, whose order needs a player, counts as equal), unscored
    moves last."""
    return (not is_best, score is None, -score if isinstance(score, int | float) else 0.0)


def shown_root_indices(count: int, rank: Callable[[int], tuple[bool, bool, float]]
                       ) -> Sequence[int]:
    """The indices, in their own order, of the root moves a snapshot lists: all of them
    up to `ROOT_MOVES_SHOWN`, else the best by ``rank`` (see `root_rank`)."""
    if count <= ROOT_MOVES_SHOWN:
        return range(count)
    return sorted(heapq.nsmallest(ROOT_MOVES_SHOWN, range(count), key=rank))


class SearchStopped(Exception):
    """Raised inside an algorithm when the stop flag or the deadline fires."""


@dataclass(slots=True)
class Counters:
    """What every algorithm counts. Mutable, cheap; lives for one search.

    * ``nodes``: positions the search visited (every call, leaves included, like
      UCI's ``nodes``); for MCTS, tree nodes visited in selection/expansion.
    * ``leaves``: positions valued statically (terminal or evaluated at the cutoff).
    * ``cutoffs``: beta cutoffs (or chance-node cutoffs).
    * ``pruned``: sibling moves a cutoff skipped, i.e. subtrees never searched.
    * ``tt_probes``/``tt_hits``/``tt_stores``: transposition-table traffic.
    * ``seldepth``: deepest ply reached (quiescence, chance layers included).
    * Chance searches (expectiminimax) also count ``chance_nodes`` (nodes where dice
      fall), ``chance_mass`` (the sum over them of the probability their searched
      outcomes cover: 1 for a node searched in full, less where a cut stopped it),
      ``star1_cuts`` (chance nodes cut by Star1's windows), ``star2_cuts`` (chance
      nodes Star2's probes decided) and ``filtered`` (root moves the candidate filter
      left out). Zero elsewhere, and the panel then shows none of them.
    * ``delta_pruned``: quiescence captures skipped by delta pruning.
    * ``extensions``: moves searched a ply deeper (check extension).
    * ``probcut_cuts``: nodes ProbCut cut on a shallow search's prediction.
    * ``futility_cuts``: nodes futility pruning decided by their static value
      (`adversa.search.futility`).
    """

    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    pruned: int = 0
    tt_probes: int = 0
    tt_hits: int = 0
    tt_stores: int = 0
    seldepth: int = 0
    chance_nodes: int = 0
    chance_mass: float = 0.0
    star1_cuts: int = 0
    star2_cuts: int = 0
    filtered: int = 0
    delta_pruned: int = 0
    extensions: int = 0
    probcut_cuts: int = 0
    futility_cuts: int = 0


@dataclass(frozen=True, slots=True)
class RootMove:
    """One root move as the panel lists it."""

    move: str
    """The move in the game's notation."""
    score: Score | None = None
    """Its value when known (exact or a bound from the last iteration)."""
    visits: int | None = None
    """MCTS visits (None for depth-first searches)."""
    probability: float | None = None
    """For a chance root, the outcome's probability."""
    bound: str | None = None
    """``"upper"`` when ``score`` only bounds the value from above (alpha-beta
    proved the move no better than the best), ``"lower"`` from below; None when
    exact."""


@dataclass(frozen=True, slots=True)
class Iteration:
    """One completed iteration of iterative deepening (or the single fixed-depth pass)."""

    depth: int
    seconds: float
    nodes: int
    score: Score
    pv: tuple[str, ...]
    ebf: float | None = None
    """Effective branching factor: nodes of this iteration / nodes of the previous."""
    pv_movers: tuple[int, ...] = ()
    """Who plays each move of ``pv`` (`Reporter.line_movers`)."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    """The live state of a running search; what the side panel shows."""

    algorithm: str
    config: str
    """The engine's text form (`EngineConfig.text`)."""
    elapsed: float
    time_budget: float | None
    depth: int
    """The depth being searched now."""
    completed_depth: int
    seldepth: int
    nodes: int
    leaves: int
    cutoffs: int
    pruned: int
    tt_probes: int
    tt_hits: int
    tt_stores: int
    tt_fill: float
    """Fraction of transposition-table slots in use, 0..1."""
    nps: float
    score: Score | None
    pv: tuple[str, ...]
    root_moves: tuple[RootMove, ...]
    current_move: str | None
    """The root move being searched now (None when not meaningful)."""
    iterations: tuple[Iteration, ...]
    finished: bool = False
    pv_movers: tuple[int, ...] = ()
    """Who plays each move of ``pv`` (`Reporter.line_movers`)."""
    score_scale: float = 1.0
    """Multiply a score by this to show it in the evaluator's own units (e.g. the
    lectures' open-lines count e(n), or points where a man is worth 100)."""
    score_unit: str = ""
    """The name of those units ("" when scores are shown as they are)."""
    win_value: float | None = None
    """The utility of a proven win (scores at or beyond it read "win"/"loss");
    None for games whose values are plain numbers (textbook trees), and for
    searches that do not say (`Reporter.win_value`)."""
    utility_limit: float | None = None
    """The game's largest utility (in a game scored by margin, a win by the widest
    margin). An unfitted evaluation's eval bar measures a value against it when there is
    no `win_value` (margin games), rather than against 1."""
    mate_distances: bool = False
    """Proven results are told as "mate in N" (the winner's moves), not in plies
    (`Game.mate_distances`)."""
    logistic_k: float | None = None
    """σ(k · score · score_scale) is the mover's expected result (`Evaluator.logistic_k`);
    None when the evaluation was never fitted to results."""
    mean_result: bool = False
    """True when scores are themselves expected results in the utility range −1…1: MCTS's
    mean playout results, or an evaluation that says so (`Evaluator.expected_lead`)."""
    signed: bool = True
    """Whether a positive score is written with ``+``: a game evaluation is (``+1``
    e(n), read against 0 = even); a textbook tree's leaf numbers are not, as in
    the lecture (``3``, ``-2``). Set by `engine.run_search` for every search."""
    root_move_count: int = 0
    """How many root moves the position has, when `root_moves` lists only the best
    `ROOT_MOVES_SHOWN` of them (0: it lists them all)."""
    chance_nodes: int = 0
    """Chance nodes searched, and the rest of a chance search's figures (`Counters`)."""
    chance_mass: float = 0.0
    star1_cuts: int = 0
    star2_cuts: int = 0
    filtered: int = 0
    probcut_cuts: int = 0
    """Nodes ProbCut cut (``probcut=on``); the panel shows the figure when it is not 0."""
    win_in_plies: int | None = None
    """``score`` is a proven win, this many plies away with best play, already while the
    search runs (the panel's "White mates in 3"); None otherwise."""
    loss_in_plies: int | None = None
    """``score`` is a proven loss, put off at most this many plies; None otherwise."""

    @property
    def mass_searched(self) -> float | None:
        """The mean share of probability a chance node's searched outcomes covered (1:
        no chance node was cut; sums of 21 dice probabilities can round past 1, so it is
        capped there); None without chance nodes."""
        return min(1.0, self.chance_mass / self.chance_nodes) if self.chance_nodes else None

    @property
    def total_root_moves(self) -> int:
        """How many root moves the position has (`root_moves` may list fewer)."""
        return max(self.root_move_count, len(self.root_moves))



@dataclass(frozen=True, slots=True)
class TraceNode:
    """One visited node of a traced search (textbook trees, small games).

    ``path`` is the tuple of 1-based child positions from the root (``(2, 2)`` is
    written ``"2.2"``). ``pruned`` lists the 1-based child positions a cutoff at
    this node skipped when ``cut`` (the presentation layer's ``cut_reason`` writes why,
    e.g. ``"cut: 2 ≤ α = 3"``, from the node's value and window).
    """

    order: int
    """Visit order, from 0."""
    path: tuple[int, ...]
    move: str | None
    """The label of the move leading here (None at the root)."""
    kind: str
    """``"max"``, ``"min"``, ``"chance"``, ``"leaf"`` or ``"player N"``."""
    alpha: float | None
    beta: float | None
    value: Score | None = None
    probability: float | None = None
    """For a child of a chance node, its probability."""
    pruned: tuple[int, ...] = ()
    cut: bool = False
    on_pv: bool = False


@dataclass(frozen=True, slots=True)
class SearchResult(Generic[MoveT]):
    """What a finished (or stopped) search returns: typed fields, each filled by the
    algorithms it applies to and None (or empty) for the others."""

    best_move: MoveT | None
    best_move_text: str | None
    value: Score | None
    pv: tuple[str, ...]
    snapshot: Snapshot
    """The final statistics (``finished=True``)."""
    stopped: bool = False
    """True when a stop flag or deadline ended the search early."""
    trace: tuple[TraceNode, ...] = ()
    trace_truncated: bool = False
    raw_value: float | None = None
    """Depth-first searches: the value in the evaluation's own units (`Evaluator.raw_scale`),
    None for a proven result."""
    raw_name: str | None = None
    """The name of those units ("e(n)", "pts"; "value" for plain utilities)."""
    win_in_plies: int | None = None
    """A proven win: how many plies it takes with best play."""
    loss_in_plies: int | None = None
    """A proven loss: how many plies it can be put off."""
    database_plies: int | None = None
    """The root's value came from the game's endgame database (`Game.endgame_probe`):
    plies to the end of the game with best play (0 for a drawn position), else None."""
    database_margin: bool = False
    """That exact value is a margin (`Game.margin_utilities`: discs ahead), so it reads
    "exact: win by 6" rather than as a distance."""
    best_moves: tuple[str, ...] = ()
    """The solver: every root move that reaches the value."""
    pv_movers: tuple[int, ...] = ()
    """Who plays each move of ``pv``: a player, or ``CHANCE`` for a chance outcome, so a
    double move (Kalah's extra turn) or a line through a roll reads right
    (`Reporter.line_movers`)."""
    positions: int | None = None
    """The solver: positions solved (its memo's size)."""
    playouts: int | None = None
    """MCTS: playouts run."""
    tree_nodes: int | None = None
    """MCTS: nodes of the search tree."""

    @property
    def iterations(self) -> tuple[Iteration, ...]:
        return self.snapshot.iterations


SearchEvent = Snapshot | Iteration | SearchResult
"""What ``on_event`` receives: live snapshots, completed iterations, the result."""

EventCallback = Callable[[SearchEvent], None]
StopCallback = Callable[[], bool]


def _ignore(_event: SearchEvent) -> None:
    return None


def _nobody(_line: tuple[str, ...]) -> tuple[int, ...]:
    return ()


class Reporter:
    """Owns a search's counters, clock, stop check and event stream.

    Algorithms keep ``counters = reporter.counters`` in a local, bump its fields
    inline, and call `poll` every `POLL_INTERVAL` nodes; `poll` raises
    `SearchStopped` when the caller's stop callable or the deadline says so.
    `snapshot_fields` is supplied by the algorithm and returns the parts of a
    `Snapshot` only it knows (depth, score, PV, root moves, TT fill).
    """

    def __init__(
        self,
        algorithm: str,
        config_text: str,
        *,
        time_budget: float | None = None,
        node_budget: int | None = None,
        should_stop: StopCallback | None = None,
        on_event: EventCallback | None = None,
        snapshot_period: float = SNAPSHOT_PERIOD,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.algorithm = algorithm
        self.config_text = config_text
        self.time_budget = time_budget
        self.node_budget = node_budget
        """Stop once this many nodes were visited (checked at every poll, so a search
        overshoots it by less than `POLL_INTERVAL` nodes); None for no limit."""
        self.should_stop: StopCallback = should_stop or never_stop
        self.on_event: EventCallback = on_event or _ignore
        self.snapshot_period = snapshot_period
        self.clock = clock
        """Where time is read: `time.perf_counter`, or a test's fake clock, so budgets
        are tested without racing the machine's speed."""
        self.counters = Counters()
        self.started = clock()
        self.deadline = self.started + time_budget if time_budget is not None else None
        self.iterations: list[Iteration] = []
        self.stopped = False
        self._next_snapshot = self.started + snapshot_period
        self.snapshot_fields: Callable[[], Progress] = Progress
        self.score_scale = 1.0
        self.score_unit = ""
        self.win_value: float | None = None
        self.utility_limit: float | None = None
        self.mate_distances = False
        self.logistic_k: float | None = None
        self.mean_result = False
        self.signed = True
        self.line_movers: Callable[[tuple[str, ...]], tuple[int, ...]] = _nobody
        """Who plays each move of a line from the root (set by `run_search`, which knows
        the game and the root): every PV the reporter sends out carries it, so no
        algorithm has to track movers and no reader has to assume the players alternate."""
        self.settled: Callable[[float, Sequence[Iteration]], bool] | None = None
        """Under a game clock, the time manager's question after each iteration: has
        the search thought enough (elapsed seconds, iterations so far)? None for a
        fixed budget, which runs to its deadline (`adversa.search.timeman`)."""

    # ---- hot path helpers -----------------------------------------------------

    def poll(self) -> None:
        """Check stop flag, deadline and node budget; emit a snapshot when one is due."""
        now = self.clock()
        if self._budget_spent(now):
            self.stopped = True
            raise SearchStopped
        if now >= self._next_snapshot and self.on_event is not _ignore:
            # A snapshot formats the line in the game's notation: not for nobody.
            self._next_snapshot = now + self.snapshot_period
            self.on_event(self.snapshot())

    def out_of_time(self) -> bool:
        """Non-raising check (stop flag, deadline, node budget), for loops between iterations."""
        if self._budget_spent(self.clock()):
            self.stopped = True
        return self.stopped

    def budget_left(self) -> ProbeBudget:
        """What is left of this search's time and node budgets, with its stop check and
        clock, for a game's exact oracle (`Game.endgame_probe`) to size its work by."""
        now = self.clock()
        return ProbeBudget(
            seconds=None if self.deadline is None else max(0.0, self.deadline - now),
            nodes=(None if self.node_budget is None
                   else max(0, self.node_budget - self.counters.nodes)),
            should_stop=self.out_of_time,
            clock=self.clock,
        )

    def thought_enough(self) -> bool:
        """Whether the time manager says to answer now (always False without one)."""
        return self.settled is not None and self.settled(self.elapsed, self.iterations)

    def _budget_spent(self, now: float) -> bool:
        return (
            self.should_stop()
            or (self.deadline is not None and now >= self.deadline)
            or (self.node_budget is not None and self.counters.nodes >= self.node_budget)
        )

    @property
    def elapsed(self) -> float:
        return self.clock() - self.started

    # ---- events -------------------------------------------------------------------

    def iteration_done(
        self, depth: int, score: Score, pv: tuple[str, ...], nodes_at_start: int
    ) -> Iteration:
        """Record an iteration (its nodes are those since ``nodes_at_start``)."""
        nodes = self.counters.nodes - nodes_at_start
        previous = self.iterations[-1].nodes if self.iterations else 0
        ebf = nodes / previous if previous else None
        iteration = Iteration(depth, self.elapsed, nodes, score, pv, ebf, self.line_movers(pv))
        self.iterations.append(iteration)
        self.on_event(iteration)
        return iteration

    def snapshot(self, *, finished: bool = False) -> Snapshot:
        counters = self.counters
        elapsed = self.elapsed
        progress = self.snapshot_fields()
        pv = tuple(progress.get("pv", ()))
        completed = self.iterations[-1].depth if self.iterations else 0
        return Snapshot(
            algorithm=self.algorithm,
            config=self.config_text,
            elapsed=elapsed,
            time_budget=self.time_budget,
            depth=progress.get("depth", completed),
            completed_depth=progress.get("completed_depth", completed),
            seldepth=counters.seldepth,
            nodes=counters.nodes,
            leaves=counters.leaves,
            cutoffs=counters.cutoffs,
            pruned=counters.pruned,
            tt_probes=counters.tt_probes,
            tt_hits=counters.tt_hits,
            tt_stores=counters.tt_stores,
            tt_fill=progress.get("tt_fill", 0.0),
            nps=counters.nodes / elapsed if elapsed > 0 else 0.0,
            score=progress.get("score"),
            pv=pv,
            pv_movers=self.line_movers(pv),
            root_moves=tuple(progress.get("root_moves", ())),
            root_move_count=progress.get("root_move_count", 0),
            current_move=progress.get("current_move"),
            iterations=tuple(self.iterations),
            finished=finished,
            score_scale=self.score_scale,
            score_unit=self.score_unit,
            win_value=self.win_value,
            utility_limit=self.utility_limit,
            mate_distances=self.mate_distances,
            logistic_k=self.logistic_k,
            mean_result=self.mean_result,
            signed=self.signed,
            chance_nodes=counters.chance_nodes,
            chance_mass=counters.chance_mass,
            star1_cuts=counters.star1_cuts,
            star2_cuts=counters.star2_cuts,
            filtered=counters.filtered,
            probcut_cuts=counters.probcut_cuts,
            win_in_plies=progress.get("win_in_plies"),
            loss_in_plies=progress.get("loss_in_plies"),
        )

    def finish(self, result: SearchResult[MoveT]) -> SearchResult[MoveT]:
        """Send the final result, its PV's movers filled in, as the last event; return it."""
        if result.pv and not result.pv_movers:
            result = dataclasses.replace(result, pv_movers=self.line_movers(result.pv))
        self.on_event(result)
        return result


def expected_score(score: Score | None, snapshot: Snapshot) -> float | None:
    """A root score as the side to move's expected result, 0 … 1 (½ a draw): one scale
    for every engine's value, whatever its units.

    Proven results are 1, 0 or ½; MCTS's mean playout result ``v`` in −1 … 1 is
    ``(v + 1) / 2``; an evaluation fitted to game results (`Evaluator.logistic_k`) is
    ``σ(k · points)``. None for vectors and for evaluations nobody fitted (their units
    say nothing about who wins).
    """
    if score is None or isinstance(score, tuple):
        return None
    win = snapshot.win_value
    if win is not None and abs(score) >= win:
        return 1.0 if score > 0 else 0.0
    if snapshot.mean_result:
        return min(1.0, max(0.0, (score + 1.0) / 2.0))
    if snapshot.logistic_k is None:
        return None
    logit = snapshot.logistic_k * score * snapshot.score_scale
    return 1.0 / (1.0 + math.exp(-max(-500.0, min(500.0, logit))))
