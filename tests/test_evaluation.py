"""Evaluation functions: the lectures' e(n), checkers features, Pig's vector, the range rule.

The range rule: a heuristic value lies strictly inside the utility range, so
every win beats every heuristic value and every heuristic value beats every loss.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from narrowing import made

from adversa.games import make_game
from adversa.games.checkers import Checkers
from adversa.games.checkers_eval import CheckersWeights, checkers_evaluator
from adversa.games.registry import make_evaluator, make_vector_evaluator
from adversa.games.tictactoe import TicTacToe


def random_states(game: Any, seed: int, count: int, plies: int) -> list[Any]:
    """Positions along random games (terminal ones included)."""
    rng = random.Random(seed)
    states: list[Any] = []
    while len(states) < count:
        state = game.initial_state()
        for _ in range(rng.randint(0, plies)):
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.result(state, rng.choice(moves))
        states.append(state)
    return states


# --------------------------------------------------------------------------- tic-tac-toe


def raw(game: Any, position: str, player: int = 0) -> float:
    evaluator = make_evaluator(game)
    return evaluator(game.parse_position(position), player) * evaluator.raw_scale


@pytest.mark.parametrize(
    ("position", "expected"),
    [(".../.../...", 0), (".../.X./...", 4), ("X../.../...", 3), (".X./.../...", 2)],
)
def test_e_of_n_counts_open_lines_after_one_move(position: str, expected: int) -> None:
    game = make_game("tictactoe")
    assert raw(game, position, 0) == pytest.approx(expected)
    assert raw(game, position, 1) == pytest.approx(-expected)


def test_e_of_n_of_the_lecture_position() -> None:
    # X in the centre, O in a corner: X has 5 open lines, O has 4 (e = +1).
    assert raw(make_game("tictactoe"), "O../.X./...") == pytest.approx(1)


@pytest.mark.parametrize("options", [{}, {"width": 4, "height": 4, "k": 3}, {"k": 2}])
def test_tictactoe_values_respect_the_range_rule(options: dict[str, int]) -> None:
    game = make_game("tictactoe", options)
    evaluator = make_evaluator(game)
    for state in random_states(game, 1, 200, 10):
        for player in (0, 1):
            value = evaluator(state, player)
            if game.is_terminal(state):
                assert value == game.utility(state)[player]
            else:
                assert -1 < value < 1


@pytest.mark.parametrize("options", [
    {}, {"width": 4, "height": 4, "k": 3}, {"width": 4, "height": 4, "k": 4},
    {"width": 5, "height": 5, "k": 4},  # 25 cells: counted, not looked up
])
def test_e_of_n_is_open_lines_for_x_minus_open_lines_for_o(options: dict[str, int]) -> None:
    """Whether looked up in a table (≤ 16 cells) or counted, e(n) is the lectures' count."""
    game = made("tictactoe", TicTacToe, options)
    evaluator = make_evaluator(game)
    for state in random_states(game, 3, 150, 12):
        if game.is_terminal(state):
            continue
        open_for_x = sum(1 for line in game.lines if not line & state.o)
        open_for_o = sum(1 for line in game.lines if not line & state.x)
        for player, sign in ((0, 1), (1, -1)):
            shown = evaluator.function(state, player) * evaluator.raw_scale
            assert shown == pytest.approx(sign * (open_for_x - open_for_o))


# --------------------------------------------------------------------------- checkers


def mirrored(game: Any, state: Any) -> Any:
    """The same position with the colours swapped and the board turned around."""
    swap = {"b": "w", "w": "b", "B": "W", "W": "B"}
    pieces = {33 - square: swap[piece] for square, piece in game.pieces(state).items()}
    return game.state_from_pieces(pieces, 1 - game.to_move(state))


def test_checkers_start_is_balanced() -> None:
    game = made("checkers", Checkers)
    evaluator = make_evaluator(game)
    assert evaluator(game.initial_state(), 0) == 0
    assert evaluator(game.initial_state(), 1) == 0


def test_checkers_evaluation_is_colour_symmetric() -> None:
    game = made("checkers", Checkers)
    evaluator = make_evaluator(game)
    for state in random_states(game, 7, 150, 60):
        if game.is_terminal(state):
            continue
        value = evaluator(state, 0)
        assert evaluator(state, 1) == -value
        assert evaluator(mirrored(game, state), 1) == pytest.approx(value)


def test_checkers_values_respect_the_range_rule() -> None:
    game = made("checkers", Checkers)
    evaluator = make_evaluator(game)
    crowded_kings = game.state_from_pieces({square: "B" for square in range(1, 13)}, 0)
    for state in [crowded_kings, *random_states(game, 3, 150, 80)]:
        value = evaluator(state, 0)
        if game.is_terminal(state):
            assert value == game.utility(state)[0]
        else:
            assert -1 < value < 1


