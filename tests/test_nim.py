"""Nim: moves, normal and misère endings, the side-to-move suffix, and the
theory (a position is lost for the mover exactly when its nim-sum says so)."""

from __future__ import annotations

from functools import cache, reduce
from itertools import product
from operator import xor

import pytest

from adversa.games import IllegalMoveError, InvalidMoveError, InvalidPositionError
from adversa.games.nim import Nim, PilesState


def mover_wins(game: Nim, state: PilesState) -> bool:
    """Exhaustive minimax over the game's own rules (memoised on the state)."""

    @cache
    def wins(current: PilesState) -> bool:
        if game.is_terminal(current):
            return game.winner(current) == current.player
        return any(not wins(game.result(current, move)) for move in game.legal_moves(current))

    return wins(state)


def test_initial_position_and_moves() -> None:
    game = Nim()
    state = game.initial_state()
    assert game.piles(state) == (1, 3, 5, 7) and game.to_move(state) == 0
    moves = game.format_moves(state, game.legal_moves(state))
    assert len(moves) == 16 and moves[:4] == ["1:1", "2:1", "2:2", "2:3"]
    after = game.result(state, game.parse_move(state, "4:7"))
    assert game.format_position(after) == "1,3,5,0;2"
    assert game.to_move(after) == 1


def test_normal_play_taking_the_last_object_wins() -> None:
    game = Nim(piles=(0, 0, 2))
    state = game.result(game.initial_state(), game.parse_move(game.initial_state(), "3:2"))
    outcome = game.outcome(state)
    assert game.is_terminal(state) and outcome is not None
    assert outcome.winner == 0 and game.utility(state) == (1.0, -1.0)


def test_misere_taking_the_last_object_loses() -> None:
    game = Nim(piles=(0, 0, 2), misere=True)
    state = game.result(game.initial_state(), (2, 2))
    assert game.utility(state) == (-1.0, 1.0)
    assert game.outcome(state).winner == 1  # type: ignore[union-attr]


@pytest.mark.parametrize("misere", [False, True])
def test_only_the_empty_position_is_terminal(misere: bool) -> None:
    game = Nim(misere=misere)
    assert game.is_terminal(game.parse_position("0,0,0"))
    assert not game.is_terminal(game.parse_position("0,1,0"))
    assert game.legal_moves(game.parse_position("0,0,0")) == []


def test_normal_play_losing_positions_are_exactly_nim_sum_zero() -> None:
    game = Nim()
    for piles in product(range(5), range(5), range(6)):
        state = PilesState(piles, 0)
        nim_sum = reduce(xor, piles)
        assert mover_wins(game, state) == (nim_sum != 0), piles


def test_misere_losing_positions_follow_bouton() -> None:
    """Misère: as normal play unless every pile is 0 or 1, then odd many 1s lose."""
    game = Nim(misere=True)
    for piles in product(range(4), range(4), range(5)):
        state = PilesState(piles, 0)
        all_small = max(piles) <= 1
        mover_loses = sum(piles) % 2 == 1 if all_small else reduce(xor, piles) == 0
        assert mover_wins(game, state) == (not mover_loses), piles


def test_side_to_move_suffix_round_trips() -> None:
    game = Nim()
    assert game.parse_position("1,3,5,7") == PilesState((1, 3, 5, 7), 0)
    assert game.parse_position("1,3,5,7;1") == PilesState((1, 3, 5, 7), 0)
    assert game.parse_position("1,3 ;2") == PilesState((1, 3), 1)
    for state in (PilesState((2, 0), 0), PilesState((2, 0), 1)):
        assert game.parse_position(game.format_position(state)) == state


@pytest.mark.parametrize("text", ["", "1,,3", "a,b", "1,3;3", "1,3;0", "1,-2"])
def test_malformed_positions_are_rejected(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        Nim().parse_position(text)


def test_bad_moves_raise_typed_errors() -> None:
    game = Nim()
    state = game.initial_state()
    with pytest.raises(InvalidMoveError, match="PILE:COUNT"):
        game.parse_move(state, "take 3")
    for text in ("5:1", "1:2", "2:0", "0:1"):
        with pytest.raises(IllegalMoveError, match="legal moves: 1:1"):
            game.parse_move(state, text)
