"""The fast alpha-beta kernel: fail-soft negamax with every enhancement switchable.

`Kernel` builds, for one search, the recursive functions `negamax` and
`quiesce` as closures over everything they touch (the game's bound methods,
the tables, the counters). In CPython a closure variable is a cell read and a
bound method in a local is one call, where ``self.game.legal_moves`` would be
two attribute lookups per node — in a pure-Python search that is the
difference the benchmark measures, which is why this module trades the usual
class-with-methods shape for closures.

Counters are plain ints of the closure (`nonlocal`), copied to the
`Reporter`'s `Counters` at every poll and at the end of an iteration, so the
always-on statistics cost an integer add each. Every line that exists only for
instrumentation ends with the marker ``# stat``: benchmarks/bench_search.py
strips those lines to build the same search *without* instrumentation and
measures the overhead against it. Keep each such line a complete statement.

Two shortcuts keep the node count and the cost per node down without changing
any fixed-depth value: the children of a node one ply above the horizon are
judged in one loop (`horizon`), not by a call each, and nodes with a few plies
to go first look their children up in the table (`transposition_cutoff`).

Values are negamax scores for the player to move at the node (see
`adversa.search.common` for the WIN − ply convention and when it applies). Turns need not
alternate: a child whose mover is the same player is searched without negation
(and without a null window).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from adversa.games.base import CAPTURE_PENDING, FINISHED, SETTLED, Game
from adversa.games.evaluation import Evaluator
from adversa.search.common import INFINITY, MAX_DEPTH, MAX_PLY, PROVEN, WIN, scores_by_distance
from adversa.search.ordering import MoveOrderer
from adversa.search.stats import POLL_INTERVAL, Reporter
from adversa.search.tt import EXACT, LOWER, UPPER, TranspositionTable

POLL_MASK = POLL_INTERVAL - 1
assert POLL_INTERVAL & POLL_MASK == 0, "POLL_INTERVAL must be a power of two"

LMR_FIRST_MOVE = 2
"""Late move reductions (``lmr=on``) start with the third move of a node, after the
TT move and the first killer, and spare captures…"""

LMR_MIN_DEPTH = 3
"""…and apply only where at least this many plies remain."""

LMR_MOST_MOVES = 63
"""Moves past this index share its reduction (positions with more moves are rare)."""


def late_move_reductions() -> tuple[tuple[int, ...], ...]:
    """``[depth][index]``: plies a late move is reduced by, 0 where it is not reduced.

    The reduction grows with the log of the plies to go times the log of the move's
    index (``0.75 + ln d · ln i / 2``, at least 1, leaving at least one ply), the usual
    form of late move reductions: with 12 plies to go the third move loses one ply, the fourth two
    and the eighth three.
    Over 20 middle-game positions from benchmark games at depth 12 it searched 15 % fewer
    nodes than a flat one-or-two-ply reduction, and at 0.1 s a move it scored 0.550 in 100
    games against it (with deeper table answers and aspiration; see CHANGELOG).
    A precomputed table because the search reads it for every late move.
    """
    def reduction(depth: int, index: int) -> int:
        if index < LMR_FIRST_MOVE or depth < LMR_MIN_DEPTH:
            return 0
        plies = int(0.75 + math.log(depth) * math.log(index) / 2)
        return max(1, min(plies, depth - 2))

    return tuple(tuple(reduction(depth, index) for index in range(LMR_MOST_MOVES + 1))
                 for depth in range(MAX_DEPTH + 1))


LMR_REDUCTIONS = late_move_reductions()


ETC_MIN_DEPTH = 5
"""Enhanced transposition cutoffs are tried where at least this many plies remain:
nearer the horizon a probe per child costs more than the nodes it saves (from 3 plies
on, probing took a tenth of a depth-14 search in benchmarks/bench_exact.py; from 5, its
17 sample positions took 7 % less CPU, with the same values)."""

TT_MIN_DEPTH = 2
"""Without late move reductions the table is read and written where at least this many
plies remain. A node one ply above the horizon only judges its children statically,
which costs little more than the probe and store that could spare it (depth 14 over
benchmarks/bench_exact.py's 17 positions: 9 % less CPU without them, for 2–4 % more
nodes). With ``lmr=on`` the table serves every depth: there it spared 21 % of the
nodes and 17 % of the CPU on the same positions."""

PLY_LIMIT = 256
"""Deepest ply any line reaches, quiescence included (depth is at most 64 and capture
chains are short); keeps the recursion far below Python's limit of 1000 frames."""


