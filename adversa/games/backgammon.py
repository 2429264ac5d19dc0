"""Backgammon, cubeless money play: the whole play of a roll is one move.

Rules as played here: 15 checkers each; a checker on the bar must enter before any
other moves; a lone checker (a blot) landed on is hit and goes to the bar; a side
bears off only with all fifteen in its home board (a die higher than the highest
occupied point bears off from that point); doubles play four times; a player uses
both dice when possible, and the larger one when only one of them can be played.
The game opens with each side rolling one die: the higher starts, playing those two
dice (ties are rolled again, so the opening chance node has the 30 unequal pairs).
There is **no doubling cube**: a win scores 1, a gammon (the loser has borne off
nothing) 2, a backgammon (a gammon with a loser's checker on the bar or in the
winner's home board) 3.

X (player 0) moves from its 24-point down to its 1-point; O (player 1) the other way.
The state holds the two sides in their own numbering (`backgammon_moves`), the side
to move first, so play generation never looks at colours. Chance acts whenever
``dice`` is empty; `Play` moves carry the position they lead to, and legal plays are
distinct resulting positions. Notation is in `backgammon_notation`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from adversa.games import backgammon_notation as notation
from adversa.games.backgammon_eval import backgammon_evaluator
from adversa.games.backgammon_moves import (
    CHECKERS,
    START,
    BackgammonState,
    Play,
    Roll,
    Side,
    plays,
)
from adversa.games.base import CHANCE, Game, Option, Outcome
from adversa.games.registry import GameEntry

BackgammonMove = Play | Roll

ROLLS: tuple[tuple[Roll, float], ...] = tuple(
    ((high, low), 1 / 36 if high == low else 1 / 18)
    for high in range(6, 0, -1) for low in range(high, 0, -1)
)
"""The 21 distinct rolls: doubles with probability 1/36, the others 1/18."""

OPENING_ROLLS: tuple[tuple[Roll, float], ...] = tuple(
    ((x_die, o_die), 1 / 30)
    for x_die in range(1, 7) for o_die in range(1, 7) if x_die != o_die
)
"""The opening: X's die and O's die, the 30 unequal pairs (a tie is rolled again)."""

PLAYER_NAMES = ("X", "O")


class Backgammon(Game[BackgammonState, BackgammonMove]):
    """Backgammon without the doubling cube: single 1, gammon 2, backgammon 3."""

    name: ClassVar[str] = "backgammon"
    title: ClassVar[str] = "Backgammon (cubeless)"
    description: ClassVar[str] = (
        "Race fifteen checkers home and off with two dice, hitting blots on the way; "
        "cubeless money play (no doubling cube): single 1, gammon 2, backgammon 3."
    )
    has_chance: ClassVar[bool] = True
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("evaluation", "str", "net", "How engines judge a position: 'net' (a small "
               "network trained by TD(λ) self-play, the stronger) or 'hand' (pip count, "
               "blots and shots, points, primes, anchors; exact bear-off in races).",
               choices=("hand", "net")),
    )
    margin_utilities: ClassVar[bool] = True
    """A win is worth 1, 2 or 3 points: the search weighs gammons by their points."""

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self._plays_cache: dict[BackgammonState, list[Play]] = {}

    def player_name(self, player: int) -> str:
        return PLAYER_NAMES[player]

    # ---- players and flow -------------------------------------------------

    def initial_state(self) -> BackgammonState:
        return BackgammonState(START, START, 0, (), True)

    def to_move(self, state: BackgammonState) -> int:
        """Chance while the dice are to be rolled, except once the game is over."""
        if state.dice or self.is_terminal(state):
            return state.player
        return CHANCE

    def plays(self, state: BackgammonState) -> list[Play]:
        """The legal plays of a rolled position, memoised (searches revisit positions)."""
        found = self._plays_cache.get(state)
        if found is None:
            if len(self._plays_cache) > 200_000:
                self._plays_cache.clear()
            found = plays(state.mover, state.opponent, (state.dice[0], state.dice[1]))
            self._plays_cache[state] = found
        return found

    def legal_moves(self, state: BackgammonState) -> Sequence[BackgammonMove]:
        if self.is_terminal(state):
            return []
        if not state.dice:
            return [roll for roll, _ in self.chance_outcomes(state)]
        return self.plays(state)

    def chance_outcomes(self, state: BackgammonState) -> Sequence[tuple[BackgammonMove, float]]:
        return OPENING_ROLLS if state.opening else ROLLS

    def result(self, state: BackgammonState, move: BackgammonMove) -> BackgammonState:
        if isinstance(move, Play):
            return BackgammonState(move.opponent, move.mover, 1 - state.player, (), False)
        first, second = move
        if state.opening:
            # X's die against O's: the higher die's owner starts with both dice.
            dice = (max(move), min(move))
            if first > second:
                return BackgammonState(state.mover, state.opponent, 0, dice, False)
            return BackgammonState(state.opponent, state.mover, 1, dice, False)
        return state._replace(dice=(max(move), min(move)))

    def is_terminal(self, state: BackgammonState) -> bool:
        return state.opponent[0] == CHECKERS or state.mover[0] == CHECKERS

    def winner(self, state: BackgammonState) -> int | None:
        if state.opponent[0] == CHECKERS:
            return 1 - state.player
        if state.mover[0] == CHECKERS:
            return state.player
        return None

    def points(self, state: BackgammonState) -> int:
        """What the finished game is worth: 1, 2 for a gammon, 3 for a backgammon."""
        loser = state.mover if state.opponent[0] == CHECKERS else state.opponent
        if loser[0]:
            return 1
        # The winner's home board is the loser's points 19–24; the bar counts too.
        return 3 if any(loser[19:]) else 2

    def utility(self, state: BackgammonState) -> tuple[float, ...]:
        winner = self.winner(state)
        if winner is None:
            return (0.0, 0.0)
        value = float(self.points(state))
        return (value, -value) if winner == 0 else (-value, value)

    def utility_bounds(self) -> tuple[float, float]:
        """A backgammon scores 3 points."""
        return (-3.0, 3.0)

    def outcome(self, state: BackgammonState) -> Outcome | None:
        winner = self.winner(state)
        if winner is None:
            return None
        reason = {1: "single game", 2: "gammon", 3: "backgammon"}[self.points(state)]
        return Outcome(winner, reason, self.utility(state))

    # ---- accessors for the UI and the evaluation -------------------------------

    def sides(self, state: BackgammonState) -> tuple[Side, Side]:
        """X's and O's checkers, each in its own numbering."""
        if state.player == 0:
            return state.mover, state.opponent
        return state.opponent, state.mover

    def on_roll(self, state: BackgammonState) -> int:
        """Whose turn it is, also while the dice are in the air (X before the opening)."""
        return state.player

    # ---- notation (backgammon_notation) -------------------------------------------

    def format_move(self, state: BackgammonState, move: BackgammonMove) -> str:
        return notation.format_action(state, move)

    def parse_move(self, state: BackgammonState, text: str) -> BackgammonMove:
        return notation.parse_action(state, text)

    def format_position(self, state: BackgammonState) -> str:
        return notation.format_position(state)

    def parse_position(self, text: str) -> BackgammonState:
        return notation.parse_position(text)

    def render(self, state: BackgammonState) -> str:
        return notation.render(state)

    def split_line(self, line: str) -> list[str]:
        """``31: 8/5 6/5 52: 13/8 13/11`` → ``["31", "8/5 6/5", "52", "13/8 13/11"]``."""
        return notation.split_line(line)


ENTRY = GameEntry(
    rules=Backgammon,
    engines=("expectiminimax depth=2 star2=on candidates=16 margin=0.32",),
    evaluator=backgammon_evaluator,
    unsolvable="solve cannot solve backgammon: its dice let positions repeat and its tree "
    "is far too large for an exact search",
)