def test_checkers_material_dominates_and_kings_beat_men() -> None:
    game = made("checkers", Checkers)
    evaluator = make_evaluator(game)
    man_up = game.state_from_pieces({5: "b", 6: "b", 28: "w"}, 0)
    king_vs_man = game.state_from_pieces({14: "B", 19: "w"}, 0)
    man_vs_man = game.state_from_pieces({14: "b", 19: "w"}, 0)
    assert evaluator(man_up, 0) * evaluator.raw_scale > 50
    assert evaluator(king_vs_man, 0) > evaluator(man_vs_man, 0)


def test_checkers_weights_live_in_one_place() -> None:
    game = made("checkers", Checkers)
    material_only = CheckersWeights(
        advancement=0, back_rank=0, centre=0, mobility=0, runaway=0,
        trade_down=0, approach=0, confine=0,
    )
    evaluator = checkers_evaluator(game, material_only)
    state = game.state_from_pieces({1: "b", 2: "B", 30: "w"}, 0)
    assert evaluator(state, 0) * evaluator.raw_scale == pytest.approx(100 + 150 - 100)


def test_the_back_rank_bonus_guards_three_squares_not_the_single_corner() -> None:
    game = made("checkers", Checkers)
    back_rank_only = CheckersWeights(advancement=0, centre=0, mobility=0, runaway=0)
    evaluator = checkers_evaluator(game, back_rank_only)

    def points(pieces: dict[int, str]) -> float:
        return evaluator(game.state_from_pieces(pieces, 0), 0) * evaluator.raw_scale

    for square in (1, 2, 3, 4):  # one man each, the other far from its back row
        expected = back_rank_only.back_rank if square != 4 else 0.0
        assert points({square: "b", 14: "w"}) == pytest.approx(expected)
        assert points({33 - square: "w", 19: "b"}) == pytest.approx(-expected)
    assert points({1: "B", 14: "w"}) == pytest.approx(50)  # a king guards nothing: no bonus


def test_a_runaway_man_is_worth_more_than_a_blocked_one() -> None:
    game = made("checkers", Checkers)
    runaway_only = CheckersWeights(advancement=0, back_rank=0, centre=0, mobility=0)
    evaluator = checkers_evaluator(game, runaway_only)
    free = game.state_from_pieces({22: "b", 4: "w"}, 0)  # nothing ahead of Black's man
    blocked = game.state_from_pieces({22: "b", 30: "w"}, 0)  # White's man in its path
    assert evaluator(free, 0) > 0
    assert evaluator(blocked, 0) == 0


# --------------------------------------------------------------------------- pig


@settings(max_examples=60, deadline=None)
@given(
    players=st.integers(2, 4),
    scores=st.lists(st.integers(0, 99), min_size=4, max_size=4),
    mover=st.integers(0, 3),
    total=st.integers(0, 40),
)
def test_pig_vector_is_zero_sum_and_inside_the_range(
    players: int, scores: list[int], mover: int, total: int
) -> None:
    game = make_game("pig", {"players": players})
    state = game.initial_state()._replace(
        scores=tuple(scores[:players]), player=mover % players, turn_total=total
    )
    values = make_vector_evaluator(game)(state)
    low, high = -1 / (players - 1), 1
    assert len(values) == players
    assert sum(values) == pytest.approx(0, abs=1e-12)
    assert all(low < value < high for value in values)


def test_pig_leader_and_turn_total_count() -> None:
    game = make_game("pig")
    evaluate = make_vector_evaluator(game)
    start = game.initial_state()
    leading = start._replace(scores=(60, 20))
    assert evaluate(leading)[0] > 0 > evaluate(leading)[1]
    at_risk = start._replace(turn_total=15)
    assert evaluate(at_risk)[0] > evaluate(start)[0]
    scalar = make_evaluator(game)
    assert scalar(leading, 1) == evaluate(leading)[1]


def test_pig_vector_gives_the_utility_at_the_end() -> None:
    game = make_game("pig", {"players": 3})
    over = game.initial_state()._replace(scores=(100, 30, 0))
    assert make_vector_evaluator(game)(over) == game.utility(over)


# --------------------------------------------------------------------------- the rest


@pytest.mark.parametrize("name", ["nim", "grundy"])
def test_impartial_games_have_no_opinion_until_the_end(name: str) -> None:
    game = make_game(name)
    evaluator = make_evaluator(game)
    for state in random_states(game, 5, 40, 6):
        expected = game.utility(state)[0] if game.is_terminal(state) else 0
        assert evaluator(state, 0) == expected


def test_two_player_vector_evaluator_pairs_the_scalar_values() -> None:
    game = make_game("tictactoe")
    state = game.parse_position(".../.X./...")
    assert make_vector_evaluator(game)(state) == pytest.approx((4 / 9, -4 / 9))


def test_vector_evaluator_gives_the_utility_at_the_end_for_two_player_games() -> None:
    game = make_game("tictactoe")
    won = game.parse_position("XXX/OO./...")
    assert make_vector_evaluator(game)(won) == (1.0, -1.0)
