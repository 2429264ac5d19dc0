"""ProbCut (``probcut=on``): the game declares its model with its evaluation, the generic
search cuts by it and counts the cuts, the panel and ``analyze`` show them, and with the
switch off (the default) or without a model nothing changes."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from textual.app import App, ComposeResult
from textual.widgets import Static

from adversa.cli import main
from adversa.games import make_game
from adversa.games.base import Game
from adversa.games.evaluation import ProbCutModel
from adversa.games.othello import Othello, OthelloState
from adversa.games.othello_eval import PROBCUT
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig, EngineSpecError
from adversa.search.engine import run_search
from adversa.search.probcut import KernelSearch, probcut_step
from adversa.search.stats import Counters, SearchResult
from adversa.tui.panel import SearchPanel

GAME: Othello = make_game("othello")  # type: ignore[assignment]
def middle_game(seed: int, plies: int = 14) -> OthelloState:
    """A position ``plies`` moves into a seeded random game (the same on every machine)."""
    rng = random.Random(seed)
    state = GAME.initial_state()
    for _ in range(plies):
        state = GAME.result(state, rng.choice(GAME.legal_moves(state)))
    return state


MIDDLE_GAMES = tuple(middle_game(seed) for seed in range(6))


def search(game: Game[object, object], state: object, spec: str) -> SearchResult:
    return run_search(game, state, EngineConfig.parse(spec), evaluation=evaluation_of(game))


def test_the_switch_parses_is_off_by_default_and_rejects_other_words() -> None:
    assert EngineConfig.parse("alphabeta").get("probcut") is False
    assert EngineConfig.parse("alphabeta probcut=on").get("probcut") is True
    with pytest.raises(EngineSpecError, match="probcut"):
        EngineConfig.parse("alphabeta probcut=maybe")


def test_othello_declares_its_fitted_model_with_its_evaluation() -> None:
    evaluator = evaluation_of(GAME).evaluator(GAME)
    assert evaluator.probcut == PROBCUT
    assert 0 < PROBCUT.shallow < PROBCUT.deep and PROBCUT.sigma > 0


@pytest.mark.parametrize("fields", [
    {"shallow": 0, "deep": 4}, {"shallow": 4, "deep": 4}, {"slope": 0.0}, {"sigma": -1.0},
])
def test_a_model_that_cannot_predict_is_refused(fields: dict[str, float]) -> None:
    values: dict[str, float] = {"shallow": 2, "deep": 4, "slope": 1.0, "intercept": 0.0,
                                "sigma": 1.0} | fields
    with pytest.raises(ValueError, match="ProbCut model"):
        ProbCutModel(**values)  # type: ignore[arg-type]


def shallow_value_search(value: float, calls: list[tuple[int, float, float]]
                         ) -> KernelSearch[None]:
    """A stand-in for the kernel's negamax whose every search returns ``value``
    (fail-soft, so one value answers any window), recording depth and window."""
    def negamax(state: None, mover: int, depth: int, alpha: float, beta: float,
                ply: int) -> float:
        calls.append((depth, alpha, beta))
        return value
    return negamax


MODEL = ProbCutModel(shallow=2, deep=4, slope=2.0, intercept=1.0, sigma=2.0, threshold=1.5)
"""deep ≈ 2 · shallow + 1, σ 2, t 1.5: a cut needs the prediction 3 beyond the window."""


@pytest.mark.parametrize(("shallow", "alpha", "beta", "expected"), [
    (4.0, 0.0, 6.0, 6.0),     # predicts 9 ≥ 6 + 3: fails high, the node returns beta
    (3.9, 0.0, 6.0, None),    # predicts 8.8, short of 9: no cut either way
    (-2.0, 0.0, 6.0, 0.0),    # predicts −3 ≤ 0 − 3: fails low, the node returns alpha
    (-1.9, 0.0, 6.0, None),   # predicts −2.8: not low enough
])
def test_the_cut_is_taken_exactly_when_the_prediction_clears_the_window_by_t_sigma(
    shallow: float, alpha: float, beta: float, expected: float | None,
) -> None:
    counters = Counters()
    calls: list[tuple[int, float, float]] = []
    step = probcut_step(MODEL, 1.0, shallow_value_search(shallow, calls),
                        counters)
    assert step(None, 0, 7, alpha, beta, 3) == expected
    assert counters.probcut_cuts == (expected is not None)
    assert all(depth == 5 for depth, _, _ in calls)  # two plies shallower than the node
    # Each question is a null window on the shallow value the prediction needs.
    assert calls[0][2] == pytest.approx((beta + 3 - 1) / 2)
    assert all(low < high and high - low < 1e-9 for _, low, high in calls)


def test_the_model_is_read_in_the_evaluators_raw_units() -> None:
    """Search values of an evaluation with ``raw_scale`` 10 are a tenth of its units."""
    calls: list[tuple[int, float, float]] = []
    step = probcut_step(MODEL, 10.0, shallow_value_search(0.4, calls),
                        Counters())
    assert step(None, 0, 4, 0.0, 0.6, 1) == 0.6  # raw: predicts 9 ≥ 6 + 3
    assert calls[0][2] == pytest.approx(0.4)


def test_a_proven_window_edge_is_never_cut_on_a_guess() -> None:
    calls: list[tuple[int, float, float]] = []
    step = probcut_step(MODEL, 1.0, shallow_value_search(0.0, calls),
                        Counters())
    assert step(None, 0, 6, -float("inf"), float("inf"), 0) is None
    assert calls == []


def test_probcut_cuts_counts_and_plays_legal_moves_in_fewer_nodes_overall() -> None:
    """Over a set of middle-game positions: a single position may cost a few more nodes
    (the shallow searches that cut nothing), the set costs fewer."""
    plain_nodes = cut_nodes = 0
    for state in MIDDLE_GAMES:
        plain = search(GAME, state, "alphabeta depth=6")  # type: ignore[arg-type]
        cut = search(GAME, state, "alphabeta depth=6 probcut=on")  # type: ignore[arg-type]
        assert cut.best_move in GAME.legal_moves(state)
        assert cut.snapshot.probcut_cuts > 0 and plain.snapshot.probcut_cuts == 0
        plain_nodes += plain.snapshot.nodes
        cut_nodes += cut.snapshot.nodes
    assert cut_nodes < plain_nodes


def test_probcut_off_searches_exactly_as_the_default() -> None:
    state = MIDDLE_GAMES[0]
    default = search(GAME, state, "alphabeta depth=5")  # type: ignore[arg-type]
    off = search(GAME, state, "alphabeta depth=5 probcut=off")  # type: ignore[arg-type]
    assert (default.best_move, default.value, default.snapshot.nodes) == (
        off.best_move, off.value, off.snapshot.nodes)


@pytest.mark.parametrize("name", ["connect4", "checkers"])
def test_a_game_without_a_model_searches_exactly_as_before_with_the_switch_on(
        name: str) -> None:
    game = make_game(name)
    state = game.initial_state()
    on = search(game, state, "alphabeta depth=6 probcut=on")
    off = search(game, state, "alphabeta depth=6")
    assert (on.best_move, on.value, on.snapshot.nodes) == (off.best_move, off.value,
                                                           off.snapshot.nodes)
    assert on.snapshot.probcut_cuts == 0


def test_analyze_reports_the_cuts() -> None:
    position = GAME.format_position(MIDDLE_GAMES[0])
    outcome = CliRunner().invoke(main, ["analyze", "othello", "--position", position,
                                        "--engine",
                                        "alphabeta depth=6 probcut=on", "--json"])
    assert outcome.exit_code == 0, outcome.output
    assert json.loads(outcome.output)["stats"]["probcut_cuts"] > 0
    plain = CliRunner().invoke(main, ["analyze", "othello", "--engine", "alphabeta depth=3",
                                      "--json"])
    assert "probcut_cuts" not in json.loads(plain.output)["stats"]


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SearchPanel("Search")


async def test_the_panel_shows_the_cuts_only_where_there_were_some() -> None:
    state = MIDDLE_GAMES[1]
    shown = {}
    for spec in ("alphabeta depth=6 probcut=on", "alphabeta depth=6"):
        result = search(GAME, state, spec)  # type: ignore[arg-type]
        app = PanelApp()
        async with app.run_test(size=(60, 40)) as pilot:
            panel = app.query_one(SearchPanel)
            panel.show_result(result)
            await pilot.pause()
            shown[spec] = str(panel.query_one("#panel-stats", Static).render())
        cuts = result.snapshot.probcut_cuts
        assert ("ProbCut" in shown[spec]) == (cuts > 0)
        if cuts:
            line = next(line for line in shown[spec].splitlines() if "ProbCut" in line)
            assert f"{cuts:,}" in line and "TT fill" in line
