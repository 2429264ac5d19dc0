"""What a chess search asks of the same position again and again, remembered.

Iterative deepening searches the tree of the previous iteration again, one ply deeper,
and an ending is full of transpositions: in a 100,000-node search of Fine #70, 88 % of
the move lists asked for were of a position whose list had been built before, and 72 %
of the moves played had been played from the same position before (Lucena: 65 % and
40 %; the start: 48 % and 25 %). A middle-game move list costs about 55 µs to build
(`chess_movegen`; python-chess's own, 70 µs) and a move about 10 µs to play with its
key and evaluation, against a tenth of a µs for a dictionary look-up, so the answers
are remembered here:

in one record a position (`PositionFacts`, found by the polyglot key, which fixes the
pieces, the side to move, the castling rights and a capturable en passant square):
check, the leaf status, the legal moves, quiescence's captures, the results of the
moves played there, and a board, for every move that leads there (in Fine #70, 62,835
moves first played in a 200,000-node search led to 28,021 positions). Every
`ChessState` of the position holds the record, so a node reads what it needs as
attributes, not by a look-up a question. The board is shared by every path to the
position, whatever its clocks: the state keeps the path's own (`ChessState.board` gives
python-chess's board with them).

Speed over elegance, twice: the memos are module-level, not fields of the `Chess`
object, so they are never pickled with it to the engine process; and each is emptied
at once when it reaches its limit (cheaper than any eviction order, and a search
refills what it uses within one iteration). A remembered answer is exactly the one
computed, so a search visits the same nodes with or without the memos; the boards
remembered are never changed (`ChessState`'s rule), so sharing them is safe.
"""

from __future__ import annotations

from collections.abc import Callable

import chess

from adversa.games.chess_movegen import MoveList

POSITION_LIMIT = 250_000
"""Positions whose records are kept (a move list about 500 bytes, a status or a check
far less)."""

CHILD_LIMIT = 200_000
"""Moves whose result is kept (a board, about 0.9 KB, for each position they lead to,
and some 200 bytes a move).

The limits trade memory for speed in the searches of a few seconds that the app and
the benchmark run (half a million nodes and more in an ending): every record or result
dropped at a limit is work done again when the search comes back to it. Against the
previous 150,000 positions and 100,000 moves, 5-s searches from cold memos in a fresh
process (``bench_chess.py memos``) ran 3-8 % more nodes per CPU second on the six
positions of ``bench_chess.py depth`` (Fine #70 6 %, Lucena 3 %), their process
peaking at 180-270 MB instead of 132-179 MB. Smaller still (60,000 and 40,000),
Lucena's 500,000-node search ran 4-7 % longer than at 150,000 and 100,000 and peaked
at 92 MB."""


class PositionFacts:
    """What the search asks of one position, each None until first asked: whether the
    side to move is in check, its leaf status, its legal moves and quiescence's
    captures (all fixed by the polyglot key); the results of the moves played there; and
    a board of the position, for the moves that lead to it.

    One record a position, held by every `ChessState` of that position (``facts``), so
    a node reads them as attributes: four dictionaries keyed by position cost a look-up
    each (a cache miss in a table of 150,000 entries: 0.3 µs measured, against 0.01 µs
    for an attribute) several times a node. Pickled as its key, so a state sent to the
    engine process shares that process's record."""

    __slots__ = ("board", "captures", "checked", "children", "key", "moves", "status")

    def __init__(self, key: int) -> None:
        self.key = key
        self.checked: bool | None = None
        self.status: int | None = None
        self.moves: MoveList | None = None
        self.captures: MoveList | None = None
        self.children: dict[int, ChildFacts] = {}
        """The results of the moves played here (`remember_child`), each by its move's
        squares and promotion in 15 bits (``from | to << 6 | promotion << 12``)."""
        self.board: chess.Board | None = None
        """A board of the position that a move led to (`Chess.result`), for the other
        moves that lead here; emptied with the children, so it is kept no longer."""

    def __reduce__(self) -> tuple[Callable[[int], PositionFacts], tuple[int]]:
        return facts_of, (self.key,)


ChildFacts = tuple[chess.Board, int, int, int, int, bool, bool, bool, PositionFacts]
"""A move's result: the board (with the clocks of the path that first played it), its
polyglot key, its two evaluation sums and its game phase, whether the move zeroes the
fifty-move clock (a capture or a pawn move), whether it was irreversible, whether the
material left is insufficient, and the position's facts."""

facts_memo: dict[int, PositionFacts] = {}
children_kept = 0
"""Moves whose results the records hold, up to `CHILD_LIMIT`."""


def facts_of(key: int) -> PositionFacts:
    """The record of the position with polyglot key ``key``, new if none is kept; the
    memo is emptied first when it holds `POSITION_LIMIT` records (a state keeps its own,
    and its children those of the positions its moves lead to)."""
    found = facts_memo.get(key)
    if found is None:
        if len(facts_memo) >= POSITION_LIMIT:
            forget_all()
        found = facts_memo[key] = PositionFacts(key)
    return found


def remember_child(facts: PositionFacts, code: int, child: ChildFacts) -> ChildFacts:
    """Keep ``child``, the result of the move whose 15 bits are ``code``, among the
    children of the position whose record is ``facts``, and return it; every record's
    children and boards are emptied first when `CHILD_LIMIT` results are kept.
    (Kept alive by the memo alone, the boards of a search's earlier moves made the
    collector's pass when a search ends twice as long.)"""
    global children_kept
    if children_kept >= CHILD_LIMIT:
        forget_children()
    children_kept += 1
    facts.children[code] = child
    return child


def forget_children() -> None:
    """Empty the children and the board of every record kept. A record dropped from
    `facts_memo` had its children emptied then (`forget_all`), so no chain of children
    keeps old positions alive: only the records that live states still hold survive."""
    global children_kept
    for facts in facts_memo.values():
        facts.children.clear()
        facts.board = None
    children_kept = 0


def forget_all() -> None:
    """Empty every memo (tests measure a search's work from a cold start with this)."""
    forget_children()
    facts_memo.clear()
