"""The captures chess's quiescence search plays: which are worth searching, found fast.

Quiescence runs at every leaf of a chess search, so this is the engine's hottest code.
Three things keep it cheap, each trading some elegance for speed (the tests in
tests/test_chess.py and tests/test_chess_captures.py check each against python-chess's
own move generator):

* a capture is looked for from its victims (`worthwhile_captures_by_victim`): only the
  enemy pieces the mover attacks at all, found from one bitboard of its attacks;
* a capture that plainly loses material (a piece taking a cheaper one that is defended)
  is left out, a cheap stand-in for a static exchange evaluation;
* the list is not built until quiescence reads it (`PendingCaptures`): quiescence first
  stands pat on the static value, and at most of its nodes that already reaches beta.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import overload

import chess

PIECE_VALUES = (0, 100, 320, 330, 500, 900, 20_000)
"""Centipawns by python-chess piece type (index 1 pawn … 6 king), for MVV-LVA."""

PROMOTIONS = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)


def loses_to_recapture(board: chess.Board, attacker: int, victim: int, square: int) -> bool:
    """A capture by a piece worth more than its victim onto a square the opponent
    attacks: it loses at least the difference to the recapture."""
    return PIECE_VALUES[attacker] > PIECE_VALUES[victim] and board.is_attacked_by(
        not board.turn, square)


def worthwhile_evasion_captures(board: chess.Board) -> list[chess.Move]:
    """In check (rare at a leaf): python-chess's legal captures, filtered."""
    piece_type_at = board.piece_type_at
    return [move for move in board.generate_legal_captures()
            if move.promotion or not loses_to_recapture(
                board, piece_type_at(move.from_square) or chess.PAWN,
                piece_type_at(move.to_square) or chess.PAWN, move.to_square)]


_NOT_FILE_A = ~chess.BB_FILE_A & chess.BB_ALL
_NOT_FILE_H = ~chess.BB_FILE_H & chess.BB_ALL
_KING, _KNIGHT = chess.BB_KING_ATTACKS, chess.BB_KNIGHT_ATTACKS
_DIAG, _DIAG_MASKS = chess.BB_DIAG_ATTACKS, chess.BB_DIAG_MASKS
_RANK, _RANK_MASKS = chess.BB_RANK_ATTACKS, chess.BB_RANK_MASKS
_FILE, _FILE_MASKS = chess.BB_FILE_ATTACKS, chess.BB_FILE_MASKS


def attacked_squares(board: chess.Board, colour: bool) -> int:
    """Every square a piece of ``colour`` attacks, as one bitboard: pawns by two shifts,
    the other pieces by python-chess's attack tables (one lookup a piece).

    Speed over elegance: asked at most nodes of a search (the leaf status, the king's
    moves), so the pieces are walked by ``while`` loops on module-level tables rather
    than python-chess's square generators, which made it 1.7 times as slow."""
    own = board.occupied_co[colour]
    occupied = board.occupied
    pawns = board.pawns & own
    if colour:
        attacked = ((pawns & _NOT_FILE_A) << 7 | (pawns & _NOT_FILE_H) << 9) & chess.BB_ALL
    else:
        attacked = (pawns & _NOT_FILE_A) >> 9 | (pawns & _NOT_FILE_H) >> 7
    king = board.kings & own
    if king:
        attacked |= _KING[king.bit_length() - 1]
    knights = board.knights & own
    while knights:
        square = knights.bit_length() - 1
        attacked |= _KNIGHT[square]
        knights ^= 1 << square
    diagonal = (board.bishops | board.queens) & own
    while diagonal:
        square = diagonal.bit_length() - 1
        attacked |= _DIAG[square][_DIAG_MASKS[square] & occupied]
        diagonal ^= 1 << square
    straight = (board.rooks | board.queens) & own
    while straight:
        square = straight.bit_length() - 1
        attacked |= (_RANK[square][_RANK_MASKS[square] & occupied]
                     | _FILE[square][_FILE_MASKS[square] & occupied])
        straight ^= 1 << square
    return attacked


