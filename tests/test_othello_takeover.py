"""The solver's takeover in play: at the number of empties the search's budget allows,
exact when it finishes, and given up (never claimed exact) when it overruns or is
stopped. Time is read from fake clocks that advance per reading, so nothing here
depends on the machine's speed."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from adversa.games import make_game, othello_takeover
from adversa.games.othello import Othello, OthelloState
from adversa.games.othello_solver import POLL_NODES, EndgameSolver
from adversa.games.othello_takeover import (
    UNBUDGETED_EMPTIES,
    SolverPace,
    SolverProbe,
    takeover_empties,
)
from adversa.games.probe_budget import ProbeBudget
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import SearchResult
from adversa.tui.panel import SearchPanel


def fresh_game() -> Othello:
    return make_game("othello")  # type: ignore[return-value]


@pytest.fixture(autouse=True)
def pace(monkeypatch: pytest.MonkeyPatch) -> SolverPace:
    """A fresh measured pace for each test, so that none sizes another's takeover."""
    fresh = SolverPace()
    monkeypatch.setattr(othello_takeover, "PACE", fresh)
    return fresh


def position(empties: int, seed: int) -> OthelloState:
    """A position with ``empties`` empty squares and moves to make, from a seeded game."""
    game = fresh_game()
    rng = random.Random(seed)
    while True:
        state = game.initial_state()
        while game.squares - sum(game.discs(state)) > empties and game.legal_moves(state):
            state = game.result(state, rng.choice(game.legal_moves(state)))
        if game.squares - sum(game.discs(state)) == empties and len(game.legal_moves(state)) > 1:
            return state


FOURTEEN = position(14, seed=5)
"""A 14-empty position, two more than a search without a budget hands over at."""


def ticking(step: float) -> Callable[[], float]:
    """A clock that advances ``step`` seconds at every reading."""
    now = [0.0]

    def clock() -> float:
        now[0] += step
        return now[0]

    return clock


def search(game: Othello, state: OthelloState, engine: str, *,
           clock: Callable[[], float] | None = None,
           should_stop: Callable[[], bool] | None = None) -> SearchResult[int]:
    """``engine``'s search of ``state``, on ``clock`` (by default one that ticks a tenth
    of a millisecond a reading: time passes, slowly)."""
    return run_search(game, state, EngineConfig.parse(engine), evaluation=evaluation_of(game),
                      clock=clock or ticking(1e-4), should_stop=should_stop)


def exact_margin(state: OthelloState) -> int:
    return EndgameSolver(fresh_game().board).solve(state.mine, state.theirs)


# --------------------------------------------------------------------------- the plan

def test_a_bigger_budget_takes_over_earlier() -> None:
    pace = SolverPace()
    by_seconds = [takeover_empties(ProbeBudget(seconds=seconds), pace)
                  for seconds in (0.001, 0.05, 0.5, 2, 10, 60)]
    assert by_seconds == sorted(by_seconds)
    assert by_seconds[0] < by_seconds[1] < UNBUDGETED_EMPTIES <= by_seconds[-2]
    assert by_seconds[-1] >= 14
    by_nodes = [takeover_empties(ProbeBudget(nodes=nodes), pace)
                for nodes in (10, 1_000, 100_000, 10_000_000)]
    assert by_nodes == sorted(by_nodes) and by_nodes[0] < 12 <= by_nodes[-1]
    # Both limits: the smaller decides.
    assert takeover_empties(ProbeBudget(seconds=60, nodes=10), pace) == by_nodes[0]
    assert takeover_empties(ProbeBudget(), pace) == UNBUDGETED_EMPTIES


def test_a_faster_solver_takes_over_earlier() -> None:
    slow, fast = SolverPace(), SolverPace()
    slow.record(nodes=10_000, seconds=1.0)
    fast.record(nodes=10_000_000, seconds=1.0)
    budget = ProbeBudget(seconds=2)
    assert takeover_empties(budget, slow) < takeover_empties(budget, SolverPace())
    assert takeover_empties(budget, fast) > takeover_empties(budget, SolverPace())


# --------------------------------------------------------------------------- in a search

def test_a_big_budget_solves_fourteen_empties_exactly(pace: SolverPace) -> None:
    game = fresh_game()
    result = search(game, FOURTEEN, "alphabeta depth=64 time=60")
    exact = exact_margin(FOURTEEN)
    assert result.database_margin and result.database_plies is not None
    assert result.value == exact and result.best_move is not None
    assert -exact_margin(game.result(FOURTEEN, result.best_move)) == exact
    assert pace.nodes > 0  # the solver measured its pace


