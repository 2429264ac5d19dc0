"""Values as a newcomer reads them (issue 32): alpha-beta's fail-lows and fail-highs are
written as bounds, every engine's eval bar is on the expected-score scale, the panel says
whose values a textbook tree shows and how deep a search could really go."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from narrowing import known
from textual.app import App, ComposeResult
from textual.widgets import Label, Static

from adversa.games import CHANCE, make_game
from adversa.games.registry import evaluation_of
from adversa.games.tree import bundled_trees
from adversa.presentation import bound_mark, verdict
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import SearchResult, Snapshot, expected_score
from adversa.tui.panel import SearchPanel


def two_player_trees() -> list[str]:
    names = []
    for name in bundled_trees():
        game = make_game("tree", {"file": name})
        if game.num_players == 2 and not game.has_chance:
            names.append(name)
    return names


@pytest.mark.parametrize("name", two_player_trees())
def test_alphabeta_marks_exactly_the_values_that_are_only_bounds(name: str) -> None:
    """Against the solver (plain minimax, no window) at every traced inner node: a value
    without a mark is the node's minimax value, ``≤ v`` one at most v, ``≥ v`` at least."""
    game = make_game("tree", {"file": name})
    result = run_search(game, game.initial_state(), EngineConfig.parse("alphabeta trace=5000"),
                        evaluation=evaluation_of(game))
    marks = set()
    for node in result.trace:
        if node.kind == "leaf" or not isinstance(node.value, float | int):
            continue
        state = game.initial_state()
        for position in node.path:
            state = game.result(state, game.legal_moves(state)[position - 1])
        exact = run_search(game, state, EngineConfig.parse("solve"),
                        evaluation=evaluation_of(game)).value
        assert isinstance(exact, float | int)
        if game.to_move(state) == 1:  # the solver answers for the side to move; traces
            exact = -exact            # (and lectures) write MAX's values
        mark = bound_mark(node)
        marks.add(mark)
        if mark == "≤ ":
            assert exact <= node.value
        elif mark == "≥ ":
            assert exact >= node.value
        else:
            assert exact == pytest.approx(node.value), (name, node.path)
    assert marks  # some inner node was checked


def test_the_issues_fail_low_reads_as_a_bound() -> None:
    """The three-ply tree's node 2 is cut at 2 ≤ α = 3: worth at most 2."""
    game = make_game("tree", {"file": "three-ply"})
    result = run_search(game, game.initial_state(), EngineConfig.parse("alphabeta trace=500"),
                        evaluation=evaluation_of(game))
    second = next(node for node in result.trace if node.path == (2,))
    assert bound_mark(second) == "≤ " and second.value == 2


def mcts_snapshot() -> Snapshot:
    game = make_game("checkers")
    result = run_search(game, game.initial_state(),
                        EngineConfig.parse("mcts iterations=200 seed=1"),
                        evaluation=evaluation_of(game))
    return result.snapshot


@pytest.mark.parametrize("mean", [0.193, -0.4, 0.02])
def test_the_mcts_bar_is_its_expected_score(mean: float) -> None:
    """MCTS's +0.193 mean is a 60 % expected score, and its bar drew 83 %."""
    snapshot = mcts_snapshot()
    assert snapshot.mean_result
    expected = expected_score(mean, snapshot)
    assert expected == pytest.approx((mean + 1) / 2)
    for mover in (0, 1):
        shown = verdict(mean, snapshot, mover=mover, names=("Black", "White"))
        first_share = expected if mover == 0 else 1 - known(expected)
        assert shown.share == pytest.approx(first_share)


def test_a_fitted_evaluation_bar_is_its_expected_score_too() -> None:
    game = make_game("checkers")
    result = run_search(game, game.initial_state(), EngineConfig.parse("alphabeta depth=2"),
                        evaluation=evaluation_of(game))
    snapshot = dataclasses.replace(result.snapshot, logistic_k=result.snapshot.logistic_k or 1.0)
    score = 0.02
    shown = verdict(score, snapshot, mover=0, names=("Black", "White"))
    assert shown.share == pytest.approx(expected_score(score, snapshot))


def test_pigs_expectiminimax_bar_and_an_mcts_bar_share_the_expected_score_scale() -> None:
    """Was: Pig's "+0.043 expected-score lead" drew 71 % (the unfitted log scale), while
    MCTS's mean of the same size drew 52 %: the bar swung between engines in one game."""
    game = make_game("pig")
    state = game.result(game.initial_state(), game.parse_move(game.initial_state(), "roll"))
    state = game.result(state, 4)  # a 4 rolled: a turn total to weigh
    results = [run_search(game, state, EngineConfig.parse(spec), evaluation=evaluation_of(game))
               for spec in ("expectiminimax depth=2", "mcts iterations=200")]
    for result in results:
        snapshot = result.snapshot
        assert snapshot.mean_result
        for value in (0.043, -0.3):
            shown = verdict(value, snapshot, mover=0, names=("Player 1", "Player 2"))
            assert shown.share == pytest.approx((value + 1) / 2)


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SearchPanel("Search")


