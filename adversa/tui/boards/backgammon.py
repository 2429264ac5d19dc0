"""Backgammon: 24 points as columns seen from X's side, the bar, checkers off, dice, pips.

The top half holds X's points 13–24 left to right, the bottom half 12–1, with the
bar between the two quarters, as a printed board from X's chair. A stack shows up
to five checkers; a taller one writes its count in its fifth row. The board shows
the dice already rolled before anyone moves, so the engine's roll is on show while
it thinks.

A person plays a roll either in notation in the move box (``24/18 13/11``,
``bar/22``, ``6/off``) or one checker at a time (`PlayPicker`): click a checker (or
move the cursor to it and press Enter), then click a die or the point it lands on
(or press the die's digit). Each checker moves on the board at once and its die is
shown used; the play is sent when the dice are used up, and Esc takes the checkers
back. Only orders that lead to a legal play are offered, so a checker that must not
move (the larger die must be played, both dice used when possible) cannot be picked.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from textual.binding import Binding, BindingType

from adversa.games.backgammon import Backgammon, BackgammonMove
from adversa.games.backgammon_moves import (
    BackgammonState,
    Play,
    Side,
    apply_step,
    pip_count,
    step_orders,
)
from adversa.games.backgammon_net import shipped_network
from adversa.games.base import CHANCE, Game, rules_of
from adversa.tui.boards.base import BoardView, Canvas, Target

STACK = 5
"""Rows a point's column shows; a taller stack writes its count in the last row."""