@dataclass(frozen=True, slots=True)
class Enhancements:
    """Which alpha-beta enhancements are on (the ``alphabeta`` engine parameters)."""

    ordering: bool = True
    killers: bool = True
    history: bool = True
    tt_megabytes: int = 16
    quiescence: bool = True
    beam: int = 0
    pvs: bool = True
    lmr: bool = False


class Kernel:
    """The search functions and tables of one alpha-beta search.

    ``negamax(state, mover, depth, alpha, beta, ply)`` returns the fail-soft
    value of ``state`` for ``mover`` (the player to move there) and leaves the
    principal variation below the node in ``pv[ply]``. ``sync()`` copies the
    counters to the reporter; ``horizon_reached`` tells whether any position
    was judged by the evaluation function since it was last reset (if not, the
    search saw the whole game tree and its value is exact).
    """

    def __init__(
        self,
        game: Game[Any, Any],
        evaluator: Evaluator,
        enhancements: Enhancements,
        reporter: Reporter,
        probe: Callable[[Any], tuple[float, int] | None] | None = None,
    ) -> None:
        self.table = (
            TranspositionTable(enhancements.tt_megabytes) if enhancements.tt_megabytes else None
        )
        self.orderer = MoveOrderer(
            game, killers=enhancements.killers, history=enhancements.history
        )
        self.pv: list[tuple[Hashable, ...]] = [()] * (PLY_LIMIT + 2)
        self.horizon_reached = False
        self.current_move: Hashable | None = None
        self.iteration_best: tuple[Hashable, float] | None = None
        self.probe = probe
        """The game's exact oracle (`Game.endgame_probe`), asked at every node before
        anything else but the end of the game: its values end the line, scored by their
        distance."""
        self._build(game, evaluator, enhancements, reporter)

    def _build(
        self,
        game: Game[Any, Any],
        evaluator: Evaluator,
        enhancements: Enhancements,
        reporter: Reporter,
    ) -> None:
        # Hot-path bindings: every name the recursion uses is a closure cell or local.
        legal_moves = game.legal_moves
        result = game.result
        to_move = game.to_move
        is_terminal = game.is_terminal
        utility = game.utility
        leaf_status = game.leaf_status
        is_capture = game.is_capture
        captures_forced = game.captures_forced
        transposition_key = game.transposition_key
        evaluate = evaluator.function
        judge = evaluator  # also values terminal children (beam selection)
        counters = reporter.counters
        poll = reporter.poll
        pv = self.pv
        kernel = self
        table = self.table
        slots = table.slots if table is not None else []
        size = table.size if table is not None else 1
        ordering = enhancements.ordering
        order = self.orderer.order
        note_cutoff = self.orderer.cutoff
        use_quiescence = enhancements.quiescence and type(game).is_quiet is not Game.is_quiet
        beam = enhancements.beam
        pvs = enhancements.pvs
        reduce_late = enhancements.lmr
        nextafter = math.nextafter
        # Not with late move reductions: their values depend on the order moves are
        # searched in, and the benchmark measured more nodes with both than with LMR alone.
        use_etc = table is not None and not reduce_late
        tt_min_depth = 1 if reduce_late else TT_MIN_DEPTH
        by_distance = scores_by_distance(game)
        probe = self.probe

        nodes = leaves = cutoffs = pruned = probes = hits = stores = seldepth = 0

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

        def checkpoint() -> None:
            sync()
            poll()

        def terminal_value(state: Any, mover: int, ply: int) -> float:
            """A finished game's score for ``mover``: `common.proven_score`, inlined."""
            value: float = utility(state)[mover]
            if value and by_distance:
                if value > 0:
                    return WIN + (value - 1.0) * MAX_PLY - ply
                return ply - WIN + (value + 1.0) * MAX_PLY
            return value

        def known_value(known: tuple[float, int], ply: int) -> float:
            """An oracle's ``(value, plies to the end)`` as a score: the end is a terminal
            ``ply + plies`` from the root, scored like one (`terminal_value`)."""
            value, plies = known
            if value and by_distance:
                if value > 0:
                    return WIN + (value - 1.0) * MAX_PLY - ply - plies
                return ply + plies - WIN + (value + 1.0) * MAX_PLY
            return value

        def beam_select(state: Any, mover: int, moves: Sequence[Hashable]) -> list[Hashable]:
            """Forward pruning: the ``beam`` moves whose child looks best statically."""
            scored = sorted(
                moves, key=lambda move: judge(result(state, move), mover), reverse=True
            )
            return scored[:beam]

        def quiesce(state: Any, mover: int, alpha: float, beta: float, ply: int) -> float:
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

        def extend(state: Any, mover: int, alpha: float, beta: float, ply: int) -> float:
            """Search the captures of a position where one is pending (the node is counted)."""
            nonlocal leaves, cutoffs, pruned, seldepth
            kernel.horizon_reached = True
            moves = legal_moves(state)
            if not moves:  # a draw rule ended the game (Game.legal_moves: empty when terminal)
                if ply > seldepth:  # stat
                    seldepth = ply  # stat
                leaves += 1  # stat
                return terminal_value(state, mover, ply)
            # Where captures are forced, a pending capture means every move is one.
            captures = moves if captures_forced else [
                move for move in moves if is_capture(state, move)
            ]
            if len(captures) < len(moves):
                # Captures are optional here, so the mover may "stand pat" on the static value.
                leaves += 1  # stat
                best = evaluate(state, mover)
                if best >= beta:
                    return best
                alpha = max(alpha, best)
            else:
                best = -INFINITY
            for index, move in enumerate(captures):
                child = result(state, move)
                child_mover = to_move(child)
                if child_mover == mover:
                    value = quiesce(child, mover, alpha, beta, ply + 1)
                else:
                    value = -quiesce(child, child_mover, -beta, -alpha, ply + 1)
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            # A cut at the last child skips nothing: not a cutoff
                            # (one definition with the lecture search and the trace).
                            if index + 1 < len(captures):  # stat
                                cutoffs += 1  # stat
                                pruned += len(captures) - index - 1  # stat
                            break
                        pv[ply] = (move, *pv[ply + 1])
            return best

        def transposition_cutoff(
            state: Any, mover: int, moves: Sequence[Hashable], child_depth: int, beta: float,
            child_ply: int,
        ) -> float | None:
            """Enhanced transposition cutoff: a child whose table entry already refutes it.

            A child stored at exactly ``child_depth`` whose value for its mover is at most
            ``-beta`` (an exact value or an upper bound) would answer from the table when
            searched and make this node fail high; finding it first only changes the
            order of the moves, so the fixed-depth value stays the same. Returns that
            fail-high value, or None.
            """
            nonlocal probes, hits
            for move in moves:
                child = result(state, move)
                if to_move(child) == mover:
                    continue
                key = transposition_key(child)
                entry = slots[hash(key) % size]
                probes += 1  # stat
                if entry is None or entry[0] != key or entry[1] != child_depth:
                    continue
                if entry[2] == LOWER:
                    continue
                value = entry[3]
                if value >= PROVEN:
                    value -= child_ply
                elif value <= -PROVEN:
                    value += child_ply
                if -value >= beta:
                    hits += 1  # stat
                    return -value
            return None

        def horizon(
            state: Any,
            mover: int,
            moves: Sequence[Hashable],
            depth: int,
            alpha: float,
            beta: float,
            ply: int,
        ) -> tuple[float, Hashable | None, float]:
            """The children of a node one ply above the horizon, judged in one loop.

            Speed over elegance: this is what ``negamax`` does at depth 0, inlined, so the
            most numerous nodes of a search cost no recursive call of their own. A static
            value does not depend on the window, so there is nothing for PVS to scout
            (a null-window search would only evaluate the same leaf twice); captures still
            pending go to quiescence with the node's window. Returns ``(best value, best
            move, alpha)`` with the parent's cutoff bookkeeping done.
            """
            nonlocal nodes, leaves, cutoffs, pruned
            best = -INFINITY
            best_move = None
            next_ply = ply + 1
            judged = False  # whether the evaluation judged a child (see horizon_reached)
            for index, move in enumerate(moves):
                child = result(state, move)
                child_mover = to_move(child)
                nodes += 1  # stat
                if not nodes & POLL_MASK:  # stat
                    checkpoint()  # stat
                pv[next_ply] = ()
                # Without quiescence nothing is pending: one terminal test is all it takes.
                if use_quiescence:
                    status = leaf_status(child)
                else:
                    status = FINISHED if is_terminal(child) else SETTLED
                known = probe(child) if probe is not None and status != FINISHED else None
                if known is not None:
                    leaves += 1  # stat
                    value = known_value(known, next_ply)
                    if child_mover != mover:
                        value = -value
                elif status == SETTLED:
                    leaves += 1  # stat
                    judged = True
                    value = evaluate(child, child_mover)
                    if child_mover != mover:
                        value = -value
                elif status == FINISHED:
                    leaves += 1  # stat
                    value = terminal_value(child, child_mover, next_ply)
                    if child_mover != mover:
                        value = -value
                elif child_mover == mover:  # a capture is pending: quiescence
                    value = extend(child, mover, alpha, beta, next_ply)
                else:
                    value = -extend(child, child_mover, -beta, -alpha, next_ply)
                if value > best:
                    best = value
                    best_move = move
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            # A cut at the last child skips nothing: not a cutoff.
                            if index + 1 < len(moves):  # stat
                                cutoffs += 1  # stat
                                pruned += len(moves) - index - 1  # stat
                            if ordering:
                                note_cutoff(state, move, ply, depth)
                            break
                        pv[ply] = (move, *pv[next_ply])
            if judged:
                kernel.horizon_reached = True
            return best, best_move, alpha

        def negamax(
            state: Any, mover: int, depth: int, alpha: float, beta: float, ply: int
        ) -> float:
            nonlocal nodes, leaves, cutoffs, pruned, probes, hits, stores
            nodes += 1  # stat
            if not nodes & POLL_MASK:  # stat
                checkpoint()  # stat
            pv[ply] = ()
            if depth <= 0:
                # Main-search leaves lie at the iteration's depth, which the driver
                # records as the selective depth; only quiescence goes deeper.
                if use_quiescence:
                    status = leaf_status(state)
                else:
                    status = FINISHED if is_terminal(state) else SETTLED
                known = probe(state) if probe is not None and status != FINISHED else None
                if known is not None:
                    leaves += 1  # stat
                    return known_value(known, ply)
                if status == SETTLED:
                    leaves += 1  # stat
                    kernel.horizon_reached = True
                    return evaluate(state, mover)
                if status == FINISHED:
                    leaves += 1  # stat
                    return terminal_value(state, mover, ply)
                return extend(state, mover, alpha, beta, ply)

            # Game.legal_moves is empty exactly at terminal states, so generating the
            # moves first saves a separate is_terminal test at every inner node.
            moves = legal_moves(state)
            if not moves:
                leaves += 1  # stat
                return terminal_value(state, mover, ply)
            if probe is not None:
                known = probe(state)
                if known is not None:
                    leaves += 1  # stat
                    return known_value(known, ply)

            tt_move = None
            if table is not None and depth >= tt_min_depth:
                key = transposition_key(state)
                slot = hash(key) % size
                entry = slots[slot]
                probes += 1  # stat
                if entry is not None and entry[0] == key:
                    hits += 1  # stat
                    tt_move = entry[4]
                    # Same depth only (see adversa.search.tt), or deeper under late move
                    # reductions, whose values already depend on the search order.
                    if entry[1] == depth or (reduce_late and entry[1] > depth):
                        value = entry[3]
                        if value >= PROVEN:
                            value -= ply
                        elif value <= -PROVEN:
                            value += ply
                        flag = entry[2]
                        if (
                            flag == EXACT
                            or (flag == LOWER and value >= beta)
                            or (flag == UPPER and value <= alpha)
                        ):
                            if tt_move is not None:
                                pv[ply] = (tt_move,)
                            return value

            if ordering and len(moves) > 1:
                moves = order(state, moves, tt_move, ply)
            if beam and len(moves) > beam:
                moves = beam_select(state, mover, moves)
            if use_etc and depth >= ETC_MIN_DEPTH:
                refuted = transposition_cutoff(state, mover, moves, depth - 1, beta, ply + 1)
                if refuted is not None:
                    cutoffs += 1  # stat
                    pruned += len(moves)  # stat: every move skipped
                    return refuted
            alpha_at_entry = alpha
            best = -INFINITY
            best_move = None
            child_depth = depth - 1
            if child_depth <= 0:
                best, best_move, alpha = horizon(state, mover, moves, depth, alpha, beta, ply)
                moves = ()  # the children are done: skip the recursive loop below
            for index, move in enumerate(moves):
                child = result(state, move)
                child_mover = to_move(child)
                if child_mover == mover:
                    value = negamax(child, mover, child_depth, alpha, beta, ply + 1)
                elif pvs and index:
                    # Null-window scout: is this move better than alpha at all?
                    scout = nextafter(alpha, INFINITY)
                    if (
                        reduce_late
                        and index >= LMR_FIRST_MOVE
                        and depth >= LMR_MIN_DEPTH
                        and not is_capture(state, move)
                    ):
                        # Late move reduction: ask a few plies shallower first (LMR_REDUCTIONS);
                        # a move that still looks better than alpha is checked again at full depth.
                        reduction = LMR_REDUCTIONS[depth][min(index, LMR_MOST_MOVES)]
                        value = -negamax(
                            child, child_mover, child_depth - reduction, -scout, -alpha, ply + 1
                        )
                        if value > alpha:
                            value = -negamax(
                                child, child_mover, child_depth, -scout, -alpha, ply + 1
                            )
                    else:
                        value = -negamax(child, child_mover, child_depth, -scout, -alpha, ply + 1)
                    if alpha < value < beta:
                        value = -negamax(child, child_mover, child_depth, -beta, -alpha, ply + 1)
                else:
                    value = -negamax(child, child_mover, child_depth, -beta, -alpha, ply + 1)
                if value > best:
                    best = value
                    best_move = move
                    if value > alpha:
                        alpha = value
                        if value >= beta:
                            # A cut at the last child skips nothing: not a cutoff.
                            if index + 1 < len(moves):  # stat
                                cutoffs += 1  # stat
                                pruned += len(moves) - index - 1  # stat
                            if ordering:
                                note_cutoff(state, move, ply, depth)
                            break
                        pv[ply] = (move, *pv[ply + 1])

            if table is not None and depth >= tt_min_depth:
                if best <= alpha_at_entry:
                    flag = UPPER
                elif best >= beta:
                    flag = LOWER
                else:
                    flag = EXACT
                stored = best
                if stored >= PROVEN:
                    stored += ply
                elif stored <= -PROVEN:
                    stored -= ply
                old = slots[slot]
                if old is None:
                    table.filled += 1
                    slots[slot] = (key, depth, flag, stored, best_move)
                    stores += 1  # stat
                elif old[0] == key or depth >= old[1]:
                    slots[slot] = (key, depth, flag, stored, best_move)
                    stores += 1  # stat
            return best

        def search_root(
            state: Any,
            mover: int,
            depth: int,
            alpha: float,
            beta: float,
            moves: Sequence[Hashable],
            scores: dict[Hashable, float],
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
                if child_mover == mover:
                    value = negamax(child, mover, depth - 1, alpha, beta, 1)
                elif pvs and index:
                    scout = nextafter(alpha, INFINITY)
                    value = -negamax(child, child_mover, depth - 1, -scout, -alpha, 1)
                    if alpha < value < beta:
                        value = -negamax(child, child_mover, depth - 1, -beta, -alpha, 1)
                else:
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

        self.negamax = negamax
        self.search_root = search_root
        self.sync = sync

    def release(self) -> None:
        """Break the kernel's reference cycles once the search is over.

        The recursive closures refer to themselves and to the kernel through their cells,
        so without this the whole search — its transposition table above all, tens of
        thousands of tuples — waits for the cyclic garbage collector, which then runs on
        whatever thread allocates next: in the app, the UI thread (a visible stall after
        every engine move). Emptying the cells lets reference counting free it all at
        once, on the search's own thread.
        """
        _empty_closures(self.negamax, set())
        _empty_closures(self.search_root, set())
        _empty_closures(self.sync, set())


def _empty_closures(function: Callable[..., Any], seen: set[int]) -> None:
    """Empty every cell of ``function``'s closure and of the closures it reaches."""
    if id(function) in seen:
        return
    seen.add(id(function))
    for cell in getattr(function, "__closure__", None) or ():
        try:
            contents = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        cell.cell_contents = None
        if callable(contents) and getattr(contents, "__closure__", None):
            _empty_closures(contents, seen)
