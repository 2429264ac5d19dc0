"""Tic-tac-toe's board: the m×n grid board (`adversa.tui.boards.grid`)."""

from adversa.tui.boards.grid import GridBoard as BOARD

__all__ = ["BOARD"]
