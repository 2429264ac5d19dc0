"""Nim's board: the piles board with Nim's moves (`adversa.tui.boards.piles`)."""

from adversa.tui.boards.piles import NimBoard as BOARD

__all__ = ["BOARD"]
