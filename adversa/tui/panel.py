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

from collections.abc import Callable, Sequence

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.widgets import Label, ProgressBar, Sparkline, Static

from adversa.match.outside_move import OUTSIDE_ALGORITHM
from adversa.presentation import (
    Verdict,
    database_text,
    format_count,
    format_seconds,
    line_text,
    result_verdict,
    verdict,
    with_unit,
)
from adversa.search.config import EngineConfig, EngineSpecError
from adversa.search.stats import Iteration, SearchResult, Snapshot
from adversa.tui.evalbar import EvalBar
from adversa.tui.iterations import PV_SHOWN, IterationTable, format_score
from adversa.tui.rootlist import RootMovesList

PAGES = ("summary", "history")
"""The panel's two sections: the live summary (counters, budget, eval, PV, root moves)
and the history (iteration table, nodes sparkline). A narrow screen shows one at a time."""


# --------------------------------------------------------------------------- formatting
GENERIC_SIDES = ("side to move", "opponent")
"""How the verdict names the sides when nobody said who plays (`set_sides`)."""


def effective_branching(iterations: Sequence[Iteration]) -> float | None:
    """The last iteration's EBF (nodes ratio to the previous iteration)."""
    for iteration in reversed(iterations):
        if iteration.ebf is not None:
            return iteration.ebf
    return None


def _target_depth(config_text: str) -> int | None:
    try:
        config = EngineConfig.parse(config_text)
        return config.whole("depth")
    except (EngineSpecError, KeyError, ValueError):
        return None


def _deepest(snap: Snapshot) -> int:
    """How deep a finished search could go at most: the deepest line it reached (a
    search of depth 12 where the game ends a ply away searched 1 ply, not 12); no
    limit while it runs or when it reached nothing."""
    if snap.finished and snap.seldepth:
        return snap.seldepth
    return 1 << 30


def _reached_depth(snap: Snapshot) -> int:
    """The depth searched completely, at most `_deepest`."""
    return min(snap.completed_depth, _deepest(snap))


def _pv_text(pv: Sequence[str], movers: Sequence[int], names: Sequence[str]) -> str:
    """The line's first `PV_SHOWN` moves, naming the movers where they do not simply
    alternate (`presentation.line_text`)."""
    if not pv:
        return "[$text-muted]–[/]"
    return escape(line_text(pv, movers, names, limit=PV_SHOWN))


def _chance_rows(snap: Snapshot, field: Callable[[str, str], str]) -> list[tuple[str, str]]:
    """A chance search's own figures, two rows under the others (none without chance
    nodes): how many chance nodes, the mean probability mass their searched outcomes
    covered, the nodes Star1's windows and Star2's probes cut, and the root moves the
    candidate filter left out."""
    mass = snap.mass_searched
    if mass is None:
        return []
    return [
        (field("chance", format_count(snap.chance_nodes)), field("mass", f"{mass:.1%}")),
        (field("Star1", format_count(snap.star1_cuts)),
         field("Star2", format_count(snap.star2_cuts))
         + (f"  [$text-muted]filtered[/] [b]{snap.filtered}[/]" if snap.filtered else "")),
    ]


# --------------------------------------------------------------------------- the widget


STAT_WIDTH = 11
"""Columns of a figure's value in the statistics block."""
SLIM_WIDTH = 41
"""Below this width the statistics take one line each (`SearchPanel.on_resize`): two
figures a line take 2 × (8 + 11) + 3 columns (`_stats_markup`), and narrower they
were cut ("score +…", two engines compared at 80 columns)."""


