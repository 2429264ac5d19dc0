"""Time management under a game clock: allocation, stability, forecasts, match clocks.

Every figure here is made up or read from a `StepClock` (time that advances with the
search's work), so nothing depends on how fast this machine is.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from clocks import HandClock, StepClock
from hypothesis import given
from hypothesis import strategies as st
from narrowing import made

from adversa.cli import main
from adversa.games import make_game
from adversa.games.checkers import Checkers
from adversa.games.pdn import read_pdn
from adversa.games.registry import evaluation_of
from adversa.match.arena import GameTask, build_plan, play_game
from adversa.match.clocks import GameClock
from adversa.match.openings import INITIAL, resolve_openings
from adversa.match.records import game_as_record
from adversa.search.config import EngineConfig
from adversa.search.engine import clocked, run_search
from adversa.search.stats import Iteration
from adversa.search.timeman import (
    HARD_SHARE,
    MINIMUM_THINK,
    MOVE_OVERHEAD,
    ClockReading,
    MoveBudget,
    TimeControl,
    TimeControlError,
    TimeManager,
    budget_for,
    stable_iterations,
    time_growth,
)


def iterations(*rows: tuple[float, str]) -> list[Iteration]:
    """Iterations from (cumulative seconds, best move) pairs, depths 1, 2, ..."""
    return [
        Iteration(depth, seconds, 100 * depth, 0.0, (best,))
        for depth, (seconds, best) in enumerate(rows, start=1)
    ]


# ---- the time control's text ------------------------------------------------------------


@pytest.mark.parametrize(("text", "base", "increment"), [
    ("60+0.5", 60.0, 0.5), ("60", 60.0, 0.0), (" 5+0 ", 5.0, 0.0), ("0.5+2", 0.5, 2.0),
])
def test_time_control_parses(text: str, base: float, increment: float) -> None:
    control = TimeControl.parse(text)
    assert (control.base, control.increment) == (base, increment)
    assert TimeControl.parse(control.text) == control


@pytest.mark.parametrize("text", ["", "abc", "60+x", "0+1", "-5+1", "60+-1", "inf+0", "nan"])
def test_bad_time_controls_say_what_is_expected(text: str) -> None:
    with pytest.raises(TimeControlError, match="BASE\\+INCREMENT"):
        TimeControl.parse(text)


# ---- allocation ----------------------------------------------------------------------------


@given(
    remaining=st.floats(0, 10_000, allow_nan=False),
    increment=st.floats(0, 60, allow_nan=False),
    moves_to_go=st.one_of(st.none(), st.integers(1, 100)),
)
def test_a_move_never_takes_more_than_its_share_of_the_clock(
    remaining: float, increment: float, moves_to_go: int | None
) -> None:
    budget = budget_for(ClockReading(remaining, increment, moves_to_go))
    assert MINIMUM_THINK <= budget.soft <= budget.hard
    usable = max(0.0, remaining - MOVE_OVERHEAD)
    assert budget.hard <= max(MINIMUM_THINK, HARD_SHARE * usable) + 1e-12


@given(
    less=st.floats(1, 1000, allow_nan=False),
    more=st.floats(1, 1000, allow_nan=False),
    increment=st.floats(0, 5, allow_nan=False),
)
def test_more_time_left_never_means_less_time_per_move(
    less: float, more: float, increment: float
) -> None:
    less, more = sorted((less, more))
    small, large = (budget_for(ClockReading(t, increment)) for t in (less, more))
    assert small.soft <= large.soft + 1e-12
    assert small.hard <= large.hard + 1e-12


def test_the_increment_is_mostly_spent_on_the_move() -> None:
    without = budget_for(ClockReading(60))
    with_increment = budget_for(ClockReading(60, 1.0))
    assert 0.5 < with_increment.soft - without.soft <= 1.0


def test_fewer_moves_to_go_means_more_time_each() -> None:
    assert budget_for(ClockReading(60, moves_to_go=5)).soft > budget_for(
        ClockReading(60, moves_to_go=40)).soft


# ---- deciding between iterations -----------------------------------------------------------


def test_stability_counts_the_same_best_move_at_the_end() -> None:
    assert stable_iterations([]) == 0
    assert stable_iterations(iterations((0.1, "a"), (0.2, "b"), (0.3, "b"))) == 2
    assert stable_iterations(iterations((0.1, "a"), (0.2, "a"), (0.3, "a"))) == 3


def test_time_growth_is_measured_and_bounded() -> None:
    assert time_growth(iterations((0.1, "a"), (0.2, "a"))) is None
    assert time_growth(iterations((0.1, "a"), (0.3, "a"), (0.9, "a"))) == pytest.approx(3.0)
    assert time_growth(iterations((0.1, "a"), (0.2, "a"), (0.21, "a"))) == 1.5
    assert time_growth(iterations((0.1, "a"), (0.11, "a"), (5.0, "a"))) == 10.0


def test_a_settled_best_move_answers_early_and_a_changed_one_thinks_longer() -> None:
    manager = TimeManager(MoveBudget(soft=1.0, hard=4.0))
    settled = iterations((0.01, "a"), (0.02, "a"), (0.04, "a"))
    changed = iterations((0.01, "a"), (0.02, "a"), (0.04, "b"))
    assert manager.target(settled) < 1.0 < manager.target(changed) <= 4.0
    # At 0.6 s the settled search has thought enough; the undecided one goes on.
    assert manager.enough(0.6, settled)
    assert not manager.enough(0.6, changed)


def test_no_iteration_starts_that_the_forecast_says_cannot_finish() -> None:
    manager = TimeManager(MoveBudget(soft=1.0, hard=1.2))
    # The last pass took 0.3 s after one of 0.1 s: the next is forecast at 0.9 s.
    history = iterations((0.0, "a"), (0.1, "b"), (0.4, "a"))
    assert manager.enough(0.45, history)  # 0.45 + 0.9 > 1.2
    roomy = TimeManager(MoveBudget(soft=1.0, hard=4.0))
    assert not roomy.enough(0.45, history)


# ---- the engine under a clock ----------------------------------------------------------


def test_clocked_engines_get_the_budget_their_kind_can_use() -> None:
    reading = ClockReading(60, 0.5)
    budget = budget_for(reading)
    deepening, manager = clocked(EngineConfig.parse("alphabeta depth=20 time=5"), reading)
    assert deepening.time_budget == pytest.approx(budget.hard, abs=0.005)
    assert manager is not None and manager.budget == budget
    playouts, none = clocked(EngineConfig.parse("mcts"), reading)
    assert playouts.time_budget == pytest.approx(budget.soft, abs=0.005) and none is None
    untimed = EngineConfig.parse("random seed=3")
    assert clocked(untimed, reading) == (untimed, None)


def test_a_clocked_search_answers_before_its_hard_limit_when_the_move_is_settled() -> None:
    game = make_game("checkers", {})
    engine = EngineConfig.parse("alphabeta depth=64")
    reading = ClockReading(5.0)
    budget = budget_for(reading)
    result = run_search(game, game.initial_state(), engine, clock=StepClock(0.01),
                        time_left=reading, evaluation=evaluation_of(game))
    assert not result.stopped  # the time manager chose to answer: no deadline struck
    assert result.snapshot.elapsed < budget.hard
    # It was the manager's decision, taken a few clock reads after the last iteration.
    assert TimeManager(budget).enough(result.iterations[-1].seconds + 0.05, result.iterations)
    # A fixed budget of the same hard limit runs to its deadline instead.
    fixed = run_search(game, game.initial_state(), engine.with_values(time=budget.hard),
                       clock=StepClock(0.01), evaluation=evaluation_of(game))
    assert fixed.stopped
    assert fixed.snapshot.elapsed >= budget.hard
    assert len(fixed.iterations) >= len(result.iterations)


def test_more_time_on_the_clock_searches_deeper() -> None:
    game = make_game("checkers", {})
    engine = EngineConfig.parse("alphabeta")
    depths = [
        run_search(game, game.initial_state(), engine, clock=StepClock(0.01),
                   time_left=ClockReading(seconds),
                   evaluation=evaluation_of(game)).iterations[-1].depth
        for seconds in (1.0, 10.0)
    ]
    assert depths[0] < depths[1]


# ---- the match's clocks ------------------------------------------------------------------


def test_clocks_add_the_increment_only_after_a_move_in_time() -> None:
    clock = HandClock()
    clocks = GameClock(TimeControl(1.0, 0.5), 2, clock)
    clocks.start(0)
    clock.advance(0.25)
    assert clocks.moved(0)  # 0.25 s spent: 1.0 - 0.25 + 0.5
    assert clocks.left[0] == pytest.approx(1.25)
    assert clocks.reading(0) == ClockReading(1.25, 0.5)
    clocks.start(1)
    clock.advance(2.25)
    assert not clocks.moved(1)  # 2.25 s spent of 1.0: the flag fell, no increment
    assert clocks.flagged == 1 and clocks.left[1] == 0.0


def test_a_move_that_uses_the_last_of_the_time_loses_on_time_in_matches_as_in_the_app(
) -> None:
    # One rule for both (adversa.match.clocks): a clock that reaches zero is a flag fall.
    clock = HandClock()
    clocks = GameClock(TimeControl(1.0, 0.5), 2, clock)
    clocks.start(0)
    clock.advance(1.0)
    assert not clocks.moved(0)
    assert clocks.flagged == 0


def task(time_control: TimeControl, seats: tuple[str, str]) -> GameTask:
    return GameTask(
        index=0, game_name="tictactoe", game_options=(),
        seats=(EngineConfig.parse(seats[0]), EngineConfig.parse(seats[1])),
        engine_a_player=0, opening=INITIAL, max_plies=100, seed=1,
        time_control=time_control,
    )


def test_an_engine_whose_flag_falls_loses_the_game() -> None:
    # Each clock read is 0.05 s later; 0.05 s for the game cannot pay even one search.
    record = play_game(task(TimeControl(0.05), ("random seed=1", "random seed=2")),
                       clock=StepClock(0.05))
    assert record.lost_on_time
    assert record.winner == 1 and record.moves == ()
    assert record.reason == "X lost on time"


def test_a_clock_managed_engine_plays_a_whole_game_in_time() -> None:
    record = play_game(task(TimeControl(0.5, 0.01), ("alphabeta", "alphabeta")),
                       clock=StepClock(0.0005))
    assert not record.lost_on_time and record.reason != ""
    assert record.clock_left is not None and min(record.clock_left) > 0
    assert record.engine_moves[0] + record.engine_moves[1] == len(record.moves)
    assert sum(record.thinking) > 0
    # Each move's time and the clock it left, as the records note them.
    assert len(record.move_seconds) == len(record.move_clocks) == len(record.moves)
    assert sum(s for s in record.move_seconds if s is not None) == pytest.approx(
        sum(record.thinking))
    last_clock = {ply % 2: left for ply, left in enumerate(record.move_clocks)}
    assert (last_clock[0], last_clock[1]) == pytest.approx(record.clock_left)


def test_match_records_note_each_engine_move_s_time_and_clock() -> None:
    game = made("checkers", Checkers)
    opening = resolve_openings(game, None, 1, seed=5)[0]
    timed = GameTask(index=0, game_name="checkers", game_options=(),
                     seats=(EngineConfig.parse("random seed=1"),
                            EngineConfig.parse("random seed=2")),
                     engine_a_player=0, opening=opening, max_plies=12, seed=1,
                     time_control=TimeControl(60, 1))
    record = play_game(timed, clock=StepClock(0.05))
    text = game_as_record(game, record, TimeControl(60, 1))
    assert text is not None and '[TimeControl "60+1"]' in text
    notes = read_pdn(text, game).notes
    assert notes[:3] == ("", "", "")  # the ballot's three moves were not the engines'
    assert all(re.fullmatch(r"\[%emt 0:00:00\.\d\] \[%clk 0:01:0\d\.\d\]", note)
               for note in notes[3:]), notes  # a few reads of 0.05 s against +1 s a move


def test_a_plan_takes_one_way_of_timing_not_two() -> None:
    game = make_game("tictactoe", {})
    engines = [EngineConfig.parse("alphabeta"), EngineConfig.parse("random")]
    with pytest.raises(Exception, match="not both"):
        build_plan(game, engines, games=2, openings=[INITIAL],
                   time_per_move=1.0, time_control=TimeControl(10))


def test_arena_plays_under_a_time_control_and_reports_it() -> None:
    outcome = CliRunner().invoke(main, [
        "arena", "nim", "--engine", "alphabeta", "--engine", "default", "--games", "2",
        "--time-control", "5+0.1", "--json",
    ])
    assert outcome.exit_code == 0, outcome.output
    summary = json.loads(outcome.output)
    assert summary["time_control"] == "5+0.1"
    assert summary["games"] == 2
    assert summary["seconds_per_move"]["engine_a"] is not None


def test_arena_refuses_a_bad_time_control_in_one_line() -> None:
    outcome = CliRunner().invoke(main, [
        "arena", "nim", "--engine", "alphabeta", "--engine", "random", "--time-control", "5+x",
    ])
    assert outcome.exit_code != 0
    lines = outcome.output.strip().splitlines()
    assert len(lines) == 1 and "expected BASE+INCREMENT" in lines[0]
