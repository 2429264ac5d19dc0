"""Presentation mode of the game screen: for a projector, a big board and few numbers.

`P` (shift+p) or ``adversa play --big`` toggles it. The mode is one CSS class on the
screen (``-presentation``, rules in app.tcss): the board takes most of the width, so
it picks its largest look; the side keeps only the search panel's eval bar, best
move, PV and depth/time, in bold with space around them. Nothing is rebuilt or
forgotten, so toggling back restores the normal layout exactly.

In the mode the engine's principal variation is drawn on the board as well (first
moves numbered 1, 2, 3, see `BoardView.show_pv`). Only in the mode: in the normal
layout the panel prints the PV already, and coloured squares changing ten times a
second beside the hint and the last move would bury both.
"""

from __future__ import annotations

from collections.abc import Sequence

from adversa.games import AdversaError, Game
from adversa.games.base import M, S
from adversa.tui.boards import SomeBoard
from adversa.tui.side import GameSide

PV_STEPS = 3
"""How many moves of the principal variation the board shows."""
CLASS = "-presentation"


def parse_line(game: Game[S, M], state: S, texts: Sequence[str],
               limit: int = PV_STEPS) -> tuple[M, ...]:
    """The first ``limit`` moves of a PV given as text, parsed from ``state`` on.

    Stops at the first text that does not parse (or once the game is over): a PV
    from a search of another position, or cut short, still shows its sound start.
    """
    moves: list[M] = []
    for text in texts[:limit]:
        if game.is_terminal(state):
            break
        try:
            move = game.parse_move(state, text)
        except AdversaError:
            break
        moves.append(move)
        state = game.result(state, move)
    return tuple(moves)


class Presentation:
    """The mode's state for one game screen: on or off, and the line on show."""

    def __init__(self, board: SomeBoard, side: GameSide) -> None:
        self.board = board
        self.side = side
        self.active = False
        self.line: tuple[str, ...] = ()
        """The PV (text) expected from the position on the board; kept while the mode is
        off, so turning it on shows the last search's line at once."""

    def toggle(self) -> None:
        self.active = not self.active
        self.side.set_presenting(self.active)
        self.board.screen.set_class(self.active, CLASS)
        self._show()

    def show_line(self, texts: Sequence[str]) -> None:
        """A new expected line from the position on the board (a snapshot's or result's
        PV, or what is left of it after the engine played its first move)."""
        texts = tuple(texts)
        if texts != self.line:
            self.line = texts
            self._show()

    def clear(self) -> None:
        """The position changed: the line was for the one before."""
        self.show_line(())

    def _show(self) -> None:
        board = self.board
        if not self.active or board.state is None:
            board.show_pv(())
            return
        board.show_pv(parse_line(board.game, board.state, self.line))
