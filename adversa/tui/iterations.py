"""The panel's iteration table: one row per completed depth of iterative deepening."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from adversa.presentation import (
    display_score,
    format_count,
    format_seconds,
    plain_number,
    show_score,
)
from adversa.search.stats import Iteration, Score, Snapshot

PV_SHOWN = 12
ITERATION_HEADINGS: tuple[str, ...] = ("depth", "time", "nodes", "score", "EBF", "PV")
"""The iteration table's columns: numbers right-aligned, each as wide as its widest cell
shown plus a space, and the PV, left-aligned, in the rest of the line (fixed widths
left it three characters of a 50-column panel)."""


def format_score(
    score: Score | None, snapshot: Snapshot | None = None, *, compact: bool = False
) -> str:
    """A score as the panel shows it.

    Scalars go through `presentation.show_score` (the evaluator's own units — the
    lectures' e(n) for tic-tac-toe, points for checkers — and ``win``/``loss`` for
    proven results); before any snapshot arrives they are shown as they are.
    Vectors (N players) read ``(1, 2, 6)``, or ``1/2/6`` when ``compact`` (a narrow
    table column).
    """
    if score is None:
        return "–"
    if isinstance(score, tuple):
        if compact:
            return "/".join(plain_number(part) for part in score)
        return "(" + ", ".join(plain_number(part) for part in score) + ")"
    if snapshot is not None:
        return show_score(snapshot, score)
    return display_score(score)


class IterationTable(Widget):
    """One row per completed iteration: depth, time, nodes, score, EBF, PV.

    A plain text table rather than a `DataTable`, for speed: re-rendering a
    DataTable after a new row cost 12–49 ms of CPU in the benchmark (its cell
    caches are cleared on every change), and with the engine thread holding
    the GIL half the time that doubled into a visible stall at each iteration.
    This widget draws the header and the newest rows that fit, about 1 ms.
    """

    DEFAULT_CSS = """
    IterationTable { height: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.iterations: list[Iteration] = []
        self.scores_of: Snapshot | None = None
        """The snapshot whose units scores are shown in (iterations may arrive first)."""

    def add(self, iteration: Iteration) -> None:
        self.iterations.append(iteration)
        self.refresh()

    def use_scores_of(self, snapshot: Snapshot) -> None:
        """Show scores in this search's units; redraws only when the units change."""
        old = self.scores_of
        self.scores_of = snapshot
        if old is None or (old.score_scale, old.win_value) != (
            snapshot.score_scale,
            snapshot.win_value,
        ):
            self.refresh()

    def clear(self) -> None:
        self.scores_of = None
        if self.iterations:
            self.iterations = []
            self.refresh()

    def _row(self, iteration: Iteration) -> tuple[str, ...]:
        return (
            str(iteration.depth),
            format_seconds(iteration.seconds),
            format_count(iteration.nodes),
            format_score(iteration.score, self.scores_of, compact=True),
            f"{iteration.ebf:.1f}" if iteration.ebf is not None else "–",
            " ".join(iteration.pv[:PV_SHOWN]),
        )

    def on_resize(self) -> None:
        self.refresh()  # how many rows fit changed

    def render(self) -> Text:
        fits = max(0, self.size.height - 1)
        text = Text(no_wrap=True, overflow="ellipsis")
        header = list(ITERATION_HEADINGS)
        shown = self.iterations[max(0, len(self.iterations) - fits):] if fits else []
        rows = [self._row(iteration) for iteration in shown]
        widths = [1 + max(len(cells[index]) for cells in (header, *rows))
                  for index in range(len(header) - 1)] + [0]
        text.append(self._line(header, widths), style="bold")
        for cells in rows:
            text.append("\n" + self._line(cells, widths))
        return text

    def _line(self, cells: Sequence[str], widths: Sequence[int]) -> str:
        """One row cut to the widget's width, so a long PV never wraps onto a second line."""
        parts = [cell.rjust(width) for cell, width in zip(cells, widths, strict=True)]
        parts[-1] = " " + parts[-1]  # the PV, left-aligned after a gap
        line = "".join(parts)
        room = self.size.width
        return line if len(line) <= room or room <= 1 else line[: room - 1] + "…"
