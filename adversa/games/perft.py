"""Perft: count the leaves of the move tree to a fixed depth, to check move generators.

``perft(game, state, depth)`` is the number of positions reached after exactly
``depth`` plies (positions where the game ended earlier are not counted, as in
chess perft). A chance event is a ply: the outcomes of a chance state count
like moves, each once, whatever its probability — so Pig's "roll" is one ply
and the face that comes up is the next one.

The last ply is bulk-counted (``len(legal_moves)`` instead of making each move),
which is the usual perft shortcut and still exercises the move generator at
every node. A game with a faster specialised counter (checkers, chess, Othello) defines
a method ``perft(state, depth) -> int`` (`SpecialisedPerft`); `perft` calls it when it
exists.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from adversa.games.base import CHANCE, Game, M, S

_CountedState = TypeVar("_CountedState", bound=Hashable, contravariant=True)


@runtime_checkable
class SpecialisedPerft(Protocol[_CountedState]):
    """A game that counts its own leaves faster than the protocol's moves would."""

    def perft(self, state: _CountedState, depth: int) -> int:
        """The same number `generic_perft` gives."""
        ...


def successors(game: Game[S, M], state: S) -> Sequence[M]:
    """The moves of a player or the outcomes of chance (without probabilities)."""
    if game.to_move(state) == CHANCE:
        return [outcome for outcome, _ in game.chance_outcomes(state)]
    if game.is_terminal(state):
        return ()
    return game.legal_moves(state)


def perft(game: Game[S, M], state: S, depth: int) -> int:
    """Leaves of the move tree ``depth`` plies below ``state``."""
    if depth < 0:
        raise ValueError(f"perft depth must be 0 or more, not {depth}")
    if isinstance(game, SpecialisedPerft):
        return game.perft(state, depth)
    return generic_perft(game, state, depth)


def generic_perft(game: Game[S, M], state: S, depth: int) -> int:
    """Perft through the Game protocol only (also the reference for specialised ones)."""
    if depth == 0:
        return 1
    moves = successors(game, state)
    if depth == 1:
        return len(moves)
    result = game.result
    return sum(generic_perft(game, result(state, move), depth - 1) for move in moves)


def perft_divide(game: Game[S, M], state: S, depth: int) -> list[tuple[str, int]]:
    """``(move in notation, perft of the position after it)`` for every root move."""
    if depth < 1:
        raise ValueError(f"perft divide needs a depth of 1 or more, not {depth}")
    return [
        (game.format_move(state, move), perft(game, game.result(state, move), depth - 1))
        for move in successors(game, state)
    ]
