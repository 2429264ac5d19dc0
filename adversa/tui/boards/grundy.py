"""Grundy's game's board: the piles board with Grundy's splits (`adversa.tui.boards.piles`)."""

from adversa.tui.boards.piles import GrundyBoard as BOARD

__all__ = ["BOARD"]
