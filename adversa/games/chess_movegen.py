"""Chess's legal moves, and whether there is one, written for speed on python-chess's
bitboards (python-chess stays the referee: every answer here equals its own, which
tests/test_chess_movegen.py checks position by position).

Speed over elegance: python-chess builds a side's pseudo-legal moves and then asks of
each whether it leaves the king safe (`Board._is_safe`, a Python call a move): about
6 µs a move, and a search asks for the moves of every inner node. Out of check the
question has a cheap answer for whole pieces at once: a piece that is not pinned may
go to any square it attacks (not holding a piece of its own), a pinned one only along
its pin, and the king to the squares the opponent does not attack. So the moves are
read from python-chess's attack tables a piece at a time, in python-chess's own order,
as shared move objects (`PLAIN_MOVES`). In check (rare) python-chess answers.
"""

from __future__ import annotations

import chess

from adversa.games.chess_captures import attacked_squares

PLAIN_MOVES = tuple(chess.Move(origin, target) for origin in range(64) for target in range(64))
"""One shared `chess.Move` for each move without promotion, at ``64 · origin + target``:
no move object is built per generated move, and a remembered move list (`chess_memo`)
points to these instead of keeping objects of its own."""

PROMOTIONS = (chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT)
"""python-chess's order of the promotion pieces."""

PROMOTION_MOVES = {64 * origin + target: tuple(chess.Move(origin, target, piece)
                                               for piece in PROMOTIONS)
                   for origin in range(64) for target in range(64)
                   if chess.square_distance(origin, target) == 1
                   and chess.square_rank(origin) in (1, 6)
                   and chess.square_rank(target) in (0, 7)}
"""The shared promotions of a pawn's step (``64 · origin + target``), in python-chess's
order: with `PLAIN_MOVES`, every move of a legal-move list is a shared object, so equal
moves are identical (`Chess.interned_moves`)."""

MoveList = tuple[chess.Move, ...]

TARGETS_LIMIT = 100_000
"""Pieces' move tuples kept in `_targets_memo` (a few megabytes) before it is emptied."""

_targets_memo: dict[int, MoveList] = {}
"""``targets << 6 | origin`` → the shared moves from ``origin`` to each of ``targets``,
highest square first. Speed over elegance: a piece's targets repeat from node to node
of a search (few pieces move between them), and one dictionary look-up replaces a
generator step and a list item per target."""


def _piece_moves(origin: int, targets: int) -> MoveList:
    """The shared moves from ``origin`` to each square of ``targets``, highest first."""
    key = targets << 6 | origin
    found = _targets_memo.get(key)
    if found is None:
        if len(_targets_memo) >= TARGETS_LIMIT:
            _targets_memo.clear()
        base = 64 * origin
        found = _targets_memo[key] = tuple(PLAIN_MOVES[base + target]
                                           for target in chess.scan_reversed(targets))
    return found


_CASTLING = {chess.WHITE: ((chess.BB_H1, chess.BB_F1 | chess.BB_G1, chess.BB_F1 | chess.BB_G1,
                            PLAIN_MOVES[64 * chess.E1 + chess.G1]),
                           (chess.BB_A1, chess.BB_B1 | chess.BB_C1 | chess.BB_D1,
                            chess.BB_C1 | chess.BB_D1, PLAIN_MOVES[64 * chess.E1 + chess.C1])),
             chess.BLACK: ((chess.BB_H8, chess.BB_F8 | chess.BB_G8, chess.BB_F8 | chess.BB_G8,
                            PLAIN_MOVES[64 * chess.E8 + chess.G8]),
                           (chess.BB_A8, chess.BB_B8 | chess.BB_C8 | chess.BB_D8,
                            chess.BB_C8 | chess.BB_D8, PLAIN_MOVES[64 * chess.E8 + chess.C8]))}
"""Each side's castlings, king's side first (python-chess's order): the rook's square,
the squares that must be empty, the squares the opponent must not attack, the move."""


def _shared(moves: list[chess.Move]) -> MoveList:
    """python-chess's moves, each replaced by its shared object."""
    plain, promotions = PLAIN_MOVES, PROMOTION_MOVES
    return tuple(promotions[move.from_square * 64 + move.to_square][
                     PROMOTIONS.index(move.promotion)]
                 if move.promotion else plain[move.from_square * 64 + move.to_square]
                 for move in moves)


_QUEEN_LINES = tuple(chess.BB_DIAG_ATTACKS[square][0] | chess.BB_RANK_ATTACKS[square][0]
                     | chess.BB_FILE_ATTACKS[square][0] for square in chess.SQUARES)
"""The squares on a line (rank, file, diagonal) through each square, on an empty board."""


