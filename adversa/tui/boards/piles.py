"""Nim and Grundy's game: each pile a row of objects, cut at the object you point to.

Both games choose "a pile and a place in it": Nim takes every object from the
cut to the end of the pile, Grundy splits the pile at the cut. The board keeps
one selection (pile, cut) that the mouse pointer, the cursor keys and clicks all
move, and shows what the move would do before it is made.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from adversa.tui.boards.base import BoardView, Canvas, Target, game_accessor


@dataclass(frozen=True, slots=True)
class _Spacing:
    """How objects are drawn: cells per object, lines per object, blank lines between piles."""

    step: int
    tall: int
    gap: int


_SPACINGS = (
    _Spacing(2, 2, 1),
    _Spacing(2, 1, 1),
    _Spacing(2, 1, 0),
    _Spacing(1, 1, 1),
    _Spacing(1, 1, 0),
)
"""Airiest first; the board takes the first whose picture fits (the last one always)."""


class PilesBoard(BoardView):
    """The shared pile picture and selection; `NimBoard`/`GrundyBoard` say what a cut means."""

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

    def __init__(self, game: Any, **kwargs: Any) -> None:
        super().__init__(game, **kwargs)
        self.selected_pile = 0
        self.cut = 0
        self._pointing = False

    # ---- what differs between the games -------------------------------------

    def cut_range(self, size: int) -> range:
        """Cut positions that can be offered on a pile of ``size`` objects."""
        raise NotImplementedError

    def move_for(self, pile: int, cut: int) -> Any:
        """The legal move for cutting pile ``pile`` before object ``cut``, or None."""
        raise NotImplementedError

    def describe(self, pile: int, cut: int) -> tuple[str, bool]:
        """The line under the piles for a selection, and whether it is a legal move."""
        raise NotImplementedError

    def hint_objects(self) -> set[tuple[int, int]]:
        """(pile, object) pairs the hint move acts on."""
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
        sizes: tuple[int, ...] = game_accessor(self.game, "piles")(self.state)
        return sizes

    # ---- input -------------------------------------------------------------------

    def reset_selection(self) -> None:
        sizes = self.pile_sizes if self.state is not None else ()
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
        number_width = len(str(len(sizes)))
        count_width = max(len(str(size)) for size in sizes) if sizes else 1
        frame = 2 + number_width + 3 + 2 + count_width
        longest = max((size + self.ghosts(i) for i, size in enumerate(sizes)), default=1)
        spacing = _SPACINGS[-1]
        per_line = max(1, width - frame)
        for candidate in _SPACINGS:
            capacity = max(1, (width - frame) // candidate.step)
            lines = sum(-(-max(1, s + self.ghosts(i)) // capacity) for i, s in enumerate(sizes))
            needed = lines * candidate.tall + (len(sizes) - 1) * candidate.gap + 2
            if needed <= height and (capacity >= longest or candidate.step == 1):
                spacing, per_line = candidate, capacity
                break
        hinted = self.hint_objects() if self.interactive and self.hint is not None else set()
        for pile, size in enumerate(sizes):
            if pile:
                for _ in range(spacing.gap):
                    canvas.newline()
            self._draw_pile(
                canvas, pile, size, spacing, per_line,
                min(per_line, longest) * spacing.step, number_width, hinted,
            )
        canvas.newline()
        if self.selecting:
            text, legal = self.describe(self.selected_pile, self.cut)
            canvas.write(text, self.style_of("piles--info" if legal else "piles--invalid"))

    def _draw_pile(
        self, canvas: Canvas, pile: int, size: int, spacing: _Spacing, per_line: int,
        count_column: int, number_width: int, hinted: set[tuple[int, int]],
    ) -> None:
        selected = self.selecting and pile == self.selected_pile
        label_names = ["piles--label"]
        if pile in self.recent_piles():
            label_names.append("piles--recent")
        if selected:
            label_names.append("piles--label-selected")
        label = self.style_of(*label_names)
        glyph = self.OBJECT if spacing.step == 2 else self.COMPACT_OBJECT
        total = size + self.ghosts(pile)
        chunks = [
            range(start, min(start + per_line, total)) for start in range(0, total, per_line)
        ] or [range(0)]
        for chunk_number, chunk in enumerate(chunks):
            for line in range(spacing.tall):
                first = chunk_number == 0 and line == spacing.tall - 1
                marker = "▶ " if selected and first else "  "
                number = str(pile + 1).rjust(number_width) if first else " " * number_width
                canvas.write(marker + number + " │ ", label, ("pile", pile))
                for index in chunk:
                    if index >= size:
                        canvas.write(glyph, self.style_of("piles--ghost"))
                    else:
                        names = ["piles--object"]
                        if selected:
                            names.append(self.part_style(index, self.cut))
                        if (pile, index) in hinted:
                            names.append("piles--hint")
                        canvas.write(glyph, self.style_of(*names), ("object", pile, index))
                    if spacing.step == 2:
                        canvas.write(" ")
                if first:
                    canvas.write(" " * (count_column - len(chunk) * spacing.step))
                    canvas.write(f" {size}", self.style_of("piles--count"))
                canvas.newline()


class NimBoard(PilesBoard):
    """Nim: point at an object to take it and every object after it in its pile."""

    def cut_range(self, size: int) -> range:
        return range(0, size)

    def move_for(self, pile: int, cut: int) -> Any:
        move = (pile, self.pile_sizes[pile] - cut)
        return move if move in self.legal_moves else None

    def describe(self, pile: int, cut: int) -> tuple[str, bool]:
        size = self.pile_sizes[pile]
        take = size - cut
        return (f"Take {take} from pile {pile + 1}  →  {cut} left", take >= 1)

    def part_style(self, object_index: int, cut: int) -> str:
        return "piles--taken" if object_index >= cut else "piles--object"

    def hint_objects(self) -> set[tuple[int, int]]:
        pile, take = self.hint
        size = self.pile_sizes[pile]
        return {(pile, index) for index in range(size - take, size)}

    def ghosts(self, pile: int) -> int:
        if self.last_move is None or self.last_move[0] != pile:
            return 0
        taken: int = self.last_move[1]
        return taken

    def recent_piles(self) -> set[int]:
        return set() if self.last_move is None else {self.last_move[0]}


class GrundyBoard(PilesBoard):
    """Grundy's game: point between objects to split the pile there into two unequal piles."""

    def cut_range(self, size: int) -> range:
        return range(1, size) if size > 2 else range(0)

    def move_for(self, pile: int, cut: int) -> Any:
        size = self.pile_sizes[pile]
        move = (pile, min(cut, size - cut))
        return move if move in self.legal_moves and 2 * cut != size else None

    def describe(self, pile: int, cut: int) -> tuple[str, bool]:
        size = self.pile_sizes[pile]
        text = f"Split pile {pile + 1}: {size}  →  {cut} + {size - cut}"
        if 2 * cut == size:
            return (text + "  (parts must differ)", False)
        return (text, True)

    def part_style(self, object_index: int, cut: int) -> str:
        return "piles--part-a" if object_index < cut else "piles--part-b"

    def hint_objects(self) -> set[tuple[int, int]]:
        pile, part = self.hint
        size = self.pile_sizes[pile]
        return {(pile, index) for index in range(size - part, size)}

    def recent_piles(self) -> set[int]:
        if self.last_move is None:
            return set()
        pile = self.last_move[0]
        return {pile, pile + 1}
