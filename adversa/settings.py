"""Where the app keeps what it remembers between runs: last choices and the autosave.

Plain JSON files in the user's config directory, so a user can read or delete
them. ``ADVERSA_CONFIG_DIR`` overrides the location (tests point it at a tmp
dir so they never touch the real one); otherwise ``$XDG_CONFIG_HOME/adversa``
or ``~/.config/adversa``. Reading never raises: a missing or corrupt file just
means "nothing remembered", because a broken settings file must not stop the
app from starting.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from adversa.files import write_text_atomic

SETTINGS_FILE = "settings.json"
AUTOSAVE_FILE = "autosave.json"


def config_dir() -> Path:
    """The directory for adversa's files (not created here)."""
    override = os.environ.get("ADVERSA_CONFIG_DIR")
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_CONFIG_HOME")
    base = Path(xdg) if xdg else Path.home() / ".config"
    return base / "adversa"


def read_json(name: str) -> dict[str, Any] | None:
    """A JSON object from the config dir, or None when absent or unreadable."""
    try:
        data = json.loads((config_dir() / name).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def write_json(name: str, data: dict[str, Any]) -> None:
    """Write atomically (`write_text_atomic`) so a crash never leaves half a file."""
    directory = config_dir()
    directory.mkdir(parents=True, exist_ok=True)
    write_text_atomic(directory / name, json.dumps(data, indent=2, ensure_ascii=False))


def remove(name: str) -> None:
    (config_dir() / name).unlink(missing_ok=True)


class Settings:
    """The remembered choices: the theme, the last game, and per game its options
    (text form) and players (engine text forms or ``human``)."""

    def __init__(self, data: dict[str, Any] | None = None) -> None:
        self.data: dict[str, Any] = data or {}

    @classmethod
    def load(cls) -> Settings:
        return cls(read_json(SETTINGS_FILE))

    def save(self) -> None:
        # A read-only config dir only costs the user their remembered choices.
        with contextlib.suppress(OSError):
            write_json(SETTINGS_FILE, self.data)

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
        self.data["theme"] = name

    def options_for(self, game_name: str) -> dict[str, str]:
        options = self.data.get("options", {}).get(game_name, {})
        return {str(k): str(v) for k, v in options.items()} if isinstance(options, dict) else {}

    def players_for(self, game_name: str) -> list[str]:
        players = self.data.get("players", {}).get(game_name, [])
        return [str(p) for p in players] if isinstance(players, list) else []

    def remember(self, game_name: str, options: dict[str, str], players: list[str]) -> None:
        self.data["game"] = game_name
        self.data.setdefault("options", {})[game_name] = dict(options)
        self.data.setdefault("players", {})[game_name] = list(players)
