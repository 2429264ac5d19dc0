"""The search-tree explorer under Pilot, on the classic three-ply lecture tree."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner
from rich.text import Text
from textual.app import App
from textual.widgets import Static, Tree

from adversa.cli import main
from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.match.session import GameSession
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.tui.app import AdversaApp
from adversa.tui.screens.game import GameScreen
from adversa.tui.screens.tree_explorer import (
    ExplorerError,
    TreeExplorerApp,
    TreeExplorerScreen,
    Visited,
    traced_config,
)
from adversa.tui.screens.tree_labels import TraceView

ALPHABETA = EngineConfig.parse("alphabeta depth=4")


def classic_tree() -> Any:
    return make_game("tree", {"file": "three-ply"})


async def explorer(app: App[Any], pilot: Any,
                   algorithm: str = "alphabeta") -> TreeExplorerScreen:
    """Wait until the explorer shows a trace of ``algorithm``."""
    for _ in range(200):
        await pilot.pause(0.02)
        screen = app.screen
        if (isinstance(screen, TreeExplorerScreen) and screen.result is not None
                and screen.result.snapshot.algorithm == algorithm):
            return screen
    raise AssertionError("the explorer never showed a trace")


def labels(tree: Tree[Any]) -> dict[str, Text]:
    """Every created entry's label, keyed by its path text (``2.2``), expanding all."""
    found: dict[str, Text] = {}

    def walk(entry: Any) -> None:
        data = entry.data
        if data is not None:
            path = data.path if isinstance(data, Visited) else (*data.parent, data.position)
            found[".".join(map(str, path)) or "root"] = entry.label
        for child in entry.children:
            walk(child)

    walk(tree.root)
    return found


def step_text(screen: TreeExplorerScreen) -> str:
    return str(screen.query_one("#explorer-step", Static).render())


def test_trace_view_knows_when_each_subtree_finishes() -> None:
    game = classic_tree()
    result = run_search(game, game.initial_state(), traced_config(ALPHABETA),
                        evaluation=evaluation_of(game))
    view = TraceView.build(result.trace)
    assert view.finished_at[()] == view.last_step == 10
    assert view.finished_at[(1,)] == 4  # 1, 1.1, 1.2, 1.3 are orders 1..4
    assert view.finished_at[(2,)] == 6  # 2.1 is the last visited child of 2
    assert [child.path for child in view.children[(2,)]] == [(2, 1)]
    assert view.pruned_count(5) == 0 and view.pruned_count(6) == 2


def test_only_tracing_algorithms_can_be_explored() -> None:
    with pytest.raises(ExplorerError, match="records no search tree"):
        traced_config(EngineConfig.parse("mcts"))
    assert traced_config(EngineConfig.parse("minimax trace=7")).get("trace") == 7


async def test_pruned_leaves_are_greyed_with_the_cut_condition() -> None:
    game = classic_tree()
    app = TreeExplorerApp(game, game.initial_state(), ALPHABETA)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await explorer(app, pilot)
        tree = screen.query_one(Tree)
        for child in tree.root.children:
            child.expand()
        await pilot.pause()
        shown = labels(tree)
        for pruned in ("2.2", "2.3"):
            assert "✂" in shown[pruned].plain
            assert "cut: 2 ≤ α = 3" in shown[pruned].plain
            assert "dim" in str(shown[pruned].style)
        assert "2.1" in shown and "pruned" not in shown["2.1"].plain
        assert "= 3" in shown["root"].plain
        assert "green" in str(shown["1"].spans[0].style)  # MAX's choice is on the PV
        info = str(screen.query_one("#explorer-info", Static).render())
        assert "11 nodes traced, 2 subtrees pruned" in info


async def test_stepping_moves_through_the_windows() -> None:
    game = classic_tree()
    app = TreeExplorerApp(game, game.initial_state(), ALPHABETA)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await explorer(app, pilot)
        assert "step 11/11" in step_text(screen)
        await pilot.press("home")
        assert "step 1/11" in step_text(screen)
        assert "α = -∞   β = ∞" in step_text(screen)
        await pilot.press("right", "right", "right")
        assert "step 4/11" in step_text(screen)
        assert "α = -∞   β = 3" in step_text(screen)  # MIN has seen the 3
        shown = labels(screen.query_one(Tree))
        assert "= ?" in shown["1"].plain  # node 1 is not finished yet
        assert "not reached yet" in shown["2"].plain
        await pilot.press("right", "right")
        assert "α = 3   β = ∞" in step_text(screen)  # MAX now holds 3 entering node 2
        await pilot.press("left")
        assert "step 5/11" in step_text(screen)
        await pilot.press("end")
        assert "step 11/11" in step_text(screen)
        assert "pruned so far: 2" in step_text(screen)


