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

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import DataTable, Label, ProgressBar, Sparkline, Static

from adversa.search.config import EngineConfig, EngineSpecError
from adversa.search.stats import Iteration, RootMove, Score, SearchResult, Snapshot

ROOT_MOVES_SHOWN = 8
PV_SHOWN = 12


# --------------------------------------------------------------------------- formatting


def format_count(value: int | float) -> str:
    """12345 → ``12,345``; large values compacted (``1.23M``) to keep widths fixed."""
    if value >= 100_000_000:
        return f"{value / 1_000_000:,.0f}M"
    return f"{round(value):,}"


def format_score(score: Score | None) -> str:
    """A scalar as ``+0.50``; a vector (N players) as ``(+1.00, -0.50, +0.00)``."""
    if score is None:
        return "–"
    if isinstance(score, tuple):
        return "(" + ", ".join(format_score(part) for part in score) + ")"
    if abs(score) >= 1000:
        return f"{score:+,.0f}"
    return f"{score:+.2f}"


def format_seconds(seconds: float) -> str:
    return f"{seconds:.2f}s" if seconds < 100 else f"{seconds:,.0f}s"


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
    SearchPanel #panel-config { color: $text-muted; }
    SearchPanel #panel-stats { height: auto; margin-top: 1; }
    SearchPanel #panel-budget { height: 1; }
    SearchPanel #panel-budget-label { width: 8; color: $text-muted; }
    SearchPanel #panel-budget ProgressBar { width: 1fr; }
    SearchPanel #panel-budget Bar { width: 1fr; }
    SearchPanel #panel-budget-text { width: 17; text-align: right; }
    SearchPanel #panel-pv { height: auto; margin-top: 1; }
    SearchPanel #panel-roots { height: auto; margin-top: 1; }
    SearchPanel #panel-iterations { height: 1fr; min-height: 4; margin-top: 1; }
    SearchPanel #panel-spark-row { height: 2; margin-top: 1; }
    SearchPanel Sparkline { width: 1fr; height: 2; }
    SearchPanel #panel-ebf { width: 14; text-align: right; }
    SearchPanel.-idle #panel-stats { color: $text-muted; }
    """

    def __init__(self, title: str = "Search", *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = title
        self._shown_iterations = 0
        self._config_text = ""
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
        table: DataTable[str] = DataTable(id="panel-iterations", cursor_type="none",
                                          zebra_stripes=True)
        yield table
        with Horizontal(id="panel-spark-row"):
            yield Sparkline([], summary_function=max)
            yield Label("", id="panel-ebf")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("depth", key="depth", width=5)
        table.add_column("time", key="time", width=7)
        table.add_column("nodes", key="nodes", width=11)
        table.add_column("score", key="score", width=8)
        table.add_column("ebf", key="ebf", width=5)
        table.add_column("pv", key="pv")
        self.add_class("-idle")

    # ---- the public interface --------------------------------------------------

    def clear(self, config_text: str | None = None) -> None:
        """Forget the last search; show ``config_text`` as the engine about to search."""
        self.last_snapshot = None
        self._shown_iterations = 0
        if config_text is not None:
            self._config_text = config_text
        self.query_one("#panel-config", Static).update(
            escape(self._config_text) if self._config_text else "no search yet"
        )
        self.query_one("#panel-stats", Static).update(self._stats_markup(None))
        self.query_one(ProgressBar).update(total=1, progress=0)
        self.query_one("#panel-budget-text", Label).update("")
        self.query_one("#panel-pv", Static).update(_pv_labelled(()))
        self.query_one("#panel-roots", Static).update("")
        self.query_one(DataTable).clear()
        self.query_one(Sparkline).data = []
        self.query_one("#panel-ebf", Label).update("")
        self.add_class("-idle")

    def show_snapshot(self, snapshot: Snapshot) -> None:
        """Draw a live snapshot (cheap: only text updates, new table rows appended)."""
        self.remove_class("-idle")
        self.last_snapshot = snapshot
        if snapshot.config != self._config_text:
            self._config_text = snapshot.config
            self.query_one("#panel-config", Static).update(escape(snapshot.config))
        self.query_one("#panel-stats", Static).update(self._stats_markup(snapshot))
        self._show_budget(snapshot)
        self.query_one("#panel-pv", Static).update(_pv_labelled(snapshot.pv))
        self.query_one("#panel-roots", Static).update(
            _roots_markup(snapshot.root_moves, snapshot.current_move, snapshot.finished)
        )
        self._sync_iterations(snapshot.iterations)

    def add_iteration(self, iteration: Iteration) -> None:
        """Append one completed iteration as soon as it is known."""
        self._append_iteration(iteration)
        spark = self.query_one(Sparkline)
        spark.data = [*spark.data, float(iteration.nodes)]
        self._show_ebf(iteration.ebf)

    def show_result(self, result: SearchResult) -> None:
        """Draw the final figures; they stay until `clear`."""
        self.show_snapshot(result.snapshot)
        note = " (stopped)" if result.stopped else ""
        best = escape(result.best_move_text or "–")
        self.query_one("#panel-pv", Static).update(
            f"[$text-muted]best[/] [b $accent]{best}[/]  "
            f"[$text-muted]value[/] [b]{escape(format_score(result.value))}[/]{note}\n"
            + _pv_labelled(result.pv)
        )

    # ---- drawing ------------------------------------------------------------------

    def _stats_markup(self, snap: Snapshot | None) -> str:
        def field(label: str, value: str, width: int = 11) -> str:
            return f"[$text-muted]{label:<7}[/][b]{value:>{width}}[/]"

        if snap is None:
            blank = "–"
            rows = [
                (field("depth", blank), field("score", blank)),
                (field("nodes", blank), field("nodes/s", blank)),
                (field("leaves", blank), field("cutoffs", blank)),
                (field("pruned", blank), field("TT hits", blank)),
            ]
        else:
            depth = f"{snap.completed_depth}/{snap.depth} sel {snap.seldepth}"
            hits = (
                f"{snap.tt_hits / snap.tt_probes:.0%} {snap.tt_fill:.0%}f"
                if snap.tt_probes else "–"
            )
            score = escape(format_score(snap.score))
            rows = [
                (field("depth", depth), field("score", score)),
                (field("nodes", format_count(snap.nodes)),
                 field("nodes/s", format_count(snap.nps))),
                (field("leaves", format_count(snap.leaves)),
                 field("cutoffs", format_count(snap.cutoffs))),
                (field("pruned", format_count(snap.pruned)), field("TT hits", hits)),
            ]
        return "\n".join(f"{left}   {right}" for left, right in rows)

    def _show_budget(self, snap: Snapshot) -> None:
        bar = self.query_one(ProgressBar)
        label = self.query_one("#panel-budget-label", Label)
        text = self.query_one("#panel-budget-text", Label)
        if snap.time_budget:
            label.update("time")
            bar.update(total=snap.time_budget, progress=min(snap.elapsed, snap.time_budget))
            text.update(f"{format_seconds(snap.elapsed)} / {format_seconds(snap.time_budget)}")
            return
        target = _target_depth(snap.config)
        if target:
            label.update("depth")
            done = snap.completed_depth if not snap.finished else max(snap.completed_depth, target)
            bar.update(total=target, progress=min(done, target))
            text.update(f"{snap.completed_depth}/{target} {format_seconds(snap.elapsed)}")
            return
        label.update("time")
        bar.update(total=1, progress=1 if snap.finished else 0)
        text.update(format_seconds(snap.elapsed))

    def _sync_iterations(self, iterations: Sequence[Iteration]) -> None:
        if len(iterations) <= self._shown_iterations:
            return
        for iteration in iterations[self._shown_iterations:]:
            self._append_iteration(iteration)
        self.query_one(Sparkline).data = [float(it.nodes) for it in iterations]
        self._show_ebf(effective_branching(iterations))

    def _append_iteration(self, iteration: Iteration) -> None:
        table = self.query_one(DataTable)
        pv = " ".join(iteration.pv[:PV_SHOWN])
        table.add_row(
            f"{iteration.depth:>5}",
            f"{format_seconds(iteration.seconds):>7}",
            f"{format_count(iteration.nodes):>11}",
            f"{format_score(iteration.score):>8}",
            f"{iteration.ebf:>5.1f}" if iteration.ebf is not None else f"{'–':>5}",
            pv,
        )
        self._shown_iterations += 1
        table.move_cursor(row=table.row_count - 1)
        table.scroll_end(animate=False)

    def _show_ebf(self, ebf: float | None) -> None:
        text = f"EBF [b]{ebf:.2f}[/]" if ebf is not None else "EBF –"
        self.query_one("#panel-ebf", Label).update(text)


def _pv_labelled(pv: Sequence[str]) -> str:
    return f"[$text-muted]PV[/]    {_pv_text(pv)}"


def _roots_markup(moves: Sequence[RootMove], current: str | None, finished: bool) -> str:
    """Root moves with their value (visits for MCTS, probability at a chance root)."""
    if not moves:
        return ""
    lines = ["[$text-muted]root moves[/]"]
    for root in moves[:ROOT_MOVES_SHOWN]:
        searching = root.move == current and not finished
        marker = "[b $accent]▶[/]" if searching else " "
        details: list[str] = []
        if root.probability is not None:
            details.append(f"p={root.probability:.3f}")
        if root.visits is not None:
            details.append(f"{format_count(root.visits):>9} visits")
        if root.score is not None:
            details.append(f"{escape(format_score(root.score)):>8}")
        name = escape(root.move)
        name = f"[b]{name:<10}[/]" if searching else f"{name:<10}"
        lines.append(f"{marker} {name} {'  '.join(details)}")
    if len(moves) > ROOT_MOVES_SHOWN:
        lines.append(f"  [$text-muted]… {len(moves) - ROOT_MOVES_SHOWN} more[/]")
    return "\n".join(lines)
