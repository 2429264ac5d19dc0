"""Exact values with history: the transposition table must not mix paths to one position.

Checkers draws by threefold repetition and by the 40-move rule, so a position's value
depends on the positions since the last capture or man move. These property tests
build king endings, walk them through random reversible moves (often straight back,
so repetitions come up; sometimes to one ply short of the 40-move limit) and assert
that alpha-beta with every value-preserving enhancement (transposition table and its
cutoffs, ordering, killers, history, iterative deepening, PVS, aspiration) returns
minimax's value. Seeds are plain integers: a failure prints the one that replays it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from narrowing import scalar

from adversa.games import make_game
from adversa.games.checkers import QUIET_PLY_LIMIT, Checkers, CheckersState
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

GAME: Checkers = make_game("checkers")  # type: ignore[assignment]

ENHANCED = {
    "tt": "alphabeta ordering=off killers=off history=off tt=1 id=off pvs=off quiescence=off",
    "tt+id+ordering": "alphabeta tt=1 id=on pvs=off quiescence=off",
    "all": "alphabeta tt=1 aspiration=0.02 quiescence=off",
    "defaults": "alphabeta quiescence=off",
}
"""Alpha-beta settings that must not change a value (quiescence changes it by design)."""


def value(state: CheckersState, spec: str) -> float:
    result = run_search(GAME, state, EngineConfig.parse(spec), evaluation=evaluation_of(GAME))
    return scalar(result.value)


def king_ending(rng: random.Random, kings: int) -> CheckersState:
    """``kings`` kings (at least one each) on random squares, a random side to move,
    with no capture pending (drawn again until so: a capture ends the history)."""
    while True:
        squares = rng.sample(range(1, 33), kings)
        black = squares[: rng.randint(1, kings - 1)]
        white = squares[len(black):]
        side = rng.choice("BW")
        state = GAME.parse_position(f"{side}:W{','.join(f'K{s}' for s in white)}"
                                    f":B{','.join(f'K{s}' for s in black)}")
        if GAME.is_quiet(state) and not GAME.is_terminal(state):
            return state


def reversible_walk(rng: random.Random, state: CheckersState, plies: int,
                    back: float) -> CheckersState:
    """Up to ``plies`` king moves that leave no capture pending and do not end the game;
    with probability ``back`` a side undoes its own last move (so positions repeat,
    up to one short of threefold). Stops early where no move qualifies."""
    last: dict[int, Any] = {}
    for _ in range(plies):
        if GAME.is_terminal(state):
            break
        moves = [m for m in GAME.legal_moves(state) if not GAME.is_capture(state, m)
                 and GAME.is_quiet(child := GAME.result(state, m))
                 and not GAME.is_terminal(child)]
        if not moves:
            break
        player = state.player
        undo = [m for m in moves if last.get(player) is not None
                and GAME.format_move(state, m) == last[player]]
        move = undo[0] if undo and rng.random() < back else rng.choice(moves)
        text = GAME.format_move(state, move)
        a, b = text.split("-")
        last[player] = f"{b}-{a}"
        state = GAME.result(state, move)
    return state


def assert_exact(state: CheckersState, depth: int) -> None:
    if GAME.is_terminal(state):
        return
    exact = value(state, f"minimax depth={depth}")
    for label, spec in ENHANCED.items():
        assert value(state, f"{spec} depth={depth}") == pytest.approx(exact, abs=1e-12), label


@settings(max_examples=60)
@given(seed=st.integers(0, 10**9), kings=st.integers(2, 3), plies=st.integers(0, 14),
       back=st.sampled_from([0.0, 0.5, 0.9]), depth=st.integers(1, 5))
def test_alphabeta_equals_minimax_after_random_reversible_histories(
    seed: int, kings: int, plies: int, back: float, depth: int
) -> None:
    rng = random.Random(seed)
    assert_exact(reversible_walk(rng, king_ending(rng, kings), plies, back), depth)


TWO_AGAINST_TWO = ("B:WK5,K22:BK10,K30", "W:WK5,K22:BK10,K30", "B:WK1,K26:BK14,K31",
                   "W:WK4,K19:BK13,K29")
"""Mobile king endings where repetitions come within reach of a depth-7 search."""


@pytest.mark.slow
@settings(max_examples=12)
@given(seed=st.integers(0, 10**9), start=st.sampled_from(TWO_AGAINST_TWO),
       plies=st.integers(2, 8), back=st.sampled_from([0.0, 0.5]))
def test_alphabeta_equals_minimax_at_depth_seven_after_short_histories(
    seed: int, start: str, plies: int, back: float
) -> None:
    """Deep enough for a line to come back to a position of the history or of the
    line itself (a table keyed on the board alone got about a quarter of these wrong)."""
    rng = random.Random(seed)
    assert_exact(reversible_walk(rng, GAME.parse_position(start), plies, back), 7)


@settings(max_examples=25)
@given(seed=st.integers(0, 10**9), short=st.integers(1, 4), depth=st.integers(2, 5))
def test_alphabeta_equals_minimax_next_to_the_40_move_limit(
    seed: int, short: int, depth: int
) -> None:
    """Histories ``short`` plies below the limit: the rule strikes inside the search."""
    rng = random.Random(seed)
    state = reversible_walk(rng, king_ending(rng, 3), QUIET_PLY_LIMIT - short, 0.0)
    assert_exact(state, depth)


def test_one_ply_from_a_repetition() -> None:
    """Each side shuffles one king out and back: the next shuffle repeats a third time."""
    state = GAME.parse_position("B:WK5,K22:BK10,K30")
    for text in ["10-7", "5-1", "7-10", "1-5", "10-7", "5-1", "7-10"]:
        state = GAME.result(state, GAME.parse_move(state, text))
    assert state.history.count(GAME.result(state, GAME.parse_move(state, "1-5")).key) == 2
    for depth in range(1, 6):
        assert_exact(state, depth)


def test_the_reported_position_agrees_with_minimax() -> None:
    """From the issue: after 10-7 5-1 7-2 1-5 2-6, a table keyed on the board alone gave
    0.0006 at depth 7 where minimax (and alpha-beta without a table) gave 0.0005."""
    state = GAME.parse_position("B:WK5,K22:BK10,K30")
    for text in ["10-7", "5-1", "7-2", "1-5", "2-6"]:
        state = GAME.result(state, GAME.parse_move(state, text))
    exact = value(state, "minimax depth=7")
    assert value(state, "alphabeta depth=7 quiescence=off") == pytest.approx(exact, abs=1e-12)
    assert value(state, "alphabeta depth=7 quiescence=off tt=0") == pytest.approx(exact, abs=1e-12)


def test_the_key_pairs_the_board_with_its_history_only_when_there_is_one() -> None:
    start = GAME.initial_state()
    assert GAME.transposition_key(start) == start.key
    state = GAME.parse_position("B:WK5,K22:BK10,K30")
    moved = GAME.result(state, GAME.parse_move(state, "10-7"))
    assert GAME.transposition_key(moved) == (moved.key, moved.history)
