"""The Othello evaluation: a linear sum of classic features, weighted by game phase.

Features, each the side to move's count minus the opponent's:

* **mobility**: legal moves (a side short of moves must give up good squares);
* **frontier** (potential mobility): discs next to an empty square; fewer is better,
  since frontier discs hand the opponent moves;
* **corners**: corners held (never turned again);
* **X-squares** and **C-squares**: the squares diagonally and orthogonally next to
  an *empty* corner, which give the corner away;
* **stable edge discs**: discs on an edge joined to an owned corner through own discs;
* **discs**: the plain count (worth little early, everything at the end);
* **parity**: +1 when the number of empties is odd (the mover gets the last move).

The weights depend on the phase (by the number of empty squares, `PHASES` of them),
and are fitted by ``benchmarks/tune_othello.py`` (least squares against the final
disc margin of self-play games); the value is in discs for the side to move, kept
strictly inside the utility range. Speed: every feature is a few bitboard
operations; the only loop is the short growth of the stable edges.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from adversa.games.evaluation import Evaluator, ProbCutModel
from adversa.games.othello_bitboard import Geometry

if TYPE_CHECKING:
    from adversa.games.othello import Othello, OthelloState

FEATURES = ("mobility", "frontier", "corners", "x_squares", "c_squares", "stable_edges",
            "discs", "parity")
PHASES = 4
"""Phases by empty squares: the first quarter of the game (most empties) … the last."""

WEIGHTS: tuple[tuple[float, ...], ...] = (
    (0.06, -1.68, -10.02, -9.84, -7.88, 14.63, 0.09, -6.61),
    (0.55, -1.97, 3.61, -12.85, -6.16, 1.2, 0.42, -4.52),
    (1.57, -0.9, 5.51, -9.4, -3.75, 1.18, 0.16, -4.28),
    (2.27, -1.04, 2.36, -3.73, -0.66, 0.53, 0.7, -1.08),
)
"""Per phase, one weight per feature (in discs), as ``benchmarks/tune_othello.py
--games 150`` fitted them (in the opening phase corners and stable edges go together,
so their weights share the credit between them)."""


PROBCUT = ProbCutModel(shallow=2, deep=4, slope=1.020, intercept=0.499, sigma=3.25,
                       threshold=1.5)
"""ProbCut's model for this evaluation (``probcut=on``), as ``benchmarks/fit_othello_probcut.py
--shallow 2 --deep 4`` fitted it on 200 positions with 20–50 empties: a depth-4 value is
about 1.020 × the depth-2 value + 0.499 discs, residuals σ 3.25 discs. The threshold
t = 1.5 (σ) is the fit script's default."""


class FeatureMasks:
    """The masks the features need for one board size."""

    def __init__(self, board: Geometry) -> None:
        size = board.size
        self.board = board
        last = size - 1
        corners = (0, last, last * size, last * size + last)
        self.corners = sum(1 << square for square in corners)

        def at(row: int, col: int) -> int:
            return 1 << (row * size + col)

        # (corner bit, its X-square, its two C-squares)
        self.corner_neighbours = tuple(
            (at(row, col), at(row + dr, col + dc), at(row, col + dc) | at(row + dr, col))
            for row, col, dr, dc in ((0, 0, 1, 1), (0, last, 1, -1),
                                     (last, 0, -1, 1), (last, last, -1, -1))
        )
        self.edges = sum(at(0, c) | at(last, c) | at(c, 0) | at(c, last) for c in range(size))
        self.top_bottom = sum(at(0, c) | at(last, c) for c in range(size))
        self.left_right = sum(at(c, 0) | at(c, last) for c in range(size))


def features(masks: FeatureMasks, mine: int, theirs: int) -> tuple[int, ...]:
    """The feature values of a position for the side to move (see the module text)."""
    board = masks.board
    size, full = board.size, board.full
    empty = full & ~(mine | theirs)
    move_mask = board.move_mask
    mobility = move_mask(mine, theirs).bit_count() - move_mask(theirs, mine).bit_count()
    east, west = board.not_left_file, board.not_right_file
    # Squares next to an empty one: the empties spread one step in every direction
    # (a step east must not land on the left file, which would be a wrap, and so on).
    beside = (empty << size | empty >> size
              | (east & (empty << 1 | empty << (size + 1) | empty >> (size - 1)))
              | (west & (empty >> 1 | empty >> (size + 1) | empty << (size - 1))))
    frontier = (mine & beside).bit_count() - (theirs & beside).bit_count()
    corners = (mine & masks.corners).bit_count() - (theirs & masks.corners).bit_count()
    x_squares = c_squares = 0
    for corner, x_square, c_pair in masks.corner_neighbours:
        if empty & corner:
            x_squares += bool(mine & x_square) - bool(theirs & x_square)
            c_squares += (mine & c_pair).bit_count() - (theirs & c_pair).bit_count()
    stable = stable_edges(masks, mine) - stable_edges(masks, theirs)
    discs = mine.bit_count() - theirs.bit_count()
    parity = empty.bit_count() & 1
    return (mobility, frontier, corners, x_squares, c_squares, stable, discs, parity)


def stable_edges(masks: FeatureMasks, discs: int) -> int:
    """Discs on an edge joined to an own corner through own edge discs (never turned)."""
    size = masks.board.size
    stable = discs & masks.corners
    if not stable:
        return 0
    along_rows = discs & masks.top_bottom
    along_cols = discs & masks.left_right
    while True:
        grown = stable | (along_rows & ((stable << 1) | (stable >> 1)))
        grown |= along_cols & ((stable << size) | (stable >> size))
        if grown == stable:
            return stable.bit_count()
        stable = grown


def phase_of(empties: int, squares: int) -> int:
    """0 for the opening quarter of the game … `PHASES` − 1 for the last."""
    played = squares - 4 - empties
    return min(PHASES - 1, max(0, played * PHASES // (squares - 4)))


def othello_evaluator(
    game: Othello, weights: Sequence[Sequence[float]] = WEIGHTS
) -> Evaluator[OthelloState]:
    """The evaluation above for ``game``'s board size; ``raw_value`` is in discs."""
    masks = FeatureMasks(game.board)
    squares = game.squares
    ceiling = squares - 0.5  # strictly inside the margin range
    by_phase = tuple(tuple(row) for row in weights)

    def evaluate(state: OthelloState, player: int) -> float:
        mine, theirs = state.mine, state.theirs
        values = features(masks, mine, theirs)
        empties = squares - (mine | theirs).bit_count()
        row = by_phase[phase_of(empties, squares)]
        score = sum(weight * value for weight, value in zip(row, values, strict=True))
        score = max(-ceiling, min(ceiling, score))
        return score if player == state.mover else -score

    return Evaluator(evaluate, game, raw_scale=1.0, raw_name="discs", probcut=PROBCUT)
