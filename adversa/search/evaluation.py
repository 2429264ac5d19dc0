"""Static evaluation functions: how good a non-terminal position looks to a player.

`make_evaluator(game)` returns an `Evaluator`, called as ``evaluator(state,
player)``. Its value is the game's utility for terminal states and lies
*strictly inside* the utility range otherwise, so any win beats any heuristic
value and any heuristic value beats any loss. Games with a natural "raw" unit
(the lectures' e(n) = open lines for me − open lines for the opponent in
tic-tac-toe) divide it by ``raw_scale``; a search reports ``value *
raw_scale`` as ``raw_value`` so a student sees e(n) = +1, not 0.111.

`make_vector_evaluator(game)` gives one value per player, for N-player searches
(max^n, paranoid).

Game-specific evaluators are registered by game name in `FACTORIES` /
`VECTOR_FACTORIES` at the bottom of this module; games without one get
`neutral_evaluator`.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from adversa.games.base import Game

EvalFunction = Callable[[Any, int], float]
T = TypeVar("T")
Chunks = tuple[list[T], list[T], list[T]]
"""Three lookup tables, one per `CHUNK_BITS`-bit slice of a checkers bitboard."""
VectorEvalFunction = Callable[[Any], tuple[float, ...]]


@dataclass(frozen=True, slots=True)
class Evaluator:
    """A two-player evaluation function with its display units.

    ``function(state, player)`` is the hot-path callable for *non-terminal*
    states (searches test terminality first and bind it to a local; checking
    again inside would cost a second move-existence test per leaf). Calling the
    evaluator itself handles terminal states too. ``raw_scale`` converts a value
    back to the heuristic's own units and ``raw_name`` names them ("e(n)").
    """

    function: EvalFunction
    game: Game[Any, Any]
    raw_scale: float = 1.0
    raw_name: str = "value"

    def __call__(self, state: Any, player: int) -> float:
        if self.game.is_terminal(state):
            return self.game.utility(state)[player]
        return self.function(state, player)


def make_evaluator(game: Game[Any, Any]) -> Evaluator:
    """The evaluator for ``game``: a game-specific one when known, else `neutral_evaluator`."""
    factory = FACTORIES.get(game.name)
    if factory is None:
        return neutral_evaluator(game)
    return factory(game)


def neutral_evaluator(game: Game[Any, Any]) -> Evaluator:
    """No opinion: the middle of the utility range (0) for every non-terminal state.

    Correct for any game and exact when the search reaches the end (textbook
    trees, Nim, Grundy); the middle of the range is always strictly inside it.
    """
    low, high = game.utility_bounds()
    middle = (low + high) / 2
    return Evaluator(lambda state, player: middle, game)


def make_vector_evaluator(game: Game[Any, Any]) -> VectorEvalFunction:
    """One heuristic value per player, for N-player searches (terminal states too).

    Uses a game-specific vector evaluator when there is one (Pig); otherwise
    each player's two-player evaluation (valid for two-player games) or the
    utility vector at terminal states and the middle of the range elsewhere.
    """
    factory = VECTOR_FACTORIES.get(game.name)
    if factory is not None:
        return factory(game)
    players = range(game.num_players)
    is_terminal = game.is_terminal
    utility = game.utility
    if game.num_players == 2:
        scalar = make_evaluator(game)
        return lambda state: tuple(scalar(state, p) for p in players)
    low, high = game.utility_bounds()
    middle = (low + high) / 2
    neutral = tuple(middle for _ in players)

    def evaluate(state: Any) -> tuple[float, ...]:
        if is_terminal(state):
            return tuple(utility(state))
        return neutral

    return evaluate


# --------------------------------------------------------------------------- tic-tac-toe


def tictactoe_evaluator(game: Game[Any, Any]) -> Evaluator:
    """The lectures' e(n): lines still open for the player minus lines open for the opponent.

    A line is open for a player when the opponent has no mark on it. e(n) is
    at most the number of lines in absolute value, so dividing by one more
    keeps it strictly inside (−1, 1); ``raw_scale`` undoes that for display.
    Works for any m,n,k board (``game.lines`` are the winning-line bitmasks).
    """
    lines: tuple[int, ...] = game.lines  # type: ignore[attr-defined]
    scale = float(len(lines) + 1)
    if game.size <= TABLE_CELLS:  # type: ignore[attr-defined]
        # Speed: open lines of every set of marks looked up, two lookups per leaf.
        lines_missing = lines_avoiding(lines, game.size)  # type: ignore[attr-defined]

        def evaluate(state: Any, player: int) -> float:
            lead: int = lines_missing[state.o] - lines_missing[state.x]
            return (lead if player == 0 else -lead) / scale

    else:

        def evaluate(state: Any, player: int) -> float:
            x, o = state.x, state.o
            open_for_x = sum(1 for line in lines if not line & o)
            open_for_o = sum(1 for line in lines if not line & x)
            lead = open_for_x - open_for_o
            return (lead if player == 0 else -lead) / scale

    return Evaluator(evaluate, game, raw_scale=scale, raw_name="e(n)")


TABLE_CELLS = 16
"""Boards of up to this many cells evaluate e(n) from a table of 2**cells entries
(65,536 for 4×4, built in milliseconds); larger ones count the lines each time."""


@functools.cache
def lines_avoiding(lines: tuple[int, ...], cells: int) -> list[int]:
    """For every set of cells (a bitmask), how many of ``lines`` avoid all of them.

    That is the number of lines still open for a player whose opponent holds those
    cells. Built line by line over the subsets of the cells each line leaves free,
    so the work is the table's size times the lines' share of free subsets, not
    the table's size times the number of lines.
    """
    counts = [0] * (1 << cells)
    board = (1 << cells) - 1
    for line in lines:
        free = board & ~line
        subset = free
        while True:  # every subset of ``free``, largest first
            counts[subset] += 1
            if not subset:
                break
            subset = (subset - 1) & free
    return counts


# --------------------------------------------------------------------------- pig

PIG_HOLD_AT = 20
"""The classic "hold at 20" policy the Pig heuristic assumes for the turn total."""


def pig_vector_evaluator(game: Game[Any, Any]) -> VectorEvalFunction:
    """Each player's expected-score lead over the average opponent, as a zero-sum vector.

    A player's expected score is the banked score, plus — for the player whose
    turn it is — the turn total weighted by the chance of banking it under
    hold-at-20 (no 1 in the rolls still needed to reach 20, or the target).
    Progress is that score over the target; player i's value is ``c · (progress_i
    − mean progress of the others)`` with ``c = 0.9 / (N − 1)``, which sums to 0
    over the players and stays strictly inside [−1/(N−1), 1], the utility range.
    """
    players = game.num_players
    target = float(game.target)  # type: ignore[attr-defined]
    sides = game.sides  # type: ignore[attr-defined]
    keep_per_roll = 1 - 1 / sides
    mean_gain = (sides + 2) / 2  # average of the faces 2..sides
    weight = 0.9 / (players - 1)
    is_terminal = game.is_terminal
    utility = game.utility

    def evaluate(state: Any) -> tuple[float, ...]:
        if is_terminal(state):
            return tuple(utility(state))
        scores, mover, total = state.scores, state.player, state.turn_total
        progress = [min(score, target) / target for score in scores]
        if total:
            goal = min(PIG_HOLD_AT, target - scores[mover])
            rolls_needed = max(0.0, (goal - total) / mean_gain)
            banked = min(scores[mover] + total, target)
            progress[mover] += (banked / target - progress[mover]) * keep_per_roll**rolls_needed
        overall = sum(progress)
        return tuple(
            weight * (mine - (overall - mine) / (players - 1)) for mine in progress
        )

    return evaluate


def pig_evaluator(game: Game[Any, Any]) -> Evaluator:
    """Two-player Pig: the player's entry of `pig_vector_evaluator`."""
    vector = pig_vector_evaluator(game)
    return Evaluator(
        lambda state, player: vector(state)[player], game, raw_name="expected-score lead"
    )



