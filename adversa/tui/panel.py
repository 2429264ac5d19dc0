"""The live search panel: what the engine is doing, about ten times a second.

Self-contained so the compare screen can put two side by side: feed it
`show_snapshot` while a search runs, `show_result` when it ends, `clear` before
the next one. It never talks to the engine; it only draws the immutable
records of `adversa.search.stats`.

Numbers are right-aligned in fixed-width fields with thousands separators, so
the figures do not jitter as they grow; the last figures stay on screen after a
move until the next search starts (a panel that blanks between moves is
useless to a student reading it).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widget import Widget
from textual.widgets import Label, ProgressBar, Sparkline, Static

from adversa.presentation import (
    display_score,
    format_count,
    format_seconds,
    root_score_text,
    show_score,
)
from adversa.search.config import EngineConfig, EngineSpecError
from adversa.search.stats import (
    Iteration,
    RootMove,
    Score,
    SearchResult,
    Snapshot,
)

ROOT_MOVES_SHOWN = 8
"""With a title and a '… more' line this fills the roots part's fixed 10 lines."""
PV_SHOWN = 12
ITERATION_COLUMNS: tuple[tuple[str, str, int], ...] = (
    ("depth", "depth", 5),
    ("time", "time", 7),
    ("nodes", "nodes", 11),
    ("score", "score", 9),
    ("EBF", "ebf", 6),
    ("PV", "pv", 0),
)
"""(label, key, width) of the iteration table; numbers right-aligned in fixed widths,
the PV takes the rest of the line."""


# --------------------------------------------------------------------------- formatting


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
            return "/".join(f"{part:.3g}" for part in score)
        return "(" + ", ".join(f"{part:.3g}" for part in score) + ")"
    if snapshot is not None:
        return show_score(snapshot, score)
    return display_score(score)


def effective_branching(iterations: Sequence[Iteration]) -> float | None:
    """The last iteration's EBF (nodes ratio to the previous iteration)."""
    for iteration in reversed(iterations):
        if iteration.ebf is not None:
            return iteration.ebf
    return None


def _target_depth(config_text: str) -> int | None:
    try:
        config = EngineConfig.parse(config_text)
        return int(config.get("depth"))
    except (EngineSpecError, KeyError, ValueError):
        return None


def _pv_text(pv: Sequence[str]) -> str:
    if not pv:
        return "[$text-muted]–[/]"
    shown = " ".join(escape(move) for move in pv[:PV_SHOWN])
    return shown + (" …" if len(pv) > PV_SHOWN else "")


# --------------------------------------------------------------------------- the widget


