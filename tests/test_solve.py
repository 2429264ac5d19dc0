"""The exact solver against theory: tic-tac-toe is a draw, Nim and Grundy's game
follow Sprague–Grundy, textbook trees back up their hand-computed values.

Reference values are computed here independently (a memoised negamax written in
the test, nim-sums, Grundy numbers from the mex definition), never copied from
the solver's output.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from narrowing import known

from adversa.games import entry, make_game
from adversa.games.base import Game
from adversa.games.evaluation import Evaluation
from adversa.games.registry import evaluation_of
from adversa.games.tree import TreeGame
from adversa.search import solve
from adversa.search.config import EngineConfig
from adversa.search.engine import AlgorithmError, run_search
from adversa.search.request import SearchRequest
from adversa.search.stats import Reporter, SearchResult

KNOWN_GRUNDY = (0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0)
"""g(0) … g(20) of Grundy's game (OEIS A002188)."""


def solved(game: Game[Any, Any], state: Any = None) -> SearchResult:
    if state is None:
        state = game.initial_state()
    return run_search(game, state, EngineConfig.parse("solve"), evaluation=evaluation_of(game))


def reference_values(game: Game[Any, Any], state: Any) -> dict[str, float]:
    """Each root move's value for the mover, by a plain memoised negamax (±1/0 games)."""

    @functools.cache
    def negamax(position: Hashable) -> float:
        if game.is_terminal(position):
            return game.utility(position)[game.to_move(position)]
        return max(-negamax(game.result(position, move)) for move in game.legal_moves(position))

    return {
        game.format_move(state, move): -negamax(game.result(state, move))
        for move in game.legal_moves(state)
    }


def assert_pv_plays_out_the_value(game: Game[Any, Any], state: Any, result: SearchResult) -> None:
    """The principal variation is a legal game that ends with the solved value."""
    player = game.to_move(state)
    for text in result.pv:
        state = game.result(state, game.parse_move(state, text))
    assert game.is_terminal(state)
    assert game.utility(state)[player] == result.value


# ---- tic-tac-toe -----------------------------------------------------------------


def test_tictactoe_is_a_draw_and_every_first_move_keeps_it() -> None:
    game = make_game("tictactoe")
    result = solved(game)
    reference = reference_values(game, game.initial_state())
    assert result.value == 0
    assert sorted(result.best_moves) == sorted(
        move for move, value in reference.items() if value == 0
    )
    assert len(result.best_moves) == 9  # the reference says every square draws
    assert result.best_move_text in result.best_moves
    assert len(result.pv) == 9  # perfect play fills the board
    assert_pv_plays_out_the_value(game, game.initial_state(), result)


def test_tictactoe_win_in_one_is_solved_with_the_winning_move() -> None:
    game = make_game("tictactoe")
    state = game.parse_position("XX./OO./...")  # X to move; c3 completes the top row
    result = solved(game, state)
    reference = reference_values(game, state)
    assert result.value == 1
    assert "c3" in result.best_moves
    assert_pv_plays_out_the_value(game, state, result)
    assert sorted(result.best_moves) == sorted(
        move for move, value in reference.items() if value == 1
    )


def test_memo_expands_each_position_once() -> None:
    game = make_game("tictactoe")
    result = solved(game)
    # Tic-tac-toe has 5,478 positions, the empty root included; moves after a
    # win are skipped, so some are never reached.
    assert result.snapshot.nodes == known(result.positions) + 1
    assert known(result.positions) < 5478
    assert result.snapshot.tt_hits > 0
    assert result.snapshot.cutoffs > 0


def test_a_larger_board_is_solved_and_a_too_large_one_refused() -> None:
    game = make_game("tictactoe", {"width": 4, "height": 3})
    result = solved(game)  # X wins on 4×3 with k = 3, and every move but a2/d2 keeps it
    assert result.value == 1
    assert sorted(result.best_moves) == sorted(
        move for move, value in reference_values(game, game.initial_state()).items()
        if value == 1
    )
    with pytest.raises(AlgorithmError, match=r"at most 12 empty cells \(this one has 16\)"):
        solved(make_game("tictactoe", {"width": 4, "height": 4}))


@pytest.mark.parametrize(("name", "options", "message"), [
    ("grundy", {"pile": 51}, "up to a pile of 50"),
    ("nim", {"piles": "20,30,40,50"}, "up to 1,000,000 positions"),
])
def test_hopelessly_large_starting_positions_are_refused(
    name: str, options: dict[str, Any], message: str
) -> None:
    with pytest.raises(AlgorithmError, match=message):
        solved(make_game(name, options))


# ---- Nim ------------------------------------------------------------------------------


def nim_sum(piles: Sequence[int]) -> int:
    return functools.reduce(lambda a, b: a ^ b, piles, 0)


piles_strategy = st.lists(st.integers(0, 6), min_size=1, max_size=4).filter(any)


