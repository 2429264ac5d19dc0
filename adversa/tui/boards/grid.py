"""The tic-tac-toe / m,n,k board: a labelled grid that grows to fill the space it gets.

A 3×3 board on a projector should be big enough to read from the back row, and
a 10×10 board must still fit a small terminal, so the board picks the largest
of a few cell sizes that fits, from drawn letters to one character per cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style

from adversa.games.base import Game, rules_of
from adversa.games.tictactoe import Cell as Square
from adversa.games.tictactoe import TicTacToe, TicTacToeState
from adversa.tui.boards.base import BoardView, Canvas, Run, Target, mark_edges

Cell = tuple[int, int]
"""(row, column) in the game's coordinates: row 0 is the top row, the one numbered highest."""

_LARGE_ART: dict[str, tuple[str, ...]] = {
    "X": (" ██     ██ ", "   ██ ██   ", "    ███    ", "   ██ ██   ", " ██     ██ "),
    "O": ("  ▄█▀▀▀█▄  ", " ██     ██ ", " ██     ██ ", " ██     ██ ", "  ▀█▄▄▄█▀  "),
}
_MEDIUM_ART: dict[str, tuple[str, ...]] = {
    "X": (" ▀▄ ▄▀ ", "   █   ", " ▄▀ ▀▄ "),
    "O": (" ▄▀▀▀▄ ", " █   █ ", " ▀▄▄▄▀ "),
}


@dataclass(frozen=True, slots=True)
class _Layout:
    """One way to draw the grid: cell size, whether lines separate cells, the mark art."""

    cell_width: int
    cell_height: int
    ruled: bool
    art: dict[str, tuple[str, ...]] | None = None

    def size(self, rows: int, columns: int, label_width: int) -> tuple[int, int]:
        """Width and height of the whole picture, labels included."""
        rule = 1 if self.ruled else 0
        width = label_width + columns * (self.cell_width + rule) + rule
        height = rows * (self.cell_height + rule) + rule + 1
        return width, height


_LAYOUTS = (
    _Layout(11, 5, True, _LARGE_ART),
    _Layout(7, 3, True, _MEDIUM_ART),
    _Layout(5, 1, True),
    _Layout(3, 1, True),
    _Layout(3, 1, False),
    _Layout(2, 1, False),
)
"""Largest first; the board uses the first that fits (the last one always)."""


