"""Pig, the dice game: roll to build a turn total, hold to bank it, a 1 loses it.

Rules as played here (2–4 players, die with ``sides`` faces, goal ``target``):

* On your turn you choose **roll** or **hold**. A roll makes the state a chance
  state; chance then picks a face 1..sides, each with probability 1/sides.
* Face 1: the turn total is lost and the turn passes. Every other face is added to
  the turn total and you choose again.
* **hold** banks the turn total into your score and passes the turn. Holding
  with a turn total of 0 is *not* allowed (at turn total 0 only roll is legal):
  a free pass would let a search loop on hold forever and adds nothing to play.
* The game ends as soon as a banked score reaches the target; that player gets
  +1 and every other player −1/(N−1), so utilities sum to zero.

Notation
    Move: ``roll`` / ``hold`` (parsed also as ``r`` / ``h``). Chance outcome: the
    face, ``1`` … ``6``.
    Position: ``scores=12,40;player=2;total=7`` — banked scores in player order,
    the player to move (1-based) and the turn total; a pending die roll (chance
    to act) appends ``;roll=pending``. Fields may come in any order; ``player``
    defaults to 1 and ``total`` to 0.

The state does not remember the last face rolled: two ways of reaching the same
scores and turn total are the same position. A UI that shows the last roll
takes it from the move history.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, NamedTuple

from adversa.games.base import (
    CHANCE,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Option,
    Outcome,
    illegal_move_message,
    whole_number,
)
from adversa.games.evaluation import Evaluator, VectorEvalFunction
from adversa.games.registry import ForRules, GameEntry

ROLL = "roll"
HOLD = "hold"
_ALIASES = {"r": ROLL, "roll": ROLL, "h": HOLD, "hold": HOLD}

PigMove = str | int
"""``"roll"``, ``"hold"``, or at a chance state the face rolled (an int)."""


class PigState(NamedTuple):
    """Banked scores, the player whose turn it is, their turn total, and whether
    the die is in the air (then chance acts, on behalf of ``player``'s turn)."""

    scores: tuple[int, ...]
    player: int
    turn_total: int
    rolling: bool


class Pig(Game[PigState, PigMove]):
    """Pig for 2–4 players; chance states stand for the die in the air."""

    name: ClassVar[str] = "pig"
    title: ClassVar[str] = "Pig (dice)"
    description: ClassVar[str] = (
        "Roll a die to build a turn total and hold to bank it; a 1 loses the turn. "
        "First to the target wins."
    )
    has_chance: ClassVar[bool] = True
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", "int", 2, "Number of players.", minimum=2, maximum=4),
        Option("target", "int", 100, "Score that wins.", minimum=1, maximum=10_000),
        Option("sides", "int", 6, "Faces on the die.", minimum=2, maximum=100),
    )

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        self.players = self.option("players", int)
        self.target = self.option("target", int)
        self.sides = self.option("sides", int)
        # Negamax-style searches need two players; with more, utilities still sum to 0.
        self.zero_sum = self.players == 2  # type: ignore[misc]
        probability = 1.0 / self.sides
        self._outcomes: tuple[tuple[int, float], ...] = tuple(
            (face, probability) for face in range(1, self.sides + 1)
        )

    @property
    def num_players(self) -> int:
        return self.players

    # ---- players and flow -------------------------------------------------

    def initial_state(self) -> PigState:
        return PigState((0,) * self.players, 0, 0, False)

    def to_move(self, state: PigState) -> int:
        return CHANCE if state.rolling else state.player

    def legal_moves(self, state: PigState) -> Sequence[PigMove]:
        """``roll`` then ``hold`` (hold only with a turn total); at a chance state the faces."""
        if state.rolling:
            return [face for face, _ in self._outcomes]
        if self.is_terminal(state):
            return []
        return [ROLL, HOLD] if state.turn_total > 0 else [ROLL]

    def chance_outcomes(self, state: PigState) -> Sequence[tuple[PigMove, float]]:
        return self._outcomes

    def result(self, state: PigState, move: PigMove) -> PigState:
        scores, player, total, _ = state
        if move == ROLL:
            return PigState(scores, player, total, True)
        if move == HOLD:
            banked = (*scores[:player], scores[player] + total, *scores[player + 1 :])
            next_player = player if banked[player] >= self.target else self._next(player)
            return PigState(banked, next_player, 0, False)
        assert isinstance(move, int)
        if move == 1:
            return PigState(scores, self._next(player), 0, False)
        return PigState(scores, player, total + move, False)

    def _next(self, player: int) -> int:
        return (player + 1) % self.players

    def is_terminal(self, state: PigState) -> bool:
        return max(state.scores) >= self.target

    def winner(self, state: PigState) -> int | None:
        """The player who reached the target, or None while the game goes on."""
        for player, score in enumerate(state.scores):
            if score >= self.target:
                return player
        return None

    def utility(self, state: PigState) -> tuple[float, ...]:
        winner = self.winner(state)
        loss = -1.0 / (self.players - 1)
        return tuple(1.0 if player == winner else loss for player in range(self.players))

    def outcome(self, state: PigState) -> Outcome | None:
        winner = self.winner(state)
        if winner is None:
            return None
        return Outcome(winner, f"reached {self.target} points", self.utility(state))

    # ---- accessors for the UI ---------------------------------------------------

    def scores(self, state: PigState) -> tuple[int, ...]:
        """Banked scores, one per player."""
        return state.scores

    def turn_total(self, state: PigState) -> int:
        """Points at stake this turn (lost on a 1, banked on hold)."""
        return state.turn_total

    def player(self, state: PigState) -> int:
        """Whose turn it is — also while the die is rolling, unlike `to_move`."""
        return state.player

    # ---- notation -----------------------------------------------------------

    def format_move(self, state: PigState, move: PigMove) -> str:
        return str(move)

    def parse_move(self, state: PigState, text: str) -> PigMove:
        word = text.strip().lower()
        legal = self.legal_moves(state)
        if state.rolling:
            if not word.isdigit():
                raise InvalidMoveError(
                    f"{text!r} is not a die face; the die is rolling, expected 1–{self.sides}"
                )
            move: PigMove = whole_number(word, InvalidMoveError, "die face")
        elif word in _ALIASES:
            move = _ALIASES[word]
        else:
            raise InvalidMoveError(f"move {text!r} is not roll (r) or hold (h)")
        if move not in legal:
            message = illegal_move_message(text, self.format_moves(state, legal))
            if move == HOLD and legal:
                message = f"hold is not legal with a turn total of 0; legal moves: {ROLL}"
            raise IllegalMoveError(message)
        return move

    def format_position(self, state: PigState) -> str:
        scores = ",".join(str(score) for score in state.scores)
        text = f"scores={scores};player={state.player + 1};total={state.turn_total}"
        return text + ";roll=pending" if state.rolling else text

    def parse_position(self, text: str) -> PigState:
        example = "expected e.g. scores=12,40;player=2;total=7 (optionally ;roll=pending)"
        fields: dict[str, str] = {}
        for part in text.strip().split(";"):
            key, separator, value = part.partition("=")
            key = key.strip().lower()
            if not separator or key not in ("scores", "player", "total", "roll") or key in fields:
                raise InvalidPositionError(f"position {text!r}: bad field {part!r}; {example}")
            fields[key] = value.strip()
        if "scores" not in fields:
            raise InvalidPositionError(f"position {text!r} has no scores; {example}")
        try:
            scores = tuple(whole_number(score, InvalidPositionError, "position: score")
                           for score in fields["scores"].split(","))
            player = whole_number(fields.get("player", "1"), InvalidPositionError,
                                  "position: player") - 1
            total = whole_number(fields.get("total", "0"), InvalidPositionError,
                                 "position: total")
        except ValueError:
            raise InvalidPositionError(f"position {text!r} does not parse; {example}") from None
        rolling = fields.get("roll", "") == "pending"
        if fields.get("roll", "pending") != "pending":
            raise InvalidPositionError(f"position {text!r}: roll can only be 'pending'; {example}")
        self._check_position(text, scores, player, total, rolling)
        return PigState(scores, player, total, rolling)

    def _check_position(
        self, text: str, scores: tuple[int, ...], player: int, total: int, rolling: bool
    ) -> None:
        if len(scores) != self.players:
            raise InvalidPositionError(
                f"position {text!r} has {len(scores)} scores; expected {self.players}, one per "
                f"player (option players={self.players})"
            )
        if min(scores) < 0 or total < 0:
            raise InvalidPositionError(f"position {text!r}: scores and total cannot be negative")
        if not 0 <= player < self.players:
            raise InvalidPositionError(
                f"position {text!r}: player {player + 1} does not exist; expected 1–{self.players}"
            )
        finished = [score for score in scores if score >= self.target]
        if len(finished) > 1 or (finished and (total or rolling)):
            raise InvalidPositionError(
                f"position {text!r}: only one player can reach the target {self.target}, "
                "and the game stops there (total 0, no roll pending)"
            )

    def render(self, state: PigState) -> str:
        """Scores with a marker on the player whose turn it is, then the turn total."""
        lines = []
        for player, score in enumerate(state.scores):
            marker = "▶" if player == state.player else " "
            lines.append(f"{marker} {self.player_name(player)}: {score}")
        winner = self.winner(state)
        if winner is not None:
            lines.append(f"{self.player_name(winner)} wins ({self.target} points reached)")
        else:
            rolling = " — the die is rolling" if state.rolling else ""
            lines.append(f"turn total: {state.turn_total}{rolling} (target {self.target})")
        return "\n".join(lines)


