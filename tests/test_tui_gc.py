"""The app keeps the cyclic collector off the UI thread (`freeze_startup_objects`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from tui_fakes import FakeEngine, game_screen, session_for, settle

from adversa.tui.app import FULL_COLLECTION_THRESHOLD, AdversaApp


@pytest.fixture
def collector_state() -> Iterator[None]:
    """Put the process's collector back as it was (other tests share the worker)."""
    threshold = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*threshold)


@pytest.mark.usefixtures("collector_state")
async def test_start_up_objects_are_frozen_and_full_collections_stay_rare() -> None:
    gc.unfreeze()
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert gc.get_freeze_count() > 10_000  # Textual's widgets and styles, at least
        assert gc.get_threshold()[2] == FULL_COLLECTION_THRESHOLD


@pytest.mark.usefixtures("collector_state")
async def test_an_engine_move_leaves_the_start_up_objects_frozen() -> None:
    """A search ending must not thaw what start-up froze: the runner once froze and
    unfroze the whole heap around every in-thread search, so after the first engine
    move the collector walked Textual's widgets again on every full collection."""
    gc.unfreeze()
    session = session_for("tictactoe", "human", "alphabeta depth=9")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("colon", "b", "2", "enter")
        await settle(pilot, game_screen(app))
        assert session.notations == ["b2", "a3"]  # the engine has moved
        assert gc.get_freeze_count() > 10_000  # not thawed (frozen objects may be freed)
