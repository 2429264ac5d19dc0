"""Nim: take any number of objects from one pile; normal play or misère.

Notation
    Position: the pile sizes, comma separated — ``1,3,5,7``. Pile sizes alone
    cannot say whose turn it is, so a position may end in ``;N`` naming the
    player to move (1-based): ``1,3,5,7`` is player 1 to move, ``1,3,5,7;2``
    player 2. `format_position` writes ``;2`` only when player 2 moves, and
    `parse_position` accepts ``;1`` as well. Grundy's game uses the same
    convention (`parse_piles_position` / `format_piles_position`).
    Move: ``PILE:COUNT`` with a 1-based pile — ``2:3`` takes three from pile 2.

Normal play: whoever takes the last object wins. Misère: whoever takes it loses.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable
from typing import ClassVar, NamedTuple

from adversa.games.base import (
    AdversaError,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Option,
    OptionError,
    Outcome,
    illegal_move_message,
    whole_number,
)
from adversa.games.registry import GameEntry, SolveLimits

_PAIR = re.compile(r"^\s*([0-9]+)\s*:\s*([0-9]+)\s*$")


class PilesState(NamedTuple):
    """Pile sizes in the given order and the player to move (0 or 1)."""

    piles: tuple[int, ...]
    player: int


NimMove = tuple[int, int]
"""``(pile index from 0, how many objects to take)``."""


def format_piles_position(state: PilesState) -> str:
    """``1,3,5,7`` for player 1 to move, ``1,3,5,7;2`` for player 2."""
    piles = ",".join(str(pile) for pile in state.piles)
    return piles if state.player == 0 else f"{piles};{state.player + 1}"


MAX_PILE = 1000
"""The largest pile, in ``--set`` options and in positions alike: a pile of 10**20 in a
position made every count and search over it run forever."""


MAX_PILES = 64
"""Most piles in a game: far past any position worth searching, and a bound on what a save
or ``--set piles=`` can ask for (a 600 KB save of piles ran out of memory at 6 GB)."""


def check_pile_count(count: int, where: str, error: type[AdversaError]) -> None:
    """Refuse more than `MAX_PILES` piles with ``error``, naming ``where`` they came from."""
    if count > MAX_PILES:
        raise error(f"{where} has {count:,} piles; expected at most {MAX_PILES}")


def parse_piles_position(text: str, minimum_pile: int = 0) -> PilesState:
    """Parse ``1,3,5,7`` or ``1,3,5,7;2`` (see the module notes on the ``;N`` suffix);
    piles are bounded by `MAX_PILE`, like the games' pile options."""
    expected = (
        "expected comma-separated pile sizes, optionally ';2' for player 2 to move, e.g. 1,3,5,7;2"
    )
    piles_text, separator, player_text = text.strip().partition(";")
    check_pile_count(piles_text.count(",") + 1, "the position", InvalidPositionError)
    try:
        if not piles_text.isascii() or "_" in piles_text:
            raise ValueError(piles_text)
        piles = tuple(whole_number(part, InvalidPositionError, "position: pile")
                      for part in piles_text.split(","))
        player = (whole_number(player_text, InvalidPositionError, "position: player") - 1
                  if separator else 0)
    except ValueError:
        raise InvalidPositionError(f"position {text!r} does not parse; {expected}") from None
    if player not in (0, 1):
        raise InvalidPositionError(
            f"position {text!r} names player {player + 1} to move; expected ;1 or ;2"
        )
    if any(pile < minimum_pile for pile in piles):
        raise InvalidPositionError(
            f"position {text!r} has a pile smaller than {minimum_pile}; {expected}"
        )
    if any(pile > MAX_PILE for pile in piles):
        raise InvalidPositionError(
            f"position {text[:40]!r} has a pile larger than {MAX_PILE}; piles are 0 to {MAX_PILE}"
        )
    return PilesState(piles, player)


def parse_pile_pair(text: str, second: str) -> tuple[int, int]:
    """Parse ``PILE:NUMBER`` into ``(pile index from 0, number)``; ``second`` names NUMBER."""
    match = _PAIR.match(text)
    if match is None:
        raise InvalidMoveError(
            f"move {text!r} is not in the form PILE:{second} (1-based pile), e.g. 2:3"
        )
    return (whole_number(match.group(1), InvalidMoveError, "move: pile") - 1,
            whole_number(match.group(2), InvalidMoveError, f"move: {second}"))


