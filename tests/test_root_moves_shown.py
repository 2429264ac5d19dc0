"""A snapshot lists at most `ROOT_MOVES_SHOWN` root moves, the best of them (issue 33):
a 200,000-child textbook tree spent 55 s building every root move into ten snapshots a
second. The search's answer does not change, and the count of all root moves is kept."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.search.engine import engine_for, run_search
from adversa.search.stats import ROOT_MOVES_SHOWN, Snapshot

CHILDREN = 3 * ROOT_MOVES_SHOWN


@pytest.fixture(scope="module")
def wide_tree(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[int]]:
    leaves = random.Random(5).sample(range(-10_000, 10_000), CHILDREN)
    path = tmp_path_factory.mktemp("trees") / "wide.json"
    path.write_text(json.dumps(leaves))
    return path, leaves


@pytest.mark.parametrize("engine", ["minimax depth=1", "alphabeta depth=1",
                                    "expectimax depth=1", "solve"])
def test_a_wide_root_shows_its_best_moves_and_counts_them_all(
        wide_tree: tuple[Path, list[int]], engine: str) -> None:
    path, leaves = wide_tree
    game = make_game("tree", {"file": str(path)})
    state = game.initial_state()
    snapshots: list[Snapshot] = []
    result = run_search(game, state, engine_for(game, engine), evaluation=evaluation_of(game),
                        on_event=lambda event: snapshots.append(event)
                        if isinstance(event, Snapshot) else None)
    best = max(leaves)
    assert result.value == best
    assert result.best_move_text == str(leaves.index(best) + 1)
    final = result.snapshot
    assert final.total_root_moves == CHILDREN
    assert len(final.root_moves) == ROOT_MOVES_SHOWN
    shown = {root.move for root in final.root_moves}
    assert result.best_move_text in shown
    if engine != "alphabeta depth=1":  # alpha-beta's others are bounds, not values
        top = sorted(range(CHILDREN), key=lambda index: -leaves[index])[:ROOT_MOVES_SHOWN]
        assert shown == {str(index + 1) for index in top}
    for snapshot in snapshots:
        assert len(snapshot.root_moves) <= ROOT_MOVES_SHOWN


def test_a_root_of_ordinary_width_is_listed_whole() -> None:
    game = make_game("checkers")
    state = game.initial_state()
    result = run_search(game, state, engine_for(game, "alphabeta depth=2"),
                        evaluation=evaluation_of(game))
    assert len(result.snapshot.root_moves) == result.snapshot.total_root_moves == 7
    assert result.snapshot.root_move_count == 7