@settings(max_examples=80, deadline=None)
@given(piles=piles_strategy)
def test_nim_normal_play_wins_exactly_when_the_nim_sum_is_not_zero(piles: list[int]) -> None:
    game = make_game("nim", {"piles": ",".join(map(str, piles))})
    expected = 1 if nim_sum(piles) != 0 else -1
    result = solved(game)
    assert result.value == expected
    assert_pv_plays_out_the_value(game, game.initial_state(), result)


@settings(max_examples=80, deadline=None)
@given(piles=piles_strategy)
def test_nim_misere_follows_the_known_rule(piles: list[int]) -> None:
    game = make_game("nim", {"piles": ",".join(map(str, piles)), "misere": "true"})
    if all(pile <= 1 for pile in piles):
        wins = sum(1 for pile in piles if pile) % 2 == 0
    else:
        wins = nim_sum(piles) != 0
    assert solved(game).value == (1 if wins else -1)


def test_nim_best_moves_are_exactly_the_moves_to_nim_sum_zero() -> None:
    game = make_game("nim", {"piles": "1,3,5,7"})  # nim-sum 0: every move loses
    assert solved(game).value == -1
    game = make_game("nim", {"piles": "3,4,5"})
    result = solved(game)
    state = game.initial_state()
    to_zero = [
        game.format_move(state, move)
        for move in game.legal_moves(state)
        if nim_sum(game.result(state, move).piles) == 0
    ]
    assert result.value == 1
    assert sorted(result.best_moves) == sorted(to_zero)


# ---- Grundy's game -----------------------------------------------------------------


