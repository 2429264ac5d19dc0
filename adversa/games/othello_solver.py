"""The exact Othello endgame solver: the final disc margin with perfect play.

A negamax alpha-beta on the bare bitboards (no Game protocol on the hot path), with
the classic endgame enhancements:

* **fastest-first** ordering: moves that leave the opponent the fewest replies go
  first (corners win ties), which finds the cut early in most nodes;
* **parity**: with few empties left, moves into regions (quadrants) with an odd
  number of empties go first, since the last move in a region is worth having;
* a **transposition table** keyed by the two bitboards, holding bounds and the best
  move, for nodes with enough empties to repay it;
* **principal variation search**: after the first move, each move is first proved
  no better with a null window, and searched again only when that proof fails;
* **special code for the last empties**: the last square is tried for each side in
  turn, and below `ORDER_EMPTIES` no move mask is generated at all (each empty square
  is tried, in parity order, `_shallow`).

The margin counts the empty squares for the winner, as the rules do, and the
null-window mode (`solve_result`, window (−1, 1)) answers win/draw/loss faster.
Speed is pure Python: see ``benchmarks/bench_othello_endgame.py`` for the figures.
"""

from __future__ import annotations

from dataclasses import dataclass

from adversa.games.othello_bitboard import PASS, Geometry

TABLE_EMPTIES = 7
"""Nodes with at least this many empties use the transposition table."""
ORDER_EMPTIES = 7
"""Nodes with at least this many empties sort moves by the opponent's mobility."""


@dataclass(slots=True)
class SolveStats:
    """What a solve cost: nodes visited (every position the solver entered)."""

    nodes: int = 0


