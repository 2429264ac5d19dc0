"""One definition of the counters, whichever engine runs the search.

A cutoff is a node where a cut skipped at least one child; ``pruned`` counts the
children skipped. A traced alpha-beta runs the lecture search (left to right, no
table), an untraced one the fast kernel: with the kernel's enhancements switched off
they are the same search, so every counter must agree (the kernel used to count a
cut at the last child, which skips nothing: tic-tac-toe 94 cutoffs against 90).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

PLAIN = "ordering=off killers=off history=off tt=0 id=off pvs=off quiescence=off"


def counters(game: Any, state: Any, spec: str) -> tuple[int, int, int, int]:
    snap = run_search(game, state, EngineConfig.parse(spec),
                      evaluation=evaluation_of(game)).snapshot
    return snap.nodes, snap.leaves, snap.cutoffs, snap.pruned


def random_position(game: Any, rng: random.Random, plies: int) -> Any:
    state = game.initial_state()
    for _ in range(rng.randint(0, plies)):
        child = game.result(state, rng.choice(game.legal_moves(state)))
        if game.is_terminal(child):
            break
        state = child
    return state


@pytest.mark.parametrize(("name", "options", "plies"), [
    ("tictactoe", {}, 6), ("nim", {"piles": "2,3,4"}, 4), ("checkers", {}, 20)])
@pytest.mark.parametrize("seed", range(6))
def test_traced_and_untraced_alphabeta_count_the_same(
    name: str, options: dict[str, Any], plies: int, seed: int
) -> None:
    game = make_game(name, options)
    state = random_position(game, random.Random(seed), plies)
    for depth in (2, 3, 4):
        untraced = counters(game, state, f"alphabeta depth={depth} {PLAIN}")
        traced = counters(game, state, f"alphabeta depth={depth} {PLAIN} trace=200000")
        assert untraced == traced, (depth, untraced, traced)
