"""Othello: perft against the published counts and OpenSpiel (passes and finished games
inside the tree), notation, passes, the disc-margin result, bad input, the alias."""

from __future__ import annotations

import itertools
import random
import subprocess
import sys
from typing import Any

import pytest

from adversa.games import make_game
from adversa.games.base import (
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    OptionError,
    play_line,
)
from adversa.games.othello import Othello, OthelloState
from adversa.games.othello_bitboard import PASS
from adversa.games.othello_eval import FEATURES, FeatureMasks, features, stable_edges
from adversa.games.othello_solver import EndgameSolver, solve_result
from adversa.games.perft import generic_perft, perft
from adversa.games.registry import entry, evaluation_of
from adversa.presentation import database_text
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

GAME: Othello = make_game("othello")  # type: ignore[assignment]

PUBLISHED_PERFT = (4, 12, 56, 244, 1396, 8200, 55092)
"""Leaves of the 8×8 move tree at depths 1–7, passes counted as plies (the Othello
perft tables of e.g. Aart Bik's and the Othello programming wiki)."""


def random_game_positions(game: Othello, rng: random.Random) -> list[OthelloState]:
    """Every position of one random game from the start to its end."""
    state = game.initial_state()
    positions = [state]
    while moves := game.legal_moves(state):
        state = game.result(state, rng.choice(moves))
        positions.append(state)
    return positions


# --------------------------------------------------------------------------- perft


@pytest.mark.parametrize("depth", range(1, 8))
def test_perft_matches_the_published_counts(depth: int) -> None:
    assert perft(GAME, GAME.initial_state(), depth) == PUBLISHED_PERFT[depth - 1]


@pytest.mark.slow
def test_perft_at_depth_10_counts_the_games_that_end_at_ply_9_as_leaves() -> None:
    """The published 24,571,284 counts each of the 228 nine-ply games once: without
    them (chess perft's rule, `generic_perft`) the count is 24,571,056."""
    state = GAME.initial_state()
    assert perft(GAME, state, 10) == 24_571_284


def protocol_perft(game: Othello, state: OthelloState, depth: int) -> int:
    """Othello perft through the Game protocol: a game over before the horizon is a leaf."""
    if depth == 0 or game.is_terminal(state):
        return 1
    moves = game.legal_moves(state)
    if depth == 1:
        return len(moves)
    return sum(protocol_perft(game, game.result(state, move), depth - 1) for move in moves)


