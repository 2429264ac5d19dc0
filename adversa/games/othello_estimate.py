"""A shallow heuristic search that gives the exact solver its first guess at the root.

The solver finds the root's margin by null-window probes that start at a guess and
step away from it (`othello_solver.EndgameSolver.best_move`); every probe on the wrong
side of the true margin refutes all of the root's moves once more, so a guess a few
discs off costs whole solves. The evaluation alone misses FFO-like positions by 2–19
discs; an alpha-beta search of a few plies on it (this module) missed the same ten
20-empty positions by 4 discs on average instead of 8, for a fraction of a second. It
also names its best move, which the first probe tries first.

The search is plain fail-soft negamax with alpha-beta on the bare bitboards, fastest-
first ordering (fewest replies first) and no table: at six to eight plies it visits a
few thousand to some tens of thousands of nodes. A finished game is worth its exact
margin, so a line that ends inside the horizon is judged exactly.
"""

from __future__ import annotations

from adversa.games.othello_bitboard import PASS, Geometry
from adversa.games.othello_eval import WEIGHTS, FeatureMasks, features, phase_of


def final_margin(mine: int, theirs: int, empties: int) -> int:
    """The mover's margin in a finished game: the empty squares go to the winner."""
    difference = mine.bit_count() - theirs.bit_count()
    if difference > 0:
        return difference + empties
    if difference < 0:
        return difference - empties
    return 0


def heuristic_search(masks: FeatureMasks, mine: int, theirs: int,
                     depth: int) -> tuple[float, int]:
    """``(value in discs, best square)`` for the mover, searched ``depth`` plies deep
    with the evaluation at the horizon (``PASS`` as the square when the mover must pass
    or ``depth`` is 0). The value is the minimax value of that tree, exactly."""
    board: Geometry = masks.board
    move_mask, flips, squares = board.move_mask, board.flips, board.squares

    def evaluate(mine: int, theirs: int) -> float:
        weights = WEIGHTS[phase_of(squares - (mine | theirs).bit_count(), squares)]
        return sum(w * v for w, v in zip(weights, features(masks, mine, theirs), strict=True))

    def negamax(mine: int, theirs: int, depth: int, alpha: float, beta: float,
                passed: bool) -> tuple[float, int]:
        moves = move_mask(mine, theirs)
        if not moves:
            if passed or not move_mask(theirs, mine):
                return final_margin(mine, theirs, squares - (mine | theirs).bit_count()), PASS
            value, _ = negamax(theirs, mine, depth, -beta, -alpha, True)
            return -value, PASS
        if depth == 0:
            return evaluate(mine, theirs), PASS
        children = []
        while moves:
            low = moves & -moves
            moves ^= low
            square = low.bit_length() - 1
            flipped = flips(mine, theirs, square)
            child_mine, child_theirs = theirs ^ flipped, mine | flipped | low
            children.append((move_mask(child_mine, child_theirs).bit_count(), square,
                             child_mine, child_theirs))
        children.sort()
        best, best_square = -float(squares + 1), PASS
        for _, square, child_mine, child_theirs in children:
            value, _ = negamax(child_mine, child_theirs, depth - 1, -beta,
                               -max(alpha, best), False)
            value = -value
            if value > best:
                best, best_square = value, square
                if best >= beta:
                    break
        return best, best_square

    infinity = float(squares + 1)
    return negamax(mine, theirs, depth, -infinity, infinity, False)
