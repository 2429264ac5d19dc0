"""The ``solve`` engine: the exact game value under perfect play, for small games.

A depth-first search to the end of the game, memoised on
``game.transposition_key(state)`` — every position is solved once, however many
move orders reach it (the 3×3 board has 549,945 paths but only 5,478 positions).
A game's solve limits may declare a coarser memo key, equal only for positions of
equal *value* (`position_key`): pile games ignore the order of their piles and the
piles that can no longer move, which shrinks millions of positions to thousands.
There is no depth limit and no evaluation function, so the answer is exact.

What "perfect play" means is stated once, for every game: each player picks the
move whose backed-up utility *vector* is best for itself (max^n), the first such
move in the game's order when several tie, and a chance state is worth the
probability-weighted mean of its outcomes. For two-player zero-sum games this is
exactly minimax — the opponent maximising its own utility is minimising yours —
and ties cannot change the value. For N-player trees it is the max^n value with
the first-child tie rule, for trees with chance nodes the expectiminimax value.

Reported value: from the root player's point of view — +1 win, 0 draw, −1 loss
for win/draw/loss games, the backed-up leaf value for trees — or the whole vector
when there are more than two players. ``best_moves`` lists every root
move that reaches the value (every move that keeps a draw, say).

Inside the tree (never at the root, where every move's value is wanted) a node
stops at the first move that reaches the highest utility of the game
(`Game.utility_bounds`): no later move can beat it, and the first-best tie rule
would keep it anyway, so the value is unchanged — this is what makes the
first-player wins of larger boards quick to prove.

Only games whose registration declares `SolveLimits` are accepted; the others say
why not (a tree far too big, or dice that let a position recur, which a
depth-first solver cannot bottom out). A repeated position on the current path is
reported as an error rather than looping, in case a game with cycles is declared
solvable.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Hashable, Sequence
from typing import Generic

from adversa.games.base import CHANCE, AdversaError, Game, M, S
from adversa.games.registry import entry, entry_of, game_names
from adversa.search.common import final_result, scores_by_distance
from adversa.search.config import EngineConfig
from adversa.search.passes import enter_node
from adversa.search.request import SearchRequest
from adversa.search.stats import (
    POLL_INTERVAL,
    Reporter,
    RootMove,
    Score,
    SearchResult,
    SearchStopped,
    root_rank,
    shown_root_indices,
)

Vector = tuple[float, ...]


def _solvable_labels() -> str:
    labels = (entry(name).solve for name in game_names())
    return ", ".join(limits.label for limits in labels if limits is not None)


def rule() -> str:
    """The one rule, quoted in ``adversa solve --help``, from every game's declared limits."""
    refused = [name for name in game_names() if entry(name).solve is None]
    limits = [entry(name).solve for name in game_names()]
    phrases = [limit.rule for limit in limits if limit is not None and limit.rule]
    return (
        f"Solve refuses a game it can never finish ({', '.join(refused)}) and, without "
        f"--time (or a nodes= budget), a position too big to finish in seconds: "
        f"{', '.join(phrases[:-1])} or {phrases[-1]}. With --time it tries any position "
        "of those games and gives up when the time is spent."
    )


def fits(game: Game[S, M], algorithm: str) -> str | None:
    """Refuse the games the solver can never finish, whatever the position and budget."""
    registration = entry_of(game)
    if registration.solve is not None:
        return None
    return registration.unsolvable or (
        f"solve only solves small games exactly ({_solvable_labels()})"
    )


def refuses(game: Game[S, M], state: S, config: EngineConfig) -> str | None:
    """Why ``state`` is too big to solve without a budget, or None (see `rule`).

    Judged on the position itself, so ``--set piles=…`` and ``--position …`` agree;
    any time or node budget lifts the refusal, since the search then stops by itself.
    """
    limits = entry_of(game).solve
    if config.budgeted or limits is None:
        return None
    reason = limits.too_big(game, state)
    if reason is None:
        return None
    return f"without a time budget, solve handles {reason}; add --time SECONDS to try"


def position_key(game: Game[S, M]) -> Callable[[S], Hashable]:
    """The memo key: the game's transposition key, or a coarser key its solve limits
    declare (one equal only for positions of equal value, e.g. pile games' sorted piles)."""
    limits = entry_of(game).solve
    if limits is None or limits.memo_key is None:
        return game.transposition_key
    return limits.memo_key(game)


class CycleError(AdversaError):
    """The game reached a position already on the current line of play."""


