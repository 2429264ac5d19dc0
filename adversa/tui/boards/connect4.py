"""The Connect Four board: an upright grid you drop stones into, column by column.

A column is chosen with its number key (``1``–``7``), with ←/→ and Enter, or by
clicking anywhere in it; an arrow above the board shows where the stone will go,
and a new stone falls from the top to where it lands. The winning line is
highlighted. Like the tic-tac-toe grid, the board picks the largest cell size that
fits, so it reads from the back of a lecture room and still fits 80×24.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.timer import Timer

from adversa.games.base import Game, rules_of
from adversa.games.connect4 import Column, ConnectFour, ConnectFourState
from adversa.tui.boards.base import BoardView, Canvas, Run, Target, mark_edges

Cell = tuple[int, int]
"""(row, column) as the game gives them: row 0 is the top row."""

DROP_STEP_SECONDS = 0.035
"""How long a falling stone shows on each row it passes (six rows: about 0.2 s)."""


@dataclass(frozen=True, slots=True)
class _Layout:
    """One way to draw the board: the size of a cell and the art of each player's stone.

    Red's stones are solid and Yellow's are rings, so the players differ in shape
    as well as in colour (red and yellow are the pair colour-blind players most
    often confuse, and a monochrome terminal shows neither).
    """

    cell_width: int
    cell_height: int
    stones: dict[str, tuple[str, ...]]
    """Keyed by the game's cell letters: ``X`` (Red), ``O`` (Yellow)."""

    def size(self, rows: int, columns: int) -> tuple[int, int]:
        """Width and height of the whole picture: arrow row, frame, cells, numbers."""
        return columns * self.cell_width + 2, rows * self.cell_height + 3


_LAYOUTS = (
    _Layout(9, 4, {"X": ("  ▄▄▄▄▄  ", " ███████ ", " ███████ ", "  ▀▀▀▀▀  "),
                   "O": ("  ▄▄▄▄▄  ", " ██▀▀▀██ ", " ██▄▄▄██ ", "  ▀▀▀▀▀  ")}),
    _Layout(7, 3, {"X": (" ▄███▄ ", " █████ ", " ▀███▀ "),
                   "O": (" ▄▀▀▀▄ ", " █   █ ", " ▀▄▄▄▀ ")}),
    _Layout(5, 2, {"X": (" ▄█▄ ", " ▀█▀ "), "O": (" ▄▀▄ ", " ▀▄▀ ")}),
    _Layout(4, 2, {"X": ("▗██▖", "▝██▘"), "O": ("▗▛▜▖", "▝▙▟▘")}),
    _Layout(3, 1, {"X": (" ● ",), "O": (" ○ ",)}),
    _Layout(2, 1, {"X": ("● ",), "O": ("○ ",)}),
)
"""Largest first; the board uses the first that fits (the last one always)."""


