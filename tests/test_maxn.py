"""max^n and paranoid on the three-player lecture tree (AIMA Fig. 5.4, seeds/003),
on two-player trees, with chance, and on three-player Pig.

The tree: player A (0) at the root, B (1), then C (2), two children each; the
leaves in order are (1,2,6) (4,2,3) (6,1,2) (7,4,1) (5,1,1) (1,5,2) (7,7,1) (5,4,5).
By hand: C keeps the larger third component — (1,2,6) [6 > 3], (6,1,2) [2 > 1],
(1,5,2) [2 > 1], (5,4,5) [5 > 1]; B the larger second — (1,2,6) [2 > 1] and
(1,5,2) [5 > 4]; A sees 1 and 1, a tie, and keeps the first: (1,2,6), as the
lecture's figure shows at the root.

Paranoid, by hand: B and C both minimise A's component. C: min(1,4) = 1,
min(6,7) = 6, min(5,1) = 1, min(7,5) = 5; B: min(1,6) = 1, min(1,5) = 1; A: 1.
Alpha-beta needs only six leaves: once B's second subtree is known to be ≤ 1 = α
(its first C node is worth 1), its second C node (5,4,5 / 7,7,1) is cut.
"""

from __future__ import annotations

from typing import Any

import pytest
from clocks import StepClock
from hypothesis import given, settings
from hypothesis import strategies as st

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.games.tree import TreeGame
from adversa.presentation import cut_reason
from adversa.search.config import EngineConfig
from adversa.search.engine import AlgorithmError, algorithms_for, run_search
from adversa.search.stats import SearchResult

LEAVES = [(1, 2, 6), (4, 2, 3), (6, 1, 2), (7, 4, 1), (5, 1, 1), (1, 5, 2), (7, 7, 1), (5, 4, 5)]


def three_player_tree(leaves: list[tuple[int, int, int]]) -> dict[str, Any]:
    def c_node(first: int) -> dict[str, Any]:
        return {"player": 2, "children": [{"value": list(leaves[first])},
                                          {"value": list(leaves[first + 1])}]}

    def b_node(first: int) -> dict[str, Any]:
        return {"player": 1, "children": [c_node(first), c_node(first + 2)]}

    return {"player": 0, "children": [b_node(0), b_node(4)]}


def search(game: Any, spec: str, state: Any = None, **kwargs: Any) -> SearchResult:
    return run_search(game, game.initial_state() if state is None else state,
                      EngineConfig.parse(spec), **kwargs, evaluation=evaluation_of(game))


def test_maxn_backs_up_the_lecture_vector() -> None:
    result = search(TreeGame.from_data(three_player_tree(LEAVES)), "maxn depth=3 trace=50")
    assert result.value == (1, 2, 6)
    assert result.best_move_text == "1"
    by_path = {node.path: node.value for node in result.trace}
    assert [by_path[path] for path in [(1, 1), (1, 2), (2, 1), (2, 2)]] == [
        (1, 2, 6), (6, 1, 2), (1, 5, 2), (5, 4, 5),
    ]
    assert [by_path[path] for path in [(1,), (2,)]] == [(1, 2, 6), (1, 5, 2)]
    assert [node.path for node in result.trace if node.on_pv] == [(), (1,), (1, 1), (1, 1, 1)]
    assert {node.kind for node in result.trace} == {"player 1", "player 2", "player 3", "leaf"}
    assert result.snapshot.leaves == 8 and result.snapshot.cutoffs == 0


def test_maxn_breaks_ties_by_taking_the_first_child() -> None:
    # Swap A's two subtrees: the tie on A's component now keeps (1, 5, 2).
    swapped = LEAVES[4:] + LEAVES[:4]
    result = search(TreeGame.from_data(three_player_tree(swapped)), "maxn depth=3")
    assert result.value == (1, 5, 2)
    assert result.best_move_text == "1"


def test_bundled_three_player_tree_agrees() -> None:
    assert search(make_game("tree", {"file": "maxn-three-player"}), "maxn").value == (1, 2, 6)


def test_paranoid_value_and_cut_on_the_lecture_tree() -> None:
    result = search(TreeGame.from_data(three_player_tree(LEAVES)), "paranoid depth=3 trace=50")
    assert result.value == 1
    assert result.best_move_text == "1"
    assert result.snapshot.leaves == 6
    assert result.snapshot.pruned == 1
    b_second = next(node for node in result.trace if node.path == (2,))
    assert b_second.kind == "min" and b_second.pruned == (2,)
    assert cut_reason(b_second) == "cut: 1 ≤ α = 1"


