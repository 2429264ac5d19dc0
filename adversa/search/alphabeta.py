"""Alpha-beta search for two-player zero-sum games, with switchable enhancements.

Two engines sit behind the ``alphabeta`` name:

* **Textbook** (`minimax.TextbookSearch` with pruning) for fixed-order games
  (lecture trees) and whenever a trace is requested: children strictly left to
  right, MAX/MIN by the node's player, cut at ``v ≥ β`` (MAX) or ``v ≤ α`` (MIN),
  no reordering, no table, one fixed-depth pass — so a trace matches the
  blackboard.
* **Enhanced** (`negamax.Kernel`) for play: fail-soft negamax with move ordering
  (TT move, captures, killers, history), a transposition table (with enhanced
  transposition cutoffs, ``etc``: a child whose entry already refutes it ends the node), iterative
  deepening, quiescence search, beam forward pruning, PVS, aspiration windows
  and (opt-in) late move reductions and ProbCut, each switched by an engine parameter
  (`config.PARAMS["alphabeta"]`). All but beam, quiescence, LMR and ProbCut leave the
  value of a fixed-depth search unchanged.

**Depth and time.** ``depth`` is the nominal depth. With a time budget and no
explicit depth, iterative deepening runs until the budget is spent (up to
depth 64); with both, whichever ends first. A root with a single legal move
under a time budget is searched to depth 1 only (`common.answers_at_once`).
Iterative deepening stops early when an iteration proves a win or loss, or
saw the whole game tree (no position was judged by the evaluation function);
with beam pruning or late move reductions neither is a proof, so it does not.

**The move of a stopped search** (deadline, node budget or stop request) is the
last completed iteration's move, value and PV, as for every depth-limited search,
so the answer is always the one the last iteration row shows. Stopped inside
depth 1, it is the best root move searched so far (with its value), else the
first root move in search order with no value.

**Values** are reported in the game's utility scale (`adversa.search.common`):
±1 for a forced win/loss (``win_in_plies`` says how far), heuristic
values strictly inside (−1, 1), and ``raw_value`` in the evaluator's
own units (the lectures' open-lines count, say).
"""

from __future__ import annotations

import dataclasses
from typing import Generic

from adversa.games.base import M, S
from adversa.search import minimax
from adversa.search.common import (
    INFINITY,
    build_result,
    deepen,
    depth_schedule,
    format_pv,
    is_final,
    is_proven,
    proven_distance,
    root_moves,
    show_scores_in_evaluator_units,
    to_utility,
)
from adversa.search.enhancements import Enhancements
from adversa.search.negamax import Kernel
from adversa.search.passes import Answer, CompletedPass, answer
from adversa.search.request import SearchRequest
from adversa.search.stack_room import call_with_room
from adversa.search.stats import Progress, SearchResult
from adversa.search.tt import KEY, MOVE

fits = minimax.fits  # the same games: two players, zero-sum, no chance


def search(request: SearchRequest[S, M]) -> SearchResult[M]:
    """The lecture's alpha-beta (`minimax.TextbookSearch`) for a textbook tree or a trace,
    else the enhanced kernel (the module docstring)."""
    if request.game.fixed_move_order or request.config.whole("trace"):
        return minimax.search(request)
    return AlphaBetaSearch(request).run()


