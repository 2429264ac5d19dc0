"""Grundy's game: split one pile into two non-empty piles of different sizes.

The player who cannot move (every pile has 1 or 2 objects) loses. The lecture
example starts from one pile of 7: ``7`` → ``6,1`` / ``5,2`` / ``4,3``.

Notation
    Position: pile sizes in order, with the Nim convention for the side to move
    (``4,2,1`` player 1 to move, ``4,2,1;2`` player 2; see `adversa.games.nim`).
    Move: ``PILE:SIZE`` splits SIZE objects off pile PILE (1-based), where SIZE
    is the *smaller* part, ``1 ≤ SIZE < PILE/2``, so every split is listed once.
    `parse_move` also accepts the larger part (``1:6`` on a pile of 7 means the
    same split as ``1:1``) and normalises it.

Pile order: the two parts replace the split pile in place, larger part first
(``6,1`` then ``1:2`` gives ``4,2,1``), which matches how the lecture writes
states. Piles are *not* sorted: sorting would renumber piles under the user's
feet, so ``PILE`` in a move always means the pile shown at that position.
The price is that ``4,2,1`` and ``4,1,2`` are different states of the same game
value; a search that wants to merge them can sort in its transposition key.
"""

from __future__ import annotations

from typing import ClassVar

from adversa.games.base import (
    Game,
    IllegalMoveError,
    Option,
    Outcome,
    illegal_move_message,
)
from adversa.games.nim import (
    PilesState,
    format_piles_position,
    parse_pile_pair,
    parse_piles_position,
    pile_memo_key,
)
from adversa.games.registry import GameEntry, SolveLimits

GrundyMove = tuple[int, int]
"""``(pile index from 0, size of the smaller part split off)``."""


class Grundy(Game[PilesState, GrundyMove]):
    """Grundy's game from a single pile (the ``pile`` option) or any position."""

    name: ClassVar[str] = "grundy"
    title: ClassVar[str] = "Grundy's game"
    description: ClassVar[str] = (
        "Split a pile into two unequal piles; whoever cannot move loses."
    )
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("pile", "int", 7, "Size of the starting pile.", minimum=1, maximum=1000),
    )

    def initial_state(self) -> PilesState:
        return PilesState((self.option("pile", int),), 0)

    def to_move(self, state: PilesState) -> int:
        return state.player

    def legal_moves(self, state: PilesState) -> list[GrundyMove]:
        """By pile, then by the size split off (1 first); only the smaller part."""
        return [
            (index, size)
            for index, pile in enumerate(state.piles)
            for size in range(1, (pile + 1) // 2)
        ]

    def result(self, state: PilesState, move: GrundyMove) -> PilesState:
        index, size = move
        piles = state.piles
        split = (*piles[:index], piles[index] - size, size, *piles[index + 1 :])
        return PilesState(split, 1 - state.player)

    def is_terminal(self, state: PilesState) -> bool:
        return all(pile <= 2 for pile in state.piles)

    def utility(self, state: PilesState) -> tuple[float, ...]:
        """The player to move cannot move, so the other player has won."""
        return (-1.0, 1.0) if state.player == 0 else (1.0, -1.0)

    def outcome(self, state: PilesState) -> Outcome | None:
        if not self.is_terminal(state):
            return None
        return Outcome(1 - state.player, "no pile can be split", self.utility(state))

    def piles(self, state: PilesState) -> tuple[int, ...]:
        """The pile sizes, in the order moves number them (pile 1 first)."""
        return state.piles

    # ---- notation -----------------------------------------------------------

    def format_move(self, state: PilesState, move: GrundyMove) -> str:
        return f"{move[0] + 1}:{move[1]}"

    def parse_move(self, state: PilesState, text: str) -> GrundyMove:
        index, size = parse_pile_pair(text, "SIZE")
        if 0 <= index < len(state.piles):
            size = min(size, state.piles[index] - size)  # the larger part names the same split
            if size >= 1 and 2 * size < state.piles[index]:
                return (index, size)
        raise IllegalMoveError(
            illegal_move_message(text, self.format_moves(state, self.legal_moves(state)))
        )

    def format_position(self, state: PilesState) -> str:
        return format_piles_position(state)

    def parse_position(self, text: str) -> PilesState:
        return parse_piles_position(text, minimum_pile=1)

    def render(self, state: PilesState) -> str:
        """The piles drawn as bars, in the lecture's ``6-1`` style, and whose turn it is."""
        bars = "  ".join("|" * pile for pile in state.piles)
        sizes = "-".join(str(pile) for pile in state.piles)
        return f"{bars}\n{sizes}   {self.player_name(state.player)} to move"


# --------------------------------------------------------------------------- registration

MAX_GRUNDY_PILE = 50
"""Largest pile solved without a time budget, so that such a solve ends in seconds; the
positions grow steeply with the pile (`benchmarks/bench_solve.py --piles 26,40,50`
times them, benchmarks/RESULTS.md)."""


def too_big_to_solve(game: Game[PilesState, GrundyMove], state: PilesState) -> str | None:
    if max(state.piles, default=0) <= MAX_GRUNDY_PILE:
        return None
    return f"Grundy's game up to a pile of {MAX_GRUNDY_PILE}"


ENTRY = GameEntry(
    rules=Grundy,
    engines=("solve", "alphabeta depth=12 time=2"),
    solve=SolveLimits(
        label="Grundy's game",
        too_big=too_big_to_solve,
        rule=f"a Grundy pile over {MAX_GRUNDY_PILE}",
        memo_key=pile_memo_key(dead=2),  # piles of 1 and 2 cannot be split
    ),
)
