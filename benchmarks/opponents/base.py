"""What every opponent adapter offers the strength match (`bench_strength.py`).

An adapter plays adversa's checkers through another program. ``choose`` gets the
position and the game's moves from the initial position (the peers that keep their
own history, for their draw rules or because they cannot be set up from a position,
replay them) and returns one of adversa's legal moves for that position. The match
loop checks the move against adversa's rules again, so a wrong mapping can never
pass as a move.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from adversa.games.checkers import CheckersMove, CheckersState


class OpponentError(Exception):
    """An adapter that cannot go on: a move that is not legal, a peer that failed."""


class RulesEnded(Exception):
    """The peer's own rules have ended the game where adversa's go on (a draw rule).

    The match adjudicates the game a draw and counts how often it happened.
    """


class Opponent(Protocol):
    name: str
    description: str
    """The peer, its version and settings, as printed and stored in the JSON summary."""

    def new_game(self) -> None:
        """Forget the previous game (tables, histories)."""

    def choose(self, state: CheckersState, moves: Sequence[str]) -> CheckersMove:
        """A legal move in ``state``, reached by ``moves`` (move texts) from the start."""
        ...

    def close(self) -> None:
        """Release the peer (a subprocess, a temporary tree)."""
