"""Null-move pruning, the lectures' forward pruning: pass the turn and see if it still holds.

If even passing the turn keeps a node's value at or above beta in a search
`NULL_MOVE_REDUCTION` plies shallower than a real move gets, a real move will very
likely keep it there too, and the node is cut at that value. No zugzwang is assumed:
the game's `Game.null_move` answers None where passing could mislead (in check, in
pawn endings). Two passes in a row prove nothing, so a pass is never answered by
another; nor is a proven bound cut on a guess. This module names no game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeAlias

from adversa.games.base import Game, M, S
from adversa.search.common import INFINITY, PROVEN
from adversa.search.enhancements import NULL_MOVE_REDUCTION

KernelSearch: TypeAlias = Callable[[S, int, int, float, float, int], float]
"""The kernel's ``negamax(state, mover, depth, alpha, beta, ply)``."""

NullMoveStep: TypeAlias = Callable[[S, int, float, int], float | None]
"""``(state, depth, beta, ply) → the node's value when the pass holds, else None``."""


def null_move_step(game: Game[S, M], search: KernelSearch[S], plies: int) -> NullMoveStep[S]:
    """The null-move test of a node, searching the passed position with the kernel's own
    ``search`` (so it shares its table and counters); ``plies`` bounds the ply numbers."""
    null_move, to_move = game.null_move, game.to_move
    nextafter = math.nextafter
    passed_at = [False] * (plies + 2)  # plies whose move was a null move

    def try_pass(state: S, depth: int, beta: float, ply: int) -> float | None:
        if passed_at[ply] or not -PROVEN < beta < PROVEN:
            return None
        passed = null_move(state)
        if passed is None:
            return None
        passed_at[ply + 1] = True
        value = -search(passed, to_move(passed), depth - 1 - NULL_MOVE_REDUCTION,
                        -beta, -nextafter(beta, -INFINITY), ply + 1)
        passed_at[ply + 1] = False
        return value if value >= beta else None

    return try_pass