def _pinned(board: chess.Board, king: int, enemy: int) -> int:
    """python-chess's `Board._slider_blockers` of ``king`` (which of the pieces may be
    pinned), but 0 at once where no enemy bishop, rook or queen stands on a line
    through the king: then nothing can be pinned, and in the endings that is most
    positions (the call costs about as much as the rest of `has_legal_move`)."""
    if enemy & (board.bishops | board.rooks | board.queens) & _QUEEN_LINES[king]:
        return board._slider_blockers(king)
    return 0


def python_chess_moves(board: chess.Board) -> MoveList:
    """python-chess's own legal moves as the shared objects: its answer where the fast path
    defers to it, and the referee `bench_chess.py movegen` swaps in for the fast path."""
    return _shared(list(board.generate_legal_moves()))


def legal_move_list(board: chess.Board, checked: bool | None = None) -> MoveList:
    """``board``'s legal moves, equal to ``tuple(board.generate_legal_moves())`` in order;
    ``checked``: whether the side to move is in check, when the caller knows.

    Out of check: the king's, knights', bishops', rooks' and queens' moves from the
    highest square down, castling, pawn captures, single and double pushes, en passant,
    as python-chess lists them; a pinned piece keeps only the targets on the line
    through its king (`chess.BB_RAYS`). In check (`_evasion_targets`): the king's
    moves first, then, against a single checker, the other pieces' moves that take it or
    step between, in the same order; with en passant possible, python-chess answers.
    """
    us = board.turn
    own = board.occupied_co[us]
    king_mask = board.kings & own
    in_check = board.is_check() if checked is None else checked
    if not king_mask or (in_check and board.ep_square is not None):
        return python_chess_moves(board)
    king = king_mask.bit_length() - 1
    occupied = board.occupied
    enemy = board.occupied_co[not us]
    knights, bishops, rooks, queens, pawns = (board.knights, board.bishops, board.rooks,
                                              board.queens, board.pawns & own)
    moves: list[chess.Move] = []
    attacked = attacked_squares(board, not us)
    allowed = chess.BB_ALL  # where a piece other than the king may go
    if in_check:
        allowed = _evasion_targets(board, king, own, attacked, moves)
        if not allowed:
            return tuple(moves)
    pinned = _pinned(board, king, enemy)
    lines = chess.BB_RAYS[king]
    scan = chess.scan_reversed
    for origin in scan(own & ~pawns):
        bit = 1 << origin
        if origin == king:
            if in_check:
                continue
            targets = chess.BB_KING_ATTACKS[king] & ~own & ~attacked
        else:
            if knights & bit:
                targets = chess.BB_KNIGHT_ATTACKS[origin]
            else:
                targets = 0
                if (bishops | queens) & bit:
                    targets = chess.BB_DIAG_ATTACKS[origin][chess.BB_DIAG_MASKS[origin]
                                                            & occupied]
                if (rooks | queens) & bit:
                    targets |= (chess.BB_RANK_ATTACKS[origin][chess.BB_RANK_MASKS[origin]
                                                              & occupied]
                                | chess.BB_FILE_ATTACKS[origin][chess.BB_FILE_MASKS[origin]
                                                                & occupied])
            targets &= ~own & allowed
            if pinned & bit:
                targets &= lines[origin]
        if targets:
            moves += _piece_moves(origin, targets)
    if board.castling_rights and not in_check:
        _add_castling(board, moves, attacked)
    if pawns:
        _add_pawn_moves(board, moves, pawns, pinned, lines, enemy & allowed, occupied,
                        allowed)
    return tuple(moves)


def _evasion_targets(board: chess.Board, king: int, own: int, attacked: int,
                     moves: list[chess.Move]) -> int:
    """In check: add the king's moves to ``moves`` and return the squares the other
    pieces may go to (the checker's and those between it and the king; none in double
    check). A slider's line goes on through the king, so the squares behind the king
    on it stay attacked once the king steps there (python-chess's `_generate_evasions`).
    """
    checkers = board.attackers_mask(not board.turn, king)
    beyond = 0
    for checker in chess.scan_reversed(checkers & ~board.knights & ~board.pawns):
        beyond |= chess.BB_RAYS[king][checker] & ~(1 << checker)
    targets = chess.BB_KING_ATTACKS[king] & ~own & ~attacked & ~beyond
    if targets:
        moves += _piece_moves(king, targets)
    if checkers & (checkers - 1):
        return 0
    return chess.between(king, checkers.bit_length() - 1) | checkers


