"""Othello move generation on bitboards: the hot path of the rules, the search and perft.

A board of ``size`` × ``size`` squares is an int per colour: square ``a1`` (top left)
is bit 0, ``b1`` bit 1, …, ``a2`` bit ``size`` (row-major, rows top to bottom). A
position is always seen from the side to move: ``mine`` and ``theirs``.

Speed over elegance, and why:

* `Geometry.move_mask` finds every legal move at once by flooding from the mover's
  discs through the opponent's in the eight directions (shift-and-mask with doubling
  steps, hand-unrolled, and one addition for the eastward flood: see
  `_move_mask_function`). Discs on the left and right files are masked out of the
  opponent's set for the sideways and diagonal directions, so a shift never wraps
  into the next row.
* `Geometry.flips` finds the discs a move turns over with precomputed rays: for each
  square and direction, the squares from it to the edge, written as constants into a
  function per square (`_flip_functions`). No Python loop runs at all.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

PASS = -1
"""The move of a side that has no legal move while its opponent has one."""


class Geometry:
    """The masks of one board size, built once (`geometry` caches them by size)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.squares = size * size
        self.full = (1 << self.squares) - 1
        left_file = sum(1 << (row * size) for row in range(size))
        right_file = left_file << (size - 1)
        self.not_left_file = self.full & ~left_file
        """Where a step east may land (a step east onto the left file wrapped a row)."""
        self.not_right_file = self.full & ~right_file
        """Where a step west may land (a step west onto the right file wrapped a row)."""
        self.move_mask: Callable[[int, int], int] = _move_mask_function(size)
        """``move_mask(mine, theirs)``: every square where the mover may play, as a mask."""
        flips_at = self.flips_at = _flip_functions(size)
        """Per square, ``flips_at[square](mine, theirs)``: the opponent's discs that a move
        there turns over (0: not a legal move)."""

        def flips(mine: int, theirs: int, square: int) -> int:
            return flips_at[square](mine, theirs)

        self.flips: Callable[[int, int, int], int] = flips
        """``flips(mine, theirs, square)``: ``flips_at[square](mine, theirs)``."""

    def __reduce__(self) -> tuple[Callable[[int], Geometry], tuple[int]]:
        """Pickled as its size: the move generators are closures, which pickle cannot
        carry, and an engine process must receive the rules (`geometry` rebuilds them)."""
        return geometry, (self.size,)

    def perft(self, mine: int, theirs: int, depth: int, remember: bool = True) -> int:
        """Leaves ``depth`` plies below a position, as the published Othello perft
        tables count them: a pass is a ply, and a game that ends before the horizon is
        one leaf (depth 10 from the start counts 228 such 9-ply games: 24,571,284).

        The last ply is bulk-counted (the population count of the move mask), the
        last two plies are counted in one frame, and positions two or more plies from
        the horizon are remembered by (discs, depth): Othello transposes often, and a
        repeated subtree is counted once. ``remember`` False counts every subtree (the
        benchmark shows both).
        """
        if depth == 0:
            return 1
        move_mask, flips_at = self.move_mask, self.flips_at
        known: dict[tuple[int, int, int], int] = {}

        def leaves(mine: int, theirs: int, depth: int) -> int:
            if remember:
                key = (mine, theirs, depth)
                found = known.get(key)
                if found is not None:
                    return found
            moves = move_mask(mine, theirs)
            if not moves:
                if not move_mask(theirs, mine):
                    total = 1  # the game ended before the horizon: one leaf
                else:
                    total = 1 if depth == 1 else leaves(theirs, mine, depth - 1)
            elif depth == 1:
                total = moves.bit_count()
            elif depth == 2:
                # The last two plies in this frame: a call per parent of leaves is a
                # tenth of perft's time. The last ply's positions are not remembered
                # here (a probe costs about what it saves this near the leaves).
                total = 0
                while moves:
                    move = moves & -moves
                    moves ^= move
                    flipped = flips_at[move.bit_length() - 1](mine, theirs)
                    child_mine, child_theirs = theirs ^ flipped, mine | move | flipped
                    replies = move_mask(child_mine, child_theirs)
                    # No reply: a pass or the end of the game, one leaf either way.
                    total += replies.bit_count() if replies else 1
            else:
                total = 0
                while moves:
                    move = moves & -moves
                    moves ^= move
                    flipped = flips_at[move.bit_length() - 1](mine, theirs)
                    total += leaves(theirs ^ flipped, mine | move | flipped, depth - 1)
            if remember:
                known[key] = total
            return total

        return leaves(mine, theirs, depth)


Ray = tuple[int, int]
"""(the square next to the move on the ray, every square of the ray to the edge)."""


def _rays(size: int, square: int) -> tuple[tuple[Ray, ...], tuple[Ray, ...]]:
    """The rays from ``square`` that go up in bit order and those that go down, each of
    at least two squares (a flip needs two)."""
    row, col = divmod(square, size)
    up: list[Ray] = []
    down: list[Ray] = []
    for row_step, col_step in ((0, 1), (1, 0), (1, 1), (1, -1),
                               (0, -1), (-1, 0), (-1, -1), (-1, 1)):
        ray, adjacent = 0, 0
        r, c = row + row_step, col + col_step
        while 0 <= r < size and 0 <= c < size:
            bit = 1 << (r * size + c)
            adjacent = adjacent or bit
            ray |= bit
            r, c = r + row_step, c + col_step
        if ray.bit_count() >= 2:
            (up if (row_step, col_step) > (0, 0) else down).append((adjacent, ray))
    return tuple(up), tuple(down)