class ConnectFourBoard(BoardView[ConnectFourState, Column]):
    """Connect Four: number keys, ←/→ and Enter, or a click drop a stone in a column."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(str(digit), f"drop({digit - 1})", f"Column {digit}", show=False)
        for digit in range(1, 10)
    ]

    KEY_HELP: ClassVar[dict[str, str]] = {
        "drop": "Drop a stone in that column (1 is the leftmost)",
        "cursor": "Move the arrow over the columns",
        "select": "Drop a stone in the column under the arrow",
    }
    CLICK_HELP: ClassVar[str] = "Drop a stone in the column you clicked"

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "connect4--frame",
        "connect4--hole",
        "connect4--label",
        "connect4--player-0",
        "connect4--player-1",
        "connect4--last-move",
        "connect4--win",
        "connect4--arrow",
        "connect4--hint",
        "connect4--pv-1",
        "connect4--pv-2",
        "connect4--pv-3",
    }

    DEFAULT_CSS = """
    ConnectFourBoard > .connect4--frame { background: $primary-darken-2; color: $primary; }
    ConnectFourBoard > .connect4--hole { background: $primary-darken-2; color: $panel; }
    ConnectFourBoard > .connect4--label { color: $foreground-muted; text-style: bold; }
    ConnectFourBoard > .connect4--player-0 { color: $error; }
    ConnectFourBoard > .connect4--player-1 { color: $warning; }
    ConnectFourBoard > .connect4--last-move { background: $primary-darken-1; }
    ConnectFourBoard > .connect4--win { background: $success 60%; }
    ConnectFourBoard > .connect4--arrow { color: $accent; text-style: bold; }
    ConnectFourBoard > .connect4--hint { color: $primary; text-style: bold; }
    ConnectFourBoard > .connect4--pv-1 { background: $success 70%; color: $text; text-style: bold; }
    ConnectFourBoard > .connect4--pv-2 { background: $warning 60%; color: $text; text-style: bold; }
    ConnectFourBoard > .connect4--pv-3 {
        background: $secondary 60%; color: $text; text-style: bold;
    }
    """

    def __init__(self, game: Game[ConnectFourState, Column], **widget_options: str | None
                 ) -> None:
        super().__init__(game, **widget_options)
        self.rules = rules_of(game, ConnectFour)
        self.rows: int = self.rules.height
        self.columns: int = self.rules.width
        self.cursor_column = self.columns // 2
        self._hover_column: int | None = None
        self._falling: Cell | None = None
        """The stone of the last move while it falls: the row it is passing and its column."""
        self._drop_timer: Timer | None = None

    # ---- reading the game -------------------------------------------------

    def stone(self, row: int, column: int) -> str | None:
        """``"X"`` (Red), ``"O"`` (Yellow) or None."""
        return self.rules.cell(self.state, row, column)

    def landing_row(self, column: int) -> int | None:
        return self.rules.landing_row(self.state, column)

    def winning_cells(self) -> set[Cell]:
        return set(self.rules.winning_cells(self.state))

    def last_cell(self) -> Cell | None:
        """Where the last move's stone rests (the highest stone of its column)."""
        if self.last_move is None:
            return None
        column = int(self.last_move)
        for row in range(self.rows):
            if self.stone(row, column) is not None:
                return (row, column)
        return None

    def pv_cells(self) -> dict[Cell, int]:
        """Where each stone of the expected line (`BoardView.pv`) would land → its step."""
        cells: dict[Cell, int] = {}
        state = self.state
        landing = self.rules.landing_row
        for step, column in enumerate(self.pv, start=1):
            row = landing(state, int(column))
            if row is None:
                break
            cells[(row, int(column))] = step
            state = self.game.result(state, column)
        return cells

    # ---- the falling stone ------------------------------------------------------

    def position_shown(self) -> None:
        """A stone just dropped falls from the top row to where it rests."""
        previous = self.previous_state
        self._stop_drop()
        landed = self.last_cell()
        dropped_now = (previous is not None and landed is not None
                       and self.stone(*landed) is not None
                       and self.rules.cell(previous, *landed) is None)
        if dropped_now and landed is not None and landed[0] > 0 and self.is_mounted:
            self._falling = (0, landed[1])
            self._drop_timer = self.set_interval(DROP_STEP_SECONDS, self._fall_one_row)

    def _fall_one_row(self) -> None:
        landed = self.last_cell()
        if self._falling is None or landed is None or self._falling[0] + 1 >= landed[0]:
            self._stop_drop()
        else:
            self._falling = (self._falling[0] + 1, self._falling[1])
        self.redraw()

    def _stop_drop(self) -> None:
        if self._drop_timer is not None:
            self._drop_timer.stop()
            self._drop_timer = None
        self._falling = None

    # ---- input ----------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "drop":
            return self.interactive
        return super().check_action(action, parameters)

    def action_drop(self, column: int) -> None:
        """A number key: drop into that column (a full or missing one does nothing)."""
        if column < self.columns:
            self.cursor_column = column
            self._using_keys = True
            self.choose_column(column)
            self.redraw()

    def choose_column(self, column: int) -> None:
        if column in self.legal_moves:
            self.choose(column)
        elif self.landing_row(column) is None:
            self.refuse(f"column {column + 1} is full")

    def click_target(self, target: Target) -> None:
        if isinstance(target, tuple) and target[0] == "column":
            self.cursor_column = target[1]
            self.choose_column(target[1])

    def hover_target(self, target: Target | None) -> None:
        column = target[1] if isinstance(target, tuple) and target[0] == "column" else None
        self._hover_column = column

    def move_cursor(self, rows: int, columns: int) -> None:
        self.cursor_column = min(max(self.cursor_column + columns, 0), self.columns - 1)

    def select_at_cursor(self) -> None:
        self.choose_column(self.cursor_column)

    @property
    def upside_down(self) -> bool:
        return False  # gravity has a direction: flipping would stand the board on its head

    # ---- drawing ----------------------------------------------------------------

    def draw(self, canvas: Canvas, width: int, height: int) -> None:
        layout = next(
            (candidate for candidate in _LAYOUTS
             if candidate.size(self.rows, self.columns)[0] <= width
             and candidate.size(self.rows, self.columns)[1] <= height),
            _LAYOUTS[-1],
        )
        self._draw_arrow(canvas, layout)
        frame = self.style_of("connect4--frame")
        canvas.write("▗" + "▄" * (self.columns * layout.cell_width) + "▖", frame)
        canvas.newline()
        winning = self.winning_cells()
        last = self.last_cell()
        expected = self.pv_cells()
        for row in range(self.rows):
            for line in range(layout.cell_height):
                canvas.write("▐", frame)
                for column in range(self.columns):
                    self._write_cell_line(canvas, layout, (row, column), line, winning, last,
                                          expected.get((row, column)))
                canvas.write("▌", frame)
                canvas.newline()
        label = self.style_of("connect4--label")
        canvas.write(" ", label)
        for column in range(self.columns):
            canvas.write(str(column + 1).center(layout.cell_width), label, ("column", column))

    def _pointed_column(self) -> int | None:
        """The column the arrow points at: under the pointer, else the keyboard cursor."""
        if not self.interactive:
            return None
        if self._hover_column is not None:
            return self._hover_column
        return self.cursor_column if self.has_focus else None

    def _draw_arrow(self, canvas: Canvas, layout: _Layout) -> None:
        pointed = self._pointed_column()
        hint = self.hint if self.interactive else None
        canvas.write(" ")
        for column in range(self.columns):
            if column == pointed:
                text, style = "▼", self.style_of("connect4--arrow")
            elif column == hint:
                text, style = "▽", self.style_of("connect4--hint")
            else:
                text, style = "", self.style_of("connect4--label")
            canvas.write(text.center(layout.cell_width), style, ("column", column))
        canvas.newline()

    def _write_cell_line(self, canvas: Canvas, layout: _Layout, cell: Cell, line: int,
                         winning: set[Cell], last: Cell | None, step: int | None) -> None:
        row, column = cell
        stone = self.stone(row, column)
        if self._falling is not None and last is not None and column == last[1]:
            # While the last stone falls it is drawn on the row it is passing, not below.
            if cell == last:
                stone = None
            elif cell == self._falling:
                stone = self.stone(*last)
        names = ["connect4--hole"]
        if stone is not None:
            names.append(f"connect4--player-{0 if stone == 'X' else 1}")
            if cell == last and self._falling is None:
                names.append("connect4--last-move")
        if cell in winning:
            names.append("connect4--win")
        art = layout.stones[stone][line] if stone is not None else _hole(layout, line)
        if stone is None and step is not None:  # the expected line's stone, numbered
            names.append(f"connect4--pv-{step}")
            art = (str(step) if line == layout.cell_height // 2 else "").center(layout.cell_width)
        runs: list[Run] = [(art, names)]
        last_line = line == layout.cell_height - 1
        if self.marks_highlights and names[-1] != "connect4--hole" and last_line:
            runs = mark_edges(runs, names[-1].removeprefix("connect4--"))
        for text, run_names in runs:
            canvas.write(text, self.style_of(*run_names), ("column", column))


def _hole(layout: _Layout, line: int) -> str:
    """An empty cell: a faint ring in the larger layouts, a dot in the smallest."""
    if layout.cell_height == 1:
        return "·".center(layout.cell_width)
    middle = layout.cell_height // 2
    if line == middle - 1 + (layout.cell_height % 2):
        return "◦".center(layout.cell_width)
    return " " * layout.cell_width


BOARD = ConnectFourBoard
"""The board `adversa.tui.boards` gives this game."""
