"""Fixtures shared by every test module."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# No property test may depend on the machine's speed: hypothesis' per-example deadline
# and its "too slow" health check are wall-clock limits, so both are off everywhere.
# A failure prints the blob that replays it (@reproduce_failure). On CI the examples
# are derived from each test's name (derandomize), so a run never fails for an
# example nobody has seen before; locally they are random, to keep finding new cases.
settings.register_profile(
    "adversa",
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=bool(os.environ.get("CI")),
)
settings.load_profile("adversa")


@pytest.fixture(autouse=True)
def no_engine_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pig's engine rolls at full speed in tests (its pace is a wall-clock pause); the
    pace tests set it themselves."""
    from adversa.tui.boards.pig import PigBoard

    monkeypatch.setattr(PigBoard, "ENGINE_PACE", 0.0)


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh settings/autosave folder per test, so no test reads or writes the user's own;
    likewise the data folder, so that an endgame database the user built never changes
    what a test's engine plays."""
    directory = tmp_path / "config"
    monkeypatch.setenv("ADVERSA_CONFIG_DIR", str(directory))
    monkeypatch.setenv("ADVERSA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ADVERSA_SAVES_DIR", str(tmp_path / "saves"))  # not ~/Documents
    return directory