def _add_castling(board: chess.Board, moves: list[chess.Move], attacked: int) -> None:
    """`legal_move_list`'s castlings, out of check (standard chess: the king on its
    e-file square, the rook in its corner, as `Board.clean_castling_rights` leaves the
    rights). ``attacked``: the squares the opponent attacks, read with the king and rook
    in place, which changes nothing here: out of check no line of attack reaches the
    king's square, and none can pass the rook in its corner to the squares beside it."""
    rights = board.clean_castling_rights()
    occupied = board.occupied
    for rook, empty, safe, move in _CASTLING[board.turn]:
        if rights & rook and not occupied & empty and not attacked & safe:
            moves.append(move)


def _add_pawn_moves(board: chess.Board, moves: list[chess.Move], pawns: int, pinned: int,
                    lines: list[int], enemy: int, occupied: int,
                    allowed: int = chess.BB_ALL) -> None:
    """`legal_move_list`'s pawn moves: captures (of ``enemy``), single and double pushes
    (to ``allowed``), en passant, in python-chess's order."""
    us = board.turn
    plain = PLAIN_MOVES
    scan = chess.scan_reversed
    attacks = chess.BB_PAWN_ATTACKS[us]
    last_ranks = chess.BB_BACKRANKS
    for origin in scan(pawns):
        targets = attacks[origin] & enemy
        if targets and pinned >> origin & 1:
            targets &= lines[origin]
        for target in scan(targets):
            if last_ranks >> target & 1:
                moves += PROMOTION_MOVES[64 * origin + target]
            else:
                moves.append(plain[64 * origin + target])
    if us:
        single = pawns << 8 & ~occupied & chess.BB_ALL
        double = single << 8 & ~occupied & chess.BB_RANK_4
        step = 8
    else:
        single = pawns >> 8 & ~occupied
        double = single >> 8 & ~occupied & chess.BB_RANK_5
        step = -8
    for pushes, distance in ((single & allowed, step), (double & allowed, 2 * step)):
        for target in scan(pushes):
            origin = target - distance
            if pinned >> origin & 1 and not lines[origin] >> target & 1:
                continue
            if last_ranks >> target & 1:
                moves += PROMOTION_MOVES[64 * origin + target]
            else:
                moves.append(plain[64 * origin + target])
    if board.ep_square is not None:
        moves += _shared(list(board.generate_legal_ep()))


def has_legal_move(board: chess.Board, checked: bool | None = None) -> bool:
    """Whether the side to move has a legal move (``checked``: whether it is in check,
    when the caller knows).

    Speed over elegance: python-chess's generator, even stopped at its first move, sets
    up pins and checkers and walks pieces in its own order (about 30 µs). Out of check,
    any move of a piece that is not pinned is legal, so a pawn with its square ahead
    empty, a knight with a square to go to, a slider with one, or the king with an
    unattacked one answers at once; only positions with none of them (stalemate
    candidates, pins) ask the generator.
    """
    us = board.turn
    own = board.occupied_co[us]
    king_mask = board.kings & own
    if not king_mask:
        return any(board.generate_legal_moves())
    king = king_mask.bit_length() - 1
    if board.is_check() if checked is None else checked:
        return bool(legal_move_list(board, True))
    free = own & ~_pinned(board, king, board.occupied_co[not us])
    occupied = board.occupied
    pawns = board.pawns & free
    ahead = (pawns << 8 if us else pawns >> 8) & ~occupied & chess.BB_ALL
    if ahead:
        return True
    for square in chess.scan_forward(board.knights & free):
        if chess.BB_KNIGHT_ATTACKS[square] & ~own:
            return True
    for square in chess.scan_forward((board.bishops | board.queens) & free):
        if chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied] & ~own:
            return True
    for square in chess.scan_forward((board.rooks | board.queens) & free):
        if (chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
                | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied]) & ~own:
            return True
    if chess.BB_KING_ATTACKS[king] & ~own & ~attacked_squares(board, not us):
        return True
    return any(board.generate_legal_moves())


_new_board = chess.Board.__new__
_BACK_RANK = (chess.BB_RANK_8, chess.BB_RANK_1)
_CASTLING_ROOK_SQUARES = {chess.G1: chess.BB_H1 | chess.BB_F1, chess.C1: chess.BB_A1 | chess.BB_D1,
                          chess.G8: chess.BB_H8 | chess.BB_F8, chess.C8: chess.BB_A8 | chess.BB_D8}
"""The king's target when castling → the rook's two squares, as one bitboard."""