class SearchPanel(Vertical):
    """Live statistics of one search: counters, budget, PV, root moves, iterations."""

    DEFAULT_CSS = """
    SearchPanel {
        border: round $primary;
        border-title-color: $accent;
        border-title-style: bold;
        padding: 0 1;
        height: 1fr;
    }
    SearchPanel #panel-config { height: 1; color: $text-muted; }
    SearchPanel #panel-stats {
        height: 5; margin-top: 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    SearchPanel #panel-budget { height: 1; }
    SearchPanel #panel-budget-label { width: 8; color: $text-muted; }
    SearchPanel #panel-budget ProgressBar { width: 1fr; }
    SearchPanel #panel-budget Bar { width: 1fr; }
    SearchPanel #panel-budget-text { width: 17; text-align: right; }
    SearchPanel #panel-pv { height: 2; margin-top: 1; }
    SearchPanel #panel-roots {
        height: 10; margin-top: 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    SearchPanel #panel-iterations { height: 1fr; min-height: 3; margin-top: 1; }
    SearchPanel #panel-spark-label { width: 11; color: $text-muted; }
    SearchPanel #panel-spark-row { height: 2; margin-top: 1; }
    SearchPanel Sparkline { width: 1fr; height: 2; }
    SearchPanel #panel-ebf { width: 14; text-align: right; }
    """

    def __init__(self, title: str = "Search", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = title
        self._shown_iterations = 0
        self._config_text = ""
        self._texts: dict[str, str] = {}
        self.last_snapshot: Snapshot | None = None

    def compose(self) -> ComposeResult:
        yield Static("no search yet", id="panel-config")
        yield Static(self._stats_markup(None), id="panel-stats")
        with Horizontal(id="panel-budget"):
            yield Label("time", id="panel-budget-label")
            yield ProgressBar(total=1, show_percentage=False, show_eta=False)
            yield Label("", id="panel-budget-text")
        yield Static(_pv_labelled(()), id="panel-pv")
        yield Static("", id="panel-roots")
        yield IterationTable(id="panel-iterations")
        with Horizontal(id="panel-spark-row"):
            yield Label("nodes per\niteration", id="panel-spark-label")
            yield Sparkline([], summary_function=max)
            yield Label("", id="panel-ebf")

    # ---- the public interface --------------------------------------------------

    def clear(self, config_text: str | None = None) -> None:
        """Forget the last search; show ``config_text`` as the engine about to search."""
        self.last_snapshot = None
        self.query_one(IterationTable).clear()
        self._shown_iterations = 0
        if config_text is not None:
            self._config_text = config_text
        self._set("#panel-config", escape(self._config_text) if self._config_text
                  else "no search yet")
        self._set("#panel-stats", self._stats_markup(None))
        self.query_one(ProgressBar).update(total=1, progress=0)
        self.query_one("#panel-budget-text", Label).update("", layout=False)
        self._set("#panel-pv", _pv_labelled(()))
        self._set("#panel-roots", "")
        self.query_one(Sparkline).data = []
        self.query_one("#panel-ebf", Label).update("", layout=False)

    def show_snapshot(self, snapshot: Snapshot) -> None:
        """Draw a live snapshot (cheap: only text updates, new table rows appended)."""
        self.last_snapshot = snapshot
        if snapshot.config != self._config_text:
            self._config_text = snapshot.config
            self._set("#panel-config", escape(snapshot.config))
        self._set("#panel-stats", self._stats_markup(snapshot))
        self._show_budget(snapshot)
        self._set("#panel-pv", _pv_labelled(snapshot.pv))
        self._set("#panel-roots", _roots_markup(snapshot))
        self.query_one(IterationTable).use_scores_of(snapshot)
        self._sync_iterations(snapshot.iterations)

    def add_iteration(self, iteration: Iteration) -> None:
        """Append one completed iteration as soon as it is known."""
        self._append_iteration(iteration)
        spark = self.query_one(Sparkline)
        spark.data = [*(spark.data or ()), float(iteration.nodes)]
        self._show_ebf(iteration.ebf)

    def show_result(self, result: SearchResult) -> None:
        """Draw the final figures; they stay until `clear`."""
        self.show_snapshot(result.snapshot)
        note = " (stopped)" if result.stopped else ""
        best = escape(result.best_move_text or "–")
        value = escape(format_score(result.value, result.snapshot))
        self._set("#panel-pv",
                  f"[$text-muted]best[/] [b $accent]{best}[/]  "
                  f"[$text-muted]value[/] [b]{value}[/]{note}\n"
                  + _pv_labelled(result.pv))

    # ---- drawing ------------------------------------------------------------------

    def _set(self, selector: str, markup: str) -> None:
        """Update a text part without a layout pass.

        Every text part has a fixed height (DEFAULT_CSS), so an update is a
        repaint of that region only. Layout is the expensive part of a screen
        update — with the engine thread holding the GIL half the time, a layout
        per snapshot is what made the UI stutter (benchmarks/bench_tui.py).
        """
        if self._texts.get(selector) != markup:
            self._texts[selector] = markup
            self.query_one(selector, Static).update(markup, layout=False)

    def _stats_markup(self, snap: Snapshot | None) -> str:
        def field(label: str, value: str, width: int = 11) -> str:
            return f"[$text-muted]{label:<8}[/][b]{value:>{width}}[/]"

        if snap is None:
            blank = "–"
            rows = [
                (field("depth", blank), field("score", blank)),
                (field("nodes", blank), field("nodes/s", blank)),
                (field("leaves", blank), field("cutoffs", blank)),
                (field("pruned", blank), field("TT hits", blank)),
                (field("TT fill", blank), ""),
            ]
        else:
            depth = f"{snap.completed_depth}/{snap.depth} sel {snap.seldepth}"
            hits = f"{snap.tt_hits / snap.tt_probes:.1%}" if snap.tt_probes else "–"
            fill = f"{snap.tt_fill:.1%}" if snap.tt_probes else "–"
            # Vectors compact (``0.02/-0.04/0.02``): the fixed 5-line block must not
            # wrap, or its last row (TT fill) is pushed out of view.
            score = format_score(snap.score, snap, compact=True)
            if snap.score_unit and score[-1].isdigit():
                score = f"{score} {snap.score_unit}"  # "+6 pts", "+1 e(n)"
            score = escape(score)
            rows = [
                (field("depth", depth), field("score", score)),
                (field("nodes", format_count(snap.nodes)),
                 field("nodes/s", format_count(snap.nps))),
                (field("leaves", format_count(snap.leaves)),
                 field("cutoffs", format_count(snap.cutoffs))),
                (field("pruned", format_count(snap.pruned)), field("TT hits", hits)),
                (field("TT fill", fill), ""),
            ]
        return "\n".join(f"{left}   {right}".rstrip() for left, right in rows)

    def _show_budget(self, snap: Snapshot) -> None:
        bar = self.query_one(ProgressBar)
        label = self.query_one("#panel-budget-label", Label)
        text = self.query_one("#panel-budget-text", Label)
        if snap.time_budget:
            label.update("time", layout=False)
            bar.update(total=snap.time_budget, progress=min(snap.elapsed, snap.time_budget))
            text.update(f"{format_seconds(snap.elapsed)} / {format_seconds(snap.time_budget)}",
                        layout=False)
            return
        target = _target_depth(snap.config)
        if target:
            label.update("depth", layout=False)
            done = snap.completed_depth if not snap.finished else max(snap.completed_depth, target)
            bar.update(total=target, progress=min(done, target))
            text.update(f"{snap.completed_depth}/{target} {format_seconds(snap.elapsed)}",
                        layout=False)
            return
        label.update("time", layout=False)
        bar.update(total=1, progress=1 if snap.finished else 0)
        text.update(format_seconds(snap.elapsed), layout=False)

    def _sync_iterations(self, iterations: Sequence[Iteration]) -> None:
        if len(iterations) <= self._shown_iterations:
            return
        for iteration in iterations[self._shown_iterations:]:
            self._append_iteration(iteration)
        self.query_one(Sparkline).data = [float(it.nodes) for it in iterations]
        self._show_ebf(effective_branching(iterations))

    def _append_iteration(self, iteration: Iteration) -> None:
        self.query_one(IterationTable).add(iteration)
        self._shown_iterations += 1

    def _show_ebf(self, ebf: float | None) -> None:
        text = f"EBF [b]{ebf:.2f}[/]" if ebf is not None else "EBF –"
        self.query_one("#panel-ebf", Label).update(text, layout=False)


def _pv_labelled(pv: Sequence[str]) -> str:
    return f"[$text-muted]PV[/]    {_pv_text(pv)}"


BOUND_ORDER = {None: 0, "lower": 1, "upper": 2}
"""Among equal scores: the exact value, then "at least", then "at most"."""


def ranked_roots(snapshot: Snapshot) -> list[RootMove]:
    """The root moves best first, so the best is never hidden under "… N more".

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


def shown_roots(snapshot: Snapshot, limit: int = ROOT_MOVES_SHOWN) -> list[RootMove]:
    """The first ``limit`` ranked root moves, the one being searched now always among them
    (in the last row when it ranks lower), so the ▶ marker never disappears."""
    ranked = ranked_roots(snapshot)
    shown = ranked[:limit]
    current = snapshot.current_move
    if snapshot.finished or current is None or any(root.move == current for root in shown):
        return shown
    searching = next((root for root in ranked if root.move == current), None)
    return shown if searching is None else [*ranked[: limit - 1], searching]


def _roots_markup(snapshot: Snapshot) -> str:
    """Root moves, best first, with their value (visits for MCTS, probability at a chance
    root)."""
    moves, current, finished = snapshot.root_moves, snapshot.current_move, snapshot.finished
    if not moves:
        return ""
    lines = ["[$text-muted]root moves[/]"]
    for root in shown_roots(snapshot):
        searching = root.move == current and not finished
        marker = "[b $accent]▶[/]" if searching else " "
        details: list[str] = []
        if root.probability is not None:
            details.append(f"p={root.probability:.3f}")
        if root.visits is not None:
            details.append(f"{format_count(root.visits):>9} visits")
        if root.score is not None:
            details.append(f"{escape(root_score_text(root, snapshot)):>8}")
        name = escape(root.move)
        name = f"[b]{name:<10}[/]" if searching else f"{name:<10}"
        lines.append(f"{marker} {name} {'  '.join(details)}")
    if len(moves) > ROOT_MOVES_SHOWN:
        lines.append(f"  [$text-muted]… {len(moves) - ROOT_MOVES_SHOWN} more[/]")
    return "\n".join(lines)


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
        text.append(self._line([label for label, _, _ in ITERATION_COLUMNS]), style="bold")
        shown = self.iterations[max(0, len(self.iterations) - fits):] if fits else []
        for iteration in shown:
            text.append("\n" + self._line(self._row(iteration)))
        return text

    def _line(self, cells: Sequence[str]) -> str:
        """One row cut to the widget's width, so a long PV never wraps onto a second line."""
        # A cell wider than its column (an N-player value vector) still gets a space
        # before it, so it never runs into the previous column's number.
        parts = [cell.rjust(width) if len(cell) <= width else " " + cell
                 for cell, (_, _, width) in zip(cells, ITERATION_COLUMNS, strict=True)]
        line = "".join(parts)
        room = self.size.width
        return line if len(line) <= room or room <= 1 else line[: room - 1] + "…"
