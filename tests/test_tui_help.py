"""The help screen explains the search panel's terms (issue 14), reachable with ``?``."""

from __future__ import annotations

from rich.table import Table
from textual.widgets import Static
from tui_fakes import FakeEngine

from adversa.match.session import GameSession
from adversa.tui.app import AdversaApp
from adversa.tui.screens.help import PANEL_TERMS, HelpScreen

PANEL_LABELS = ("depth", "score", "nodes", "nodes/s", "leaves", "cutoffs", "pruned", "TT hits",
                "TT fill", "EBF", "PV")
"""What the live panel writes next to its figures."""


def test_every_panel_label_has_an_explanation() -> None:
    explained = {term for term, _ in PANEL_TERMS} | {term.split()[0] for term, _ in PANEL_TERMS}
    assert set(PANEL_LABELS) <= explained
    pruned = dict(PANEL_TERMS)["pruned"]
    assert "exceed nodes" in pruned  # the figure that puzzled users, explained


async def test_question_mark_shows_the_legend() -> None:
    app = AdversaApp(GameSession("tictactoe", {}, [None, None]), engine_search=FakeEngine())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        legend = app.screen.query_one("#panel-terms", Static).content
        assert isinstance(legend, Table) and legend.row_count == len(PANEL_TERMS)
