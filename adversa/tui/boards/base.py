"""The board widget every game's board derives from, and the canvas it draws on.

A board is one line-API widget (``render_line``) rather than a grid of child
widgets: the picture is rebuilt whenever the position, the cursor, the focus or
the size changes, and the same drawing pass records which screen cells belong to
which *target* (a square, a pile object, a button). Clicks and the keyboard
cursor therefore map onto exactly what is drawn, at any size and when flipped.

Subclasses implement `draw` (the picture and its targets) and decide what a
click on a target or Enter at the cursor means; when the human completes a
move they call `choose`, which posts `BoardView.MoveChosen` with one of the
legal moves given to `show`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import ClassVar, Generic

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Offset
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from adversa.games.base import Game, M, S
from adversa.tui.themes import HIGH_CONTRAST

Target = Hashable
"""What a click can land on: a board decides (``("cell", 1, 1)``, ``("roll",)`` …)."""


class Canvas:
    """A picture written left to right, line by line, that remembers its click targets.

    Boards lay out their picture in terminal cells; recording the target of every
    run of text while writing it keeps hit-testing and drawing in one place, so a
    click maps to the square that is visibly under the pointer.
    """

    def __init__(self) -> None:
        self.lines: list[list[Segment]] = [[]]
        self._hits: list[list[tuple[int, int, Target]]] = [[]]
        self._widths: list[int] = [0]

    def write(self, text: str, style: Style | None = None, target: Target | None = None) -> None:
        """Append ``text`` to the current line; clicks on it report ``target``."""
        if not text:
            return
        start = self._widths[-1]
        width = Segment(text).cell_length
        self.lines[-1].append(Segment(text, style))
        self._widths[-1] = start + width
        if target is not None:
            self._hits[-1].append((start, start + width, target))

    def newline(self) -> None:
        self.lines.append([])
        self._hits.append([])
        self._widths.append(0)

    @property
    def width(self) -> int:
        return max(self._widths)

    @property
    def height(self) -> int:
        """Lines written, not counting a trailing empty line."""
        count = len(self.lines)
        return count - 1 if count > 1 and not self.lines[-1] else count

    def target_at(self, x: int, y: int) -> Target | None:
        if not 0 <= y < len(self._hits):
            return None
        for start, end, target in self._hits[y]:
            if start <= x < end:
                return target
        return None

    def offset_of(self, target: Target) -> Offset | None:
        """The middle of the first run drawn for ``target`` (tests click there)."""
        runs = [
            (y, start, end)
            for y, hits in enumerate(self._hits)
            for start, end, hit in hits
            if hit == target
        ]
        if not runs:
            return None
        rows = [y for y, _, _ in runs]
        middle_row = rows[len(rows) // 2]
        start, end = next((s, e) for y, s, e in runs if y == middle_row)
        return Offset((start + end - 1) // 2, middle_row)


class BoardView(Widget, Generic[S, M], can_focus=True):
    """Base of the per-game boards: shows a state, offers its legal moves to the human.

    Generic in the game's state and move types: each board declares the game it draws
    (``class GridBoard(BoardView[TicTacToeState, Cell])``), so its drawing code reads
    states and moves typed.

    The screen calls `show` after every move; while ``interactive`` is False (the
    engine is thinking, the game is over) the board only displays and lets its
    keys bubble to the screen.
    """

    DEFAULT_CSS = """
    BoardView {
        width: 1fr;
        height: 1fr;
        min-width: 20;
        min-height: 8;
        background: $surface;
        color: $foreground;
    }
    BoardView:focus {
        background-tint: $foreground 3%;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1, 0)", "Cursor up", show=False),
        Binding("down", "cursor(1, 0)", "Cursor down", show=False),
        Binding("left", "cursor(0, -1)", "Cursor left", show=False),
        Binding("right", "cursor(0, 1)", "Cursor right", show=False),
        Binding("enter,space", "select", "Select", show=False),
        Binding("escape", "cancel", "Cancel selection", show=False),
    ]

    KEY_HELP: ClassVar[dict[str, str]] = {
        "cursor": "Move the cursor on the board",
        "select": "Play the move at the cursor",
        "cancel": "",
    }
    """What each of the board's key actions does, for the help screen (``?``), by action
    (``"drop"``) or by full action string (``"act('roll')"``). A subclass declares only
    what it adds or says differently; the help screen merges the declarations along the
    class hierarchy, as Textual merges ``BINDINGS``, and lists the keys from the bindings
    themselves, so a key rebound here is a key rebound in the help. An empty text leaves
    the action out: Esc only acts on boards with half-made moves, which explain it."""

    CLICK_HELP: ClassVar[str] = "Play or select what you clicked"
    """What a mouse click on the board does (the help screen's "click" row)."""

    def engine_pace(self) -> float:
        """Seconds the position on show stays before an engine plays on from it, in a game
        with a human (engine-vs-engine games have their own delay). Most boards show
        one engine move per human move and need none; a board whose engine plays many
        steps in a row (Pig's rolls) slows them to a pace a viewer can follow."""
        return 0.0

    flipped: reactive[bool] = reactive(False)
    """View the board from the other side (each board says what that means)."""

    class MoveChosen(Message):
        """The human completed a move on the board; ``move`` is one of the legal moves."""

        def __init__(self, board: Widget, move: object) -> None:
            super().__init__()
            self.board = board
            self.move = move
            """One of the legal moves the board was shown; the screen that showed them
            knows their type."""

        @property
        def control(self) -> Widget:
            return self.board

    class MoveRefused(Message):
        """The human asked the board for a move that is not on offer; ``reason`` says why
        in a phrase the screen can show ("b2 is taken", "column 4 is full")."""

        def __init__(self, board: Widget, reason: str) -> None:
            super().__init__()
            self.board = board
            self.reason = reason

        @property
        def control(self) -> Widget:
            return self.board

    def __init__(
        self,
        game: Game[S, M],
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.game = game
        self.state: S = game.initial_state()
        """The position on show (the initial one until `show`, drawn only once shown)."""
        self.shown = False
        self.previous_state: S | None = None
        """The position on show before this one (None until the second `show`): the one
        `last_move` was played in, for a board that animates it or marks what it turned."""
        self.last_move: M | None = None
        self.legal_moves: tuple[M, ...] = ()
        self.interactive = False
        self.hint: M | None = None
        self.pv: tuple[M, ...] = ()
        """The engine's expected line from this position (presentation mode): each board
        marks the moves' squares with step numbers 1, 2, 3 where it can."""
        self._canvas: Canvas | None = None
        self._canvas_origin = Offset(0, 0)
        self._hovered: Target | None = None
        self._using_keys = True

    # ---- the contract with the game screen --------------------------------

    def show(
        self,
        state: S,
        *,
        last_move: M | None = None,
        legal_moves: Sequence[M] = (),
        interactive: bool = True,
        hint: M | None = None,
    ) -> None:
        """Redraw for ``state``; offer ``legal_moves`` to the human when ``interactive``."""
        self.previous_state = self.state if self.shown else None
        self.state = state
        self.shown = True
        self.last_move = last_move
        self.legal_moves = tuple(legal_moves)
        self.interactive = interactive and bool(self.legal_moves)
        self.hint = hint
        self.reset_selection()
        self.redraw()
        self.position_shown()

    def show_pv(self, moves: Sequence[M]) -> None:
        """Mark ``moves`` (legal in sequence from the state on show) as the expected line;
        an empty sequence clears it. Kept apart from `show`: the line changes with every
        snapshot of a search while the position does not."""
        moves = tuple(moves)
        if moves != self.pv:
            self.pv = moves
            self.redraw()

    def choose(self, move: M) -> None:
        """Post `MoveChosen` for ``move`` if it is on offer.

        One move per `show`: the board stops offering moves until the screen shows
        the next position, so a double click cannot post a second move that the
        screen would apply to the position after the first.
        """
        if not self.interactive or move not in self.legal_moves:
            return
        self.reset_selection()
        self.interactive = False
        self.post_message(self.MoveChosen(self, move))
        self.redraw()

    def refuse(self, reason: str) -> None:
        """Tell the screen why what the human just chose is not a move (only while moves
        are on offer; otherwise the board is only showing a position)."""
        if self.interactive:
            self.post_message(self.MoveRefused(self, reason))

    # ---- what subclasses provide ------------------------------------------

    def draw(self, canvas: Canvas, width: int, height: int) -> None:
        """Write the picture for the current state, fitting ``width``×``height`` if possible."""
        raise NotImplementedError

    def reset_selection(self) -> None:
        """Forget a half-made move (a new position arrived or the move was posted)."""

    def position_shown(self) -> None:
        """React to the position `show` just drew (Connect Four lets the new stone fall)."""

    def click_target(self, target: Target) -> None:
        """The human clicked ``target`` (only called while interactive)."""

    def hover_target(self, target: Target | None) -> None:
        """The pointer moved onto ``target`` (None: off every target); boards may preview."""

    def move_cursor(self, rows: int, columns: int) -> None:
        """Move the keyboard cursor by screen direction (already un-flipped by the board)."""

    def select_at_cursor(self) -> None:
        """Enter/space at the cursor."""

    def cancel_selection(self) -> None:
        """Esc: drop a half-made move (only called when `has_selection`)."""

    def has_selection(self) -> bool:
        """True while there is a half-made move for Esc to drop."""
        return False

    def view_from(self, seat: int) -> None:
        """Turn the board so ``seat``'s side is at the bottom, as a player sitting at it
        sees it. Boards without sides (tic-tac-toe, Connect Four, piles, trees) keep
        their one orientation; boards with sides override this."""

    @property
    def upside_down(self) -> bool:
        """True when the picture is the game's grid turned 180°, so cursor keys reverse.

        Boards without sides (Nim, Pig, trees) ignore `flipped` and keep False.
        """
        return self.flipped

    @property
    def marks_highlights(self) -> bool:
        """Draw highlights as marks (`mark_edges`) as well as background colours: when the
        app shows no colour (``NO_COLOR``, ``--no-color``), and in the high-contrast
        theme, whose users may not tell one highlight colour from another."""
        app = self.app
        return bool(getattr(app, "no_color", False)) or app.theme == HIGH_CONTRAST.name

    @property
    def shows_cursor(self) -> bool:
        """The cursor is drawn while keys go to it (focused, interactive) and the human is
        using keys: a click hides it, so it never covers the squares just clicked."""
        return self.has_focus and self.interactive and self._using_keys

    # ---- drawing ------------------------------------------------------------

    def redraw(self) -> None:
        self._canvas = None
        self.refresh()

    def style_of(self, *names: str) -> Style:
        """The combined Rich style of component classes, later names winning.

        Each component contributes only the properties its CSS sets (so a
        "highlight background" layers over a "piece colour"), but with colours
        blended over the widget's background, which makes ``$success 40%`` work.
        """
        style = Style()
        for component in names:
            own = self.get_component_rich_style(component, partial=True)
            blended = self.get_component_rich_style(component)
            style += Style(
                color=blended.color if own.color else None,
                bgcolor=blended.bgcolor if own.bgcolor else None,
            ) + own.without_color
        return style

    def _current_canvas(self) -> Canvas:
        if self._canvas is None:
            width, height = self.content_size
            canvas = Canvas()
            if self.shown:
                self.draw(canvas, width, height)
            self._canvas = canvas
            self._canvas_origin = Offset(
                max(0, (width - canvas.width) // 2), max(0, (height - canvas.height) // 2)
            )
        return self._canvas

    def render_line(self, y: int) -> Strip:
        canvas = self._current_canvas()
        width = self.content_size.width
        base = self.rich_style
        row = y - self._canvas_origin.y
        if not 0 <= row < canvas.height:
            return Strip.blank(width, base)
        segments = [Segment(" " * self._canvas_origin.x, base)]
        segments.extend(
            Segment(segment.text, base + segment.style if segment.style else base)
            for segment in canvas.lines[row]
        )
        return Strip(segments).extend_cell_length(width, base).crop(0, width)

    def offset_of(self, target: Target) -> Offset | None:
        """Where ``target`` is drawn, relative to the widget (for tests and tooltips)."""
        spot = self._current_canvas().offset_of(target)
        if spot is None:
            return None
        gutter = self.gutter.top_left
        return spot + self._canvas_origin + gutter

    def target_at(self, offset: Offset) -> Target | None:
        """The target drawn at ``offset`` within the content area."""
        canvas = self._current_canvas()
        local = offset - self._canvas_origin
        return canvas.target_at(local.x, local.y)

    # ---- events ---------------------------------------------------------------

    def on_resize(self) -> None:
        self.redraw()

    def notify_style_update(self) -> None:
        """A theme or CSS change: the cached picture holds the old colours."""
        super().notify_style_update()
        self._canvas = None

    def on_focus(self) -> None:
        self.redraw()

    def on_blur(self) -> None:
        self.redraw()

    def watch_flipped(self) -> None:
        self.redraw()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or not self.interactive:
            return
        target = self.target_at(offset)
        if target is not None:
            event.stop()
            self._using_keys = False
            self.click_target(target)
            self.redraw()

    def on_mouse_move(self, event: events.MouseMove) -> None:
        if not self.interactive:
            return
        offset = event.get_content_offset(self)
        target = None if offset is None else self.target_at(offset)
        if target != self._hovered:
            self._hovered = target
            self.hover_target(target)
            self.redraw()

    def on_leave(self, event: events.Leave) -> None:
        if self._hovered is not None:
            self._hovered = None
            self.hover_target(None)
            self.redraw()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Board keys act only while a move can be made, so otherwise they reach the screen."""
        if action in ("cursor", "select"):
            return self.interactive
        if action == "cancel":
            return self.interactive and self.has_selection()
        return True

    def action_cursor(self, rows: int, columns: int) -> None:
        if self.upside_down:
            rows, columns = -rows, -columns
        self._using_keys = True
        self.move_cursor(rows, columns)
        self.redraw()

    def action_select(self) -> None:
        self._using_keys = True
        self.select_at_cursor()
        self.redraw()

    def action_cancel(self) -> None:
        self.cancel_selection()
        self.redraw()


MONOCHROME_MARKS: dict[str, tuple[str, str]] = {
    "cursor": ("[", "]"),
    "selected": ("»", "«"),
    "target": ("+", "+"),
    "hint": ("?", "?"),
    "pv-1": ("1", "1"),
    "pv-2": ("2", "2"),
    "pv-3": ("3", "3"),
    "must-capture": ("!", "!"),
    "win": ("*", "*"),
    "last-move": ("(", ")"),
}
"""The glyphs a highlight puts at the two edges of its square when there is no colour.

Keyed by the part of a board's component class after ``--`` (``checkers--cursor``),
so one table serves every board; a highlight missing here stays colour only."""

Run = tuple[str, list[str]]
"""A run of text and the component classes that style it."""


def mark_edges(runs: list[Run], highlight: str) -> list[Run]:
    """``runs`` (one line of a square) with ``highlight``'s marks on its first and last cell.

    The line keeps its width, so the picture and its click targets do not move. A
    line under three cells is left alone (its marks would cover the piece itself), and
    so is an edge that holds a letter or digit (a square number in a narrow square).
    """
    marks = MONOCHROME_MARKS.get(highlight)
    if marks is None or sum(len(text) for text, _ in runs) < 3:
        return runs
    left, right = marks
    marked = list(runs)
    text, names = marked[0]
    if not text[0].isalnum():
        marked[0] = (left + text[1:], names)
    text, names = marked[-1]
    if not text[-1].isalnum():
        marked[-1] = (text[:-1] + right, names)
    return marked


def home_seat(humans: Sequence[bool]) -> int:
    """The seat whose side a board shows at the bottom, given which seats are human.

    The one human's seat, so whoever plays White in checkers sees White's men come
    up the board towards the other side, as across a real table. Otherwise seat 0:
    engine against engine is watched from the first player's side (the diagram
    convention), and in a hotseat game the board stays put rather than turning after
    every move: two people share one screen, a board that spins each ply moves the
    last move's squares away from where the eye just was, and ``f`` turns it by hand.
    """
    seats = [seat for seat, human in enumerate(humans) if human]
    return seats[0] if len(seats) == 1 else 0
