"""Move ordering for alpha-beta: the better the first move, the more the search cuts.

Order at a node: the transposition-table move (the best move found here by an
earlier, shallower search), then captures (``game.is_capture``), then the
*killer* moves of this ply (quiet moves that caused a cutoff in a sibling
position, two kept per ply), then the remaining moves by *history* score (how
often, weighted by depth², a move caused a cutoff anywhere). Killers and
history can be switched off separately; the TT move and captures always lead
when ordering is on. Sorting is stable, so ties keep the game's move order and
a search is deterministic.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from typing import Any

from adversa.games.base import Game

KILLERS_PER_PLY = 2


class MoveOrderer:
    """Killer and history tables for one search, and the ordering they give."""

    def __init__(self, game: Game[Any, Any], *, killers: bool, history: bool) -> None:
        self.use_killers = killers
        self.use_history = history
        self.is_capture = game.is_capture
        self.order_captures = game.order_captures
        # Games that never override is_capture have no captures: skip a call per move.
        self.has_captures = type(game).is_capture is not Game.is_capture
        # Where captures are forced a node's moves are all captures or none: nothing to sort.
        self.sorts_captures = self.has_captures and not game.captures_forced
        self.killers: list[list[Hashable]] = []
        # A defaultdict so that its __getitem__ is the sort key (no lambda per move).
        self.history: defaultdict[Hashable, int] = defaultdict(int)

    def order(
        self, state: Any, moves: Sequence[Hashable], tt_move: Hashable | None, ply: int
    ) -> list[Hashable]:
        """``moves`` best-first for the node at ``ply``."""
        if self.use_history and self.history:
            rest = sorted(moves, key=self.history.__getitem__, reverse=True)
        else:
            rest = list(moves)
        front: list[Hashable] = []
        if tt_move is not None and tt_move in rest:
            rest.remove(tt_move)
            front.append(tt_move)
        if self.sorts_captures:
            is_capture = self.is_capture
            captures = [move for move in rest if is_capture(state, move)]
            if captures and len(captures) < len(rest):
                rest = [move for move in rest if move not in captures]
                front.extend(self.order_captures(state, captures))
        if self.use_killers and ply < len(self.killers):
            for killer in self.killers[ply]:
                if killer in rest:
                    rest.remove(killer)
                    front.append(killer)
        return front + rest if front else rest

    def cutoff(self, state: Any, move: Hashable, ply: int, depth: int) -> None:
        """Remember a quiet move that caused a beta cutoff at ``ply`` with ``depth`` to go."""
        if self.has_captures and self.is_capture(state, move):
            return
        if self.use_killers:
            while len(self.killers) <= ply:
                self.killers.append([])
            slot = self.killers[ply]
            if move not in slot:
                slot.insert(0, move)
                del slot[KILLERS_PER_PLY:]
        if self.use_history:
            self.history[move] += depth * depth
