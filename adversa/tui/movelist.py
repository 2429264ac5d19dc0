"""The game screen's move list: numbered pairs for two players, and a way back in time.

Two-player games without chance read like a score sheet, one row per move number
with both sides' moves (``1.  11-15  23-19``); games with dice or more players keep
one row per ply with who played it. Clicking a move (or Enter on it) asks the screen
to jump to the position after it (`MoveList.Jump`).

`sync` touches only the changed tail: a long checkers game would otherwise rebuild
hundreds of rows after every move. And it shows at most the last `WINDOW` plies, under
a row that counts the earlier ones: a table row costs Textual's DataTable ~0.3 ms to
add and measure, so a loaded 600,000-ply Pig game took over half a minute to open.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic

from textual import events, on
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import DataTable

from adversa.games import CHANCE, Game
from adversa.games.base import M, S

NUMBER_WIDTH = 4
MOVE_WIDTH = 8
WINDOW = 2_000
"""The most plies the list shows; past it the list starts again from the last half."""


@dataclass(frozen=True, slots=True)
class Cell:
    """Where one ply is shown: its row, and its column (0 is the row's number)."""

    row: int
    column: int


class MoveList(DataTable[str], Generic[S, M]):
    """The plies played so far; click or Enter on one to go back to the position after it."""

    class Jump(Message):
        """Show the position after ``plies`` plies (0: the start)."""

        def __init__(self, plies: int) -> None:
            super().__init__()
            self.plies = plies

    def __init__(self, game: Game[S, M], *, id: str | None = None) -> None:
        self.paired = game.num_players == 2 and not game.has_chance
        """Score-sheet rows (move number, first player's move, second player's)."""
        super().__init__(id=id, cursor_type="cell" if self.paired else "row",
                         zebra_stripes=True)
        self.game = game
        self.first = 0
        """The first ply shown: the earlier ones are counted in the top row."""
        self.shown: list[str] = []
        """The notations of the plies shown, from ply `first` on."""
        self.cells: list[Cell] = []
        """`shown`'s plies, in order: where each one is drawn."""

    def on_mount(self) -> None:
        if self.paired:
            self.add_column("#", key="number", width=NUMBER_WIDTH)
            for seat in range(2):
                self.add_column(self.game.player_name(seat), key=f"seat-{seat}",
                                width=MOVE_WIDTH)
        else:
            self.add_column("#", key="number", width=3)
            self.add_column("who", key="who", width=8)
            self.add_column("move", key="move")

    # ---- keeping up with the game ---------------------------------------------------

    def sync(self, states: Sequence[S], notations: Sequence[str]) -> None:
        """Show ``notations`` (``states[i]`` is the position ``notations[i]`` was played in),
        changing only the rows after the first ply that differs."""
        plies = len(notations)
        if plies < self.first or plies - self.first > WINDOW:
            self._start_at(max(0, plies - WINDOW // 2))
        first = self.first
        keep = 0
        limit = min(len(self.shown), plies - first)
        while keep < limit and self.shown[keep] == notations[first + keep]:
            keep += 1
        self._drop_from(keep)
        for ply in range(first + keep, plies):
            self._append(ply, states[ply], notations[ply])
        if self.cells:
            last = self.cells[-1]
            self.move_cursor(row=last.row, column=last.column, animate=False)

    def _start_at(self, first: int) -> None:
        """Empty the list, to show plies from ``first`` on under a row counting the
        earlier ones."""
        self.clear()
        self.shown.clear()
        self.cells.clear()
        self.first = first
        if first:
            self.add_row("…", f"{first:,}", "earlier", key="row-earlier")

    def _drop_from(self, ply: int) -> None:
        """Remove plies ``ply`` and after: whole rows that start there, cells of the row
        it is in."""
        if ply >= len(self.cells):
            return
        first = self.cells[ply]
        starts_row = ply == 0 or self.cells[ply - 1].row != first.row
        lowest_removed = first.row if starts_row else first.row + 1
        for row in range(self.cells[-1].row, lowest_removed - 1, -1):
            self.remove_row(f"row-{row}")
        if not starts_row:
            for cell in self.cells[ply:]:
                if cell.row == first.row:
                    self.update_cell(f"row-{first.row}", self._column_key(cell.column), "")
        del self.cells[ply:]
        del self.shown[ply:]

    def _append(self, ply: int, state: S, notation: str) -> None:
        """Draw ``ply`` (counted from the game's start) below the plies shown."""
        seat = self.game.to_move(state)
        previous = self.cells[-1] if self.cells else None
        row = (1 if self.first else 0) if previous is None else previous.row + 1
        if not self.paired:
            who = "dice" if seat == CHANCE else self.game.player_name(seat)
            self.add_row(str(ply + 1), who, notation, key=f"row-{row}")
            self.cells.append(Cell(row, 2))
            self.shown.append(notation)
            return
        column = seat + 1
        if previous is not None and column > previous.column:
            self.update_cell(f"row-{previous.row}", self._column_key(column), notation)
            cell = Cell(previous.row, column)
        else:  # a new move number (or the same seat twice: a new row all the same)
            head = 1 if self.first else 0  # the row counting the earlier plies
            number = self.first // 2 + 1 + row - head
            cells = [f"{number}.", "", ""]
            if column == 2:
                cells[1] = "…"
            cells[column] = notation
            self.add_row(*cells, key=f"row-{row}")
            cell = Cell(row, column)
        self.cells.append(cell)
        self.shown.append(notation)

    def _column_key(self, column: int) -> str:
        return ("number", "seat-0", "seat-1")[column] if self.paired else (
            "number", "who", "move")[column]

    # ---- choosing a ply ----------------------------------------------------------------

    def ply_at(self, coordinate: Coordinate) -> int | None:
        """The ply (from the game's start) drawn at ``coordinate``: a move's cell, or a
        row's last move (its number, or the empty half of the last row); None outside
        the moves."""
        in_row = [self.first + index for index, cell in enumerate(self.cells)
                  if cell.row == coordinate.row]
        if not in_row:
            return None
        if not self.paired:
            return in_row[0]
        for ply in in_row:
            if self.cells[ply - self.first].column == coordinate.column:
                return ply
        return in_row[-1]

    def on_click(self, event: events.Click) -> None:
        """One click jumps (DataTable's own click only moves the cursor the first time)."""
        meta = event.style.meta
        row, column = meta.get("row", -1), meta.get("column", -1)
        if row < 0 or column < 0:
            return  # the header, or outside the table
        ply = self.ply_at(Coordinate(row, column))
        event.prevent_default()
        event.stop()
        if ply is not None:
            self.post_message(self.Jump(ply + 1))

    @on(DataTable.CellSelected)
    @on(DataTable.RowSelected)
    def _selected(self, message: DataTable.CellSelected | DataTable.RowSelected) -> None:
        """Enter on a move (keys); the screen does the jumping."""
        message.stop()
        ply = self.ply_at(self.cursor_coordinate)
        if ply is not None:
            self.post_message(self.Jump(ply + 1))