def played(board: chess.Board, move: chess.Move) -> tuple[chess.Board, bool]:
    """A new board with the legal ``move`` played on ``board`` (left unchanged), without
    a move stack, and whether the move was irreversible (`Board.is_irreversible`).

    Speed over elegance: ``board.copy(stack=False)`` and ``push`` cost about 25 µs, a
    third of a search's time per node, for bookkeeping a search never reads (the move
    stack, the board state saved for ``pop``, a Python call per square changed). This
    writes the six piece bitboards, the colours, castling rights, en passant square and
    clocks of the new board directly, exactly as ``push`` leaves them (checked against
    it move by move in tests/test_chess_movegen.py). Standard chess only: castling is
    the king's two-square step.
    """
    # The new board's attributes as one dictionary copied from the old board's and handed
    # over whole: filling a fresh board's own dictionary with `update` cost three times
    # as much (0.62 µs against 0.22 here, CPython 3.11).
    state = board.__dict__.copy()
    us = board.turn
    origin, target = move.from_square, move.to_square
    from_bb, to_bb = 1 << origin, 1 << target
    own, enemy = board.occupied_co[us], board.occupied_co[not us]
    pieces = [board.pawns, board.knights, board.bishops, board.rooks, board.queens,
              board.kings]
    rights = cleaned = board.clean_castling_rights() if board.castling_rights else 0
    promoted = board.promoted
    was_promoted = promoted & from_bb
    promoted &= ~(from_bb | to_bb)
    zeroing = bool((from_bb | to_bb) & board.pawns or to_bb & enemy)
    if to_bb & enemy:
        keep = ~to_bb
        pieces = [bitboard & keep for bitboard in pieces]
        enemy &= keep
    mover = 0
    while not pieces[mover] & from_bb:
        mover += 1
    pieces[mover] ^= from_bb
    pieces[move.promotion - 1 if move.promotion else mover] |= to_bb
    own ^= from_bb | to_bb
    if was_promoted or move.promotion:
        promoted |= to_bb
    ep_square = None
    if mover == 0:  # a pawn: a double step leaves an en passant square; one may be taken
        step = target - origin
        if step in (16, -16):
            ep_square = origin + step // 2
        elif target == board.ep_square and step in (7, 9, -7, -9) \
                and not board.occupied & to_bb:
            taken = ~(1 << (target - 8 if us else target + 8))
            pieces[0] &= taken
            enemy &= taken
            promoted &= taken
    elif mover == 5:  # the king: its side's rights go; a two-square step castles
        rights &= ~_BACK_RANK[us]
        if target - origin in (2, -2):
            rook = _CASTLING_ROOK_SQUARES[target]
            pieces[3] ^= rook
            own ^= rook
            promoted &= ~rook
    rights &= ~(from_bb | to_bb)
    (state["pawns"], state["knights"], state["bishops"], state["rooks"], state["queens"],
     state["kings"]) = pieces
    colours = [enemy, own] if us else [own, enemy]
    state["occupied_co"] = colours
    state["occupied"] = own | enemy
    state["promoted"] = promoted
    state["castling_rights"] = rights
    state["ep_square"] = ep_square
    state["turn"] = not us
    state["halfmove_clock"] = 0 if zeroing else board.halfmove_clock + 1
    if not us:
        state["fullmove_number"] = board.fullmove_number + 1
    irreversible = zeroing or rights != cleaned or (
        board.ep_square is not None and board.has_legal_en_passant())
    return _stackless_board(state), irreversible


def _stackless_board(state: dict[str, object]) -> chess.Board:
    """A new board whose attributes are ``state`` (a copy of another board's, changed),
    handed over whole, with an empty move stack of its own."""
    state["move_stack"] = []
    state["_stack"] = []
    after = _new_board(chess.Board)
    after.__dict__ = state
    return after


def passed(board: chess.Board) -> chess.Board:
    """A new board with the turn passed on ``board`` (left unchanged), without a move
    stack: what ``push(chess.Move.null())`` leaves on a copy, written directly for the
    same reason as `played` (null-move pruning passes at many nodes of a search)."""
    state = board.__dict__.copy()  # handed over whole, as in `played`
    state["castling_rights"] = board.clean_castling_rights() if board.castling_rights else 0
    state["ep_square"] = None
    state["turn"] = not board.turn
    state["halfmove_clock"] = board.halfmove_clock + 1
    if not board.turn:
        state["fullmove_number"] = board.fullmove_number + 1
    return _stackless_board(state)


def reclocked(board: chess.Board, halfmove_clock: int, fullmove_number: int) -> chess.Board:
    """A new board like ``board`` (left unchanged), without a move stack, with these
    clocks: a shared board (`ChessState.position`) with the clocks of a path that
    reached its position at other clocks (`ChessState.board`)."""
    state = board.__dict__.copy()  # handed over whole, as in `played`
    state["occupied_co"] = list(board.occupied_co)
    state["halfmove_clock"] = halfmove_clock
    state["fullmove_number"] = fullmove_number
    return _stackless_board(state)