def tree_after_move_two() -> tuple[Any, SearchResult]:
    game = make_game("tree", {"file": "three-ply"})
    state = game.result(game.initial_state(), game.parse_move(game.initial_state(), "2"))
    return game, run_search(game, state, EngineConfig.parse("alphabeta depth=12"),
                        evaluation=evaluation_of(game))


async def test_a_min_engines_panel_says_whose_values_and_how_deep() -> None:
    game, result = tree_after_move_two()
    app = PanelApp()
    async with app.run_test(size=(60, 40)) as pilot:
        panel = app.query_one(SearchPanel)
        panel.set_sides([game.player_name(0), game.player_name(1)], 1)
        panel.show_result(result)
        await pilot.pause()
        stats = str(panel.query_one("#panel-stats", Static).render())
        assert "1/1 sel 1" in stats and "12/12" not in stats
        assert "2 for MAX" in stats
        assert "values for MAX" in str(panel.query_one("#panel-roots-title", Static).render())
        budget = str(panel.query_one("#panel-budget-text", Label).render())
        assert budget.startswith("1/1 ")


def test_under_a_clock_the_seat_line_and_the_panel_agree_on_the_time() -> None:
    """`--clock 60+1`: the panel said time=12.795, the seat line time=2, the bar 12.79s."""
    from adversa.presentation import format_seconds
    from adversa.search.engine import clocked
    from adversa.search.timeman import ClockReading
    from adversa.tui.players import engine_text

    engine = EngineConfig.parse("alphabeta depth=20 time=2")
    assert engine_text(engine, clocked=False) == "alphabeta depth=20 time=2"
    assert engine_text(engine, clocked=True) == "alphabeta depth=20 · clock"
    for seconds in (60.0, 37.3, 5.5, 0.9):
        played, _ = clocked(engine, ClockReading(seconds, 1.0))
        budget = played.time_budget
        assert budget is not None
        assert f"time={budget:g}" in played.text
        assert format_seconds(budget) == f"{budget:.2f}s"
        assert round(budget, 2) == budget  # the bar's figure is the config's, not rounded


def test_a_margin_game_s_bar_grows_with_the_lead_up_to_the_widest_win() -> None:
    """Othello after d3: the engine's "+3 discs (Black better)" filled the bar to 95 %, as
    a proven win nearly does, because a margin game's lead was measured against 1. It is
    measured against the widest win (64 discs): a small lead leans, a larger one leans
    more, and only a proven result fills the bar."""
    game = make_game("othello")
    state = game.result(game.initial_state(), game.parse_move(game.initial_state(), "d3"))
    result = run_search(game, state, EngineConfig.parse("alphabeta depth=2"),
                        evaluation=evaluation_of(game))
    snapshot = result.snapshot
    widest = game.utility_bounds()[1]
    assert snapshot.win_value is None and snapshot.utility_limit == widest
    names = (game.player_name(0), game.player_name(1))
    shares: list[float] = []
    for fraction in (0.05, 0.3, 0.99):
        share = verdict(widest * fraction, snapshot, mover=0, names=names).share
        assert share is not None
        shares.append(share)
    assert 0.5 < shares[0] < shares[1] < shares[2] <= 0.95
    assert shares[0] < 0.8


@pytest.mark.parametrize("evaluation", ["net", "hand"])
def test_backgammon_s_bar_shows_the_equity_as_an_expected_score(evaluation: str) -> None:
    """Backgammon's +0.066 equity (points a game) filled two thirds of the bar, read as a
    margin against a backgammon's 3 points. Both evaluations are expected-score leads (the
    hand one exactly 2·P(win) − 1; the network's counts a gammon as a sure win), so the
    bar shows ``(v + 1) / 2``: a near-even position is near half."""
    game = make_game("backgammon", {"evaluation": evaluation})
    state = game.initial_state()
    while game.to_move(state) == CHANCE:  # the opening roll
        state = game.result(state, game.chance_outcomes(state)[0][0])
    snapshot = run_search(game, state, EngineConfig.parse("expectiminimax depth=1"),
                          evaluation=evaluation_of(game)).snapshot
    names = (game.player_name(0), game.player_name(1))
    for equity in (0.066, 0.5):
        assert verdict(equity, snapshot, mover=0, names=names).share == pytest.approx(
            (equity + 1) / 2)
    assert verdict(2.5, snapshot, mover=0, names=names).share == 0.95  # only a proof fills it
