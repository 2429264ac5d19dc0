"""Pig: chance states and their odds, what a 1 / hold / reaching the target do,
3–4 players, and the position notation."""

from __future__ import annotations

import math

import pytest

from adversa.games import CHANCE, IllegalMoveError, InvalidMoveError, InvalidPositionError
from adversa.games.pig import HOLD, ROLL, Pig, PigState


def test_roll_makes_a_chance_state_with_uniform_faces() -> None:
    for sides in (2, 6, 20):
        game = Pig(sides=sides)
        rolling = game.result(game.initial_state(), ROLL)
        assert game.to_move(rolling) == CHANCE and game.player(rolling) == 0
        outcomes = game.chance_outcomes(rolling)
        assert [face for face, _ in outcomes] == list(range(1, sides + 1))
        assert math.isclose(sum(p for _, p in outcomes), 1.0)
        assert all(math.isclose(p, 1 / sides) for _, p in outcomes)


def test_only_roll_is_legal_with_a_turn_total_of_zero() -> None:
    game = Pig()
    state = game.initial_state()
    assert game.legal_moves(state) == [ROLL]
    with pytest.raises(IllegalMoveError, match="turn total of 0"):
        game.parse_move(state, "hold")
    after_five = game.result(game.result(state, ROLL), 5)
    assert game.legal_moves(after_five) == [ROLL, HOLD]
    assert game.turn_total(after_five) == 5 and game.to_move(after_five) == 0


def test_rolling_a_one_loses_the_turn_total_and_passes_the_turn() -> None:
    game = Pig()
    state = game.parse_position("scores=10,20;player=1;total=9;roll=pending")
    after = game.result(state, 1)
    assert game.scores(after) == (10, 20)
    assert game.turn_total(after) == 0 and game.to_move(after) == 1


def test_hold_banks_the_turn_total_and_passes_the_turn() -> None:
    game = Pig()
    state = game.parse_position("scores=10,20;player=2;total=9")
    after = game.result(state, game.parse_move(state, "h"))
    assert game.scores(after) == (10, 29)
    assert game.turn_total(after) == 0 and game.to_move(after) == 0
    assert not game.is_terminal(after)


def test_reaching_the_target_ends_the_game() -> None:
    game = Pig(target=30)
    state = game.parse_position("scores=10,25;player=2;total=5")
    after = game.result(state, HOLD)
    assert game.is_terminal(after) and game.legal_moves(after) == []
    outcome = game.outcome(after)
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "reached 30 points"
    assert game.utility(after) == (-1.0, 1.0)
    # One short of the target goes on.
    short = game.result(game.parse_position("scores=10,24;player=2;total=5"), HOLD)
    assert not game.is_terminal(short) and game.outcome(short) is None


@pytest.mark.parametrize("players", [3, 4])
def test_more_players_take_turns_and_share_the_loss(players: int) -> None:
    game = Pig(players=players, target=10)
    assert game.num_players == players and not game.zero_sum
    state = game.initial_state()
    seen = []
    for _ in range(players + 1):
        seen.append(game.to_move(state))
        state = game.result(game.result(state, ROLL), 1)  # everybody busts
    assert seen == [*range(players), 0]
    last = players - 1
    scores = ",".join(["3"] * players)
    state = game.parse_position(f"scores={scores};player={players};total=8")
    finished = game.result(state, HOLD)
    utilities = game.utility(finished)
    assert utilities[last] == 1.0
    assert all(math.isclose(u, -1 / (players - 1)) for u in utilities[:last])
    assert math.isclose(sum(utilities), 0.0, abs_tol=1e-12)


def test_two_player_pig_is_zero_sum_with_chance() -> None:
    game = Pig()
    assert game.zero_sum and game.has_chance and game.utility_bounds() == (-1.0, 1.0)


def test_position_notation_round_trips_and_fills_defaults() -> None:
    game = Pig(players=3)
    state = game.parse_position("total=4; scores=1,2,3 ;roll=pending;player=3")
    assert state == PigState((1, 2, 3), 2, 4, True)
    assert game.format_position(state) == "scores=1,2,3;player=3;total=4;roll=pending"
    assert game.parse_position("scores=0,0,0") == game.initial_state()
    assert "▶ Player 3: 3" in game.render(state)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "scores=1",
        "scores=1,2;player=3",
        "scores=1,x",
        "scores=1,2;turn=1",
        "scores=1,2;roll=now",
        "scores=1,2;total=-1",
        "scores=100,100",
        "scores=100,0;total=5",
    ],
)
def test_malformed_positions_are_rejected(text: str) -> None:
    with pytest.raises(InvalidPositionError):
        Pig().parse_position(text)


def test_move_notation() -> None:
    game = Pig()
    state = game.parse_position("scores=0,0;total=3")
    assert game.parse_move(state, "R") == ROLL and game.parse_move(state, "roll") == ROLL
    assert game.format_move(state, HOLD) == "hold"
    with pytest.raises(InvalidMoveError, match="roll"):
        game.parse_move(state, "pass")
    rolling = game.result(state, ROLL)
    assert game.parse_move(rolling, "6") == 6 and game.format_move(rolling, 6) == "6"
    with pytest.raises(InvalidMoveError, match="die face"):
        game.parse_move(rolling, "roll")
    with pytest.raises(IllegalMoveError):
        game.parse_move(rolling, "7")
