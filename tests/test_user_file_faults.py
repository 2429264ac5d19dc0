"""Faults in the user's own files never stop a game (issue 33): a full disk, a bad or
deeply nested settings/autosave file, two apps at once, a file's mode and a symlink."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import stat
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st
from tui_fakes import FakeEngine

from adversa import files
from adversa import settings as store
from adversa.files import UserFileError, write_text_atomic
from adversa.games import AdversaError
from adversa.match.session import GameSession, autosaved_record
from adversa.tui.app import AdversaApp
from adversa.tui.screens.game import GameScreen


@pytest.fixture(autouse=True)
def fresh_store(config_dir: Path) -> Iterator[None]:
    """Each test its own autosave lock and notices."""
    store.notices.clear()
    yield
    store.release_autosave()
    store.notices.clear()


def disk_full(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(_descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)  # the module files.py writes through


def played(*moves: str) -> GameSession:
    session = GameSession("tictactoe", {}, [None, None])
    for move in moves:
        session.play_text(move)
    return session


# ---- a full disk or a read-only folder: warn once, play on ------------------------------


def test_a_full_disk_costs_the_autosave_with_one_notice_and_no_temporary(
        config_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    config_dir.mkdir()
    disk_full(monkeypatch)
    session = played("b2")
    session.autosave()
    session.play_text("a1")
    session.autosave()
    assert len(store.notices) == 1
    assert store.notices[0].startswith("The autosave cannot be kept:")
    assert "No space left" in store.notices[0]
    assert [path.name for path in config_dir.iterdir()] == [store.AUTOSAVE_LOCK]


def test_an_unwritable_config_folder_costs_the_choices_with_one_notice(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("")
    monkeypatch.setenv("ADVERSA_CONFIG_DIR", str(blocker / "adversa"))
    settings = store.Settings.load()
    settings.theme = "high-contrast"
    settings.save()
    settings.save()
    played("b2").autosave()
    assert [notice.split(" cannot")[0] for notice in store.notices] == [
        "Your choices", "The autosave"]


async def test_the_app_warns_once_and_plays_on_when_the_disk_is_full(
        config_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk_full(monkeypatch)
    session = GameSession("tictactoe", {}, [None, None])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for cell in (("cell", 1, 1), ("cell", 0, 0)):
            offset = screen.board.offset_of(cell)
            assert offset is not None
            await pilot.click(screen.board, offset=(offset.x, offset.y))
            await pilot.pause()
        assert len(session.notations) == 2
        warnings = [n.message for n in app._notifications if "cannot be kept" in n.message]
        assert len(warnings) == 1


# ---- bad files are set aside and never block a start ------------------------------------


def test_a_deeply_nested_settings_file_is_set_aside_and_the_app_starts(
        config_dir: Path) -> None:
    config_dir.mkdir()
    (config_dir / store.SETTINGS_FILE).write_text("[" * 5000 + "]" * 5000)
    assert store.Settings.load().data == {}
    assert not (config_dir / store.SETTINGS_FILE).exists()
    assert (config_dir / (store.SETTINGS_FILE + ".bad")).exists()
    assert len(store.notices) == 1 and "nested too deeply" in store.notices[0]
    assert store.Settings.load().data == {}  # the next start is clean


async def test_the_app_starts_over_a_bad_settings_file_and_says_so(config_dir: Path) -> None:
    config_dir.mkdir()
    (config_dir / store.SETTINGS_FILE).write_text('{"theme": ' * 5000)
    app = AdversaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert any("set" in n.message and "aside" in n.message for n in app._notifications)


@pytest.mark.parametrize("data", [{"options": []}, {"players": "x"}, {"options": {"nim": 3}},
                                  {"players": {"nim": {"a": 1}}}])
def test_a_wrong_shaped_settings_file_reads_as_nothing_remembered(
        data: dict[str, Any], config_dir: Path) -> None:
    config_dir.mkdir()
    (config_dir / store.SETTINGS_FILE).write_text(json.dumps(data))
    settings = store.Settings.load()
    assert settings.options_for("nim") == {}
    assert settings.players_for("nim") == []
    settings.remember("nim", {"piles": "3,4"}, ["human"])
    settings.save()
    assert store.Settings.load().options_for("nim") == {"piles": "3,4"}


@pytest.mark.parametrize("text", ["[" * 5000, '{"format": ' * 5000, "[]", "\0\0"])
def test_a_bad_autosave_is_set_aside_and_offers_nothing(text: str, config_dir: Path) -> None:
    config_dir.mkdir()
    (config_dir / store.AUTOSAVE_FILE).write_text(text)
    assert autosaved_record() is None


def test_a_deeply_nested_save_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"a": ' * 5000 + "1" + "}" * 5000)
    with pytest.raises(AdversaError) as refused:
        GameSession.load(path)
    assert "nested too deeply" in str(refused.value)
    assert "\n" not in str(refused.value)


# ---- two apps at once -------------------------------------------------------------------


def test_a_second_app_does_not_overwrite_the_first_ones_autosave(config_dir: Path) -> None:
    first = played("b2")
    first.autosave()
    # Another app: the lock is held by this one's open file, so a second open file
    # description (as another process would have) cannot take it.
    store.release_autosave()
    other = (config_dir / store.AUTOSAVE_LOCK).open("ab")
    fcntl.flock(other.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    try:
        second = played("a1", "c3", "a3")
        second.autosave()
        record = autosaved_record()
        assert record is not None and record["moves"] == ["b2"]
        assert any("Another adversa is running" in notice for notice in store.notices)
    finally:
        other.close()


def test_settings_are_merged_on_write(config_dir: Path) -> None:
    one, two = store.Settings.load(), store.Settings.load()
    one.theme = "high-contrast"
    one.save()
    two.remember("nim", {"piles": "1,2"}, ["human", "minimax"])
    two.save()
    merged = store.Settings.load()
    assert merged.theme == "high-contrast"
    assert merged.players_for("nim") == ["human", "minimax"]


# ---- how a file is written --------------------------------------------------------------


def test_writing_keeps_an_existing_files_mode(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text("old")
    path.chmod(0o644)
    write_text_atomic(path, "new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o644
    assert path.read_text() == "new"


def test_a_new_file_gets_the_usual_mode_not_the_temporary_ones(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    write_text_atomic(path, "new")
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~files.current_umask()


def test_writing_through_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    write_text_atomic(link, "new")
    assert link.is_symlink()
    assert real.read_text() == "new"


def test_a_failed_write_leaves_no_temporary_and_stale_ones_are_removed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    stale = tmp_path / ".game.json.abc123.tmp"
    stale.write_text("left by a kill -9")
    hour_ago = time.time() - files.STALE_SECONDS - 10
    os.utime(stale, (hour_ago, hour_ago))
    fresh = tmp_path / ".game.json.def456.tmp"
    fresh.write_text("another writer, still at work")
    with monkeypatch.context() as patch:
        disk_full(patch)
        with pytest.raises(UserFileError):
            write_text_atomic(path, "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([stale.name, fresh.name])
    write_text_atomic(path, "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([path.name, fresh.name])


@hypothesis_settings(max_examples=150)
@given(st.binary(max_size=300) | st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["theme", "game", "options", "players", "nim", "x"]), inner,
        max_size=3), max_leaves=20).map(lambda data: json.dumps(data).encode()))
def test_any_settings_file_reads_and_saves_without_raising(content: bytes) -> None:
    """A fuzz of the settings reader: whatever the file holds, the choices read, merge and
    save without an exception (a bad file is set aside)."""
    directory = Path(os.environ["ADVERSA_CONFIG_DIR"])
    directory.mkdir(exist_ok=True)
    (directory / store.SETTINGS_FILE).write_bytes(content)
    settings = store.Settings.load()
    settings.options_for("nim")
    settings.players_for("nim")
    assert settings.last_game is None or isinstance(settings.last_game, str)
    settings.remember("nim", {"piles": "3"}, ["human"])
    settings.save()
    assert store.Settings.load().options_for("nim") == {"piles": "3"}
