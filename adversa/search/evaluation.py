"""The evaluation a search uses at its horizon: the one its game's registration declares.

The functions themselves live with their games (`adversa.games.registry`); this
module only picks them, so the search names no game. See `adversa.games.evaluation`
for the contract (terminal states get their utility, every other value lies strictly
inside the utility range, ``raw_scale`` gives the heuristic's own units).
"""

from __future__ import annotations

from typing import Any

from adversa.games.base import Game
from adversa.games.evaluation import (
    Evaluator,
    VectorEvalFunction,
    neutral_evaluator,
    neutral_vector_evaluator,
    vector_from_scalar,
)
from adversa.games.registry import entry_of


def make_evaluator(game: Game[Any, Any]) -> Evaluator:
    """The game's declared evaluator, or `neutral_evaluator` when it declares none."""
    factory = entry_of(game).evaluator
    return neutral_evaluator(game) if factory is None else factory(game)


def make_vector_evaluator(game: Game[Any, Any]) -> VectorEvalFunction:
    """One heuristic value per player, for N-player searches (terminal states too).

    The game's declared vector evaluator when there is one; otherwise each
    player's two-player evaluation (valid for two-player games), or the utility
    vector at terminal states and the middle of the range elsewhere.
    """
    factory = entry_of(game).vector_evaluator
    if factory is not None:
        return factory(game)
    if game.num_players == 2:
        return vector_from_scalar(game, make_evaluator(game))
    return neutral_vector_evaluator(game)


__all__ = ["Evaluator", "make_evaluator", "make_vector_evaluator", "neutral_evaluator"]
