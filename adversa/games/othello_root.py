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
"""How far a root probe steps up from a success, and the first step down from a
failure: the smallest difference between two margins (a full board's margins are all
even). Doubling the step up overshot into failures: FFO #40 took 21.3 M nodes with
this step and 23.0 M doubling, and 5 positions 4 moves into FFO #40–#44 9 % fewer
nodes. Steps down double (`margin_by_null_windows`): with the guess 12 discs high,
FFO #44 took 61.2 M nodes instead of 65.4 M; #33 13.7 M instead of 14.5 M, #34
12.7 M instead of 11.0 M."""


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
    ``guess`` (the solver's estimate, whose best move is ``first``). After a success
    the next probe asks for `PROBE_STEP` discs more than proved; after a failure it
    goes below the bound proved, twice as far each time, since a failure refutes every
    root move (FFO #44: 19.9 M nodes for the win/draw/loss probe, 15.1 M for the next)
    while a success needs one good move (#40: 0.85 M against 17 M for the failure that
    ends the solve). Each fail-soft answer narrows the bounds, often past the threshold
    asked. A null window costs a fraction of a wide one (measured while writing this:
    the margin searched with the window (0, ∞) after a probe at 0 cost ten times that
    probe), and the solver's table carries what each probe proved to the next.
    """
    low, high = -squares, squares
    best_square, proven = first, False
    drop = PROBE_STEP  # the next step down from a failure's bound; doubles with each
    value, square = probe(-1, 1, first)  # win, draw or loss first
    if -1 < value < 1:
        return value, square
    if value >= 1:
        low, best_square, proven = value, square, True
    else:
        high, drop = value, 2 * drop
    threshold = min(guess, high - drop + PROBE_STEP)
    while low < high:
        threshold = max(low + 1, min(high, threshold))
        value, square = probe(threshold - 1, threshold, best_square)
        if value >= threshold:
            low, best_square, proven = value, square, True
            threshold = low + PROBE_STEP
        else:
            high = value
            if not proven:
                best_square = square  # every move is as bad as the bound, so far
            threshold = high - drop + PROBE_STEP
            drop *= 2
    return low, best_square
