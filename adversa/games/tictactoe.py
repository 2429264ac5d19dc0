"""Tic-tac-toe generalised to an m×n board with k in a row (the "m,n,k-game").

X (player 0) moves first; the side to move follows from the piece counts. The
default options give the classic 3×3 game whose full tree (549,946 nodes,
255,168 finished games) the tests walk.

Notation
    Position: rows from top to bottom separated by ``/``, cells ``X``, ``O`` and
    ``.`` — ``X.O/.X./..O``. Move: file letter from the left and rank number from
    the bottom, like a chess square — ``a1`` is the bottom-left cell, ``b2`` the
    centre of the 3×3 board.

Speed: the board is two bitmasks (one per player) and every cell knows the
winning lines through it, so `result` checks only the lines through the cell
just played and stores the winner in the state; `is_terminal` is then two
comparisons. Search and the full-tree test call these hundreds of thousands of
times, which is why the state is a bare named tuple of ints.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Hashable
from typing import ClassVar, NamedTuple

from adversa.games.base import (
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
from adversa.games.evaluation import Evaluator
from adversa.games.registry import ForRules, GameEntry, SolveLimits

NO_WINNER = -1
PLAYER_MARKS = ("X", "O")
_DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # row step, column step; rows grow downwards
_SQUARE = re.compile(r"^\s*([a-zA-Z])\s*([0-9]+)\s*$")


class TicTacToeState(NamedTuple):
    """A board: one bitmask per player (bit ``row * width + col``, row 0 on top).

    ``player`` (to move) and ``winner`` are functions of the two masks, cached so
    that search never recomputes them; equal boards are therefore equal states.
    """

    x: int
    o: int
    player: int
    winner: int


Cell = int
"""A move is the index ``row * width + col`` of the cell it fills (row 0 on top)."""


class TicTacToe(Game[TicTacToeState, Cell]):
    """m×n tic-tac-toe where k marks in a line (row, column or diagonal) win."""

    name: ClassVar[str] = "tictactoe"
    title: ClassVar[str] = "Tic-tac-toe (m,n,k)"
    description: ClassVar[str] = (
        "X and O take turns marking cells; the first to get k in a row wins "
        "(3×3 with k=3 is the classic game)."
    )
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("width", "int", 3, "Number of columns (files a, b, c …).", minimum=1, maximum=26),
        Option("height", "int", 3, "Number of rows (ranks 1, 2, 3 …).", minimum=1, maximum=26),
        Option("k", "int", 3, "How many marks in a line win.", minimum=1, maximum=26),
    )

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.width, self.height, self.k = line_game_shape(self.options)
        self.size = self.width * self.height
        self.full_mask = (1 << self.size) - 1
        self.cell_bits = tuple((cell, 1 << cell) for cell in range(self.size))
        self.lines = self._winning_lines()
        self.lines_through: tuple[tuple[int, ...], ...] = tuple(
            tuple(line for line in self.lines if line >> cell & 1) for cell in range(self.size)
        )

    def _winning_lines(self) -> tuple[int, ...]:
        """Every k-cell segment of a row, column or diagonal, as a bitmask."""
        lines: list[int] = []
        for row in range(self.height):
            for col in range(self.width):
                for row_step, col_step in _DIRECTIONS:
                    end_row = row + row_step * (self.k - 1)
                    end_col = col + col_step * (self.k - 1)
                    if not (0 <= end_row < self.height and 0 <= end_col < self.width):
                        continue
                    mask = 0
                    for step in range(self.k):
                        mask |= 1 << ((row + row_step * step) * self.width + col + col_step * step)
                    lines.append(mask)
        return tuple(dict.fromkeys(lines))  # k = 1 makes every direction the same line

    # ---- players and flow -------------------------------------------------

    def player_name(self, player: int) -> str:
        return PLAYER_MARKS[player]

    def initial_state(self) -> TicTacToeState:
        return TicTacToeState(0, 0, 0, NO_WINNER)

    def to_move(self, state: TicTacToeState) -> int:
        return state.player

    def legal_moves(self, state: TicTacToeState) -> list[Cell]:
        """Empty cells in reading order (top row first, left to right)."""
        if state.winner != NO_WINNER:
            return []
        occupied = state.x | state.o
        return [cell for cell, bit in self.cell_bits if not occupied & bit]

    def result(self, state: TicTacToeState, move: Cell) -> TicTacToeState:
        bit = 1 << move
        if state.player == 0:
            marks = state.x | bit
            won = any(marks & line == line for line in self.lines_through[move])
            return TicTacToeState(marks, state.o, 1, 0 if won else NO_WINNER)
        marks = state.o | bit
        won = any(marks & line == line for line in self.lines_through[move])
        return TicTacToeState(state.x, marks, 0, 1 if won else NO_WINNER)

    def is_terminal(self, state: TicTacToeState) -> bool:
        return state.winner != NO_WINNER or (state.x | state.o) == self.full_mask

    def utility(self, state: TicTacToeState) -> tuple[float, ...]:
        if state.winner == 0:
            return (1.0, -1.0)
        if state.winner == 1:
            return (-1.0, 1.0)
        return (0.0, 0.0)

    def outcome(self, state: TicTacToeState) -> Outcome | None:
        if not self.is_terminal(state):
            return None
        utilities = self.utility(state)
        if state.winner == NO_WINNER:
            return Outcome(None, "board full", utilities)
        reason = "three in a row" if self.k == 3 else f"{self.k} in a row"
        return Outcome(state.winner, reason, utilities)

    # ---- accessors for boards and widgets -----------------------------------

    def cell(self, state: TicTacToeState, row: int, col: int) -> str | None:
        """``"X"``, ``"O"`` or None for the cell at ``row`` (0 = top) and ``col`` (0 = left)."""
        bit = 1 << self.move_at(row, col)
        if state.x & bit:
            return "X"
        if state.o & bit:
            return "O"
        return None

    def move_at(self, row: int, col: int) -> Cell:
        """The move that fills the cell at ``row`` (0 = top) and ``col`` (0 = left)."""
        if not (0 <= row < self.height and 0 <= col < self.width):
            raise IndexError(f"cell ({row}, {col}) is outside the {self.width}×{self.height} board")
        return row * self.width + col

    def coordinates(self, move: Cell) -> tuple[int, int]:
        """``(row, col)`` of a move, row 0 on top, column 0 on the left."""
        return divmod(move, self.width)

    def winning_line(self, state: TicTacToeState) -> tuple[Cell, ...]:
        """The cells of a completed line (for highlighting), or ``()`` if nobody has won."""
        if state.winner == NO_WINNER:
            return ()
        marks = state.x if state.winner == 0 else state.o
        for line in self.lines:
            if marks & line == line:
                return tuple(cell for cell in range(self.size) if line >> cell & 1)
        return ()

    # ---- notation -----------------------------------------------------------

    def format_move(self, state: TicTacToeState, move: Cell) -> str:
        row, col = self.coordinates(move)
        return f"{chr(ord('a') + col)}{self.height - row}"

    def parse_move(self, state: TicTacToeState, text: str) -> Cell:
        match = _SQUARE.match(text)
        if match is None:
            raise InvalidMoveError(
                f"move {text!r} is not a cell; expected a file letter and a rank number, e.g. b2"
            )
        col = ord(match.group(1).lower()) - ord("a")
        rank = whole_number(match.group(2), InvalidMoveError, "move: rank")
        if not (0 <= col < self.width and 1 <= rank <= self.height):
            raise InvalidMoveError(
                f"move {text!r} is off the board; expected files a–{chr(ord('a') + self.width - 1)}"
                f" and ranks 1–{self.height}"
            )
        move = self.move_at(self.height - rank, col)
        if move not in self.legal_moves(state):
            legal = self.format_moves(state, self.legal_moves(state))
            reason = illegal_move_message(text, legal)
            if (state.x | state.o) >> move & 1 and legal:
                reason = f"move {text!r} is not legal: the cell is taken; legal moves: " + (
                    ", ".join(legal)
                )
            raise IllegalMoveError(reason)
        return move

    def format_position(self, state: TicTacToeState) -> str:
        rows = []
        for row in range(self.height):
            rows.append("".join(self.cell(state, row, col) or "." for col in range(self.width)))
        return "/".join(rows)

    def parse_position(self, text: str) -> TicTacToeState:
        example = "/".join(["." * self.width] * self.height)
        rows = text.strip().split("/")
        if len(rows) != self.height or any(len(row) != self.width for row in rows):
            raise InvalidPositionError(
                f"position {text!r} is not a {self.width}×{self.height} board; expected "
                f"{self.height} rows of {self.width} cells (X, O or .) separated by '/', "
                f"e.g. {example}"
            )
        x = o = 0
        for index, char in enumerate("".join(rows).upper()):
            if char == "X":
                x |= 1 << index
            elif char == "O":
                o |= 1 << index
            elif char != ".":
                raise InvalidPositionError(
                    f"position {text!r} has the cell {char!r}; expected X, O or ."
                )
        x_count, o_count = x.bit_count(), o.bit_count()
        if x_count not in (o_count, o_count + 1):
            raise InvalidPositionError(
                f"position {text!r} has {x_count} X and {o_count} O; X moves first, so "
                "expected as many X as O, or one more X"
            )
        x_won = any(x & line == line for line in self.lines)
        o_won = any(o & line == line for line in self.lines)
        if x_won and o_won:
            raise InvalidPositionError(f"position {text!r} has both X and O winning")
        if (x_won and x_count != o_count + 1) or (o_won and x_count != o_count):
            raise InvalidPositionError(
                f"position {text!r} has a move made after the game was won"
            )
        winner = 0 if x_won else 1 if o_won else NO_WINNER
        return TicTacToeState(x, o, 0 if x_count == o_count else 1, winner)

    def render(self, state: TicTacToeState) -> str:
        """The board with rank numbers on the left and file letters below."""
        label_width = len(str(self.height))
        lines = []
        for row in range(self.height):
            cells = " ".join(self.cell(state, row, col) or "." for col in range(self.width))
            lines.append(f"{self.height - row:>{label_width}} {cells}")
        files = " ".join(chr(ord("a") + col) for col in range(self.width))
        lines.append(f"{'':>{label_width}} {files}")
        return "\n".join(lines)


# --------------------------------------------------------------------------- evaluation


def tictactoe_evaluator(game: TicTacToe) -> Evaluator[TicTacToeState]:
    """The lectures' e(n): lines still open for the player minus lines open for the opponent.

    A line is open for a player when the opponent has no mark on it. e(n) is
    at most the number of lines in absolute value, so dividing by one more
    keeps it strictly inside (−1, 1); ``raw_scale`` undoes that for display.
    Works for any m,n,k board (``game.lines`` are the winning-line bitmasks).
    """
    lines = game.lines
    scale = float(len(lines) + 1)
    if game.size <= TABLE_CELLS:
        # Speed: open lines of every set of marks looked up, two lookups per leaf.
        lines_missing = lines_avoiding(lines, game.size)

        def evaluate(state: TicTacToeState, player: int) -> float:
            lead: int = lines_missing[state.o] - lines_missing[state.x]
            return (lead if player == 0 else -lead) / scale

    else:

        def evaluate(state: TicTacToeState, player: int) -> float:
            x, o = state.x, state.o
            open_for_x = sum(1 for line in lines if not line & o)
            open_for_o = sum(1 for line in lines if not line & x)
            lead = open_for_x - open_for_o
            return (lead if player == 0 else -lead) / scale

    return Evaluator(evaluate, game, raw_scale=scale, raw_name="e(n)")


TABLE_CELLS = 16
"""Boards of up to this many cells evaluate e(n) from a table of 2**cells entries
(65,536 for 4×4, built in milliseconds); larger ones count the lines each time."""


@functools.cache
def lines_avoiding(lines: tuple[int, ...], cells: int) -> list[int]:
    """For every set of cells (a bitmask), how many of ``lines`` avoid all of them.

    That is the number of lines still open for a player whose opponent holds those
    cells. Built line by line over the subsets of the cells each line leaves free,
    so the work is the table's size times the lines' share of free subsets, not
    the table's size times the number of lines.
    """
    counts = [0] * (1 << cells)
    board = (1 << cells) - 1
    for line in lines:
        free = board & ~line
        subset = free
        while True:  # every subset of ``free``, largest first
            counts[subset] += 1
            if not subset:
                break
            subset = (subset - 1) & free
    return counts


# --------------------------------------------------------------------------- registration

MAX_EMPTY_CELLS = 12
"""Most empty cells solved without a time budget: 12 (a 3×4 board) take about a
second, while the 16 of an empty 4×4 board run for minutes."""


def too_big_to_solve(game: Game[TicTacToeState, Cell], state: TicTacToeState) -> str | None:
    empty = len(game.legal_moves(state))
    if empty <= MAX_EMPTY_CELLS:
        return None
    return (f"tic-tac-toe positions with at most {MAX_EMPTY_CELLS} empty cells "
            f"(this one has {empty})")


SYMMETRY_CELLS = 16
"""Boards of up to this many cells are solved modulo their symmetries; the tables of
a 4×4 board (8 × 65,536 entries) build in well under a second, once."""


@functools.cache
def symmetry_tables(width: int, height: int) -> tuple[list[int], ...]:
    """For each symmetry of the board (8 for a square, 4 for a rectangle), the image of
    every set of cells (a bitmask) under it; each entry extends the one without its
    highest cell, so a table costs one OR per entry."""
    moves: list[Callable[[int, int], tuple[int, int]]] = [
        lambda row, col: (row, col),
        lambda row, col: (row, width - 1 - col),
        lambda row, col: (height - 1 - row, col),
        lambda row, col: (height - 1 - row, width - 1 - col),
    ]
    if width == height:
        moves += [
            lambda row, col: (col, row),
            lambda row, col: (col, height - 1 - row),
            lambda row, col: (width - 1 - col, row),
            lambda row, col: (width - 1 - col, height - 1 - row),
        ]
    cells = width * height
    tables = []
    for move in moves:
        image_bit = [0] * cells
        for cell in range(cells):
            row, col = move(*divmod(cell, width))
            image_bit[cell] = 1 << (row * width + col)
        table = [0] * (1 << cells)
        for subset in range(1, 1 << cells):
            top = subset.bit_length() - 1
            table[subset] = table[subset ^ (1 << top)] | image_bit[top]
        tables.append(table)
    return tuple(tables)


def symmetric_memo_key(
    game: Game[TicTacToeState, Cell],
) -> Callable[[TicTacToeState], Hashable]:
    """The solver's memo key: the least image of the board under its symmetries.

    Mirrored and rotated boards have the same value (the side to move follows from
    the counts of marks), so the solver solves one of each class: 765 positions of
    the 3×3 game instead of 5,478, which is what makes solving it take milliseconds.
    """
    rules = rules_of(game, TicTacToe)
    if rules.size > SYMMETRY_CELLS:
        return rules.transposition_key
    tables = symmetry_tables(rules.width, rules.height)
    shift = rules.size

    def key(state: TicTacToeState) -> Hashable:
        x, o = state.x, state.o
        least: int = min([table[x] << shift | table[o] for table in tables])
        return least

    return key


ENTRY = GameEntry(
    rules=TicTacToe,
    # Depth 9 sees 3×3 to the end in well under a second, but took 25–30 s a move
    # on 5×5 without the time budget.
    engines=("alphabeta depth=9 time=2",),
    evaluator=ForRules(TicTacToe, tictactoe_evaluator),
    solve=SolveLimits(
        label="tic-tac-toe",
        too_big=too_big_to_solve,
        rule=f"more than {MAX_EMPTY_CELLS} empty tic-tac-toe cells",
        memo_key=symmetric_memo_key,
    ),
)
