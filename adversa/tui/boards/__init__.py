"""One board widget per game, chosen by the game's registry name (`make_board`)."""

from __future__ import annotations

import importlib
from typing import Any

from adversa.games.base import Game
from adversa.tui.boards.base import BoardView

BOARD_CLASSES: dict[str, str] = {
    "tictactoe": "adversa.tui.boards.grid:GridBoard",
    "nim": "adversa.tui.boards.piles:NimBoard",
    "grundy": "adversa.tui.boards.piles:GrundyBoard",
    "pig": "adversa.tui.boards.pig:PigBoard",
    "checkers": "adversa.tui.boards.checkers:CheckersBoard",
    "tree": "adversa.tui.boards.tree:TreeBoard",
}
"""Game name → ``module:Class`` of its board, imported on first use like the games."""


def make_board(game: Game[Any, Any], **widget_options: Any) -> BoardView:
    """The board widget for ``game`` (``id=``/``classes=`` pass through to the widget)."""
    try:
        target = BOARD_CLASSES[game.name]
    except KeyError:
        raise ValueError(f"no board for game {game.name!r}") from None
    module_name, class_name = target.split(":")
    board_class: type[BoardView] = getattr(importlib.import_module(module_name), class_name)
    return board_class(game, **widget_options)


__all__ = ["BOARD_CLASSES", "BoardView", "make_board"]
