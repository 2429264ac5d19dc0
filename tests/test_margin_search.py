"""Games whose result is a margin (`Game.margin_utilities`) searched to the end: alpha-beta
equals minimax and an independent oracle, a bigger margin beats a faster win, and among
equal margins the faster win (the slower loss) is chosen. Both games are test-local, so the
search is handed its evaluation (`run_search(..., evaluation=...)`) rather than finding it."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping
from typing import ClassVar

import pytest

from adversa.games.base import Game, S
from adversa.games.evaluation import Evaluation, Evaluator
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import SearchResult

CoinState = tuple[int, int, int, int]
"""(first coin left, one past the last coin left, player 0's lead in points, player to move)."""


class CoinRow(Game[CoinState, str]):
    """Coins in a line: the player to move takes the coin at the left (``L``) or right (``R``)
    end; when none are left, the result is player 0's lead in points (a margin)."""

    name: ClassVar[str] = "coin-row"
    margin_utilities: ClassVar[bool] = True

    def __init__(self, coins: tuple[int, ...]) -> None:
        super().__init__()
        self.coins = coins

    def initial_state(self) -> CoinState:
        return 0, len(self.coins), 0, 0

    def to_move(self, state: CoinState) -> int:
        return state[3]

    def legal_moves(self, state: CoinState) -> list[str]:
        first, end = state[0], state[1]
        return [] if first == end else ["L"] if end - first == 1 else ["L", "R"]

    def result(self, state: CoinState, move: str) -> CoinState:
        first, end, lead, mover = state
        coin = self.coins[first] if move == "L" else self.coins[end - 1]
        first, end = (first + 1, end) if move == "L" else (first, end - 1)
        return first, end, lead + (coin if mover == 0 else -coin), 1 - mover

    def is_terminal(self, state: CoinState) -> bool:
        return state[0] == state[1]

    def utility(self, state: CoinState) -> tuple[float, float]:
        return float(state[2]), float(-state[2])

    def utility_bounds(self) -> tuple[float, float]:
        return -float(sum(self.coins)), float(sum(self.coins))

    def format_move(self, state: CoinState, move: str) -> str:
        return move

    def parse_move(self, state: CoinState, text: str) -> str:
        return self.find_move(state, text)


def best_margin(coins: tuple[int, ...]) -> int:
    """The oracle: the mover's best final lead over the coins left, by the textbook recurrence
    (take an end, then the opponent does its best with the rest), with no search at all."""

    @functools.cache
    def best(first: int, end: int) -> int:
        if first == end:
            return 0
        return max(coins[first] - best(first + 1, end), coins[end - 1] - best(first, end - 1))

    return best(0, len(coins))


def search(
    game: Game[S, str], spec: str, evaluation: Evaluation[S, str] | None = None
) -> SearchResult[str]:
    return run_search(game, game.initial_state(), EngineConfig.parse(spec),
                      evaluation=evaluation or Evaluation())


def random_rows(count: int) -> list[tuple[int, ...]]:
    rng = random.Random(27)
    return [tuple(rng.randint(1, 9) for _ in range(rng.randint(1, 8))) for _ in range(count)]


ENGINES = (
    "minimax",
    "alphabeta",  # the default enhancements: ordering, table, deepening, PVS
    "alphabeta ordering=off killers=off history=off tt=0 id=off pvs=off quiescence=off",
    "alphabeta trace=100000",  # the textbook alpha-beta
)


@pytest.mark.parametrize("coins", random_rows(40))
def test_alphabeta_equals_minimax_and_the_oracle_on_margins(coins: tuple[int, ...]) -> None:
    game = CoinRow(coins)
    margin = best_margin(coins)
    for spec in ENGINES:
        result = search(game, f"{spec} depth={len(coins)}")
        assert result.value == margin, spec
        if margin > 0:
            assert result.win_in_plies == len(coins), spec  # every game lasts every coin
        elif margin < 0:
            assert result.loss_in_plies == len(coins), spec
        else:
            assert result.win_in_plies is None and result.loss_in_plies is None, spec


def test_a_proven_margin_is_shown_as_a_number_not_as_a_win() -> None:
    result = search(CoinRow((3, 9, 1, 2)), "alphabeta depth=4")
    assert result.value == best_margin((3, 9, 1, 2)) > 1
    assert result.snapshot.win_value is None


def lead_evaluation() -> Evaluation[CoinState, str]:
    """The points taken so far, for the player asked: strictly inside the bounds before the end."""

    def make(game: Game[CoinState, str]) -> Evaluator[CoinState]:
        return Evaluator(lambda state, player: float(state[2] if player == 0 else -state[2]), game)

    return Evaluation(scalar=make)


def test_the_search_uses_the_evaluation_it_is_handed() -> None:
    """At depth 1 the lead evaluation takes the bigger end coin; the neutral one sees no
    difference and keeps the first move, the left coin."""
    game = CoinRow((1, 5, 2, 8))
    assert search(game, "alphabeta depth=1", lead_evaluation()).best_move == "R"
    assert search(game, "alphabeta depth=1").best_move == "L"


@pytest.mark.parametrize("coins", random_rows(12))
@pytest.mark.parametrize("depth", [1, 2, 3])
def test_alphabeta_equals_minimax_with_a_heuristic_at_the_horizon(
    coins: tuple[int, ...], depth: int
) -> None:
    game = CoinRow(coins)
    values = {search(game, f"{spec} depth={depth}", lead_evaluation()).value for spec in ENGINES}
    assert len(values) == 1


class MarginTree(Game[str, str]):
    """A small explicit game tree: a state is the path of moves from the root (``"b1x"``),
    players alternate, and a leaf is player 0's margin."""

    name: ClassVar[str] = "margin-tree"
    margin_utilities: ClassVar[bool] = True

    def __init__(self, children: Mapping[str, tuple[str, ...]], leaves: Mapping[str, int]) -> None:
        super().__init__()
        self.children = children
        self.leaves = leaves

    def initial_state(self) -> str:
        return ""

    def to_move(self, state: str) -> int:
        return len(state) % 2

    def legal_moves(self, state: str) -> tuple[str, ...]:
        return tuple(state + step for step in self.children.get(state, ()))

    def result(self, state: str, move: str) -> str:
        return move

    def is_terminal(self, state: str) -> bool:
        return state in self.leaves

    def utility(self, state: str) -> tuple[float, float]:
        return float(self.leaves[state]), float(-self.leaves[state])

    def utility_bounds(self) -> tuple[float, float]:
        return -3.0, 3.0

    def format_move(self, state: str, move: str) -> str:
        return move


def tree(leaves: Mapping[str, int]) -> MarginTree:
    """The tree whose leaves are ``leaves``: every path prefix is an inner node."""
    children: dict[str, tuple[str, ...]] = {}
    for leaf in leaves:
        for length in range(len(leaf)):
            parent, step = leaf[:length], leaf[length]
            if step not in children.get(parent, ()):
                children[parent] = (*children.get(parent, ()), step)
    return MarginTree(children, leaves)


@pytest.mark.parametrize(("leaves", "best", "value", "plies"), [
    ({"a": 2, "bxy": 2}, "a", 2, 1),  # equal margins: the faster win
    ({"bxy": 2, "a": 2}, "a", 2, 1),  # whatever the move order
    ({"a": 2, "bxy": 2, "cxy": 3}, "c", 3, 3),  # a bigger margin beats a faster win
    ({"a": -1, "bxy": -1, "c": -2}, "b", -1, 3),  # the smaller loss, and the slower
    ({"a": -3, "b": 0, "cxy": 1}, "c", 1, 3),  # a win by 1 beats a draw
])
@pytest.mark.parametrize("spec", ENGINES)
def test_margin_first_then_distance(
    leaves: dict[str, int], best: str, value: int, plies: int, spec: str
) -> None:
    result = search(tree(leaves), f"{spec} depth=4")
    assert (result.best_move, result.value) == (best, value)
    assert (result.win_in_plies if value > 0 else result.loss_in_plies) == plies
