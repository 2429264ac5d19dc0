"""The board widgets; each game names its own in its registration (`make_board`)."""

from __future__ import annotations

import importlib
from typing import Any

from adversa.games.base import Game
from adversa.games.registry import entry_of
from adversa.tui.boards.base import BoardView, home_seat


def make_board(game: Game[Any, Any], **widget_options: Any) -> BoardView:
    """The board widget ``game`` declares (``id=``/``classes=`` pass through to it)."""
    module_name, class_name = entry_of(game).board.split(":")
    board_class: type[BoardView] = getattr(importlib.import_module(module_name), class_name)
    return board_class(game, **widget_options)


__all__ = ["BoardView", "home_seat", "make_board"]