# --------------------------------------------------------------------------- checkers


@dataclass(frozen=True, slots=True)
class CheckersWeights:
    """The checkers evaluation's weights, in points where a man is worth 100.

    Every feature is counted for Black minus the same for White (colour
    symmetric). Defaults follow common hand-tuned engines: a king is worth
    about one and a half men; the positional terms are small next to material.
    """

    man: float = 100.0
    king: float = 150.0
    advancement: float = 3.0
    """Per row a man has advanced towards the crowning row."""
    back_rank: float = 12.0
    """Per man still on its own back row (guards against enemy crowning)."""
    centre: float = 8.0
    """Per piece on the eight central squares."""
    mobility: float = 3.0
    """Per empty square a side could step to (a cheap stand-in for its move count)."""
    runaway: float = 40.0
    """For a man with no enemy piece in its forward cone, scaled by how far it has come."""


CHECKERS_SCALE = 10_000.0
"""Raw checkers scores are divided by this to lie strictly inside (−1, 1): even twelve
kings plus every positional bonus stay far below it."""


def checkers_evaluator(
    game: Game[Any, Any], weights: CheckersWeights | None = None
) -> Evaluator:
    """A weighted sum of checkers features; ``raw_value`` is in points (man = 100).

    Speed (a leaf's evaluation is the largest share of a checkers search): every
    feature that depends on one piece's square alone — material, advancement,
    back rank, centre — is folded into a per-square value for each kind of piece
    (black man, white man, black king, white king), summed over a bitboard with
    `chunk_tables`, so a kind's whole contribution is three list lookups instead
    of a dozen popcounts; kings are rare, so their lookups are skipped when there
    are none. Runaway men use such tables too (see `checkers_tables`). Mobility depends on the
    occupancy and stays two popcounts of shifted masks.
    """
    from adversa.games import checkers as rules

    w = weights or CheckersWeights()
    (black_men_at, white_men_at, black_kings_at, white_kings_at,
     white_shadows, black_shadows, black_progress, white_progress) = checkers_tables(w)
    bit = rules.SQUARE_BIT
    black_advanced = sum(bit[square] for square in range(13, 29))
    white_advanced = sum(bit[square] for square in range(5, 21))
    valid = rules.VALID
    mobility, runaway = w.mobility, w.runaway
    low_mask, shift, high_shift = CHUNK_MASK, CHUNK_BITS, 2 * CHUNK_BITS

    def evaluate(state: Any, player: int) -> float:
        black, white, kings = state.black, state.white, state.kings
        black_men, white_men = black & ~kings, white & ~kings
        low0, low1, low2 = black_men_at
        score = (low0[black_men & low_mask] + low1[black_men >> shift & low_mask]
                 + low2[black_men >> high_shift])
        low0, low1, low2 = white_men_at
        score += (low0[white_men & low_mask] + low1[white_men >> shift & low_mask]
                  + low2[white_men >> high_shift])
        if kings:
            black_kings, white_kings = black & kings, white & kings
            low0, low1, low2 = black_kings_at
            score += (low0[black_kings & low_mask] + low1[black_kings >> shift & low_mask]
                      + low2[black_kings >> high_shift])
            low0, low1, low2 = white_kings_at
            score += (low0[white_kings & low_mask] + low1[white_kings >> shift & low_mask]
                      + low2[white_kings >> high_shift])
        if mobility:
            empty = valid ^ (black | white)
            black_targets = (black << 4) | (black << 5)
            white_targets = (white >> 4) | (white >> 5)
            if kings:
                black_targets |= (black_kings >> 4) | (black_kings >> 5)
                white_targets |= (white_kings << 4) | (white_kings << 5)
            score += mobility * (
                (black_targets & empty).bit_count() - (white_targets & empty).bit_count()
            )
        if runaway:
            # Inlined for speed (two calls per leaf otherwise). A man in the far half is
            # free when outside the enemy's shadows; its bonus is its rows advanced / 7.
            free = black_men & black_advanced
            if free:
                low0, low1, low2 = white_shadows
                free &= ~(low0[white & low_mask] | low1[white >> shift & low_mask]
                          | low2[white >> high_shift])
                if free:
                    low0, low1, low2 = black_progress
                    rows = (low0[free & low_mask] + low1[free >> shift & low_mask]
                            + low2[free >> high_shift])
                    score += runaway * (float(rows) / 7.0)
            free = white_men & white_advanced
            if free:
                low0, low1, low2 = black_shadows
                free &= ~(low0[black & low_mask] | low1[black >> shift & low_mask]
                          | low2[black >> high_shift])
                if free:
                    low0, low1, low2 = white_progress
                    rows = (low0[free & low_mask] + low1[free >> shift & low_mask]
                            + low2[free >> high_shift])
                    score -= runaway * (float(rows) / 7.0)
        value: float = score / CHECKERS_SCALE
        return value if player == 0 else -value

    return Evaluator(evaluate, game, raw_scale=CHECKERS_SCALE, raw_name="pts")


