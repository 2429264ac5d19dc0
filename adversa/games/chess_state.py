"""Chess's state: a python-chess board nobody changes, and what the path adds to it.

python-chess's ``Board`` is mutable (``push``/``pop``), and adversa's states must be
immutable and hashable (the transposition table, the tree explorer and the app keep
them). `ChessState` therefore wraps a board that is never changed after the state is
built: `Chess.result` builds the board after a move without a move stack (the stack is
what makes a copy expensive, and the rules need none of it). Beside the board the
state keeps

* ``key``: the polyglot Zobrist hash (`chess.polyglot.zobrist_hash`), the key opening
  books and engines use, which serves as the transposition table's key;
* ``history``: the keys of the earlier positions since the last irreversible move
  (capture, pawn move, loss of a castling right), because threefold repetition is a
  property of the path, not of the board: a position repeated for the third time ends
  the game. An irreversible move empties it, so it stays short;
* ``clock`` and ``fullmove``: the fifty-move clock (plies since a capture or a pawn
  move) and the move number, also properties of the path.

Equal states have the same key, history and fifty-move clock; the move number is not
compared (it changes nothing that follows).

The board (``position``) is shared by every state reached by the same move from the
same position (`chess_memo`), whatever their clocks: its own clocks are those of the
path that played the move first. `ChessState.board` is python-chess's board with the
state's clocks, built only when they differ. Speed over elegance: giving each state a
board with its own clocks cost a board copy at 37 % of the moves a search of Fine #70
plays, for two numbers the search never reads; only FEN and the app do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

import chess
import chess.polyglot

from adversa.games.chess_eval import game_phase, material_terms
from adversa.games.chess_memo import PositionFacts, facts_of
from adversa.games.chess_movegen import reclocked

FIFTY_MOVE_PLIES = 100
"""Plies without a capture or a pawn move after which the game is drawn."""

THREEFOLD = "threefold repetition"
FIFTY_MOVES = "fifty-move rule"
INSUFFICIENT = "insufficient material"


@dataclass(frozen=True, slots=True)
class ChessState:
    """A position: a python-chess board nobody mutates (its clocks perhaps another
    path's), its polyglot key, the keys of the positions since the last irreversible
    move, this path's clocks, and the draw that ended the game by a rule of the path
    (threefold, fifty moves, material), "" while there is none."""

    position: chess.Board = field(compare=False, repr=False)
    """The board, shared: read the clocks from ``clock`` and ``fullmove`` (or ``board``)."""
    key: int
    history: tuple[int, ...]
    clock: int
    fullmove: int = field(compare=False)
    mg: int = field(compare=False)
    eg: int = field(compare=False)
    phase: int = field(compare=False)
    """The evaluation's sums of material and square bonuses (`material_terms`) and its
    `game_phase`, kept here so the evaluation need not walk or count the pieces."""
    facts: PositionFacts = field(compare=False, repr=False)
    """What the search has found of this position (`chess_memo.PositionFacts`), shared."""
    draw: str = field(default="", compare=False)

    def __hash__(self) -> int:
        return hash((self.key, self.history, self.clock))

    @property
    def board(self) -> chess.Board:
        """python-chess's board of this state, its clocks this path's: the shared
        ``position`` itself when they agree, else a copy with them (not to be changed
        either way)."""
        position = self.position
        if position.halfmove_clock == self.clock and position.fullmove_number == self.fullmove:
            return position
        return reclocked(position, self.clock, self.fullmove)

    @property
    def fen(self) -> str:
        return self.board.fen()


class _Draft:
    """A `ChessState` being filled in: the same slots, in the same order, without the
    frozen dataclass's ``__setattr__``, so the interpreter stores each one directly."""

    __slots__ = ChessState.__slots__
    position: chess.Board
    key: int
    history: tuple[int, ...]
    clock: int
    fullmove: int
    mg: int
    eg: int
    phase: int
    facts: PositionFacts
    draw: str


_new_draft = object.__new__


def new_state(position: chess.Board, key: int, history: tuple[int, ...], clock: int,
              fullmove: int, mg: int, eg: int, phase: int, facts: PositionFacts,
              draw: str) -> ChessState:
    """``ChessState(...)`` for `Chess.result` (a state a node).

    Speed over elegance: the state is filled in as a `_Draft` and then made a
    `ChessState` by assigning its class (allowed between classes of one slot layout), so
    it is frozen from then on. A frozen dataclass's ``__init__`` costs 0.56 µs here and
    its slots' own setters 0.40 µs, against 0.17 µs this way: at the half million
    states a 5-s search of an ending makes, 3 % of its time."""
    state = _new_draft(_Draft)
    state.position = position
    state.key = key
    state.history = history
    state.clock = clock
    state.fullmove = fullmove
    state.mg = mg
    state.eg = eg
    state.phase = phase
    state.facts = facts
    state.draw = draw
    state.__class__ = ChessState  # type: ignore[assignment]  # same slots, so allowed
    return cast(ChessState, state)


def draw_by_rule(position: chess.Board, clock: int, key: int, history: tuple[int, ...],
                 insufficient: bool) -> str:
    """The draw a rule of the path or of the material declares at ``position`` reached
    with fifty-move clock ``clock``, or ""."""
    if history.count(key) >= 2:
        return THREEFOLD
    if clock >= FIFTY_MOVE_PLIES and not position.is_checkmate():
        return FIFTY_MOVES
    if insufficient:
        return INSUFFICIENT
    return ""


def make_state(board: chess.Board, history: tuple[int, ...] = (),
               terms: tuple[int, int, int] | None = None,
               insufficient: bool | None = None) -> ChessState:
    """Wrap ``board`` (which the caller hands over and must not change again), its clocks
    the state's; ``terms`` are its polyglot key and evaluation sums, and ``insufficient``
    python-chess's `is_insufficient_material`, when the caller knows them."""
    if terms is None:
        key, (mg, eg) = chess.polyglot.zobrist_hash(board), material_terms(board)
    else:
        key, mg, eg = terms
    if insufficient is None:
        insufficient = board.is_insufficient_material()
    clock = board.halfmove_clock
    return ChessState(board, key, history, clock, board.fullmove_number, mg, eg,
                      game_phase(board), facts_of(key),
                      draw_by_rule(board, clock, key, history, insufficient))
