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

from collections.abc import Hashable, Sequence
from typing import Any

from adversa.games.base import CHANCE, Game
from adversa.games.evaluation import Evaluation
from adversa.search.common import INFINITY
from adversa.search.config import EngineConfig
from adversa.search.depth_limited import DepthLimitedSearch
from adversa.search.expectimax import ChanceMinimax
from adversa.search.passes import enter_node
from adversa.search.stats import Reporter, Score, SearchResult

Vector = tuple[float, ...]


def fits(game: Game[Any, Any], algorithm: str) -> str | None:
    """Both work for any number of players (max^n on two players is minimax)."""
    if game.num_players < 2:
        return f"{algorithm} needs at least two players"
    return None


def search(
    game: Game[Any, Any], state: Any, config: EngineConfig, reporter: Reporter,
    evaluation: Evaluation,
) -> SearchResult:
    if config.algorithm == "paranoid":
        return ChanceMinimax(game, state, config, reporter, evaluation, pruning=True,
                             averaging=False).run()
    return MaxN(game, state, config, reporter, evaluation).run()


class MaxN(DepthLimitedSearch):
    """The max^n recursion over utility vectors (see the module docstring)."""

    def __init__(
        self, game: Game[Any, Any], root: Any, config: EngineConfig, reporter: Reporter,
        evaluation: Evaluation,
    ) -> None:
        super().__init__(game, root, config, reporter)
        self.evaluate = evaluation.vector_evaluator(game)

    def better(self, new: Score, old: Score) -> bool:
        return new[self.searcher] > old[self.searcher]  # type: ignore[index]  # vectors here

    def iterate(self, depth: int) -> Score:
        return self._value(self.root, depth, 0, (), None, None)

    def _value(
        self,
        state: Any,
        depth: int,
        ply: int,
        path: tuple[int, ...],
        move_text: str | None,
        probability: float | None,
    ) -> Vector:
        """The node's backed-up vector; ``probability`` is the edge's, for the trace."""
        game = self.game
        enter_node(self.reporter, ply)
        if game.is_terminal(state):
            return self.leaf(tuple(game.utility(state)), ply, path, move_text, probability)
        # Max^n has no window: its entries are exact, and answer whenever they are found.
        return self.tabled(state, depth, ply, -INFINITY, INFINITY, lambda: self._expand(
            state, depth, ply, path, move_text, probability))

    def _expand(
        self,
        state: Any,
        depth: int,
        ply: int,
        path: tuple[int, ...],
        move_text: str | None,
        probability: float | None,
    ) -> Vector:
        """Value a non-terminal node by the rule for its kind (horizon, chance, decision)."""
        game, recorder = self.game, self.recorder
        player = game.to_move(state)
        chance = player == CHANCE
        if depth <= 0 and not chance:
            self.horizon_reached = True
            return self.leaf(tuple(self.evaluate(state)), ply, path, move_text, probability)

        kind = "chance" if chance else f"player {player + 1}"
        handle = -1
        if recorder is not None:
            handle = recorder.enter(path, move_text, kind, probability=probability)
        children: Sequence[tuple[Hashable, float | None]]
        if chance:
            children = game.chance_outcomes(state)
        else:
            children = [(move, None) for move in game.legal_moves(state)]
        child_depth = depth if chance else depth - 1
        best: Vector | None = None
        best_child: int | None = None
        total = [0.0] * game.num_players
        self.pv_table[ply] = []
        for index, (move, weight) in enumerate(children):
            if ply == 0:
                self.current_index = index
            text = game.format_move(state, move) if recorder is not None else None
            value = self._value(game.result(state, move), child_depth, ply + 1,
                                (*path, index + 1), text, weight)
            if ply == 0:
                self.root_scored(index, value)
            if chance:
                for component, v in enumerate(value):
                    total[component] += weight * v  # type: ignore[operator]  # chance: a float
            elif best is None or value[player] > best[player]:  # first best wins ties
                best, best_child = value, index + 1
                self.pv_table[ply] = [move, *self.pv_table.get(ply + 1, ())]
        result = tuple(total) if chance else best
        assert result is not None, "a decision node has at least one legal move"
        if recorder is not None:
            recorder.leave(handle, result, best_child=best_child)
        return result
