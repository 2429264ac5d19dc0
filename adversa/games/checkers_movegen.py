"""Checkers move generation on ghost-square bitboards: the hot path of every checkers search.

Every function here takes the mover's pieces (``own``), the opponent's (``opp``)
and all kings, as ints in the layout of `adversa.games.checkers_board`;
`adversa.games.checkers.Checkers` and perft share them. Moves are named tuples
that carry XOR masks, so applying one is a few XORs. Every quiet move and every
single jump is built once at import and shared; only multi-jumps are built
during a search.

Speed over elegance, on purpose:

- Whether a side can capture is a few shifted-mask ANDs over whole bitboards
  (`black_jumpers`), so positions without a capture — most of them — never
  look at a single square's jumps.
- Quiet moves come from tables per pair of rows (`_by_row_pairs`): a direction's
  whole set of target squares is four list lookups, not a loop over its bits.
- Each square's jumps are precomputed per colour and kind of piece, with the
  finished single-jump move and the jumps that could follow from the landing
  square; a jump that cannot be continued (the usual case) is one table lookup.
- The black and white generators are mirror images written out twice: a shift
  direction cannot be a parameter without costing a call or a branch per step.
"""

from __future__ import annotations

from typing import NamedTuple

from adversa.games.checkers_board import (
    BIT_SQUARE,
    BLACK,
    CROWN_ROWS,
    DOWN,
    INDEX_SQUARE,
    UP,
    VALID,
    WHITE,
    ZOBRIST_KING,
    ZOBRIST_PIECE,
    ZOBRIST_WHITE_TO_MOVE,
)

_new_tuple = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (2× faster)


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


# --------------------------------------------------------------------------- quiet moves


def _quiet_moves(player: int, step: int, king: bool) -> dict[int, CheckersMove]:
    """Target bit → the quiet move of a man or king of ``player`` arriving by ``step``."""
    pieces, crown_row = ZOBRIST_PIECE[player], CROWN_ROWS[player]
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


BLACK_MAN_MOVES = (_quiet_moves(BLACK, 4, False), _quiet_moves(BLACK, 5, False))
BLACK_KING_MOVES = tuple(_quiet_moves(BLACK, step, True) for step in (*DOWN, *UP))
WHITE_MAN_MOVES = (_quiet_moves(WHITE, -4, False), _quiet_moves(WHITE, -5, False))
WHITE_KING_MOVES = tuple(_quiet_moves(WHITE, step, True) for step in (*UP, *DOWN))

RowPairTable = tuple[list[tuple[CheckersMove, ...]], ...]
"""One table per pair of rows: 8 squares → the moves onto any subset of them (`_by_row_pairs`)."""


def _by_row_pairs(table: dict[int, CheckersMove]) -> RowPairTable:
    """``table`` split by pairs of rows, so that a whole set of targets costs four lookups.

    In the ghost layout each pair of rows is one 9-bit slice (8 squares, then a ghost bit
    that is never a target; the last pair has none), so ``targets >> 9 * pair & 255``
    indexes a list of the moves onto those squares, ascending: the order of a bit-by-bit
    loop, at about half the cost.
    """
    tables = []
    for pair in range(4):
        by_subset: list[tuple[CheckersMove, ...]] = [()]
        for subset in range(1, 256):  # each subset = a smaller one plus its highest square
            highest = 1 << (subset.bit_length() - 1)
            move = table.get(highest << 9 * pair)
            by_subset.append(by_subset[subset ^ highest] + ((move,) if move else ()))
        tables.append(by_subset)
    return tuple(tables)


_BLACK_MAN_ROWS = tuple(_by_row_pairs(table) for table in BLACK_MAN_MOVES)
_BLACK_KING_ROWS = tuple(_by_row_pairs(table) for table in BLACK_KING_MOVES)
_WHITE_MAN_ROWS = tuple(_by_row_pairs(table) for table in WHITE_MAN_MOVES)
_WHITE_KING_ROWS = tuple(_by_row_pairs(table) for table in WHITE_KING_MOVES)


# --------------------------------------------------------------------------- jump tables