class _Solver(Generic[S, M]):
    """Memoised max^n/expectimax to the end of the game, over utility vectors.

    The depth-first walk keeps its own stack of `Frame` tuples instead of
    recursing: a game may last far longer than Python's recursion limit allows
    (a pile game with a pile of 1000 is 1000 plies deep), and the exact answer should
    not depend on it. Nodes are visited in the same order as the recursive
    formulation — each child is solved before the next is generated — so the
    counters, the polling and the ceiling cutoffs are unchanged.
    """

    def __init__(self, game: Game[S, M], reporter: Reporter) -> None:
        self.game = game
        self.reporter = reporter
        self.counters = reporter.counters
        self.ceiling = game.utility_bounds()[1]
        """The best utility anyone can get: a move reaching it ends the search of a node."""
        self.key = position_key(game)
        self.memo: dict[Hashable, Vector] = {}
        self.on_path: set[Hashable] = set()

    def value(self, state: S, ply: int) -> Vector:
        """The exact utility vector of ``state`` (``ply`` from the root) under perfect play.

        A post-order walk over an explicit stack of `Frame` tuples: a frame is
        pushed for a position that is neither solved nor terminal, takes in its
        children's vectors one at a time, and is popped — memoised and handed to
        its parent as ``child`` — once every child is in or one reached the ceiling.
        """
        key_of, memo, counters = self.key, self.memo, self.counters
        key = key_of(state)
        counters.tt_probes += 1
        child: Vector | None = memo.get(key)
        if child is not None:
            counters.tt_hits += 1
            return child
        stack: list[Frame[S, M]] = []
        child = self._open(state, key, ply, stack)
        if child is not None:
            return child
        # The hot loop, written for speed: the top frame is unpacked into local
        # variables, and what changes while its children are searched (the next
        # child's index, the best child or the running sums) is parked on a
        # second stack only when a child's frame goes on top of it; the memo probe
        # is inline. Frame objects, attribute lookups or a method call per child
        # would cost the solver about a tenth of its speed.
        result, ceiling, on_path = self.game.result, self.ceiling, self.on_path
        parked: list[tuple[int, Vector | None, list[float] | None]] = []
        here, here_key, ply, player, moves, probabilities = stack[-1]
        best: Vector | None = None  # a decision's best child so far
        sums: list[float] | None = None  # a chance state's probability-weighted sums so far
        chance, index = player == CHANCE, 0
        while True:
            if child is not None:
                if chance:
                    probability = probabilities[index - 1]
                    if sums is None:
                        sums = [probability * v for v in child]
                    else:
                        for position, v in enumerate(child):
                            sums[position] += probability * v
                elif best is None or child[player] > best[player]:  # first best wins ties
                    best = child
                    if child[player] >= ceiling:  # nothing can beat it: skip the rest
                        skipped = len(moves) - index
                        if skipped:
                            counters.cutoffs += 1
                            counters.pruned += skipped
                            index = len(moves)
            if index < len(moves):
                move = moves[index]
                index += 1
                next_state = result(here, move)
                key = key_of(next_state)
                counters.tt_probes += 1
                child = memo.get(key)
                if child is not None:
                    counters.tt_hits += 1
                    continue
                child = self._open(next_state, key, ply + 1, stack)
                if child is None:  # descend: park this frame, take up the new one
                    parked.append((index, best, sums))
                    here, here_key, ply, player, moves, probabilities = stack[-1]
                    chance, index, best, sums = player == CHANCE, 0, None, None
                continue
            # Every child that matters is in: close the frame, return to its parent.
            if chance:
                assert sums is not None, "a chance state has an outcome"
                closed: Vector = tuple(sums)
            else:
                assert best is not None, "a non-terminal state has a move"
                closed = best
            child = closed
            stack.pop()
            on_path.discard(here_key)
            memo[here_key] = closed
            counters.tt_stores += 1
            if not stack:
                return closed
            here, here_key, ply, player, moves, probabilities = stack[-1]
            chance = player == CHANCE
            index, best, sums = parked.pop()

    def _open(self, state: S, key: Hashable, ply: int, stack: list[Frame[S, M]]
              ) -> Vector | None:
        """Visit ``state``, not yet solved: its vector when terminal, else None after
        pushing its frame (its children are still to be solved)."""
        game = self.game
        counters = self.counters
        enter_node(self.reporter, ply)
        if game.is_terminal(state):
            counters.leaves += 1
            result = tuple(game.utility(state))
            self.memo[key] = result
            counters.tt_stores += 1
            return result
        if key in self.on_path:
            raise CycleError(
                f"solve found a repeated position in {game.name}; it only solves "
                "games whose positions never recur"
            )
        self.on_path.add(key)
        player = game.to_move(state)
        if player == CHANCE:
            outcomes = game.chance_outcomes(state)
            stack.append((state, key, ply, player, [outcome for outcome, _ in outcomes],
                          [probability for _, probability in outcomes]))
        else:
            stack.append((state, key, ply, player, game.legal_moves(state), ()))
        return None


