"""The Othello board: a green grid of discs, the legal moves dotted, the last move and
the discs it turned highlighted, the disc counts and any pass said in words below.

Black's discs are solid (``●``) and White's rings (``○``), so the sides differ in shape
as well as colour; with ``--no-color`` they are ``X`` and ``O`` and the legal moves
``+``, since a monochrome terminal may not draw the circles apart. A move is a click on
a dotted square, the cursor and Enter, or typing the square (``d3``) in the move box.
When the only move is ``pass``, Enter or a click on the board passes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from adversa.games.base import Game, rules_of
from adversa.games.othello import Othello, OthelloState, Square
from adversa.tui.boards.base import BoardView, Canvas, Run, Target, mark_edges

Cell = tuple[int, int]
"""(row, column): row 0 is the top row, numbered 1."""

PASS = -1
"""The game's pass move (`othello_bitboard.PASS`; boards do not import the rules)."""


@dataclass(frozen=True, slots=True)
class _Layout:
    """A cell size and the art of each disc and of a legal-move dot (middle line)."""

    cell_width: int
    cell_height: int

    def size(self, rows: int, columns: int, status_rows: int = 2) -> tuple[int, int]:
        """Width and height of the picture: labels, cells, and the lines of text below."""
        return 3 + columns * self.cell_width, rows * self.cell_height + 1 + status_rows


_LAYOUTS = (_Layout(7, 3), _Layout(5, 2), _Layout(3, 1), _Layout(2, 1))
"""Largest first; the board uses the first that fits (the last one always)."""

def choose_layout(sides: int, width: int, height: int) -> tuple[_Layout, int]:
    """The largest layout that fits ``width`` × ``height`` and the status rows under it:
    two (the disc counts, then what happened), or both on one row when that row is what
    a larger layout needs (presentation mode at 80×24: two-row cells on 18 rows)."""
    def fits(layout: _Layout, status_rows: int) -> bool:
        picture_width, picture_height = layout.size(sides, sides, status_rows)
        return picture_width <= width and picture_height <= height

    two_rows = next((layout for layout in _LAYOUTS if fits(layout, 2)), _LAYOUTS[-1])
    one_row = next((layout for layout in _LAYOUTS if fits(layout, 1)), _LAYOUTS[-1])
    if one_row.cell_height > two_rows.cell_height:
        return one_row, 1
    return two_rows, 2


_GLYPHS = {"X": "●", "O": "○", "move": "·"}
_ASCII_GLYPHS = {"X": "X", "O": "O", "move": "+"}


