"""The solver's perfect play wins as fast and loses as slowly as possible, and says
how many plies that takes.

The reference is a plain memoised search written here: the value of a ±1/0 game with
its length when the winner hurries and the loser holds out — independent of the
solver's memo keys, cutoffs and explicit stack.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Hashable
from typing import Any

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.games import make_game
from adversa.games.base import Game
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search


def reference(game: Game[Any, Any], state: Any) -> tuple[int, int]:
    """(value for the mover, plies to the end) under fastest-win / slowest-loss play."""

    @functools.cache
    def best(position: Hashable) -> tuple[int, int]:
        if game.is_terminal(position):
            return round(game.utility(position)[game.to_move(position)]), 0
        options = []
        for move in game.legal_moves(position):
            value, plies = best(game.result(position, move))
            options.append((-value, plies + 1))
        # A win: the shortest; a loss: the longest; a draw: any (length unused).
        return max(options, key=lambda option: (option[0], -option[1] * option[0]))

    return best(state)


def play_out(game: Game[Any, Any], state: Any, pv: tuple[str, ...]) -> Any:
    for text in pv:
        state = game.result(state, game.parse_move(state, text))
    return state


def check(game: Game[Any, Any], state: Any) -> None:
    result = run_search(game, state, EngineConfig.parse("solve"))
    value, plies = reference(game, state)
    assert result.value == value
    if value > 0:
        assert (result.win_in_plies, result.loss_in_plies) == (plies, None)
    elif value < 0:
        assert (result.win_in_plies, result.loss_in_plies) == (None, plies)
    else:
        assert (result.win_in_plies, result.loss_in_plies) == (None, None)
        return
    assert len(result.pv) == plies
    end = play_out(game, state, result.pv)
    assert game.is_terminal(end)
    # Every move of the line keeps the shortest win / the longest loss.
    position = state
    for ply, text in enumerate(result.pv):
        position = game.result(position, game.parse_move(position, text))
        if not game.is_terminal(position):
            assert reference(game, position)[1] == plies - ply - 1


def test_the_issue_position_wins_at_once_after_b3() -> None:
    """`solve tictactoe -p '.../XO./...' --moves c2` played b3 then let O win slowly."""
    game = make_game("tictactoe")
    state = game.parse_position(".../XO./...")
    state = game.result(state, game.parse_move(state, "c2"))
    result = run_search(game, state, EngineConfig.parse("solve"))
    assert result.value == 1 and result.win_in_plies == reference(game, state)[1]
    check(game, state)


@pytest.mark.parametrize("seed", range(12))
def test_random_tictactoe_positions_match_the_reference(seed: int) -> None:
    game = make_game("tictactoe")
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(rng.randint(1, 5)):
        moves = game.legal_moves(state)
        following = game.result(state, rng.choice(moves))
        if game.is_terminal(following):
            break
        state = following
    check(game, state)


@pytest.mark.parametrize("piles", ["1,3,5,6", "2,3", "1,2,4", "3,3", "7"])
def test_nim_lines_match_the_reference(piles: str) -> None:
    game = make_game("nim", {"piles": piles})
    check(game, game.initial_state())


def test_the_cli_names_the_winner_and_the_distance() -> None:
    result = CliRunner().invoke(
        main, ["solve", "tictactoe", "-p", ".../XO./...", "--moves", "c2"])
    assert result.exit_code == 0, result.output
    assert "O, to move, wins in 5 plies" in result.stdout
    analyzed = CliRunner().invoke(
        main, ["analyze", "nim", "--engine", "solve", "-p", "1,3,5,6;2"])
    assert "Player 2 wins in 15 plies" in analyzed.stdout
    assert "+1" not in analyzed.stdout
