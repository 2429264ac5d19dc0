"""Fixtures shared by every test module."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh settings/autosave folder per test, so no test reads or writes the user's own."""
    directory = tmp_path / "config"
    monkeypatch.setenv("ADVERSA_CONFIG_DIR", str(directory))
    return directory
