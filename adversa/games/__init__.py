"""The games, behind one protocol (`base.Game`), and the registry that names them.

Game modules are imported lazily by name so that ``adversa --help`` and the app
start without loading every rule set.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from adversa.games.base import (
    CHANCE,
    AdversaError,
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Option,
    OptionError,
    Outcome,
    TreeFileError,
    UnknownGameError,
    parse_assignments,
)

GAME_CLASSES: dict[str, str] = {
    "tictactoe": "adversa.games.tictactoe:TicTacToe",
    "nim": "adversa.games.nim:Nim",
    "grundy": "adversa.games.grundy:Grundy",
    "pig": "adversa.games.pig:Pig",
    "checkers": "adversa.games.checkers:Checkers",
    "tree": "adversa.games.tree:TreeGame",
}
"""Registry name → ``module:Class``; the order is the order menus show."""


def game_names() -> list[str]:
    return list(GAME_CLASSES)


def game_class(name: str) -> type[Game[Any, Any]]:
    """The class registered under ``name``; `UnknownGameError` names the choices."""
    try:
        target = GAME_CLASSES[name]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {name!r}; expected one of: {', '.join(GAME_CLASSES)}"
        ) from None
    module_name, class_name = target.split(":")
    cls: type[Game[Any, Any]] = getattr(importlib.import_module(module_name), class_name)
    return cls


def make_game(name: str, options: Mapping[str, Any] | None = None) -> Game[Any, Any]:
    """Build a game's rules object from option values (text or typed)."""
    return game_class(name)(**dict(options or {}))


def parse_settings(pairs: Iterable[str]) -> dict[str, str]:
    """Turn ``["piles=1,3,5", "misere=true"]`` (the CLI's ``--set``) into a dict."""
    return parse_assignments(pairs, "piles=1,3,5")


__all__ = [
    "CHANCE",
    "GAME_CLASSES",
    "AdversaError",
    "AmbiguousMoveError",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Option",
    "OptionError",
    "Outcome",
    "TreeFileError",
    "UnknownGameError",
    "game_class",
    "game_names",
    "make_game",
    "parse_settings",
]
