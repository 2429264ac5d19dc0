"""Snapshot (SVG) tests of the start screen and of the search panel.

The panel is fed fixed statistics, so no timing-dependent figure appears.
Regenerate deliberately after a visual change: ``pytest --snapshot-update``.
"""

from __future__ import annotations

from typing import Any

from textual.app import App, ComposeResult

from adversa.search.stats import Iteration, RootMove, SearchResult, Snapshot
from adversa.tui.app import AdversaApp
from adversa.tui.panel import SearchPanel

ITERATIONS = (
    Iteration(1, 0.004, 9, 0.0, ("b2",), None),
    Iteration(2, 0.011, 41, 0.0, ("b2", "a1"), 4.56),
    Iteration(3, 0.052, 212, 0.5, ("b2", "a1", "c3"), 5.17),
    Iteration(4, 0.31, 1_187, 0.0, ("b2", "a1", "c3", "a3"), 5.6),
)

FIXED_SNAPSHOT = Snapshot(
    algorithm="alphabeta", config="alphabeta depth=9 time=2", elapsed=0.75, time_budget=2.0,
    depth=5, completed_depth=4, seldepth=7, nodes=1_234_567, leaves=654_321, cutoffs=45_678,
    pruned=123_456, tt_probes=20_000, tt_hits=5_000, tt_stores=15_000, tt_fill=0.125,
    nps=1_646_089.0, score=1 / 9, pv=("b2", "a1", "c3", "a3"),
    root_moves=(RootMove("b2", 1 / 9), RootMove("a1", 1.0), RootMove("c3", -2 / 9),
                RootMove("a3")),
    current_move="a1", iterations=ITERATIONS,
    # Tic-tac-toe's e(n) units (scores are stored on the ±1 scale) and proven wins.
    score_scale=9.0, score_unit="e(n)", win_value=1.0,
)

VECTOR_RESULT = SearchResult(
    best_move=0, best_move_text="hold", value=(0.5, 0.25, 0.25), pv=("hold", "roll"),
    snapshot=Snapshot(
        algorithm="maxn", config="maxn depth=3", elapsed=0.2, time_budget=None, depth=3,
        completed_depth=3, seldepth=6, nodes=8_100, leaves=5_000, cutoffs=0, pruned=0,
        tt_probes=0, tt_hits=0, tt_stores=0, tt_fill=0.0, nps=40_500.0,
        score=(0.5, 0.25, 0.25), pv=("hold", "roll"),
        root_moves=(RootMove("hold", (0.5, 0.25, 0.25)), RootMove("roll", (0.4, 0.3, 0.3))),
        current_move=None, iterations=(Iteration(3, 0.2, 8_100, (0.5, 0.25, 0.25),
                                                 ("hold", "roll")),),
        finished=True,
    ),
)


class PanelApp(App[None]):
    """Just a search panel, fed one fixed record on mount."""

    def __init__(self, feed: Snapshot | SearchResult) -> None:
        super().__init__()
        self.feed = feed

    def compose(self) -> ComposeResult:
        yield SearchPanel("Search · O")

    def on_mount(self) -> None:
        panel = self.query_one(SearchPanel)
        if isinstance(self.feed, SearchResult):
            panel.show_result(self.feed)
        else:
            panel.show_snapshot(self.feed)



def test_search_panel_live_snapshot(snap_compare: Any) -> None:
    assert snap_compare(PanelApp(FIXED_SNAPSHOT), terminal_size=(64, 36))


def test_search_panel_vector_result(snap_compare: Any) -> None:
    assert snap_compare(PanelApp(VECTOR_RESULT), terminal_size=(64, 30))


def test_start_screen(snap_compare: Any) -> None:
    assert snap_compare(AdversaApp(), terminal_size=(120, 40))
