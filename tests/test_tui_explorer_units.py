"""The tree explorer writes values in the same units as the live search panel.

A trace holds the search's raw scores: heuristic values squeezed into (−1, 1)
(tic-tac-toe's e(n) = +1 is 0.111…, a checkers man is 0.01) and proven results
as ``WIN − ply``. The panel shows them through `presentation.show_score`; the
explorer used to print them raw (``0.111``, ``999997``), and its cut texts too.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from textual.widgets import Static, Tree

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.games.tree import TreeGame
from adversa.presentation import bound_mark, cut_reason, show_score
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import SearchResult, TraceNode
from adversa.tui.screens.tree_explorer import TreeExplorerApp, TreeExplorerScreen, Visited


def traced(game: Any, spec: str, position: str | None = None) -> SearchResult:
    state = game.initial_state() if position is None else game.parse_position(position)
    return run_search(game, state, EngineConfig.parse(spec), evaluation=evaluation_of(game))


async def open_explorer(game: Any, spec: str, position: str | None = None
                        ) -> tuple[TreeExplorerApp, dict[tuple[int, ...], str], str]:
    """Run the explorer; return the app, every root child's label and the info line."""
    state = game.initial_state() if position is None else game.parse_position(position)
    app = TreeExplorerApp(game, state, EngineConfig.parse(spec))
    async with app.run_test(size=(140, 40)) as pilot:
        for _ in range(300):
            await pilot.pause(0.02)
            screen = app.screen
            if isinstance(screen, TreeExplorerScreen) and screen.result is not None:
                break
        else:
            raise AssertionError("the explorer never showed a trace")
        tree = screen.query_one(Tree)
        shown = {entry.data.path: str(entry.label) for entry in tree.root.children
                 if isinstance(entry.data, Visited)}
        shown[()] = str(tree.root.label)
        info = str(screen.query_one("#explorer-info", Static).render())
        return app, shown, info


async def test_tic_tac_toe_values_and_cuts_read_in_e_of_n() -> None:
    """Depth 2 from the empty board: the lecture's e(n) values, centre +1."""
    game = make_game("tictactoe")
    result = traced(game, "alphabeta depth=2 trace=500")
    _, shown, info = await open_explorer(game, "alphabeta depth=2")
    snapshot = result.snapshot
    for node in result.trace:
        if len(node.path) == 1:
            label = shown[node.path]
            assert f"{bound_mark(node) or '= '}{show_score(snapshot, node.value)}" in label
            assert "0.111" not in label
            if node.cut:
                assert f"α = {show_score(snapshot, node.alpha)}" in label
    centre = next(label for label in shown.values() if label.startswith("b2 "))
    assert "= +1" in centre
    assert "value +1" in info
    assert any("cut: -1 ≤ α = -1" in label for label in shown.values())


async def test_proven_results_read_win_and_loss() -> None:
    """X to move wins at once on c3 (the top row); the explorer says "win", not 999999."""
    game = make_game("tictactoe")
    _, shown, info = await open_explorer(game, "alphabeta depth=3", "xx./oo./...")
    assert "= win" in shown[()]
    assert "value win" in info
    assert not any("99999" in label for label in shown.values())


async def test_checkers_values_read_in_points() -> None:
    """Black a man up (White's 21 is gone): about a man's worth of points, not 0.01."""
    game = make_game("checkers")
    position = "B:W22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    result = traced(game, "alphabeta depth=2 trace=5000", position)
    _, shown, _ = await open_explorer(game, "alphabeta depth=2", position)
    assert result.snapshot.score_unit == "pts"
    for node in result.trace:
        if node.path in shown:
            mark = bound_mark(node) or "= "  # "≤ +98": a fail-low is only a bound
            assert f"{mark}{show_score(result.snapshot, node.value)}" in shown[node.path]
    root_points = float(shown[()].split("= ")[1].split()[0])
    assert root_points >= 50


async def test_textbook_trees_keep_the_lecture_numbers() -> None:
    _, shown, info = await open_explorer(make_game("tree", {"file": "three-ply"}),
                                         "alphabeta depth=4")
    assert "= 3" in shown[()] and "= +3" not in shown[()]
    assert "value 3 " in info
    assert "cut: 2 ≤ α = 3" in shown[(2,)]


def leaf_values(draw: st.DrawFn, depth: int) -> Any:
    if depth == 0 or draw(st.integers(0, 4)) == 0:
        return draw(st.integers(-9, 9))
    kind = draw(st.sampled_from(["max", "min", "chance"]))
    children = [leaf_values(draw, depth - 1) for _ in range(draw(st.integers(1, 3)))]
    node: dict[str, Any] = {"player": kind, "children": children}
    if kind == "chance":
        weights = [draw(st.integers(1, 4)) for _ in children]
        node["probabilities"] = [weight / sum(weights) for weight in weights]
    return node


@st.composite
def trees(draw: st.DrawFn) -> Any:
    return {"player": draw(st.sampled_from(["max", "min"])),
            "children": [leaf_values(draw, 3) for _ in range(draw(st.integers(2, 3)))]}


def cut_nodes(result: SearchResult) -> list[TraceNode]:
    return [node for node in result.trace if node.cut]


@settings(max_examples=60, deadline=None)
@given(tree=trees())
def test_every_cut_reason_states_a_true_inequality(tree: Any) -> None:
    """`cut_reason` writes every cut from the node's own numbers: the inequality it
    states holds for them (Star1 cuts included), and nodes without a cut have none."""
    game = TreeGame.from_data(tree)
    for spec in ("alphabeta depth=8 trace=500", "expectiminimax depth=8 star1=on trace=500"):
        if spec.startswith("alphabeta") and game.has_chance:
            continue
        result = traced(game, spec)
        for node in result.trace:
            reason = cut_reason(node)
            assert (reason is not None) == node.cut
            if reason is None:
                continue
            assert isinstance(node.value, float | int)
            assert node.alpha is not None and node.beta is not None
            if "≤ α" in reason:
                assert node.value <= node.alpha + 1e-9
            else:
                assert "≥ β" in reason and node.value >= node.beta - 1e-9


@pytest.mark.parametrize("spec", ["alphabeta depth=2 trace=500", "alphabeta depth=3 trace=2000"])
def test_tic_tac_toe_cut_texts_can_be_rewritten_in_units(spec: str) -> None:
    game = make_game("tictactoe")
    result = traced(game, spec)
    assert cut_nodes(result)
    for node in cut_nodes(result):
        assert cut_reason(node) is not None
        rewritten = cut_reason(node, lambda value: show_score(result.snapshot, value))
        assert rewritten is not None and "0.111" not in rewritten