def test_a_small_budget_keeps_the_heuristic_search(pace: SolverPace) -> None:
    game = fresh_game()
    for engine in ("alphabeta depth=64 nodes=3000", "alphabeta depth=64 time=0.2"):
        result = search(game, FOURTEEN, engine, clock=ticking(0.01))
        assert result.database_plies is None
        assert result.best_move in game.legal_moves(FOURTEEN)
    assert pace.nodes == 0  # the solver was never asked


def test_without_a_budget_the_search_hands_over_at_twelve_empties() -> None:
    game = fresh_game()
    twelve = position(UNBUDGETED_EMPTIES, seed=3)
    result = search(game, twelve, "alphabeta depth=2")
    assert result.database_plies is not None and result.value == exact_margin(twelve)
    result = search(game, position(UNBUDGETED_EMPTIES + 1, seed=3), "alphabeta depth=2")
    assert result.database_plies is None


class CountingSolver(EndgameSolver):
    """The takeover's solver, remembered so a test can read its nodes."""

    made: ClassVar[list[EndgameSolver]] = []

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        CountingSolver.made.append(self)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[EndgameSolver]:
    CountingSolver.made = []
    monkeypatch.setattr(othello_takeover, "EndgameSolver", CountingSolver)
    return CountingSolver.made


def test_a_stop_mid_solve_ends_it_promptly_and_claims_nothing(
        counted: list[EndgameSolver]) -> None:
    game = fresh_game()
    before = game.format_position(FOURTEEN)
    asked = [0]

    def stop_on_the_third_question() -> bool:
        asked[0] += 1
        return asked[0] >= 3

    result = search(game, FOURTEEN, "alphabeta depth=64 time=60",
                    should_stop=stop_on_the_third_question)
    assert result.stopped
    assert result.database_plies is None and not result.database_margin
    assert result.best_move in game.legal_moves(FOURTEEN)
    assert game.format_position(FOURTEEN) == before
    (solver,) = counted
    # Stopped at its next poll: far fewer nodes than the whole takeover costs.
    assert 0 < solver.nodes <= 4 * POLL_NODES
    whole = SolverProbe(game.board, ProbeBudget(), SolverPace())
    for move in game.legal_moves(FOURTEEN):
        child = game.result(FOURTEEN, move)
        assert whole(child.mine, child.theirs) is not None
    assert whole.solver.nodes > 4 * POLL_NODES


def test_an_overrun_lets_go_and_the_search_finishes_on_its_own(
        counted: list[EndgameSolver]) -> None:
    """A clock that runs fast makes the solve overrun its share of the time: it is
    given up, and the search answers with its heuristic value at its deadline."""
    game = fresh_game()
    result = search(game, FOURTEEN, "alphabeta depth=64 time=60", clock=ticking(2.0))
    (solver,) = counted
    assert 0 < solver.nodes <= 40 * POLL_NODES
    assert result.database_plies is None
    assert result.best_move in game.legal_moves(FOURTEEN)


def test_a_given_up_probe_answers_nothing_afterwards() -> None:
    game = fresh_game()
    probe = SolverProbe(game.board, ProbeBudget(nodes=1), SolverPace())
    assert probe(FOURTEEN.mine, FOURTEEN.theirs) is None
    assert probe.unfinished
    easy = position(6, seed=1)
    assert probe(easy.mine, easy.theirs) is None  # even one it could solve at once


# --------------------------------------------------------------------------- what it says

class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SearchPanel("Search")


async def test_the_panel_says_exact_after_a_takeover_and_not_after_a_stop() -> None:
    game = fresh_game()
    solved = search(game, FOURTEEN, "alphabeta depth=64 time=60")
    exact = exact_margin(FOURTEEN)
    verdict = "draw" if exact == 0 else f"{'win' if exact > 0 else 'loss'} by {abs(exact)}"
    stopped = search(game, FOURTEEN, "alphabeta depth=64 time=60", should_stop=lambda: True)
    app = PanelApp()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(SearchPanel)
        panel.show_result(solved)
        await pilot.pause()
        assert f"exact: {verdict}" in str(panel.query_one("#panel-pv", Static).render())
        panel.show_result(stopped)
        await pilot.pause()
        shown = str(panel.query_one("#panel-pv", Static).render())
        assert "exact" not in shown and "(stopped)" in shown
