"""American checkers (English draughts): 8×8, short kings, compulsory captures.

Squares are numbered 1–32 as in every checkers book: square 1 is the leftmost
dark square of the top row (Black's side), squares 1–4 form row 0, 5–8 row 1,
and so on. Black starts on 1–12 and moves first, towards higher numbers; White
starts on 21–32.

**Representation (the hot path of every checkers search).** A position is three
Python ints — Black's pieces, White's pieces, and the kings of either colour —
in the *ghost-square* layout: square ``s`` (index ``i = s - 1``) lives at bit
``i + i // 8``, so bits 8, 17 and 26 are unused "ghosts"::

     row 0:   .  0  .  1  .  2  .  3        (squares 1–4)
     row 1:   4  .  5  .  6  .  7  .        (squares 5–8)     ghost bit 8
     row 2:   .  9  . 10  . 11  . 12        (squares 9–12)
     ...

With the ghosts in place, every step towards White's side is ``<< 4`` (down-left)
or ``<< 5`` (down-right) from *every* square, and a step off the board lands on
a ghost bit or outside the 35 bits, which one mask (`VALID`) removes. Whole
sets of moves are therefore found with a handful of shifts and ANDs, and move
*counts* (perft's last ply) with ``int.bit_count``. Jumps use per-square tables.

States are immutable named tuples carrying an incrementally updated Zobrist key
and the keys of the positions since the last irreversible move (for the
repetition and 40-move draws). Moves are named tuples that carry XOR masks, so
applying one is a few XORs; quiet moves are built once at import and shared.

The black and white generators are mirror images written out twice: a shift
direction cannot be a parameter without costing a call or a branch per step.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import pairwise
from operator import attrgetter
from typing import ClassVar, NamedTuple

from adversa.games import pdn
from adversa.games.base import (
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    Outcome,
    illegal_move_message,
)

BLACK = 0
WHITE = 1
QUIET_PLY_LIMIT = 80
"""40 moves by each side without a capture or a man move draw the game."""

# --------------------------------------------------------------------------- geometry

SQUARES = range(1, 33)
SQUARE_INDEX: dict[int, int] = {s: (s - 1) + (s - 1) // 8 for s in SQUARES}
"""Square number → bit index in the ghost layout."""
INDEX_SQUARE: dict[int, int] = {index: s for s, index in SQUARE_INDEX.items()}
SQUARE_BIT: dict[int, int] = {s: 1 << index for s, index in SQUARE_INDEX.items()}
BIT_SQUARE: dict[int, int] = {bit: s for s, bit in SQUARE_BIT.items()}
VALID = sum(SQUARE_BIT.values())
BLACK_CROWN_ROW = sum(SQUARE_BIT[s] for s in range(29, 33))
"""Where black men are crowned (White's back row)."""
WHITE_CROWN_ROW = sum(SQUARE_BIT[s] for s in range(1, 5))
DOWN = (4, 5)  # towards White's side: Black's forward steps
UP = (-4, -5)  # towards Black's side: White's forward steps

_new_tuple = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (2× faster)


def square_coordinates(square: int) -> tuple[int, int]:
    """(row, col) of a square; row 0 is Black's side (squares 1–4), col 0 the left."""
    row, position = divmod(square - 1, 4)
    return row, 2 * position + (1 if row % 2 == 0 else 0)


def square_at(row: int, col: int) -> int | None:
    """The square number at (row, col), or None for a light square or off the board."""
    if not (0 <= row < 8 and 0 <= col < 8) or (row + col) % 2 == 0:
        return None
    return 4 * row + col // 2 + 1


def squares_of(mask: int) -> list[int]:
    """The square numbers in a bit mask, ascending."""
    found = []
    while mask:
        low = mask & -mask
        found.append(BIT_SQUARE[low])
        mask ^= low
    return found


# --------------------------------------------------------------------------- zobrist keys

_rng = random.Random(0xC4EC)  # fixed seed: keys (and search traces) are reproducible
ZOBRIST_PIECE: tuple[dict[int, int], ...] = tuple(
    {bit: _rng.getrandbits(64) for bit in BIT_SQUARE} for _colour in (BLACK, WHITE)
)
"""Per colour: square bit → key of a piece of that colour there (man or king)."""
ZOBRIST_KING: dict[int, int] = {bit: _rng.getrandbits(64) for bit in BIT_SQUARE}
"""Square bit → extra key when the piece there is a king."""
ZOBRIST_WHITE_TO_MOVE = _rng.getrandbits(64)


def zobrist_key(black: int, white: int, kings: int, player: int) -> int:
    """The Zobrist key computed from scratch (states keep it updated incrementally)."""
    key = ZOBRIST_WHITE_TO_MOVE if player == WHITE else 0
    for mask, table in ((black, ZOBRIST_PIECE[BLACK]), (white, ZOBRIST_PIECE[WHITE]),
                        (kings, ZOBRIST_KING)):
        while mask:
            low = mask & -mask
            key ^= table[low]
            mask ^= low
    return key


# --------------------------------------------------------------------------- values


class CheckersMove(NamedTuple):
    """One move, single step or whole multi-jump, with the masks that apply it.

    Equality is by value; within one state the ``path`` alone identifies a move.
    """

    path: tuple[int, ...]
    """Squares visited, from the start square to the final landing square."""
    moved: int
    """XOR mask for the mover's colour: start and end bits (0 for a closed king tour)."""
    captured: int
    """Bits of the captured pieces, XORed out of the opponent's set."""
    kings_delta: int
    """XOR mask for the kings set: a moving king, a crowning, captured kings."""
    key_delta: int
    """XOR for the Zobrist key, side to move included."""


class CheckersState(NamedTuple):
    """A position plus what the draw rules need; immutable and hashable."""

    black: int
    white: int
    kings: int
    player: int
    """0 = Black to move, 1 = White to move."""
    key: int
    """Zobrist key of the position and side to move."""
    history: tuple[int, ...]
    """Keys of the positions since the last capture or man move, oldest first
    (the current one excluded); its length is the 40-move rule's ply counter."""

    def __hash__(self) -> int:
        return self.key  # equal states have equal keys; skips hashing the history


# --------------------------------------------------------------------------- move tables


def _quiet_moves(player: int, step: int, king: bool) -> dict[int, CheckersMove]:
    """Target bit → the quiet move of a man or king of ``player`` arriving by ``step``."""
    pieces, crown_row = ZOBRIST_PIECE[player], (BLACK_CROWN_ROW, WHITE_CROWN_ROW)[player]
    side = ZOBRIST_WHITE_TO_MOVE
    table = {}
    for target_index, target in INDEX_SQUARE.items():
        start_index = target_index - step
        if start_index not in INDEX_SQUARE:
            continue
        start_bit, target_bit = 1 << start_index, 1 << target_index
        key_delta = pieces[start_bit] ^ pieces[target_bit] ^ side
        if king:
            kings_delta = start_bit | target_bit
            key_delta ^= ZOBRIST_KING[start_bit] ^ ZOBRIST_KING[target_bit]
        elif target_bit & crown_row:
            kings_delta = target_bit
            key_delta ^= ZOBRIST_KING[target_bit]
        else:
            kings_delta = 0
        path = (INDEX_SQUARE[start_index], target)
        table[target_bit] = CheckersMove(path, start_bit | target_bit, 0, kings_delta, key_delta)
    return table


JumpTable = list[tuple[tuple[int, int, int, int], ...]]


def _jump_table(steps: tuple[int, ...]) -> JumpTable:
    """Bit index → ``(over, land, swap, land_index)`` per jump direction.

    ``swap`` is ``land | start``: XORing it into the empty set moves the piece.
    """
    table: JumpTable = [()] * 35
    for index in INDEX_SQUARE:
        jumps = []
        for step in steps:
            over, land = index + step, index + 2 * step
            if over in INDEX_SQUARE and land in INDEX_SQUARE:
                jumps.append((1 << over, 1 << land, (1 << land) | (1 << index), land))
        table[index] = tuple(jumps)
    return table


BLACK_MAN_MOVES = (_quiet_moves(BLACK, 4, False), _quiet_moves(BLACK, 5, False))
BLACK_KING_MOVES = tuple(_quiet_moves(BLACK, step, True) for step in (*DOWN, *UP))
WHITE_MAN_MOVES = (_quiet_moves(WHITE, -4, False), _quiet_moves(WHITE, -5, False))
WHITE_KING_MOVES = tuple(_quiet_moves(WHITE, step, True) for step in (*UP, *DOWN))
MAN_JUMPS = (_jump_table(DOWN), _jump_table(UP))  # per colour: men jump forwards only
KING_JUMPS = _jump_table((*DOWN, *UP))
CROWN_ROWS = (BLACK_CROWN_ROW, WHITE_CROWN_ROW)


# --------------------------------------------------------------------------- generation
# Hot path. Each function takes the mover's pieces (own), the opponent's (opp)
# and all kings; perft and `Checkers.legal_moves` share them.


def _black_jumpers(own: int, opp: int, kings: int, empty: int) -> int:
    """Black pieces that can capture: an opponent next to them and an empty square beyond."""
    jumpers = ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & own
    own_kings = own & kings
    if own_kings:
        jumpers |= ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & own_kings
    return jumpers


def _white_jumpers(own: int, opp: int, kings: int, empty: int) -> int:
    """Mirror of `_black_jumpers`."""
    jumpers = ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & own
    own_kings = own & kings
    if own_kings:
        jumpers |= ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & own_kings
    return jumpers


def _append_quiet(moves: list[CheckersMove], targets: int, table: dict[int, CheckersMove]) -> None:
    while targets:
        low = targets & -targets
        moves.append(table[low])
        targets ^= low


def _black_moves(own: int, opp: int, kings: int) -> list[CheckersMove]:
    """Black's legal moves (captures only, when there is one)."""
    empty = VALID ^ (own | opp)
    jumpers = _black_jumpers(own, opp, kings, empty)
    if jumpers:
        return _captures(BLACK, jumpers, opp, kings, empty)
    moves: list[CheckersMove] = []
    own_kings = own & kings
    men = own ^ own_kings
    _append_quiet(moves, (men << 4) & empty, BLACK_MAN_MOVES[0])
    _append_quiet(moves, (men << 5) & empty, BLACK_MAN_MOVES[1])
    if own_kings:
        _append_quiet(moves, (own_kings << 4) & empty, BLACK_KING_MOVES[0])
        _append_quiet(moves, (own_kings << 5) & empty, BLACK_KING_MOVES[1])
        _append_quiet(moves, (own_kings >> 4) & empty, BLACK_KING_MOVES[2])
        _append_quiet(moves, (own_kings >> 5) & empty, BLACK_KING_MOVES[3])
    return moves


def _white_moves(own: int, opp: int, kings: int) -> list[CheckersMove]:
    """Mirror of `_black_moves`."""
    empty = VALID ^ (own | opp)
    jumpers = _white_jumpers(own, opp, kings, empty)
    if jumpers:
        return _captures(WHITE, jumpers, opp, kings, empty)
    moves: list[CheckersMove] = []
    own_kings = own & kings
    men = own ^ own_kings
    _append_quiet(moves, (men >> 4) & empty, WHITE_MAN_MOVES[0])
    _append_quiet(moves, (men >> 5) & empty, WHITE_MAN_MOVES[1])
    if own_kings:
        _append_quiet(moves, (own_kings >> 4) & empty, WHITE_KING_MOVES[0])
        _append_quiet(moves, (own_kings >> 5) & empty, WHITE_KING_MOVES[1])
        _append_quiet(moves, (own_kings << 4) & empty, WHITE_KING_MOVES[2])
        _append_quiet(moves, (own_kings << 5) & empty, WHITE_KING_MOVES[3])
    return moves


def _jump_sequences(
    at: int, opp: int, empty: int, table: JumpTable, crown_row: int,
    path: tuple[int, ...], captured: int, found: list[tuple[tuple[int, ...], int, int, bool]],
) -> None:
    """Depth-first over the jumps from bit ``at``; appends ``(path, captured, end, crowned)``.

    A jumped piece leaves ``opp`` at once (it cannot be jumped twice) but its square
    stays occupied; no landing square can ever be a jumped square, because landings
    keep the row parity of the start and jumped squares have the other parity.
    """
    extended = False
    for over, land, swap, land_index in table[at]:
        if over & opp and land & empty:
            extended = True
            longer = (*path, INDEX_SQUARE[land_index])
            if land & crown_row:  # a man crowned by a jump stops there
                found.append((longer, captured | over, land_index, True))
            else:
                _jump_sequences(land_index, opp ^ over, empty ^ swap, table, crown_row,
                                longer, captured | over, found)
    if not extended:
        found.append((path, captured, at, False))


def _captures(player: int, jumpers: int, opp: int, kings: int, empty: int) -> list[CheckersMove]:
    """Every complete capture sequence of ``player``'s ``jumpers``, as moves."""
    pieces, enemy = ZOBRIST_PIECE[player], ZOBRIST_PIECE[1 - player]
    side = ZOBRIST_WHITE_TO_MOVE
    moves = []
    while jumpers:
        start = jumpers & -jumpers
        jumpers ^= start
        index = start.bit_length() - 1
        is_king = start & kings
        found: list[tuple[tuple[int, ...], int, int, bool]] = []
        if is_king:
            _jump_sequences(index, opp, empty, KING_JUMPS, 0, (INDEX_SQUARE[index],), 0, found)
        else:
            _jump_sequences(index, opp, empty, MAN_JUMPS[player], CROWN_ROWS[player],
                            (INDEX_SQUARE[index],), 0, found)
        for path, captured, end_index, crowned in found:
            end = 1 << end_index
            key_delta = pieces[start] ^ pieces[end] ^ side
            if is_king:
                kings_delta = start ^ end
                key_delta ^= ZOBRIST_KING[start] ^ ZOBRIST_KING[end]
            elif crowned:
                kings_delta = end
                key_delta ^= ZOBRIST_KING[end]
            else:
                kings_delta = 0
            victims = captured
            while victims:
                low = victims & -victims
                key_delta ^= enemy[low] ^ (ZOBRIST_KING[low] if low & kings else 0)
                victims ^= low
            kings_delta ^= captured & kings
            moves.append(_new_tuple(CheckersMove,
                                    (path, start ^ end, captured, kings_delta, key_delta)))
    return moves


def _count_jumps(at: int, opp: int, empty: int, table: JumpTable, crown_row: int) -> int:
    """How many complete sequences continue from bit ``at`` (1 when none does)."""
    count = 0
    for over, land, swap, land_index in table[at]:
        if over & opp and land & empty:
            if land & crown_row:
                count += 1
            else:
                count += _count_jumps(land_index, opp ^ over, empty ^ swap, table, crown_row)
    return count or 1


def _count_captures(player: int, jumpers: int, opp: int, kings: int, empty: int) -> int:
    man_jumps, crown_row = MAN_JUMPS[player], CROWN_ROWS[player]
    count = 0
    while jumpers:
        start = jumpers & -jumpers
        jumpers ^= start
        if start & kings:
            count += _count_jumps(start.bit_length() - 1, opp, empty, KING_JUMPS, 0)
        else:
            count += _count_jumps(start.bit_length() - 1, opp, empty, man_jumps, crown_row)
    return count


def _count_black_moves(own: int, opp: int, kings: int) -> int:
    """len(_black_moves(...)) without building a move: popcounts of shifted masks."""
    empty = VALID ^ (own | opp)
    jumpers = _black_jumpers(own, opp, kings, empty)
    if jumpers:
        return _count_captures(BLACK, jumpers, opp, kings, empty)
    count = ((own << 4) & empty).bit_count() + ((own << 5) & empty).bit_count()
    own_kings = own & kings
    if own_kings:
        count += ((own_kings >> 4) & empty).bit_count() + ((own_kings >> 5) & empty).bit_count()
    return count


def _count_white_moves(own: int, opp: int, kings: int) -> int:
    """Mirror of `_count_black_moves`."""
    empty = VALID ^ (own | opp)
    jumpers = _white_jumpers(own, opp, kings, empty)
    if jumpers:
        return _count_captures(WHITE, jumpers, opp, kings, empty)
    count = ((own >> 4) & empty).bit_count() + ((own >> 5) & empty).bit_count()
    own_kings = own & kings
    if own_kings:
        count += ((own_kings << 4) & empty).bit_count() + ((own_kings << 5) & empty).bit_count()
    return count


def _has_move(player: int, own: int, opp: int, kings: int) -> bool:
    """Whether ``player`` has any legal move (cheaper than generating them)."""
    empty = VALID ^ (own | opp)
    own_kings = own & kings
    if player == BLACK:
        steps = ((own << 4) | (own << 5) | (own_kings >> 4) | (own_kings >> 5)) & empty
        return bool(steps or _black_jumpers(own, opp, kings, empty))
    steps = ((own >> 4) | (own >> 5) | (own_kings << 4) | (own_kings << 5)) & empty
    return bool(steps or _white_jumpers(own, opp, kings, empty))


GENERATORS = (_black_moves, _white_moves)
COUNTERS = (_count_black_moves, _count_white_moves)


def _perft(own: int, opp: int, kings: int, player: int, depth: int) -> int:
    """Leaf count at ``depth`` (≥ 1); the last ply is counted, not generated."""
    if depth == 1:
        return COUNTERS[player](own, opp, kings)
    total = 0
    if depth == 2:
        count = COUNTERS[1 - player]
        for _path, moved, captured, kings_delta, _key in GENERATORS[player](own, opp, kings):
            total += count(opp ^ captured, own ^ moved, kings ^ kings_delta)
        return total
    for _path, moved, captured, kings_delta, _key in GENERATORS[player](own, opp, kings):
        total += _perft(opp ^ captured, own ^ moved, kings ^ kings_delta, 1 - player, depth - 1)
    return total


# --------------------------------------------------------------------------- the game

class Checkers(Game[CheckersState, CheckersMove]):
    """American checkers with the ACF rules and two draw rules (see the README).

    Beyond the Game protocol, board widgets use `square_coordinates`, `square_at`,
    `pieces`, `move_path` and `captured_squares`; evaluations read the bitboards
    ``state.black``/``state.white``/``state.kings`` (layout in the module docstring).
    """

    name: ClassVar[str] = "checkers"
    title: ClassVar[str] = "Checkers (American / English draughts)"
    description: ClassVar[str] = (
        "8×8 draughts with short kings and compulsory captures; Black moves first."
    )

    def player_name(self, player: int) -> str:
        return ("Black", "White")[player]

    def initial_state(self) -> CheckersState:
        pieces = {s: "b" for s in range(1, 13)} | {s: "w" for s in range(21, 33)}
        return self.state_from_pieces(pieces, BLACK)

    def state_from_pieces(self, pieces: dict[int, str], player: int) -> CheckersState:
        """A fresh state (no history) from a square → 'b'/'w'/'B'/'W' map."""
        black = sum(SQUARE_BIT[s] for s, p in pieces.items() if p in "bB")
        white = sum(SQUARE_BIT[s] for s, p in pieces.items() if p in "wW")
        kings = sum(SQUARE_BIT[s] for s, p in pieces.items() if p in "BW")
        return CheckersState(black, white, kings, player,
                             zobrist_key(black, white, kings, player), ())

    def to_move(self, state: CheckersState) -> int:
        return state.player

    def legal_moves(self, state: CheckersState) -> list[CheckersMove]:
        black, white, kings, player, key, history = state
        if history and (len(history) >= QUIET_PLY_LIMIT or history.count(key) >= 2):
            return []
        if player == BLACK:
            return _black_moves(black, white, kings)
        return _white_moves(white, black, kings)

    def result(self, state: CheckersState, move: CheckersMove) -> CheckersState:
        black, white, kings, player, key, history = state
        _path, moved, captured, kings_delta, key_delta = move
        if player == BLACK:
            black ^= moved
            white ^= captured
        else:
            white ^= moved
            black ^= captured
        # Reversible exactly when a king steps without capturing (its kings_delta
        # is then its own from/to mask); men moves and captures reset the history.
        history = (*history, key) if not captured and kings_delta == moved else ()
        return _new_tuple(CheckersState, (black, white, kings ^ kings_delta, 1 - player,
                                          key ^ key_delta, history))

    def is_terminal(self, state: CheckersState) -> bool:
        black, white, kings, player, key, history = state
        if history and (len(history) >= QUIET_PLY_LIMIT or history.count(key) >= 2):
            return True
        if player == BLACK:
            return not _has_move(BLACK, black, white, kings)
        return not _has_move(WHITE, white, black, kings)

    def outcome(self, state: CheckersState) -> Outcome | None:
        """Priority: no legal move (a loss), then threefold repetition, then the 40-move rule."""
        black, white, kings, player, key, history = state
        own, opp = (black, white) if player == BLACK else (white, black)
        if not _has_move(player, own, opp, kings):
            winner = 1 - player
            return Outcome(winner, "no legal move", (1.0, -1.0) if winner == BLACK else (-1.0, 1.0))
        if history.count(key) >= 2:
            return Outcome(None, "threefold repetition", (0.0, 0.0))
        if len(history) >= QUIET_PLY_LIMIT:
            return Outcome(None, "40-move rule", (0.0, 0.0))
        return None

    def utility(self, state: CheckersState) -> tuple[float, ...]:
        outcome = self.outcome(state)
        if outcome is None:
            raise ValueError("utility() of a checkers state that is not terminal")
        return outcome.utilities

    # ---- search helpers -------------------------------------------------------

    def transposition_key(self, state: CheckersState) -> int:
        return state.key

    def is_capture(self, state: CheckersState, move: CheckersMove) -> bool:
        return move.captured != 0

    def is_quiet(self, state: CheckersState) -> bool:
        black, white, kings, player, _key, _history = state
        if player == BLACK:
            return not _black_jumpers(black, white, kings, VALID ^ (black | white))
        return not _white_jumpers(white, black, kings, VALID ^ (black | white))

    def perft(self, state: CheckersState, depth: int) -> int:
        """Move-path count at ``depth``, ignoring the draw rules (as published perft does)."""
        if depth <= 0:
            return 1
        black, white, kings, player, _key, _history = state
        own, opp = (black, white) if player == BLACK else (white, black)
        return _perft(own, opp, kings, player, depth)

    # ---- board accessors (for the TUI board widget) -----------------------------

    square_coordinates = staticmethod(square_coordinates)
    square_at = staticmethod(square_at)

    def pieces(self, state: CheckersState) -> dict[int, str]:
        """Square → 'b'/'w' (men) or 'B'/'W' (kings), ascending by square."""
        found = {}
        for s in squares_of(state.black | state.white):
            bit = SQUARE_BIT[s]
            letter = "b" if bit & state.black else "w"
            found[s] = letter.upper() if bit & state.kings else letter
        return found

    def move_path(self, move: CheckersMove) -> tuple[int, ...]:
        """The squares the piece visits, start first."""
        return move.path

    def captured_squares(self, move: CheckersMove) -> tuple[int, ...]:
        """The captured squares, in the order they are jumped."""
        if not move.captured:
            return ()
        jumped = []
        for start, land in pairwise(move.path):
            (r1, c1), (r2, c2) = square_coordinates(start), square_coordinates(land)
            middle = square_at((r1 + r2) // 2, (c1 + c2) // 2)
            assert middle is not None  # a jump always passes over a dark square
            jumped.append(middle)
        return tuple(jumped)

    # ---- notation -------------------------------------------------------------

    def format_move(self, state: CheckersState, move: CheckersMove) -> str:
        """``11-15`` for a step, ``15x24x31`` (every landing square) for a capture."""
        return ("x" if move.captured else "-").join(map(str, move.path))

    def format_moves(self, state: CheckersState, moves: Sequence[CheckersMove]) -> list[str]:
        return [self.format_move(state, move) for move in sorted(moves, key=attrgetter("path"))]

    def parse_move(self, state: CheckersState, text: str) -> CheckersMove:
        """Parse ``11-15``, ``15x24x31`` or a shortened capture such as ``15x31``.

        Given squares must appear in the move's path in order, with the same start
        and end; the shortest form is start and end only.
        """
        squares = pdn.parse_move_text(text)
        moves = self.legal_moves(state)
        matches = [move for move in moves if move.path == squares]
        if not matches:
            matches = [move for move in moves if pdn.shortens(squares, move.path)]
        if len(matches) == 1:
            return matches[0]
        if matches:
            candidates = ", ".join(self.format_moves(state, matches))
            raise AmbiguousMoveError(f"move {text!r} is ambiguous: it matches {candidates}; "
                                     "give the landing squares in between")
        raise IllegalMoveError(illegal_move_message(text, self.format_moves(state, moves)))

    def format_position(self, state: CheckersState) -> str:
        """PDN FEN, e.g. ``B:W21,22,...,32:B1,2,...,12`` (numerically sorted, men before kings)."""
        return pdn.format_fen(state.player, self.pieces(state))

    def parse_position(self, text: str) -> CheckersState:
        player, pieces = pdn.parse_fen(text)
        return self.state_from_pieces(pieces, player)

    def render(self, state: CheckersState) -> str:
        """The board as text: ``b``/``w`` men, ``B``/``W`` kings, ``.`` empty dark squares."""
        pieces = self.pieces(state)
        lines = ["+-----------------+"]
        for row in range(8):
            cells = []
            for col in range(8):
                square = square_at(row, col)
                cells.append(" " if square is None else pieces.get(square, "."))
            lines.append(f"| {' '.join(cells)} |  {4 * row + 1}-{4 * row + 4}")
        lines.append("+-----------------+")
        lines.append(f"{self.player_name(state.player)} to move")
        return "\n".join(lines)

