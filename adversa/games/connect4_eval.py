"""The Connect Four evaluation: open lines, threats with their row parity, the centre.

Points, counted for Red minus the same for Yellow:

* **Open lines**: every window of k cells in a row, column or diagonal that holds
  stones of one colour only, worth `LINE_POINTS` by how many it holds (1, 4, 16 for
  one, two and three of four): lines that can still be completed are the game's
  raw material, and fuller ones are nearer to winning.
* **Threats**: an empty cell that would complete k in a row for a player. A threat
  is worth `THREAT_POINTS`, more (`GOOD_THREAT_POINTS`) on the row parity that wins
  the endgame when the board fills up: the first player's threats on odd rows
  (1st, 3rd, 5th from the bottom) and the second player's on even rows, because
  with every other column full, zugzwang hands each side the cells of its own
  parity (Allis, "A Knowledge-based Approach of Connect-Four", 1988, §3).
* **Centre**: `CENTRE_POINTS` per stone in the middle column (two middle columns
  on an even width), which takes part in the most windows.

Speed: the windows are bitmasks in the rules' bitboard layout, built once per
board shape; a leaf costs one pass over them (69 on the standard board) with two
ANDs each, and a threat is found as the one empty cell of a window with k − 1
stones of one colour.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from adversa.games.evaluation import Evaluator

if TYPE_CHECKING:
    from adversa.games.connect4 import ConnectFour, ConnectFourState

LINE_POINTS = (0, 1, 4, 16, 64, 256)
"""Points of an open window by the number of stones in it (a full window is a win)."""
THREAT_POINTS = 24
GOOD_THREAT_POINTS = 48
CENTRE_POINTS = 3


@functools.cache
def windows(width: int, height: int, k: int) -> tuple[int, ...]:
    """Every line of k cells on the board, as a bitmask in the rules' layout."""
    stride = height + 1
    found = []
    for col in range(width):
        for row in range(height):
            for col_step, row_step in ((0, 1), (1, 0), (1, 1), (1, -1)):
                end_col, end_row = col + col_step * (k - 1), row + row_step * (k - 1)
                if 0 <= end_col < width and 0 <= end_row < height:
                    found.append(sum(1 << ((col + col_step * i) * stride + row + row_step * i)
                                     for i in range(k)))
    return tuple(found)


def row_parity_masks(width: int, height: int) -> tuple[int, int]:
    """The cells of the odd rows (1st, 3rd … from the bottom) and of the even rows."""
    stride = height + 1
    odd = even = 0
    for col in range(width):
        for row in range(height):
            if row % 2 == 0:
                odd |= 1 << (col * stride + row)
            else:
                even |= 1 << (col * stride + row)
    return odd, even


def connect4_evaluator(game: ConnectFour) -> Evaluator[ConnectFourState]:
    """The evaluation above for ``game``'s board; ``raw_value`` is in points."""
    lines = windows(game.width, game.height, game.k)
    k = game.k
    line_points = LINE_POINTS[:k]
    odd_rows, even_rows = row_parity_masks(game.width, game.height)
    middle = {(game.width - 1) // 2, game.width // 2}
    centre = sum(game.column_mask[col] for col in middle)
    scale = float(len(lines) * line_points[-1] + game.cells * GOOD_THREAT_POINTS
                  + game.cells * CENTRE_POINTS + 1)

    def evaluate(state: ConnectFourState, player: int) -> float:
        # Speed over elegance: one loop over the windows with everything in locals.
        mover_stones, mask = state.current, state.mask
        if state.ply & 1:
            yellow, red = mover_stones, mask ^ mover_stones
        else:
            red, yellow = mover_stones, mask ^ mover_stones
        score = 0
        red_threats = yellow_threats = 0
        for window in lines:
            reds = red & window
            yellows = yellow & window
            if reds:
                if not yellows:
                    count = reds.bit_count()
                    if count == k - 1:
                        red_threats |= window ^ reds
                    score += line_points[count]
            elif yellows:
                count = yellows.bit_count()
                if count == k - 1:
                    yellow_threats |= window ^ yellows
                score -= line_points[count]
        score += (GOOD_THREAT_POINTS * (red_threats & odd_rows).bit_count()
                  + THREAT_POINTS * (red_threats & even_rows).bit_count()
                  - GOOD_THREAT_POINTS * (yellow_threats & even_rows).bit_count()
                  - THREAT_POINTS * (yellow_threats & odd_rows).bit_count())
        score += CENTRE_POINTS * ((red & centre).bit_count() - (yellow & centre).bit_count())
        value = score / scale
        return value if player == 0 else -value

    return Evaluator(evaluate, game, raw_scale=scale, raw_name="pts")
