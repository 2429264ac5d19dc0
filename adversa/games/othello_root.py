"""How the endgame solver finds the root's exact margin: null-window probes only.

`margin_by_null_windows` drives the probes; `othello_solver.EndgameSolver.best_move`
gives it a probe of the root's moves (a principal variation search in the window
asked) and its first guess (`othello_estimate`). Apart from the solver so that the
probe plan, which decides most of a 20-empty solve's cost (a probe on the wrong side
of the margin refutes every root move once more), reads on its own.
"""

from __future__ import annotations

from collections.abc import Callable

Probe = Callable[[int, int, int], tuple[int, int]]
"""``probe(alpha, beta, first) → (value, move)``: the root searched in that window,
``first`` tried first, fail-soft."""

PROBE_STEP = 2
"""How far each root probe steps from the last until the margin is bracketed: the
smallest difference between two margins (a full board's margins are all even). A
success (one good move) costs far less than a failure (every move refuted), and
doubling the step overshot into failures: FFO #40 took 21.3 M nodes with this step
and 23.0 M doubling, and 5 positions 4 moves into FFO #40–#44 9 % fewer nodes."""


def margin_by_null_windows(probe: Probe, guess: int, first: int,
                           squares: int) -> tuple[int, int]:
    """The exact margin and the move that reaches it, by null-window searches only
    (``squares`` bounds every margin).

    ``probe(alpha, beta, first)`` searches the root in that window (``first``, the move
    of the last success, tried first) and returns ``(value, move)``, fail-soft. The
    first probe, in the window (−1, 1), tells a win from a draw from a loss, and a draw
    is exact at once: three of ten 20-empty FFO positions are draws, and one probe
    there cost 2.2 M nodes where the guess's probes cost 3.6 M (#30), while on #27,
    #33 and #40 it added at most 2 %. The next asks whether the margin reaches
    ``guess`` (the solver's estimate, whose best move is ``first``); the next ones step
    away from it in the direction the answer gave, by `PROBE_STEP` discs each time,
    until the margin is bracketed, and then halve the bracket. Each fail-soft answer
    narrows the bounds, often past the threshold asked. A null window costs a fraction
    of a wide one (measured while writing this: the margin searched with the window
    (0, ∞) after a probe at 0 cost ten times that probe), and the solver's table
    carries what each probe proved to the next.
    """
    low, high = -squares, squares
    best_square, proven = first, False
    value, square = probe(-1, 1, first)  # win, draw or loss first
    if -1 < value < 1:
        return value, square
    if value >= 1:
        low, best_square, proven = value, square, True
    else:
        high = value
    threshold = guess
    rose = fell = False
    while low < high:
        threshold = max(low + 1, min(high, threshold))
        value, square = probe(threshold - 1, threshold, best_square)
        if value >= threshold:
            low, best_square, proven, rose = value, square, True, True
        else:
            high, fell = value, True
            if not proven:
                best_square = square  # every move is as bad as the bound, so far
        if rose and fell:
            threshold = (low + high + 1) // 2
        else:
            threshold = low + PROBE_STEP if rose else high - PROBE_STEP + 1
    return low, best_square
