"""The tree explorer's ``?`` help and its keys for depth and moves per node (issue 32): a
game position's tree made small enough for ``f`` to draw ("the tree has 504 leaves …
at most 64")."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from narrowing import known
from textual.widgets import Static

from adversa.games import make_game
from adversa.search.config import EngineConfig
from adversa.tui.screens.help import HelpScreen
from adversa.tui.screens.tree_explorer import TreeExplorerApp, TreeExplorerScreen


async def settled(app: TreeExplorerApp, pilot: Any, runs: int) -> TreeExplorerScreen:
    """Wait until the explorer shows the result of its ``runs``-th search."""
    for _ in range(500):
        await pilot.pause(0.02)
        screen = app.screen
        if (isinstance(screen, TreeExplorerScreen) and screen.result is not None
                and len(searches) >= runs and not str(
                    screen.query_one("#explorer-info", Static).render()).startswith("searching")):
            return screen
    raise AssertionError("the explorer never finished its search")


searches: list[EngineConfig] = []


def messages(app: TreeExplorerApp) -> list[str]:
    return [notice.message for notice in app._notifications]


async def test_fewer_moves_and_plies_make_a_drawable_figure() -> None:
    searches.clear()
    game = make_game("tictactoe")
    app = TreeExplorerApp(game, game.initial_state(), EngineConfig.parse("alphabeta depth=3"))
    original = TreeExplorerScreen._run

    def counting(self: TreeExplorerScreen, config: EngineConfig) -> None:
        searches.append(config)
        original(self, config)

    TreeExplorerScreen._run = counting  # type: ignore[method-assign]
    try:
        async with app.run_test(size=(140, 40)) as pilot:
            screen = await settled(app, pilot, 1)
            await pilot.press("f")
            await pilot.pause()
            refused = [text for text in messages(app) if text.startswith("No figure")]
            assert refused and "w for fewer moves per node" in refused[-1]
            for runs in range(2, 8):  # 9 moves per node down to 3
                await pilot.press("w")
                screen = await settled(app, pilot, runs)
            assert screen.width == 3
            info = str(screen.query_one("#explorer-info", Static).render())
            assert "3 most promising moves per node" in info
            assert all(len(node.path) <= 3 for node in known(screen.result).trace)
            assert max(len(screen.game.legal_moves(screen.position)), 0) == 3
            await pilot.press("minus")
            screen = await settled(app, pilot, 8)
            assert screen.config.whole("depth") == 2
            await pilot.press("f")
            await pilot.pause()
            saved = [text for text in messages(app) if text.startswith("Figure saved: ")]
            assert saved, messages(app)
            path = Path(saved[-1].removeprefix("Figure saved: "))
            assert path.parent == Path(os.environ["ADVERSA_SAVES_DIR"]) and path.is_file()
    finally:
        TreeExplorerScreen._run = original  # type: ignore[method-assign]


async def test_question_mark_lists_the_explorers_keys() -> None:
    game = make_game("tree", {"file": "three-ply"})
    app = TreeExplorerApp(game, game.initial_state(), EngineConfig.parse("alphabeta"))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        rows = dict(help_screen.sections()[0][1])
        texts = " ".join(rows.values())
        assert "one ply deeper" in texts and "one move fewer at each node" in texts
        assert "SVG" in texts
