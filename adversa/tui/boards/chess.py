"""The chess board: click a piece, then its square; promotions offer Q, R, B or N.

The selected piece's legal destinations are highlighted, as are the last move's two
squares and the king of the side in check. Pieces are the Unicode chess symbols, solid
for both sides and told apart by colour; without colour (``--no-color``, high
contrast) they are the FEN letters instead — upper case White, lower case Black — so
the sides differ in shape on any terminal. Unflipped, White is at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import chess

from adversa.games.base import Game
from adversa.games.chess_state import ChessState
from adversa.tui.boards.base import BoardView, Canvas, Target, mark_edges

SOLID_GLYPHS = {
    chess.PAWN: "♟", chess.KNIGHT: "♞", chess.BISHOP: "♝",
    chess.ROOK: "♜", chess.QUEEN: "♛", chess.KING: "♚",
}
"""One solid shape per piece type for both sides: colour tells them apart (the outline
set reads poorly on dark terminals)."""

PROMOTION_CHOICES = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)


@dataclass(frozen=True, slots=True)
class _Look:
    """Square size in cells; the piece is drawn in the middle line, centred."""

    width: int
    height: int


_LOOKS = (_Look(7, 3), _Look(5, 2), _Look(3, 1), _Look(2, 1))
"""Largest first; the board takes the first that fits (the last one always)."""


class ChessBoard(BoardView[ChessState, chess.Move]):
    """Chess: click the piece, then where it goes; Esc drops the selection."""

    KEY_HELP: ClassVar[dict[str, str]] = {
        "cursor": "Move the cursor over the squares",
        "select": "Pick the piece at the cursor, then the square it goes to",
        "cancel": "Drop the piece picked so far",
    }
    CLICK_HELP: ClassVar[str] = "Pick a piece, then click the square it goes to"

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "chess--light", "chess--dark", "chess--white", "chess--black", "chess--label",
        "chess--last-move", "chess--selected", "chess--target", "chess--check",
        "chess--hint", "chess--cursor", "chess--side", "chess--pv-1", "chess--pv-2",
        "chess--pv-3",
    }

    DEFAULT_CSS = """
    ChessBoard > .chess--light { background: #e8d8b0; }
    ChessBoard > .chess--dark { background: #a67d5d; }
    ChessBoard > .chess--white { color: #ffffff; text-style: bold; }
    ChessBoard > .chess--black { color: #101010; text-style: bold; }
    ChessBoard > .chess--label { color: $foreground-muted; }
    ChessBoard > .chess--last-move { background: $primary 60%; }
    ChessBoard > .chess--selected { background: $primary; }
    ChessBoard > .chess--target { background: $success 70%; }
    ChessBoard > .chess--check { background: $error; }
    ChessBoard > .chess--hint { background: $secondary; }
    ChessBoard > .chess--cursor { background: $accent; }
    ChessBoard > .chess--side { color: $foreground-muted; text-style: bold; }
    ChessBoard > .chess--pv-1 { background: $success 70%; }
    ChessBoard > .chess--pv-2 { background: $warning 60%; }
    ChessBoard > .chess--pv-3 { background: $secondary 60%; }
    """

    def __init__(self, game: Game[ChessState, chess.Move], **widget_options: str | None) -> None:
        super().__init__(game, **widget_options)
        self.selected: int | None = None
        self.promotions: tuple[chess.Move, ...] = ()
        """The moves a piece reaching the last rank may become, while the choice is open."""
        self.cursor: int = chess.E2

    @property
    def board(self) -> chess.Board:
        """The python-chess board of the state on show (read only), for its pieces, turn
        and check: the state's shared board, whose clocks may be another path's
        (`ChessState.board` would build a copy with the state's own at every square
        drawn)."""
        return self.state.position

    @property
    def plain(self) -> bool:
        """Letters instead of glyphs: no colour to tell the sides apart."""
        return bool(getattr(self.app, "no_color", False)) if self.is_attached else False

    # ---- input ------------------------------------------------------------------------

    def reset_selection(self) -> None:
        self.selected = None
        self.promotions = ()

    def has_selection(self) -> bool:
        return self.selected is not None

    def cancel_selection(self) -> None:
        self.reset_selection()

    def view_from(self, seat: int) -> None:
        """White (seat 0) at the bottom is the unflipped view."""
        self.flipped = seat == 1

    def click_target(self, target: Target) -> None:
        if not isinstance(target, tuple):
            return
        if target[0] == "promote":
            chosen = [move for move in self.promotions if move.promotion == target[1]]
            if chosen:
                self.choose(chosen[0])
            return
        if target[0] == "square":
            self.cursor = target[1]
            self.click_square(target[1])

    def click_square(self, square: int) -> None:
        """Pick a piece that can move, or finish the move of the piece picked."""
        starts = {move.from_square for move in self.legal_moves}
        moves = [move for move in self._targets() if move.to_square == square]
        if self.selected is None or (square in starts and square != self.selected and not moves):
            self.selected = square if square in starts else None
            self.promotions = ()
            self.redraw()
            return
        if square == self.selected:
            self.reset_selection()
            self.redraw()
            return
        if len(moves) == 1:
            self.choose(moves[0])
        elif moves:  # a promotion: ask which piece
            self.promotions = tuple(moves)
            self.redraw()
        else:
            self.refuse(f"the piece on {chess.square_name(self.selected)} cannot go to "
                        f"{chess.square_name(square)}")

    def _targets(self) -> list[chess.Move]:
        return [move for move in self.legal_moves if move.from_square == self.selected]

    def move_cursor(self, rows: int, columns: int) -> None:
        file = min(max(chess.square_file(self.cursor) + columns, 0), 7)
        rank = min(max(chess.square_rank(self.cursor) - rows, 0), 7)
        self.cursor = chess.square(file, rank)

    def select_at_cursor(self) -> None:
        if self.promotions:
            self.choose(self.promotions[0])  # Enter takes the queen
            return
        self.click_square(self.cursor)

    # ---- drawing ------------------------------------------------------------------------

    def draw(self, canvas: Canvas, width: int, height: int) -> None:
        extra_lines = 3 if self.promotions else 2
        look = next((candidate for candidate in _LOOKS
                     if 8 * candidate.width + 2 <= width
                     and 8 * candidate.height + extra_lines <= height), _LOOKS[-1])
        marks = self._highlights()
        top, bottom = (chess.WHITE, chess.BLACK) if self.flipped else (chess.BLACK, chess.WHITE)
        side = self.style_of("chess--side")
        canvas.write(self._side_label(top), side)
        canvas.newline()
        label = self.style_of("chess--label")
        for view_rank in range(8):
            rank = view_rank if self.flipped else 7 - view_rank
            for line in range(look.height):
                middle = line == (look.height - 1) // 2
                canvas.write(f"{rank + 1} " if middle else "  ", label)
                for view_file in range(8):
                    file = 7 - view_file if self.flipped else view_file
                    self._write_square_line(canvas, look, chess.square(file, rank), middle,
                                            line == look.height - 1, marks)
                canvas.newline()
        files = "hgfedcba" if self.flipped else "abcdefgh"
        canvas.write("  " + "".join(name.center(look.width) for name in files), label)
        canvas.newline()
        canvas.write(self._side_label(bottom), side)
        if self.promotions:
            canvas.newline()
            canvas.write("promote to: ", label)
            for piece_type in PROMOTION_CHOICES:
                name = chess.piece_symbol(piece_type).upper()
                canvas.write(f"[{name}]", self.style_of("chess--target"), ("promote", piece_type))
                canvas.write(" ")

    def _side_label(self, colour: chess.Color) -> str:
        name = "White" if colour else "Black"
        outcome = self.game.outcome(self.state)
        if outcome is not None:
            if outcome.winner is None:
                return f"{name} — draw: {outcome.reason}"
            won = outcome.winner == (0 if colour else 1)
            return f"{name} — {'wins' if won else 'loses'}: {outcome.reason}"
        if self.board.turn == colour:
            return f"{name} ◀ to move" + (" — check!" if self.board.is_check() else "")
        return name

    def _highlights(self) -> dict[int, list[str]]:
        """Square → highlight component classes, weakest first."""
        marks: dict[int, list[str]] = {}

        def mark(square: int, name: str) -> None:
            marks.setdefault(square, []).append(name)

        if self.last_move is not None:
            mark(self.last_move.from_square, "chess--last-move")
            mark(self.last_move.to_square, "chess--last-move")
        for step, move in enumerate(self.pv[:3], start=1):
            mark(move.from_square, f"chess--pv-{step}")
            mark(move.to_square, f"chess--pv-{step}")
        if self.board.is_check():
            king = self.board.king(self.board.turn)
            if king is not None:
                mark(king, "chess--check")
        if self.interactive:
            if self.hint is not None and self.selected is None:
                mark(self.hint.from_square, "chess--hint")
                mark(self.hint.to_square, "chess--hint")
            if self.selected is not None:
                mark(self.selected, "chess--selected")
                for move in self._targets():
                    mark(move.to_square, "chess--target")
        if self.shows_cursor:
            mark(self.cursor, "chess--cursor")
        return marks

    def _write_square_line(self, canvas: Canvas, look: _Look, square: int, middle: bool,
                           last_line: bool, marks: dict[int, list[str]]) -> None:
        light = (chess.square_file(square) + chess.square_rank(square)) % 2 == 1
        highlight = marks.get(square, [])
        ground = ["chess--light" if light else "chess--dark", *highlight]
        piece = self.board.piece_at(square)
        runs: list[tuple[str, list[str]]]
        if piece is not None and middle:
            glyph = piece.symbol() if self.plain else SOLID_GLYPHS[piece.piece_type]
            colour = "chess--white" if piece.color else "chess--black"
            runs = [(glyph.center(look.width), [*ground, colour])]
        else:
            runs = [(" " * look.width, ground)]
        if highlight and self.marks_highlights and last_line:
            runs = mark_edges(runs, highlight[-1].removeprefix("chess--"))
        for text, names in runs:
            canvas.write(text, self.style_of(*names), ("square", square))


BOARD = ChessBoard
"""The board `adversa.tui.boards` gives this game."""
