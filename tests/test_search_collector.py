"""The cyclic collector is off while a search runs and on again after it."""

from __future__ import annotations

import gc
import weakref

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


def test_what_a_search_kept_is_not_walked_at_once_yet_a_cycle_in_it_is_still_freed() -> None:
    """On resuming, the collector's young generation holds none of what the body kept
    (so the next allocation does not walk it), and a cycle the body dropped is still
    found by a full pass: moved to the oldest generation, not frozen for good."""

    class Node:
        partner: object = None

    gc.unfreeze()  # an app test in this worker may have frozen its start-up objects
    gc.collect()
    with collector_paused():
        kept = [[index] for index in range(50_000)]
        first, second = Node(), Node()
        first.partner, second.partner = second, first
        cycle = weakref.ref(first)
        del first, second
    assert gc.get_count()[0] < 1_000
    assert gc.get_freeze_count() == 0
    assert cycle() is not None  # nothing has walked it yet
    gc.collect()
    assert cycle() is None
    assert len(kept) == 50_000


def test_objects_a_program_froze_stay_frozen_after_a_search() -> None:
    """The app freezes its start-up objects (`tui.app.freeze_startup_objects`); the pause
    must not thaw them when it hands what a search kept to the oldest generation."""
    gc.collect()
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        assert frozen > 0
        with collector_paused():
            kept = [[index] for index in range(1_000)]
        assert gc.get_freeze_count() == frozen
        assert len(kept) == 1_000
    finally:
        gc.unfreeze()
