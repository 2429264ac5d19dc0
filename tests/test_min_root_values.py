"""Every search reports a textbook tree in MAX's terms, also when its root is a MIN node.

A tree file's values are MAX's (a leaf ``v`` gives MAX ``v`` and MIN ``-v``), and
the lectures read a MIN node's value the same way: node 1 of AIMA's Fig. 5.2 is
worth 3, not −3. `minimax` has always reported it so; the chance-aware searches
(expectiminimax, expectimax, paranoid) and MCTS used to report the MIN player's
own view, −3, so the same tree gave two opposite answers.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adversa.games.registry import evaluation_of
from adversa.games.tree import TreeGame
from adversa.presentation import root_score_text
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import SearchResult

THREE_PLY = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
MIN_ROOT = {"player": "min", "children": THREE_PLY}
"""The three-ply tree with MIN to move first: MIN picks the subtree whose MAX value
is lowest — 12, 6, 14 — so the value is 6 with move 2."""


def search(game: TreeGame, spec: str, state: Any = None) -> SearchResult:
    start = game.initial_state() if state is None else state
    return run_search(game, start, EngineConfig.parse(spec), evaluation=evaluation_of(game))


def shown_root_moves(result: SearchResult) -> list[str]:
    return [root_score_text(root, result.snapshot) for root in result.snapshot.root_moves]


@pytest.mark.parametrize(
    "spec", ["minimax", "expectiminimax", "expectiminimax star1=on", "expectimax", "paranoid"]
)
def test_a_min_node_of_the_three_ply_tree_is_worth_3_for_every_search(spec: str) -> None:
    game = TreeGame.from_data(THREE_PLY)
    result = search(game, f"{spec} depth=12", state=game.parse_position("1"))
    assert result.value == 3
    assert result.best_move_text == "1"
    assert [root.score for root in result.snapshot.root_moves] == [3, 12, 8]
    assert result.snapshot.iterations[-1].score == 3


@pytest.mark.parametrize("spec", ["minimax", "expectiminimax", "expectiminimax star1=on",
                                  "paranoid"])
def test_a_min_root_tree_gives_minimax_value_and_move(spec: str) -> None:
    result = search(TreeGame.from_data(MIN_ROOT), f"{spec} depth=12")
    assert (result.value, result.best_move_text, result.pv) == (6, "2", ("2", "3"))


def test_expectimax_at_a_min_root_minimises_the_average_of_max() -> None:
    """MIN decides at the root; expectimax models MAX below it as uniform: the
    subtrees average 23/3, 4 and 7 for MAX, so MIN plays 2, worth 4 to MAX."""
    result = search(TreeGame.from_data(MIN_ROOT), "expectimax depth=12")
    assert result.value == pytest.approx(4)
    assert result.best_move_text == "2"
    scores = [root.score for root in result.snapshot.root_moves]
    assert scores == pytest.approx([23 / 3, 4, 7])


def test_pruned_root_moves_are_marked_as_bounds_like_alphabeta() -> None:
    """paranoid prunes like alpha-beta, so a root score whose subtree was cut is a
    bound: from above at a MAX root, from below (in MAX's terms) at a MIN root. A
    root move searched in full (a leaf, or no cut below) keeps its exact value."""
    game = TreeGame.from_data(THREE_PLY)
    at_max = search(game, "paranoid depth=12")
    at_min_over_leaves = search(game, "paranoid depth=12", state=game.parse_position("1"))
    at_min = search(TreeGame.from_data(MIN_ROOT), "paranoid depth=12")
    assert shown_root_moves(at_max) == ["3", "≤ 2", "2"]
    assert shown_root_moves(at_min_over_leaves) == ["3", "12", "8"]
    assert shown_root_moves(at_min) == ["12", "6", "≥ 14"]
    for result, state in ((at_max, None), (at_min_over_leaves, game.parse_position("1"))):
        assert shown_root_moves(result) == shown_root_moves(
            search(game, "alphabeta depth=12", state=state)
        )
    assert shown_root_moves(at_min) == shown_root_moves(
        search(TreeGame.from_data(MIN_ROOT), "alphabeta depth=12")
    )


def test_searches_without_pruning_mark_no_bounds() -> None:
    game = TreeGame.from_data(THREE_PLY)
    result = search(game, "expectiminimax depth=12")
    assert shown_root_moves(result) == ["3", "2", "2"]


def test_mcts_reports_a_min_node_in_max_terms() -> None:
    game = TreeGame.from_data(THREE_PLY)
    result = search(game, "mcts iterations=600 seed=1", state=game.parse_position("1"))
    assert result.best_move_text == "1"
    assert result.value == pytest.approx(3)
    assert {root.move: root.score for root in result.snapshot.root_moves} == pytest.approx(
        {"1": 3, "2": 12, "3": 8}
    )


def random_subtree(draw: st.DrawFn, depth: int) -> Any:
    if depth == 0 or draw(st.integers(0, 4)) == 0:
        return draw(st.integers(-9, 9))
    count = draw(st.integers(1, 3))
    return {"player": draw(st.sampled_from(["max", "min"])),
            "children": [random_subtree(draw, depth - 1) for _ in range(count)]}


@st.composite
def min_root_trees(draw: st.DrawFn) -> Any:
    count = draw(st.integers(2, 3))
    return {"player": "min", "children": [random_subtree(draw, 3) for _ in range(count)]}


@settings(max_examples=60, deadline=None)
@given(tree=min_root_trees())
def test_expectiminimax_agrees_with_minimax_on_min_root_trees(tree: Any) -> None:
    game = TreeGame.from_data(tree)
    reference = search(game, "minimax depth=12")
    for spec in ("expectiminimax depth=12", "expectiminimax depth=12 star1=on",
                 "paranoid depth=12"):
        result = search(game, spec)
        assert result.value == pytest.approx(reference.value)
        assert result.best_move_text == reference.best_move_text