# --------------------------------------------------------------------------- evaluation

PIG_HOLD_AT = 20
"""The classic "hold at 20" policy the Pig heuristic assumes for the turn total."""


def pig_vector_evaluator(game: Pig) -> VectorEvalFunction[PigState]:
    """Each player's expected-score lead over the average opponent, as a zero-sum vector.

    A player's expected score is the banked score, plus — for the player whose
    turn it is — the turn total weighted by the chance of banking it under
    hold-at-20 (no 1 in the rolls still needed to reach 20, or the target).
    Progress is that score over the target; player i's value is ``c · (progress_i
    − mean progress of the others)`` with ``c = 0.9 / (N − 1)``, which sums to 0
    over the players and stays strictly inside [−1/(N−1), 1], the utility range.
    """
    players = game.num_players
    target = float(game.target)
    sides = game.sides
    keep_per_roll = 1 - 1 / sides
    mean_gain = (sides + 2) / 2  # average of the faces 2..sides
    weight = 0.9 / (players - 1)
    is_terminal = game.is_terminal
    utility = game.utility

    def evaluate(state: PigState) -> tuple[float, ...]:
        if is_terminal(state):
            return tuple(utility(state))
        scores, mover, total = state.scores, state.player, state.turn_total
        progress = [min(score, target) / target for score in scores]
        if total:
            goal = min(PIG_HOLD_AT, target - scores[mover])
            rolls_needed = max(0.0, (goal - total) / mean_gain)
            banked = min(scores[mover] + total, target)
            progress[mover] += (banked / target - progress[mover]) * keep_per_roll**rolls_needed
        overall = sum(progress)
        return tuple(
            weight * (mine - (overall - mine) / (players - 1)) for mine in progress
        )

    return evaluate


def pig_evaluator(game: Pig) -> Evaluator[PigState]:
    """Two-player Pig: the player's entry of `pig_vector_evaluator`."""
    vector = pig_vector_evaluator(game)
    return Evaluator(
        lambda state, player: vector(state)[player], game, raw_name="expected-score lead",
        expected_lead=True,
    )


# --------------------------------------------------------------------------- registration

ENTRY = GameEntry(
    rules=Pig,
    engines=("expectiminimax depth=3", "maxn depth=3"),
    evaluator=ForRules(Pig, pig_evaluator),
    vector_evaluator=ForRules(Pig, pig_vector_evaluator),
    unsolvable="solve cannot solve Pig: its dice let a position repeat, so a depth-first "
    "solver never reaches the end",
)