_TOP = (13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24)
_BOTTOM = (12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
_BAR = 25


Step = tuple[int, int]
"""One checker moved: its point in the mover's numbering (25 the bar) and the die."""


class PlayPicker:
    """A play being made one checker and one die at a time, by the side on roll.

    Knows every order of steps that makes a legal play (`step_orders`, restricted to
    the plays on offer) and keeps the steps taken so far; everything it offers next is
    the next step of some such order, so the person can never reach a dead end.
    Points are in the mover's numbering.
    """

    def __init__(self, mover: Side, opponent: Side, dice: tuple[int, int],
                 offered: tuple[Play, ...]) -> None:
        self.start = (mover, opponent)
        self.dice = dice
        self.orders = {steps: play for steps, play in step_orders(mover, opponent, dice).items()
                       if play in offered}
        self.steps: list[Step] = []
        self.selected: int | None = None
        self.sides = self.start

    def _next_steps(self) -> set[Step]:
        taken = tuple(self.steps)
        return {order[len(taken)] for order in self.orders
                if len(order) > len(taken) and order[:len(taken)] == taken}

    def sources(self) -> set[int]:
        """The points a checker can be picked from now."""
        return {source for source, _ in self._next_steps()}

    def dice_for(self, source: int) -> set[int]:
        """The dice the checker on ``source`` can move by now."""
        return {die for start, die in self._next_steps() if start == source}

    def landing(self, source: int, die: int) -> int:
        """Where a checker from ``source`` lands with ``die`` (0: borne off)."""
        return max(0, source - die)

    def landings(self) -> set[int]:
        """Where the selected checker can land now (0: off); empty with none selected."""
        if self.selected is None:
            return set()
        return {self.landing(self.selected, die) for die in self.dice_for(self.selected)}

    def dice_left(self) -> list[int]:
        """The dice not used yet (four of a double at first)."""
        left = [self.dice[0]] * 4 if self.dice[0] == self.dice[1] else list(self.dice)
        for _, die in self.steps:
            left.remove(die)
        return left

    def pick(self, source: int) -> str | None:
        """Select the checker on ``source``; a reason when none there can move."""
        if source not in self.sources():
            return self._why_not(source)
        self.selected = source
        return None

    def move(self, die: int) -> Play | str:
        """Move the selected checker by ``die``: the finished play once every die the play
        needs is used, else a reason when that die cannot move it, else ``""``."""
        if self.selected is None:
            return "pick a checker first"
        if die not in self.dice_for(self.selected):
            where = "the bar" if self.selected == 25 else str(self.selected)
            return f"the checker on {where} cannot move {die}"
        self.sides = apply_step(*self.sides, self.selected, die)
        self.steps.append((self.selected, die))
        self.selected = None
        play = self.orders.get(tuple(self.steps))
        if play is not None and not self._next_steps():
            return play
        return ""

    def move_to(self, target: int) -> Play | str:
        """Move the selected checker to ``target`` (0: off) with whichever die gets it there."""
        if self.selected is None:
            return "pick a checker first"
        dice = [die for die in self.dice_for(self.selected)
                if self.landing(self.selected, die) == target]
        if not dice:
            return "no die takes that checker there"
        return self.move(min(dice))  # bearing off: the smallest die that does it

    def _why_not(self, source: int) -> str:
        where = "the bar" if source == 25 else f"point {source}"
        if not self.sides[0][source]:
            return f"no checker of yours on {where}"
        if self.sides[0][25] and source != 25:
            return "a checker on the bar must enter first"
        return f"the checker on {where} has no legal move with what is left of the roll"


class BackgammonBoard(BoardView[BackgammonState, BackgammonMove]):
    """Shows the position; the human picks checkers and dice, or types a play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(str(die), f"die({die})", f"Die {die}", show=False) for die in range(1, 7)
    ]

    def __init__(self, game: Game[BackgammonState, BackgammonMove], **widget_options: str | None
                 ) -> None:
        super().__init__(game, **widget_options)
        self.rules = rules_of(game, Backgammon)
        self.picker: PlayPicker | None = None
        self.cursor_point = 1
        """The keyboard cursor, in X's numbering (25: the bar)."""

    @property
    def upside_down(self) -> bool:
        """One fixed view (from X's side): point numbers are X's, as in gnubg's board."""
        return False

    KEY_HELP: ClassVar[dict[str, str]] = {
        "cursor": "Move the cursor over the points (up/down: the other half)",
        "select": "Pick the checker at the cursor (Enter again on its landing point)",
        "die": "Move the picked checker by that die",
        "cancel": "Take back the checkers moved this turn",
    }
    CLICK_HELP: ClassVar[str] = ("Click a checker, then a die or the point it lands on "
                                 "(or type a play, e.g. 24/18 13/11)")

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "backgammon--frame",
        "backgammon--x",
        "backgammon--o",
        "backgammon--label",
        "backgammon--dice",
        "backgammon--text",
        "backgammon--used",
        "backgammon--selected",
        "backgammon--target",
        "backgammon--cursor",
    }

    DEFAULT_CSS = """
    BackgammonBoard > .backgammon--frame { color: $foreground-muted; }
    BackgammonBoard > .backgammon--x { color: $primary; text-style: bold; }
    BackgammonBoard > .backgammon--o { color: $warning; text-style: bold; }
    BackgammonBoard > .backgammon--label { color: $foreground-muted; }
    BackgammonBoard > .backgammon--dice { color: $background; background: $accent;
                                          text-style: bold; }
    BackgammonBoard > .backgammon--text { color: $foreground; }
    BackgammonBoard > .backgammon--used { color: $foreground-muted; text-style: strike; }
    BackgammonBoard > .backgammon--selected { background: $accent 50%; }
    BackgammonBoard > .backgammon--target { background: $success 35%; }
    BackgammonBoard > .backgammon--cursor { background: $foreground 25%; }
    """

    # ---- picking a checker and a die ------------------------------------------------

    def reset_selection(self) -> None:
        self.picker = None

    def _picker(self) -> PlayPicker | None:
        """The play being made, begun on first use while a rolled position is on offer."""
        state = self.state
        if self.picker is None and self.interactive and state.dice:
            plays = tuple(move for move in self.legal_moves if isinstance(move, Play))
            self.picker = PlayPicker(state.mover, state.opponent,
                                     (state.dice[0], state.dice[1]), plays)
        return self.picker

    def _mover_point(self, x_point: int) -> int:
        """X's point number (25: the bar) in the numbering of the side on roll."""
        if x_point == 25 or self.state.player == 0:
            return x_point
        return 25 - x_point

    def _settle(self, outcome: Play | str | None) -> None:
        if isinstance(outcome, Play):
            self.choose(outcome)
        elif outcome:
            self.refuse(outcome)

    def _point_chosen(self, x_point: int) -> None:
        """A click or Enter on a point: pick its checker, or land the picked one there."""
        picker = self._picker()
        if picker is None:
            return
        point = self._mover_point(x_point)
        if point != picker.selected and point in picker.landings():
            self._settle(picker.move_to(point))
            return
        if picker.selected == point:
            picker.selected = None
            return
        if picker.sides[0][25] and point != 25 and 25 in picker.sources():
            point = 25  # a checker on the bar must enter first: picking the board means it
        self._settle(picker.pick(point))

    def click_target(self, target: Target) -> None:
        if not isinstance(target, tuple):
            return
        if target[0] == "point":
            self.cursor_point = target[1]
            self._point_chosen(target[1])
        elif target[0] == "bar":
            self.cursor_point = 25
            self._point_chosen(25)
        elif target[0] == "off":
            picker = self._picker()
            if picker is not None:
                self._settle(picker.move_to(0))
        elif target[0] == "die":
            self.action_die(target[1])

    def action_die(self, die: int) -> None:
        picker = self._picker()
        if picker is None:
            return
        if picker.selected is None:
            self.cursor_point = min(self.cursor_point, 25)
            self._point_chosen(self.cursor_point)
            if picker.selected is None:
                return
        self._settle(picker.move(die))
        self.redraw()

    def move_cursor(self, rows: int, columns: int) -> None:
        point = self.cursor_point
        if point == 25:
            self.cursor_point = 19 if rows < 0 else 6
            return
        if rows:
            self.cursor_point = 25 - point
            return
        top = point >= 13
        step = columns if top else -columns
        self.cursor_point = min(max(point + step, 13 if top else 1), 24 if top else 12)

    def select_at_cursor(self) -> None:
        self._point_chosen(self.cursor_point)

    def cancel_selection(self) -> None:
        self.picker = None

    def has_selection(self) -> bool:
        return self.picker is not None and bool(self.picker.steps or
                                                self.picker.selected is not None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "die":
            return self.interactive
        return super().check_action(action, parameters)

    # ---- drawing --------------------------------------------------------------------

    def _sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """X's and O's checkers as shown: with the checkers moved so far this turn."""
        picker = self.picker
        if picker is not None and picker.steps:
            mover, opponent = picker.sides
            return (mover, opponent) if self.state.player == 0 else (opponent, mover)
        return self.rules.sides(self.state)

    def _highlight(self, x_point: int) -> str | None:
        """``selected`` for the picked checker's point, ``target`` where it can land, else
        ``cursor`` under the keyboard cursor."""
        picker = self.picker
        if picker is not None and picker.selected is not None:
            point = self._mover_point(x_point)
            if point == picker.selected:
                return "backgammon--selected"
            if point in picker.landings():
                return "backgammon--target"
        if self.interactive and self.has_focus and x_point == self.cursor_point:
            return "backgammon--cursor"
        return None

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

    def _labels(self, canvas: Canvas, points: tuple[int, ...], style: Style, cell: int) -> None:
        def numbers(part: tuple[int, ...]) -> str:
            # Two-cell columns cannot part two-digit numbers: label every other point.
            return "".join(str(p).rjust(2).center(cell) if cell == 3 or index % 2 == 0
                           else " " * cell for index, p in enumerate(part))

        gap = " " * (5 if cell == 3 else 3)
        canvas.write(" " + numbers(points[:6]) + gap + numbers(points[6:]), style)
        canvas.newline()

    def _row(self, canvas: Canvas, points: tuple[int, ...], row: int, bar: int, owner: str,
             frame: Style, stack: int, cell: int) -> None:
        canvas.write("│", frame)
        bar_width = 3 if cell == 3 else 1
        for index, point in enumerate(points):
            if index == 6:
                canvas.write("│", frame)
                bar_style = [f"backgammon--{owner}"]
                if owner == "xo"[self.state.player] and (highlight := self._highlight(25)):
                    bar_style.append(highlight)
                if row < bar:
                    shown = str(bar) if row == stack - 1 and bar > stack else owner.upper()
                    canvas.write(shown.center(bar_width), self.style_of(*bar_style), ("bar",))
                else:
                    canvas.write(" " * bar_width, None, ("bar",))
                canvas.write("│", frame)
            text, style = self._cell(point, row, stack, cell)
            highlight = self._highlight(point)
            styles = (style, highlight) if highlight else (style,)
            canvas.write(text, self.style_of(*styles), ("point", point))
        canvas.write("│", frame)

    def _panel_line(self, canvas: Canvas, panel: list[list[tuple[str, str]]], line: int,
                    beside: bool) -> int:
        """Write the panel's line ``line`` to the right of the board; the next line."""
        if beside and line < len(panel):
            canvas.write("  ")
            for text, style in panel[line]:
                canvas.write(text, self.style_of(style), _panel_target(text, style))
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
                lines.append([mover, (" to play ", text), *self._dice_runs()])
        pips = [("pips ", text), ("X", "backgammon--x"), (f" {pip_count(x_side)} ", text),
                 ("O", "backgammon--o"), (f" {pip_count(o_side)}", text)]
        if x_side[0] or o_side[0]:
            pips += [("  off ", text), ("X", "backgammon--x"), (f" {x_side[0]} ", text),
                     ("O", "backgammon--o"), (f" {o_side[0]}", text)]
        lines.append(pips)
        if self.rules.option("evaluation", str) == "net" and outcome is None:
            lines.append(self._net_line())
        picker = self.picker
        if picker is not None and 0 in picker.landings():
            lines.append([("[bear off]", "backgammon--target")])
        else:
            lines.append([("pick a checker, then a die", "backgammon--label")])
        return lines

    def _net_line(self) -> list[tuple[str, str]]:
        """The trained network's chances for the side on roll (before its roll): win,
        gammon, backgammon, as gnubg shows them."""
        state = self.state
        chances = shipped_network().outputs(state.mover, state.opponent)
        win, gammon, backgammon = chances[0], chances[1], chances[2]
        return [(self.game.player_name(state.player), f"backgammon--{'xo'[state.player]}"),
                (f" net: win {win:.0%} gammon {gammon:.0%} bg {backgammon:.0%}",
                 "backgammon--text")]

    def _dice_runs(self) -> list[tuple[str, str]]:
        """The roll, each die a click target; the dice used so far this turn struck out
        (a double shows its four moves)."""
        state, picker = self.state, self.picker
        dice = [state.dice[0]] * 4 if state.dice[0] == state.dice[1] else list(state.dice)
        left = picker.dice_left() if picker is not None else list(dice)
        runs: list[tuple[str, str]] = []
        for die in dice:
            if die in left:
                left.remove(die)
                runs.append((f" {die} ", "backgammon--dice"))
            else:
                runs.append((f" {die} ", "backgammon--used"))
            runs.append((" ", "backgammon--text"))
        return runs[:-1]


def _panel_target(text: str, style: str) -> Target | None:
    """What a click on a run of the side text means: a die, or bearing off."""
    if style in ("backgammon--dice", "backgammon--used"):
        return ("die", int(text))
    if text == "[bear off]":
        return ("off",)
    return None


BOARD = BackgammonBoard
"""The board `adversa.tui.boards` gives this game."""