@pytest.mark.parametrize("size", [6, 8, 10])
def test_the_bitboard_perft_agrees_with_the_protocol_perft(size: int) -> None:
    game: Othello = make_game("othello", {"size": size})  # type: ignore[assignment]
    rng = random.Random(size)
    endings_seen = 0
    for _ in range(3):
        positions = random_game_positions(game, rng)
        for state in (positions[0], positions[len(positions) // 2], positions[-3]):
            assert perft(game, state, 4) == protocol_perft(game, state, 4)
        endings_seen += perft(game, positions[-3], 4) != generic_perft(game, positions[-3], 4)
    assert endings_seen  # some trees ended inside the horizon, where the rules differ


def openspiel_perft(state: Any, depth: int) -> int:
    if state.is_terminal():
        return 1  # a game over before the horizon is one leaf, as the Othello tables count
    if depth == 1:
        return len(state.legal_actions())
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        total += openspiel_perft(child, depth - 1)
    return total


def test_perft_from_random_positions_agrees_with_openspiel() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (pyspiel) is not installed")
    spiel_game = pyspiel.load_game("othello")
    rng = random.Random(28)
    passes_seen = endings_seen = 0
    for _ in range(8):
        state = GAME.initial_state()
        spiel_state = spiel_game.new_initial_state()
        plies = rng.randrange(40, 56)
        for _ in range(plies):
            moves = GAME.legal_moves(state)
            if not moves:
                break
            move = rng.choice(moves)
            state = GAME.result(state, move)
            spiel_state.apply_action(64 if move == PASS else move)
        depth = 5
        assert perft(GAME, state, depth) == openspiel_perft(spiel_state, depth)
        passes_seen += _count_in_tree(state, depth, lambda s: GAME.legal_moves(s) == [PASS])
        endings_seen += _count_in_tree(state, depth, GAME.is_terminal)
    assert passes_seen > 0 and endings_seen > 0  # the trees did include both


def _count_in_tree(state: OthelloState, depth: int, test: Any) -> int:
    found = int(bool(test(state)))
    if depth == 0:
        return found
    return found + sum(_count_in_tree(GAME.result(state, move), depth - 1, test)
                       for move in GAME.legal_moves(state))


# --------------------------------------------------------------------------- rules


def test_black_opens_with_the_four_transcript_moves() -> None:
    state = GAME.initial_state()
    assert GAME.format_moves(state, GAME.legal_moves(state)) == ["d3", "c4", "f5", "e6"]
    assert GAME.to_move(state) == 0 and GAME.discs(state) == (2, 2)


def test_a_move_turns_the_outflanked_discs() -> None:
    state = GAME.result(GAME.initial_state(), GAME.parse_move(GAME.initial_state(), "f5"))
    assert GAME.discs(state) == (4, 1)
    assert GAME.disc(state, 4, 4) == "X"  # e5 turned
    assert GAME.flipped_by(GAME.initial_state(), GAME.parse_move(GAME.initial_state(), "f5")) \
        == [(4, 4)]


def test_a_side_without_a_move_passes_and_the_game_goes_on() -> None:
    # White's lone disc on b1 cannot outflank anything; Black's a1 can take c1.
    white = GAME.parse_position("XO------" + "-" * 56 + " O")
    assert GAME.legal_moves(white) == [PASS]
    assert not GAME.is_terminal(white)
    after = GAME.result(white, PASS)
    assert GAME.to_move(after) == 0 and GAME.format_moves(after, GAME.legal_moves(after)) == [
        "c1"]
    with pytest.raises(IllegalMoveError, match="must pass"):
        GAME.parse_move(white, "c1")
    with pytest.raises(IllegalMoveError, match="has moves"):
        GAME.parse_move(after, "pass")


def test_the_result_is_the_disc_margin_with_the_empties_to_the_winner() -> None:
    won = GAME.parse_position("XXX" + "-" * 61 + " O")
    assert GAME.is_terminal(won)
    assert GAME.utility(won) == (64.0, -64.0)
    outcome = GAME.outcome(won)
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "3–0 in discs"
    full = GAME.parse_position("X" * 33 + "O" * 31 + " X")
    assert GAME.utility(full) == (2.0, -2.0)
    assert GAME.utility_bounds() == (-64.0, 64.0)


def test_random_games_keep_the_disc_count_and_end_when_neither_side_can_move() -> None:
    rng = random.Random(5)
    for _ in range(10):
        positions = random_game_positions(GAME, rng)
        for before, after in itertools.pairwise(positions):
            gained = sum(GAME.discs(after)) - sum(GAME.discs(before))
            assert gained in (0, 1)
        last = positions[-1]
        assert GAME.is_terminal(last)
        assert GAME.legal_moves(GAME.result(last, PASS)) == []


# --------------------------------------------------------------------------- notation


def test_positions_and_transcripts_round_trip() -> None:
    rng = random.Random(3)
    for state in random_game_positions(GAME, rng)[::7]:
        assert GAME.parse_position(GAME.format_position(state)) == state
        for move in GAME.legal_moves(state):
            assert GAME.parse_move(state, GAME.format_move(state, move)) == move
    tiger = GAME.parse_position("f5d6c3d3c4")
    assert tiger == play_line(GAME, GAME.initial_state(), "f5 d6 c3 d3 c4")
    assert GAME.transcript(GAME.initial_state(), [37, 43, 18, 19, 26]) == "f5d6c3d3c4"


@pytest.mark.parametrize(("text", "error", "expected"), [
    ("z9", InvalidMoveError, "expected a1–h8 or pass"),
    ("a9", InvalidMoveError, "expected a1–h8 or pass"),
    ("a1", IllegalMoveError, "legal moves: d3, c4, f5, e6"),
])
def test_bad_moves_name_what_was_expected(text: str, error: type[Exception],
                                          expected: str) -> None:
    with pytest.raises(error, match=expected):
        GAME.parse_move(GAME.initial_state(), text)


@pytest.mark.parametrize(("text", "expected"), [
    ("X" * 10 + " X", "has 11 characters; expected 64 squares"),
    ("Q" * 64 + " X", "has the square 'Q'"),
    ("-" * 64 + " Z", "side to move 'Z'; expected X or O"),
    ("f5f5", "move 2 \\(f5\\)"),
])
def test_bad_positions_name_what_was_expected(text: str, expected: str) -> None:
    with pytest.raises(InvalidPositionError, match=expected):
        GAME.parse_position(text)


def test_sizes_other_than_6_8_10_are_refused() -> None:
    with pytest.raises(OptionError, match="expected 6, 8 or 10"):
        make_game("othello", {"size": "7"})
    small: Othello = make_game("othello", {"size": "6"})  # type: ignore[assignment]
    assert small.format_moves(small.initial_state(), small.legal_moves(small.initial_state())) \
        == ["c2", "b3", "e4", "d5"]


def test_reversi_is_another_name_for_othello() -> None:
    assert entry("reversi") is entry("othello")
    assert make_game("reversi").name == "othello"


def test_the_cli_refuses_a_bad_move_in_one_line() -> None:
    run = subprocess.run([sys.executable, "-m", "adversa", "moves", "othello", "--moves", "a1"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 2
    assert "legal moves: d3, c4, f5, e6" in run.stderr
    assert "Traceback" not in run.stderr


# --------------------------------------------------------------------------- the solver


def brute_force_margin(state: OthelloState) -> int:
    """The mover's final margin by plain minimax over the Game protocol (the oracle)."""
    if GAME.is_terminal(state):
        return int(GAME.utility(state)[state.mover])
    return max(-brute_force_margin(GAME.result(state, move)) for move in GAME.legal_moves(state))


def late_positions(count: int, empties: int, seed: int) -> list[OthelloState]:
    rng = random.Random(seed)
    found: list[OthelloState] = []
    while len(found) < count:
        positions = random_game_positions(GAME, rng)
        late = [state for state in positions
                if GAME.squares - sum(GAME.discs(state)) == empties
                and not GAME.is_terminal(state)]
        found.extend(late[:1])
    return found


def test_the_solver_finds_the_minimax_margin() -> None:
    solver = EndgameSolver(GAME.board)
    for state in late_positions(12, 7, seed=11):
        exact = brute_force_margin(state)
        assert solver.solve(state.mine, state.theirs) == exact
        move, value = solver.best_move(state.mine, state.theirs)
        assert value == exact
        assert -brute_force_margin(GAME.result(state, move)) == exact
        assert solve_result(EndgameSolver(GAME.board), state.mine, state.theirs) == (
            (exact > 0) - (exact < 0))


def test_the_search_hands_the_last_empties_to_the_solver_and_says_exact() -> None:
    state = late_positions(1, 9, seed=2)[0]
    result = run_search(GAME, state, EngineConfig.parse("alphabeta depth=3"),
                        evaluation=evaluation_of(GAME))
    exact = brute_force_margin(state)
    assert result.value == exact
    assert result.database_margin and result.database_plies == 9
    verdict = "draw" if exact == 0 else f"{'win' if exact > 0 else 'loss'} by {abs(exact)}"
    assert database_text(result) == f"exact: {verdict}"


# --------------------------------------------------------------------------- the evaluation


def test_the_evaluation_is_zero_sum_and_strictly_inside_the_margins() -> None:
    evaluator = evaluation_of(GAME).evaluator(GAME)
    assert evaluator(GAME.initial_state(), 0) == 0  # the start is symmetric
    rng = random.Random(9)
    for state in random_game_positions(GAME, rng)[:-1]:
        value = evaluator.function(state, 0)
        assert -64 < value < 64
        assert evaluator.function(state, 1) == -value


def test_the_features_see_corners_x_squares_and_stable_edges() -> None:
    masks = FeatureMasks(GAME.board)
    # Black holds a1 and the edge b1-c1; White sits on g7 next to the empty h8.
    state = GAME.parse_position("XXX-----" + "-" * 40 + "------O-" + "-------- X")
    values = dict(zip(FEATURES, features(masks, state.mine, state.theirs), strict=True))
    assert values["corners"] == 1
    assert values["x_squares"] == -1
    assert values["stable_edges"] == 3
    assert stable_edges(masks, state.theirs) == 0