SquareFunction = Callable[[int, int], int]
"""``flips(mine, theirs)`` for one square (`Geometry.flips_at`)."""


def _flip_functions(size: int) -> tuple[SquareFunction, ...]:
    """Each square's flip finder, generated as Python source with its rays written in
    as constants (`Geometry.flips_at`).

    Speed over elegance: a loop over a square's ray table costs a tuple unpacking and a
    test per ray, which these straight-line functions do not (about 15 % faster on the
    empty squares of endgame positions, measured while writing this). The rule on each ray: it turns
    discs only if the square next to the move is the opponent's; then the nearest
    square on the ray that is not the opponent's (the lowest bit of a ray going up in
    bit order, the highest of one going down) must be the mover's, and the squares
    before it flip. A square with no opponent's disc next to it is settled by one test.
    """
    source: list[str] = []
    for square in range(size * size):
        up, down = _rays(size, square)
        near = 0
        for adjacent, _ in up + down:
            near |= adjacent
        source += [f"def flips_{square}(mine, theirs):",
                   f"    if not theirs & {near}:", "        return 0", "    flipped = 0"]
        for adjacent, ray in up:
            source += [f"    if theirs & {adjacent}:",
                       f"        stoppers = {ray} & ~theirs",
                       "        nearest = stoppers & -stoppers",
                       "        if nearest & mine:",
                       f"            flipped |= {ray} & (nearest - 1)"]
        for adjacent, ray in down:
            source += [f"    if theirs & {adjacent}:",
                       f"        stoppers = {ray} & ~theirs",
                       "        if stoppers:",
                       "            nearest = 1 << (stoppers.bit_length() - 1)",
                       "            if nearest & mine:",
                       f"                flipped |= {ray} & -(nearest << 1)"]
        source.append("    return flipped")
    namespace: dict[str, SquareFunction] = {}
    exec("\n".join(source), namespace)  # the source written above, nothing from outside
    return tuple(namespace[f"flips_{square}"] for square in range(size * size))


def _move_mask_function(size: int) -> Callable[[int, int], int]:
    """The move generator of one board size, its masks and shifts bound as closure
    constants (a closure cell reads faster than an attribute, and this is the hottest
    function of perft, the search and the solver).

    Unrolled by hand, direction by direction, in opposite pairs (towards higher and
    lower bits) that share their doubling mask: one step, a second step, then doublings
    of two squares, which cover the longest run of opponent discs (``size`` − 2). The
    eastward flood is an addition instead: adding the opponent's discs that touch a
    mover's disc on their west to all the opponent's discs carries along each such run
    and sets the square just past it (a run never reaches the right file, so the carry
    stays in its row).
    """
    full = (1 << size * size) - 1
    left_file = sum(1 << (row * size) for row in range(size))
    inner_files = full & ~left_file & ~(left_file << (size - 1))
    south, south_west, south_east = size, size - 1, size + 1
    wide = size > 8  # runs of up to eight opponent discs need a third doubling

    def move_mask(mine: int, theirs: int) -> int:
        inner = theirs & inner_files
        # East by carry, west by shifts.
        moves = ((inner & (mine << 1)) + inner) & ~inner
        west = inner & (mine >> 1)
        west |= inner & (west >> 1)
        pair = inner & (inner >> 1)
        west |= pair & (west >> 2)
        west |= pair & (west >> 2)
        if wide:
            west |= pair & (west >> 2)
        moves |= west >> 1
        # South and north.
        down = theirs & (mine << south)
        up = theirs & (mine >> south)
        down |= theirs & (down << south)
        up |= theirs & (up >> south)
        pair = theirs & (theirs << south)
        pair_up = pair >> south
        step = 2 * south
        down |= pair & (down << step)
        up |= pair_up & (up >> step)
        down |= pair & (down << step)
        up |= pair_up & (up >> step)
        if wide:
            down |= pair & (down << step)
            up |= pair_up & (up >> step)
        moves |= (down << south) | (up >> south)
        # South-west and north-east.
        down = inner & (mine << south_west)
        up = inner & (mine >> south_west)
        down |= inner & (down << south_west)
        up |= inner & (up >> south_west)
        pair = inner & (inner << south_west)
        pair_up = pair >> south_west
        step = 2 * south_west
        down |= pair & (down << step)
        up |= pair_up & (up >> step)
        down |= pair & (down << step)
        up |= pair_up & (up >> step)
        if wide:
            down |= pair & (down << step)
            up |= pair_up & (up >> step)
        moves |= (down << south_west) | (up >> south_west)
        # South-east and north-west.
        down = inner & (mine << south_east)
        up = inner & (mine >> south_east)
        down |= inner & (down << south_east)
        up |= inner & (up >> south_east)
        pair = inner & (inner << south_east)
        pair_up = pair >> south_east
        step = 2 * south_east
        down |= pair & (down << step)
        up |= pair_up & (up >> step)
        down |= pair & (down << step)
        up |= pair_up & (up >> step)
        if wide:
            down |= pair & (down << step)
            up |= pair_up & (up >> step)
        moves |= (down << south_east) | (up >> south_east)
        return moves & full & ~(mine | theirs)

    return move_mask


@functools.cache
def geometry(size: int) -> Geometry:
    """The masks of a board size, shared by every rules object of that size."""
    return Geometry(size)
