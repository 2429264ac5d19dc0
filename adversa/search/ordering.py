"""Move ordering for alpha-beta: the better the first move, the more the search cuts.

Order at a node: the transposition-table move (the best move found here by an
earlier, shallower search), then the forcing moves by falling class
(``game.move_class``: captures by default; a game may add a move that moves
again, a promotion, a check), then the *killer* moves of this ply (quiet moves
that caused a cutoff in a sibling position, two kept per ply), then the remaining
moves by *history* score (how often, weighted by depth², a move caused a cutoff
anywhere). Killers and history can be switched off separately; the TT move and
the forcing moves always lead when ordering is on. Sorting is stable, so ties
keep the game's move order and a search is deterministic.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Sequence
from typing import Generic

from adversa.games.base import Game, M, S

KILLERS_PER_PLY = 2


def _grade(pair: tuple[int, Hashable]) -> int:
    """The sort key of a (class, move) pair: its class alone, so ties keep their order."""
    return pair[0]


class MoveOrderer(Generic[S, M]):
    """Killer and history tables for one search, and the ordering they give."""

    def __init__(self, game: Game[S, M], *, killers: bool, history: bool) -> None:
        self.use_killers = killers
        self.use_history = history
        rules = type(game)
        self.order_captures = game.order_captures
        # A game with its own classes is sorted by them; otherwise a move's class is
        # whether it captures, and the bool is asked directly (one call per move, not two).
        self.graded = rules.move_class is not Game.move_class
        self.move_class: Callable[[S, M], int] = (
            game.move_class if self.graded else game.is_capture
        )
        # Games that override neither have only quiet moves: skip a call per move.
        self.has_classes = self.graded or rules.is_capture is not Game.is_capture
        # Where captures are forced a node's moves are all captures or none: nothing to
        # sort, unless the game grades its moves further.
        self.sorts_classes = self.graded or (self.has_classes and not game.captures_forced)
        # A game that splits its moves itself (`Game.split_forcing`) does it in one pass.
        self.split_forcing = (game.split_forcing
                              if rules.split_forcing is not Game.split_forcing else None)
        # A game whose equal moves are one object is searched by identity (`_take`).
        self.interned = game.interned_moves
        self.take = _take_same if self.interned else _take
        self.killers: list[list[M]] = []
        # A defaultdict so that its __getitem__ is the sort key (no lambda per move). A
        # game whose equal moves are one object keeps its scores by the move's id: hashing
        # a move may be a Python-level call (a library's move class), an id is not.
        self.history: defaultdict[Hashable, int] = defaultdict(int)

    def order(self, state: S, moves: Sequence[M], tt_move: M | None, ply: int) -> list[M]:
        """``moves`` best-first for the node at ``ply``."""
        if self.split_forcing is not None:
            return self._order_split(state, moves, tt_move, ply)
        rest = list(moves)
        if self.use_history and self.history:
            rest = self._by_history(rest)
        front: list[M] = []
        if tt_move is not None:
            self.take(rest, tt_move, front)
        if self.sorts_classes:
            move_class = self.move_class
            if self.graded:
                graded = [(move_class(state, move), move) for move in rest]
                forcing = [move for grade, move in sorted(
                    (pair for pair in graded if pair[0]), key=_grade, reverse=True)]
            else:
                forcing = [move for move in rest if move_class(state, move)]
            if forcing and (len(forcing) < len(rest) or self.graded):
                # A set, not the list: `in` on a list compares move by move, and with a
                # dozen captures among forty moves that was a tenth of the search.
                taken = set(forcing)
                rest = [move for move in rest if move not in taken]
                front.extend(forcing if self.graded else self.order_captures(state, forcing))
        if self.use_killers and ply < len(self.killers):
            for killer in self.killers[ply]:
                self.take(rest, killer, front)
        return front + rest if front else rest

    def _order_split(
        self, state: S, moves: Sequence[M], tt_move: M | None, ply: int
    ) -> list[M]:
        """`order` for a game that splits its moves itself: the table's move, the
        captures as the game orders them, the killers, the quiet rest by history."""
        assert self.split_forcing is not None
        captures, rest = self.split_forcing(state, moves)
        if self.interned:
            return self._order_by_ids(captures, rest, tt_move, ply)
        front: list[M] = []
        take = self.take
        # Each step is skipped where it cannot change the order (few moves, in an
        # ending above all: no capture to look in, one quiet move or none, no score).
        if tt_move is not None and not (captures and take(captures, tt_move, front)):
            take(rest, tt_move, front)
        front += captures
        if len(rest) > 1 and self.use_history and self.history:
            rest = self._by_history(rest)
        if rest and self.use_killers and ply < len(self.killers):
            for killer in self.killers[ply]:
                take(rest, killer, front)
        return front + rest

    def _order_by_ids(self, captures: list[M], rest: list[M], tt_move: M | None,
                      ply: int) -> list[M]:
        """`_order_split`'s order for a game whose equal moves are one object, with the
        quiet moves' ids listed once: the table's move and the killers are found among
        them, and the history scores read by them (`_take_same` and `_by_history` listed
        them once each, up to four times a node). The killers leave the quiet moves
        before the history sort rather than after it: a stable sort orders the others
        alike either way."""
        # Speed over elegance: taking the table's move and the killers out of the quiet
        # moves is written out (a helper cost three calls a node), and lists are built by
        # ``map`` in C rather than by comprehensions, each a call of its own before 3.12.
        front: list[M] = []
        ids = [*map(id, rest)]
        if tt_move is not None and not (captures and _take_same(captures, tt_move, front)):
            wanted = id(tt_move)
            if wanted in ids:
                index = ids.index(wanted)
                del ids[index]
                front.append(rest.pop(index))
        front += captures
        if rest and self.use_killers and ply < len(self.killers):
            for killer in self.killers[ply]:
                wanted = id(killer)
                if wanted in ids:
                    index = ids.index(wanted)
                    del ids[index]
                    front.append(rest.pop(index))
        if len(rest) > 1 and self.use_history and self.history:
            scores = [*map(self.history.__getitem__, ids)]
            if any(scores):
                rest = [*map(rest.__getitem__, sorted(range(len(rest)), key=scores.__getitem__,
                                                      reverse=True))]
        return front + rest

    def cutoff(self, state: S, move: M, ply: int, depth: int) -> None:
        """Remember a quiet move that caused a beta cutoff at ``ply`` with ``depth`` to go."""
        if self.has_classes and self.move_class(state, move):
            return
        if self.use_killers:
            while len(self.killers) <= ply:
                self.killers.append([])
            slot = self.killers[ply]
            if move not in slot:
                slot.insert(0, move)
                del slot[KILLERS_PER_PLY:]
        if self.use_history:
            self.history[id(move) if self.interned else move] += depth * depth

    def _by_history(self, moves: list[M]) -> list[M]:
        """``moves`` by history score, highest first, in a stable sort."""
        if not self.interned:
            return sorted(moves, key=self.history.__getitem__, reverse=True)
        # The scores by id, read in C; when no move has one the sort would change nothing.
        scores = [*map(self.history.__getitem__, map(id, moves))]
        if not any(scores):
            return moves
        order = sorted(range(len(moves)), key=scores.__getitem__, reverse=True)
        return [moves[index] for index in order]


def _take(moves: list[M], move: M, taken: list[M]) -> bool:
    """Move the first of ``moves`` equal to ``move`` to the end of ``taken``; whether
    there was one. Looked for once, not by ``in`` and then ``remove``: a game's move may
    compare equal by a Python-level ``__eq__``, one call per move passed over."""
    try:
        index = moves.index(move)
    except ValueError:
        return False
    taken.append(moves.pop(index))
    return True


def _take_same(moves: list[M], move: M, taken: list[M]) -> bool:
    """`_take` for a game whose equal moves are one object (`Game.interned_moves`): the
    moves' ids are compared in C, where ``==`` would call the move's ``__eq__`` for each
    move passed over (and a miss, the common case for a killer, passes over them all)."""
    ids = [*map(id, moves)]
    wanted = id(move)
    if wanted not in ids:
        return False
    taken.append(moves.pop(ids.index(wanted)))
    return True


def beam_select(game: Game[S, M], judge: Callable[[S, int], float], state: S,
                mover: int, moves: Sequence[M], width: int) -> list[M]:
    """Forward pruning: the ``width`` moves whose child ``judge`` values best for ``mover``."""
    result = game.result
    return sorted(moves, key=lambda move: judge(result(state, move), mover),
                  reverse=True)[:width]
