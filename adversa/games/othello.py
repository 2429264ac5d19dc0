"""Othello (Reversi): outflank the opponent's discs to turn them; most discs wins.

Black (player 0, ``X``) moves first from the standard start (d4 and e5 white, d5 and
e4 black). A move puts a disc on an empty square so that it closes at least one
straight line of opponent discs against one of the mover's own, and turns them all.
A side with no such move but whose opponent has one must **pass** (the move
``pass``, a ply like any other); the game ends when neither side can move. The
board is ``size`` × ``size`` (8 by default; 6 and 10 too).

Result: the disc count, as a margin (Black's discs minus White's). Empty squares
left at the end go to the winner (the World Othello Federation's rule), so a win
64–0 with squares left is still a margin of 64 at most.

Notation
    Move: the square, columns ``a``… left to right and rows ``1``… top to bottom, as
    Othello transcripts write it (Black's first moves are ``d3 c4 f5 e6``), or
    ``pass``.
    Position: the board row by row from ``a1`` (``X`` black, ``O`` white, ``-``
    empty), then the side to move (``X``/``O``), as the endgame test suites write it;
    also a transcript from the start such as ``f5d6c3`` (passes left out).

The state is the two bitboards seen from the side to move plus who that is, so the
search's hot path never converts colours; see `othello_bitboard` for the masks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from typing import ClassVar, NamedTuple

from adversa.games import othello_takeover
from adversa.games.base import (
    FINISHED,
    SETTLED,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Option,
    OptionError,
    Outcome,
    ProbeBudget,
    illegal_move_message,
    rules_of,
)
from adversa.games.othello_bitboard import PASS, Geometry, geometry
from adversa.games.othello_eval import othello_evaluator
from adversa.games.othello_takeover import SolverProbe, takeover_empties
from adversa.games.registry import ForRules, GameEntry, OpeningList, SolveLimits

DISCS = ("X", "O")
"""How positions write Black's and White's discs."""

_SQUARE = re.compile(r"([a-z])([0-9]{1,2})")
_TRANSCRIPT = re.compile(r"(?:[a-z][0-9]{1,2})+")


class OthelloState(NamedTuple):
    """A position: the discs of the side to move (``mine``), of the other side
    (``theirs``), and who moves (0 Black, 1 White)."""

    mine: int
    theirs: int
    mover: int


Square = int
"""A move is a square index (``a1`` = 0, row-major from the top) or `PASS`."""


class Othello(Game[OthelloState, Square]):
    """Othello on a ``size`` × ``size`` board; the result is the disc margin."""

    name: ClassVar[str] = "othello"
    title: ClassVar[str] = "Othello (Reversi)"
    description: ClassVar[str] = (
        "Place discs to outflank and turn the opponent's; a side without a move passes, "
        "and the most discs at the end wins (empty squares count for the winner)."
    )
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("size", "int", 8, "Board side: 6, 8 or 10 squares. The result is the disc "
               "margin; empty squares left at the end count for the winner.",
               minimum=6, maximum=10),
    )
    margin_utilities: ClassVar[bool] = True

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.size = self.option("size", int)
        if self.size not in (6, 8, 10):
            raise OptionError(f"option 'size': {self.size} is not a board side; "
                              "expected 6, 8 or 10")
        self.board: Geometry = geometry(self.size)
        self.squares = self.board.squares

    # ---- players and flow -------------------------------------------------

    def player_name(self, player: int) -> str:
        return ("Black", "White")[player]

    def initial_state(self) -> OthelloState:
        half = self.size // 2
        north_west = (half - 1) * self.size + half - 1
        white = (1 << north_west) | (1 << (north_west + self.size + 1))
        black = (1 << (north_west + 1)) | (1 << (north_west + self.size))
        return OthelloState(black, white, 0)

    def to_move(self, state: OthelloState) -> int:
        return state.mover

    def legal_moves(self, state: OthelloState) -> list[Square]:
        """Squares in board order; ``[PASS]`` when only the opponent can move."""
        moves = self.board.move_mask(state.mine, state.theirs)
        if moves:
            found = []
            while moves:
                low = moves & -moves
                found.append(low.bit_length() - 1)
                moves ^= low
            return found
        if self.board.move_mask(state.theirs, state.mine):
            return [PASS]
        return []

    def result(self, state: OthelloState, move: Square) -> OthelloState:
        mine, theirs, mover = state
        if move == PASS:
            return OthelloState(theirs, mine, 1 - mover)
        flipped = self.board.flips(mine, theirs, move)
        return OthelloState(theirs ^ flipped, mine | flipped | (1 << move), 1 - mover)

    def is_terminal(self, state: OthelloState) -> bool:
        move_mask = self.board.move_mask
        return not move_mask(state.mine, state.theirs) and not move_mask(state.theirs,
                                                                         state.mine)

    def leaf_status(self, state: OthelloState) -> int:
        return FINISHED if self.is_terminal(state) else SETTLED

    def discs(self, state: OthelloState) -> tuple[int, int]:
        """Black's and White's disc counts."""
        mine, theirs = state.mine.bit_count(), state.theirs.bit_count()
        return (mine, theirs) if state.mover == 0 else (theirs, mine)

    def margin(self, state: OthelloState) -> int:
        """Black's final margin: discs minus discs, the empty squares to the winner."""
        black, white = self.discs(state)
        empty = self.squares - black - white
        if black > white:
            return black - white + empty
        if white > black:
            return black - white - empty
        return 0

    def utility(self, state: OthelloState) -> tuple[float, ...]:
        margin = float(self.margin(state))
        return (margin, -margin)

    def utility_bounds(self) -> tuple[float, float]:
        return (-float(self.squares), float(self.squares))

    def outcome(self, state: OthelloState) -> Outcome | None:
        if not self.is_terminal(state):
            return None
        black, white = self.discs(state)
        margin = self.margin(state)
        winner = None if margin == 0 else 0 if margin > 0 else 1
        return Outcome(winner, f"{black}–{white} in discs", (float(margin), float(-margin)))

    # ---- search helpers -----------------------------------------------------

    def transposition_key(self, state: OthelloState) -> Hashable:
        """The discs as one int (mover's in the high half) and the mover."""
        return (state.mine << self.squares | state.theirs) * 2 + state.mover

    def endgame_probe(self, root: OthelloState, budget: ProbeBudget
                      ) -> Callable[[OthelloState], tuple[float, int] | None] | None:
        """The exact solver, once the root has no more empty squares than the
        ``budget`` can solve (`othello_takeover.takeover_empties`): the search then hands
        every position below the root to it, so the root's value is the final disc
        margin ("exact: win by 6"). None before: many separate solves inside a deeper
        search would not respect its time. A solve that overruns its share of the
        budget, or is stopped, is given up and the oracle answers None from then on."""
        empties = self.squares - (root.mine | root.theirs).bit_count()
        pace = othello_takeover.PACE  # this process's, however the rules object came here
        if empties > takeover_empties(budget, pace):
            return None
        solve = SolverProbe(self.board, budget, pace)  # one table for the whole search
        squares = self.squares

        def probe(state: OthelloState) -> tuple[float, int] | None:
            margin = solve(state.mine, state.theirs)
            if margin is None:
                return None
            return float(margin), squares - (state.mine | state.theirs).bit_count()

        return probe

    def perft(self, state: OthelloState, depth: int) -> int:
        """Leaves ``depth`` plies below ``state``, counted on the bare bitboards as the
        published Othello tables count them: unlike chess perft (`adversa.games.perft`),
        a game that ends before the horizon is one leaf (`Geometry.perft`)."""
        return self.board.perft(state.mine, state.theirs, depth)

    # ---- accessors for boards and widgets -----------------------------------

    def disc(self, state: OthelloState, row: int, col: int) -> str | None:
        """``"X"``, ``"O"`` or None at ``row`` (0 = top) and ``col`` (0 = left)."""
        bit = 1 << (row * self.size + col)
        if state.mine & bit:
            return DISCS[state.mover]
        if state.theirs & bit:
            return DISCS[1 - state.mover]
        return None

    def flipped_by(self, state: OthelloState, move: Square) -> list[tuple[int, int]]:
        """(row, col) of each disc that ``move`` turns over in ``state``."""
        if move == PASS:
            return []
        flipped = self.board.flips(state.mine, state.theirs, move)
        return [divmod(square, self.size) for square in range(self.squares)
                if flipped >> square & 1]

    def square_name(self, square: Square) -> str:
        row, col = divmod(square, self.size)
        return f"{chr(ord('a') + col)}{row + 1}"

    # ---- notation -----------------------------------------------------------

    def format_move(self, state: OthelloState, move: Square) -> str:
        return "pass" if move == PASS else self.square_name(move)

    def _square(self, text: str) -> Square:
        word = text.strip().lower()
        match = _SQUARE.fullmatch(word)
        last = chr(ord("a") + self.size - 1)
        if match is None or not "a" <= match[1] <= last or not 1 <= int(match[2]) <= self.size:
            raise InvalidMoveError(
                f"move {text!r} is not a square; expected a1–{last}{self.size} or pass"
            )
        return (int(match[2]) - 1) * self.size + ord(match[1]) - ord("a")

    def parse_move(self, state: OthelloState, text: str) -> Square:
        legal = self.legal_moves(state)
        move = PASS if text.strip().lower() == "pass" else self._square(text)
        if move in legal:
            return move
        names = self.format_moves(state, legal)
        if move == PASS and legal:
            raise IllegalMoveError(f"move 'pass' is not legal: {self.player_name(state.mover)} "
                                   f"has moves; legal moves: {', '.join(names)}")
        if legal == [PASS]:
            raise IllegalMoveError(f"move {text!r} is not legal: {self.player_name(state.mover)}"
                                   " has no move and must pass; legal moves: pass")
        raise IllegalMoveError(illegal_move_message(text, names))

    def format_position(self, state: OthelloState) -> str:
        cells = []
        for square in range(self.squares):
            bit = 1 << square
            cells.append(DISCS[state.mover] if state.mine & bit
                         else DISCS[1 - state.mover] if state.theirs & bit else "-")
        return "".join(cells) + " " + DISCS[state.mover]

    def parse_position(self, text: str) -> OthelloState:
        compact = "".join(text.split())
        if _TRANSCRIPT.fullmatch(compact.lower()):
            return self.play_transcript(compact.lower())
        expected = (f"expected {self.squares} squares (X, O or -) from a1 row by row, then "
                    "the side to move X or O, or a transcript such as f5d6c3")
        if len(compact) != self.squares + 1:
            raise InvalidPositionError(f"position {text!r} has {len(compact)} characters; "
                                       + expected)
        black = white = 0
        for square, char in enumerate(compact[: self.squares].upper()):
            if char == "X" or char == "*":
                black |= 1 << square
            elif char == "O":
                white |= 1 << square
            elif char not in "-.":
                raise InvalidPositionError(
                    f"position {text!r} has the square {char!r}; " + expected)
        side = compact[-1].upper()
        if side not in DISCS:
            raise InvalidPositionError(
                f"position {text!r} has the side to move {compact[-1]!r}; expected X or O")
        if side == "X":
            return OthelloState(black, white, 0)
        return OthelloState(white, black, 1)

    def play_transcript(self, transcript: str) -> OthelloState:
        """The position after a transcript such as ``f5d6c3`` from the start; a side
        that must pass passes without it being written."""
        state = self.initial_state()
        words = re.findall(r"[a-z][0-9]{1,2}", transcript)
        for index, word in enumerate(words, start=1):
            if self.legal_moves(state) == [PASS]:
                state = self.result(state, PASS)
            try:
                state = self.result(state, self.parse_move(state, word))
            except (InvalidMoveError, IllegalMoveError) as error:
                raise InvalidPositionError(
                    f"transcript {transcript!r}: move {index} ({word}): {error}") from None
        return state

    def transcript(self, state: OthelloState, moves: list[Square]) -> str:
        """The moves from ``state`` as one word (``f5d6c3``), passes left out."""
        return "".join(self.square_name(move) for move in moves if move != PASS)

    def render(self, state: OthelloState) -> str:
        letters = "".join(chr(ord("a") + col) for col in range(self.size))
        lines = ["   " + " ".join(letters)]
        for row in range(self.size):
            cells = " ".join(self.disc(state, row, col) or "." for col in range(self.size))
            lines.append(f"{row + 1:>2} {cells}")
        black, white = self.discs(state)
        outcome = self.outcome(state)
        if outcome is None:
            lines.append(f"Black {black}, White {white}; {self.player_name(state.mover)} to move")
        elif outcome.winner is None:
            lines.append(f"draw, {black}–{white}")
        else:
            lines.append(f"{self.player_name(outcome.winner)} wins {black}–{white}")
        return "\n".join(lines)


