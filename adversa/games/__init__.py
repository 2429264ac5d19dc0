"""The games, behind one protocol (`base.Game`), and the registry that names them
(`registry`: one `GameEntry` per game, imported lazily by name so that ``adversa
--help`` and the app start without loading every rule set)."""

from __future__ import annotations

from collections.abc import Iterable

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
from adversa.games.registry import (
    GAME_MODULES,
    ForRules,
    GameEntry,
    SomeGame,
    entry,
    entry_of,
    game_class,
    game_names,
    make_game,
)


def parse_settings(pairs: Iterable[str]) -> dict[str, str]:
    """Turn ``["piles=1,3,5", "misere=true"]`` (the CLI's ``--set``) into a dict."""
    return parse_assignments(pairs, "piles=1,3,5")


__all__ = [
    "CHANCE",
    "GAME_MODULES",
    "AdversaError",
    "AmbiguousMoveError",
    "ForRules",
    "Game",
    "GameEntry",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Option",
    "OptionError",
    "Outcome",
    "SomeGame",
    "TreeFileError",
    "UnknownGameError",
    "entry",
    "entry_of",
    "game_class",
    "game_names",
    "make_game",
    "parse_settings",
]