class AlphaBetaSearch(Generic[S, M]):
    """Iterative deepening (or one pass) over the enhanced kernel, from one root."""

    def __init__(self, request: SearchRequest[S, M]) -> None:
        game, root, config = request.game, request.state, request.config
        self.game = game
        self.root = root
        self.reporter = request.reporter
        self.aspiration = config.number("aspiration")
        self.enhancements = Enhancements.of(config)
        if self.enhancements.lmr and game.needs_full_width(root):
            self.enhancements = dataclasses.replace(self.enhancements, lmr=False)
        self.evaluator = request.evaluation.evaluator(game)
        probe = game.endgame_probe(root, request.reporter.budget_left())
        self.kernel: Kernel[S, M] = Kernel(game, self.evaluator, self.enhancements,
                                           request.reporter, probe=probe)
        self.viewer = game.to_move(root)
        self.ceiling = game.utility_bounds()[1]
        moves = list(game.legal_moves(root))
        self.depths = depth_schedule(
            config, iterative=config.flag("id"), move_count=len(moves),
            step=config.whole("step"),
        )
        if self.enhancements.ordering and len(moves) > 1:
            moves = self.kernel.orderer.order(root, moves, None, 0)
        beam = self.enhancements.beam
        if beam and len(moves) > beam:
            mover, evaluate, result = self.viewer, self.evaluator, game.result
            moves = sorted(moves, key=lambda m: evaluate(result(root, m), mover), reverse=True)
            moves = moves[:beam]
        self.moves: list[M] = moves
        self.depth = 0
        self.completed: CompletedPass[M, float, M] | None = None
        # The answer as it stands: the last completed pass's (`passes.answer` when stopped).
        self.best_move: M | None = None
        self.best_score: float | None = None
        self.pv_moves: tuple[M, ...] = ()
        self.scores: dict[M, float] = {}

    # ---- driving the iterations --------------------------------------------------

    def run(self) -> SearchResult[M]:
        reporter = self.reporter
        reporter.snapshot_fields = self._snapshot_fields
        show_scores_in_evaluator_units(reporter, self.game, self.evaluator)
        # Beam, late move reductions, ProbCut and futility skip or shorten lines on a
        # guess, so neither a proven result nor a horizon never reached proves anything.
        selective = (self.enhancements.beam > 0 or self.enhancements.lmr
                     or self.enhancements.probcut or self.enhancements.futility)

        def search_pass(depth: int) -> bool:
            score = self._iteration(depth)
            done = is_final(score, self.ceiling) or not self.kernel.horizon_reached
            return selective or not done

        stopped = deepen(reporter, self.depths, search_pass)
        if stopped:
            self._adopt_interrupted_iteration()
        self.kernel.sync()
        if self.best_move is None:
            self.best_move = self.moves[0]
        result = build_result(
            self.game,
            self.root,
            reporter,
            best_move=self.best_move,
            score=self.best_score,
            pv_moves=self.pv_moves,
            stopped=stopped,
            evaluator=self.evaluator,
        )
        probe = self.kernel.probe
        known = None if probe is None else probe(self.root)
        if known is not None:
            result = dataclasses.replace(result, database_plies=known[1],
                                         database_margin=self.game.margin_utilities)
        self.kernel.release()
        return result

    def _iteration(self, depth: int) -> float:
        """Search the root to ``depth``; on completion adopt its move, value and PV."""
        kernel, reporter = self.kernel, self.reporter
        self.depth = depth
        kernel.sync()
        nodes_at_start = reporter.counters.nodes
        kernel.start_pass()
        self.scores = {}
        moves = self._root_order()
        previous = self.best_score
        if self.aspiration > 0 and previous is not None and not is_proven(previous):
            low, high = previous - self.aspiration, previous + self.aspiration
            score = call_with_room(kernel.search_root, self.root, self.viewer, depth, low,
                                   high, moves, self.scores)
            if score <= low or score >= high:
                # Outside the window: the value is only a bound, search again in full.
                # A move that failed high is proven best so far, so it goes first.
                if kernel.iteration_best is not None:
                    first = kernel.iteration_best[0]
                    moves = [first, *(move for move in moves if move != first)]
                score = self._full_window(depth, moves)
        else:
            score = self._full_window(depth, moves)
        kernel.sync()
        counters = reporter.counters
        counters.seldepth = max(counters.seldepth, depth)  # the kernel counts only quiescence
        assert kernel.iteration_best is not None  # a full window always yields a best move
        self.best_move, self.best_score = kernel.iteration_best[0], score
        self.pv_moves = self._principal_variation()
        self.completed = CompletedPass(depth, self.best_move, score, self.pv_moves,
                                       dict(self.scores))
        reporter.iteration_done(
            depth,
            to_utility(score),
            format_pv(self.game, self.root, self.pv_moves),
            nodes_at_start,
        )
        return score

    def _full_window(self, depth: int, moves: list[M]) -> float:
        self.scores.clear()
        return call_with_room(self.kernel.search_root, self.root, self.viewer, depth,
                              -INFINITY, INFINITY, moves, self.scores)

    def _root_order(self) -> list[M]:
        """Previous best first, then by the last iteration's scores (stable), when ordering."""
        if not self.enhancements.ordering or self.completed is None:
            return list(self.moves)
        scores = self.completed.scores
        ordered = sorted(self.moves, key=lambda move: scores.get(move, -INFINITY), reverse=True)
        if self.best_move is not None:
            ordered.remove(self.best_move)
            ordered.insert(0, self.best_move)
        return ordered

    def _adopt_interrupted_iteration(self) -> None:
        """Apply the stop rule (`passes.answer`; the module docstring).

        The last completed iteration's move stands, and so do its root scores: the
        unfinished iteration's would put a value for one move next to another
        iteration's bounds for the rest, under a best value they did not produce.
        """
        partial = self.kernel.iteration_best
        line: Answer[M, float, M] | None = None if partial is None else (
            partial[0], partial[1], self.kernel.pv[0] or (partial[0],))
        chosen = answer(self.completed, line)
        if self.completed is not None:
            self.scores = {}
        elif chosen[0] is not None:
            self.best_move, self.best_score, self.pv_moves = chosen

    def _principal_variation(self) -> tuple[M, ...]:
        """The root PV from the kernel, extended with table moves where a cut shortened it."""
        moves = list(self.kernel.pv[0])
        table = self.kernel.table
        if table is None or not moves:
            return tuple(moves)
        game = self.game
        state = self.root
        for move in moves:
            state = game.result(state, move)
        while len(moves) < self.depth and not game.is_terminal(state):
            key = game.transposition_key(state)
            entry = table.slots[hash(key) % table.size]
            if entry is None or entry[KEY] != key or entry[MOVE] is None:
                break
            if entry[MOVE] not in game.legal_moves(state):
                break
            moves.append(entry[MOVE])
            state = game.result(state, entry[MOVE])
        return tuple(moves)

    # ---- live reporting ----------------------------------------------------------

    def _snapshot_fields(self) -> Progress:
        game, root, kernel = self.game, self.root, self.kernel
        done = self.completed
        merged = {**(done.scores if done is not None else {}), **self.scores}
        current = kernel.current_move
        table = kernel.table
        score = self.best_score
        distance = None if score is None else proven_distance(score)
        return {
            "depth": self.depth,
            "completed_depth": done.depth if done is not None else 0,
            "score": None if self.best_score is None else to_utility(self.best_score),
            "pv": format_pv(game, root, self.pv_moves),
            "root_moves": root_moves(
                game,
                root,
                self.moves,
                {m: to_utility(s) for m, s in merged.items()},
                pruned_against=self.best_move,
            ),
            "root_move_count": len(self.moves),
            "current_move": None if current is None else game.format_move(root, current),
            "tt_fill": table.fill if table is not None else 0.0,
            # A mate found mid-search is shown at once, not only in the final result.
            "win_in_plies": distance if score is not None and score > 0 else None,
            "loss_in_plies": distance if score is not None and score < 0 else None,
        }
