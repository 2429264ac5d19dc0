"""Othello move generation on bitboards: the hot path of the rules, the search and perft.

A board of ``size`` × ``size`` squares is an int per colour: square ``a1`` (top left)
is bit 0, ``b1`` bit 1, …, ``a2`` bit ``size`` (row-major, rows top to bottom). A
position is always seen from the side to move: ``mine`` and ``theirs``.

Speed over elegance, and why:

* `Geometry.move_mask` finds every legal move at once by flooding from the mover's
  discs through the opponent's in the eight directions (shift-and-mask, Kogge–Stone
  doubling: three shifts cover runs of up to seven discs). Discs on the left and
  right files are masked out of the opponent's set for the sideways and diagonal
  directions, so a shift never wraps into the next row.
* `Geometry.flips` finds the discs a move turns over with precomputed rays: for each
  square and direction, the squares from it to the edge. The nearest square on the
  ray that is not the opponent's (lowest set bit for rays that go up in bit order,
  highest for the others) must be the mover's, and the ray's squares before it flip.
  No Python loop runs over squares, only over the (at most eight) rays of a square.
"""

from __future__ import annotations

import functools

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
        self.inner_files = self.full & ~left_file & ~right_file
        """Every square but the left and right files: flood masks for sideways shifts."""
        self.not_left_file = self.full & ~left_file
        """Where a step east may land (a step east onto the left file wrapped a row)."""
        self.not_right_file = self.full & ~right_file
        """Every square but the left and right files: flood masks for sideways shifts."""
        self.steps = 3 if size <= 8 else 4
        """Kogge–Stone doublings: 2^steps − 1 covers the longest run of opponent discs."""
        self.shifts = (1, size, size - 1, size + 1)
        """East, south, south-west and south-east in bit distance (and their opposites)."""
        self.rays: tuple[tuple[tuple[int, bool], ...], ...] = tuple(
            self._rays_from(square) for square in range(self.squares)
        )
        """Per square: (squares from the next one to the edge, True if the ray goes up
        in bit order), rays of at least two squares only (a flip needs two)."""
        self.bits: tuple[int, ...] = tuple(1 << square for square in range(self.squares))

    def _rays_from(self, square: int) -> tuple[tuple[int, bool], ...]:
        row, col = divmod(square, self.size)
        rays = []
        for row_step, col_step in ((0, 1), (1, 0), (1, 1), (1, -1),
                                   (0, -1), (-1, 0), (-1, -1), (-1, 1)):
            ray = 0
            r, c = row + row_step, col + col_step
            while 0 <= r < self.size and 0 <= c < self.size:
                ray |= 1 << (r * self.size + c)
                r, c = r + row_step, c + col_step
            if ray.bit_count() >= 2:
                rays.append((ray, (row_step, col_step) > (0, 0)))
        return tuple(rays)

    def move_mask(self, mine: int, theirs: int) -> int:
        """Every square where the mover may play, as a mask."""
        empty = self.full & ~(mine | theirs)
        inner = theirs & self.inner_files
        moves = 0
        steps = self.steps
        for shift, flood in ((1, inner), (self.size, theirs),
                             (self.size - 1, inner), (self.size + 1, inner)):
            # Towards higher bits: grow the mover's discs through runs of opponent discs.
            grown, through = mine, flood
            grown |= through & (grown << shift)
            through &= through << shift
            grown |= through & (grown << 2 * shift)
            through &= through << 2 * shift
            grown |= through & (grown << 4 * shift)
            if steps == 4:
                through &= through << 4 * shift
                grown |= through & (grown << 8 * shift)
            moves |= empty & ((grown & flood) << shift)
            # Towards lower bits, the same with right shifts.
            grown, through = mine, flood
            grown |= through & (grown >> shift)
            through &= through >> shift
            grown |= through & (grown >> 2 * shift)
            through &= through >> 2 * shift
            grown |= through & (grown >> 4 * shift)
            if steps == 4:
                through &= through >> 4 * shift
                grown |= through & (grown >> 8 * shift)
            moves |= empty & ((grown & flood) >> shift)
        return moves

    def flips(self, mine: int, theirs: int, square: int) -> int:
        """The opponent's discs that a move on ``square`` turns over (0: not a legal move)."""
        flipped = 0
        for ray, upward in self.rays[square]:
            stoppers = ray & ~theirs
            if not stoppers:
                continue
            if upward:
                nearest = stoppers & -stoppers
                if nearest & mine:
                    flipped |= ray & (nearest - 1)
            else:
                nearest = 1 << (stoppers.bit_length() - 1)
                if nearest & mine:
                    flipped |= ray & ~((nearest << 1) - 1)
        return flipped

    def perft(self, mine: int, theirs: int, depth: int, remember: bool = True) -> int:
        """Leaves ``depth`` plies below a position (a pass is a ply; a finished game
        is not a leaf before the horizon).

        The last ply is bulk-counted (the population count of the move mask), and
        positions two or more plies from the horizon are remembered by (discs, depth):
        Othello transposes often, and a repeated subtree is counted once. ``remember``
        False counts every subtree (the benchmark shows both).
        """
        if depth == 0:
            return 1
        move_mask, flips = self.move_mask, self.flips
        known: dict[tuple[int, int, int], int] = {}

        def leaves(mine: int, theirs: int, depth: int) -> int:
            moves = move_mask(mine, theirs)
            if not moves:
                if not move_mask(theirs, mine):
                    return 0  # the game is over before the horizon
                return 1 if depth == 1 else leaves(theirs, mine, depth - 1)
            if depth == 1:
                return moves.bit_count()
            key = (mine, theirs, depth)
            found = known.get(key) if remember else None
            if found is not None:
                return found
            total = 0
            while moves:
                move = moves & -moves
                moves ^= move
                flipped = flips(mine, theirs, move.bit_length() - 1)
                total += leaves(theirs ^ flipped, mine | move | flipped, depth - 1)
            if remember:
                known[key] = total
            return total

        return leaves(mine, theirs, depth)


@functools.cache
def geometry(size: int) -> Geometry:
    """The masks of a board size, shared by every rules object of that size."""
    return Geometry(size)
