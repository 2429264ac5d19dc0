"""The checkers evaluation: a weighted sum of features, in points where a man is 100.

Speed matters more here than anywhere else in a checkers search (a leaf's
evaluation is its largest share), so every feature that depends on one piece's
square alone is folded into per-square tables summed over the bitboards in
three lookups (`chunk_tables`); see `checkers_evaluator`.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from adversa.games import checkers_board as rules
from adversa.games.evaluation import Evaluator

if TYPE_CHECKING:
    from adversa.games.checkers import Checkers, CheckersState

T = TypeVar("T")
Chunks = tuple[list[T], list[T], list[T]]
"""Three lookup tables, one per `CHUNK_BITS`-bit slice of a checkers bitboard."""

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
    back_rank: float = 30.0
    """Per man still on one of `GUARD_SQUARES`, the three back-row squares that keep
    enemy men from crowning; the fourth, the single corner (4 for Black, 29 for White),
    gets nothing. The shape comes from a per-square Texel fit
    (`benchmarks/tune_texel.py squares`), scaled down and chosen by matches; the fit and
    the matches are in benchmarks/README.md."""
    centre: float = 8.0
    """Per piece on the eight central squares."""
    mobility: float = 3.0
    """Per empty square a side could step to (a cheap stand-in for its move count)."""
    runaway: float = 40.0
    """For a man with no enemy piece in its forward cone, scaled by how far it has come."""
    endgame_pieces: int = 8
    """With this many pieces or fewer on the board the ending terms below apply."""
    trade_down: float = 30.0
    """For the side ahead, per piece of advantage and per piece off the board: trading
    down when ahead (and keeping pieces when behind) is how endings are won. The value
    was chosen with `benchmarks/bench_endings.py` and matches (benchmarks/README.md)."""
    approach: float = 6.0
    """For the side ahead, per step its kings are closer to the nearest enemy piece
    (seven steps away is nothing): a lone king is won by crowding it."""
    confine: float = 8.0
    """For the side ahead, per square an enemy king cannot step to (of four, averaged
    over its kings): a king with no room in the double corner has to come out."""


GUARD_SQUARES = frozenset({1, 2, 3})
"""Black's back-row squares that `CheckersWeights.back_rank` rewards; White's are their
mirror images (30, 31, 32). A man there keeps enemy men from crowning on its square
(1 and 3 are the *bridge* of checkers books). Square 4, the single corner, gets nothing:
the per-square fit (`CheckersWeights.back_rank`) gives it no weight of its own."""


CHECKERS_LOGISTIC_K = 0.0024
"""Points → expected result: σ(0.0024 · pts) is the side's expected score, fitted by
``benchmarks/tune_texel.py fit`` to 73,974 quiet positions of 600 self-play games
(a man ahead, +100 pts, reads 56 %)."""

CHECKERS_SCALE = 10_000.0
"""Raw checkers scores are divided by this to lie strictly inside (−1, 1): even twelve
kings plus every positional bonus stay far below it."""


def checkers_evaluator(
    game: Checkers, weights: CheckersWeights | None = None
) -> Evaluator[CheckersState]:
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
    w = weights or CheckersWeights()
    (black_men_at, white_men_at, black_kings_at, white_kings_at,
     white_shadows, black_shadows, black_progress, white_progress) = checkers_tables(w)
    bit = rules.SQUARE_BIT
    black_advanced = sum(bit[square] for square in range(13, 29))
    white_advanced = sum(bit[square] for square in range(5, 21))
    valid = rules.VALID
    mobility, runaway = w.mobility, w.runaway
    low_mask, shift, high_shift = CHUNK_MASK, CHUNK_BITS, 2 * CHUNK_BITS
    ending = endgame_terms(w)
    endgame_pieces = w.endgame_pieces

    def evaluate(state: CheckersState, player: int) -> float:
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
                mask0, mask1, mask2 = white_shadows
                free &= ~(mask0[white & low_mask] | mask1[white >> shift & low_mask]
                          | mask2[white >> high_shift])
                if free:
                    rows0, rows1, rows2 = black_progress
                    rows = (rows0[free & low_mask] + rows1[free >> shift & low_mask]
                            + rows2[free >> high_shift])
                    score += runaway * (float(rows) / 7.0)
            free = white_men & white_advanced
            if free:
                mask0, mask1, mask2 = black_shadows
                free &= ~(mask0[black & low_mask] | mask1[black >> shift & low_mask]
                          | mask2[black >> high_shift])
                if free:
                    rows0, rows1, rows2 = white_progress
                    rows = (rows0[free & low_mask] + rows1[free >> shift & low_mask]
                            + rows2[free >> high_shift])
                    score -= runaway * (float(rows) / 7.0)
        if (black | white).bit_count() <= endgame_pieces:
            bonus = ending(black, white, kings)
            if bonus is None:
                return 0.0  # equal kings and nothing else: a dead draw, whatever the squares
            score += bonus
        value: float = score / CHECKERS_SCALE
        return value if player == 0 else -value

    return Evaluator(evaluate, game, raw_scale=CHECKERS_SCALE, raw_name="pts",
                     logistic_k=CHECKERS_LOGISTIC_K)


def endgame_terms(w: CheckersWeights) -> Callable[[int, int, int], float | None]:
    """The ending terms of the evaluation, in Black's points; None for a dead draw.

    Applied only with few pieces left (`CheckersWeights.endgame_pieces`), so a loop over
    the pieces costs little. The side ahead gets: a bonus for every trade
    (``trade_down``), for each of its kings close to the nearest enemy piece
    (``approach``, steps counted as a king moves) and for every square the enemy kings
    cannot step to (``confine``); these give the search a direction in endings where
    material alone is flat and it would otherwise shuffle until the 40-move rule.
    """
    coordinates = {rules.SQUARE_INDEX[square]: rules.square_coordinates(square)
                   for square in rules.SQUARES}
    valid = rules.VALID

    def squares(mask: int) -> list[tuple[int, int]]:
        found = []
        while mask:
            low = mask & -mask
            found.append(coordinates[low.bit_length() - 1])
            mask ^= low
        return found

    def king_room(king_mask: int, empty: int) -> int:
        reach = (king_mask << 4) | (king_mask << 5) | (king_mask >> 4) | (king_mask >> 5)
        return (reach & empty).bit_count()

    def terms(black: int, white: int, kings: int) -> float | None:
        black_count, white_count = black.bit_count(), white.bit_count()
        if black_count == white_count:
            if not (black | white) & ~kings and black_count <= 1:
                return None  # one king each: nobody can force anything
            return 0.0
        strong, weak, sign = (black, white, 1.0) if black_count > white_count else (
            white, black, -1.0)
        lead = abs(black_count - white_count)
        off_board = 24 - black_count - white_count
        bonus = w.trade_down * lead * off_board
        weak_squares = squares(weak)
        for row, col in squares(strong & kings):
            nearest = min(max(abs(row - r), abs(col - c)) for r, c in weak_squares)
            bonus += w.approach * (7 - nearest)
        weak_kings = weak & kings
        if weak_kings:  # squares blocked per enemy king, so that trading never lowers it
            empty = valid ^ (black | white)
            count = weak_kings.bit_count()
            bonus += w.confine * (4 * count - king_room(weak_kings, empty)) / count
        return sign * bonus

    return terms


CheckersTables = tuple[
    Chunks[float], Chunks[float], Chunks[float], Chunks[float],
    Chunks[int], Chunks[int], Chunks[int], Chunks[int],
]
"""`checkers_tables`' eight tables: four of points (floats), four of masks and rows (ints)."""


