"""Futility pruning near the horizon: a static value far from the window decides the node.

Two forward cuts by the evaluation alone, tried where at most `FUTILITY_DEPTH` plies
remain (``futility=on``):

* **reverse futility** (the "static null move"): when the static value, less a margin
  for each ply to go, still reaches beta, the side to move is so far ahead that a real
  move will very likely keep it there; the node returns that lowered value;
* **frontier futility**, one ply above the horizon: when the static value plus a margin
  stays at or below alpha, no quiet move can lift it to alpha (the children are judged
  statically, and a quiet move changes the static value by less than the margin), so
  only the forcing moves (`Game.forcing_moves`: captures, promotions, checks) are
  searched, and the node's fail-soft value is at least static value plus margin.

The game says where a static value is a fair guess of what the mover can hold
(`Game.forward_prunable`: not where a threat must be answered at once, nor where
zugzwang is common), and the evaluation gives the margins (`Evaluator.futility`).
This module names no game. Proven values are never reached by a guess: the cuts apply
only inside the heuristic range. They change values, as all forward pruning does, so
the switch is off by default.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeAlias

from adversa.games.base import Game, M, S
from adversa.games.evaluation import Evaluator, FutilityMargins
from adversa.search.common import INFINITY, PROVEN
from adversa.search.stats import Counters

FUTILITY_DEPTH = 3
"""Reverse futility is tried where at most this many plies remain; frontier futility
only one ply above the horizon."""

FutilityStep: TypeAlias = Callable[[S, int, int, float, float, Sequence[M]],
                                   tuple[Sequence[M], float]]
"""``(state, mover, depth, alpha, beta, moves) → (moves to search, floor)``: the node
returns ``floor`` when it reaches beta or no move is left to search, else its value is
at least ``floor``."""


def futility_step(game: Game[S, M], evaluator: Evaluator[S], margins: FutilityMargins,
                  counters: Counters) -> FutilityStep[S, M]:
    """The futility test of a node at most `FUTILITY_DEPTH` plies above the horizon.

    ``margins`` are in the evaluator's raw units (`Evaluator.raw_scale`); each node
    decided without a search of its moves adds one to ``counters.futility_cuts``.
    """
    evaluate = evaluator.function
    prunable = game.forward_prunable
    forcing_moves = game.forcing_moves
    frontier = margins.frontier / evaluator.raw_scale
    per_ply = margins.per_ply / evaluator.raw_scale

    def futile(state: S, mover: int, depth: int, alpha: float, beta: float,
               moves: Sequence[M]) -> tuple[Sequence[M], float]:
        if alpha <= -PROVEN or beta >= PROVEN or not prunable(state):
            return moves, -INFINITY
        static = evaluate(state, mover)
        lowered = static - per_ply * depth
        if lowered >= beta:
            counters.futility_cuts += 1
            return moves, lowered
        if depth == 1 and static + frontier <= alpha:
            kept = forcing_moves(state, moves)
            if not kept:
                counters.futility_cuts += 1
            return kept, static + frontier
        return moves, -INFINITY

    return futile