class EndgameSolver:
    """Solves positions of one board size; keeps its table between calls."""

    def __init__(self, board: Geometry) -> None:
        self.board = board
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}
        """(mine, theirs) → (lower bound, upper bound, best square)."""
        self.stats = SolveStats()
        size = board.size
        half = size // 2
        self.quadrants = tuple(
            sum(1 << (row * size + col) for row in range(top, top + half)
                for col in range(left, left + half))
            for top in (0, half) for left in (0, half)
        )
        last = size - 1
        self.corners = (1 | 1 << last | 1 << (last * size) | 1 << (last * size + last))

    def solve(self, mine: int, theirs: int, alpha: int = -10_000, beta: int = 10_000) -> int:
        """The mover's final margin with perfect play (exact inside ``(alpha, beta)``,
        a bound outside it, as alpha-beta gives)."""
        empty = self.board.full & ~(mine | theirs)
        return self._search(mine, theirs, empty, alpha, beta, False)

    def best_move(self, mine: int, theirs: int) -> tuple[int, int]:
        """``(square or PASS, margin)`` of a best move for the side to move."""
        board = self.board
        empty = board.full & ~(mine | theirs)
        moves = board.move_mask(mine, theirs)
        if not moves:
            if not board.move_mask(theirs, mine):
                raise ValueError("the game is over: there is no move to choose")
            return PASS, -self._search(theirs, mine, empty, -10_000, 10_000, True)
        best_square, best = PASS, -10_000
        for square, flipped in self._ordered(mine, theirs, moves, empty):
            bit = 1 << square
            value = -self._search(theirs ^ flipped, mine | flipped | bit, empty ^ bit,
                                  -10_000, -best, False)
            if value > best:
                best_square, best = square, value
        return best_square, best

    # ---- the search -------------------------------------------------------------

    def _final(self, mine: int, theirs: int, empty_count: int) -> int:
        difference = mine.bit_count() - theirs.bit_count()
        if difference > 0:
            return difference + empty_count
        if difference < 0:
            return difference - empty_count
        return 0

    def _last_square(self, mine: int, theirs: int, square: int) -> int:
        """The final margin with one empty square: the mover plays it, else the
        opponent, else nobody."""
        self.stats.nodes += 1
        flips = self.board.flips
        flipped = flips(mine, theirs, square)
        if flipped:
            return (mine.bit_count() + flipped.bit_count()) * 2 + 2 - self.board.squares
        flipped = flips(theirs, mine, square)
        if flipped:
            return self.board.squares - (theirs.bit_count() + flipped.bit_count()) * 2 - 2
        return self._final(mine, theirs, 1)

    def _shallow(self, mine: int, theirs: int, empty: int, alpha: int, beta: int,
                 passed: bool) -> int:
        """`_search` for the last few empties, where most nodes are and sorting does
        not repay itself: no table and no move generation. Each empty square is tried
        (its turned discs are found anyway, and none means it is not a move: with five
        empties or fewer that costs less than a move mask), those in regions with an
        odd number of empties first (two mask loops, no sort)."""
        if empty & (empty - 1) == 0:
            return self._last_square(mine, theirs, empty.bit_length() - 1)
        self.stats.nodes += 1
        odd = 0
        for quadrant in self.quadrants:
            if (empty & quadrant).bit_count() & 1:
                odd |= quadrant
        flips, shallow = self.board.flips, self._shallow
        best = -10_000
        for group in (empty & odd, empty & ~odd):
            while group:
                bit = group & -group
                group ^= bit
                flipped = flips(mine, theirs, bit.bit_length() - 1)
                if not flipped:
                    continue  # not a legal move
                value = -shallow(theirs ^ flipped, mine | flipped | bit, empty ^ bit,
                                 -beta, -max(alpha, best), False)
                if value > best:
                    best = value
                    if best >= beta:
                        return best
        if best > -10_000:
            return best
        if passed:
            return self._final(mine, theirs, empty.bit_count())
        return -shallow(theirs, mine, empty, -beta, -alpha, True)

    def _search(self, mine: int, theirs: int, empty: int, alpha: int, beta: int,
                passed: bool) -> int:
        count = empty.bit_count()
        if count < ORDER_EMPTIES:
            return self._shallow(mine, theirs, empty, alpha, beta, passed)
        self.stats.nodes += 1
        board = self.board
        moves = board.move_mask(mine, theirs)
        if not moves:
            if passed:
                return self._final(mine, theirs, count)
            return -self._search(theirs, mine, empty, -beta, -alpha, True)
        key = (mine, theirs)
        first = -1
        if count >= TABLE_EMPTIES:
            stored = self.table.get(key)
            if stored is not None:
                lower, upper, first = stored
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower == upper:
                    return lower
                alpha = max(alpha, lower)
                beta = min(beta, upper)
        original_alpha = alpha
        best, best_square = -10_000, -1
        for square, flipped in self._ordered(mine, theirs, moves, empty, first):
            bit = 1 << square
            child_mine, child_theirs = theirs ^ flipped, mine | flipped | bit
            if best_square < 0:
                value = -self._search(child_mine, child_theirs, empty ^ bit,
                                      -beta, -alpha, False)
            else:
                # Principal variation search: prove the move no better than the best
                # with a null window, and search it again only when that fails.
                floor = max(alpha, best)
                value = -self._search(child_mine, child_theirs, empty ^ bit,
                                      -floor - 1, -floor, False)
                if floor < value < beta:
                    value = -self._search(child_mine, child_theirs, empty ^ bit,
                                          -beta, -value, False)
            if value > best:
                best, best_square = value, square
                if best >= beta:
                    break
        if count >= TABLE_EMPTIES:
            lower, upper = -10_000, 10_000
            if best > original_alpha:
                lower = best
            if best < beta:
                upper = best
            self.table[key] = (lower, upper, best_square)
        return best

    def _ordered(self, mine: int, theirs: int, moves: int, empty: int,
                 first: int = -1) -> list[tuple[int, int]]:
        """The moves as (square, discs it turns), the most promising first (see the
        module text); the turned discs are found once, for the ordering and the move."""
        flips = self.board.flips
        pairs = []
        while moves:
            low = moves & -moves
            square = low.bit_length() - 1
            pairs.append((square, flips(mine, theirs, square)))
            moves ^= low
        if len(pairs) < 2:
            return pairs
        odd = 0
        for quadrant in self.quadrants:
            if (empty & quadrant).bit_count() & 1:
                odd |= quadrant
        corners, move_mask = self.corners, self.board.move_mask

        def replies(pair: tuple[int, int]) -> int:
            square, flipped = pair
            if square == first:
                return -1000
            bit = 1 << square
            score = move_mask(theirs ^ flipped, mine | flipped | bit).bit_count() * 4
            score -= 3 if corners & bit else 0
            score -= 1 if odd & bit else 0
            return score

        pairs.sort(key=replies)
        return pairs


def solve_result(solver: EndgameSolver, mine: int, theirs: int) -> int:
    """Win (1), draw (0) or loss (−1) for the mover, by a null-window solve."""
    value = solver.solve(mine, theirs, -1, 1)
    return (value > 0) - (value < 0)
