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

The `alphabeta` module uses `TextbookSearch` for fixed-order games (textbook
trees) and whenever a trace is asked for; its fast negamax kernel serves play.

Budget: with a time limit or a stop request the search ends with the best root
move among those fully searched so far (the first legal move if none was). A
single legal move under a time limit is searched to depth 1 only
(`common.answers_at_once`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from adversa.games.base import Game
from adversa.search.common import (
    INFINITY,
    TraceRecorder,
    answers_at_once,
    build_result,
    cut_reason,
    format_pv,
    reporting_player,
    root_moves,
    scores_by_distance,
    show_scores_in_evaluator_units,
    terminal_score,
    to_utility,
    two_player_fit,
)
from adversa.search.config import EngineConfig
from adversa.search.evaluation import make_evaluator
from adversa.search.stats import POLL_INTERVAL, Reporter, SearchResult, SearchStopped


def fits(game: Game[Any, Any], algorithm: str) -> str | None:
    return two_player_fit(game, algorithm)


def search(
    game: Game[Any, Any], state: Any, config: EngineConfig, reporter: Reporter
) -> SearchResult:
    """Plain minimax to ``depth`` plies (H-minimax with the game's evaluation)."""
    return TextbookSearch(
        game,
        state,
        reporter,
        depth=config.get("depth"),
        pruning=False,
        trace_limit=config.get("trace"),
    ).run()


class TextbookSearch:
    """One minimax or textbook alpha-beta search from ``root`` (see the module docstring)."""

    def __init__(
        self,
        game: Game[Any, Any],
        root: Any,
        reporter: Reporter,
        *,
        depth: int,
        pruning: bool,
        trace_limit: int = 0,
    ) -> None:
        self.game = game
        self.root = root
        self.reporter = reporter
        self.root_move_list = list(game.legal_moves(root))
        forced = answers_at_once(reporter.time_budget, len(self.root_move_list))
        self.depth = 1 if forced else max(1, depth)
        self.pruning = pruning
        self.evaluator = make_evaluator(game)
        self.root_player = reporting_player(game, root)
        self.by_distance = scores_by_distance(game)
        self.recorder = TraceRecorder(trace_limit) if trace_limit > 0 else None
        self.root_scores: dict[Hashable, float] = {}
        self.root_moves_cut: set[Hashable] = set()
        """Root moves whose subtree had children skipped by a cut: their scores are bounds."""
        self.best_move: Hashable | None = None
        self.best_score: float | None = None
        self.current_move: Hashable | None = None
        self.pv_table: list[list[Hashable]] = [[] for _ in range(self.depth + 2)]

    def run(self) -> SearchResult:
        reporter = self.reporter
        reporter.snapshot_fields = self._snapshot_fields
        show_scores_in_evaluator_units(reporter, self.game, self.evaluator)
        stopped = False
        try:
            score = self._value(self.root, self.depth, -INFINITY, INFINITY, 0, (), None)
            self.best_score = score
            reporter.iteration_done(self.depth, self._external(score), self._pv_text(), 0)
        except SearchStopped:
            stopped = True
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

    def _value(
        self,
        state: Any,
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
        counters.nodes += 1
        if counters.nodes % POLL_INTERVAL == 0:
            self.reporter.poll()
        if ply > counters.seldepth:
            counters.seldepth = ply
        recorder = self.recorder
        traced_alpha = alpha if self.pruning else None
        traced_beta = beta if self.pruning else None
        if game.is_terminal(state) or depth <= 0:
            counters.leaves += 1
            if game.is_terminal(state):
                value = terminal_score(game.utility(state)[self.root_player], ply, self.by_distance)
            else:
                value = self.evaluator.function(state, self.root_player)
            self.pv_table[ply] = []
            if recorder is not None:
                handle = recorder.enter(path, move_text, "leaf", traced_alpha, traced_beta)
                recorder.leave(handle, value)
            return value

        maximizing = game.to_move(state) == self.root_player
        kind = "max" if maximizing else "min"
        handle = -1
        if recorder is not None:
            handle = recorder.enter(path, move_text, kind, traced_alpha, traced_beta)
        moves = self.root_move_list if ply == 0 else game.legal_moves(state)
        best = -INFINITY if maximizing else INFINITY
        best_index: int | None = None
        pruned: tuple[int, ...] = ()
        reason: str | None = None
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
                pruned, reason = self._cut(moves, index, kind, best, alpha, beta)
                break
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
        if recorder is not None:
            recorder.leave(handle, best, pruned=pruned, reason=reason, best_child=best_index)
        return best

    def _cut(
        self, moves: Any, index: int, kind: str, value: float, alpha: float, beta: float
    ) -> tuple[tuple[int, ...], str | None]:
        """Count a cutoff; return the skipped 1-based children and the reason text.

        A cut at the last child skips nothing and is not counted, as on the blackboard.
        """
        skipped = tuple(range(index + 2, len(moves) + 1))
        if not skipped:
            return (), None
        counters = self.reporter.counters
        counters.cutoffs += 1
        counters.pruned += len(skipped)
        return skipped, cut_reason(kind, value, alpha, beta)

    # ---- reporting ---------------------------------------------------------------

    def _external(self, score: float) -> float:
        return to_utility(score, self.game.utility_bounds()[1])

    def _pv_text(self) -> tuple[str, ...]:
        return format_pv(self.game, self.root, self.pv_table[0])

    def _snapshot_fields(self) -> dict[str, Any]:
        game, root = self.game, self.root
        scores = {move: self._external(score) for move, score in self.root_scores.items()}
        return {
            "depth": self.depth,
            "completed_depth": self.depth if self.reporter.iterations else 0,
            "score": None if self.best_score is None else self._external(self.best_score),
            "pv": self._pv_text(),
            "root_moves": root_moves(
                game,
                root,
                self.root_move_list,
                scores,
                pruned_against=self.best_move if self.pruning else None,
                minimizing=game.to_move(root) != self.root_player,
                cut_below=self.root_moves_cut,
            ),
            "current_move": None
            if self.current_move is None
            else game.format_move(root, self.current_move),
        }