Jump = tuple[CheckersMove, CheckersMove, int, tuple[tuple[int, int], ...], int, int, int]
"""What a jump does, read only once it is known to be possible:
``(over_man, over_king, swap, onward, land_square, key_delta, kings_delta)``.

- ``over_man``/``over_king``: the whole move when this jump is all of it, capturing a man
  or a king (built once, shared by every search).
- ``swap`` is ``start | land``: XORed into the empty set (and the mover's) it moves the piece.
- ``onward``: the ``(over, land)`` bit pairs of the jumps that could follow from the landing
  square, except back over the piece just taken; empty when the jump crowns a man, which
  ends the move.
- ``key_delta``/``kings_delta``: this jump's share of a multi-jump's masks, capturing a man,
  without the side to move (both telescope: jumping A to B to C moves the piece exactly as
  a step from A to C would).
"""
JumpTable = dict[int, tuple[tuple[int, int, int, Jump], ...]]
"""Square bit → ``(over, land, onward_overs, jump)`` per direction: the two bits a jump needs
(an opponent's piece, then an empty square), the ``over`` bits of the jump's ``onward`` pairs (no
opponent there — the usual case — means no jump can follow, one AND), and `Jump`."""


def _jump_table(player: int, steps: tuple[int, ...], king: bool) -> JumpTable:
    """The jumps of a man (forward ``steps``) or king (all four) of ``player``, per square."""
    pieces, enemy = ZOBRIST_PIECE[player], ZOBRIST_PIECE[1 - player]
    crown_row = 0 if king else CROWN_ROWS[player]
    side = ZOBRIST_WHITE_TO_MOVE

    def pairs(bit: int) -> list[tuple[int, int]]:
        """(over bit, land bit) of the jumps from ``bit`` that stay on the board."""
        index = bit.bit_length() - 1
        return [(1 << (index + step), 1 << (index + 2 * step)) for step in steps
                if index + step in INDEX_SQUARE and index + 2 * step in INDEX_SQUARE]

    table: JumpTable = {}
    for start, start_square in BIT_SQUARE.items():
        jumps = []
        for over, land in pairs(start):
            key_delta = pieces[start] ^ pieces[land] ^ enemy[over]
            if king:
                kings_delta = start | land
                key_delta ^= ZOBRIST_KING[start] ^ ZOBRIST_KING[land]
            elif land & crown_row:
                kings_delta = land
                key_delta ^= ZOBRIST_KING[land]
            else:
                kings_delta = 0
            onward = () if land & crown_row else tuple(
                (next_over, next_land) for next_over, next_land in pairs(land)
                if next_over != over
            )
            path = (start_square, BIT_SQUARE[land])
            over_man = CheckersMove(path, start | land, over, kings_delta, key_delta ^ side)
            over_king = CheckersMove(path, start | land, over, kings_delta ^ over,
                                     key_delta ^ ZOBRIST_KING[over] ^ side)
            jump: Jump = (over_man, over_king, start | land, onward, BIT_SQUARE[land],
                          key_delta, kings_delta)
            onward_overs = sum(next_over for next_over, _ in onward)
            jumps.append((over, land, onward_overs, jump))
        table[start] = tuple(jumps)
    return table


MAN_JUMPS = (_jump_table(BLACK, DOWN, False), _jump_table(WHITE, UP, False))
"""Per colour: men jump forwards only."""
KING_JUMPS = (_jump_table(BLACK, (*DOWN, *UP), True), _jump_table(WHITE, (*DOWN, *UP), True))
"""Per colour (the keys differ): kings jump in all four directions."""


# --------------------------------------------------------------------------- generation


def black_jumpers(own: int, opp: int, kings: int, empty: int) -> int:
    """Black pieces that can capture: an opponent next to them and an empty square beyond."""
    jumpers = ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & own
    own_kings = own & kings
    if own_kings:
        jumpers |= ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & own_kings
    return jumpers


def white_jumpers(own: int, opp: int, kings: int, empty: int) -> int:
    """Mirror of `black_jumpers`."""
    jumpers = ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & own
    own_kings = own & kings
    if own_kings:
        jumpers |= ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & own_kings
    return jumpers