@functools.cache
def checkers_tables(w: CheckersWeights) -> tuple[Chunks[Any], ...]:
    """The chunk tables of `checkers_evaluator` for weights ``w``, built once per weights.

    Building them takes tens of milliseconds, which a search of a fraction of a
    second (an arena game, a hint, the tree explorer) should not pay every time.
    Returns, in order: black men, white men, black kings, white kings (points, signed
    for Black), the squares shadowed by white and by black pieces (masks), and the
    rows advanced by black and by white men.
    """
    from adversa.games import checkers as rules

    bit = rules.SQUARE_BIT
    centre = {10, 11, 14, 15, 18, 19, 22, 23}

    def row_of(square: int) -> int:
        return (square - 1) // 4

    def black_man(square: int) -> float:
        return (w.man + w.advancement * row_of(square) + w.back_rank * (square <= 4)
                + w.centre * (square in centre))

    def white_man(square: int) -> float:
        return -(w.man + w.advancement * (7 - row_of(square)) + w.back_rank * (square >= 29)
                 + w.centre * (square in centre))

    def black_king(square: int) -> float:
        return w.king + w.centre * (square in centre)

    def white_king(square: int) -> float:
        return -black_king(square)

    def cone(square: int, forward: int) -> int:
        row, col = rules.square_coordinates(square)
        mask = 0
        for other in rules.SQUARES:
            other_row, other_col = rules.square_coordinates(other)
            ahead = (other_row - row) * forward
            if ahead > 0 and abs(other_col - col) <= ahead:
                mask |= bit[other]
        return mask

    # A man is a runaway when no enemy piece is in its forward cone, that is, when it
    # is outside the union of the enemy pieces' *shadows* (the squares whose cone holds
    # the piece). The union is OR-ed from chunk tables and the free men's rows summed
    # from others, so the term costs a few lookups and no loop over the men.
    black_cones = {square: cone(square, 1) for square in rules.SQUARES}
    white_cones = {square: cone(square, -1) for square in rules.SQUARES}

    def shadow(cones: dict[int, int], square: int) -> int:
        return sum(bit[other] for other, mask in cones.items() if mask & bit[square])

    add, union = operator.add, operator.or_
    black_men_at = chunk_tables(black_man, 0.0, add)
    white_men_at = chunk_tables(white_man, 0.0, add)
    black_kings_at = chunk_tables(black_king, 0.0, add)
    white_kings_at = chunk_tables(white_king, 0.0, add)
    white_shadows = chunk_tables(lambda square: shadow(black_cones, square), 0, union)
    black_shadows = chunk_tables(lambda square: shadow(white_cones, square), 0, union)
    black_progress = chunk_tables(row_of, 0, add)
    white_progress = chunk_tables(lambda square: 7 - row_of(square), 0, add)
    return (black_men_at, white_men_at, black_kings_at, white_kings_at,
            white_shadows, black_shadows, black_progress, white_progress)