async def test_minimax_contrast_shows_the_whole_tree() -> None:
    game = classic_tree()
    app = TreeExplorerApp(game, game.initial_state(), ALPHABETA)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await explorer(app, pilot)
        await pilot.press("m")
        screen = await explorer(app, pilot, "minimax")
        assert screen.view is not None and len(screen.view.nodes) == 13
        tree = screen.query_one(Tree)
        for child in tree.root.children:
            child.expand()
        await pilot.pause()
        shown = labels(tree)
        assert "= 4" in shown["2.2"].plain and "✂" not in shown["2.2"].plain
        await pilot.press("m")
        screen = await explorer(app, pilot, "alphabeta")
        assert screen.view is not None and len(screen.view.nodes) == 11


async def test_a_capped_trace_says_so() -> None:
    game = make_game("tictactoe")
    app = TreeExplorerApp(game, game.initial_state(),
                          EngineConfig.parse("alphabeta depth=3 trace=20"))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await explorer(app, pilot)
        info = str(screen.query_one("#explorer-info", Static).render())
        assert "trace capped at 20 nodes" in info
        root_moves = [str(child.label) for child in screen.query_one(Tree).root.children]
        assert root_moves[0].startswith("a3")  # tic-tac-toe moves name the entries


def test_explorer_snapshot(snap_compare: Any) -> None:
    game = classic_tree()
    app = TreeExplorerApp(game, game.initial_state(), ALPHABETA)

    async def open_all(pilot: Any) -> None:
        screen = await explorer(app, pilot)
        for child in screen.query_one(Tree).root.children:
            child.expand()
        await pilot.pause()

    assert snap_compare(app, terminal_size=(100, 30), run_before=open_all)


def test_tree_command_opens_the_explorer(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[TreeExplorerApp] = []
    monkeypatch.setattr(TreeExplorerApp, "run", lambda self, *args, **kwargs: opened.append(self))
    result = CliRunner().invoke(main, ["tree", "three-ply", "--algorithm", "minimax", "--explore"])
    assert result.exit_code == 0, result.stderr
    assert len(opened) == 1
    assert opened[0].config.algorithm == "minimax"
    assert opened[0].config.whole("trace") > 0


def test_tree_explore_with_an_untraceable_algorithm_is_one_line() -> None:
    result = CliRunner().invoke(main, ["tree", "three-ply", "--algorithm", "mcts", "--explore"])
    assert result.exit_code == 2
    assert result.stderr.startswith("adversa: error: ")
    assert result.stderr.count("\n") == 1


async def test_game_screen_opens_the_explorer_on_its_position() -> None:
    session = GameSession("tictactoe", players=[ALPHABETA, ALPHABETA])  # paused: no autoplay
    session.play_text("b2")
    app = AdversaApp(session, engine_search=run_search)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        screen = await explorer(app, pilot)
        assert screen.position == session.state
        assert screen.config.get("depth") == 3
        root_moves = [str(child.label).split()[0] for child in screen.query_one(Tree).root.children]
        assert "b2" not in root_moves and len(root_moves) == 8
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_children_are_added_only_when_a_node_is_expanded() -> None:
    game = classic_tree()
    app = TreeExplorerApp(game, game.initial_state(), ALPHABETA)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await explorer(app, pilot)
        created = {key.path for key in screen.tree_nodes if isinstance(key, Visited)}
        assert created == {(), (1,), (2,), (3,)}
        screen.query_one(Tree).root.children[1].expand()
        await pilot.pause()
        assert Visited((2, 1)) in screen.tree_nodes
        assert Visited((1, 1)) not in screen.tree_nodes


async def test_closing_the_standalone_explorer_quits_the_app() -> None:
    """`adversa tree … --explore` then q used to leave a blank screen running."""
    game = classic_tree()
    app = TreeExplorerApp(game, game.initial_state(), ALPHABETA)
    async with app.run_test(size=(120, 40)) as pilot:
        await explorer(app, pilot)
        assert len(app.screen_stack) == 1
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0


async def test_large_counts_have_thousands_separators() -> None:
    """Every count in the info and step lines is written the same way (``3,202``)."""
    game = make_game("tictactoe", {})
    app = TreeExplorerApp(game, game.initial_state(), EngineConfig.parse("alphabeta depth=6"))
    async with app.run_test(size=(160, 40)) as pilot:
        screen = await explorer(app, pilot)
        view = screen.view
        assert view is not None
        visited, pruned = len(view.nodes), view.pruned_count(view.last_step)
        assert visited >= 1000 and pruned >= 1000  # else the test shows nothing
        info = str(screen.query_one("#explorer-info", Static).render())
        assert f"{visited:,} nodes traced, {pruned:,} subtrees pruned" in info
        await pilot.press("end")
        assert f"step {visited:,}/{visited:,}" in step_text(screen)
        assert f"pruned so far: {pruned:,}" in step_text(screen)
