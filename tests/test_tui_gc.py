"""The app keeps the cyclic collector off the UI thread (`freeze_startup_objects`)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from tui_fakes import FakeEngine

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
