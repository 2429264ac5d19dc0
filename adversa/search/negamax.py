"""The fast alpha-beta kernel: fail-soft negamax with every enhancement switchable.

`Kernel` builds, for one search, the recursive functions of the search as closures over
everything they touch (the game's bound methods, the tables, the counters). In CPython a
closure variable is a cell read and a bound method in a local is one call, where
``self.game.legal_moves`` would be two attribute lookups per node — in a pure-Python
search that is the difference the benchmark measures, which is why this module trades
the usual class-with-methods shape for closures.

``negamax`` reads like a textbook search in numbered steps, each switchable enhancement
in its own step, and each step in its own closure where it is more than a few lines:

1. node entry: count, poll, a fresh principal variation, the check extension;
2. the end of the line: a finished game, the endgame database;
3. the transposition table: the probe, then forward pruning (3b: futility, null move,
   ProbCut, in `adversa.search.futility`, `.nullmove`, `.probcut`), move ordering and
   beam selection (they use the table's move), then enhanced transposition cutoffs
   (`tt.refuting_child`, ``etc``);
4. the horizon: one ply above it the children are judged in one loop
   (`judge_children`, each child by `at_horizon`, the one leaf classification),
   and a capture still pending is played out in quiescence (`extend`, `quiesce`,
   with stand pat where captures are optional);
5. the null-window scout of principal variation search, with late move reductions,
   and 6. the move loop, in `negamax` itself (`search_root` at the root);
7. the cutoff bookkeeping: counters, killers and history (`note_cut`);
8. the store (`store`), depth-preferred.

Speed decided what is a call and what is inline. The main search keeps **one Python
frame per ply**: the move loop (steps 5–6) is in `negamax`, not a function of its own,
and each root pass starts in a roomy frame-stack chunk (`adversa.search.stack_room`:
where a chunk boundary fell once moved this search's speed by tens of percent, node
counts identical). Within a ply the table probe is read inline; the children one
ply above the horizon cost no `negamax` call, and a settled one no call at all. The
fail-soft update (raise best, raise alpha, cut at beta) stands in the three loops —
quiescence, the horizon, the main search — because one loop taking its child search as
an argument measured 6–10 % slower.

Counters are plain ints of the closure (`nonlocal`), copied to the `Reporter`'s
`Counters` at every poll and at the end of an iteration, so the always-on statistics
cost an integer add each. Every line that exists only for instrumentation ends with the
marker ``# stat``: benchmarks/bench_search.py strips those lines to build the same search
*without* instrumentation and measures the overhead against it. Keep each such line a
complete statement.

Values are negamax scores for the player to move at the node (see `adversa.search.common`
for the WIN − ply convention and when it applies). Turns need not alternate: a child
whose mover is the same player is searched without negation (and without a null window).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Generic

from adversa.games.base import CAPTURE_PENDING, FINISHED, SETTLED, Game, M, S
from adversa.games.evaluation import Evaluator
from adversa.search.bounds import Bound
from adversa.search.closures import empty_closures
from adversa.search.common import INFINITY, scores_by_distance, terminal_score
from adversa.search.enhancements import (
    ETC_MIN_DEPTH,
    LMR_MOST_MOVES,
    NULL_MOVE_MIN_DEPTH,
    TT_MIN_DEPTH,
    Enhancements,
    game_hooks,
    late_move_reductions,
)
from adversa.search.futility import FUTILITY_DEPTH, FutilityStep, futility_step
from adversa.search.nullmove import NullMoveStep, null_move_step
from adversa.search.ordering import MoveOrderer, beam_select
from adversa.search.probcut import ProbCutStep, probcut_step
from adversa.search.stats import POLL_INTERVAL, Reporter
from adversa.search.tt import (
    BOUND,
    DEPTH,
    KEY,
    MOVE,
    VALUE,
    TranspositionTable,
    from_table,
    refuting_child,
    to_table,
)

POLL_MASK = POLL_INTERVAL - 1
assert POLL_INTERVAL & POLL_MASK == 0, "POLL_INTERVAL must be a power of two"

PLY_LIMIT = 256
"""Deepest ply any line reaches, quiescence included (depth is at most 64 and capture
chains are short); keeps the recursion far below Python's limit of 1000 frames."""