class GridBoard(BoardView[TicTacToeState, Square]):
    """Tic-tac-toe and other m,n,k games: click or Enter on an empty cell."""

    KEY_HELP: ClassVar[dict[str, str]] = {"select": "Mark the empty cell at the cursor"}
    CLICK_HELP: ClassVar[str] = "Mark the empty cell you clicked"

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "grid--rule",
        "grid--label",
        "grid--cell",
        "grid--cell-alt",
        "grid--player-0",
        "grid--player-1",
        "grid--last-move",
        "grid--win",
        "grid--hint",
        "grid--cursor",
        "grid--pv-1",
        "grid--pv-2",
        "grid--pv-3",
        "grid--pv-number",
    }

    DEFAULT_CSS = """
    GridBoard > .grid--rule { color: $foreground 35%; }
    GridBoard > .grid--label { color: $foreground-muted; text-style: bold; }
    GridBoard > .grid--cell { background: $panel; }
    GridBoard > .grid--cell-alt { background: $boost; }
    GridBoard > .grid--player-0 { color: $primary; text-style: bold; }
    GridBoard > .grid--player-1 { color: $error; text-style: bold; }
    GridBoard > .grid--last-move { background: $accent 25%; }
    GridBoard > .grid--win { background: $success 45%; }
    GridBoard > .grid--hint { background: $primary 35%; }
    GridBoard > .grid--cursor { background: $accent 70%; }
    GridBoard > .grid--pv-1 { background: $success 55%; }
    GridBoard > .grid--pv-2 { background: $warning 50%; }
    GridBoard > .grid--pv-3 { background: $secondary 50%; }
    GridBoard > .grid--pv-number { color: $text; text-style: bold; }
    """

    def __init__(self, game: Game[TicTacToeState, Square], **widget_options: str | None) -> None:
        super().__init__(game, **widget_options)
        self.rules = rules_of(game, TicTacToe)
        self.rows, self.columns = self.rules.height, self.rules.width
        self.cursor: Cell = (self.rows // 2, self.columns // 2)

    # ---- reading the game -------------------------------------------------

    def mark(self, row: int, column: int) -> str | None:
        """The mark in a cell as its player's name ("X"), or None when empty."""
        return self.rules.cell(self.state, row, column)

    def move_for(self, cell: Cell) -> Square | None:
        """The legal move that marks ``cell``, or None when it is not on offer."""
        move = self.rules.move_at(*cell)
        return move if move in self.legal_moves else None

    def cell_of(self, move: Square) -> Cell:
        return self.rules.coordinates(move)

    def winning_cells(self) -> set[Cell]:
        """The cells of the completed line, once someone has won (to highlight them)."""
        line = self.rules.winning_line(self.state)
        return {self.cell_of(move) for move in line}

    # ---- input ----------------------------------------------------------------

    def click_target(self, target: Target) -> None:
        if isinstance(target, tuple) and target[0] == "cell":
            self.cursor = (target[1], target[2])
            self.select_at_cursor()

    def move_cursor(self, rows: int, columns: int) -> None:
        row, column = self.cursor
        self.cursor = (
            min(max(row + rows, 0), self.rows - 1),
            min(max(column + columns, 0), self.columns - 1),
        )

    def select_at_cursor(self) -> None:
        move = self.move_for(self.cursor)
        if move is not None:
            self.choose(move)
        elif self.mark(*self.cursor) is not None:
            row, column = self.cursor
            self.refuse(f"{_file_letter(column)}{self.rows - row} is taken")

    # ---- drawing ----------------------------------------------------------------

    def draw(self, canvas: Canvas, width: int, height: int) -> None:
        label_width = len(str(self.rows)) + 1
        layout = next(
            (
                candidate
                for candidate in _LAYOUTS
                if candidate.size(self.rows, self.columns, label_width)[0] <= width
                and candidate.size(self.rows, self.columns, label_width)[1] <= height
            ),
            _LAYOUTS[-1],
        )
        highlights = self._highlights()
        row_order = list(range(self.rows))
        column_order = list(range(self.columns))
        if self.flipped:
            row_order.reverse()
            column_order.reverse()
        rule = self.style_of("grid--rule")
        label = self.style_of("grid--label")
        if layout.ruled:
            self._write_rule(canvas, layout, label_width, "┌", "┬", "┐", rule)
        for index, row in enumerate(row_order):
            for line in range(layout.cell_height):
                rank = str(self.rows - row) if line == layout.cell_height // 2 else ""
                canvas.write(rank.rjust(label_width - 1) + " ", label)
                if layout.ruled:
                    canvas.write("│", rule)
                for column in column_order:
                    self._write_cell_line(canvas, layout, (row, column), line, highlights)
                    if layout.ruled:
                        canvas.write("│", rule)
                canvas.newline()
            if layout.ruled:
                last = index == self.rows - 1
                ends = ("└", "┴", "┘") if last else ("├", "┼", "┤")
                self._write_rule(canvas, layout, label_width, *ends, rule)
        canvas.write(" " * label_width, label)
        rule_width = 1 if layout.ruled else 0
        for column in column_order:
            canvas.write(" " * rule_width, label)
            canvas.write(_file_letter(column).center(layout.cell_width), label)

    def _write_rule(
        self, canvas: Canvas, layout: _Layout, label_width: int,
        left: str, middle: str, right: str, style: Style,
    ) -> None:
        canvas.write(" " * label_width)
        segment = "─" * layout.cell_width
        canvas.write(left + middle.join([segment] * self.columns) + right, style)
        canvas.newline()

    def _highlights(self) -> dict[Cell, list[str]]:
        """Which component styles colour each cell, weakest first."""
        marks: dict[Cell, list[str]] = {}
        if self.last_move is not None:
            marks.setdefault(self.cell_of(self.last_move), []).append("grid--last-move")
        if self.interactive and self.hint is not None:
            marks.setdefault(self.cell_of(self.hint), []).append("grid--hint")
        for step, move in enumerate(self.pv, start=1):
            marks.setdefault(self.cell_of(move), []).append(f"grid--pv-{step}")
        for cell in self.winning_cells():
            marks.setdefault(cell, []).append("grid--win")
        if self.shows_cursor:
            marks.setdefault(self.cursor, []).append("grid--cursor")
        return marks

    def _pv_step_at(self, cell: Cell) -> int | None:
        """The step (1-based) of the expected line that marks ``cell``, if any."""
        steps = [step for step, move in enumerate(self.pv, start=1) if self.cell_of(move) == cell]
        return steps[-1] if steps else None

    def _write_cell_line(
        self, canvas: Canvas, layout: _Layout, cell: Cell, line: int,
        highlights: dict[Cell, list[str]],
    ) -> None:
        row, column = cell
        background = "grid--cell" if layout.ruled or (row + column) % 2 == 0 else "grid--cell-alt"
        mark = self.mark(row, column)
        names = [background, *highlights.get(cell, [])]
        if mark is not None:
            player = 0 if mark == self.game.player_name(0) else 1
            names.insert(1, f"grid--player-{player}")
        step = self._pv_step_at(cell)
        if mark is None and step is not None:
            middle = line == layout.cell_height // 2
            text = (str(step) if middle else "").center(layout.cell_width)
            names.append("grid--pv-number")
        elif mark is None:
            text = " " * layout.cell_width
        elif layout.art is not None and mark in layout.art:
            text = layout.art[mark][line]
        else:
            middle = line == layout.cell_height // 2
            text = (mark[0] if middle else "").center(layout.cell_width)
        runs: list[Run] = [(text, names)]
        marks = highlights.get(cell, [])
        if marks and self.marks_highlights and line == layout.cell_height - 1:
            runs = mark_edges(runs, marks[-1].removeprefix("grid--"))
        for run_text, run_names in runs:
            canvas.write(run_text, self.style_of(*run_names), ("cell", row, column))


def _file_letter(column: int) -> str:
    return chr(ord("a") + column)