class OthelloBoard(BoardView[OthelloState, Square]):
    """Othello: click a dotted square, or move the cursor and press Enter."""

    KEY_HELP: ClassVar[dict[str, str]] = {
        "select": "Play on the square at the cursor (or pass, when that is the only move)",
    }
    CLICK_HELP: ClassVar[str] = "Play on the square you clicked (pass, when that is the only move)"

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "othello--square",
        "othello--label",
        "othello--status",
        "othello--player-0",
        "othello--player-1",
        "othello--move",
        "othello--last-move",
        "othello--flipped",
        "othello--hint",
        "othello--cursor",
        "othello--pv-1",
        "othello--pv-2",
        "othello--pv-3",
    }

    DEFAULT_CSS = """
    OthelloBoard > .othello--square { background: #1f6e43; }
    OthelloBoard > .othello--label { color: $foreground-muted; text-style: bold; }
    OthelloBoard > .othello--status { color: $foreground; text-style: bold; }
    OthelloBoard > .othello--player-0 { color: #101010; text-style: bold; }
    OthelloBoard > .othello--player-1 { color: #f4f4f4; text-style: bold; }
    OthelloBoard > .othello--move { color: #a8e0b8; }
    OthelloBoard > .othello--last-move { background: #c79a2a; }
    OthelloBoard > .othello--flipped { background: #4f9a6c; }
    OthelloBoard > .othello--hint { background: $primary 60%; }
    OthelloBoard > .othello--cursor { background: $accent 80%; }
    OthelloBoard > .othello--pv-1 { background: $success 70%; }
    OthelloBoard > .othello--pv-2 { background: $warning 60%; }
    OthelloBoard > .othello--pv-3 { background: $secondary 60%; }
    """

    def __init__(self, game: Game[OthelloState, Square], **widget_options: str | None) -> None:
        super().__init__(game, **widget_options)
        self.rules = rules_of(game, Othello)
        self.sides = self.rules.size
        self.cursor: Cell = (self.sides // 2 - 2, self.sides // 2 - 1)

    # ---- reading the game -------------------------------------------------

    def disc(self, row: int, column: int) -> str | None:
        found: str | None = self.rules.disc(self.state, row, column)
        return found

    def cell_of(self, move: Square) -> Cell | None:
        return None if move == PASS else divmod(move, self.sides)

    def flipped_cells(self) -> set[Cell]:
        """The discs the last move turned (found by replaying it on the position before)."""
        if self.last_move is None or self.previous_state is None:
            return set()
        try:
            if self.game.result(self.previous_state, self.last_move) != self.state:
                return set()
        except (IndexError, ValueError):
            return set()
        return set(self.rules.flipped_by(self.previous_state, self.last_move))

    def status_lines(self) -> tuple[str, str]:
        """The disc counts, and who moves or passed, in words."""
        black, white = self.rules.discs(self.state)
        counts = f"Black {black} · White {white}"
        outcome = self.game.outcome(self.state)
        mover = self.game.player_name(self.game.to_move(self.state))
        if outcome is not None:
            said = "draw" if outcome.winner is None else \
                f"{self.game.player_name(outcome.winner)} wins"
        elif self.last_move == PASS:
            passer = self.game.player_name(1 - self.game.to_move(self.state))
            said = f"{passer} passes; {mover} to move"
        elif self.interactive and self.legal_moves == (PASS,):
            said = f"{mover} has no move: Enter passes"
        else:
            said = f"{mover} to move"
        return counts, said

    # ---- input ----------------------------------------------------------------

    def click_target(self, target: Target) -> None:
        if self.legal_moves == (PASS,):
            self.choose(PASS)
        elif isinstance(target, tuple) and target[0] == "cell":
            self.cursor = (target[1], target[2])
            self.select_at_cursor()

    def move_cursor(self, rows: int, columns: int) -> None:
        row, column = self.cursor
        self.cursor = (min(max(row + rows, 0), self.sides - 1),
                       min(max(column + columns, 0), self.sides - 1))

    def select_at_cursor(self) -> None:
        if self.legal_moves == (PASS,):
            self.choose(PASS)
            return
        row, column = self.cursor
        move = row * self.sides + column
        if move in self.legal_moves:
            self.choose(move)
        else:
            name = f"{chr(ord('a') + column)}{row + 1}"
            taken = self.disc(row, column) is not None
            self.refuse(f"{name} is taken" if taken else f"{name} turns no disc")

    # ---- drawing ----------------------------------------------------------------

    def draw(self, canvas: Canvas, width: int, height: int) -> None:
        layout, status_rows = choose_layout(self.sides, width, height)
        glyphs = _ASCII_GLYPHS if self.marks_highlights else _GLYPHS
        highlights = self._highlights()
        moves = {self.cell_of(move) for move in self.legal_moves} if self.interactive else set()
        order = list(range(self.sides))
        if self.flipped:
            order.reverse()
        label = self.style_of("othello--label")
        canvas.write("   ", label)
        for column in order:
            canvas.write(chr(ord("a") + column).center(layout.cell_width), label)
        canvas.newline()
        for row in order:
            for line in range(layout.cell_height):
                middle = line == layout.cell_height // 2
                canvas.write(f"{row + 1:>2} " if middle else "   ", label)
                for column in order:
                    self._write_cell_line(canvas, layout, (row, column), middle,
                                          line == layout.cell_height - 1,
                                          glyphs, highlights, (row, column) in moves)
                canvas.newline()
        counts, said = self.status_lines()
        status = self.style_of("othello--status")
        if status_rows == 1:  # e.g. "X 2  O 2 · Black to move" where a row was short
            canvas.write(f"{counts} · {said}" if said else counts, status)
            return
        canvas.write(counts, status)
        canvas.newline()
        canvas.write(said, status)

    def _highlights(self) -> dict[Cell, list[str]]:
        """Which component styles colour each square, weakest first."""
        marks: dict[Cell, list[str]] = {}
        for cell in self.flipped_cells():
            marks.setdefault(cell, []).append("othello--flipped")
        last = self.cell_of(self.last_move) if self.last_move is not None else None
        if last is not None:
            marks.setdefault(last, []).append("othello--last-move")
        hint = self.cell_of(self.hint) if self.interactive and self.hint is not None else None
        if hint is not None:
            marks.setdefault(hint, []).append("othello--hint")
        for step, move in enumerate(self.pv[:3], start=1):
            pv_cell = self.cell_of(move)
            if pv_cell is not None:
                marks.setdefault(pv_cell, []).append(f"othello--pv-{step}")
        if self.shows_cursor:
            marks.setdefault(self.cursor, []).append("othello--cursor")
        return marks

    def _write_cell_line(self, canvas: Canvas, layout: _Layout, cell: Cell, middle: bool,
                         bottom: bool, glyphs: dict[str, str],
                         highlights: dict[Cell, list[str]], is_move: bool) -> None:
        disc = self.disc(*cell)
        names = ["othello--square", *highlights.get(cell, [])]
        text = ""
        if disc is not None:
            text = glyphs[disc] if middle else ""
            names.insert(1, f"othello--player-{0 if disc == 'X' else 1}")
        elif is_move and middle:
            text = glyphs["move"]
            names.insert(1, "othello--move")
        runs: list[Run] = [(text.center(layout.cell_width), names)]
        marks = highlights.get(cell, [])
        if marks and self.marks_highlights and bottom:
            kind = marks[-1].removeprefix("othello--")
            runs = mark_edges(runs, "win" if kind == "flipped" else kind)
        for run_text, run_names in runs:
            canvas.write(run_text, self.style_of(*run_names), ("cell", *cell))


BOARD = OthelloBoard
