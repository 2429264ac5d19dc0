"""American checkers (English draughts): 8×8, short kings, compulsory captures.

Black starts on squares 1–12 and moves first, towards higher numbers; White
starts on 21–32 (numbering as in every checkers book, see `checkers_board`).
The game is split in three modules, by concept:

- `adversa.games.checkers_board` — square numbering, the *ghost-square* bitboard
  layout (a position is three ints: Black's pieces, White's, the kings) and the
  Zobrist keys;
- `adversa.games.checkers_movegen` — moves (`CheckersMove`, XOR masks applied in a
  few XORs), move generation and perft counting: the hot path of every search;
- this module — states, the draw rules, notation and the `Checkers` game, which
  the registry loads. Every public name of the other two is importable from here.

States are immutable named tuples carrying an incrementally updated Zobrist key
and the keys of the positions since the last irreversible move (for the
repetition and 40-move draws).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import pairwise
from operator import attrgetter
from typing import ClassVar, NamedTuple

from adversa.games import pdn
from adversa.games.base import (
    CAPTURE_PENDING,
    FINISHED,
    SETTLED,
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    Outcome,
    ProbeBudget,
    illegal_move_message,
)
from adversa.games.checkers_ballot import BALLOT
from adversa.games.checkers_board import (
    BIT_SQUARE,
    BLACK,
    BLACK_CROWN_ROW,
    CROWN_ROWS,
    DOWN,
    INDEX_SQUARE,
    SQUARE_BIT,
    SQUARE_INDEX,
    SQUARES,
    UP,
    VALID,
    WHITE,
    WHITE_CROWN_ROW,
    ZOBRIST_KING,
    ZOBRIST_PIECE,
    ZOBRIST_WHITE_TO_MOVE,
    square_at,
    square_coordinates,
    squares_of,
    zobrist_key,
)
from adversa.games.checkers_endgame_index import (
    DRAW,
    EndgameDatabase,
    database_built,
    five_pieces_built,
    load_database,
)
from adversa.games.checkers_eval import checkers_evaluator
from adversa.games.checkers_movegen import (
    BLACK_KING_MOVES,
    BLACK_MAN_MOVES,
    COUNTERS,
    GENERATORS,
    KING_JUMPS,
    MAN_JUMPS,
    WHITE_KING_MOVES,
    WHITE_MAN_MOVES,
    CheckersMove,
    Jump,
    JumpTable,
    RowPairTable,
    black_jumpers,
    black_moves,
    has_move,
    perft_leaves,
    white_jumpers,
    white_moves,
)
from adversa.games.registry import EndgameTables, ForRules, GameEntry

__all__ = [  # the names of checkers_board and checkers_movegen too: import them from here
    "BIT_SQUARE", "BLACK", "BLACK_CROWN_ROW", "BLACK_KING_MOVES", "BLACK_MAN_MOVES", "COUNTERS",
    "CROWN_ROWS", "DOWN", "GENERATORS", "INDEX_SQUARE", "KING_JUMPS", "MAN_JUMPS",
    "QUIET_PLY_LIMIT", "SQUARES", "SQUARE_BIT", "SQUARE_INDEX", "UP", "VALID", "WHITE",
    "WHITE_CROWN_ROW", "WHITE_KING_MOVES", "WHITE_MAN_MOVES", "ZOBRIST_KING", "ZOBRIST_PIECE",
    "ZOBRIST_WHITE_TO_MOVE", "Checkers", "CheckersMove", "CheckersState", "Jump", "JumpTable",
    "RowPairTable", "black_jumpers", "black_moves", "has_move", "perft_leaves", "square_at",
    "square_coordinates", "squares_of", "white_jumpers", "white_moves", "zobrist_key",
]

ENDING_PIECES = 8
"""With this many pieces or fewer a position counts as an ending (`needs_full_width`)."""

ENDGAME_REACH = 12
"""Searches from a root with more pieces than this do not probe the endgame database: they
would not reach it, and every probe that misses still costs a call (measured: 14 % of the
search's speed in the opening)."""

QUIET_PLY_LIMIT = 80
"""40 moves by each side without a capture or a man move draw the game."""

_new_tuple = tuple.__new__  # builds a NamedTuple without its Python-level __new__ (2× faster)


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


class Checkers(Game[CheckersState, CheckersMove]):
    """American checkers with the ACF rules and two draw rules (see the README).

    Beyond the Game protocol, board widgets use `square_coordinates`, `square_at`,
    `pieces`, `move_path` and `captured_squares`; evaluations read the bitboards
    ``state.black``/``state.white``/``state.kings`` (layout in `checkers_board`).
    """

    name: ClassVar[str] = "checkers"
    title: ClassVar[str] = "Checkers (American / English draughts)"
    description: ClassVar[str] = (
        "8×8 draughts with short kings and compulsory captures; Black moves first."
    )
    captures_forced: ClassVar[bool] = True

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
            return black_moves(black, white, kings)
        return white_moves(white, black, kings)

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
        """A draw rule, or no legal move. Speed over elegance: a search without quiescence
        asks this at every horizon position, so `has_move` is written out here (a call
        less); a side that can step has a move, and only one that cannot needs the jumps."""
        black, white, kings, player, key, history = state
        if history and (len(history) >= QUIET_PLY_LIMIT or history.count(key) >= 2):
            return True
        empty = VALID ^ (black | white)
        if player == BLACK:
            back = black & kings
            if ((black << 4) | (black << 5) | (back >> 4) | (back >> 5)) & empty:
                return False
            return not black_jumpers(black, white, kings, empty)
        back = white & kings
        if ((white >> 4) | (white >> 5) | (back << 4) | (back << 5)) & empty:
            return False
        return not white_jumpers(white, black, kings, empty)

    def outcome(self, state: CheckersState) -> Outcome | None:
        """Priority: no legal move (a loss), then threefold repetition, then the 40-move rule."""
        black, white, kings, player, key, history = state
        own, opp = (black, white) if player == BLACK else (white, black)
        if not has_move(player, own, opp, kings):
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

    def transposition_key(self, state: CheckersState) -> int | tuple[int, tuple[int, ...]]:
        """The Zobrist key, paired with the history when there is one.

        Both draw rules look back: threefold repetition at the positions since the last
        capture or man move, the 40-move rule at how many there are. Two paths to one
        position with different such histories can have different values, so a table
        keyed on the board alone would hand one path's value to the other. The pair
        (position, history) determines the whole future of the game, so entries stay
        exact; after a capture or a man move the history is empty and the key is the
        bare int, so the middle game's transpositions (mostly via man moves) still meet.
        """
        history = state.history
        return (state.key, history) if history else state.key

    def needs_full_width(self, state: CheckersState) -> bool:
        """Endings (8 pieces or fewer, or kings only): one tempo decides them, and late
        move reductions lost won king endings, so the search stays full width there."""
        pieces = state.black | state.white
        return pieces.bit_count() <= ENDING_PIECES or not pieces & ~state.kings

    def endgame_probe(
        self, root: CheckersState, budget: ProbeBudget
    ) -> Callable[[CheckersState], tuple[float, int] | None] | None:
        """The endgame database's oracle, once ``adversa endgame build`` has made one and
        the ``root`` is near enough to it (`ENDGAME_REACH`); a lookup costs too little
        for the ``budget`` to matter."""
        if (root.black | root.white).bit_count() > ENDGAME_REACH:
            return None
        database = load_database()
        return None if database is None else endgame_oracle(database)

    def is_capture(self, state: CheckersState, move: CheckersMove) -> bool:
        return move.captured != 0

    def is_quiet(self, state: CheckersState) -> bool:
        """No capture pending: whether a capture exists, found with a few shifted-mask ANDs.

        Quiescence asks at every horizon node, so the test is written out here for speed
        (`checkers_movegen.black_jumpers` less a call): the landing squares of every jump
        at once, forwards for all pieces, then backwards for kings."""
        black, white, kings, player, _key, _history = state
        empty = VALID ^ (black | white)
        if player == BLACK:
            if ((((black << 4) & white) << 4) | (((black << 5) & white) << 5)) & empty:
                return False
            back = black & kings
            return not (back and ((((back >> 4) & white) >> 4)
                                  | (((back >> 5) & white) >> 5)) & empty)
        if ((((white >> 4) & black) >> 4) | (((white >> 5) & black) >> 5)) & empty:
            return False
        back = white & kings
        return not (back and ((((back << 4) & black) << 4) | (((back << 5) & black) << 5)) & empty)

    def leaf_status(self, state: CheckersState) -> int:
        """`is_terminal` and `is_quiet` in one pass (see `Game.leaf_status`).

        Speed over elegance: every search asks this at its horizon, so the draw rules
        and the jump test are written out once more here. With no jump pending, the
        side to move has a move exactly when one of its pieces can step.
        """
        black, white, kings, player, key, history = state
        if history and (len(history) >= QUIET_PLY_LIMIT or history.count(key) >= 2):
            return FINISHED
        empty = VALID ^ (black | white)
        if player == BLACK:
            if ((((black << 4) & white) << 4) | (((black << 5) & white) << 5)) & empty:
                return CAPTURE_PENDING
            back = black & kings
            steps = (black << 4) | (black << 5)
            if back:
                if ((((back >> 4) & white) >> 4) | (((back >> 5) & white) >> 5)) & empty:
                    return CAPTURE_PENDING
                steps |= (back >> 4) | (back >> 5)
            return SETTLED if steps & empty else FINISHED
        if ((((white >> 4) & black) >> 4) | (((white >> 5) & black) >> 5)) & empty:
            return CAPTURE_PENDING
        back = white & kings
        steps = (white >> 4) | (white >> 5)
        if back:
            if ((((back << 4) & black) << 4) | (((back << 5) & black) << 5)) & empty:
                return CAPTURE_PENDING
            steps |= (back << 4) | (back << 5)
        return SETTLED if steps & empty else FINISHED

    def perft(self, state: CheckersState, depth: int) -> int:
        """Move-path count at ``depth``, ignoring the draw rules (as published perft does)."""
        if depth <= 0:
            return 1
        black, white, kings, player, _key, _history = state
        own, opp = (black, white) if player == BLACK else (white, black)
        return perft_leaves(own, opp, kings, player, depth)

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

    def format_moves(self, state: CheckersState, moves: Iterable[CheckersMove]) -> list[str]:
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


def endgame_oracle(
    database: EndgameDatabase,
) -> Callable[[CheckersState], tuple[float, int] | None]:
    """`Game.endgame_probe`'s oracle over ``database``: exact where the draw rules cannot
    interfere.

    The database ignores the draw rules, so a win or loss is given only when it is over
    before the 40-move rule could strike (the plies played since the last capture or man
    move plus the distance stay within `QUIET_PLY_LIMIT`; captures on the way only reset
    that count) and no position since then has repeated: along a line where the winner
    keeps to the database the distance shrinks every ply, so no position of it repeats,
    and one seen once before comes round a second time at most. A draw is a draw with
    the rules too.
    """
    pieces = database.reach
    lookup = database.lookup

    def probe(state: CheckersState) -> tuple[float, int] | None:
        black, white, kings, player, _key, history = state
        if (black | white).bit_count() > pieces:
            return None
        byte = lookup(black, white, kings, player == WHITE)
        if byte is None:
            return None
        if byte == DRAW:
            return 0.0, 0
        distance = byte - 1
        if history and (len(history) + distance > QUIET_PLY_LIMIT
                        or len(set(history)) < len(history)):
            return None
        return (1.0 if distance & 1 else -1.0), distance

    return probe


# --------------------------------------------------------------------------- registration

ENTRY = GameEntry(
    rules=Checkers,
    # Late move reductions change values, so `alphabeta` keeps them opt-in for
    # teaching; the play engine takes them, and aspiration windows of 30 pts around the
    # last iteration's value (benchmarks/README.md, "bench_strength.py", has the matches).
    engines=("alphabeta depth=20 time=2 lmr=on aspiration=0.003",),
    evaluator=ForRules(Checkers, checkers_evaluator),
    unsolvable="solve cannot solve checkers: its game tree is far too big for an exact search",
    openings={"ballot": BALLOT},
    record=pdn.PDN_FORMAT,
    # The draw rules (threefold repetition, the 40-move rule) end drawn games; the cap only
    # catches what they miss, and must leave won king endings (three kings against two)
    # room to be played out: 200 plies cut them short (CHANGELOG, the 400-ply cap).
    max_plies=400,
    endgame=EndgameTables(
        title="the checkers endgame database (every position with up to 4 pieces)",
        built=database_built,
        command=("endgame", "build"),
        cost="about a minute of CPU and 8 MB on disk",
        larger=EndgameTables(
            title="the five-piece checkers endgame database",
            built=five_pieces_built,
            command=("endgame", "build", "--pieces", "5"),
            cost="about 15 minutes of CPU, 1.5 GB of memory while it builds, 190 MB on disk",
        ),
    ),
)

