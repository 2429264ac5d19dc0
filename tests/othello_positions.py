"""Othello positions for the solver's tests: late positions of seeded random games,
whose exact margins a plain minimax can check."""

from __future__ import annotations

import random

from adversa.games import make_game
from adversa.games.othello import Othello, OthelloState

GAME: Othello = make_game("othello")  # type: ignore[assignment]


def late_positions(count: int, empties: int, seed: int) -> list[OthelloState]:
    """Positions with ``empties`` empty squares and a move to make (a pass included),
    from seeded random games."""
    rng = random.Random(seed)
    found: list[OthelloState] = []
    while len(found) < count:
        state = GAME.initial_state()
        while GAME.legal_moves(state) and GAME.squares - sum(GAME.discs(state)) > empties:
            state = GAME.result(state, rng.choice(GAME.legal_moves(state)))
        if GAME.legal_moves(state) and GAME.squares - sum(GAME.discs(state)) == empties:
            found.append(state)
    return found
