"""The engine configuration's text form: it parses back, keeps what matters, refuses clearly."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adversa.games import make_game
from adversa.games.base import Option
from adversa.games.registry import evaluation_of
from adversa.search.common import MAX_DEPTH, depth_schedule
from adversa.search.config import PARAMS, EngineConfig, EngineSpecError
from adversa.search.engine import run_search


def value_of(param: Option) -> st.SearchStrategy[Any]:
    """Values a parameter accepts, drawn within its declared bounds."""
    low = param.minimum if param.minimum is not None else 0
    high = param.maximum if param.maximum is not None else 10_000
    if param.kind == "int":
        return st.integers(int(low), int(high))
    if param.kind == "float":
        floats = st.floats(float(low), float(high), allow_nan=False, exclude_min=param.above)
        return floats.map(lambda x: round(x, 3)).filter(lambda x: x > low or not param.above)
    return st.booleans()


@st.composite
def configs(draw: st.DrawFn) -> EngineConfig:
    algorithm = draw(st.sampled_from(sorted(PARAMS)))
    chosen = draw(st.lists(st.sampled_from(PARAMS[algorithm]), unique_by=lambda p: p.name)
                  if PARAMS[algorithm] else st.just([]))
    return EngineConfig.create(algorithm, {param.name: draw(value_of(param)) for param in chosen})


@given(configs())
def test_the_text_form_parses_back_to_the_same_engine(config: EngineConfig) -> None:
    assert EngineConfig.parse(config.text) == config
    assert EngineConfig.parse(config.text).text == config.text


def test_what_the_user_wrote_stays_written_even_at_default_values() -> None:
    written = EngineConfig.parse("alphabeta  tt=16 depth=4")
    assert written.text == "alphabeta depth=4 tt=16"  # declared order, every value kept
    assert written != EngineConfig.parse("alphabeta")
    assert written.get("pvs") is True and not written.given("pvs")


def test_a_depth_under_a_clock_caps_the_deepening_and_no_depth_means_until_time_is_up() -> None:
    capped = EngineConfig.parse("alphabeta depth=4 time=2")
    assert capped.text == "alphabeta depth=4 time=2"
    assert max(depth_schedule(capped)) == 4
    assert max(depth_schedule(EngineConfig.parse("alphabeta time=2"))) == MAX_DEPTH


def test_a_time_flag_merged_into_a_spec_keeps_its_depth() -> None:
    """``--engine "alphabeta depth=4" --time 5`` and ``arena --time-per-move`` merge this way."""
    merged = EngineConfig.parse("alphabeta depth=4").with_values(time=5)
    assert merged.text == "alphabeta depth=4 time=5"
    assert max(depth_schedule(merged)) == 4
    assert EngineConfig.parse("alphabeta time=1").with_values(time=5).text == "alphabeta time=5"


@given(configs())
def test_typed_json_round_trips(config: EngineConfig) -> None:
    document = config.to_json()
    for name, value in document["params"].items():
        assert not isinstance(value, str), (name, value)
    assert EngineConfig.from_json(document) == config
    assert EngineConfig.from_json(config.text) == config


@pytest.mark.parametrize(("text", "expected"), [
    ("", "empty engine specification"),
    ("alphabta depth=3", "unknown algorithm 'alphabta'"),
    ("alphabeta depth", "is not KEY=VALUE"),
    ("alphabeta colour=red", "alphabeta has no option 'colour'"),
    ("alphabeta depth=deep", "depth"),
    ("alphabeta depth=3 depth=4", "depth is given twice"),
    ("alphabeta depth=", "depth= has no value"),
    ("alphabeta depth=٣", "expected a whole number"),
    ("alphabeta depth=1_0", "expected a whole number"),
    ("alphabeta time=nan", "expected a finite number"),
    ("alphabeta time=inf", "expected a finite number"),
    ("alphabeta time=1e400", "expected a finite number"),
    ("alphabeta time=0", "expected more than 0"),
    ("alphabeta time=-0", "expected more than 0"),
    ("alphabeta time=-1", "expected more than 0"),
    ("mcts iterations=0", "expected at least 1"),
    ("alphabeta depth=65", "expected at most 64"),
    ("alphabeta lmr=maybe", "expected on or off"),
])
def test_bad_text_is_refused_with_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(EngineSpecError, match=expected):
        EngineConfig.parse(text)


@pytest.mark.parametrize(("spec", "step", "expected"), [
    ("alphabeta depth=6", 1, [6]),
    ("alphabeta depth=6", 2, [6]),  # one pass: no deepening to step through
    ("alphabeta depth=6 time=9", 2, [2, 4, 6]),
    ("alphabeta depth=7 time=9", 2, [1, 3, 5, 7]),
    ("alphabeta depth=7 time=9", 3, [1, 4, 7]),
    ("alphabeta depth=1 time=9", 2, [1]),
])
def test_a_deepening_step_skips_passes_and_still_ends_at_the_depth(
    spec: str, step: int, expected: list[int]
) -> None:
    assert list(depth_schedule(EngineConfig.parse(spec), step=step)) == expected


def test_alphabeta_deepens_by_its_step() -> None:
    game = make_game("tictactoe")
    result = run_search(game, game.initial_state(), EngineConfig.parse("alphabeta depth=5 step=2"),
                        evaluation=evaluation_of(game))
    assert [iteration.depth for iteration in result.iterations] == [1, 3, 5]
