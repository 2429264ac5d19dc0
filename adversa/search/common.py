"""Conventions and small helpers shared by the depth-first searches.

**Scores.** Inside a search, two-player values are floats from one player's
point of view. Heuristic values (an evaluator's output) lie strictly inside the
game's utility range, ``(-1, 1)`` for the usual ±1 games. A *proven* win is
scored ``WIN - ply`` (a loss ``-(WIN - ply)``), where ``ply`` is the distance
from the root, so among wins the fastest scores highest and among losses the
slowest scores highest. A margin game (`Game.margin_utilities`) wins by ``m``
whole points, and its proven win scores ``WIN + (m - 1) * MAX_PLY - ply``: each
point of margin is worth more than any difference of distance, so the larger
margin ranks first and the faster win second, and ``m = 1`` is the ±1 games'
``WIN - ply`` itself (`proven_score`). Every proven score lies beyond
``±PROVEN``, every heuristic value far inside it.

Outside the search (`SearchResult.value`, `RootMove.score`, `Iteration.score`)
values are in the game's utility scale again: `to_utility` maps a proven score
back to its utility (±1, or ±m) and leaves heuristic values as they are.
`proven_distance` recovers "win in N plies" for display. Textbook trees
(``game.fixed_move_order``) keep their raw leaf values: there is no distance
bonus, so a lecture's numbers come out unchanged.

**Traces.** `TraceRecorder` is the one way a search records the nodes it visits
for the tree explorer and ``adversa tree --trace``; any algorithm may use it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Iterable, Sequence

from adversa.games.base import CHANCE, Game, M, S
from adversa.games.evaluation import Evaluator
from adversa.search.config import EngineConfig
from adversa.search.stats import (
    Reporter,
    RootMove,
    Score,
    SearchResult,
    SearchStopped,
    TraceNode,
    root_rank,
    shown_root_indices,
)

WIN = 1_000_000.0
"""Internal score of a win found at the root itself; a win ``p`` plies away is ``WIN - p``."""

MAX_PLY = 10_000
"""No search goes deeper than this; scores beyond ``WIN - MAX_PLY`` are proven results."""

PROVEN = WIN - MAX_PLY

INFINITY = float("inf")

MAX_DEPTH = 64
"""Deepest iteration a timed search starts when no depth was given (the param's maximum)."""


def two_player_fit(game: Game[S, M], algorithm: str) -> str | None:
    """The `fits` rule of minimax and alpha-beta: two players, zero-sum, no chance."""
    if game.num_players != 2 or not game.zero_sum:
        return f"{algorithm} needs a two-player zero-sum game"
    if game.has_chance:
        return f"{algorithm} needs a game without chance (try expectiminimax)"
    return None


def reporting_player(game: Game[S, M], state: S) -> int:
    """The player whose values a two-player search reports from ``state``.

    The player to move — except at a chance root (player 0) and in a two-player
    zero-sum textbook tree (``fixed_move_order``), where it is MAX, player 0, as
    in the file and the lecture: a tree whose root is a MIN node still reports
    its values in MAX's terms, as `minimax` does.
    """
    mover = game.to_move(state)
    if mover == CHANCE or (game.fixed_move_order and game.num_players == 2 and game.zero_sum):
        return 0
    return mover


def answers_at_once(time_budget: float | None, move_count: int) -> bool:
    """Whether a search should answer without spending its clock.

    True when it plays under a time budget and the root has a single legal move
    (a forced capture, the first roll of a dice turn): there is nothing
    to choose, so one shallow pass — enough for a value and a PV to show — is all
    the time worth spending. Without a budget (analysis, teaching, a fixed
    ``--depth``) the search runs as asked: there the value is the point.
    """
    return time_budget is not None and move_count == 1


def depth_schedule(
    config: EngineConfig, *, iterative: bool = False, move_count: int | None = None,
    step: int = 1,
) -> range:
    """The depths a depth-first search passes through, shallowest first.

    A time or node budget always means iterative deepening — either can strike at
    any moment, and only a completed shallower pass has an answer then — up to the
    ``depth`` given, or to `MAX_DEPTH` when none was (the clock is the limit).
    Without one: a single pass to ``depth``, or every depth up to it when the
    search asks for ``iterative`` deepening anyway (it orders moves from the
    previous pass). A root with one legal move (``move_count``) under a time
    budget gets depth 1 alone (`answers_at_once`). With ``step`` > 1 the passes go
    ``step`` plies at a time and still end at ``depth``.
    """
    timed = config.budgeted
    if move_count is not None and answers_at_once(config.time_budget, move_count):
        return range(1, 2)
    depth_given = any(name == "depth" for name, _ in config.params)
    deepest = max(1, config.whole("depth")) if depth_given or not timed else MAX_DEPTH
    if not (iterative or timed):
        return range(deepest, deepest + 1)
    return range(deepest - step * ((deepest - 1) // step), deepest + 1, step)


def deepen(reporter: Reporter, depths: Sequence[int], search_pass: Callable[[int], bool]) -> bool:
    """The one iterative-deepening driver of the depth-first searches.

    Runs ``search_pass(depth)`` for each depth, shallowest first; a pass reports its
    own iteration (`Reporter.iteration_done`) and returns whether a deeper pass could
    still change the answer (False once the whole tree was seen or a result is
    proven). Between passes the reporter is asked whether the stop flag, the node
    budget or the clock has ended the search; `SearchStopped` from inside a pass ends
    the loop too, and the search then answers with its last completed pass. Under a
    game clock the time manager may also decide that the last pass is answer enough
    (`Reporter.thought_enough`).

    Returns True when the search stopped before it was done, False when it ran out of
    depths or had nothing more to learn.
    """
    try:
        for depth in depths:
            if not search_pass(depth):
                return False
            if depth < depths[-1]:
                if reporter.out_of_time():
                    return True
                if reporter.thought_enough():
                    return False  # the time manager's choice: the answer is complete
    except SearchStopped:
        return True
    return False


def scores_by_distance(game: Game[S, M]) -> bool:
    """Whether terminal utilities are results to be scored by distance (`proven_score`).

    True for games whose move order is free and whose utilities are either ±1 wins
    (the range (−1, +1)) or declared margins (`Game.margin_utilities`, whole
    numbers); textbook trees (fixed order, arbitrary leaf values) and any other
    range keep raw values, which the search then compares as they are.
    """
    if game.fixed_move_order:
        return False
    return game.margin_utilities or tuple(game.utility_bounds()) == (-1.0, 1.0)


def show_scores_in_evaluator_units(
    reporter: Reporter, game: Game[S, M], evaluator: Evaluator[S]
) -> None:
    """Tell the reporter how people should read this search's scores.

    Snapshots then carry the evaluator's scale and unit (e.g. the lectures'
    open-lines count e(n)) and, for games scored by win distance, the win value, so that
    `Snapshot.show_score` writes ``+1`` rather than ``+0.111`` and ``win``
    rather than ``+1``.
    """
    reporter.score_scale = evaluator.raw_scale
    reporter.score_unit = "" if evaluator.raw_name == "value" else evaluator.raw_name
    shows_wins = scores_by_distance(game) and not game.margin_utilities  # margins show as numbers
    reporter.win_value = game.utility_bounds()[1] if shows_wins else None
    reporter.utility_limit = game.utility_bounds()[1]
    reporter.mate_distances = shows_wins and game.mate_distances
    reporter.logistic_k = evaluator.logistic_k
    reporter.mean_result = evaluator.expected_lead


def proven_score(utility: float, ply: int) -> float:
    """The internal score of a decisive result (``utility`` ≠ 0) ``ply`` plies from the root.

    ``WIN + (m - 1) * MAX_PLY - ply`` for a win by ``m`` (``m`` = 1 for ±1 games), the
    negation of the same for a loss: larger margins first, then faster wins and slower
    losses (see the module docstring). The kernels inline this formula on their hot path.
    """
    if utility > 0:
        return WIN + (utility - 1.0) * MAX_PLY - ply
    return ply - WIN + (utility + 1.0) * MAX_PLY


def terminal_score(utility: float, ply: int, by_distance: bool) -> float:
    """The internal score of a terminal state worth ``utility`` to the player scored.

    With ``by_distance`` a decisive result becomes a `proven_score`, so that larger
    margins, faster wins and slower losses are preferred; draws (0) stay 0.
    """
    if not by_distance or utility == 0:
        return utility
    return proven_score(utility, ply)


def is_proven(score: float) -> bool:
    """True for a score that encodes a forced win or loss (not a heuristic value)."""
    return score >= PROVEN or score <= -PROVEN


def is_final(score: float, ceiling: float) -> bool:
    """True for a proven score no deeper search can change: a result by the game's largest
    margin ``ceiling`` (`Game.utility_bounds`), which every proven result of a ±1 game is.

    A margin game's proven win by less may still grow (a deeper line wins by more), and its
    proven loss by less may still grow worse, so deepening goes on for those.
    """
    return is_proven(score) and _proven_parts(score)[0] >= ceiling


def _proven_parts(score: float) -> tuple[int, int]:
    """``(margin, ply)`` of a proven score: the inverse of `proven_score`.

    Beyond `PROVEN` a score is ``m * MAX_PLY - ply`` with ``0 <= ply < MAX_PLY``, so the
    margin is that excess divided by `MAX_PLY`, rounded up, and the ply what is missing.
    """
    excess = round(abs(score) - PROVEN)
    margin = -(-excess // MAX_PLY)
    return margin, margin * MAX_PLY - excess


def proven_distance(score: float) -> int | None:
    """Plies to the end of the game for a proven score (from the root), else None."""
    if not is_proven(score):
        return None
    return _proven_parts(score)[1]


def to_utility(score: float) -> float:
    """Map an internal score to the game's utility scale (a proven score → ±its margin,
    ±1 in a win/draw/loss game)."""
    if is_proven(score):
        margin = float(_proven_parts(score)[0])
        return margin if score > 0 else -margin
    return score + 0.0  # turns a negated zero (-0.0) into 0.0 for display


def format_pv(game: Game[S, M], state: S, moves: Iterable[M]) -> tuple[str, ...]:
    """The moves of a principal variation in the game's notation, played out from ``state``.

    Stops at the first move that is not legal where it is played (a stale
    transposition-table move), so a displayed PV is always a playable line.
    """
    texts: list[str] = []
    for move in moves:
        if game.is_terminal(state) or game.to_move(state) == CHANCE:
            break
        if move not in game.legal_moves(state):
            break
        texts.append(game.format_move(state, move))
        state = game.result(state, move)
    return tuple(texts)


def root_moves(
    game: Game[S, M],
    state: S,
    moves: Sequence[M],
    scores: dict[M, Score],
    *,
    pruned_against: M | None = None,
    minimizing: bool = False,
    cut_below: Collection[M] | None = None,
) -> tuple[RootMove, ...]:
    """Root moves in notation with the scores known so far (None when not yet searched):
    at most `ROOT_MOVES_SHOWN`, the best first (`shown_root_indices`).

    With pruning, a root move other than the best (``pruned_against``) was only
    searched far enough to show it is no better, so its score may be a bound —
    an upper one, or a lower one when the scores are reported for the other
    side (``minimizing``: a textbook tree's MIN root, valued from MAX's view) —
    and it is marked so, lest "+6" beside every move read as six equal moves.
    A search that knows which root moves had something skipped below them
    passes those as ``cut_below``: the others were searched in full (a leaf, or
    a subtree without a cut) and their scores are exact. None means unknown:
    every move but the best is marked.
    """
    bound = "lower" if minimizing else "upper"

    def bounded(move: M) -> bool:
        return (
            pruned_against is not None
            and move != pruned_against
            and move in scores
            and (cut_below is None or move in cut_below)
        )

    shown = shown_root_indices(
        len(moves), lambda index: root_rank(moves[index] == pruned_against,
                                            scores.get(moves[index])))
    return tuple(
        RootMove(
            game.format_move(state, moves[index]),
            scores.get(moves[index]),
            bound=bound if bounded(moves[index]) else None,
        )
        for index in shown
    )


class TraceRecorder:
    """Collects `TraceNode` records during a search, up to a node limit.

    A search calls `enter` when it reaches a node (before searching the
    children, so visit order is pre-order, as in a hand-worked example) and
    `leave` when the node's value is known. `enter` returns a handle, or -1 once
    the limit is reached (then `leave` ignores it and `truncated` is set). At
    the end, `nodes` marks the principal variation by following each node's best
    child from the root. It records numbers only; why a cut happened is written for
    people by the presentation layer (``cut_reason``).
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.truncated = False
        self._nodes: list[TraceNode] = []
        self._best_child: list[int | None] = []

    def enter(
        self,
        path: tuple[int, ...],
        move: str | None,
        kind: str,
        alpha: float | None = None,
        beta: float | None = None,
        probability: float | None = None,
    ) -> int:
        order = len(self._nodes)
        if order >= self.limit:
            self.truncated = True
            return -1
        self._nodes.append(TraceNode(order, path, move, kind, alpha, beta,
                                     probability=probability))
        self._best_child.append(None)
        return order

    def leave(
        self,
        handle: int,
        value: Score | None,
        *,
        pruned: tuple[int, ...] = (),
        cut: bool = False,
        best_child: int | None = None,
    ) -> None:
        """Record a node's value, whether a cut ended it and the 1-based children it
        skipped, and its best child."""
        if handle < 0:
            return
        self._nodes[handle] = dataclasses.replace(
            self._nodes[handle], value=value, pruned=pruned, cut=cut)
        self._best_child[handle] = best_child

    def nodes(self) -> tuple[TraceNode, ...]:
        """The trace, with ``on_pv`` set along the best-child chain from the root."""
        by_path = {node.path: node.order for node in self._nodes}
        on_pv: set[tuple[int, ...]] = set()
        path: tuple[int, ...] = ()
        while path in by_path:
            on_pv.add(path)
            best = self._best_child[by_path[path]]
            if best is None:
                break
            path = (*path, best)
        return tuple(dataclasses.replace(node, on_pv=True) if node.path in on_pv else node
                     for node in self._nodes)


def final_result(
    game: Game[S, M],
    state: S,
    reporter: Reporter,
    best_move: M | None,
    value: Score | None,
    pv: tuple[str, ...],
    stopped: bool = False,
    recorder: TraceRecorder | None = None,
) -> SearchResult[M]:
    """The result every search ends with: its move (also in notation), its value and
    principal variation, the final snapshot, whether it was stopped and, when one was
    recorded, the trace. A search adds its own fields with `dataclasses.replace`."""
    return SearchResult(
        best_move=best_move,
        best_move_text=None if best_move is None else game.format_move(state, best_move),
        value=value,
        pv=pv,
        snapshot=reporter.snapshot(finished=True),
        stopped=stopped,
        trace=recorder.nodes() if recorder is not None else (),
        trace_truncated=recorder is not None and recorder.truncated,
    )


def build_result(
    game: Game[S, M],
    state: S,
    reporter: Reporter,
    *,
    best_move: M | None,
    score: float | None,
    pv_moves: Sequence[M],
    stopped: bool,
    evaluator: Evaluator[S],
    recorder: TraceRecorder | None = None,
) -> SearchResult[M]:
    """The `SearchResult` of a two-player depth-first search, values in utility scale.

    ``score`` is internal (see the module docstring). The result carries
    ``raw_value`` — the heuristic value in the ``evaluator``'s own units (e.g.
    the lectures' open-lines count e(n)), None for a proven result — with
    ``raw_name`` naming those units, and ``win_in_plies``/``loss_in_plies`` for
    proven results. An empty ``pv_moves`` (a search stopped before any line was
    complete) shows the best move alone.
    """
    value = None if score is None else to_utility(score)
    distance = None if score is None else proven_distance(score)
    raw_value = None if score is None or distance is not None else score * evaluator.raw_scale + 0.0
    pv = format_pv(game, state, pv_moves or ([] if best_move is None else [best_move]))
    result = final_result(game, state, reporter, best_move, value, pv, stopped, recorder)
    return dataclasses.replace(
        result, raw_value=raw_value, raw_name=evaluator.raw_name,
        win_in_plies=distance if score is not None and score > 0 else None,
        loss_in_plies=distance if score is not None and score < 0 else None)
