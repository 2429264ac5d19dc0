"""Where the app keeps what it remembers between runs: last choices and the autosave.

Plain JSON files in the user's config directory, so a user can read or delete
them. ``ADVERSA_CONFIG_DIR`` overrides the location (tests point it at a tmp
dir so they never touch the real one); otherwise ``$XDG_CONFIG_HOME/adversa``
or ``~/.config/adversa``.

Faults here never stop a game (issue 33):

- Reading never raises: a missing file means "nothing remembered"; a corrupt, deeply
  nested or wrong-shaped one is renamed aside (``settings.json.bad``), with one line in
  `notices` for the app to show, so the next start is clean.
- Writing never raises: a full disk or a read-only folder costs the remembered choices
  or the autosave, said once in `notices`.
- Two apps at once: the first holds ``autosave.lock`` and alone writes the autosave (a
  second would replace the first one's game); settings are merged into the file as it
  is on disk, so neither app undoes the other's choices.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import IO

from adversa.files import UserFileError, write_text_atomic
from adversa.jsontypes import JsonObject, JsonValue

SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"
AUTOSAVE_LOCK = "autosave.lock"
MAX_FILE_BYTES = 1 << 20
"""Settings and autosaves are a few kilobytes; a larger file is not one adversa wrote."""
MAX_NESTING = 20
"""Deeper JSON than this is not adversa's (its deepest is a record's options)."""

notices: list[str] = []
"""One line per fault met in this run (a file set aside, a write that failed), for the
app to show as notifications; each kind of fault is noted once."""
_noted: set[str] = set()
_autosave_locks: dict[Path, IO[bytes] | None] = {}
"""Per config folder: the held lock file (None: another app holds it)."""


def flush_notices(notify: Callable[[str], None]) -> None:
    """Hand each pending notice to ``notify`` (the app's warning), once."""
    while notices:
        notify(notices.pop(0))


def note_once(kind: str, message: str) -> None:
    """Add ``message`` to `notices` unless a fault of this ``kind`` was noted already."""
    if kind not in _noted:
        _noted.add(kind)
        notices.append(message)


def config_dir() -> Path:
    """The directory for adversa's files (not created here)."""
    override = os.environ.get("ADVERSA_CONFIG_DIR")
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_CONFIG_HOME")
    base = Path(xdg) if xdg else Path.home() / ".config"
    return base / "adversa"


def _nesting(text: str) -> int:
    depth = deepest = 0
    for char in text:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def read_json(name: str) -> JsonObject | None:
    """A JSON object from the config dir, or None when absent or unusable; an unusable
    file (too big, not JSON, nested too deeply, not an object) is set aside."""
    path = config_dir() / name
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            set_aside(path, "it is too large")
            return None
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if _nesting(text) > MAX_NESTING:
        set_aside(path, "it is nested too deeply")
        return None
    try:
        data = json.loads(text)
    except ValueError:
        set_aside(path, "it is not JSON")
        return None
    if not isinstance(data, dict):
        set_aside(path, "it does not hold a JSON object")
        return None
    return data


def set_aside(path: Path, reason: str) -> None:
    """Rename a bad file to ``<name>.bad`` (replacing an older one) so it never blocks a
    start again, and note it in one line."""
    aside = path.with_name(path.name + ".bad")
    try:
        os.replace(path, aside)
    except OSError:
        note_once(f"aside:{path}", f"Ignored {path}: {reason}.")
        return
    note_once(f"aside:{path}", f"Set {path} aside as {aside.name}: {reason}.")


def write_json(name: str, data: JsonObject) -> None:
    """Write atomically (`write_text_atomic`) so a crash never leaves half a file.
    Raises `UserFileError`; `save_quietly` is for writes that must not stop the app."""
    directory = config_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UserFileError(f"{str(directory)!r}: cannot be created "
                            f"({error.strerror or error})") from None
    write_text_atomic(directory / name, json.dumps(data, indent=2, ensure_ascii=False))


def save_quietly(name: str, data: JsonObject | None, what: str) -> bool:
    """Write (or with None remove) ``name``; on failure note once that ``what`` is not
    kept, and return False."""
    try:
        if data is None:
            remove(name)
        else:
            write_json(name, data)
    except (UserFileError, OSError) as error:
        note_once(f"write:{config_dir() / name}", f"{what} cannot be kept: {error}")
        return False
    return True


def remove(name: str) -> None:
    (config_dir() / name).unlink(missing_ok=True)


def owns_autosave() -> bool:
    """Whether this app writes the autosave: the first app to ask holds ``autosave.lock``
    for as long as it runs (released by the OS when it exits); any other is told no,
    once, and keeps its game to itself."""
    import fcntl

    directory = config_dir()
    if directory in _autosave_locks:
        return _autosave_locks[directory] is not None
    try:
        directory.mkdir(parents=True, exist_ok=True)
        lock = (directory / AUTOSAVE_LOCK).open("ab")
    except OSError:
        return True  # no lock to be had (a read-only folder): writing says what is wrong
    try:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        lock.close()
        _autosave_locks[directory] = None
        note_once(f"lock:{directory}", "Another adversa is running and keeps the autosave: "
                  "this game is not autosaved (save it with Ctrl+S).")
        return False
    _autosave_locks[directory] = lock
    return True


def forget_autosave() -> None:
    """Remove the autosave, if this app is the one that keeps it (never another app's)."""
    if owns_autosave():
        save_quietly(AUTOSAVE_FILE, None, "The autosave")


def release_autosave() -> None:
    """Give the autosave up (an app gives it up by exiting; tests, by this)."""
    lock = _autosave_locks.pop(config_dir(), None)
    if lock is not None:
        lock.close()


class Settings:
    """The remembered choices: the theme, the last game, and per game its options
    (text form) and players (engine text forms or ``human``).

    Changes are kept apart from what was read, so `save` applies them to the file as it
    is then: two apps each changing something keep both changes."""

    def __init__(self, data: JsonObject | None = None) -> None:
        self.data: JsonObject = data or {}
        self._changes: dict[tuple[str, ...], JsonValue] = {}

    @classmethod
    def load(cls) -> Settings:
        return cls(read_json(SETTINGS_FILE))

    def save(self) -> None:
        """Merge this app's changes into the file on disk; a read-only config dir only
        costs the user their remembered choices (said once)."""
        current = read_json(SETTINGS_FILE) or {}
        for path, value in self._changes.items():
            _set_in(current, path, value)
        if save_quietly(SETTINGS_FILE, current, "Your choices"):
            self._changes.clear()
        self.data = current

    def set_value(self, key: str, value: JsonValue) -> None:
        """Set a top-level entry; `save` writes it (only what was set is written over
        the file's current content)."""
        self._change((key,), value)

    def _change(self, path: tuple[str, ...], value: JsonValue) -> None:
        _set_in(self.data, path, value)
        self._changes[path] = value

    def _section(self, name: str) -> JsonObject:
        section = self.data.get(name)
        return section if isinstance(section, dict) else {}

    @property
    def last_game(self) -> str | None:
        game = self.data.get("game")
        return game if isinstance(game, str) else None

    @property
    def theme(self) -> str | None:
        """The theme last chosen in the app (its name; the app checks it still exists)."""
        theme = self.data.get("theme")
        return theme if isinstance(theme, str) else None

    @theme.setter
    def theme(self, name: str) -> None:
        self._change(("theme",), name)

    def options_for(self, game_name: str) -> dict[str, str]:
        options = self._section("options").get(game_name, {})
        return {str(k): str(v) for k, v in options.items()} if isinstance(options, dict) else {}

    def players_for(self, game_name: str) -> list[str]:
        players = self._section("players").get(game_name, [])
        return [str(p) for p in players] if isinstance(players, list) else []

    def remember(self, game_name: str, options: dict[str, str], players: list[str]) -> None:
        self._change(("game",), game_name)
        self._change(("options", game_name), dict(options))
        self._change(("players", game_name), list(players))


def _set_in(data: JsonObject, path: tuple[str, ...], value: JsonValue) -> None:
    """``data[path[0]]…[path[-1]] = value``, replacing anything in the way that is not
    an object (a wrong-shaped file)."""
    for key in path[:-1]:
        inner = data.get(key)
        if not isinstance(inner, dict):
            inner = data[key] = {}
        data = inner
    data[path[-1]] = value
