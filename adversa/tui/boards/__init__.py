"""The board widgets, found by the game's registry name: no game names the app.

A game's board lives in ``adversa/tui/boards/<game name>.py`` and exports ``BOARD``,
its `BoardView` class (a module may re-export a board shared by several games, as
``nim`` and ``grundy`` share the piles board). So adding a game to the app is that
one file, and the registration in ``adversa/games`` stays free of the app.
"""

from __future__ import annotations

import importlib
from typing import Any, TypeAlias

from adversa.games.base import AdversaError, Game, M, S
from adversa.tui.boards.base import BoardView, home_seat

SomeBoard: TypeAlias = "BoardView[Any, Any]"
"""The board of a game chosen at run time (the game screen's, the help screen's). Python
has no existential types: the screen holds whichever game the user picked, so its board's
state and move types are unknown there; every board below this line is generic."""


class NoBoardError(AdversaError):
    """A game with no board widget in ``adversa/tui/boards`` (a library user's game)."""


def board_class(game: Game[S, M]) -> type[BoardView[S, M]]:
    """The board widget class of ``game``: ``BOARD`` of ``adversa.tui.boards.<name>``."""
    module_name = f"{__name__}.{game.name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise
        raise NoBoardError(
            f"game {game.name!r} has no board in the app; expected a module {module_name} "
            "that exports BOARD"
        ) from None
    # The module named after the game draws that game: its constructor checks the rules
    # class it is handed (`rules_of`), so a mismatch fails at once, not mid-drawing.
    found: type[BoardView[S, M]] = module.BOARD
    return found


def make_board(game: Game[S, M], **widget_options: str | None) -> BoardView[S, M]:
    """The board widget of ``game`` (``id=``/``classes=`` pass through to it)."""
    return board_class(game)(game, **widget_options)


__all__ = ["BoardView", "NoBoardError", "SomeBoard", "board_class", "home_seat", "make_board"]
