"""Nim and Grundy's game: each pile a row of objects, cut at the object you point to.

Both games choose "a pile and a place in it": Nim takes every object from the
cut to the end of the pile, Grundy splits the pile at the cut. The board keeps
one selection (pile, cut) that the mouse pointer, the cursor keys and clicks all
move, and shows what the move would do before it is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style

from adversa.games.base import Game
from adversa.games.grundy import Grundy
from adversa.games.nim import Nim, PilesState
from adversa.tui.boards.base import BoardView, Canvas, Target


@dataclass(frozen=True, slots=True)
class _Spacing:
    """How objects are drawn: cells per object, lines per object, blank lines between piles."""

    step: int
    tall: int
    gap: int


MAX_WRAPPED_LINES = 3
"""Lines a pile may wrap onto, one cell per object; a longer pile is drawn to scale."""


@dataclass(frozen=True, slots=True)
class _Scale:
    """Piles too long to draw object by object: one cell stands for ``per_cell`` objects,
    the same for every pile so the bars compare; ``cells`` is the longest bar."""

    per_cell: int
    cells: int


_SPACINGS = (
    _Spacing(2, 2, 1),
    _Spacing(2, 1, 1),
    _Spacing(2, 1, 0),
    _Spacing(1, 1, 1),
    _Spacing(1, 1, 0),
)
"""Airiest first; the board takes the first whose picture fits (the last one always)."""


PileMove = tuple[int, int]
"""A move of either game: a pile and a count (Nim's taken, Grundy's smaller part)."""


class PilesBoard(BoardView[PilesState, PileMove]):
    """The shared pile picture and selection; `NimBoard`/`GrundyBoard` say what a cut means."""

    KEY_HELP: ClassVar[dict[str, str]] = {
        "cursor": "Choose a pile (↑ ↓); move the cut along it (← →)",
    }

    @property
    def upside_down(self) -> bool:
        """No sides to turn: `flipped` is ignored."""
        return False

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "piles--label",
        "piles--label-selected",
        "piles--recent",
        "piles--object",
        "piles--taken",
        "piles--part-a",
        "piles--part-b",
        "piles--ghost",
        "piles--hint",
        "piles--count",
        "piles--info",
        "piles--invalid",
    }

    DEFAULT_CSS = """
    PilesBoard > .piles--label { color: $foreground-muted; }
    PilesBoard > .piles--recent { color: $accent; }
    PilesBoard > .piles--label-selected { color: $accent; text-style: bold; }
    PilesBoard > .piles--object { color: $warning; }
    PilesBoard > .piles--taken { color: $error; text-style: bold; }
    PilesBoard > .piles--part-a { color: $primary; text-style: bold; }
    PilesBoard > .piles--part-b { color: $success; text-style: bold; }
    PilesBoard > .piles--ghost { color: $foreground 25%; }
    PilesBoard > .piles--hint { background: $primary 35%; }
    PilesBoard > .piles--count { color: $foreground; text-style: bold; }
    PilesBoard > .piles--info { color: $foreground; text-style: bold; }
    PilesBoard > .piles--invalid { color: $error; }
    """

    OBJECT = "█"
    COMPACT_OBJECT = "▌"
    GHOST = "░"
    """What the last move took: another glyph, not just a fainter colour, so it reads as
    gone on a projector or a monochrome terminal."""

    def __init__(self, game: Game[PilesState, PileMove], **widget_options: str | None) -> None:
        super().__init__(game, **widget_options)
        if not isinstance(game, (Nim, Grundy)):
            raise TypeError(f"the piles board draws Nim or Grundy, not {type(game).__name__}")
        self.rules: Nim | Grundy = game
        self.selected_pile = 0
        self.cut = 0
        self._pointing = False

    # ---- what differs between the games -------------------------------------

    def cut_range(self, size: int) -> range:
        """Cut positions that can be offered on a pile of ``size`` objects."""
        raise NotImplementedError

    def move_for(self, pile: int, cut: int) -> PileMove | None:
        """The legal move for cutting pile ``pile`` before object ``cut``, or None."""
        raise NotImplementedError

    def describe(self, pile: int, cut: int) -> tuple[str, bool]:
        """The line under the piles for a selection, and whether it is a legal move."""
        raise NotImplementedError

    def hint_objects(self, hint: PileMove) -> tuple[int, range]:
        """The pile the hint move acts on and the objects in it that it moves."""
        raise NotImplementedError

    def part_style(self, object_index: int, cut: int) -> str:
        """Component class for an object of the selected pile, given the cut."""
        raise NotImplementedError

    def ghosts(self, pile: int) -> int:
        """Objects the last move removed from ``pile``, drawn faintly after it."""
        return 0

    def recent_piles(self) -> set[int]:
        """Piles the last move changed (their labels are marked)."""
        return set()

    # ---- reading the game -----------------------------------------------------

    @property
    def pile_sizes(self) -> tuple[int, ...]:
        return self.rules.piles(self.state)

    # ---- input -------------------------------------------------------------------

    def reset_selection(self) -> None:
        sizes = self.pile_sizes
        self._pointing = False
        if not sizes:
            return
        self.selected_pile = min(self.selected_pile, len(sizes) - 1)
        if not self.cut_range(sizes[self.selected_pile]):
            self.selected_pile = next(
                (i for i, size in enumerate(sizes) if self.cut_range(size)), self.selected_pile
            )
        self._clamp_cut()

    def _clamp_cut(self) -> None:
        cuts = self.cut_range(self.pile_sizes[self.selected_pile])
        if cuts:
            self.cut = min(max(self.cut, cuts[0]), cuts[-1])

    @property
    def selecting(self) -> bool:
        """Show the selection: keys go to the board, or the pointer is on an object."""
        return self.interactive and (self.has_focus or self._pointing)

    def hover_target(self, target: Target | None) -> None:
        self._pointing = self._point_at(target)

    def _point_at(self, target: Target | None) -> bool:
        if not (isinstance(target, tuple) and target[0] == "object"):
            return False
        _, pile, index = target
        if index not in self.cut_range(self.pile_sizes[pile]):
            return False
        self.selected_pile, self.cut = pile, index
        return True

    def click_target(self, target: Target) -> None:
        """A click on an object makes the move; on a pile's number, selects that pile."""
        if isinstance(target, tuple) and target[0] == "pile":
            if self.cut_range(self.pile_sizes[target[1]]):
                self.selected_pile = target[1]
                self._clamp_cut()
        elif self._point_at(target):
            move = self.move_for(self.selected_pile, self.cut)
            if move is not None:
                self.choose(move)

    def move_cursor(self, rows: int, columns: int) -> None:
        sizes = self.pile_sizes
        if rows:
            candidates = [i for i, size in enumerate(sizes) if self.cut_range(size)]
            if rows > 0:
                later = [i for i in candidates if i > self.selected_pile]
                self.selected_pile = later[0] if later else self.selected_pile
            else:
                earlier = [i for i in candidates if i < self.selected_pile]
                self.selected_pile = earlier[-1] if earlier else self.selected_pile
        self.cut += columns
        self._clamp_cut()

    def select_at_cursor(self) -> None:
        move = self.move_for(self.selected_pile, self.cut)
        if move is not None:
            self.choose(move)

    # ---- drawing --------------------------------------------------------------------

    def draw(self, canvas: Canvas, width: int, height: int) -> None:
        sizes = self.pile_sizes
        totals = [size + self.ghosts(pile) for pile, size in enumerate(sizes)]
        number_width = len(str(len(sizes)))
        count_width = max((len(f"{size:,}") for size in sizes), default=1)
        room = max(1, width - (2 + number_width + 3 + 2 + count_width))
        longest = max(1, *totals) if totals else 1
        hint = self.hint_objects(self.hint) if self.interactive and self.hint is not None else None
        spacing = self._spacing_that_fits(totals, room, height)
        scale = None
        if spacing is None and longest > room:
            per_cell = -(-longest // room)
            scale = _Scale(per_cell, -(-longest // per_cell))
        layout = spacing or _SPACINGS[-1]
        per_line = max(1, room // layout.step)
        # Drawn to scale, a blank line between piles only if the piles, the scale line
        # and the move line all stay in view with it.
        gap = layout.gap if scale is None else int(2 * len(sizes) + 2 <= height)
        for pile, size in enumerate(sizes):
            if pile:
                for _ in range(gap):
                    canvas.newline()
            pile_hint = hint[1] if hint is not None and hint[0] == pile else range(0)
            if scale is not None:
                self._draw_scaled_pile(canvas, pile, size, scale, number_width, pile_hint)
            else:
                self._draw_pile(canvas, pile, size, layout, per_line,
                                min(per_line, longest) * layout.step, number_width, pile_hint)
        canvas.newline()
        if scale is not None:
            canvas.write(f"each {self.OBJECT} = {scale.per_cell:,} objects",
                         self.style_of("piles--label"))
            canvas.newline()
        if self.selecting:
            text, legal = self.describe(self.selected_pile, self.cut)
            canvas.write(text, self.style_of("piles--info" if legal else "piles--invalid"))

    @staticmethod
    def _spacing_that_fits(totals: list[int], room: int, height: int) -> _Spacing | None:
        """The airiest one-cell-per-object spacing whose picture fits, or None.

        Airy spacings must fit each pile on one line; the compact ones may wrap a
        pile onto up to `MAX_WRAPPED_LINES` lines. None means some pile is too
        long for that: it is drawn to scale instead.
        """
        longest = max(totals, default=0)
        for candidate in _SPACINGS:
            capacity = max(1, room // candidate.step)
            if capacity < longest and (
                candidate.step == 2 or capacity * MAX_WRAPPED_LINES < longest
            ):
                continue
            lines = sum(-(-max(1, total) // capacity) for total in totals)
            needed = lines * candidate.tall + (len(totals) - 1) * candidate.gap + 2
            if needed <= height:
                return candidate
        return None

    def _label_style(self, pile: int) -> Style:
        names = ["piles--label"]
        if pile in self.recent_piles():
            names.append("piles--recent")
        if self.selecting and pile == self.selected_pile:
            names.append("piles--label-selected")
        return self.style_of(*names)

    def _write_label(self, canvas: Canvas, pile: int, number_width: int, *, first: bool) -> None:
        """``▶ 1 │ `` (marker on the selected pile's first line), or its blank continuation."""
        selected = self.selecting and pile == self.selected_pile
        marker = "▶ " if selected and first else "  "
        number = str(pile + 1).rjust(number_width) if first else " " * number_width
        canvas.write(marker + number + " │ ", self._label_style(pile), ("pile", pile))

    def _object_style(self, pile: int, index: int, hinted: bool) -> Style:
        names = ["piles--object"]
        if self.selecting and pile == self.selected_pile:
            names.append(self.part_style(index, self.cut))
        if hinted:
            names.append("piles--hint")
        return self.style_of(*names)

    def _draw_pile(
        self, canvas: Canvas, pile: int, size: int, spacing: _Spacing, per_line: int,
        count_column: int, number_width: int, hinted: range,
    ) -> None:
        glyph = self.OBJECT if spacing.step == 2 else self.COMPACT_OBJECT
        total = size + self.ghosts(pile)
        chunks = [
            range(start, min(start + per_line, total)) for start in range(0, total, per_line)
        ] or [range(0)]
        for chunk_number, chunk in enumerate(chunks):
            for line in range(spacing.tall):
                first = chunk_number == 0 and line == spacing.tall - 1
                self._write_label(canvas, pile, number_width, first=first)
                for index in chunk:
                    if index >= size:
                        canvas.write(self.GHOST, self.style_of("piles--ghost"))
                    else:
                        canvas.write(glyph, self._object_style(pile, index, index in hinted),
                                     ("object", pile, index))
                    if spacing.step == 2:
                        canvas.write(" ")
                if first:
                    canvas.write(" " * (count_column - len(chunk) * spacing.step))
                    canvas.write(f" {size:,}", self.style_of("piles--count"))
                canvas.newline()

    def _draw_scaled_pile(
        self, canvas: Canvas, pile: int, size: int, scale: _Scale, number_width: int,
        hinted: range,
    ) -> None:
        """One line: a bar whose cells stand for `_Scale.per_cell` objects each, then the count.

        A cell takes the look of its last object, so a cut inside a cell still
        shows (the move line under the piles gives the exact numbers); pointing at
        a cell selects the cut at its first object.
        """
        self._write_label(canvas, pile, number_width, first=True)
        per_cell = scale.per_cell
        cuts = self.cut_range(size)
        cells = -(-(size + self.ghosts(pile)) // per_cell)
        for cell in range(cells):
            objects = range(cell * per_cell, min((cell + 1) * per_cell, size))
            if not objects:
                canvas.write(self.GHOST, self.style_of("piles--ghost"))
                continue
            shown = objects[-1]
            point = min(max(objects[0], cuts[0]), cuts[-1]) if cuts else objects[0]
            is_hinted = objects[0] < hinted.stop and hinted.start <= shown and bool(hinted)
            canvas.write(self.OBJECT, self._object_style(pile, shown, is_hinted),
                         ("object", pile, point))
        canvas.write(" " * (scale.cells - cells))
        canvas.write(f"  {size:,}", self.style_of("piles--count"))
        canvas.newline()


class NimBoard(PilesBoard):
    """Nim: point at an object to take it and every object after it in its pile."""

    KEY_HELP: ClassVar[dict[str, str]] = {
        "select": "Take the objects from the cut to the end of the pile",
    }
    CLICK_HELP: ClassVar[str] = "Take the object you clicked and every one after it"

    def cut_range(self, size: int) -> range:
        return range(0, size)

    def move_for(self, pile: int, cut: int) -> PileMove | None:
        move = (pile, self.pile_sizes[pile] - cut)
        return move if move in self.legal_moves else None

    def describe(self, pile: int, cut: int) -> tuple[str, bool]:
        size = self.pile_sizes[pile]
        take = size - cut
        return (f"Take {take:,} from pile {pile + 1}  →  {cut:,} left", take >= 1)

    def part_style(self, object_index: int, cut: int) -> str:
        return "piles--taken" if object_index >= cut else "piles--object"

    def hint_objects(self, hint: PileMove) -> tuple[int, range]:
        pile, take = hint
        size = self.pile_sizes[pile]
        return pile, range(size - take, size)

    def ghosts(self, pile: int) -> int:
        if self.last_move is None or self.last_move[0] != pile:
            return 0
        return self.last_move[1]

    def recent_piles(self) -> set[int]:
        return set() if self.last_move is None else {self.last_move[0]}


class GrundyBoard(PilesBoard):
    """Grundy's game: point between objects to split the pile there into two unequal piles."""

    KEY_HELP: ClassVar[dict[str, str]] = {
        "select": "Split the pile at the cut (the two parts must differ)",
    }
    CLICK_HELP: ClassVar[str] = "Split the pile before the object you clicked"

    def cut_range(self, size: int) -> range:
        return range(1, size) if size > 2 else range(0)

    def move_for(self, pile: int, cut: int) -> PileMove | None:
        size = self.pile_sizes[pile]
        move = (pile, min(cut, size - cut))
        return move if move in self.legal_moves and 2 * cut != size else None

    def describe(self, pile: int, cut: int) -> tuple[str, bool]:
        size = self.pile_sizes[pile]
        text = f"Split pile {pile + 1}: {size:,}  →  {cut:,} + {size - cut:,}"
        if 2 * cut == size:
            return (text + "  (parts must differ)", False)
        return (text, True)

    def part_style(self, object_index: int, cut: int) -> str:
        return "piles--part-a" if object_index < cut else "piles--part-b"

    def hint_objects(self, hint: PileMove) -> tuple[int, range]:
        pile, part = hint
        size = self.pile_sizes[pile]
        return pile, range(size - part, size)

    def recent_piles(self) -> set[int]:
        if self.last_move is None:
            return set()
        pile = self.last_move[0]
        return {pile, pile + 1}
