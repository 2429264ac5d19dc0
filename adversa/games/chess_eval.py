"""Chess evaluation: material and piece-square tables, tapered from middle game to ending.

The lectures' weighted linear function: each piece is worth its material plus a bonus
for its square, with two sets of bonuses — one for the middle game, one for the ending —
blended by how much material is left (the *phase*: knights and bishops count 1, rooks
2, queens 4, 24 in all at the start). A king that hides in the corner while queens are
on the board must walk to the centre once they are gone; a pawn is worth more the
nearer it is to promotion, and far more so in the ending.

The tables are built from a few rules (centralisation, advancement, the king's
shelter) rather than typed in, so each number has a stated reason; values are in
centipawns from White's side (`raw_name` "cp"), divided by `CHESS_SCALE` to lie
strictly inside the utility range.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import chess

from adversa.games.base import Game
from adversa.games.evaluation import Evaluator, FutilityMargins

if TYPE_CHECKING:
    from adversa.games.chess_state import ChessState

CHESS_SCALE = 100_000.0
"""Centipawns are divided by this: even nine queens and every bonus stay far below it."""

MATERIAL_MG = (0, 82, 337, 365, 477, 1025, 0)
MATERIAL_EG = (0, 94, 281, 297, 512, 936, 0)
"""Centipawns by piece type (pawn … king) in the middle game and the ending: minor
pieces lose value and rooks and pawns gain it as the board empties."""

PHASE_WEIGHTS = (0, 0, 1, 1, 2, 4, 0)
FULL_PHASE = 24
TEMPO = 10
"""The side to move is a little better off than the static count says."""


def _centre_distance(square: int) -> float:
    """0 on the four centre squares, 3 on the corners (Chebyshev from the centre)."""
    file, rank = chess.square_file(square), chess.square_rank(square)
    return max(abs(file - 3.5), abs(rank - 3.5)) - 0.5


def _white_tables() -> dict[int, tuple[list[int], list[int]]]:
    """``piece type → (middle-game bonuses, ending bonuses)`` by square, White's view."""
    tables: dict[int, tuple[list[int], list[int]]] = {}
    squares = range(64)
    ranks = [chess.square_rank(square) for square in squares]
    files = [chess.square_file(square) for square in squares]
    centre = [_centre_distance(square) for square in squares]
    # Pawns: advance, central pawns more in the middle game; in the ending every step
    # toward promotion counts, growing near the last rank.
    pawn_mg = [0 if rank in (0, 7) else
               (rank - 1) * 6 + (12 if files[sq] in (3, 4) and rank in (3, 4) else 0)
               - (8 if files[sq] in (3, 4) and rank == 1 else 0)
               for sq, rank in enumerate(ranks)]
    pawn_eg = [0 if rank in (0, 7) else (rank - 1) * (rank - 1) * 5 + (rank - 1) * 4
               for rank in ranks]
    tables[chess.PAWN] = (pawn_mg, pawn_eg)
    # Knights: strongly centralised, poor on the rim.
    tables[chess.KNIGHT] = ([int(20 - 14 * d) for d in centre], [int(15 - 10 * d) for d in centre])
    # Bishops: central diagonals, off the back rank.
    tables[chess.BISHOP] = ([int(10 - 6 * d) - (8 if ranks[sq] == 0 else 0)
                             for sq, d in enumerate(centre)],
                            [int(8 - 5 * d) for d in centre])
    # Rooks: the seventh rank and the central files.
    tables[chess.ROOK] = ([(20 if rank == 6 else 0) + (6 if files[sq] in (3, 4) else 0)
                           for sq, rank in enumerate(ranks)],
                          [10 if rank == 6 else 0 for rank in ranks])
    # Queens: a little centralisation; no early sorties rewarded.
    tables[chess.QUEEN] = ([int(4 - 3 * d) for d in centre], [int(12 - 8 * d) for d in centre])
    # King: sheltered on the first rank by the corners in the middle game; central and
    # active in the ending.
    king_mg = [(-25 * rank) + (20 if rank == 0 and files[sq] in (1, 2, 6) else 0)
               - (15 if rank == 0 and files[sq] in (3, 4) else 0)
               for sq, rank in enumerate(ranks)]
    tables[chess.KING] = (king_mg, [int(30 - 20 * d) for d in centre])
    return tables


