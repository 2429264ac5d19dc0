"""The shape of a static evaluation, shared by the games that define one and the search.

A game declares its evaluation in its registration (`adversa.games.registry`). The
search is handed an `Evaluation` (the registry's, `registry.evaluation_of`, or a test's
own) by whoever runs it, and never knows which game it is evaluating.

An `Evaluator` is called as ``evaluator(state, player)``. Its value is the game's
utility for terminal states and lies *strictly inside* the utility range otherwise,
so any win beats any heuristic value and any heuristic value beats any loss. Games
with a natural "raw" unit (the lectures' e(n) = open lines for me − open lines for
the opponent in tic-tac-toe) divide it by ``raw_scale``; a search reports ``value *
raw_scale`` as ``raw_value`` so a student sees e(n) = +1, not 0.111.

A *vector* evaluation gives one value per player, for N-player searches (max^n,
MCTS playout cut-offs).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeAlias, TypeVar

from adversa.games.base import Game, M, S

EvalFunction: TypeAlias = Callable[[S, int], float]
"""``function(state, player)`` for a non-terminal state, strictly inside the utility range."""

VectorEvalFunction: TypeAlias = Callable[[S], tuple[float, ...]]
"""``function(state)``: one value per player, terminal states included."""

_JudgedState = TypeVar("_JudgedState", bound=Hashable, contravariant=True)


class Outcomes(Protocol[_JudgedState]):
    """The part of a game an evaluator asks about a position: whether it is over, and
    then what it is worth (every `Game` of those states is one)."""

    def is_terminal(self, state: _JudgedState) -> bool: ...

    def utility(self, state: _JudgedState) -> tuple[float, ...]: ...


@dataclass(frozen=True, slots=True)
class ProbCutModel:
    """How well a shallow search predicts a deep one, for ProbCut (Buro's forward cut).

    ``deep ≈ slope · shallow + intercept``, residuals of spread ``sigma``: values in the
    evaluator's raw units, fitted for one pair of depths (a search ``shallow`` plies deep
    against one ``deep`` plies deep from the same positions). The search tries the cut
    where at least ``deep`` plies remain, with a search ``deep − shallow`` plies shallower,
    and takes it when the predicted value clears the window by ``threshold`` σ (the
    search's ``probcut`` switch). It belongs to the evaluation: the fit holds for these
    values and no others.
    """

    shallow: int
    deep: int
    slope: float
    intercept: float
    sigma: float
    threshold: float = 1.5

    def __post_init__(self) -> None:
        if not 0 < self.shallow < self.deep or self.slope <= 0 or self.sigma < 0:
            raise ValueError(f"a ProbCut model needs 0 < shallow < deep, a slope above 0 and "
                             f"σ ≥ 0, got {self}")


@dataclass(frozen=True, slots=True)
class FutilityMargins:
    """How far one move can shift the static value, for futility pruning (the
    search's ``futility`` switch), in the evaluator's raw units: ``frontier``, the most a
    quiet move changes it (one ply above the horizon); ``per_ply``, what a side that is
    ahead by more than this for each ply to go is assumed to keep (reverse futility).
    It belongs to the evaluation, like `ProbCutModel`: it bounds these values' swings."""

    frontier: float
    per_ply: float


@dataclass(frozen=True, slots=True)
class Evaluator(Generic[S]):
    """A two-player evaluation function with its display units.

    ``function(state, player)`` is the hot-path callable for *non-terminal*
    states (searches test terminality first and bind it to a local; checking
    again inside would cost a second move-existence test per leaf). Calling the
    evaluator itself handles terminal states too. ``raw_scale`` converts a value
    back to the heuristic's own units and ``raw_name`` names them ("e(n)").
    """

    function: EvalFunction[S]
    game: Outcomes[S]
    raw_scale: float = 1.0
    raw_name: str = "value"
    logistic_k: float | None = None
    """How a value in raw units reads as an expected result: σ(k · raw) is the mover's
    expected score (1 a win, ½ a draw), fitted to played games (Texel's method); None
    when no fit was made. Lets values of different engines be put on one scale."""
    expected_lead: bool = False
    """The values are already the mover's expected-score lead in the utility range −1…1,
    as MCTS's mean playout results are (Pig's): the expected score is ``(v + 1) / 2``,
    so its eval bar and an MCTS engine's share one scale."""
    probcut: ProbCutModel | None = None
    """The fit ProbCut cuts by (``probcut=on``); None: the search never cuts by it."""
    futility: FutilityMargins | None = None
    """The margins futility pruning cuts by (``futility=on``); None: it never cuts."""
    values_before_chance: bool = False
    """The values are of a position *before* its chance event (a backgammon network's
    inputs hold no dice): a search may value a chance node at its horizon directly,
    since averaging the outcomes would only average that same value (the number of
    leaves drops by the number of outcomes, 21 for two dice)."""

    def __call__(self, state: S, player: int) -> float:
        if self.game.is_terminal(state):
            return self.game.utility(state)[player]
        return self.function(state, player)


@dataclass(frozen=True, slots=True)
class Evaluation(Generic[S, M]):
    """How a search judges the positions at its horizon: the factories of one game's
    evaluators, handed to the search's ``run_search`` by its caller.

    Factories rather than evaluators, because a search builds its evaluator for the
    rules object it searches (tables sized to the board, weights from the options),
    and because module-level factories pickle, so an engine process receives the
    same evaluation as a thread would. None means the
    default: `neutral_evaluator`, and for N players `neutral_vector_evaluator`; so
    ``Evaluation()`` has no opinion anywhere, which is exact for searches that reach the
    end of the game.
    """

    scalar: Callable[[Game[S, M]], Evaluator[S]] | None = None
    """The two-player evaluation (`Evaluator`) of a rules object."""
    vector: Callable[[Game[S, M]], VectorEvalFunction[S]] | None = None
    """The N-player evaluation (one value per player) of a rules object."""

    def evaluator(self, game: Game[S, M]) -> Evaluator[S]:
        """The two-player evaluator for ``game``, or `neutral_evaluator`."""
        return neutral_evaluator(game) if self.scalar is None else self.scalar(game)

    def vector_evaluator(self, game: Game[S, M]) -> VectorEvalFunction[S]:
        """One heuristic value per player, for N-player searches (terminal states too).

        The vector factory when there is one; otherwise each player's two-player
        evaluation (valid for two-player games), or the utility vector at terminal
        states and the middle of the range elsewhere.
        """
        if self.vector is not None:
            return self.vector(game)
        if game.num_players == 2:
            return vector_from_scalar(game, self.evaluator(game))
        return neutral_vector_evaluator(game)


def neutral_evaluator(game: Game[S, M]) -> Evaluator[S]:
    """No opinion: the middle of the utility range (0) for every non-terminal state.

    Correct for any game and exact when the search reaches the end (textbook
    trees, Nim, Grundy); the middle of the range is always strictly inside it.
    """
    low, high = game.utility_bounds()
    middle = (low + high) / 2
    return Evaluator(lambda state, player: middle, game)


def vector_from_scalar(game: Game[S, M], scalar: Evaluator[S]) -> VectorEvalFunction[S]:
    """The two-player vector ``(e(s, 0), e(s, 1))`` of a scalar evaluation."""
    players = range(game.num_players)
    return lambda state: tuple(scalar(state, player) for player in players)


def neutral_vector_evaluator(game: Game[S, M]) -> VectorEvalFunction[S]:
    """The utility vector at terminal states and the middle of the range elsewhere."""
    low, high = game.utility_bounds()
    neutral = tuple((low + high) / 2 for _ in range(game.num_players))
    is_terminal = game.is_terminal
    utility = game.utility

    def evaluate(state: S) -> tuple[float, ...]:
        if is_terminal(state):
            return tuple(utility(state))
        return neutral

    return evaluate
