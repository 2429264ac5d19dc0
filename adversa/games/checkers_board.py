"""The checkers board: square numbering, the ghost-square bitboard layout, Zobrist keys.

Squares are numbered 1–32 as in every checkers book: square 1 is the leftmost
dark square of the top row (Black's side), squares 1–4 form row 0, 5–8 row 1,
and so on. Black starts on 1–12 and moves first, towards higher numbers; White
starts on 21–32.

A position is three Python ints — Black's pieces, White's pieces, and the kings
of either colour — in the *ghost-square* layout: square ``s`` (index
``i = s - 1``) lives at bit ``i + i // 8``, so bits 8, 17 and 26 are unused
"ghosts"::

     row 0:   .  0  .  1  .  2  .  3        (squares 1–4)
     row 1:   4  .  5  .  6  .  7  .        (squares 5–8)     ghost bit 8
     row 2:   .  9  . 10  . 11  . 12        (squares 9–12)
     ...

With the ghosts in place, every step towards White's side is ``<< 4`` (down-left)
or ``<< 5`` (down-right) from *every* square, and a step off the board lands on
a ghost bit or outside the 35 bits, which one mask (`VALID`) removes. Whole
sets of moves are therefore found with a handful of shifts and ANDs
(`adversa.games.checkers_movegen`).

This module holds only what every other checkers module needs: the numbering,
the masks and the Zobrist keys. The rules live in `adversa.games.checkers`.
"""

from __future__ import annotations

import random

BLACK = 0
WHITE = 1

SQUARES = range(1, 33)
SQUARE_INDEX: dict[int, int] = {s: (s - 1) + (s - 1) // 8 for s in SQUARES}
"""Square number → bit index in the ghost layout."""
INDEX_SQUARE: dict[int, int] = {index: s for s, index in SQUARE_INDEX.items()}
SQUARE_BIT: dict[int, int] = {s: 1 << index for s, index in SQUARE_INDEX.items()}
BIT_SQUARE: dict[int, int] = {bit: s for s, bit in SQUARE_BIT.items()}
VALID = sum(SQUARE_BIT.values())
BLACK_CROWN_ROW = sum(SQUARE_BIT[s] for s in range(29, 33))
"""Where black men are crowned (White's back row)."""
WHITE_CROWN_ROW = sum(SQUARE_BIT[s] for s in range(1, 5))
CROWN_ROWS = (BLACK_CROWN_ROW, WHITE_CROWN_ROW)
DOWN = (4, 5)  # towards White's side: Black's forward steps
UP = (-4, -5)  # towards Black's side: White's forward steps


def square_coordinates(square: int) -> tuple[int, int]:
    """(row, col) of a square; row 0 is Black's side (squares 1–4), col 0 the left."""
    row, position = divmod(square - 1, 4)
    return row, 2 * position + (1 if row % 2 == 0 else 0)


def square_at(row: int, col: int) -> int | None:
    """The square number at (row, col), or None for a light square or off the board."""
    if not (0 <= row < 8 and 0 <= col < 8) or (row + col) % 2 == 0:
        return None
    return 4 * row + col // 2 + 1


def squares_of(mask: int) -> list[int]:
    """The square numbers in a bit mask, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(BIT_SQUARE[low])
        mask ^= low
    return found


# --------------------------------------------------------------------------- zobrist keys

_rng = random.Random(0xC4EC)  # fixed seed: keys (and search traces) are reproducible
ZOBRIST_PIECE: tuple[dict[int, int], ...] = tuple(
    {bit: _rng.getrandbits(64) for bit in BIT_SQUARE} for _colour in (BLACK, WHITE)
)
"""Per colour: square bit → key of a piece of that colour there (man or king)."""
ZOBRIST_KING: dict[int, int] = {bit: _rng.getrandbits(64) for bit in BIT_SQUARE}
"""Square bit → extra key when the piece there is a king."""
ZOBRIST_WHITE_TO_MOVE = _rng.getrandbits(64)


def zobrist_key(black: int, white: int, kings: int, player: int) -> int:
    """The Zobrist key computed from scratch (states keep it updated incrementally)."""
    key = ZOBRIST_WHITE_TO_MOVE if player == WHITE else 0
    for mask, table in ((black, ZOBRIST_PIECE[BLACK]), (white, ZOBRIST_PIECE[WHITE]),
                        (kings, ZOBRIST_KING)):
        while mask:
            low = mask & -mask
            key ^= table[low]
            mask ^= low
    return key