@functools.cache
def grundy_number(n: int) -> int:
    """mex of g(a) XOR g(b) over the splits n = a + b with a > b ≥ 1."""
    reachable = {grundy_number(n - b) ^ grundy_number(b) for b in range(1, (n + 1) // 2)}
    return next(value for value in range(n + 2) if value not in reachable)


def test_grundy_numbers_from_the_mex_definition_match_the_known_sequence() -> None:
    assert tuple(grundy_number(n) for n in range(21)) == KNOWN_GRUNDY


def test_grundy_seven_matches_is_a_first_player_loss() -> None:
    assert grundy_number(7) == 0
    assert solved(make_game("grundy", {"pile": 7})).value == -1


@pytest.mark.parametrize("pile", range(3, 31))  # piles of 1 and 2 cannot be split at all
def test_one_pile_is_won_exactly_when_its_grundy_number_is_not_zero(pile: int) -> None:
    result = solved(make_game("grundy", {"pile": pile}))
    assert result.value == (1 if grundy_number(pile) != 0 else -1)


@settings(max_examples=30, deadline=None)
@given(piles=st.lists(st.integers(1, 14), min_size=2, max_size=4).filter(
    lambda piles: any(pile > 2 for pile in piles) and sum(piles) <= 30
))
def test_grundy_game_wins_exactly_when_the_xor_of_grundy_numbers_is_not_zero(
    piles: list[int],
) -> None:
    game = make_game("grundy")
    state = game.parse_position(",".join(map(str, piles)))
    xor = functools.reduce(lambda a, b: a ^ b, (grundy_number(p) for p in piles), 0)
    result = solved(game, state)
    assert result.value == (1 if xor != 0 else -1)
    assert_pv_plays_out_the_value(game, state, result)


def test_pile_order_and_dead_piles_do_not_split_positions_in_the_memo() -> None:
    game = make_game("grundy", {"pile": 16})
    seen, frontier = {game.initial_state()}, [game.initial_state()]
    while frontier:  # every state the game itself distinguishes (piles in order)
        state = frontier.pop()
        for move in game.legal_moves(state):
            child = game.result(state, move)
            if child not in seen:
                seen.add(child)
                frontier.append(child)
    result = solved(game)
    assert result.value == (1 if grundy_number(16) else -1)
    assert known(result.positions) * 10 < len(seen)


# ---- textbook trees -------------------------------------------------------------------


def test_three_ply_tree_backs_up_three() -> None:
    game = TreeGame.from_data([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = solved(game)
    assert result.value == 3  # MIN takes 3, 2, 2; MAX takes 3
    assert list(result.best_moves) == ["1"]


def test_tree_with_chance_gets_its_expectiminimax_value() -> None:
    chance = {"player": "chance", "probabilities": [0.9, 0.1],
              "children": [{"player": "min", "children": [2, 2]},
                           {"player": "min", "children": [3, 3]}]}
    worse = {"player": "chance", "probabilities": [0.9, 0.1],
             "children": [{"player": "min", "children": [1, 1]},
                          {"player": "min", "children": [4, 4]}]}
    game = TreeGame.from_data({"player": "max", "children": [chance, worse]})
    result = solved(game)
    assert result.value == pytest.approx(0.9 * 2 + 0.1 * 3)
    assert list(result.best_moves) == ["1"]


def test_three_player_tree_gets_its_maxn_vector() -> None:
    game = make_game("tree", {"file": "maxn-three-player"})
    assert solved(game).value == (1, 2, 6)


# ---- what solve refuses -------------------------------------------------------------


@pytest.mark.parametrize("name", ["checkers", "pig"])
def test_solve_refuses_games_it_cannot_finish(name: str) -> None:
    game = make_game(name)
    with pytest.raises(AlgorithmError, match=rf"solve cannot solve .*algorithms for {name}:"):
        solved(game)


class _Loop(Game[int, str]):
    """Two positions that lead to each other forever: a game with a cycle."""

    name: ClassVar[str] = "loop"

    def initial_state(self) -> int:
        return 0

    def to_move(self, state: int) -> int:
        return state

    def legal_moves(self, state: int) -> list[str]:
        return ["go"]

    def result(self, state: int, move: str) -> int:
        return 1 - state

    def is_terminal(self, state: int) -> bool:
        return False

    def format_move(self, state: int, move: str) -> str:
        return move


def test_a_repeated_position_is_an_error_not_an_endless_loop() -> None:
    game = _Loop()
    config = EngineConfig.parse("solve")
    with pytest.raises(solve.CycleError, match="repeated position"):
        solve.search(SearchRequest(game, 0, config, Reporter("solve", config.text),
                                   Evaluation()))


def test_a_stopped_solve_has_no_value_but_still_a_legal_move() -> None:
    # 4×3: big enough to reach the first poll (3×3 modulo symmetry is solved before it)
    game = make_game("tictactoe", {"width": 4})
    result = run_search(game, game.initial_state(), EngineConfig.parse("solve"),
                        should_stop=lambda: True, evaluation=evaluation_of(game))
    assert result.stopped
    assert result.value is None
    assert list(result.best_moves) == []
    assert result.best_move in game.legal_moves(game.initial_state())


class _Countdown(Game[tuple[int, int], int]):
    """Take 1 or 2 from a counter; whoever cannot move loses. A state is (counter,
    player to move); a game lasts up to ``start`` plies, far longer than Python's
    recursion limit allows a solver that recurses once per ply."""

    name: ClassVar[str] = "countdown"

    def __init__(self, start: int) -> None:
        self.start = start

    def initial_state(self) -> tuple[int, int]:
        return self.start, 0

    def to_move(self, state: tuple[int, int]) -> int:
        return state[1]

    def legal_moves(self, state: tuple[int, int]) -> list[int]:
        return [take for take in (1, 2) if take <= state[0]]

    def result(self, state: tuple[int, int], move: int) -> tuple[int, int]:
        return state[0] - move, 1 - state[1]

    def is_terminal(self, state: tuple[int, int]) -> bool:
        return state[0] == 0

    def utility(self, state: tuple[int, int]) -> tuple[float, float]:
        return (-1.0, 1.0) if state[1] == 0 else (1.0, -1.0)  # the player to move lost

    def format_move(self, state: tuple[int, int], move: int) -> str:
        return str(move)


@pytest.mark.parametrize("start", [5_000, 5_001])
def test_a_game_longer_than_the_recursion_limit_is_solved(start: int) -> None:
    """The solver keeps its own stack: a line of play 5,000 plies long is no RecursionError."""
    game = _Countdown(start)
    config = EngineConfig.parse("solve")
    result = solve.search(SearchRequest(game, game.initial_state(), config,
                                        Reporter("solve", config.text), Evaluation()))
    wins = start % 3 != 0  # the multiples of 3 are the lost counters (take 1 or 2)
    assert result.value == (1 if wins else -1)
    assert list(result.best_moves) == ([str(start % 3)] if wins else ["1", "2"])
    assert result.snapshot.seldepth == start  # taking 1 each time walks the whole line
    pv = result.pv
    assert sum(int(move) for move in pv) == start and len(pv) % 2 == (1 if wins else 0)


@pytest.mark.slow
@settings(max_examples=40)
@given(shape=st.sampled_from([(3, 3, 3), (4, 3, 3), (3, 4, 3), (4, 3, 4)]),
       plies=st.integers(0, 6), seed=st.integers(0, 2**32 - 1))
def test_solving_modulo_symmetry_changes_no_value(
    shape: tuple[int, int, int], plies: int, seed: int
) -> None:
    """The tic-tac-toe memo key folds mirrored and rotated boards together: every value
    and every best move must be what the plain transposition key gives."""
    import random

    width, height, k = shape
    game = make_game("tictactoe", {"width": width, "height": height, "k": k})
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        after = game.result(state, rng.choice(game.legal_moves(state)))
        if game.is_terminal(after):
            break
        state = after
    folded = solved(game, state)
    plain_limits = dataclasses.replace(known(entry("tictactoe").solve), memo_key=None)
    plain_entry = dataclasses.replace(entry("tictactoe"), solve=plain_limits)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(solve, "entry_of", lambda _game: plain_entry)
        plain = solved(game, state)
    assert folded.value == plain.value
    assert folded.best_moves == plain.best_moves
    assert known(folded.positions) <= known(plain.positions)


def test_the_empty_board_is_solved_modulo_its_eight_symmetries() -> None:
    result = solved(make_game("tictactoe"))
    assert result.value == 0
    assert len(result.best_moves) == 9
    # 765 classes of positions under the board's 8 symmetries; moves after a win are
    # skipped, so the solver meets fewer of them.
    assert known(result.positions) <= 765