def _quiet(targets: int, tables: RowPairTable) -> list[CheckersMove]:
    """The quiet moves onto ``targets``, ascending, from one `RowPairTable`."""
    first, second, third, fourth = tables
    return [*first[targets & 255], *second[targets >> 9 & 255], *third[targets >> 18 & 255],
            *fourth[targets >> 27]]


def black_moves(own: int, opp: int, kings: int) -> list[CheckersMove]:
    """Black's legal moves (captures only, when there is one), each direction's in turn.

    `black_jumpers` and the men's `_quiet` are written out here for speed: this runs
    at every node of a search.
    """
    empty = VALID ^ (own | opp)
    own_kings = own & kings
    jumpers = ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & own
    if own_kings:
        jumpers |= ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & own_kings
    if jumpers:
        return _captures(jumpers, opp, kings, empty, MAN_JUMPS[BLACK], KING_JUMPS[BLACK])
    men = own ^ own_kings
    left, right = (men << 4) & empty, (men << 5) & empty
    (left0, left1, left2, left3), (right0, right1, right2, right3) = _BLACK_MAN_ROWS
    moves = [*left0[left & 255], *left1[left >> 9 & 255], *left2[left >> 18 & 255],
             *left3[left >> 27], *right0[right & 255], *right1[right >> 9 & 255],
             *right2[right >> 18 & 255], *right3[right >> 27]]
    if own_kings:
        down_left, down_right, up_right, up_left = _BLACK_KING_ROWS
        moves += _quiet((own_kings << 4) & empty, down_left)
        moves += _quiet((own_kings << 5) & empty, down_right)
        moves += _quiet((own_kings >> 4) & empty, up_right)
        moves += _quiet((own_kings >> 5) & empty, up_left)
    return moves


def white_moves(own: int, opp: int, kings: int) -> list[CheckersMove]:
    """Mirror of `black_moves`."""
    empty = VALID ^ (own | opp)
    own_kings = own & kings
    jumpers = ((((empty << 4) & opp) << 4) | (((empty << 5) & opp) << 5)) & own
    if own_kings:
        jumpers |= ((((empty >> 4) & opp) >> 4) | (((empty >> 5) & opp) >> 5)) & own_kings
    if jumpers:
        return _captures(jumpers, opp, kings, empty, MAN_JUMPS[WHITE], KING_JUMPS[WHITE])
    men = own ^ own_kings
    right, left = (men >> 4) & empty, (men >> 5) & empty
    (right0, right1, right2, right3), (left0, left1, left2, left3) = _WHITE_MAN_ROWS
    moves = [*right0[right & 255], *right1[right >> 9 & 255], *right2[right >> 18 & 255],
             *right3[right >> 27], *left0[left & 255], *left1[left >> 9 & 255],
             *left2[left >> 18 & 255], *left3[left >> 27]]
    if own_kings:
        up_right, up_left, down_left, down_right = _WHITE_KING_ROWS
        moves += _quiet((own_kings >> 4) & empty, up_right)
        moves += _quiet((own_kings >> 5) & empty, up_left)
        moves += _quiet((own_kings << 4) & empty, down_left)
        moves += _quiet((own_kings << 5) & empty, down_right)
    return moves


def _captures(
    jumpers: int, opp: int, kings: int, empty: int, man_jumps: JumpTable, king_jumps: JumpTable
) -> list[CheckersMove]:
    """Every complete capture sequence of the ``jumpers``, as moves.

    Order: by start square, then by direction in table order, depth first —
    searches depend on it (move ordering ties), so it must not change.
    A jumped piece leaves ``opp`` at once (it cannot be jumped twice) but its
    square stays occupied; no landing square can ever be a jumped square, because
    landings keep the row parity of the start and jumped squares have the other.
    """
    moves: list[CheckersMove] = []
    while jumpers:
        start = jumpers & -jumpers
        jumpers ^= start
        table = king_jumps if start & kings else man_jumps
        for over, land, onward_overs, jump in table[start]:
            # jump[0]/[1]: the whole move over a man/king; [2]: swap; [3]: onward (`Jump`)
            if over & opp and land & empty:
                if onward_overs & opp:  # an opponent next to the landing square: look further
                    opp_after, empty_after = opp ^ over, empty ^ jump[2]
                    for next_over, next_land in jump[3]:
                        if next_over & opp_after and next_land & empty_after:
                            _jump_on(moves, table, land, opp_after, empty_after, kings,
                                     *jump[1 if over & kings else 0])  # type: ignore[misc]
                            break
                    else:
                        moves.append(jump[1] if over & kings else jump[0])
                else:
                    moves.append(jump[1] if over & kings else jump[0])
    return moves


