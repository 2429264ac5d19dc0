"""Backgammon: 24 points as columns seen from X's side, the bar, checkers off, dice, pips.

The top half holds X's points 13–24 left to right, the bottom half 12–1, with the
bar between the two quarters, as a printed board from X's chair. A stack shows up
to five checkers; a taller one writes its count in its fifth row. Plays are typed
in notation in the move box (``24/18 13/11``, ``bar/22``, ``6/off``): the board
shows the dice already rolled before anyone moves, so the engine's roll is on show
while it thinks.
"""

from __future__ import annotations

from typing import Any, ClassVar

from adversa.games.backgammon_moves import pip_count
from adversa.games.base import CHANCE
from adversa.tui.boards.base import BoardView, Canvas

STACK = 5
"""Rows a point's column shows; a taller stack writes its count in the last row."""

_TOP = (13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24)
_BOTTOM = (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
_BAR = 25


class BackgammonBoard(BoardView):
    """Shows the position; the human types a play in the move box."""

    @property
    def upside_down(self) -> bool:
        """One fixed view (from X's side): point numbers are X's, as in gnubg's board."""
        return False

    KEY_HELP: ClassVar[dict[str, str]] = {"cursor": "", "select": ""}
    CLICK_HELP: ClassVar[str] = "Type a play in the move box, e.g. 24/18 13/11"

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "backgammon--frame",
        "backgammon--x",
        "backgammon--o",
        "backgammon--label",
        "backgammon--dice",
        "backgammon--text",
    }

    DEFAULT_CSS = """
    BackgammonBoard > .backgammon--frame { color: $foreground-muted; }
    BackgammonBoard > .backgammon--x { color: $primary; text-style: bold; }
    BackgammonBoard > .backgammon--o { color: $warning; text-style: bold; }
    BackgammonBoard > .backgammon--label { color: $foreground-muted; }
    BackgammonBoard > .backgammon--dice { color: $background; background: $accent;
                                          text-style: bold; }
    BackgammonBoard > .backgammon--text { color: $foreground; }
    """

    def _sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        x_side, o_side = self.game.sides(self.state)  # type: ignore[attr-defined]
        return x_side, o_side

    def _cell(self, point: int, row: int, stack: int, cell: int) -> tuple[str, str]:
        """The text and style of ``row`` (0 at the board's edge) of X's ``point``."""
        x_side, o_side = self._sides()
        count, owner = (x_side[point], "x") if x_side[point] else (o_side[25 - point], "o")
        if row >= count:
            return (("·" if row == 0 else " ").center(cell), "backgammon--label")
        if row == stack - 1 and count > stack:
            return (str(count).rjust(2).ljust(cell), f"backgammon--{owner}")
        return (owner.upper().center(cell), f"backgammon--{owner}")

    def draw(self, canvas: Canvas, width: int, height: int) -> None:
        """Three-character columns and five-checker stacks where they fit, else narrower
        and shorter (80×24 with the search panel leaves about 32×14); the turn, dice
        and pips go to the right of the board when there is room, else below it."""
        cell = 3 if width >= 45 else 2
        bar_width = 3 if cell == 3 else 1
        board_width = 1 + 12 * cell + bar_width + 3
        panel = self._panel()
        beside = width >= board_width + 30
        below = 0 if beside else min(len(panel), 2)
        stack = max(2, min(STACK, (height - 5 - below) // 2))
        frame = self.style_of("backgammon--frame")
        label = self.style_of("backgammon--label")
        x_side, o_side = self._sides()
        self._labels(canvas, _TOP, label, cell)
        middle = "─" * bar_width
        canvas.write("┌" + "─" * 6 * cell + f"┬{middle}┬" + "─" * 6 * cell + "┐", frame)
        canvas.newline()
        line = 0
        for row in range(stack):
            self._row(canvas, _TOP, row, o_side[_BAR], "o", frame, stack, cell)
            line = self._panel_line(canvas, panel, line, beside)
            canvas.newline()
        bar_label = "BAR" if bar_width == 3 else "B"
        canvas.write("│" + " " * 6 * cell + f"│{bar_label}│" + " " * 6 * cell + "│", frame)
        line = self._panel_line(canvas, panel, line, beside)
        canvas.newline()
        for row in reversed(range(stack)):
            self._row(canvas, _BOTTOM, row, x_side[_BAR], "x", frame, stack, cell)
            line = self._panel_line(canvas, panel, line, beside)
            canvas.newline()
        canvas.write("└" + "─" * 6 * cell + f"┴{middle}┴" + "─" * 6 * cell + "┘", frame)
        canvas.newline()
        self._labels(canvas, _BOTTOM, label, cell)
        if not beside:
            for runs in panel[:below]:
                self._panel_line(canvas, [runs], 0, True)
                canvas.newline()

    def _labels(self, canvas: Canvas, points: tuple[int, ...], style: Any, cell: int) -> None:
        def numbers(part: tuple[int, ...]) -> str:
            # Two-cell columns cannot part two-digit numbers: label every other point.
            return "".join(str(p).rjust(2).center(cell) if cell == 3 or index % 2 == 0
                           else " " * cell for index, p in enumerate(part))

        gap = " " * (5 if cell == 3 else 3)
        canvas.write(" " + numbers(points[:6]) + gap + numbers(points[6:]), style)
        canvas.newline()

    def _row(self, canvas: Canvas, points: tuple[int, ...], row: int, bar: int, owner: str,
             frame: Any, stack: int, cell: int) -> None:
        canvas.write("│", frame)
        bar_width = 3 if cell == 3 else 1
        for index, point in enumerate(points):
            if index == 6:
                canvas.write("│", frame)
                if row < bar:
                    shown = str(bar) if row == stack - 1 and bar > stack else owner.upper()
                    canvas.write(shown.center(bar_width), self.style_of(f"backgammon--{owner}"))
                else:
                    canvas.write(" " * bar_width)
                canvas.write("│", frame)
            text, style = self._cell(point, row, stack, cell)
            canvas.write(text, self.style_of(style))
        canvas.write("│", frame)

    def _panel_line(self, canvas: Canvas, panel: list[list[tuple[str, str]]], line: int,
                    beside: bool) -> int:
        """Write the panel's line ``line`` to the right of the board; the next line."""
        if beside and line < len(panel):
            canvas.write("  ")
            for text, style in panel[line]:
                canvas.write(text, self.style_of(style))
        return line + 1

    def _panel(self) -> list[list[tuple[str, str]]]:
        x_side, o_side = self._sides()
        state = self.state
        text = "backgammon--text"
        outcome = self.game.outcome(state)
        lines: list[list[tuple[str, str]]] = []
        if outcome is not None and outcome.winner is not None:
            lines.append([(f"{self.game.player_name(outcome.winner)} wins",
                           f"backgammon--{'xo'[outcome.winner]}"),
                          (f" ({outcome.reason})", text)])
        elif state.opening:
            lines.append([("Opening roll: the higher die starts", text)])
        else:
            player = state.player
            mover = (self.game.player_name(player), f"backgammon--{'xo'[player]}")
            if self.game.to_move(state) == CHANCE:
                lines.append([mover, (" to roll", text)])
            else:
                lines.append([mover, (" to play ", text),
                              (f" {state.dice[0]} ", "backgammon--dice"), (" ", text),
                              (f" {state.dice[1]} ", "backgammon--dice")])
        pips = [("pips ", text), ("X", "backgammon--x"), (f" {pip_count(x_side)} ", text),
                 ("O", "backgammon--o"), (f" {pip_count(o_side)}", text)]
        if x_side[0] or o_side[0]:
            pips += [("  off ", text), ("X", "backgammon--x"), (f" {x_side[0]} ", text),
                     ("O", "backgammon--o"), (f" {o_side[0]}", text)]
        lines.append(pips)
        lines.append([("type a play: 24/18 13/11", "backgammon--label")])
        return lines


BOARD = BackgammonBoard
"""The board `adversa.tui.boards` gives this game."""
