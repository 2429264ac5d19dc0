"""Checking a built endgame database against the rules, position by position.

A database is right exactly when every value agrees with the values after each legal
move, played by the game's own move generator (`check_position`): a win in ``d`` has a
move to a loss in ``d - 1`` and none faster; a loss in ``d`` has only moves to wins, the
slowest in ``d - 1``; a draw has no move to a loss and one to a draw; a position with no
move is lost in 0. Checked on every position, these local conditions pin every value
down by induction on the distance, so they check the whole retrograde analysis without a
second solver. `verify` checks a random sample of every table (both colours to move): a
five-piece database is too big to check whole in Python in reasonable time, and a wrong
build would not be wrong in a few positions only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from adversa.games.checkers import Checkers, CheckersState
from adversa.games.checkers_board import zobrist_key
from adversa.games.checkers_endgame_index import (
    HOLE,
    EndgameDatabase,
    Signature,
    decode,
    layout,
    reverse_bits,
)

RULES = Checkers()


@dataclass(frozen=True)
class Verification:
    """What `verify` checked and what it found wrong."""

    tables: int
    positions: int
    """Positions checked (each with every legal move)."""
    failures: int = 0
    """Positions whose value disagrees with their moves' values."""
    disagreements: list[str] = field(default_factory=list)
    """What is wrong with the first few of them, a line each."""

    @property
    def passed(self) -> bool:
        return not self.failures


def state_of(own: int, opp: int, kings: int, white_to_move: bool) -> CheckersState:
    """A table's position (stored with Black to move) as a game state, turned round when
    White is to move."""
    if white_to_move:
        black, white, kings = reverse_bits(opp), reverse_bits(own), reverse_bits(kings)
    else:
        black, white = own, opp
    player = int(white_to_move)
    return CheckersState(black, white, kings, player, zobrist_key(black, white, kings, player), ())


def table_states(signature: Signature, white_to_move: bool = False) -> Iterator[CheckersState]:
    """Every position of a table, as game states with the given side to move."""
    for _index, own, opp, kings in layout(signature).positions():
        yield state_of(own, opp, kings, white_to_move)


def value_of(database: EndgameDatabase, state: CheckersState) -> tuple[float, int] | None:
    """The database's (value, plies) for the side to move, a position with no move being
    lost in 0; None when the position's material is not in the database."""
    return _stored_value(database, state, bool(RULES.legal_moves(state)))


def _stored_value(database: EndgameDatabase, state: CheckersState,
                  has_move: bool) -> tuple[float, int] | None:
    """`value_of` for a caller that has generated the moves already."""
    if not has_move:
        return -1.0, 0
    byte = database.lookup(state.black, state.white, state.kings, state.player == 1)
    if byte is None or byte == HOLE:
        return None
    return decode(byte)


def check_position(database: EndgameDatabase, state: CheckersState) -> str | None:
    """Why the value of ``state`` disagrees with its moves' values, or None if it agrees
    (see the module notes for the conditions)."""
    moves = RULES.legal_moves(state)
    own = _stored_value(database, state, bool(moves))
    children = [value_of(database, RULES.result(state, move)) for move in moves]
    problem = _disagreement(own, children)
    # Only a disagreement is written out: the position text costs more than the check.
    return None if problem is None else f"{RULES.format_position(state)}: {problem}"


def _disagreement(own: tuple[float, int] | None,
                  children: list[tuple[float, int] | None]) -> str | None:
    """What is wrong with a position's value ``own`` given its moves' values, or None."""
    if own is None or any(child is None for child in children):
        return "a position or a move's position is missing from the database"
    result, plies = own
    known = [child for child in children if child is not None]
    if not known:
        return None if (result, plies) == (-1.0, 0) else "no move, yet not lost in 0"
    if result > 0:
        fastest = min((d for v, d in known if v < 0), default=None)
        if plies % 2 != 1 or fastest != plies - 1:
            return f"won in {plies}, but the fastest move to a loss is {fastest}"
    elif result < 0:
        if plies % 2 != 0 or not all(v > 0 for v, _ in known):
            return f"lost in {plies}, but a move does not lose"
        if max(d for _, d in known) != plies - 1:
            return f"lost in {plies}, but the slowest move is {max(d for _, d in known)}"
    elif any(v < 0 for v, _ in known) or not any(v == 0 for v, _ in known):
        return "a draw, but its moves say otherwise"
    return None


def verify(database: EndgameDatabase, sample: int, seed: int = 0,
           progress: Callable[[int], None] | None = None, report: int = 10) -> Verification:
    """Check ``sample`` random positions of each table for each side to move (all of a
    smaller table); the first ``report`` disagreements are described. ``progress`` hears
    of each sample's size, holes included (the whole job is `sample_size`)."""
    rng = random.Random(seed)
    disagreements: list[str] = []
    checked = failures = 0
    for signature in sorted(database.tables):
        shape = layout(signature)
        for white_to_move in (False, True):
            indices = range(shape.size)
            picked = indices if shape.size <= sample else rng.sample(indices, sample)
            count = 0
            for index in picked:
                position = shape.position(index)
                if position is None:
                    continue  # a hole: no position
                problem = check_position(database, state_of(*position, white_to_move))
                count += 1
                if problem is not None:
                    failures += 1
                    if len(disagreements) < report:
                        disagreements.append(problem)
            checked += count
            if progress is not None:
                progress(len(picked))
    return Verification(len(database.tables), checked, failures, disagreements)


def sample_size(database: EndgameDatabase, sample: int) -> int:
    """How many indices `verify` draws in all (for a progress bar's total)."""
    return 2 * sum(min(layout(signature).size, sample) for signature in database.tables)