def _jump_on(
    moves: list[CheckersMove], table: JumpTable, at: int, opp: int, empty: int, kings: int,
    path: tuple[int, ...], moved: int, captured: int, kings_delta: int, key_delta: int,
) -> None:
    """Append every completion of a multi-jump that can go on from square bit ``at``."""
    for over, land, onward_overs, jump in table[at]:
        if over & opp and land & empty:
            _, _, swap, onward, land_square, jump_key, jump_kings = jump
            if over & kings:
                jump_key ^= ZOBRIST_KING[over]
                jump_kings ^= over
            sequence = ((*path, land_square), moved ^ swap, captured | over,
                        kings_delta ^ jump_kings, key_delta ^ jump_key)
            opp_after, empty_after = opp ^ over, empty ^ swap
            if onward_overs & opp:
                for next_over, next_land in onward:
                    if next_over & opp_after and next_land & empty_after:
                        _jump_on(moves, table, land, opp_after, empty_after, kings,
                                 *sequence)
                        break
                else:
                    moves.append(_new_tuple(CheckersMove, sequence))
            else:
                moves.append(_new_tuple(CheckersMove, sequence))


# --------------------------------------------------------------------------- counting (perft)


def _count_jumps(table: JumpTable, at: int, opp: int, empty: int) -> int:
    """How many complete sequences continue from square bit ``at`` (1 when none does)."""
    count = 0
    for over, land, onward_overs, jump in table[at]:
        if over & opp and land & empty:
            if onward_overs & opp:
                count += _count_jumps(table, land, opp ^ over, empty ^ jump[2])
            else:
                count += 1
    return count or 1


def _count_captures(player: int, jumpers: int, opp: int, kings: int, empty: int) -> int:
    man_jumps, king_jumps = MAN_JUMPS[player], KING_JUMPS[player]
    count = 0
    while jumpers:
        start = jumpers & -jumpers
        jumpers ^= start
        table = king_jumps if start & kings else man_jumps
        count += _count_jumps(table, start, opp, empty)
    return count


def _count_black_moves(own: int, opp: int, kings: int) -> int:
    """len(black_moves(...)) without building a move: popcounts of shifted masks."""
    empty = VALID ^ (own | opp)
    jumpers = black_jumpers(own, opp, kings, empty)
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
    jumpers = white_jumpers(own, opp, kings, empty)
    if jumpers:
        return _count_captures(WHITE, jumpers, opp, kings, empty)
    count = ((own >> 4) & empty).bit_count() + ((own >> 5) & empty).bit_count()
    own_kings = own & kings
    if own_kings:
        count += ((own_kings << 4) & empty).bit_count() + ((own_kings << 5) & empty).bit_count()
    return count


GENERATORS = (black_moves, white_moves)
COUNTERS = (_count_black_moves, _count_white_moves)


def has_move(player: int, own: int, opp: int, kings: int) -> bool:
    """Whether ``player`` has any legal move (cheaper than generating them)."""
    empty = VALID ^ (own | opp)
    own_kings = own & kings
    if player == BLACK:
        steps = ((own << 4) | (own << 5) | (own_kings >> 4) | (own_kings >> 5)) & empty
        return bool(steps or black_jumpers(own, opp, kings, empty))
    steps = ((own >> 4) | (own >> 5) | (own_kings << 4) | (own_kings << 5)) & empty
    return bool(steps or white_jumpers(own, opp, kings, empty))


def perft_leaves(own: int, opp: int, kings: int, player: int, depth: int) -> int:
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
        total += perft_leaves(opp ^ captured, own ^ moved, kings ^ kings_delta, 1 - player,
                              depth - 1)
    return total