def _tables() -> tuple[list[list[int]], list[list[int]]]:
    """``[colour · 8 + piece type][square]`` → material plus bonus, middle game and ending,
    signed from White's side (Black's read on the mirrored square, negated)."""
    white = _white_tables()
    mg: list[list[int]] = [[0] * 64 for _ in range(16)]
    eg: list[list[int]] = [[0] * 64 for _ in range(16)]
    for piece_type in chess.PIECE_TYPES:
        bonus_mg, bonus_eg = white[piece_type]
        for square in range(64):
            mirrored = chess.square_mirror(square)
            mg[8 + piece_type][square] = MATERIAL_MG[piece_type] + bonus_mg[square]
            eg[8 + piece_type][square] = MATERIAL_EG[piece_type] + bonus_eg[square]
            mg[piece_type][square] = -(MATERIAL_MG[piece_type] + bonus_mg[mirrored])
            eg[piece_type][square] = -(MATERIAL_EG[piece_type] + bonus_eg[mirrored])
    return mg, eg


TABLE_MG, TABLE_EG = _tables()
"""Indexed by ``8 · colour + piece type`` (python-chess: White is True, 1)."""


def material_terms(board: chess.Board) -> tuple[int, int]:
    """The untapered sums (middle game, ending) of material plus square bonus, White's
    side: what `adversa.games.chess` keeps on each state and updates move by move."""
    mg = eg = 0
    scan = chess.scan_forward
    white, black = board.occupied_co[chess.WHITE], board.occupied_co[chess.BLACK]
    for piece_type, pieces in ((chess.PAWN, board.pawns), (chess.KNIGHT, board.knights),
                               (chess.BISHOP, board.bishops), (chess.ROOK, board.rooks),
                               (chess.QUEEN, board.queens), (chess.KING, board.kings)):
        for own, index in ((pieces & white, 8 + piece_type), (pieces & black, piece_type)):
            if own:
                table_mg, table_eg = TABLE_MG[index], TABLE_EG[index]
                for square in scan(own):
                    mg += table_mg[square]
                    eg += table_eg[square]
    return mg, eg


def game_phase(board: chess.Board) -> int:
    """How much of the middle game is left, by the pieces on the board: `FULL_PHASE`
    with the opening's minor and major pieces or more, 0 with none."""
    return min(FULL_PHASE, (board.knights | board.bishops).bit_count()
               + 2 * board.rooks.bit_count() + 4 * board.queens.bit_count())


def tapered(mg: int, eg: int, phase: int) -> int:
    """The middle-game and ending sums blended by the material left (``phase``)."""
    return (mg * phase + eg * (FULL_PHASE - phase)) // FULL_PHASE


def centipawns(board: chess.Board) -> int:
    """The tapered score in centipawns from White's side (no tempo), from scratch."""
    return tapered(*material_terms(board), game_phase(board))


DELTA_MARGIN = 200
"""Centipawns a capture may gain beyond its victim's material (and a promotion's): the
squares' bonuses, the phase's shift and the tempo. Delta pruning's customary two pawns."""

_LARGEST_MATERIAL = tuple(max(mg, eg) for mg, eg in zip(MATERIAL_MG, MATERIAL_EG, strict=True))


def capture_gain(board: chess.Board, move: chess.Move) -> float:
    """At most how much ``move`` raises the mover's static value (utility units): its
    victim's material at its largest (an en passant victim is a pawn), a promotion's
    gain over the pawn, and `DELTA_MARGIN`."""
    victim = board.piece_type_at(move.to_square) or (
        chess.PAWN if move.to_square == board.ep_square else 0)
    gain = _LARGEST_MATERIAL[victim] + DELTA_MARGIN
    if move.promotion:
        gain += _LARGEST_MATERIAL[move.promotion] - _LARGEST_MATERIAL[chess.PAWN]
    return gain / CHESS_SCALE


FUTILITY = FutilityMargins(frontier=100, per_ply=80)
"""Futility pruning's margins (centipawns). A quiet move changes the tapered sum by
less than 50 (a knight's two steps toward the centre, a pawn's double step, a rook to
the seventh rank) and the tempo by 20, so 100 bounds it one ply above the horizon (60
cut more but reached no depth sooner). For reverse futility, 80 a ply reached the same
depths in fewer nodes than 120 on benchmarks/bench_chess.py's six positions (scratch
runs of its ``nodes`` kind, before it existed)."""


def chess_evaluator(game: Game[ChessState, chess.Move]) -> Evaluator[ChessState]:
    """The tapered evaluation for the side asked about, plus a tempo for the mover."""

    def evaluate(state: ChessState, player: int) -> float:
        # The sums and the phase are kept on the state, updated move by move
        # (`Chess.result`): summing 32 pieces' tables here was a seventh of the search's
        # time, and counting the pieces for the phase a twentieth of an ending's. `tapered`,
        # written inline: this runs at every leaf.
        phase = state.phase
        score = ((state.mg * phase + state.eg * (FULL_PHASE - phase)) // FULL_PHASE
                 + (TEMPO if state.position.turn else -TEMPO))
        value = score / CHESS_SCALE
        return value if player == 0 else -value

    return Evaluator(evaluate, game, raw_scale=CHESS_SCALE, raw_name="cp", futility=FUTILITY)
