"""The user's files: atomic writes and one-line refusals that name the path."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from adversa.files import UserFileError, read_user_text, write_text_atomic


def test_write_then_read_round_trips_and_leaves_no_temporary(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    write_text_atomic(target, "first\n")
    write_text_atomic(target, "second ♚\n")
    assert read_user_text(target) == "second ♚\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "summary.json"
    write_text_atomic(target, "old")

    def refuse(src: str, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(UserFileError, match=r"summary\.json.*cannot be written"):
        write_text_atomic(target, "new")
    assert target.read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["summary.json"]


@pytest.mark.parametrize(
    ("make", "reason"),
    [
        (lambda p: None, "no such file"),
        (lambda p: p.mkdir(), "is a directory"),
        (lambda p: p.write_bytes(b"\x7fELF\x00\x01"), "binary"),
        (lambda p: p.write_bytes(b"caf\xe9"), "not UTF-8"),
    ],
)
def test_bad_files_are_refused_with_path_and_reason(
        tmp_path: Path, make: Callable[[Path], object], reason: str) -> None:
    path = tmp_path / "openings.txt"
    make(path)
    with pytest.raises(UserFileError) as caught:
        read_user_text(path, "openings file")
    message = str(caught.value)
    assert reason in message and str(path) in message and message.startswith("openings file")
    assert "\n" not in message


def test_writing_over_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(UserFileError, match="is a directory"):
        write_text_atomic(tmp_path, "x")
