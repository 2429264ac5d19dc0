"""The checkers board: 8×8 with numbered dark squares, moves made by clicking squares.

A move is made the way it is written, square by square: click (or Enter on) the
piece, then each landing square; a multi-jump is posted as soon as the squares
clicked so far are exactly one legal move's complete path. Clicking the final
square of a capture straight away also works when only one capture ends there.

Orientation: unflipped, the board is seen from Black's side (Black's pieces at
the bottom; Black moves first); ``flipped`` shows it from White's side, the way
checkers diagrams print it (square 1 top left).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.reactive import reactive

from adversa.games.base import Game, rules_of
from adversa.games.checkers import Checkers, CheckersMove, CheckersState
from adversa.games.checkers_board import square_at, square_coordinates
from adversa.tui.boards.base import BoardView, Canvas, Target, mark_edges

Square = int
"""Square number 1–32."""


@dataclass(frozen=True, slots=True)
class _Look:
    """Square size and how each piece is drawn in it (one string per line).

    Black's pieces are solid and White's are rings, and a king carries a crown
    glyph, so the sides and the kings differ in shape as well as in colour: a
    colour-blind player, a monochrome terminal and a printed screenshot all
    tell them apart.
    """

    width: int
    height: int
    pieces: dict[str, tuple[str, ...]]
    """Keyed by the game's piece letters: ``b``/``w`` men, ``B``/``W`` kings."""
    numbers_with_pieces: bool
    """Room for the square number beside a piece (else only empty squares show it)."""


_LOOKS = (
    _Look(7, 3, {
        "b": ("  ▄▄▄  ", " █████ ", "  ▀▀▀  "), "B": ("  ▄▄▄  ", " ██◆██ ", "  ▀▀▀  "),
        "w": ("  ▄▄▄  ", " █   █ ", "  ▀▀▀  "), "W": ("  ▄▄▄  ", " █ ◆ █ ", "  ▀▀▀  "),
    }, True),
    _Look(5, 2, {
        "b": ("▗███▖", "▝███▘"), "B": ("▗█◆█▖", "▝███▘"),
        "w": ("▗▛▀▜▖", "▝▙▄▟▘"), "W": ("▗▛◆▜▖", "▝▙▄▟▘"),
    }, False),
    _Look(4, 2, {
        "b": ("▗██▖", "▝██▘"), "B": ("▗◆◆▖", "▝██▘"),
        "w": ("▗▛▜▖", "▝▙▟▘"), "W": ("▗◆◆▖", "▝▙▟▘"),
    }, False),
    _Look(3, 2, {
        "b": ("▗█▖", "▝█▘"), "B": ("▗◆▖", "▝█▘"),
        "w": ("▗▀▖", "▝▄▘"), "W": ("▗◆▖", "▝▄▘"),
    }, False),
    _Look(3, 1, {"b": (" ● ",), "B": (" ◆ ",), "w": (" ○ ",), "W": (" ◇ ",)}, False),
)
"""Largest first; the board takes the first that fits (the last one always)."""

def choose_look(width: int, height: int) -> tuple[_Look, bool]:
    """The largest look that fits ``width`` × ``height``, and whether the side labels
    above and below the board fit too. The labels give way to a larger look (the status
    line still says who is to move): at 80×24 presentation mode has 16 rows, exactly
    eight two-row squares, where with the labels it could only draw one-row ones."""
    def fits(look: _Look, labels: int) -> bool:
        return 8 * look.width <= width and 8 * look.height + labels <= height

    with_labels = next((look for look in _LOOKS if fits(look, 2)), _LOOKS[-1])
    without = next((look for look in _LOOKS if fits(look, 0)), _LOOKS[-1])
    if without.height > with_labels.height:
        return without, False
    return with_labels, True


CROWNS = "◆◇"
"""The king's crown glyphs, drawn in their own colour."""