def test_maxn_on_a_two_player_tree_is_minimax() -> None:
    result = search(TreeGame.from_data([[3, 12, 8], [2, 4, 6], [14, 5, 2]]), "maxn")
    assert result.value == (3, -3)
    assert result.best_move_text == "1"


def test_maxn_takes_the_expected_vector_at_chance_nodes() -> None:
    game = TreeGame.from_data({"player": 0, "children": [
        {"label": "gamble", "player": "chance", "probabilities": [0.25, 0.75], "children": [
            {"value": [8, 0, 0]}, {"value": [0, 4, 4]}]},
        {"label": "safe", "value": [1.5, 1, 1]},
    ]})
    result = search(game, "maxn")
    assert result.best_move_text == "gamble"  # 0.25·8 = 2 > 1.5 for player 0
    assert result.value == pytest.approx((2, 3, 3))


@pytest.mark.slow
def test_maxn_on_three_player_pig_returns_a_vector_of_three() -> None:
    game = make_game("pig", {"players": 3})
    state = game.parse_position("scores=10,20,30;player=1;total=12")
    result = search(game, "maxn time=0.3", state, clock=StepClock())
    assert result.best_move in game.legal_moves(state)
    assert isinstance(result.value, tuple) and len(result.value) == 3
    low, high = game.utility_bounds()
    assert all(low <= component <= high for component in result.value)
    paranoid = search(game, "paranoid depth=3", state)
    assert paranoid.best_move in game.legal_moves(state)
    assert isinstance(paranoid.value, float)


def test_both_fit_any_number_of_players() -> None:
    for game in (make_game("pig", {"players": 4}), make_game("tictactoe")):
        assert {"maxn", "paranoid"} <= set(algorithms_for(game))


def test_two_player_only_algorithms_name_maxn_when_refusing_n_players() -> None:
    game = TreeGame.from_data(three_player_tree(LEAVES))
    for algorithm in ("expectimax", "expectiminimax"):
        with pytest.raises(AlgorithmError, match=r"algorithms for tree: .*maxn, paranoid"):
            search(game, algorithm)


# ---- max^n and paranoid against independent references on random trees -------------------

PLAYERS = 3


@st.composite
def three_player_trees(draw: st.DrawFn, depth: int = 3) -> Any:
    if depth == 0 or draw(st.integers(0, 5)) == 0:
        return {"value": draw(st.lists(st.integers(0, 6), min_size=PLAYERS, max_size=PLAYERS))}
    count = draw(st.integers(1, 3))
    children = [draw(three_player_trees(depth - 1)) for _ in range(count)]
    if draw(st.integers(0, 4)) == 0:
        weights = [draw(st.integers(1, 3)) for _ in range(count)]
        return {"player": "chance", "children": children,
                "probabilities": [weight / sum(weights) for weight in weights]}
    return {"player": draw(st.integers(0, PLAYERS - 1)), "children": children}


def reference_paranoid(node: Any, root_player: int) -> float:
    """Paranoid by its definition: the root player maximises, everyone else minimises."""
    if "value" in node:
        return float(node["value"][root_player])
    values = [reference_paranoid(child, root_player) for child in node["children"]]
    if node["player"] == "chance":
        return sum(float(p) * v for p, v in zip(node["probabilities"], values, strict=True))
    return max(values) if node["player"] == root_player else min(values)


@settings(max_examples=60, deadline=None)
@given(children=st.lists(three_player_trees(), min_size=2, max_size=3))
def test_maxn_agrees_with_the_exact_solver_and_paranoid_with_its_definition(
    children: list[Any],
) -> None:
    tree = {"player": 0, "children": children}
    game = TreeGame.from_data(tree)
    maxn = search(game, "maxn depth=10")
    solved = search(game, "solve")  # an independent memoised implementation of the same rule
    assert maxn.value == pytest.approx(solved.value)
    assert maxn.best_move_text == solved.best_move_text
    paranoid = search(game, "paranoid depth=10")
    assert paranoid.value == pytest.approx(reference_paranoid(tree, 0))
    assert paranoid.snapshot.leaves <= maxn.snapshot.leaves  # it prunes; max^n never does