Frame = tuple[S, Hashable, int, int, Sequence[M], Sequence[float]]
"""A position being solved: state, memo key, ply, player to move, its children (legal
moves, or chance outcomes) and at a chance state their probabilities (else empty)."""


def search(request: SearchRequest[S, M]) -> SearchResult[M]:
    """Solve the root: each move (or chance outcome) in turn, listed in the live panel as it
    is solved; then the answer (the best value, every move that reaches it, the fastest win
    or slowest loss where results are read by distance) and the perfect-play line.

    The recursion is `_Solver.value`; this is the root's bookkeeping, one function because
    its steps share the root's move list, texts and solved values.
    """
    game, state, reporter = request.game, request.state, request.reporter
    solver = _Solver(game, reporter)
    player = game.to_move(state)
    at_chance = player == CHANCE
    two_players = game.num_players == 2
    viewer = 0 if at_chance else player

    def score_of(vector: Vector) -> Score:
        return vector[viewer] if two_players else vector

    children: list[tuple[M, float | None]]
    if at_chance:
        children = [(o, p) for o, p in game.chance_outcomes(state)]
    else:
        children = [(m, None) for m in game.legal_moves(state)]
    texts = [game.format_move(state, move) for move, _ in children]
    solved: list[Vector] = []

    def root_rows() -> tuple[RootMove, ...]:
        """The root moves solved so far, with their values, for the live and final panel."""
        shown = shown_root_indices(
            len(solved), lambda index: root_rank(False, score_of(solved[index])))
        return tuple(RootMove(texts[index], score_of(solved[index]),
                              probability=children[index][1]) for index in shown)

    reporter.snapshot_fields = lambda: {
        "depth": 0,
        "root_moves": root_rows(),
        "root_move_count": len(children),
        "current_move": texts[len(solved)] if len(solved) < len(texts) else None,
    }
    reporter.counters.nodes += 1  # the root
    stopped = False
    by_distance = two_players and not game.has_chance and scores_by_distance(game)
    if by_distance:  # proven results read "win"/"loss", not "+1"
        reporter.win_value = game.utility_bounds()[1]
    distances: Distances | None = None
    try:
        for move, _ in children:
            solved.append(solver.value(game.result(state, move), 1))
        if by_distance and not at_chance:
            distances = _distances(game, state, solver, reporter)
    except SearchStopped:
        stopped = bool(len(solved) < len(children))

    value: Score | None = None
    best_moves: list[str] = []
    best_index: int | None = None
    if at_chance:  # no move to choose: the value is the outcomes' weighted mean
        if not stopped:
            total = [0.0] * game.num_players
            for vector, (_, probability) in zip(solved, children, strict=True):
                for index, v in enumerate(vector):
                    total[index] += (probability or 0.0) * v
            value = score_of(tuple(total))
    elif solved:
        best_index = max(range(len(solved)), key=lambda i: (solved[i][player], -i))
        if distances is not None:  # the fastest win, or the slowest loss
            best_index = _quickest(game, state, solver, distances, player) or best_index
        if not stopped:
            top = solved[best_index][player]
            best_moves = [
                text
                for text, vector in zip(texts, solved, strict=True)
                if math.isclose(vector[player], top, rel_tol=1e-12, abs_tol=1e-12)
            ]
            value = score_of(solved[best_index])
    else:
        best_index = 0  # stopped before the first move was solved: any legal move

    best_move = children[best_index][0] if best_index is not None else None
    pv = _principal_variation(game, state, solver, best_move, distances) if not stopped else ()
    plies = None if distances is None else distances.get(solver.key(state))
    sign = value if isinstance(value, float | int) and plies is not None else 0
    if not stopped:
        reporter.iteration_done(len(pv), value if value is not None else 0.0, pv, 0)
    reporter.snapshot_fields = lambda: {
        "depth": len(pv),
        "completed_depth": len(pv),
        "score": value,
        "pv": pv,
        "root_moves": root_rows(),
        "root_move_count": len(children),
    }
    return dataclasses.replace(
        final_result(game, state, reporter, best_move, value, pv, stopped),
        best_moves=tuple(best_moves), positions=len(solver.memo),
        win_in_plies=plies if sign > 0 else None, loss_in_plies=plies if sign < 0 else None)


