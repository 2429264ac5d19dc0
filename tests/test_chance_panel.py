"""What a chance search counts (chance nodes, probability mass searched, Star1 and Star2
cuts, filtered root moves) and how the side panel shows it."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from adversa.games import make_game
from adversa.games.base import play_line
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import SearchResult
from adversa.tui.panel import SearchPanel

GAME = make_game("backgammon", {"evaluation": "hand"})
"""The hand-written evaluation uses the dice, so every chance node, at the horizon too,
is expanded and counted (the net values positions before the roll: see test_star2)."""
# X opened 31: 8/5 6/5 and O has 52 to play: a position with blots to hit and a choice.
STATE = play_line(GAME, GAME.initial_state(), "31: 8/5 6/5 52")


def search(spec: str) -> SearchResult:
    return run_search(GAME, STATE, EngineConfig.parse(spec), evaluation=evaluation_of(GAME))


def test_plain_expectiminimax_searches_every_outcome_of_every_chance_node() -> None:
    snap = search("expectiminimax depth=1 star1=off").snapshot
    # Each of O's plays leads to one chance node of X's 21 rolls.
    assert snap.chance_nodes == len(GAME.legal_moves(STATE))
    assert snap.mass_searched == pytest.approx(1.0)
    assert (snap.star1_cuts, snap.star2_cuts, snap.filtered) == (0, 0, 0)


def test_star_pruning_cuts_and_the_mass_searched_drops_with_the_same_answer() -> None:
    plain = search("expectiminimax depth=2 star1=off candidates=4")
    star2 = search("expectiminimax depth=2 star2=on candidates=4")
    assert star2.best_move == plain.best_move
    assert isinstance(star2.value, float) and isinstance(plain.value, float)
    assert star2.value == pytest.approx(plain.value, abs=1e-9)
    snap = star2.snapshot
    assert snap.star1_cuts + snap.star2_cuts > 0
    assert snap.mass_searched is not None and snap.mass_searched < 1.0
    assert snap.nodes < plain.snapshot.nodes
    assert snap.filtered == len(GAME.legal_moves(STATE)) - 4 == plain.snapshot.filtered


def test_a_search_without_chance_counts_none() -> None:
    game = make_game("tictactoe")
    result = run_search(game, game.initial_state(), EngineConfig.parse("alphabeta depth=2"),
                        evaluation=evaluation_of(game))
    assert result.snapshot.chance_nodes == 0 and result.snapshot.mass_searched is None


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SearchPanel("Search")


async def test_the_panel_shows_the_chance_figures_of_a_backgammon_search() -> None:
    result = search("expectiminimax depth=2 star2=on candidates=4")
    snap = result.snapshot
    app = PanelApp()
    async with app.run_test(size=(60, 40)) as pilot:
        panel = app.query_one(SearchPanel)
        panel.show_result(result)
        await pilot.pause()
        stats = panel.query_one("#panel-stats", Static)
        text = str(stats.render())
        lines = text.splitlines()
        assert stats.size.height == len(lines) == 7  # every row shown, none cut
    assert f"{snap.chance_nodes:,}" in text
    assert f"{snap.mass_searched:.1%}" in text
    star_line = next(line for line in lines if "Star1" in line)
    assert f"{snap.star1_cuts:,}" in star_line and f"{snap.star2_cuts:,}" in star_line
    assert f"filtered {snap.filtered}" in star_line


async def test_the_panel_shows_no_chance_rows_for_a_game_without_chance() -> None:
    game = make_game("tictactoe")
    result = run_search(game, game.initial_state(), EngineConfig.parse("alphabeta depth=2"),
                        evaluation=evaluation_of(game))
    app = PanelApp()
    async with app.run_test(size=(60, 40)) as pilot:
        panel = app.query_one(SearchPanel)
        panel.show_result(result)
        await pilot.pause()
        text = str(panel.query_one("#panel-stats", Static).render())
    assert "chance" not in text and "Star1" not in text
