"""Grundy's game: the splits of the lecture's pile of 7, pile order, the end of
the game, and win/loss from 1..20 against the published Grundy values."""

from __future__ import annotations

from functools import cache

import pytest

from adversa.games import IllegalMoveError, InvalidPositionError
from adversa.games.grundy import Grundy
from adversa.games.nim import PilesState

GRUNDY_VALUES = (0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0)
"""Grundy values of one pile of 0..20 (OEIS A002188)."""


def mover_wins(game: Grundy, state: PilesState) -> bool:
    """Exhaustive minimax over the game's own rules (memoised on the state)."""

    @cache
    def wins(current: PilesState) -> bool:
        if game.is_terminal(current):
            return game.outcome(current).winner == current.player  # type: ignore[union-attr]
        return any(not wins(game.result(current, move)) for move in game.legal_moves(current))

    return wins(state)


def successors(game: Grundy, position: str) -> dict[str, str]:
    state = game.parse_position(position)
    return {
        game.format_move(state, move): game.format_position(game.result(state, move))
        for move in game.legal_moves(state)
    }


def test_splits_of_seven_match_the_lecture() -> None:
    game = Grundy()
    assert game.format_position(game.initial_state()) == "7"
    assert successors(game, "7") == {"1:1": "6,1;2", "1:2": "5,2;2", "1:3": "4,3;2"}


def test_parts_replace_the_split_pile_in_place() -> None:
    game = Grundy()
    assert successors(game, "6,1;2") == {"1:1": "5,1,1", "1:2": "4,2,1"}
    assert successors(game, "2,5,3") == {"2:1": "2,4,1,3;2", "2:2": "2,3,2,3;2", "3:1": "2,5,2,1;2"}


def test_equal_splits_and_small_piles_are_not_moves() -> None:
    game = Grundy()
    assert successors(game, "4") == {"1:1": "3,1;2"}
    for position in ("1", "2", "2,1,2,1,1"):
        state = game.parse_position(position)
        assert game.legal_moves(state) == [] and game.is_terminal(state)


def test_the_player_who_cannot_move_loses() -> None:
    game = Grundy()
    state = game.parse_position("2,1,2;2")
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == 0
    assert game.utility(state) == (1.0, -1.0)
    assert game.outcome(game.parse_position("4,3")) is None


def test_parse_accepts_either_part_and_normalises_it() -> None:
    game = Grundy()
    state = game.initial_state()
    assert game.parse_move(state, "1:6") == game.parse_move(state, "1:1") == (0, 1)
    assert game.parse_move(state, "1:4") == (0, 3)
    for text in ("1:7", "1:0", "2:1"):
        with pytest.raises(IllegalMoveError, match="legal moves: 1:1, 1:2, 1:3"):
            game.parse_move(state, text)
    with pytest.raises(IllegalMoveError):
        game.parse_move(game.parse_position("4"), "1:2")


def test_position_validation() -> None:
    game = Grundy()
    with pytest.raises(InvalidPositionError):
        game.parse_position("7,0")
    assert game.parse_position("4,2,1;2") == PilesState((4, 2, 1), 1)


@pytest.mark.parametrize("pile", range(1, 19))
def test_first_player_wins_exactly_when_the_grundy_value_is_not_zero(pile: int) -> None:
    game = Grundy(pile=pile)
    assert mover_wins(game, game.initial_state()) == (GRUNDY_VALUES[pile] != 0)