Distances = dict[Hashable, int]
"""Plies to the end of the game under perfect play, by memo key, for decided positions."""


def _distances(
    game: Game[S, M], root: S, solver: _Solver[S, M], reporter: Reporter
) -> Distances:
    """How long each decided position reachable with perfect play lasts when the winner
    takes the fastest win and the loser the slowest loss (empty for a drawn root).

    Run after the values are solved, so the value search keeps its ceiling cutoffs:
    the moves those skipped are solved here only where a winner has several winning
    moves. A post-order walk over an explicit stack, like `_Solver.value`, so that a
    game thousands of plies long needs no recursion. A position seen again while its
    children are pending is simply re-examined (positions never recur on one line).
    """
    key_of = solver.key
    distance: Distances = {}
    if solver.value(root, 0)[game.to_move(root)] == 0:
        return distance
    stack: list[tuple[S, Hashable]] = [(root, key_of(root))]
    visits = 0
    while stack:
        visits += 1
        if visits % POLL_INTERVAL == 0:
            reporter.poll()
        state, key = stack[-1]
        if key in distance:
            stack.pop()
            continue
        if game.is_terminal(state):
            distance[key] = 0
            stack.pop()
            continue
        player = game.to_move(state)
        winning = solver.value(state, 0)[player] > 0
        lengths: list[int] = []
        pending = False
        for move in game.legal_moves(state):
            child = game.result(state, move)
            if winning and solver.value(child, 0)[player] <= 0:
                continue  # only winning moves keep the win
            child_key = key_of(child)
            known = distance.get(child_key)
            if known is None:
                stack.append((child, child_key))
                pending = True
            else:
                lengths.append(known)
        if not pending:
            distance[key] = 1 + (min(lengths) if winning else max(lengths))
            stack.pop()
    return distance


def _quickest(
    game: Game[S, M], state: S, solver: _Solver[S, M], distances: Distances, player: int
) -> int | None:
    """The index of ``state``'s move that wins fastest, or when every move loses the one
    that loses slowest (first in the game's order among equals); None when drawn."""
    target = distances.get(solver.key(state))
    if target is None:
        return None
    winning = solver.value(state, 0)[player] > 0
    for index, move in enumerate(game.legal_moves(state)):
        child = game.result(state, move)
        if distances.get(solver.key(child)) == target - 1 and (
                solver.value(child, 0)[player] > 0) == winning:
            return index
    return None  # not reached: a decided position has a move that keeps its distance


def _principal_variation(
    game: Game[S, M], state: S, solver: _Solver[S, M], first: M | None,
    distances: Distances | None = None,
) -> tuple[str, ...]:
    """Replay perfect play from the memo, starting with ``first`` (the root's best
    move, None at a chance root): at each decision the first move whose solved
    value reaches the position's own — in a decided game of two the one that wins
    fastest or loses slowest (`distances`) — at each chance state the likeliest outcome.

    Moves are matched by value, not by "first best" in this position's order: the
    memo entry may come from a position equal up to pile order, whose search saw
    the moves in another order and skipped some after reaching the ceiling.
    """
    line: list[str] = []
    move = first
    while not game.is_terminal(state):
        player = game.to_move(state)
        if player == CHANCE:
            move = max(game.chance_outcomes(state), key=lambda pair: pair[1])[0]
        elif move is None and distances is not None and (
                quickest := _quickest(game, state, solver, distances, player)) is not None:
            move = game.legal_moves(state)[quickest]
        elif move is None:
            target = solver.memo[solver.key(state)][player]
            for candidate in game.legal_moves(state):
                known = solver.memo.get(solver.key(game.result(state, candidate)))
                if known is not None and math.isclose(
                    known[player], target, rel_tol=1e-12, abs_tol=1e-12
                ):
                    move = candidate
                    break
            else:
                break  # not reached: a solved position has a solved best move
        line.append(game.format_move(state, move))
        state = game.result(state, move)
        move = None
    return tuple(line)
