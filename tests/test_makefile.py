"""``make play`` installs what playing needs, ``make test`` the test tools too (issue 32:
a first ``make play`` spent 31 s installing ruff, mypy, Playwright, cairosvg and
hypothesis). Read from ``make -n`` (a dry run: nothing is built or installed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def dry_run(target: str, venv: Path) -> str:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    return subprocess.run(["make", "-n", target, f"VENV={venv}"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout


def test_play_installs_the_app_without_the_test_extra(tmp_path: Path) -> None:
    commands = dry_run("play", tmp_path / "venv")
    installs = [line for line in commands.splitlines() if "pip install" in line]
    assert any(line.rstrip().endswith("-e .") for line in installs), commands
    assert not any("[test" in line for line in installs), commands


def test_test_installs_the_test_extra(tmp_path: Path) -> None:
    commands = dry_run("test", tmp_path / "venv")
    assert "-e '.[test]'" in commands and "pytest" in commands
