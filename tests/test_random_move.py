"""The ``random`` engine: legal, reproducible for a seed, uniform over moves, and
faithful to the probabilities at a chance state."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from adversa.games import Game, game_names, make_game
from adversa.games.registry import evaluation_of
from adversa.games.tree import TreeGame
from adversa.search.config import EngineConfig
from adversa.search.engine import algorithms_for, run_search


def pick(game: Game[Any, Any], state: Any, seed: int) -> str | None:
    return run_search(game, state, EngineConfig.parse(f"random seed={seed}"),
                      evaluation=evaluation_of(game)).best_move_text


@pytest.mark.parametrize("name", game_names())
def test_fits_every_game_and_plays_a_legal_move(name: str) -> None:
    game = make_game(name)
    assert "random" in algorithms_for(game)
    state = game.initial_state()
    result = run_search(game, state, EngineConfig.parse("random seed=3"),
                        evaluation=evaluation_of(game))
    assert result.best_move in game.legal_moves(state)


def test_same_seed_same_move_and_every_move_comes_up_about_equally() -> None:
    game = make_game("tictactoe")
    state = game.initial_state()
    assert pick(game, state, 11) == pick(game, state, 11)
    counts = Counter(pick(game, state, seed) for seed in range(900))
    assert len(counts) == 9
    assert all(60 <= count <= 140 for count in counts.values()), counts  # 100 expected


def test_a_chance_state_draws_outcomes_by_their_probability() -> None:
    game = TreeGame.from_data({"player": "chance", "probabilities": [0.9, 0.1],
                               "children": [{"label": "likely", "value": 1},
                                            {"label": "rare", "value": 2}]})
    counts = Counter(pick(game, game.initial_state(), seed) for seed in range(1000))
    assert 840 <= counts["likely"] <= 960 and counts["likely"] + counts["rare"] == 1000