class Nim(Game[PilesState, NimMove]):
    """Nim on any piles; the ``misere`` option turns the winning rule around."""

    name: ClassVar[str] = "nim"
    title: ClassVar[str] = "Nim"
    description: ClassVar[str] = (
        "Take any number of objects from one pile; taking the last object wins "
        "(or loses, in misère play)."
    )
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("piles", "int-list", (1, 3, 5, 7), "Starting pile sizes.", minimum=0,
               maximum=MAX_PILE),
        Option("misere", "bool", False, "Misère play: whoever takes the last object loses."),
    )

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        check_pile_count(len(self.int_list_option("piles")), "option piles", OptionError)
        self.misere = self.option("misere", bool)

    def initial_state(self) -> PilesState:
        return PilesState(self.int_list_option("piles"), 0)

    def to_move(self, state: PilesState) -> int:
        return state.player

    def legal_moves(self, state: PilesState) -> list[NimMove]:
        """By pile, then by how many to take (1 first)."""
        return [
            (index, count)
            for index, pile in enumerate(state.piles)
            for count in range(1, pile + 1)
        ]

    def result(self, state: PilesState, move: NimMove) -> PilesState:
        index, count = move
        piles = state.piles
        smaller = (*piles[:index], piles[index] - count, *piles[index + 1 :])
        return PilesState(smaller, 1 - state.player)

    def is_terminal(self, state: PilesState) -> bool:
        return not any(state.piles)

    def winner(self, state: PilesState) -> int:
        """The winner of a finished game: the last mover in normal play, else the other."""
        last_mover = 1 - state.player
        return state.player if self.misere else last_mover

    def utility(self, state: PilesState) -> tuple[float, ...]:
        return (1.0, -1.0) if self.winner(state) == 0 else (-1.0, 1.0)

    def outcome(self, state: PilesState) -> Outcome | None:
        if not self.is_terminal(state):
            return None
        reason = "the other player took the last object (misère)" if self.misere else (
            "took the last object"
        )
        return Outcome(self.winner(state), reason, self.utility(state))

    def piles(self, state: PilesState) -> tuple[int, ...]:
        """The pile sizes, in the order moves number them (pile 1 first)."""
        return state.piles

    # ---- notation -----------------------------------------------------------

    def format_move(self, state: PilesState, move: NimMove) -> str:
        return f"{move[0] + 1}:{move[1]}"

    def parse_move(self, state: PilesState, text: str) -> NimMove:
        index, count = parse_pile_pair(text, "COUNT")
        if not (0 <= index < len(state.piles) and 1 <= count <= state.piles[index]):
            raise IllegalMoveError(
                illegal_move_message(text, self.format_moves(state, self.legal_moves(state)))
            )
        return (index, count)

    def format_position(self, state: PilesState) -> str:
        return format_piles_position(state)

    def parse_position(self, text: str) -> PilesState:
        return parse_piles_position(text)

    def render(self, state: PilesState) -> str:
        """One line per pile, with the objects drawn as bars."""
        width = len(str(len(state.piles)))
        lines = [
            f"pile {number:>{width}}: {'|' * pile} ({pile})"
            for number, pile in enumerate(state.piles, start=1)
        ]
        lines.append(f"{self.player_name(state.player)} to move")
        return "\n".join(lines)


# --------------------------------------------------------------------------- registration


def pile_memo_key(
    dead: int,
) -> Callable[[Game[PilesState, NimMove]], Callable[[PilesState], Hashable]]:
    """The solver's memo key for a pile game: its sorted live piles and the player to move.

    A pile game's value does not depend on the order of its piles (kept in the order
    the user sees so that ``PILE`` in a move never changes meaning), nor on piles of
    at most ``dead`` that have no move left (empty Nim piles, Grundy piles of 1 or 2).
    That turns Grundy's game from 26 objects into thousands of positions instead of
    millions.
    """

    def key_for(game: Game[PilesState, NimMove]) -> Callable[[PilesState], Hashable]:
        def pile_key(state: PilesState) -> Hashable:
            return tuple(sorted(pile for pile in state.piles if pile > dead)), state.player

        return pile_key

    return key_for


MAX_NIM_POSITIONS = 1_000_000
"""Largest product of (pile + 1) over the piles solved without a time budget:
about 10 s at worst below it."""


def too_big_to_solve(game: Game[PilesState, NimMove], state: PilesState) -> str | None:
    if math.prod(pile + 1 for pile in state.piles) <= MAX_NIM_POSITIONS:
        return None
    return f"Nim up to {MAX_NIM_POSITIONS:,} positions (the product of pile sizes + 1)"


ENTRY = GameEntry(
    rules=Nim,
    # Alpha-beta only for piles too big to solve, where depth 12 without a time
    # limit never finished.
    engines=("solve", "alphabeta depth=12 time=2"),
    solve=SolveLimits(
        label="Nim",
        too_big=too_big_to_solve,
        rule=f"Nim piles whose product of (pile + 1) exceeds {MAX_NIM_POSITIONS:,}",
        memo_key=pile_memo_key(dead=0),
    ),
)