@functools.cache
def checkers_tables(w: CheckersWeights) -> CheckersTables:
    """The chunk tables of `checkers_evaluator` for weights ``w``, built once per weights.

    Building them takes tens of milliseconds, which a search of a fraction of a
    second (an arena game, a hint, the tree explorer) should not pay every time.
    Returns, in order: black men, white men, black kings, white kings (points, signed
    for Black), the squares shadowed by white and by black pieces (masks), and the
    rows advanced by black and by white men.
    """
    bit = rules.SQUARE_BIT
    centre = {10, 11, 14, 15, 18, 19, 22, 23}

    def row_of(square: int) -> int:
        return (square - 1) // 4

    def black_man(square: int) -> float:
        return (w.man + w.advancement * row_of(square) + w.back_rank * (square in GUARD_SQUARES)
                + w.centre * (square in centre))

    def white_man(square: int) -> float:  # the mirror image: square s ↔ 33 − s
        return -(w.man + w.advancement * (7 - row_of(square))
                 + w.back_rank * (33 - square in GUARD_SQUARES) + w.centre * (square in centre))

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
ghost layout of `adversa.games.checkers_board`, and 4,096-entry lists keep the tables small."""
CHUNK_MASK = (1 << CHUNK_BITS) - 1


def chunk_tables(value_at: Callable[[int], T], zero: T, combine: Callable[[T, T], T]) -> Chunks[T]:
    """Per slice of a checkers bitboard, ``value_at`` combined over every subset of squares.

    ``combine`` of ``tables[k][(mask >> k·CHUNK_BITS) & CHUNK_MASK]`` over the three
    slices is ``value_at`` combined over the squares in ``mask`` (a sum with
    `operator.add`, a union of masks with `operator.or_`). Each entry extends the entry
    without its highest bit, so building costs one ``combine`` per entry.
    """
    by_index = {rules.SQUARE_INDEX[square]: value_at(square) for square in rules.SQUARES}
    tables = []
    for first in range(0, 3 * CHUNK_BITS, CHUNK_BITS):
        table = [zero] * (1 << CHUNK_BITS)
        for subset in range(1, 1 << CHUNK_BITS):
            top = subset.bit_length() - 1
            table[subset] = combine(table[subset ^ (1 << top)], by_index.get(first + top, zero))
        tables.append(table)
    return tables[0], tables[1], tables[2]