class SearchPanel(Vertical):
    """Live statistics of one search: counters, budget, eval, PV, root moves, iterations.

    Two sections (`PAGES`) that `show_page` can show one at a time, for a screen too
    short for both; by default both show, the summary above the history.
    """

    DEFAULT_CSS = """
    SearchPanel {
        border: round $primary;
        border-title-color: $accent;
        border-title-style: bold;
        padding: 0 1;
        height: 1fr;
    }
    SearchPanel #panel-config {
        height: 1; color: $text-muted; text-wrap: nowrap; text-overflow: ellipsis;
    }
    SearchPanel #panel-summary { height: auto; }
    SearchPanel #panel-roots { height: 8; }  /* as many as the old list showed */
    SearchPanel #panel-history { height: 1fr; min-height: 6; margin-top: 1; }
    SearchPanel.-page-summary #panel-history { display: none; }
    SearchPanel.-page-history #panel-summary { display: none; }
    SearchPanel.-page-summary #panel-summary, SearchPanel.-page-summary #panel-roots {
        height: 1fr;
    }
    SearchPanel.-page-history #panel-history { margin-top: 0; }
    SearchPanel #panel-stats {
        height: 5; margin-top: 1; text-wrap: nowrap; text-overflow: ellipsis;
    }
    SearchPanel.-slim #panel-stats { height: 9; }
    SearchPanel.-chance #panel-stats { height: 7; }
    SearchPanel.-chance.-slim #panel-stats { height: 13; }
    SearchPanel #panel-budget { height: 1; }
    SearchPanel #panel-budget-label { width: 8; color: $text-muted; }
    SearchPanel #panel-budget ProgressBar { width: 1fr; }
    SearchPanel #panel-budget Bar { width: 1fr; }
    SearchPanel #panel-budget-text { width: 17; text-align: right; }
    SearchPanel #panel-eval { margin-top: 1; }
    SearchPanel #panel-pv { height: 2; margin-top: 1; }
    SearchPanel #panel-roots-title {
        height: 1; margin-top: 1; color: $text-muted; text-wrap: nowrap;
        text-overflow: ellipsis;
    }
    SearchPanel #panel-iterations { height: 1fr; min-height: 3; }
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
        self._info: str | None = None
        """An outside engine's last ``info`` line in this search (`show_info`)."""
        self.mover = 0
        """The seat the search is for: root scores are from its point of view."""
        self.names: tuple[str, ...] = ()
        """The players' names, for the verdict's words ("Black better"); empty: generic."""

    def compose(self) -> ComposeResult:
        yield Static("no search yet", id="panel-config")
        with Vertical(id="panel-summary"):
            yield Static(self._stats_markup(None), id="panel-stats")
            with Horizontal(id="panel-budget"):
                yield Label("time", id="panel-budget-label")
                yield ProgressBar(total=1, show_percentage=False, show_eta=False)
                yield Label("", id="panel-budget-text")
            yield EvalBar(id="panel-eval")
            yield Static(_pv_labelled((), (), ()), id="panel-pv")
            yield Static("", id="panel-roots-title")
            yield RootMovesList(id="panel-roots")
        with Vertical(id="panel-history"):
            yield IterationTable(id="panel-iterations")
            with Horizontal(id="panel-spark-row"):
                yield Label("nodes per\niteration", id="panel-spark-label")
                yield Sparkline([], summary_function=max)
                yield Label("", id="panel-ebf")

    # ---- the public interface --------------------------------------------------

    def show_page(self, page: str | None) -> None:
        """Show one section (``"summary"`` or ``"history"``), or both (None)."""
        for name in PAGES:
            self.set_class(page == name, f"-page-{name}")

    def set_sides(self, names: Sequence[str], mover: int) -> None:
        """Name the players and the seat the next search is for (the verdict's words)."""
        self.names = tuple(names)
        self.mover = mover

    def show_verdict(self, shown: Verdict) -> None:
        """Put a verdict on the eval bar, e.g. a finished game's result."""
        self.query_one(EvalBar).show(shown, self._bar_names())

    def clear(self, config_text: str | None = None) -> None:
        """Forget the last search; show ``config_text`` as the engine about to search."""
        self.last_snapshot = None
        self._info = None
        self.query_one(IterationTable).clear()
        self._shown_iterations = 0
        if config_text is not None:
            self._config_text = config_text
        self._set("#panel-config", escape(self._config_text) if self._config_text
                  else "no search yet")
        self._set("#panel-stats", self._stats_markup(None))
        self.query_one(ProgressBar).update(total=1, progress=0)
        self.query_one("#panel-budget-text", Label).update("", layout=False)
        self._set("#panel-pv", _pv_labelled((), (), ()))
        self._set("#panel-roots-title", "")
        self.query_one(RootMovesList).show(None)
        self.show_verdict(Verdict("–", None))
        self.query_one(Sparkline).data = []
        self.query_one("#panel-ebf", Label).update("", layout=False)

    def show_snapshot(self, snapshot: Snapshot) -> None:
        """Draw a live snapshot (cheap: only text updates, new table rows appended)."""
        self.last_snapshot = snapshot
        if snapshot.config != self._config_text:
            self._config_text = snapshot.config
            self._set("#panel-config", escape(snapshot.config))
        if snapshot.chance_nodes and not self.has_class("-chance"):
            self.add_class("-chance")  # two more rows, kept for the game's later searches
        # An outside engine counts nothing: its figures stay blank rather than zero.
        counted = snapshot.algorithm != OUTSIDE_ALGORITHM
        self._set("#panel-stats", self._stats_markup(snapshot if counted else None))
        self._show_budget(snapshot)
        names = self.names or GENERIC_SIDES
        self.show_verdict(verdict(snapshot.score, snapshot, mover=self.mover, names=names,
                                  win_in_plies=snapshot.win_in_plies,
                                  loss_in_plies=snapshot.loss_in_plies))
        self._set("#panel-pv", _pv_labelled(snapshot.pv, snapshot.pv_movers, names))
        self._show_roots(snapshot)
        table = self.query_one(IterationTable)
        table.names = names
        table.use_scores_of(snapshot)
        self._sync_iterations(snapshot.iterations)

    def show_info(self, text: str) -> None:
        """An outside engine's latest ``info`` line, where a search shows its line; it
        stays under the engine's move when the move comes (`show_result`)."""
        self._info = text
        self._set("#panel-pv", _info_markup(text))

    def add_iteration(self, iteration: Iteration) -> None:
        """Append one completed iteration as soon as it is known."""
        self._append_iteration(iteration)
        spark = self.query_one(Sparkline)
        spark.data = [*(spark.data or ()), float(iteration.nodes)]
        self._show_ebf(iteration.ebf)

    def show_result(self, result: SearchResult) -> None:
        """Draw the final figures; they stay until `clear`."""
        self.show_snapshot(result.snapshot)
        names = self.names or GENERIC_SIDES
        self.show_verdict(result_verdict(result, mover=self.mover, names=names))
        line = (_info_markup(self._info) if self._info is not None
                and result.snapshot.algorithm == OUTSIDE_ALGORITHM
                else _pv_labelled(result.pv, result.pv_movers, names))
        note = " (stopped)" if result.stopped else ""
        best = escape(result.best_move_text or "–")
        value = escape(format_score(result.value, result.snapshot))
        known = database_text(result)  # an endgame database's exact answer says so
        shown = (f"[b $success]{escape(known)}[/]" if known is not None
                 else f"[$text-muted]value[/] [b]{value}[/]")
        self._set("#panel-pv",
                  f"[$text-muted]best[/] [b $accent]{best}[/]  {shown}{note}\n" + line)

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

    def _bar_names(self) -> tuple[str, ...]:
        return self.names if len(self.names) == 2 else GENERIC_SIDES

    def _show_roots(self, snapshot: Snapshot) -> None:
        """Every root move in the scrolling list; the title counts them and names the
        one being searched, which may be scrolled out of view."""
        count = snapshot.total_root_moves
        title = ""
        if count:
            shown = len(snapshot.root_moves)
            title = (f"root moves ({count})" if shown == count
                     else f"root moves (best {shown} of {format_count(count)})")
            if not snapshot.signed and len(self.names) == 2:
                title += f", values for {self.names[0]}"
            if snapshot.current_move is not None and not snapshot.finished:
                title += f", searching [b]{escape(snapshot.current_move)}[/]"
        self._set("#panel-roots-title", title)
        self.query_one(RootMovesList).show(snapshot)

    def on_resize(self) -> None:
        """A narrow panel (a compare column of three or four engines) lists its figures one
        a line: two to a line, they were cut off ("sco…", "nod…")."""
        slim = self.size.width < SLIM_WIDTH
        if slim != self.has_class("-slim"):
            self.set_class(slim, "-slim")
            self.query_one("#panel-stats", Static).update(self._stats_markup(self.last_snapshot))

    def _stats_markup(self, snap: Snapshot | None) -> str:
        def field(label: str, value: str, width: int = STAT_WIDTH) -> str:
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
            reached = _reached_depth(snap)
            depth = f"{reached}/{min(snap.depth, _deepest(snap))} sel {snap.seldepth}"
            hits = f"{snap.tt_hits / snap.tt_probes:.1%}" if snap.tt_probes else "–"
            fill = f"{snap.tt_fill:.1%}" if snap.tt_probes else "–"
            # Vectors compact (``0.02/-0.04/0.02``): the fixed 5-line block must not
            # wrap, or its last row (TT fill) is pushed out of view.
            number = format_score(snap.score, snap, compact=True)
            score = with_unit(number, snap)
            # A long unit ("expected-score lead") would be cut: the eval line names it.
            score = escape(score if len(score) <= STAT_WIDTH else number)
            if not snap.signed and snap.score is not None and not isinstance(snap.score, tuple):
                score += f" for {self._bar_names()[0]}"  # a lecture's values are MAX's
            rows = [
                (field("depth", depth), field("score", score)),
                (field("nodes", format_count(snap.nodes)),
                 field("nodes/s", format_count(snap.nps))),
                (field("leaves", format_count(snap.leaves)),
                 field("cutoffs", format_count(snap.cutoffs))),
                (field("pruned", format_count(snap.pruned)), field("TT hits", hits)),
                # ProbCut's cuts take the free place beside the fill, where it made any.
                (field("TT fill", fill),
                 field("ProbCut", format_count(snap.probcut_cuts)) if snap.probcut_cuts else ""),
            ]
            rows.extend(_chance_rows(snap, field))
        if self.has_class("-slim"):
            return "\n".join(field for row in rows for field in row if field)
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
            reached = _reached_depth(snap)
            target = min(target, _deepest(snap))  # the game may end sooner than asked for
            label.update("depth", layout=False)
            done = reached if not snap.finished else max(reached, target)
            bar.update(total=target, progress=min(done, target))
            text.update(f"{reached}/{target} {format_seconds(snap.elapsed)}", layout=False)
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


def _info_markup(text: str) -> str:
    return f"[$text-muted]info[/] {escape(text)}"


def _pv_labelled(pv: Sequence[str], movers: Sequence[int], names: Sequence[str]) -> str:
    return f"[$text-muted]PV[/]    {_pv_text(pv, movers, names)}"
