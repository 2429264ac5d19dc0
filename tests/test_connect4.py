"""Connect Four: perft against the published counts and OpenSpiel, notation, wins, draws,
the evaluation, and exact values of small boards against OpenSpiel's alpha-beta."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adversa.games import make_game
from adversa.games.base import IllegalMoveError, InvalidMoveError, InvalidPositionError, OptionError
from adversa.games.connect4 import ConnectFour, ConnectFourState
from adversa.games.perft import generic_perft, perft
from adversa.games.registry import evaluation_of, make_evaluator
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

GAME: ConnectFour = make_game("connect4")  # type: ignore[assignment]

PUBLISHED_PERFT = (7, 49, 343, 2401, 16807, 117649, 823536, 5673234)
"""Leaves of the 7×6 move tree at depths 1–8 (OEIS A212693)."""


def play(game: ConnectFour, columns: str) -> ConnectFourState:
    """The position after a solver-style move sequence, e.g. ``"4453"``."""
    state = game.initial_state()
    for digit in columns:
        state = game.result(state, game.parse_move(state, digit))
    return state


def random_position(game: ConnectFour, rng: random.Random, plies: int) -> ConnectFourState:
    state = game.initial_state()
    for _ in range(plies):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.result(state, rng.choice(moves))
    return state


# --------------------------------------------------------------------------- perft


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_matches_the_published_counts(depth: int) -> None:
    assert perft(GAME, GAME.initial_state(), depth) == PUBLISHED_PERFT[depth - 1]


@pytest.mark.parametrize(("width", "height", "k", "depth"),
                         [(4, 4, 3, 6), (5, 4, 4, 6), (4, 5, 3, 7), (7, 6, 4, 5)])
def test_the_fast_perft_agrees_with_the_protocol_perft(
    width: int, height: int, k: int, depth: int
) -> None:
    game: ConnectFour = make_game("connect4", {"width": width, "height": height, "k": k})  # type: ignore[assignment]
    rng = random.Random(width * 100 + height * 10 + k)
    for plies in (0, 3, 7):
        state = random_position(game, rng, plies)
        assert perft(game, state, depth) == generic_perft(game, state, depth)


# --------------------------------------------------------------------------- OpenSpiel


def spiel_game(game: ConnectFour) -> Any:
    pyspiel = pytest.importorskip(
        "pyspiel", reason="OpenSpiel (pip install open_spiel) is the independent oracle"
    )
    return pyspiel.load_game("connect_four", {"columns": game.width, "rows": game.height,
                                              "x_in_row": game.k})


def spiel_perft(state: Any, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    return sum(spiel_perft(state.child(action), depth - 1) for action in actions)


@settings(max_examples=60)
@given(shape=st.sampled_from([(7, 6, 4), (4, 4, 3), (5, 4, 4), (6, 5, 4), (8, 7, 5)]),
       seed=st.integers(0, 2**32 - 1))
def test_random_games_agree_with_openspiel_move_by_move(
    shape: tuple[int, int, int], seed: int
) -> None:
    width, height, k = shape
    game: ConnectFour = make_game("connect4", {"width": width, "height": height, "k": k})  # type: ignore[assignment]
    oracle = spiel_game(game).new_initial_state()
    rng = random.Random(seed)
    state = game.initial_state()
    while True:
        assert game.legal_moves(state) == list(oracle.legal_actions())
        assert game.is_terminal(state) == oracle.is_terminal()
        board = "/".join(line for line in str(oracle).strip().splitlines())
        assert game.format_position(state) == board.upper()
        if game.is_terminal(state):
            assert list(game.utility(state)) == list(oracle.returns())
            break
        move = rng.choice(game.legal_moves(state))
        state = game.result(state, move)
        oracle.apply_action(move)


@settings(max_examples=15)
@given(plies=st.integers(0, 20), seed=st.integers(0, 2**32 - 1))
def test_perft_agrees_with_openspiel_from_random_positions(plies: int, seed: int) -> None:
    game = GAME
    rng = random.Random(seed)
    oracle = spiel_game(game).new_initial_state()
    state = game.initial_state()
    for _ in range(plies):
        if game.is_terminal(state):
            break
        move = rng.choice(game.legal_moves(state))
        state = game.result(state, move)
        oracle.apply_action(move)
    assert perft(game, state, 3) == spiel_perft(oracle, 3)


# --------------------------------------------------------------------------- rules


@pytest.mark.parametrize(
    ("moves", "winner", "cells"),
    [
        ("1212121", 0, {(2, 0), (3, 0), (4, 0), (5, 0)}),  # a column
        ("1122334", 0, {(5, 0), (5, 1), (5, 2), (5, 3)}),  # a row
        ("71212121", 1, {(2, 0), (3, 0), (4, 0), (5, 0)}),  # the second player
    ],
)
def test_four_in_any_direction_wins(moves: str, winner: int, cells: set[tuple[int, int]]) -> None:
    state = play(GAME, moves)
    assert GAME.is_terminal(state) and GAME.legal_moves(state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == winner
    assert outcome.reason == "four in a row"
    assert set(GAME.winning_cells(state)) == cells


@pytest.mark.parametrize(
    ("position", "cells"),
    [
        ("......./......./...X.../..XO.../.XOO.../XOOX..X", {(5, 0), (4, 1), (3, 2), (2, 3)}),
        ("......./......./...X.../...OX../...OOX./X..XOOX", {(2, 3), (3, 4), (4, 5), (5, 6)}),
    ],
)
def test_four_on_a_diagonal_wins(position: str, cells: set[tuple[int, int]]) -> None:
    state = GAME.parse_position(position)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == 0
    assert set(GAME.winning_cells(state)) == cells


def test_a_full_board_without_a_line_is_a_draw() -> None:
    game: ConnectFour = make_game("connect4", {"width": 4, "height": 4})  # type: ignore[assignment]
    rng = random.Random(7)
    for _ in range(200):
        state = random_position(game, rng, 16)
        if state.ply == 16 and state.winner == -1:
            break
    else:
        pytest.fail("no drawn random game in 200 tries")
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner is None and outcome.reason == "board full"
    assert game.utility(state) == (0.0, 0.0) and game.winning_cells(state) == ()


def test_a_stone_lands_on_the_lowest_empty_cell_and_a_full_column_is_refused() -> None:
    state = play(GAME, "444")
    assert GAME.landing_row(state, 3) == 2 and GAME.column_height(state, 3) == 3
    state = play(GAME, "444444")
    assert GAME.landing_row(state, 3) is None
    assert 3 not in GAME.legal_moves(state)
    with pytest.raises(IllegalMoveError, match="column 4 is full; legal moves: 1, 2, 3, 5"):
        GAME.parse_move(state, "4")


@pytest.mark.parametrize("text", ["0", "8", "a", "4.0", "", "٣"])
def test_a_move_that_is_not_a_column_says_what_is_expected(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="expected a column number 1–7"):
        GAME.parse_move(GAME.initial_state(), text)


def test_no_move_is_legal_after_a_win() -> None:
    state = play(GAME, "1212121")
    with pytest.raises(IllegalMoveError, match="the game is over"):
        GAME.parse_move(state, "3")


@settings(max_examples=100)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 42))
def test_notation_round_trips(seed: int, plies: int) -> None:
    state = random_position(GAME, random.Random(seed), plies)
    assert GAME.parse_position(GAME.format_position(state)) == state
    for move in GAME.legal_moves(state):
        assert GAME.parse_move(state, GAME.format_move(state, move)) == move


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("......./.......", "is not a 7×6 board"),
        ("......./......./......./......./......./...Z...", "has the cell 'Z'"),
        ("......./......./......./...X.../......./.......", "floating in column 4"),
        ("......./......./......./......./......./XX.....", "2 X and 0 O"),
        ("......./......./......./......./......./O......", "0 X and 1 O"),
        ("......./......./X....../XO...../XO...../XO....O", "after the game was won"),
        ("......./......./XO...../XO...../XO...../XO.....", "both X and O winning"),
    ],
)
def test_bad_positions_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        GAME.parse_position(text)


def test_a_position_may_be_a_solver_move_sequence() -> None:
    assert GAME.parse_position("4453") == play(GAME, "4453")
    with pytest.raises(InvalidPositionError, match=r"move 7 \(4\): .*column 4 is full"):
        GAME.parse_position("4444444")


def test_the_command_line_plays_solves_and_refuses_in_one_line() -> None:
    from click.testing import CliRunner

    from adversa.cli import main

    runner = CliRunner()
    moves = runner.invoke(main, ["moves", "connect4", "--moves", "4 4 5 3", "--json"])
    document = json.loads(moves.output)
    assert document["position"] == "......./......./......./......./...O.../..OXX.."
    assert document["moves"] == ["1", "2", "3", "4", "5", "6", "7"]
    solved = runner.invoke(main, ["solve", "connect4", "--set", "width=4", "--set", "height=4",
                                  "--position", "1122", "--json"])
    assert json.loads(solved.output)["value"] == 0
    refused = runner.invoke(main, ["solve", "connect4"])
    assert refused.exit_code == 2
    assert refused.output.strip().splitlines() == [
        "adversa: error: without a time budget, solve handles Connect Four positions with at "
        "most 16 empty cells (this one has 42); add --time SECONDS to try"
    ]


def test_the_transposition_key_tells_positions_apart_and_move_orders_meet() -> None:
    assert GAME.transposition_key(play(GAME, "4453")) == GAME.transposition_key(play(GAME, "5344"))
    seen: dict[Any, ConnectFourState] = {}
    rng = random.Random(3)
    for _ in range(2000):
        state = random_position(GAME, rng, rng.randrange(0, 20))
        key = GAME.transposition_key(state)
        assert seen.setdefault(key, state) == state


def test_k_must_fit_the_board() -> None:
    with pytest.raises(OptionError, match="cannot fit"):
        make_game("connect4", {"width": 4, "height": 4, "k": 5})


# --------------------------------------------------------------------------- evaluation


@settings(max_examples=100)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(0, 41))
def test_the_evaluation_is_inside_the_utility_range_and_zero_sum(seed: int, plies: int) -> None:
    state = random_position(GAME, random.Random(seed), plies)
    evaluator = make_evaluator(GAME)
    if GAME.is_terminal(state):
        return
    red, yellow = evaluator(state, 0), evaluator(state, 1)
    assert -1 < red < 1 and red == -yellow


def test_the_evaluation_likes_the_centre_and_threats_on_its_own_parity() -> None:
    evaluator = make_evaluator(GAME)
    # Red in the centre against Yellow on the edge, then Red on the edge against the centre.
    assert evaluator(play(GAME, "41"), 0) > evaluator(play(GAME, "14"), 0)
    # Three Reds in the bottom row threaten the 1st row (odd: Red's parity); three in the
    # second row threaten an even row, worth less to Red.
    odd = GAME.parse_position("......./......./......./......./......./XXX.OOO")
    even = GAME.parse_position("......./......./......./......./XXX..../OOOX...")
    assert evaluator(odd, 0) > 0 and evaluator(even, 0) > 0
    assert evaluator.raw_scale * evaluator(odd, 0) > 0


# --------------------------------------------------------------------------- search and solve


def solve_value(game: ConnectFour, state: ConnectFourState) -> float:
    result = run_search(game, state, EngineConfig.parse("solve"), evaluation=evaluation_of(game))
    assert not result.stopped and isinstance(result.value, float)
    return result.value


def test_the_4x4_board_is_solved_as_openspiel_solves_it() -> None:
    """4×4 is a draw; OpenSpiel's alpha-beta (an independent implementation) says so
    too, here, in the same run."""
    game: ConnectFour = make_game("connect4", {"width": 4, "height": 4})  # type: ignore[assignment]
    spiel = spiel_game(game)
    from open_spiel.python.algorithms import minimax

    oracle_value, _ = minimax.alpha_beta_search(spiel, maximizing_player_id=0)
    assert solve_value(game, game.initial_state()) == oracle_value == 0


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1), plies=st.integers(6, 12))
def test_solved_positions_of_5x4_agree_with_openspiel(seed: int, plies: int) -> None:
    game: ConnectFour = make_game("connect4", {"width": 5, "height": 4})  # type: ignore[assignment]
    rng = random.Random(seed)
    state = game.initial_state()
    oracle = spiel_game(game).new_initial_state()
    for _ in range(plies):
        move = rng.choice(game.legal_moves(state))
        if game.is_terminal(game.result(state, move)):
            break
        state = game.result(state, move)
        oracle.apply_action(move)
    from open_spiel.python.algorithms import minimax

    player = game.to_move(state)
    oracle_value, _ = minimax.alpha_beta_search(oracle.get_game(), state=oracle,
                                                maximizing_player_id=player)
    assert solve_value(game, state) == oracle_value


def test_solve_without_a_budget_refuses_the_standard_board() -> None:
    from adversa.search.engine import refusal

    assert "add --time" in (refusal(GAME, GAME.initial_state(), EngineConfig.parse("solve")) or "")


def test_alphabeta_finds_the_win_in_one_and_blocks_the_loss() -> None:
    engine = EngineConfig.parse("alphabeta depth=4")
    win = run_search(GAME, play(GAME, "112233"), engine,
                     evaluation=evaluation_of(GAME))  # Red: 4 completes the row
    assert win.best_move_text == "4"
    block = run_search(GAME, play(GAME, "11223"), engine,
                       evaluation=evaluation_of(GAME))  # Yellow must stop 4
    assert block.best_move_text == "4"


def test_distinct_positions_per_ply_match_the_published_counts() -> None:
    """John Tromp's counts of the distinct positions after each ply of 7×6 Connect Four;
    the transposition key must tell every one of them apart."""
    keys: dict[Any, ConnectFourState] = {}
    frontier = {GAME.initial_state()}
    counts = []
    for _ in range(8):
        counts.append(len(frontier))
        for state in frontier:
            assert keys.setdefault(GAME.transposition_key(state), state) == state
        frontier = {GAME.result(state, move) for state in frontier
                    for move in GAME.legal_moves(state)}
    assert counts == [1, 7, 49, 238, 1120, 4263, 16422, 54859]


@pytest.mark.parametrize("k", [3, 4, 5, 6])
def test_threat_cells_are_the_moves_that_win_at_once(k: int) -> None:
    game: ConnectFour = make_game("connect4", {"width": 7, "height": 6, "k": k})  # type: ignore[assignment]
    rng = random.Random(k)
    for _ in range(300):
        state = random_position(game, rng, rng.randrange(0, 30))
        if game.is_terminal(state):
            continue
        playable = (state.mask + game.bottom_row) & game.board_mask
        winning = {move for move in game.legal_moves(state)
                   if game.result(state, move).winner != -1}
        found = game.threat_cells(state.current, playable)
        assert {move for move in game.legal_moves(state)
                if found & game.column_mask[move]} == winning