class Kernel(Generic[S, M]):
    """The search functions and tables of one alpha-beta search.

    ``negamax(state, mover, depth, alpha, beta, ply)`` returns the fail-soft value of
    ``state`` for ``mover`` (the player to move there) and leaves the principal variation
    below the node in ``pv[ply]``. ``search_root`` searches the root's moves in a given
    order. ``start_pass()`` clears what one pass reports; ``sync()`` copies the counters
    to the reporter and sets ``horizon_reached``: whether any position was judged by the
    evaluation function since the pass started (if not, the search saw the whole game
    tree and its value is exact).
    """

    def __init__(
        self,
        game: Game[S, M],
        evaluator: Evaluator[S],
        enhancements: Enhancements,
        reporter: Reporter,
        probe: Callable[[S], tuple[float, int] | None] | None = None,
    ) -> None:
        self.table: TranspositionTable[M] | None = (
            TranspositionTable(enhancements.tt_megabytes) if enhancements.tt_megabytes else None
        )
        self.orderer = MoveOrderer(game, killers=enhancements.killers, history=enhancements.history)
        self.pv: list[tuple[M, ...]] = [()] * (PLY_LIMIT + 2)
        self.horizon_reached = False
        self.current_move: M | None = None
        self.iteration_best: tuple[M, float] | None = None
        self.probe = probe
        """The game's exact oracle (`Game.endgame_probe`), asked at every node before anything
        else but the end of the game: its values end the line, scored by their distance."""
        self._build(game, evaluator, enhancements, reporter)

    def _build(
        self,
        game: Game[S, M],
        evaluator: Evaluator[S],
        enhancements: Enhancements,
        reporter: Reporter,
    ) -> None:
        """Bind the search's closures (long for speed: see the module docstring).

        The one function of the search over ~80 lines, because it is the closures' scope:
        each step below is a short function of its own, and the bindings they share live
        here as cells rather than as attributes of ``self``."""
        # Hot-path bindings, alike on purpose: each name the recursion uses is a cell or local.
        legal_moves = game.legal_moves
        result = game.result
        to_move = game.to_move
        is_terminal = game.is_terminal
        utility = game.utility
        leaf_status = game.leaf_status
        is_capture = game.is_capture
        quiescence_moves = game.quiescence_moves
        transposition_key = game.transposition_key
        evaluate = evaluator.function
        counters = reporter.counters
        poll = reporter.poll
        pv = self.pv
        kernel = self
        table = self.table
        slots = table.slots if table is not None else []
        size = table.size if table is not None else 1
        ordering = enhancements.ordering
        order = self.orderer.order
        remember_cutoff = self.orderer.cutoff
        use_quiescence = enhancements.quiescence and type(game).is_quiet is not Game.is_quiet
        beam = enhancements.beam
        pvs = enhancements.pvs
        reduce_late = enhancements.lmr
        reductions = late_move_reductions(enhancements.lmr_from)
        nextafter = math.nextafter
        # Not with late move reductions: their values depend on the order moves are
        # searched in, and the benchmark measured more nodes with both than with LMR alone.
        etc_table = table if enhancements.etc and not reduce_late else None
        tt_min_depth = 1 if reduce_late else TT_MIN_DEPTH
        by_distance = scores_by_distance(game)
        probe = self.probe
        null_move: NullMoveStep[S] | None = None  # bound once negamax exists (below)
        margins = evaluator.futility if enhancements.futility else None
        futile: FutilityStep[S, M] | None = (
            None if margins is None else futility_step(game, evaluator, margins, counters))
        prune_captures, extends_check = game_hooks(game, enhancements, reporter.counters)
        probcut_model = evaluator.probcut if enhancements.probcut else None
        probcut_from = PLY_LIMIT if probcut_model is None else probcut_model.deep
        probcut: ProbCutStep[S] | None = None  # bound once negamax exists (below)
        # The table stores a bound as a plain int (see adversa.search.tt.Entry).
        EXACT, LOWER, UPPER = int(Bound.EXACT), int(Bound.LOWER), int(Bound.UPPER)

        nodes = leaves = cutoffs = pruned = probes = hits = stores = seldepth = 0
        judged = False  # whether the evaluation judged a position this pass (horizon_reached)

        def sync() -> None:
            """Copy the closure's counters to the reporter (at polls and iteration ends)."""
            counters.nodes = nodes
            counters.leaves = leaves
            counters.cutoffs = cutoffs
            counters.pruned = pruned
            counters.tt_probes = probes
            counters.tt_hits = hits
            counters.tt_stores = stores
            counters.seldepth = max(counters.seldepth, seldepth)
            kernel.horizon_reached = judged

        def start_pass() -> None:
            """Forget what the previous pass reported (its best move, its horizon)."""
            nonlocal judged
            judged = False
            kernel.horizon_reached = False
            kernel.iteration_best = None

        def checkpoint() -> None:
            sync()
            poll()

        def terminal_value(state: S, mover: int, ply: int) -> float:
            """A finished game's score for ``mover``: a win ``WIN - ply`` (see common)."""
            return terminal_score(utility(state)[mover], ply, by_distance)

        def known_value(known: tuple[float, int], ply: int) -> float:
            """An oracle's ``(value, plies to the end)`` as a score: the end is a terminal
            ``ply + plies`` from the root, scored like one (`terminal_value`)."""
            value, plies = known
            return terminal_score(value, ply + plies, by_distance)

        # ---- 7. the cutoff bookkeeping ------------------------------------------------

        def note_cut(state: S, move: M, index: int, count: int, ply: int,
                     depth: int) -> None:
            """Move ``index`` of ``count`` failed high at ``ply`` with ``depth`` to go.

            A cut at the last child skips nothing: not a cutoff (one definition with the
            lecture search and the trace). Killers and history learn the move in the main
            search (``depth`` > 0), not in quiescence."""
            nonlocal cutoffs, pruned
            if index + 1 < count:  # stat
                cutoffs += 1  # stat
                pruned += count - index - 1  # stat
            if ordering and depth:
                remember_cutoff(state, move, ply, depth)

        # ---- 4. the horizon: judge a position, or play its pending captures out -----

        def quiesce(state: S, mover: int, alpha: float, beta: float, ply: int) -> float:
            """A position below the horizon: judged statically once it is quiet."""
            nonlocal nodes, leaves, seldepth
            nodes += 1  # stat
            if not nodes & POLL_MASK:  # stat
                checkpoint()  # stat
            pv[ply] = ()
            status = leaf_status(state)
            if status == CAPTURE_PENDING and ply < PLY_LIMIT:
                return extend(state, mover, alpha, beta, ply)
            if ply > seldepth:  # stat
                seldepth = ply  # stat
            leaves += 1  # stat
            if status == FINISHED:
                return terminal_value(state, mover, ply)
            return evaluate(state, mover)

        def extend(state: S, mover: int, alpha: float, beta: float, ply: int) -> float:
            """Search the captures of a position where one is pending (the node is counted)."""
            nonlocal leaves, seldepth, judged
            judged = True
            captures, stand_pat = quiescence_moves(state)
            if not stand_pat and not captures:  # a draw rule ended the game
                if ply > seldepth:  # stat
                    seldepth = ply  # stat
                leaves += 1  # stat
                return terminal_value(state, mover, ply)
            if stand_pat:
                # Captures are optional here, so the mover may "stand pat" on the static value.
                leaves += 1  # stat
                best = evaluate(state, mover)
                if best >= beta:
                    return best
                alpha = max(alpha, best)
                if prune_captures is not None:  # delta pruning
                    captures, best = prune_captures(state, captures, best, alpha)
            else:
                best = -INFINITY
            for index, move in enumerate(captures):
                child = result(state, move)
                child_mover = to_move(child)
                if child_mover == mover:
                    value = quiesce(child, mover, alpha, beta, ply + 1)
                else:
                    value = -quiesce(child, child_mover, -beta, -alpha, ply + 1)
                if value > best:  # fail-soft update, inline on purpose (docstring)
                    best = value
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            note_cut(state, move, index, len(captures), ply, 0)
                            break
                        pv[ply] = (move, *pv[ply + 1])
            return best

        def at_horizon(state: S, mover: int, alpha: float, beta: float, ply: int,
                       status: int) -> float:
            """A position at the horizon (already counted), for ``mover``, by its ``status``
            (`leaf_status`, or only finished or settled without quiescence).

            The leaf classification, written once: the endgame database's value, the
            evaluation of a settled position, a finished game's score, or quiescence while a
            capture is pending. Main-search leaves lie at the iteration's depth, which the
            driver records as the selective depth."""
            nonlocal leaves, judged
            if probe is not None and status != FINISHED:
                known = probe(state)
                if known is not None:
                    leaves += 1  # stat
                    return known_value(known, ply)
            if status == SETTLED:
                leaves += 1  # stat
                judged = True
                return evaluate(state, mover)
            if status == FINISHED:
                leaves += 1  # stat
                return terminal_value(state, mover, ply)
            return extend(state, mover, alpha, beta, ply)

        def judge_children(
            state: S, mover: int, moves: Sequence[M], alpha: float, beta: float,
            ply: int, floor: float,
        ) -> tuple[float, M | None]:
            """The children of a node one ply above the horizon, judged in one loop.

            Speed over elegance: this is step 1 and `at_horizon` for each child, without the
            recursive call, for the most numerous nodes of a search. A static value does not
            depend on the window, so there is nothing for PVS to scout (a null-window search
            would only evaluate the same leaf twice). Returns the best value (at least
            ``floor``, futility's bound on the moves left out) and move, with the cutoff
            bookkeeping done."""
            nonlocal nodes, leaves, judged
            best = floor
            best_move = None
            next_ply = ply + 1
            for index, move in enumerate(moves):
                child = result(state, move)
                child_mover = to_move(child)
                nodes += 1  # stat
                if not nodes & POLL_MASK:  # stat
                    checkpoint()  # stat
                pv[next_ply] = ()
                # Without quiescence nothing is pending: one terminal test is all it takes.
                status = (leaf_status(child) if use_quiescence
                          else FINISHED if is_terminal(child) else SETTLED)
                if status == SETTLED and probe is None:
                    # The common leaf, without a call: at_horizon's settled case.
                    leaves += 1  # stat
                    judged = True
                    value = evaluate(child, child_mover)
                    if child_mover != mover:
                        value = -value
                elif status == CAPTURE_PENDING and probe is None:
                    # Straight to quiescence: at_horizon's pending case, one call fewer.
                    if child_mover == mover:
                        value = extend(child, mover, alpha, beta, next_ply)
                    else:
                        value = -extend(child, child_mover, -beta, -alpha, next_ply)
                elif child_mover == mover:
                    value = at_horizon(child, mover, alpha, beta, next_ply, status)
                else:
                    value = -at_horizon(child, child_mover, -beta, -alpha, next_ply, status)
                if value > best:  # fail-soft update, inline on purpose (docstring)
                    best = value
                    best_move = move
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            note_cut(state, move, index, len(moves), ply, 1)
                            break
                        pv[ply] = (move, *pv[next_ply])
            return best, best_move

        # ---- 8. the store -------------------------------------------------------------

        def store(key: Hashable, slot: int, depth: int, bound: int, value: float,
                  move: M | None, ply: int) -> None:
            """Keep a searched node, depth-preferred (see adversa.search.tt)."""
            nonlocal stores
            old = slots[slot]
            if old is None:
                table.filled += 1  # type: ignore[union-attr]  # a slot exists: a table does
            elif old[KEY] != key and depth < old[DEPTH]:
                return
            slots[slot] = (key, depth, bound, to_table(value, ply), move)
            stores += 1  # stat

        # ---- the search ---------------------------------------------------------------------

        def negamax(
            state: S, mover: int, depth: int, alpha: float, beta: float, ply: int
        ) -> float:
            nonlocal nodes, leaves, cutoffs, pruned, probes, hits
            # 1. Node entry.
            nodes += 1  # stat
            if not nodes & POLL_MASK:  # stat
                checkpoint()  # stat
            pv[ply] = ()
            if extends_check is not None and depth > 0 and extends_check(state):
                counters.extensions += 1  # the check extension (enhancements.game_hooks)
                depth += 1
            if depth <= 0:  # only from a depth-1 root: deeper, step 4 judges the children
                status = (leaf_status(state) if use_quiescence
                          else FINISHED if is_terminal(state) else SETTLED)
                return at_horizon(state, mover, alpha, beta, ply, status)

            # 2. The end of the line. Game.legal_moves is empty exactly at terminal
            # states, so generating the moves first saves a separate is_terminal test.
            moves = legal_moves(state)
            if not moves:
                leaves += 1  # stat
                return terminal_value(state, mover, ply)
            if probe is not None:
                known = probe(state)
                if known is not None:
                    leaves += 1  # stat
                    return known_value(known, ply)

            # 3. The transposition table: a settled entry answers; any entry's move leads.
            # Read inline, not through a call: it is read at most inner nodes.
            key: Hashable = None
            slot = -1
            tt_move = None
            if table is not None and depth >= tt_min_depth:
                key = transposition_key(state)
                slot = hash(key) % size
                entry = slots[slot]
                probes += 1  # stat
                if entry is not None and entry[KEY] == key:
                    hits += 1  # stat
                    tt_move = entry[MOVE]
                    # Same depth only (see adversa.search.tt), or deeper under late move
                    # reductions, whose values already depend on the search order.
                    if entry[DEPTH] == depth or (reduce_late and entry[DEPTH] > depth):
                        value = from_table(entry[VALUE], ply)
                        bound = entry[BOUND]
                        if (bound == EXACT or (bound == LOWER and value >= beta)
                                or (bound == UPPER and value <= alpha)):
                            if tt_move is not None:
                                pv[ply] = (tt_move,)
                            return value

            # 3b. Forward pruning, each switchable: futility, null move, ProbCut.
            floor = -INFINITY  # what futility guarantees of the moves it leaves out
            if futile is not None and depth <= FUTILITY_DEPTH:
                moves, floor = futile(state, mover, depth, alpha, beta, moves)
                if floor >= beta or not moves:
                    return floor
            if depth >= NULL_MOVE_MIN_DEPTH and null_move is not None:
                cut = null_move(state, depth, beta, ply)
                if cut is not None:
                    return cut
            if depth >= probcut_from and probcut is not None:
                cut = probcut(state, mover, depth, alpha, beta, ply)
                if cut is not None:
                    return cut
            if ordering and len(moves) > 1:
                moves = order(state, moves, tt_move, ply)
            if beam and len(moves) > beam:
                moves = beam_select(game, evaluator, state, mover, moves, beam)
            if etc_table is not None and depth >= ETC_MIN_DEPTH:
                # Enhanced transposition cutoffs: a call, as it is tried far from the leaves.
                refuted, probed = refuting_child(etc_table, game, state, mover, moves,
                                                 depth - 1, beta, ply + 1)
                probes += probed  # stat
                if refuted is not None:
                    # Every move is skipped.
                    hits += 1  # stat
                    cutoffs += 1  # stat
                    pruned += len(moves)  # stat
                    return refuted

            # 4. One ply above the horizon the children are judged statically, in one loop.
            if depth == 1:
                best, best_move = judge_children(state, mover, moves, alpha, beta, ply, floor)
                if slot >= 0:  # 8. Store.
                    bound = UPPER if best <= alpha else LOWER if best >= beta else EXACT
                    store(key, slot, depth, bound, best, best_move, ply)
                return best

            # 5.–7. The move loop, with the null-window scout of PVS and late move
            # reductions: the first move gets the full window; with PVS every later one is
            # first asked with a null window whether it beats alpha at all (``reduction``
            # plies shallower first when late move reductions apply), and searched again
            # with the full window only when it does. A child of the same mover is searched
            # as itself. Inline in this frame, not a function of its own: see the module
            # docstring (one Python frame per ply).
            alpha_at_entry = alpha
            best = -INFINITY
            best_move = None
            child_depth = depth - 1
            next_ply = ply + 1
            for index, move in enumerate(moves):
                child = result(state, move)
                child_mover = to_move(child)
                if child_mover == mover:
                    value = negamax(child, mover, child_depth, alpha, beta, next_ply)
                elif not index or not pvs:
                    value = -negamax(child, child_mover, child_depth, -beta, -alpha, next_ply)
                else:
                    scout = nextafter(alpha, INFINITY)
                    # Late move reductions: plies a late quiet move is scouted shallower.
                    reduction = (reductions[depth][min(index, LMR_MOST_MOVES)]
                                 if reduce_late else 0)
                    if reduction and is_capture(state, move):
                        reduction = 0
                    if reduction:
                        value = -negamax(child, child_mover, child_depth - reduction, -scout,
                                         -alpha, next_ply)
                    if not reduction or value > alpha:
                        value = -negamax(child, child_mover, child_depth, -scout, -alpha,
                                         next_ply)
                    if alpha < value < beta:
                        value = -negamax(child, child_mover, child_depth, -beta, -alpha,
                                         next_ply)
                if value > best:  # fail-soft update, inline on purpose (docstring)
                    best = value
                    best_move = move
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            note_cut(state, move, index, len(moves), ply, depth)
                            break
                        pv[ply] = (move, *pv[next_ply])

            # 8. Store.
            if slot >= 0:
                bound = (UPPER if best <= alpha_at_entry else LOWER if best >= beta
                         else EXACT)
                store(key, slot, depth, bound, best, best_move, ply)
            return best

        def search_root(
            state: S,
            mover: int,
            depth: int,
            alpha: float,
            beta: float,
            moves: Sequence[M],
            scores: dict[M, float],
        ) -> float:
            """One pass over the root moves in the given order; fills ``scores`` and ``pv[0]``.

            Sets ``kernel.current_move`` as each move starts and
            ``kernel.iteration_best`` to ``(move, value)`` whenever a move is proven
            better than alpha and everything before it (a reliable best move if
            the search is stopped before the pass ends; the value may be a lower
            bound when it reached beta).
            """
            nonlocal nodes
            nodes += 1  # stat
            pv[0] = ()
            best = -INFINITY
            for index, move in enumerate(moves):
                kernel.current_move = move
                child = result(state, move)
                child_mover = to_move(child)
                # Steps 5 and 6 as in negamax, without reductions at the root.
                if child_mover == mover:
                    value = negamax(child, mover, depth - 1, alpha, beta, 1)
                elif not index or not pvs:
                    value = -negamax(child, child_mover, depth - 1, -beta, -alpha, 1)
                else:
                    scout = nextafter(alpha, INFINITY)
                    value = -negamax(child, child_mover, depth - 1, -scout, -alpha, 1)
                    if alpha < value < beta:
                        value = -negamax(child, child_mover, depth - 1, -beta, -alpha, 1)
                scores[move] = value
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        pv[0] = (move, *pv[1])
                        kernel.iteration_best = (move, value)
                        if value >= beta:
                            break
            return best

        if probcut_model is not None:
            probcut = probcut_step(probcut_model, evaluator.raw_scale, negamax, counters)
        if enhancements.null_move:
            null_move = null_move_step(game, negamax, PLY_LIMIT)
        self.negamax = negamax
        self.search_root = search_root
        self.sync = sync
        self.start_pass = start_pass

    def release(self) -> None:
        """Break the kernel's reference cycles once the search is over.

        The recursive closures refer to themselves and to the kernel through their cells,
        so without this the whole search — its transposition table above all, tens of
        thousands of tuples — waits for the cyclic garbage collector, which then runs on
        whatever thread allocates next: in the app, the UI thread (a visible stall after
        every engine move). Emptying the cells lets reference counting free it all at
        once, on the search's own thread.
        """
        seen: set[int] = set()
        for function in (self.negamax, self.search_root, self.sync, self.start_pass):
            empty_closures(function, seen, __name__)