# --------------------------------------------------------------------------- registration

MAX_EMPTY_SQUARES = 14
"""Most empty squares `adversa solve` takes without a time budget, so that such a solve
ends in seconds (`benchmarks/bench_othello_endgame.py --empties N` times the solver)."""


def too_big_to_solve(game: Game[OthelloState, Square], state: OthelloState) -> str | None:
    empty = rules_of(game, Othello).squares - (state.mine | state.theirs).bit_count()
    if empty <= MAX_EMPTY_SQUARES:
        return None
    return (f"Othello positions with at most {MAX_EMPTY_SQUARES} empty squares "
            f"(this one has {empty})")


OPENINGS = OpeningList(
    title="Othello openings",
    lines=("f5 d6 c3 d3 c4", "f5 d6 c5 f4 e3", "f5 f6 e6 f4 e3", "f5 f4 e3 f6 d3",
           "f5 d6 c4 d3 c3", "f5 f6 e6 f4 g5", "f5 d6 c5 f4 d3", "f5 d6 c3 d3 c4 f4",
           "f5 f6 e6 d6 e7", "f5 f6 e6 f4 c3", "f5 d6 c4 d3 e6", "f5 f4 e3 d6 c5",
           "f5 d6 c3 d3 c4 f4 f6", "f5 f6 e6 f4 e3 c5", "f5 d6 c5 f4 e3 c6", "f5 f4 e3 f6 d3 c5"),
)
"""Short lines of the usual openings (perpendicular, diagonal, parallel), for matches."""


ENTRY = GameEntry(
    rules=Othello,
    engines=("alphabeta depth=64 time=2", "mcts time=2"),
    evaluator=ForRules(Othello, othello_evaluator),
    solve=SolveLimits(
        label="Othello",
        too_big=too_big_to_solve,
        rule=f"more than {MAX_EMPTY_SQUARES} empty Othello squares",
    ),
    openings={"othello": OPENINGS},
    max_plies=200,
)