class CheckersBoard(BoardView[CheckersState, CheckersMove]):
    """Checkers: click the piece, then its landing squares; Esc drops the selection."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("number_sign", "toggle_numbers", "Numbers", key_display="#"),
    ]

    KEY_HELP: ClassVar[dict[str, str]] = {
        "toggle_numbers": "Show / hide the square numbers (1–32)",
        "cursor": "Move the cursor over the squares",
        "select": "Pick the piece at the cursor, then each square it lands on",
        "cancel": "Drop the piece picked so far",
    }
    CLICK_HELP: ClassVar[str] = "Pick a piece, then click each square it lands on"

    show_numbers: reactive[bool] = reactive(True)
    """Square numbers on the dark squares (key ``#``; ``n`` is the screen's New game)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "checkers--light",
        "checkers--dark",
        "checkers--number",
        "checkers--black",
        "checkers--white",
        "checkers--crown",
        "checkers--last-move",
        "checkers--captured",
        "checkers--hint",
        "checkers--must-capture",
        "checkers--selected",
        "checkers--target",
        "checkers--cursor",
        "checkers--side",
        "checkers--pv-1",
        "checkers--pv-2",
        "checkers--pv-3",
        "checkers--pv-number",
    }

    DEFAULT_CSS = """
    CheckersBoard > .checkers--light { background: #e6d3ad; }
    CheckersBoard > .checkers--dark { background: #8c5e3c; }
    CheckersBoard > .checkers--number { color: #f3e6cc; }
    CheckersBoard > .checkers--black { color: #141414; text-style: bold; }
    CheckersBoard > .checkers--white { color: #fbfbf7; text-style: bold; }
    CheckersBoard > .checkers--crown { color: $warning; text-style: bold; }
    CheckersBoard > .checkers--last-move { background: $primary 60%; }
    CheckersBoard > .checkers--captured { color: $error; text-style: bold; }
    CheckersBoard > .checkers--hint { background: $secondary; }
    CheckersBoard > .checkers--must-capture { background: $error; }
    CheckersBoard > .checkers--selected { background: $primary; }
    CheckersBoard > .checkers--target { background: $success; }
    CheckersBoard > .checkers--cursor { background: $accent; }
    CheckersBoard > .checkers--side { color: $foreground-muted; text-style: bold; }
    CheckersBoard > .checkers--pv-1 { background: $success 70%; }
    CheckersBoard > .checkers--pv-2 { background: $warning 60%; }
    CheckersBoard > .checkers--pv-3 { background: $secondary 60%; }
    CheckersBoard > .checkers--pv-number { color: $text; text-style: bold; }
    """

    def __init__(self, game: Game[CheckersState, CheckersMove], **widget_options: str | None
                 ) -> None:
        super().__init__(game, **widget_options)
        self.rules = rules_of(game, Checkers)
        self.clicked: tuple[Square, ...] = ()
        self.cursor: tuple[int, int] = (5, 0)

    # ---- reading the game ---------------------------------------------------

    def path(self, move: CheckersMove) -> tuple[Square, ...]:
        return self.rules.move_path(move)

    def coordinates(self, square: Square) -> tuple[int, int]:
        """(row, column) in the game's frame: row 0 is Black's back row."""
        return square_coordinates(square)

    def square_at(self, row: int, column: int) -> Square | None:
        return square_at(row, column)

    def matching_moves(self, squares: tuple[Square, ...]) -> list[CheckersMove]:
        """Legal moves whose path begins with ``squares``."""
        return [m for m in self.legal_moves if self.path(m)[: len(squares)] == squares]

    # ---- input ------------------------------------------------------------------------

    def reset_selection(self) -> None:
        """Drop a half-made move; put the cursor on a piece that can move if it is not."""
        self.clicked = ()
        starts = {self.path(move)[0] for move in self.legal_moves}
        if starts and self.square_at(*self.cursor) not in starts:
            self.cursor = self.coordinates(min(starts))

    def has_selection(self) -> bool:
        return bool(self.clicked)

    def cancel_selection(self) -> None:
        self.clicked = ()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "toggle_numbers":
            return True
        return super().check_action(action, parameters)

    def action_toggle_numbers(self) -> None:
        self.show_numbers = not self.show_numbers

    def watch_show_numbers(self) -> None:
        self.redraw()

    def click_target(self, target: Target) -> None:
        if isinstance(target, tuple) and target[0] == "square":
            self.cursor = self.coordinates(target[1])
            self.click_square(target[1])

    def click_square(self, square: Square) -> None:
        """One click of a move in progress (see the module notes)."""
        starts = {self.path(m)[0] for m in self.legal_moves}
        if not self.clicked:
            self.clicked = (square,) if square in starts else ()
            return
        extended = (*self.clicked, square)
        matches = self.matching_moves(extended)
        if not matches and square == self.clicked[0]:
            self.clicked = ()  # the selected piece again: put it down
            return
        if not matches:
            later = len(extended) - 1
            matches = [
                m for m in self.matching_moves(self.clicked) if square in self.path(m)[later:]
            ]
            if len(matches) == 1:
                path = self.path(matches[0])
                extended = path[: path.index(square, len(self.clicked)) + 1]
            elif square in starts and len(self.clicked) == 1:
                self.clicked = (square,)
                return
            else:
                return
        complete = [m for m in matches if len(self.path(m)) == len(extended)]
        if len(matches) == 1 and complete:
            self.choose(complete[0])
        else:
            self.clicked = extended

    def view_from(self, seat: int) -> None:
        """Black (seat 0) at the bottom is the unflipped view; White's is the flipped one."""
        self.flipped = seat == 1

    @property
    def upside_down(self) -> bool:
        """Unflipped shows Black at the bottom: the game's grid (row 0 on top) turned 180°."""
        return not self.flipped

    def move_cursor(self, rows: int, columns: int) -> None:
        row, column = self.cursor
        self.cursor = (min(max(row + rows, 0), 7), min(max(column + columns, 0), 7))

    def select_at_cursor(self) -> None:
        square = self.square_at(*self.cursor)
        if square is not None:
            self.click_square(square)

    # ---- drawing ------------------------------------------------------------------------

    def draw(self, canvas: Canvas, width: int, height: int) -> None:
        look, labelled = choose_look(width, height)
        pieces: dict[Square, str] = self.rules.pieces(self.state)
        highlights = self._highlights()
        captured = self._captured_squares()
        top, bottom = ("White", "Black") if not self.flipped else ("Black", "White")
        side = self.style_of("checkers--side")
        top_player, bottom_player = (1, 0) if not self.flipped else (0, 1)
        if labelled:
            canvas.write(self._side_label(top_player, top), side)
            canvas.newline()
        for view_row in range(8):
            for line in range(look.height):
                for view_column in range(8):
                    row, column = self._model(view_row, view_column)
                    square = self.square_at(row, column)
                    if square is None:
                        names = ["checkers--light"]
                        if self.shows_cursor and (row, column) == self.cursor:
                            names.append("checkers--cursor")
                        canvas.write(" " * look.width, self.style_of(*names))
                        continue
                    self._write_square_line(
                        canvas, look, line, square, pieces, highlights, captured
                    )
                canvas.newline()
        if labelled:
            canvas.write(self._side_label(bottom_player, bottom), side)

    def _side_label(self, player: int, colour: str) -> str:
        # A finished game has no side to move (the status line shows the result).
        moving = not self.game.is_terminal(self.state) and self.game.to_move(self.state) == player
        marker = " ◀ to move" if moving else ""
        return f"{colour}{marker}"

    def _model(self, view_row: int, view_column: int) -> tuple[int, int]:
        """Game coordinates shown at a screen position (unflipped: Black's side at the bottom)."""
        if self.flipped:
            return view_row, view_column
        return 7 - view_row, 7 - view_column

    def _captured_squares(self) -> set[Square]:
        if self.last_move is None:
            return set()
        return set(self.rules.captured_squares(self.last_move))

    def _highlights(self) -> dict[Square, list[str]]:
        """Square → highlight component classes, weakest first."""
        marks: dict[Square, list[str]] = {}

        def mark(square: Square, name: str) -> None:
            marks.setdefault(square, []).append(name)

        if self.last_move is not None:
            for square in self.path(self.last_move):
                mark(square, "checkers--last-move")
        for step, move in enumerate(self.pv, start=1):
            path = self.path(move)
            for square in (path[0], path[-1]):
                mark(square, f"checkers--pv-{step}")
        if self.interactive:
            if self.hint is not None and not self.clicked:
                hint_path = self.path(self.hint)
                for square in (hint_path[0], hint_path[-1]):
                    mark(square, "checkers--hint")
            captures = self.rules.captured_squares
            capturing = [m for m in self.legal_moves if captures(m)]
            if capturing and not self.clicked:
                for move in capturing:
                    mark(self.path(move)[0], "checkers--must-capture")
            for square in self.clicked:
                mark(square, "checkers--selected")
            if self.clicked:
                depth = len(self.clicked)
                for move in self.matching_moves(self.clicked):
                    path = self.path(move)
                    if len(path) > depth:
                        mark(path[depth], "checkers--target")
        if self.shows_cursor:
            at_cursor = self.square_at(*self.cursor)
            if at_cursor is not None:
                mark(at_cursor, "checkers--cursor")
        return marks

    def _pv_step_to(self, square: Square) -> int | None:
        """The last step of the expected line that lands on ``square`` (1-based), if any."""
        steps = [step for step, move in enumerate(self.pv, start=1)
                 if self.path(move)[-1] == square]
        return steps[-1] if steps else None

    def _write_square_line(
        self, canvas: Canvas, look: _Look, line: int, square: Square,
        pieces: dict[Square, str], highlights: dict[Square, list[str]], captured: set[Square],
    ) -> None:
        marks = highlights.get(square, [])
        ground = ["checkers--dark", *marks]
        piece = pieces.get(square)
        number = str(square) if self.show_numbers else ""
        runs: list[tuple[str, list[str]]]
        if piece is None:
            middle = line == look.height // 2
            step = self._pv_step_to(square)
            if step is not None and middle:
                runs = [(str(step).center(look.width), [*ground, "checkers--pv-number"])]
            elif square in captured and middle:
                runs = [("×".center(look.width), [*ground, "checkers--captured"])]
            elif number and (line == 0 if look.numbers_with_pieces else middle):
                corner = look.numbers_with_pieces
                text = number.ljust(look.width) if corner else number.center(look.width)
                runs = [(text, [*ground, "checkers--number"])]
            else:
                runs = [(" " * look.width, ground)]
        else:
            colour = "checkers--black" if piece in "bB" else "checkers--white"
            art = look.pieces[piece][line]
            runs = []
            if line == 0 and number and look.numbers_with_pieces:
                label = number.ljust(2)
                runs.append((label, [*ground, "checkers--number"]))
                art = art[len(label):]
            runs.extend(
                (text, [*ground, colour, "checkers--crown"] if crown else [*ground, colour])
                for text, crown in _split_crown(art)
            )
        if marks and self.marks_highlights and line == look.height - 1:
            runs = mark_edges(runs, marks[-1].removeprefix("checkers--"))
        for text, names in runs:
            canvas.write(text, self.style_of(*names), ("square", square))


def _split_crown(art: str) -> list[tuple[str, bool]]:
    """Split a piece's line into runs, marking the king's crown glyph for its own colour."""
    runs: list[tuple[str, bool]] = []
    start = 0
    for index, glyph in enumerate(art):
        if glyph in CROWNS:
            if index > start:
                runs.append((art[start:index], False))
            runs.append((glyph, True))
            start = index + 1
    if start < len(art):
        runs.append((art[start:], False))
    return runs


BOARD = CheckersBoard
"""The board `adversa.tui.boards` gives this game."""
