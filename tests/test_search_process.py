"""Searches in engine processes (`adversa.search.process`): same answers, events and
errors as `run_search` in this process; cancellation, and a dying process, reported."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from adversa.files import UserFileError, user_path
from adversa.games import AdversaError
from adversa.games.base import CHANCE
from adversa.games.registry import SomeGame, entry, evaluation_of, game_names, make_game
from adversa.search.config import EngineConfig
from adversa.search.engine import AlgorithmError, run_search
from adversa.search.process import EngineProcess, EngineProcessError, search_in_process
from adversa.search.stats import Iteration, SearchEvent, Snapshot
from adversa.search.timeman import ClockReading, budget_for


def _shallow_default_engine(game_name: str) -> EngineConfig:
    """The game's default engine, two plies deep and with no clock (same nodes anywhere)."""
    config = EngineConfig.parse(entry(game_name).engines[0])
    if config.given("depth"):
        config = config.with_values(depth=2)
    return config.without("time")


def _decision_state(game: SomeGame) -> object:
    """The start, past any opening dice: a position where a player chooses."""
    state = game.initial_state()
    while not game.is_terminal(state) and game.to_move(state) == CHANCE:
        outcome, _ = game.chance_outcomes(state)[0]
        state = game.result(state, outcome)
    return state


@pytest.mark.parametrize("game_name", game_names())
def test_every_games_default_engine_finds_in_a_process_what_it_finds_here(
        game_name: str) -> None:
    """Every registered game crosses to an engine process — rules, position and evaluation
    pickled — and is searched there exactly as here. (Othello's closures once could not
    be pickled, and the app's engine failed on its first move.)"""
    game = make_game(game_name, {})
    state = _decision_state(game)
    config = _shallow_default_engine(game_name)
    here = run_search(game, state, config, evaluation=evaluation_of(game))
    there = search_in_process(game, state, config, evaluation=evaluation_of(game))
    assert there.best_move == here.best_move
    assert there.value == here.value
    assert there.pv == here.pv
    assert there.snapshot.nodes == here.snapshot.nodes


def test_events_stream_from_the_process_in_order() -> None:
    game = make_game("checkers", {})
    events: list[SearchEvent] = []
    result = search_in_process(game, game.initial_state(),
                               EngineConfig.parse("alphabeta depth=6"), on_event=events.append,
                               evaluation=evaluation_of(game))
    depths = [event.depth for event in events if isinstance(event, Iteration)]
    assert depths == list(range(1, 7))
    assert [iteration.depth for iteration in result.iterations] == depths


def test_a_stop_request_ends_the_search_early() -> None:
    """The caller's stop flag, polled in the caller's thread, reaches the process."""
    game = make_game("checkers", {})
    seen_snapshot = threading.Event()

    def on_event(event: SearchEvent) -> None:
        if isinstance(event, Snapshot | Iteration):
            seen_snapshot.set()

    result = search_in_process(game, game.initial_state(),
                               EngineConfig.parse("alphabeta depth=40"),
                               should_stop=seen_snapshot.is_set, on_event=on_event,
                               evaluation=evaluation_of(game))
    assert result.stopped
    assert result.best_move is not None
    assert max(iteration.depth for iteration in result.iterations) < 40


def test_errors_of_the_search_come_back_as_themselves() -> None:
    game = make_game("pig", {})
    with pytest.raises(AlgorithmError, match="alphabeta"):
        search_in_process(game, game.initial_state(), EngineConfig.parse("alphabeta depth=2"),
                          evaluation=evaluation_of(game))
    # The process that raised is healthy: the next search is answered.
    assert search_in_process(game, game.initial_state(),
                             EngineConfig.parse("expectimax depth=1"),
                             evaluation=evaluation_of(game)).best_move is not None


def test_a_terminal_position_is_refused_with_the_engine_s_message() -> None:
    game = make_game("nim", {"piles": "1"})
    state = game.result(game.initial_state(), game.legal_moves(game.initial_state())[0])
    with pytest.raises(AdversaError, match="the game is over"):
        search_in_process(game, state, EngineConfig.parse("minimax"),
                          evaluation=evaluation_of(game))


def test_a_process_that_dies_mid_search_is_an_error_not_a_hang() -> None:
    game = make_game("checkers", {})
    engine = EngineProcess()

    def kill_it(event: SearchEvent) -> None:
        engine.process.kill()

    with pytest.raises(EngineProcessError, match="ended unexpectedly"):
        engine.search(game, game.initial_state(), EngineConfig.parse("alphabeta depth=40"),
                      evaluation_of(game), None, kill_it)
    assert not engine.alive
    # Searches after it get a new process.
    assert search_in_process(game, game.initial_state(),
                             EngineConfig.parse("alphabeta depth=2"),
                             evaluation=evaluation_of(game)).best_move is not None


def test_an_unknown_user_s_home_is_a_one_line_refusal() -> None:
    with pytest.raises(UserFileError, match="no user '0'"):
        user_path("~0/games")
    assert user_path("plain/name").parts == ("plain", "name")


def test_a_clock_reading_reaches_the_search_in_the_process() -> None:
    """Under a game clock the process's search budgets the move from ``time_left``
    (`timeman.budget_for`), as `run_search` does here, instead of its own ``time``."""
    game = make_game("tictactoe", {})
    config = EngineConfig.parse("alphabeta depth=2 time=30")
    reading = ClockReading(remaining=2.53, increment=0.0)
    here = run_search(game, game.initial_state(), config, time_left=reading,
                      evaluation=evaluation_of(game))
    there = search_in_process(game, game.initial_state(), config, time_left=reading,
                              evaluation=evaluation_of(game))
    assert there.snapshot.time_budget == here.snapshot.time_budget == budget_for(reading).hard
    assert search_in_process(game, game.initial_state(), config,
                             evaluation=evaluation_of(game)).snapshot.time_budget == 30


def test_the_engine_process_never_imports_from_the_working_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``random.py`` (or any module's name) in the folder the app runs from must not
    replace the real module in the engine process (issue 33)."""
    (tmp_path / "random.py").write_text(
        "import pathlib; pathlib.Path(__file__).with_name('imported').touch()\n"
        "raise ImportError('imported random.py from the working folder')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))  # as ``python -m adversa`` from there would
    game = make_game("nim", {})
    engine = EngineProcess()
    try:
        result = engine.search(game, game.initial_state(), EngineConfig.parse("minimax"),
                               evaluation_of(game), None, None)
    finally:
        engine.close()
    assert result.best_move is not None
    assert not (tmp_path / "imported").exists()