def is_checked(board: chess.Board) -> bool:
    """`Board.is_check`, read from the attack tables at the king's square: python-chess's
    answer is three calls deep (about 1 µs, a quarter of finding a new position's leaf
    status)."""
    us = board.turn
    king_mask = board.kings & board.occupied_co[us]
    if not king_mask:
        return False
    king = king_mask.bit_length() - 1
    occupied = board.occupied
    return bool(board.occupied_co[not us] & (
        _KNIGHT[king] & board.knights | _KING[king] & board.kings
        | chess.BB_PAWN_ATTACKS[us][king] & board.pawns
        | _DIAG[king][_DIAG_MASKS[king] & occupied] & (board.bishops | board.queens)
        | (_RANK[king][_RANK_MASKS[king] & occupied] | _FILE[king][_FILE_MASKS[king] & occupied])
        & (board.rooks | board.queens)))


def may_capture(board: chess.Board) -> bool:
    """Whether the side to move, not in check, might have a capture or a promotion worth
    searching: it attacks an enemy piece, has a pawn on its seventh rank, or may take en
    passant. A superset of `worthwhile_captures_by_victim` being non-empty, at a few
    bitboard operations instead of the list."""
    us = board.turn
    last_rank = chess.BB_RANK_7 if us else chess.BB_RANK_2
    return bool(board.ep_square is not None
                or board.pawns & board.occupied_co[us] & last_rank
                or board.occupied_co[not us] & ~board.kings & attacked_squares(board, us))


def worthwhile_captures_by_victim(board: chess.Board) -> list[chess.Move]:
    """The legal captures that do not plainly lose material, when not in check, found
    from each victim's attackers rather than from every move of every piece.

    Speed over elegance: python-chess generates all pseudo-legal moves of all pieces to
    find the few captures, and this test runs at every leaf; asking each enemy piece for
    its attackers (only the pieces under attack at all, found from one bitboard of the
    mover's attacks), and whether it is defended only when that matters, halves it.
    Legality is python-chess's own test for a side not in check (`_is_safe`: a pinned
    piece stays on its ray, the king does not step onto an attacked square).
    """
    us = board.turn
    king = board.king(us)
    if king is None:
        return list(board.generate_legal_captures())
    blockers = board._slider_blockers(king)
    safe = board._is_safe
    piece_type_at = board.piece_type_at
    attackers_mask = board.attackers_mask
    last_rank = chess.BB_RANK_8 if us else chess.BB_RANK_1
    pawns = board.pawns
    kept: list[chess.Move] = []
    targets = board.occupied_co[not us] & ~board.kings & attacked_squares(board, us)
    for target in chess.scan_reversed(targets):
        attackers = attackers_mask(us, target)
        victim = piece_type_at(target) or chess.PAWN
        for origin in chess.scan_reversed(attackers):
            if pawns >> origin & 1 and last_rank >> target & 1:
                moves = [chess.Move(origin, target, piece) for piece in PROMOTIONS]
            elif loses_to_recapture(board, piece_type_at(origin) or chess.PAWN, victim,
                                    target):
                continue
            else:
                moves = [chess.Move(origin, target)]
            kept += [move for move in moves if safe(king, blockers, move)]
    kept += board.generate_legal_ep()
    return kept


class PendingCaptures(Sequence[chess.Move]):
    """A position's quiescence moves, found (by ``find``) the first time they are read.

    Speed over elegance: quiescence stands pat on the static value before it reads its
    captures, and at most of its nodes that value already reaches beta, so a list built
    up front was mostly thrown away unread; building it cost more than the rest of such
    a node. Empty or not, it is the same sequence ``find`` returns once read.
    """

    __slots__ = ("_find", "_moves")

    def __init__(self, find: Callable[[], list[chess.Move]]) -> None:
        self._find = find
        self._moves: list[chess.Move] | None = None

    def _found(self) -> list[chess.Move]:
        moves = self._moves
        if moves is None:
            moves = self._moves = self._find()
        return moves

    def __len__(self) -> int:
        return len(self._found())

    def __iter__(self) -> Iterator[chess.Move]:
        return iter(self._found())

    @overload
    def __getitem__(self, index: int) -> chess.Move: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[chess.Move]: ...

    def __getitem__(self, index: int | slice) -> chess.Move | Sequence[chess.Move]:
        return self._found()[index]
