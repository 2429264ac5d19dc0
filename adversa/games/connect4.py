"""Connect Four: drop stones into columns; the first to line up four wins.

Red (player 0, ``X``) moves first; a stone falls to the lowest empty cell of its
column. ``width`` × ``height`` (7 × 6 by default) and ``k`` in a row are options.

Notation
    Move: the column number, ``1`` … ``7`` from the left, as in the move sequences
    of Connect Four solvers (``4453`` is 4, 4, 5, 3); ``--moves "4 4 5 3"`` plays
    such a sequence from the start.
    Position: rows from the top to the bottom separated by ``/``, cells ``X`` (Red),
    ``O`` (Yellow) and ``.``, e.g. ``......./......./......./......./...O.../...X...``
    after 4, 4. Stones rest on the bottom or on other stones; the side to move
    follows from the counts. A position may also be given as the solvers' move
    sequence itself, digits only: ``--position 4453``.

Speed: the board is two integers in the classic bitboard layout of Connect Four
solvers (John Tromp's, Pascal Pons'): column ``c`` owns bits ``c·(h+1)`` …
``c·(h+1)+h-1``, bottom first, and bit ``c·(h+1)+h`` stays empty as a sentinel, so
shifting a board by 1, ``h``, ``h+1`` or ``h+2`` moves every stone one step up, one
diagonal, sideways or the other diagonal without wrapping into the next column.
k in a row is then ``k-1`` shift-and-AND steps (`_wins`), checked only for the
player who just moved; a move is ``mask + bottom_of_column`` (the carry finds the
lowest empty cell). The state stores the stones of the player to move and of
both, the ply and the winner, so every rule is a few integer operations.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import ClassVar, NamedTuple

from adversa.games.base import (
    FINISHED,
    SETTLED,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Option,
    Outcome,
    illegal_move_message,
    line_game_shape,
    rules_of,
    whole_number,
)
from adversa.games.connect4_eval import connect4_evaluator
from adversa.games.registry import ForRules, GameEntry, SolveLimits

NO_WINNER = -1
STONES = ("X", "O")
"""How the position notation writes Red's and Yellow's stones."""


class ConnectFourState(NamedTuple):
    """A position: the stones of the player to move (``current``), all stones
    (``mask``), the number of stones played (``ply``; even: Red to move) and the
    winner (``-1`` while nobody has won), cached so `is_terminal` is two tests."""

    current: int
    mask: int
    ply: int
    winner: int


Column = int
"""A move is the index of the column it drops into, 0 = leftmost (written ``1``)."""


def _doubling_steps(k: int) -> tuple[int, ...]:
    """Overlaps that grow runs of one stone into runs of ``k``: 4 → (1, 2), 6 → (1, 2, 2).

    ``run & (run >> step · shift)`` turns runs of L cells into runs of L + step when
    step ≤ L, so two AND-shifts per direction find four in a row and three find up to
    six, instead of k − 1.
    """
    steps: list[int] = []
    length = 1
    while length < k:
        step = min(length, k - length)
        steps.append(step)
        length += step
    return tuple(steps)


class ConnectFour(Game[ConnectFourState, Column]):
    """Connect Four on a ``width`` × ``height`` board where ``k`` in a row wins."""

    name: ClassVar[str] = "connect4"
    title: ClassVar[str] = "Connect Four"
    description: ClassVar[str] = (
        "Drop stones into the columns of an upright board; the first to line up four "
        "in a row, column or diagonal wins."
    )
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("width", "int", 7, "Number of columns.", minimum=4, maximum=9),
        Option("height", "int", 6, "Number of rows.", minimum=4, maximum=8),
        Option("k", "int", 4, "How many stones in a line win.", minimum=3, maximum=6),
    )

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.width, self.height, self.k = line_game_shape(self.options)
        stride = self.height + 1
        self.stride = stride
        self.bottom: tuple[int, ...] = tuple(1 << (col * stride) for col in range(self.width))
        """The lowest cell of each column."""
        self.top: tuple[int, ...] = tuple(1 << (col * stride + self.height - 1)
                                          for col in range(self.width))
        """The highest cell of each column: a column is full when it is taken."""
        self.column_mask: tuple[int, ...] = tuple(((1 << self.height) - 1) << (col * stride)
                                                  for col in range(self.width))
        self.bottom_row: int = sum(self.bottom)
        self.board_mask: int = self.bottom_row * ((1 << self.height) - 1)
        """Every playable cell (no sentinel bits)."""
        self.top_row: int = sum(self.top)
        self.cells = self.width * self.height
        self.shifts = (1, stride, stride - 1, stride + 1)
        """Vertical, horizontal and the two diagonals, in bit distance."""
        # Speed: every set of full columns maps to its prebuilt list of legal moves, so
        # legal_moves is one AND and one dict lookup (callers get a fresh copy).
        self._moves_when_full: dict[int, tuple[Column, ...]] = {}
        for full_columns in range(1 << self.width):
            full = sum(self.top[col] for col in range(self.width) if full_columns >> col & 1)
            self._moves_when_full[full] = tuple(
                col for col in range(self.width) if not full_columns >> col & 1
            )
        steps = _doubling_steps(self.k)
        self._run_shifts = tuple(tuple(step * shift for step in steps) for shift in self.shifts)
        # Speed: a loop over the run shifts nested in the loop over directions costs more
        # than the shifts themselves, so the line test unpacks a fixed number of shifts
        # per direction: two for k ≤ 4, three for 5 and 6 (k = 3 has steps (1, 1)).
        self._wins: Callable[[int], bool] = (
            self._line_in_two_steps if len(steps) == 2 else self._line_in_three_steps
        )
        """True when the given stones hold k in a row in some direction."""
        # Threats (perft's bulk count): a stone can only lie below an empty cell, so a
        # vertical threat needs the k − 1 stones right under it; other directions allow
        # stones on both sides of the cell.
        self._below_shifts = tuple(range(1, self.k))
        self._side_shifts = tuple(
            (tuple(count * shift for count in range(1, self.k)),
             tuple((self.k - behind) * shift for behind in range(self.k)))
            for shift in self.shifts[1:]
        )

    # ---- players and flow -------------------------------------------------

    def player_name(self, player: int) -> str:
        return ("Red", "Yellow")[player]

    def initial_state(self) -> ConnectFourState:
        return ConnectFourState(0, 0, 0, NO_WINNER)

    def to_move(self, state: ConnectFourState) -> int:
        return state.ply & 1

    def legal_moves(self, state: ConnectFourState) -> list[Column]:
        """The columns that are not full, left to right (empty once somebody has won)."""
        if state.winner != NO_WINNER:
            return []
        return list(self._moves_when_full[state.mask & self.top_row])

    def result(self, state: ConnectFourState, move: Column) -> ConnectFourState:
        current, mask, ply, _ = state
        new_mask = mask | (mask + self.bottom[move])  # the carry lands on the lowest empty cell
        mine = current | (new_mask ^ mask)
        won = self._wins(mine)
        # The opponent's stones become "current": all stones minus the mover's.
        return ConnectFourState(mine ^ new_mask, new_mask, ply + 1,
                                (ply & 1) if won else NO_WINNER)

    def _line_in_two_steps(self, stones: int) -> bool:
        for first, second in self._run_shifts:
            run = stones & (stones >> first)
            if run & (run >> second):
                return True
        return False

    def _line_in_three_steps(self, stones: int) -> bool:
        for first, second, third in self._run_shifts:
            run = stones & (stones >> first)
            run &= run >> second
            if run & (run >> third):
                return True
        return False

    def threat_cells(self, stones: int, cells: int) -> int:
        """Those of ``cells`` where one more stone would complete k in a row for ``stones``.

        A cell completes a line when, in some direction, it has j stones right behind
        it and k − 1 − j right ahead. ``runs[j]`` marks the cells with j stones behind;
        shifting ``runs[m]`` back by k − j cells marks the cells with the rest ahead.
        Pass the empty cells for threats, the playable ones for immediate wins.
        """
        threats = -1  # all ones: the identity of AND
        for shift in self._below_shifts:
            threats &= stones << shift
        for behind_shifts, back_shifts in self._side_shifts:
            run = -1
            runs = [run]
            for shift in behind_shifts:
                run &= stones << shift
                runs.append(run)
            for behind, back in enumerate(back_shifts):
                threats |= runs[behind] & (runs[-1 - behind] >> back)
        return threats & cells

    def is_terminal(self, state: ConnectFourState) -> bool:
        return state.winner != NO_WINNER or state.ply == self.cells

    def leaf_status(self, state: ConnectFourState) -> int:
        """One test at a search's horizon: nothing is ever pending (no captures)."""
        return FINISHED if state.winner != NO_WINNER or state.ply == self.cells else SETTLED

    def utility(self, state: ConnectFourState) -> tuple[float, ...]:
        if state.winner == 0:
            return (1.0, -1.0)
        if state.winner == 1:
            return (-1.0, 1.0)
        return (0.0, 0.0)

    def outcome(self, state: ConnectFourState) -> Outcome | None:
        if not self.is_terminal(state):
            return None
        if state.winner == NO_WINNER:
            return Outcome(None, "board full", (0.0, 0.0))
        reason = "four in a row" if self.k == 4 else f"{self.k} in a row"
        return Outcome(state.winner, reason, self.utility(state))

    # ---- search helpers -----------------------------------------------------

    def transposition_key(self, state: ConnectFourState) -> Hashable:
        """``current + mask`` as one int: adding ``mask`` sets, in each column, the bit
        above the highest stone, so the sum tells the stones' owners and the columns'
        heights apart (Pons' key); the side to move is the parity of the stone count."""
        return state.current + state.mask

    def perft(self, state: ConnectFourState, depth: int) -> int:
        """Leaves ``depth`` plies below ``state``, counted on the bare bitboards.

        Two plies from the horizon the moves that win at once are found together
        (`threat_cells` of the playable cells) and end their branch; every other move
        leaves as many replies as there are playable cells, one fewer when it filled
        its column, so the last two plies are counted without making a move.
        """
        if depth == 0:
            return 1
        if state.winner != NO_WINNER:
            return 0
        bottom_row, board, top_row = self.bottom_row, self.board_mask, self.top_row
        threat_cells = self.threat_cells

        def leaves(current: int, mask: int, depth: int) -> int:
            playable = (mask + bottom_row) & board
            if depth == 1:
                return playable.bit_count()
            quiet = playable ^ threat_cells(current, playable)
            if depth == 2:
                return quiet.bit_count() * playable.bit_count() - (quiet & top_row).bit_count()
            opponent = current ^ mask
            total = 0
            while quiet:
                stone = quiet & -quiet
                total += leaves(opponent, mask | stone, depth - 1)
                quiet ^= stone
            return total

        return leaves(state.current, state.mask, depth)

    # ---- accessors for boards and widgets -----------------------------------

    def cell(self, state: ConnectFourState, row: int, col: int) -> str | None:
        """``"X"``, ``"O"`` or None at ``row`` (0 = top, as drawn) and ``col`` (0 = left)."""
        bit = 1 << (col * self.stride + self.height - 1 - row)
        if not state.mask & bit:
            return None
        mover_owns = bool(state.current & bit)
        red_to_move = state.ply % 2 == 0
        return "X" if mover_owns == red_to_move else "O"

    def column_height(self, state: ConnectFourState, col: int) -> int:
        """How many stones the column holds."""
        return (state.mask & self.column_mask[col]).bit_count()

    def landing_row(self, state: ConnectFourState, col: int) -> int | None:
        """The row (0 = top) a stone dropped into ``col`` would land on; None when full."""
        height = self.column_height(state, col)
        return None if height == self.height else self.height - 1 - height

    def winning_cells(self, state: ConnectFourState) -> tuple[tuple[int, int], ...]:
        """``(row, col)`` of every stone in a winning line (rows from the top), or ``()``."""
        if state.winner == NO_WINNER:
            return ()
        winner_stones = state.mask ^ state.current  # the winner moved last
        cells: set[tuple[int, int]] = set()
        for shift in self.shifts:
            starts = winner_stones
            for _ in range(self.k - 1):
                starts &= starts >> shift
            while starts:
                low = starts & -starts
                starts ^= low
                for step in range(self.k):
                    index = (low << (shift * step)).bit_length() - 1
                    col, height = divmod(index, self.stride)
                    cells.add((self.height - 1 - height, col))
        return tuple(sorted(cells))

    # ---- notation -----------------------------------------------------------

    def format_move(self, state: ConnectFourState, move: Column) -> str:
        return str(move + 1)

    def parse_move(self, state: ConnectFourState, text: str) -> Column:
        word = text.strip()
        if not (word.isascii() and word.isdigit()) or not 1 <= whole_number(
                word, InvalidMoveError, "move: column") <= self.width:
            raise InvalidMoveError(
                f"move {text!r} is not a column; expected a column number 1–{self.width}"
            )
        move = int(word) - 1
        legal = self.legal_moves(state)
        if move in legal:
            return move
        if legal and state.mask & self.top[move]:
            raise IllegalMoveError(
                f"move {text!r} is not legal: column {word} is full; legal moves: "
                + ", ".join(self.format_moves(state, legal))
            )
        raise IllegalMoveError(illegal_move_message(text, self.format_moves(state, legal)))

    def format_position(self, state: ConnectFourState) -> str:
        return "/".join(
            "".join(self.cell(state, row, col) or "." for col in range(self.width))
            for row in range(self.height)
        )

    def parse_position(self, text: str) -> ConnectFourState:
        if text.strip().isdigit() and text.strip().isascii():
            return self._play_sequence(text.strip())
        rows = text.strip().split("/")
        if len(rows) != self.height or any(len(row) != self.width for row in rows):
            example = "/".join(["." * self.width] * self.height)
            raise InvalidPositionError(
                f"position {text!r} is not a {self.width}×{self.height} board; expected "
                f"{self.height} rows of {self.width} cells (X, O or .) from the top, "
                f"separated by '/', e.g. {example}"
            )
        red = yellow = 0
        for row, line in enumerate(rows):
            for col, char in enumerate(line.upper()):
                bit = 1 << (col * self.stride + self.height - 1 - row)
                if char == "X":
                    red |= bit
                elif char == "O":
                    yellow |= bit
                elif char != ".":
                    raise InvalidPositionError(
                        f"position {text!r} has the cell {char!r}; expected X, O or ."
                    )
        mask = red | yellow
        for col in range(self.width):
            column = (mask & self.column_mask[col]) >> (col * self.stride)
            if column & (column + 1):  # stones must fill the column from the bottom
                raise InvalidPositionError(
                    f"position {text!r} has a stone floating in column {col + 1}; "
                    "stones rest on the bottom or on other stones"
                )
        reds, yellows = red.bit_count(), yellow.bit_count()
        if reds not in (yellows, yellows + 1):
            raise InvalidPositionError(
                f"position {text!r} has {reds} X and {yellows} O; Red (X) moves first, so "
                "expected as many X as O, or one more X"
            )
        red_won, yellow_won = self._wins(red), self._wins(yellow)
        if red_won and yellow_won:
            raise InvalidPositionError(f"position {text!r} has both X and O winning")
        if (red_won and reds != yellows + 1) or (yellow_won and reds != yellows):
            raise InvalidPositionError(
                f"position {text!r} has a stone played after the game was won"
            )
        ply = reds + yellows
        current = red if ply % 2 == 0 else yellow
        winner = 0 if red_won else 1 if yellow_won else NO_WINNER
        return ConnectFourState(current, mask, ply, winner)

    def _play_sequence(self, digits: str) -> ConnectFourState:
        """The position after a solver-style move sequence such as ``4453``."""
        state = self.initial_state()
        for index, digit in enumerate(digits, start=1):
            try:
                state = self.result(state, self.parse_move(state, digit))
            except (InvalidMoveError, IllegalMoveError) as error:
                raise InvalidPositionError(
                    f"position {digits!r}: move {index} ({digit}): {error}"
                ) from None
        return state

    def render(self, state: ConnectFourState) -> str:
        """The board with column numbers below and who is to move."""
        lines = [
            "| " + " ".join(self.cell(state, row, col) or "." for col in range(self.width)) + " |"
            for row in range(self.height)
        ]
        lines.append("  " + " ".join(str(col + 1) for col in range(self.width)))
        outcome = self.outcome(state)
        if outcome is None:
            lines.append(f"{self.player_name(self.to_move(state))} to move")
        elif outcome.winner is None:
            lines.append("draw: the board is full")
        else:
            lines.append(f"{self.player_name(outcome.winner)} wins: {outcome.reason}")
        return "\n".join(lines)


# --------------------------------------------------------------------------- registration

MAX_EMPTY_CELLS = 16
"""Most empty cells solved without a time budget, so that such a solve ends in seconds:
each empty cell multiplies the positions, and an empty 5×4 board (20 cells) already
takes several seconds; larger boards need ``--time``. `benchmarks/bench_solve.py`
times the 4×4 and 5×4 solves (benchmarks/RESULTS.md)."""


def too_big_to_solve(game: Game[ConnectFourState, Column], state: ConnectFourState) -> str | None:
    empty = rules_of(game, ConnectFour).cells - state.ply
    if empty <= MAX_EMPTY_CELLS:
        return None
    return (f"Connect Four positions with at most {MAX_EMPTY_CELLS} empty cells "
            f"(this one has {empty})")


ENTRY = GameEntry(
    rules=ConnectFour,
    engines=("alphabeta depth=20 time=2",),
    evaluator=ForRules(ConnectFour, connect4_evaluator),
    solve=SolveLimits(
        label="Connect Four",
        too_big=too_big_to_solve,
        rule=f"more than {MAX_EMPTY_CELLS} empty Connect Four cells",
    ),
)
