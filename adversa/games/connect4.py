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

from collections.abc import Hashable
from typing import ClassVar, NamedTuple

from adversa.games.base import (
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Option,
    OptionError,
    Outcome,
    illegal_move_message,
)
from adversa.games.connect4_eval import connect4_evaluator
from adversa.games.registry import GameEntry, SolveLimits

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
        self.width: int = self.options["width"]
        self.height: int = self.options["height"]
        self.k: int = self.options["k"]
        if self.k > max(self.width, self.height):
            raise OptionError(
                f"option 'k': {self.k} in a row cannot fit on a {self.width}×{self.height} "
                f"board; expected k ≤ {max(self.width, self.height)}"
            )
        stride = self.height + 1
        self.stride = stride
        self.bottom: tuple[int, ...] = tuple(1 << (col * stride) for col in range(self.width))
        """The lowest cell of each column."""
        self.top: tuple[int, ...] = tuple(1 << (col * stride + self.height - 1)
                                          for col in range(self.width))
        """The highest cell of each column: a column is full when it is taken."""
        self.column_mask: tuple[int, ...] = tuple(((1 << self.height) - 1) << (col * stride)
                                                  for col in range(self.width))
        self.bottom_row = sum(self.bottom)
        self.board_mask = self.bottom_row * ((1 << self.height) - 1)
        """Every playable cell (no sentinel bits)."""
        self.cells = self.width * self.height
        self.shifts = (1, stride, stride - 1, stride + 1)
        """Vertical, horizontal and the two diagonals, in bit distance."""
        self.columns = tuple(range(self.width))

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
        mask = state.mask
        return [col for col, top in zip(self.columns, self.top, strict=True) if not mask & top]

    def result(self, state: ConnectFourState, move: Column) -> ConnectFourState:
        current, mask, ply, _ = state
        new_mask = mask | (mask + self.bottom[move])  # the carry lands on the lowest empty cell
        mine = current | (new_mask ^ mask)
        won = self._wins(mine)
        # The opponent's stones become "current": all stones minus the mover's.
        return ConnectFourState(mine ^ new_mask, new_mask, ply + 1,
                                (ply & 1) if won else NO_WINNER)

    def _wins(self, stones: int) -> bool:
        """Whether ``stones`` hold k in a line: shift-and-AND ``k - 1`` times per direction."""
        for shift in self.shifts:
            line = stones
            for _ in range(self.k - 1):
                line &= line >> shift
            if line:
                return True
        return False

    def is_terminal(self, state: ConnectFourState) -> bool:
        return state.winner != NO_WINNER or state.ply == self.cells

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
        """Leaves ``depth`` plies below ``state``, on bare ints (no state objects)."""
        if depth == 0:
            return 1
        if state.winner != NO_WINNER:
            return 0
        return self._perft(state.current, state.mask, depth)

    def _perft(self, current: int, mask: int, depth: int) -> int:
        # Speed over elegance: locals for the tables, the win test inlined for k = 4.
        count = 0
        wins = self._wins
        for top, bottom in zip(self.top, self.bottom, strict=True):
            if mask & top:
                continue
            new_mask = mask | (mask + bottom)
            mine = current | (new_mask ^ mask)
            if depth == 1:
                count += 1
            elif not wins(mine):
                count += self._perft(mine ^ new_mask, new_mask, depth - 1)
        return count

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
        if not (word.isascii() and word.isdigit()) or not 1 <= int(word) <= self.width:
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
"""Most empty cells solved without a time budget: an empty 4×4 board takes under a
second, 5×4 (20 cells) about 16 s and 6×5 far longer, so they need ``--time``."""


def too_big_to_solve(game: ConnectFour, state: ConnectFourState) -> str | None:
    empty = game.cells - state.ply
    if empty <= MAX_EMPTY_CELLS:
        return None
    return (f"Connect Four positions with at most {MAX_EMPTY_CELLS} empty cells "
            f"(this one has {empty})")


ENTRY = GameEntry(
    rules=ConnectFour,
    board="adversa.tui.boards.connect4:ConnectFourBoard",
    engines=("alphabeta depth=20 time=2",),
    evaluator=connect4_evaluator,
    solve=SolveLimits(
        label="Connect Four",
        too_big=too_big_to_solve,
        rule=f"more than {MAX_EMPTY_CELLS} empty Connect Four cells",
    ),
)
