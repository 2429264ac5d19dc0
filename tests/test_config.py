"""The engine configuration's text form: it parses back, keeps what matters, refuses clearly."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adversa.search.common import MAX_DEPTH, depth_schedule
from adversa.search.config import PARAMS, EngineConfig, EngineSpecError, Param


def value_of(param: Param) -> st.SearchStrategy[Any]:
    """Values a parameter accepts, drawn within its declared bounds."""
    low = param.minimum if param.minimum is not None else 0
    high = param.maximum if param.maximum is not None else 10_000
    if param.kind == "int":
        return st.integers(int(low), int(high))
    if param.kind == "float":
        return st.floats(float(low), float(high), allow_nan=False).map(lambda x: round(x, 3))
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


def test_defaults_are_dropped_so_equal_engines_compare_equal() -> None:
    assert EngineConfig.parse("alphabeta depth=4 tt=16").text == "alphabeta"
    assert EngineConfig.parse("alphabeta  tt=16 depth=4") == EngineConfig.parse("alphabeta")


def test_a_default_depth_under_a_clock_is_kept_because_it_caps_the_deepening() -> None:
    capped = EngineConfig.parse("alphabeta depth=4 time=2")
    assert capped.text == "alphabeta depth=4 time=2"
    assert max(depth_schedule(capped)) == 4
    assert max(depth_schedule(EngineConfig.parse("alphabeta time=2"))) == MAX_DEPTH
    assert EngineConfig.parse("alphabeta depth=4 time=0").text == "alphabeta"


@pytest.mark.parametrize(("text", "expected"), [
    ("", "empty engine specification"),
    ("alphabta depth=3", "unknown algorithm 'alphabta'"),
    ("alphabeta depth", "is not KEY=VALUE"),
    ("alphabeta colour=red", "alphabeta has no option 'colour'"),
    ("alphabeta depth=deep", "depth"),
])
def test_bad_text_is_refused_with_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(EngineSpecError, match=expected):
        EngineConfig.parse(text)
