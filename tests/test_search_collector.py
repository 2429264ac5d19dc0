"""The cyclic collector is off while a search runs and on again after it."""

from __future__ import annotations

import gc

import pytest

from adversa.games.registry import evaluation_of, make_game
from adversa.search.collector import collector_paused
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search


def test_the_collector_is_paused_inside_and_restored_after() -> None:
    assert gc.isenabled()
    with collector_paused():
        assert not gc.isenabled()
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner pause found it off and leaves it off
    assert gc.isenabled()


def test_the_collector_is_restored_when_the_body_raises() -> None:
    with pytest.raises(RuntimeError), collector_paused():
        raise RuntimeError("stop")
    assert gc.isenabled()


def test_a_search_runs_with_the_collector_paused_and_restores_it() -> None:
    game = make_game("connect4")
    seen: list[bool] = []

    def should_stop() -> bool:
        seen.append(gc.isenabled())
        return False

    run_search(game, game.initial_state(), EngineConfig.parse("alphabeta depth=2"),
               evaluation=evaluation_of(game), should_stop=should_stop)
    assert seen and not any(seen)
    assert gc.isenabled()
