"""Minimax, and alpha-beta in its textbook MAX/MIN form, exactly as the lectures draw them.

`TextbookSearch` walks the tree left to right with values from MAX's point of
view: a node where MAX moves is a MAX node, any other is MIN (the node's own
player decides; turns need not alternate). MAX is the player to move at the
root — except in fixed-order games (textbook trees), where MAX is player 0 as
in the file and the lecture, so a tree whose root is a MIN node still reports
its value in MAX's terms. With a depth
limit it is H-minimax: states at the limit are valued by the evaluation
function. With ``pruning`` it is the lecture alpha-beta: at a MAX node it cuts
as soon as ``v ≥ β``, at a MIN node as soon as ``v ≤ α``, and the skipped
children are recorded, so counts and pruned subtrees match a hand-worked example.

The `alphabeta` module hands fixed-order games (textbook trees) and searches
asked for a trace to `search` here, which prunes for an ``alphabeta`` engine; its
fast negamax kernel serves play.

Budget: without one, a single pass to ``depth`` (the lectures' search, node for
node). With a time or node budget it deepens iteratively (`common.depth_schedule`),
like every depth-limited search, until the budget is spent or a pass reaches no
horizon; a stopped search answers with its last completed iteration (or, stopped
inside depth 1, the best root move fully searched so far, else the first legal
move). A single legal move under a time limit is searched to depth 1 only
(`common.answers_at_once`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic

from adversa.games.base import M, S
from adversa.search.common import (
    INFINITY,
    TraceRecorder,
    build_result,
    deepen,
    depth_schedule,
    format_pv,
    reporting_player,
    root_moves,
    scores_by_distance,
    show_scores_in_evaluator_units,
    terminal_score,
    to_utility,
    two_player_fit,
)
from adversa.search.passes import Answer, CompletedPass, answer, enter_node
from adversa.search.request import SearchRequest
from adversa.search.stats import Progress, Score, SearchResult

fits = two_player_fit


def search(request: SearchRequest[S, M]) -> SearchResult[M]:
    """Plain minimax to ``depth`` plies (H-minimax with the game's evaluation), or the
    lecture's alpha-beta for an ``alphabeta`` engine (`alphabeta.search` hands it those
    of textbook trees and traces)."""
    return TextbookSearch(request, pruning=request.config.algorithm == "alphabeta").run()


class TextbookSearch(Generic[S, M]):
    """One minimax or textbook alpha-beta search from ``root`` (see the module docstring)."""

    def __init__(self, request: SearchRequest[S, M], *, pruning: bool) -> None:
        game, root, config = request.game, request.state, request.config
        self.game = game
        self.root = root
        self.reporter = request.reporter
        self.root_move_list = list(game.legal_moves(root))
        self.depths = depth_schedule(config, move_count=len(self.root_move_list))
        self.depth = self.depths[0]
        self.pruning = pruning
        self.evaluator = request.evaluation.evaluator(game)
        self.viewer = reporting_player(game, root)
        self.by_distance = scores_by_distance(game)
        self.trace_limit = config.whole("trace")
        self.recorder: TraceRecorder | None = None
        self.horizon_reached = False
        """Whether the pass under way met a non-terminal position at its depth limit."""
        self.root_scores: dict[M, float] = {}
        self.root_moves_cut: set[M] = set()
        """Root moves whose subtree had children skipped by a cut: their scores are bounds."""
        self.best_move: M | None = None
        self.best_score: float | None = None
        self.current_move: M | None = None
        self.pv_table: list[list[M]] = []
        self.completed: CompletedPass[M, float, M] | None = None

    def run(self) -> SearchResult[M]:
        reporter = self.reporter
        reporter.snapshot_fields = self._snapshot_fields
        show_scores_in_evaluator_units(reporter, self.game, self.evaluator)

        def search_pass(depth: int) -> bool:
            self._start_pass(depth)
            nodes_before = reporter.counters.nodes
            score = self._value(self.root, depth, -INFINITY, INFINITY, 0, (), None)
            self.best_score = score
            reporter.iteration_done(depth, self._external(score), self._pv_text(),
                                    nodes_before)
            self.completed = CompletedPass(
                depth, self.best_move, score, tuple(self.pv_table[0]), dict(self.root_scores),
                frozenset(self.root_moves_cut), self.recorder,
            )
            return self.horizon_reached  # else the whole tree was seen: deeper changes nothing

        stopped = deepen(reporter, self.depths, search_pass)
        done = self.completed
        if stopped:  # the stop rule: the last completed pass, else the best move so far
            best_move, best_score = self.best_move, self.best_score
            partial: Answer[M, float, M] | None = (
                None if best_move is None or best_score is None
                else (best_move, best_score, tuple(self.pv_table[0])))
            chosen = answer(done, partial)
            self.best_move, self.best_score = chosen[0], chosen[1]
            self.pv_table[0] = list(chosen[2])
            if done is not None:
                self.recorder = done.recorder
                self.root_scores = dict(done.scores)
                self.root_moves_cut = set(done.cut)
        if self.best_move is None:
            self.best_move = self.root_move_list[0]
        return build_result(
            self.game,
            self.root,
            reporter,
            best_move=self.best_move,
            score=self.best_score,
            pv_moves=self.pv_table[0],
            stopped=stopped,
            evaluator=self.evaluator,
            recorder=self.recorder,
        )

    def _start_pass(self, depth: int) -> None:
        """Fresh root bookkeeping (and trace) for one pass to ``depth``."""
        self.depth = depth
        self.horizon_reached = False
        self.pv_table = [[] for _ in range(depth + 2)]
        self.root_scores = {}
        self.root_moves_cut = set()
        self.best_move = self.best_score = self.current_move = None
        self.recorder = TraceRecorder(self.trace_limit) if self.trace_limit > 0 else None

    def _value(
        self,
        state: S,
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
        path: tuple[int, ...],
        move_text: str | None,
    ) -> float:
        """The node's value for the root player; fills ``pv_table[ply]``."""
        game = self.game
        counters = self.reporter.counters
        enter_node(self.reporter, ply)
        recorder = self.recorder
        traced_alpha = alpha if self.pruning else None
        traced_beta = beta if self.pruning else None
        if game.is_terminal(state) or depth <= 0:
            counters.leaves += 1
            if game.is_terminal(state):
                value = terminal_score(game.utility(state)[self.viewer], ply, self.by_distance)
            else:
                self.horizon_reached = True
                value = self.evaluator.function(state, self.viewer)
            self.pv_table[ply] = []
            if recorder is not None:
                handle = recorder.enter(path, move_text, "leaf", traced_alpha, traced_beta)
                recorder.leave(handle, value)
            return value

        maximizing = game.to_move(state) == self.viewer
        kind = "max" if maximizing else "min"
        handle = -1
        if recorder is not None:
            handle = recorder.enter(path, move_text, kind, traced_alpha, traced_beta)
        moves = self.root_move_list if ply == 0 else game.legal_moves(state)
        best = -INFINITY if maximizing else INFINITY
        best_index: int | None = None
        pruned: tuple[int, ...] = ()
        for index, move in enumerate(moves):
            if ply == 0:
                self.current_move = move
            text = game.format_move(state, move) if recorder is not None else None
            child = game.result(state, move)
            pruned_before = counters.pruned
            value = self._value(child, depth - 1, alpha, beta, ply + 1, (*path, index + 1), text)
            if ply == 0:
                self.root_scores[move] = value
                if counters.pruned != pruned_before:
                    self.root_moves_cut.add(move)
            if (value > best) if maximizing else (value < best):
                best = value
                best_index = index + 1
                self.pv_table[ply] = [move, *self.pv_table[ply + 1]]
                if ply == 0:
                    self.best_move, self.best_score = move, value
            if not self.pruning:
                continue
            if best >= beta if maximizing else best <= alpha:
                pruned = self._cut(moves, index)
                break
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
        if recorder is not None:
            recorder.leave(handle, best, pruned=pruned, cut=bool(pruned), best_child=best_index)
        return best

    def _cut(self, moves: Sequence[M], index: int) -> tuple[int, ...]:
        """Count a cutoff after child ``index``; return the skipped 1-based children.

        A cut at the last child skips nothing and is not counted, as on the blackboard.
        """
        skipped = tuple(range(index + 2, len(moves) + 1))
        if skipped:
            counters = self.reporter.counters
            counters.cutoffs += 1
            counters.pruned += len(skipped)
        return skipped

    # ---- reporting ---------------------------------------------------------------

    def _external(self, score: float) -> float:
        return to_utility(score)

    def _pv_text(self) -> tuple[str, ...]:
        return format_pv(self.game, self.root, self.pv_table[0])

    def _snapshot_fields(self) -> Progress:
        game, root = self.game, self.root
        scores: dict[M, Score] = {
            move: self._external(score) for move, score in self.root_scores.items()}
        return {
            "depth": self.depth,
            "completed_depth": self.reporter.iterations[-1].depth if self.reporter.iterations
            else 0,
            "score": None if self.best_score is None else self._external(self.best_score),
            "pv": self._pv_text(),
            "root_moves": root_moves(
                game,
                root,
                self.root_move_list,
                scores,
                pruned_against=self.best_move if self.pruning else None,
                minimizing=game.to_move(root) != self.viewer,
                cut_below=self.root_moves_cut,
            ),
            "root_move_count": len(self.root_move_list),
            "current_move": None
            if self.current_move is None
            else game.format_move(root, self.current_move),
        }
