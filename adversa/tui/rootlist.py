"""The panel's root moves: every one of them, best first, in a list that scrolls.

A line-API `ScrollView` rather than a Static in a scrolling container: a new snapshot
changes the lines' text ten times a second, and here that is a repaint of the visible
lines only. Even a new number of moves (each search's first snapshot) causes no layout
pass: the list's height is fixed by its parent, its scrollbar always shown, and the
new virtual height is set without the reactive's layout request.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Text
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from adversa.presentation import format_count, root_score_text
from adversa.search.stats import RootMove, Snapshot

BOUND_ORDER = {None: 0, "lower": 1, "upper": 2}
"""Among equal scores: the exact value, then "at least", then "at most"."""


def ranked_roots(snapshot: Snapshot) -> list[RootMove]:
    """The root moves best first.

    MCTS ranks by visits (the move it plays is the most visited). Depth-first
    searches put the move they would play now (the principal variation's first)
    at the top, even while the next iteration, still running, scores it lower
    than the last one did; the others follow by score, from the root player's
    point of view: a bound sorts by the number it shows, which keeps a move
    proven no better than the best (alpha-beta's ``≤``) after it, and moves with
    no score yet come last. Vector scores (N players) do not say whose entry
    counts, so only the principal variation's move is put first. A chance root's
    outcomes keep their order: there is no best outcome to choose.
    """
    moves = list(snapshot.root_moves)
    if any(root.probability is not None for root in moves):
        return moves
    best = snapshot.pv[0] if snapshot.pv else None
    by_visits = any(root.visits is not None for root in moves)

    def rank(root: RootMove) -> tuple[bool, int, float, int]:
        not_best = root.move != best
        if by_visits:
            return (False, 0, -(root.visits or 0), 0)
        if root.score is None or isinstance(root.score, tuple):
            return (not_best, 1, 0.0, 0)
        return (not_best, 0, -root.score, BOUND_ORDER.get(root.bound, 0))

    return sorted(moves, key=rank)  # stable: ties keep the order they were generated in


def root_line(root: RootMove, snapshot: Snapshot, searching: bool) -> Text:
    """One root move: ▶ when being searched, its name, then value (visits for MCTS,
    probability at a chance root)."""
    details: list[str] = []
    if root.probability is not None:
        details.append(f"p={root.probability:.3f}")
    if root.visits is not None:
        details.append(f"{format_count(root.visits):>6} visits")
    if root.score is not None:
        details.append(f"{root_score_text(root, snapshot):>8}")
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append("▶ " if searching else "  ", style="bold" if searching else "")
    line.append(f"{root.move:<8}", style="bold" if searching else "")
    line.append(" " + "  ".join(details))
    return line


class RootMovesList(ScrollView, can_focus=True):
    """All root moves of the last snapshot, best first; wheel, arrows and page keys scroll."""

    DEFAULT_CSS = """
    RootMovesList {
        height: 1fr;
        min-height: 2;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
        overflow-y: scroll;  /* never toggled: a scrollbar appearing would need a layout */
    }
    RootMovesList:focus { background: $boost; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Text] = []
        self.moves: list[str] = []
        """The root moves in the order shown (tests and the title read it)."""

    def show(self, snapshot: Snapshot | None) -> None:
        """List ``snapshot``'s root moves (None: empty)."""
        lines: list[Text] = []
        self.moves = []
        if snapshot is not None:
            current = None if snapshot.finished else snapshot.current_move
            for root in ranked_roots(snapshot):
                self.moves.append(root.move)
                lines.append(root_line(root, snapshot, root.move == current))
        if len(lines) != len(self.lines):
            # Speed: `virtual_size` is a layout-requesting reactive, and a layout pass at
            # a search's start stalls the screen while the engine thread holds the GIL
            # (benchmarks/bench_tui.py). The size is fixed, so only the scrollbar and
            # the scroll limits need the news: the part of `_size_updated` that does that.
            self.set_reactive(Widget.virtual_size, Size(self.size.width, len(lines)))
            self._scroll_update(self.virtual_size)
        self.lines = lines
        self.refresh()

    def render_line(self, y: int) -> Strip:
        index = y + round(self.scroll_offset.y)
        width = self.size.width
        style = self.rich_style
        if index >= len(self.lines):
            return Strip([Segment(" " * width, style)], width)
        segments = Segment.apply_style(self.lines[index].render(self.app.console, end=""), style)
        return Strip(segments).crop_extend(0, width, style)
