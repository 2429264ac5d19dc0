"""Search for N players: max^n (Luckhardt & Irani 1986) and paranoid (Sturtevant & Korf 2000).

**max^n** backs up utility *vectors*: at a node of player ``p`` the child whose
vector has the largest ``p``-th component wins — every player maximises its
own utility. A chance node is worth the probability-weighted mean vector, and
at the horizon the handed `Evaluation`'s vector evaluator values a position for every
player at once. ``depth`` counts decision plies; chance layers are always
expanded (as in `expectimax`).

Tie rule: when several children are equally good for the player to move, the
**first one in the game's order** is kept (the lecture convention). The rule
matters — ties decide what the *other* players get — and it is why the
textbook three-player tree backs up ``(1, 2, 6)`` at the root: player 1's two
choices ``(1, 2, 6)`` and ``(1, 5, 2)`` tie on its component 1.

max^n prunes nothing here: deep pruning is unsound for it, and shallow pruning
needs a bound on the sum of the players' utilities that the games do not
declare. Its ``cutoffs`` and ``pruned`` counts stay 0. Like the two-player
searches it keeps a transposition table of exact results per remaining depth
(see `depth_limited`).

**paranoid** assumes everyone else plays against the root player: all other
players minimise the root player's component, which makes the game a
two-sided MAX/MIN search and lets alpha-beta (with Star1 at chance nodes)
prune. It is `expectimax.ChanceMinimax` with pruning on; its value is the
root player's single component, a scalar, which is all the paranoid
assumption defines.
"""

from __future__ import annotations

from collections.abc import Sequence

from adversa.games.base import CHANCE, Game, M, S
from adversa.search.common import INFINITY
from adversa.search.depth_limited import ROOT, DepthLimitedSearch, Edge
from adversa.search.expectimax import ChanceMinimax
from adversa.search.passes import enter_node
from adversa.search.request import SearchRequest
from adversa.search.stats import SearchResult

Vector = tuple[float, ...]


def fits(game: Game[S, M], algorithm: str) -> str | None:
    """Both work for any number of players (max^n on two players is minimax)."""
    if game.num_players < 2:
        return f"{algorithm} needs at least two players"
    return None


def search(request: SearchRequest[S, M]) -> SearchResult[M]:
    if request.config.algorithm == "paranoid":  # `expectimax.ChanceRules.of` prunes it
        return ChanceMinimax(request).run()
    return MaxN(request).run()


class MaxN(DepthLimitedSearch[S, M, Vector]):
    """The max^n recursion over utility vectors (see the module docstring)."""

    def __init__(self, request: SearchRequest[S, M]) -> None:
        super().__init__(request)
        self.evaluate = request.evaluation.vector_evaluator(request.game)

    def better(self, new: Vector, old: Vector) -> bool:
        return new[self.searcher] > old[self.searcher]

    def iterate(self, depth: int) -> Vector:
        return self._value(self.root, depth, 0, None if self.recorder is None else ROOT)

    def _value(self, state: S, depth: int, ply: int, at: Edge | None) -> Vector:
        """The node's backed-up vector; ``at`` is its place in the trace (None untraced)."""
        game = self.game
        enter_node(self.reporter, ply)
        if game.is_terminal(state):
            return self.leaf(tuple(game.utility(state)), ply, at)
        # Max^n has no window: its entries are exact, and answer whenever they are found.
        return self.tabled(state, depth, ply, -INFINITY, INFINITY,
                           lambda: self._expand(state, depth, ply, at))

    def _expand(self, state: S, depth: int, ply: int, at: Edge | None) -> Vector:
        """Value a non-terminal node by the rule for its kind (horizon, chance, decision)."""
        game = self.game
        player = game.to_move(state)
        chance = player == CHANCE
        if depth <= 0 and not chance:
            self.horizon_reached = True
            return self.leaf(tuple(self.evaluate(state)), ply, at)

        handle = -1
        if at is not None:
            handle = self.trace_enter(at, "chance" if chance else f"player {player + 1}")
        children: Sequence[tuple[M, float]]
        if chance:
            children = game.chance_outcomes(state)
        else:
            children = [(move, 1.0) for move in game.legal_moves(state)]
        child_depth = depth if chance else depth - 1
        best: Vector | None = None
        best_child: int | None = None
        total = [0.0] * game.num_players
        self.pv_table[ply] = []
        for index, (move, weight) in enumerate(children):
            if ply == 0:
                self.current_index = index
            value = self._value(game.result(state, move), child_depth, ply + 1,
                                None if at is None else at.child(
                                    index, game.format_move(state, move),
                                    weight if chance else None))
            if ply == 0:
                self.root_scored(index, value)
            if chance:
                for component, v in enumerate(value):
                    total[component] += weight * v
            elif best is None or value[player] > best[player]:  # first best wins ties
                best, best_child = value, index + 1
                self.pv_table[ply] = [move, *self.pv_table.get(ply + 1, ())]
        result = tuple(total) if chance else best
        assert result is not None, "a decision node has at least one legal move"
        if at is not None:
            self.trace_leave(handle, result, best_child=best_child)
        return result
