"""Pig: the die, every player's score as a track toward the target, and Roll / Hold.

The state does not remember the last face (two ways to the same totals are one
position), so the die shows the last move when that move was a chance outcome —
the screen passes it as ``last_move`` like any other move.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from textual.binding import Binding, BindingType

from adversa.games.base import CHANCE, Game, rules_of
from adversa.games.pig import Pig, PigMove, PigState
from adversa.tui.boards.base import BoardView, Canvas, Target

_PIPS: dict[int, set[tuple[int, int]]] = {
    1: {(1, 1)},
    2: {(0, 0), (2, 2)},
    3: {(0, 0), (1, 1), (2, 2)},
    4: {(0, 0), (0, 2), (2, 0), (2, 2)},
    5: {(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)},
    6: {(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)},
}
"""Pip positions on a 3×3 grid (row, column) for the faces of an ordinary die."""

_ACTIONS = ("roll", "hold")


class PigBoard(BoardView[PigState, PigMove]):
    """Roll or hold with the buttons, the keys r / h, or the cursor and Enter."""

    @property
    def upside_down(self) -> bool:
        """No sides to turn: `flipped` is ignored."""
        return False

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "act('roll')", "Roll", show=False),
        Binding("h", "act('hold')", "Hold", show=False),
    ]

    KEY_HELP: ClassVar[dict[str, str]] = {
        "act('roll')": "Roll the die: its face joins the turn total; a 1 loses it",
        "act('hold')": "Hold: bank the turn total and pass the die",
        "cursor": "Move the cursor between Roll and Hold",
        "select": "Press the button at the cursor",
    }
    CLICK_HELP: ClassVar[str] = "Press Roll or Hold"

    ENGINE_PACE: ClassVar[float] = 0.8
    """Seconds each die the engine rolls stays on show, face and running turn total,
    before the engine decides again: without it a whole engine turn flashed past in a
    few milliseconds. Tests set it to 0 (or far above any test's length)."""

    def engine_pace(self) -> float:
        """Pause after a die roll (the engine's next roll-or-hold waits); none otherwise."""
        return self.ENGINE_PACE if self.face is not None else 0.0

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "pig--die",
        "pig--die-pig",
        "pig--pip",
        "pig--muted",
        "pig--text",
        "pig--big",
        "pig--track",
        "pig--at-stake",
        "pig--player-0",
        "pig--player-1",
        "pig--player-2",
        "pig--player-3",
        "pig--button",
        "pig--button-off",
        "pig--button-hint",
        "pig--cursor",
    }

    DEFAULT_CSS = """
    PigBoard > .pig--die { color: $foreground; background: $panel; }
    PigBoard > .pig--die-pig { color: $error; background: $error 15%; }
    PigBoard > .pig--pip { color: $foreground; text-style: bold; }
    PigBoard > .pig--muted { color: $foreground-muted; }
    PigBoard > .pig--text { color: $foreground; }
    PigBoard > .pig--big { color: $accent; text-style: bold; }
    PigBoard > .pig--track { color: $foreground 20%; }
    PigBoard > .pig--at-stake { color: $accent; }
    PigBoard > .pig--player-0 { color: $primary; text-style: bold; }
    PigBoard > .pig--player-1 { color: $warning; text-style: bold; }
    PigBoard > .pig--player-2 { color: $success; text-style: bold; }
    PigBoard > .pig--player-3 { color: $error; text-style: bold; }
    PigBoard > .pig--button { color: $foreground; background: $primary 40%; text-style: bold; }
    PigBoard > .pig--button-off { color: $foreground 35%; background: $panel; }
    PigBoard > .pig--button-hint { background: $success 50%; }
    PigBoard > .pig--cursor { background: $accent; color: $background; }
    """

    def __init__(self, game: Game[PigState, PigMove], **widget_options: str | None) -> None:
        super().__init__(game, **widget_options)
        self.rules = rules_of(game, Pig)
        self.cursor_action = "roll"

    # ---- reading the game --------------------------------------------------

    def move_for(self, action: str) -> PigMove | None:
        """The legal move named ``action`` ("roll"/"hold"), or None."""
        return next(
            (m for m in self.legal_moves if self.game.format_move(self.state, m) == action), None
        )

    @property
    def rolling(self) -> bool:
        return self.game.to_move(self.state) == CHANCE

    @property
    def face(self) -> int | None:
        """The face just rolled, when the last move was the die's."""
        return self.last_move if isinstance(self.last_move, int) else None

    # ---- input ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "act":  # always Pig's: r must not fall through to the screen's Redo
            return True
        return super().check_action(action, parameters)

    def action_act(self, action: str) -> None:
        if not self.interactive:
            self.app.notify(f"Wait for your turn to {action} (redo is ctrl+y).",
                            severity="warning")
            return
        move = self.move_for(action)
        if move is not None:
            self.cursor_action = action
            self.choose(move)

    def click_target(self, target: Target) -> None:
        if isinstance(target, tuple) and target[0] == "button":
            self.action_act(target[1])

    def move_cursor(self, rows: int, columns: int) -> None:
        index = _ACTIONS.index(self.cursor_action) + columns
        self.cursor_action = _ACTIONS[min(max(index, 0), len(_ACTIONS) - 1)]

    def select_at_cursor(self) -> None:
        self.action_act(self.cursor_action)

    # ---- drawing -------------------------------------------------------------------

    def draw(self, canvas: Canvas, width: int, height: int) -> None:
        scores = self.rules.scores(self.state)
        compact = height < 14 + len(scores)
        die = self._die_lines(compact)
        status = self._status_lines()
        status_width = max(sum(len(text) for text, _ in line) for line in status)
        beside = width >= 2 + 9 + 3 + status_width
        rows = max(len(die), len(status)) if beside else len(die)
        for row in range(rows):
            canvas.write("  ")
            if row < len(die):
                canvas.write(*die[row])
            elif status:
                canvas.write(" " * 9)
            if beside and row < len(status):
                canvas.write("   ")
                self._write_runs(canvas, status[row])
            canvas.newline()
        if not beside:
            for line in status:
                canvas.write("  ")
                self._write_runs(canvas, line)
                canvas.newline()
        if not compact:
            canvas.newline()
        self._draw_tracks(canvas, scores, min(width, 64))
        canvas.newline()
        self._draw_buttons(canvas, width)

    @staticmethod
    def _write_runs(canvas: Canvas, runs: list[tuple[str, Style]]) -> None:
        for text, style in runs:
            canvas.write(text, style)

    def _die_lines(self, compact: bool) -> list[tuple[str, Style]]:
        face = None if self.rolling else self.face
        box = self.style_of("pig--die-pig" if face == 1 else "pig--die")
        pip = self.style_of("pig--die-pig" if face == 1 else "pig--die", "pig--pip")
        if self.rolling:
            middle = "?"
        elif face is None:
            middle = "·"
        else:
            middle = str(face)
        if compact or face is None or face not in _PIPS:
            inner = middle.center(7)
            return [("╭───────╮", box), (f"│{inner}│", pip), ("╰───────╯", box)]
        lines = [("╭───────╮", box)]
        for row in range(3):
            cells = "".join("●" if (row, column) in _PIPS[face] else " " for column in range(3))
            lines.append((f"│ {' '.join(cells)} │", pip))
        lines.append(("╰───────╯", box))
        return lines

    def _status_lines(self) -> list[list[tuple[str, Style]]]:
        player = self.rules.player(self.state)
        total = self.rules.turn_total(self.state)
        name_style = self.style_of(f"pig--player-{player % 4}")
        muted = self.style_of("pig--muted")
        outcome = self.game.outcome(self.state)
        if outcome is not None and outcome.winner is not None:
            winner_style = self.style_of(f"pig--player-{outcome.winner % 4}")
            return [
                [(self.game.player_name(outcome.winner), winner_style), (" wins!", winner_style)],
                [(outcome.reason, muted)],
            ]
        lines: list[list[tuple[str, Style]]] = [
            [(self.game.player_name(player), name_style), ("'s turn", self.style_of("pig--text"))],
            [("turn total ", muted), (str(total), self.style_of("pig--big"))],
        ]
        if self.rolling:
            lines.append([("rolling…", self.style_of("pig--big"))])
        elif self.face == 1:
            # The 1 passed the turn on: it was the previous player's roll, not the mover's.
            roller = (player - 1) % self.game.num_players
            # Two lines: one was cut at 80×24 ("Player 2 rolled a 1 — turn t").
            lines.append([(self.game.player_name(roller),
                           self.style_of(f"pig--player-{roller % 4}")),
                          (" rolled a 1:", self.style_of("pig--player-3"))])
            lines.append([("turn total lost", self.style_of("pig--player-3"))])
        return lines

    def _draw_tracks(self, canvas: Canvas, scores: tuple[int, ...], width: int) -> None:
        target = self.rules.target
        current = self.rules.player(self.state)
        at_stake = self.rules.turn_total(self.state)
        names = [self.game.player_name(p) for p in range(len(scores))]
        name_width = max(len(name) for name in names)
        number_width = len(str(target))
        track_width = max(4, width - name_width - 2 * number_width - 8)
        for player, score in enumerate(scores):
            style = self.style_of(f"pig--player-{player % 4}")
            marker = "▶ " if player == current else "  "
            canvas.write(marker + names[player].ljust(name_width) + " ", style)
            banked = min(track_width, score * track_width // target)
            stake = at_stake if player == current else 0
            pending = min(track_width, (score + stake) * track_width // target) - banked
            canvas.write("█" * banked, style)
            canvas.write("▒" * pending, self.style_of("pig--at-stake"))
            canvas.write("─" * (track_width - banked - pending), self.style_of("pig--track"))
            canvas.write(f" {score:>{number_width}}", style)
            if stake:
                canvas.write(f" +{stake}", self.style_of("pig--at-stake"))
            canvas.newline()
        label = f"target {target}"
        canvas.write(" " * (name_width + 3 + track_width - len(label)))
        canvas.write(label, self.style_of("pig--muted"))
        canvas.newline()

    def _draw_buttons(self, canvas: Canvas, width: int) -> None:
        wide = width >= 2 + 2 * (len("  Roll (r)  ") + 3)
        canvas.write("  ")
        for action in _ACTIONS:
            move = self.move_for(action)
            names = ["pig--button" if move is not None else "pig--button-off"]
            if move is not None and self.interactive and move == self.hint:
                names.append("pig--button-hint")
            if self.shows_cursor and action == self.cursor_action:
                names.append("pig--cursor")
            name = action.capitalize()
            label = f"  {name} ({action[0]})  " if wide else f" {name} "
            canvas.write(label, self.style_of(*names), ("button", action))
            canvas.write("   " if wide else " ")


BOARD = PigBoard
"""The board `adversa.tui.boards` gives this game."""