CHUNK_BITS = 12
"""Width of the bitboard slices `chunk_tables` indexes: three slices cover the 35-bit
ghost layout of `adversa.games.checkers`, and 4,096-entry lists keep the tables small."""
CHUNK_MASK = (1 << CHUNK_BITS) - 1


def chunk_tables(value_at: Callable[[int], T], zero: T, combine: Callable[[T, T], T]) -> Chunks[T]:
    """Per slice of a checkers bitboard, ``value_at`` combined over every subset of squares.

    ``combine`` of ``tables[k][(mask >> k·CHUNK_BITS) & CHUNK_MASK]`` over the three
    slices is ``value_at`` combined over the squares in ``mask`` (a sum with
    `operator.add`, a union of masks with `operator.or_`). Each entry extends the entry
    without its highest bit, so building costs one ``combine`` per entry.
    """
    from adversa.games import checkers as rules

    by_index = {rules.SQUARE_INDEX[square]: value_at(square) for square in rules.SQUARES}
    tables = []
    for first in range(0, 3 * CHUNK_BITS, CHUNK_BITS):
        table = [zero] * (1 << CHUNK_BITS)
        for subset in range(1, 1 << CHUNK_BITS):
            top = subset.bit_length() - 1
            table[subset] = combine(table[subset ^ (1 << top)], by_index.get(first + top, zero))
        tables.append(table)
    return tables[0], tables[1], tables[2]


FACTORIES: dict[str, Callable[[Game[Any, Any]], Evaluator]] = {
    "tictactoe": tictactoe_evaluator,
    "pig": pig_evaluator,
    "checkers": checkers_evaluator,
}
"""Game name → two-player evaluator factory."""

VECTOR_FACTORIES: dict[str, Callable[[Game[Any, Any]], VectorEvalFunction]] = {
    "pig": pig_vector_evaluator,
}
"""Game name → N-player (vector) evaluator factory."""
