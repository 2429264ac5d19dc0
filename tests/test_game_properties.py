"""Properties every game must have, checked on random playouts of every registered
game (hypothesis drives the move choices):

* every move a state offers is legal by the game's own parser, round-trips
  through its notation, and leads to a state that keeps the protocol's promises;
* positions round-trip through their notation;
* reaching a position by two move orders gives equal states with equal hashes.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adversa.games import CHANCE, GAME_MODULES, Game, game_class, make_game
from adversa.games.base import CAPTURE_PENDING, FINISHED, SETTLED

VARIANTS: dict[str, list[dict[str, Any]]] = {
    "tictactoe": [{}, {"width": 4, "height": 4, "k": 3}, {"width": 5, "height": 3, "k": 4}],
    "nim": [{}, {"misere": "true", "piles": "2,0,3"}],
    "grundy": [{}, {"pile": 12}],
    "pig": [{"target": 20}, {"players": 4, "target": 15, "sides": 4}, {}],
    "checkers": [{}],
    "tree": [{"file": "three-ply"}, {"file": "expectiminimax"}, {"file": "maxn-three-player"}],
}
MAX_PLIES = 80


def _cases() -> list[Any]:
    cases = []
    for name in GAME_MODULES:
        for options in VARIANTS.get(name, [{}]):
            label = name + "".join(f"-{key}={value}" for key, value in options.items())
            cases.append(pytest.param(name, options, id=label))
    return cases


def build(name: str, options: dict[str, Any]) -> Game[Any, Any]:
    """The game, or a skip while its module has not been written yet."""
    try:
        game_class(name)
    except ModuleNotFoundError as error:
        pytest.skip(f"{name}: module {error.name} does not exist yet")
    return make_game(name, options)


def choices_at(game: Game[Any, Any], state: Any) -> list[Any]:
    if game.to_move(state) == CHANCE:
        return [outcome for outcome, _ in game.chance_outcomes(state)]
    return list(game.legal_moves(state))


def check_state(game: Game[Any, Any], state: Any) -> list[Any]:
    """Assert the protocol's promises about one state; return its moves or outcomes."""
    mover = game.to_move(state)
    terminal = game.is_terminal(state)
    moves = choices_at(game, state)
    assert moves == choices_at(game, state), "move order must be deterministic"
    if mover == CHANCE:
        assert game.has_chance and not terminal
        probabilities = [p for _, p in game.chance_outcomes(state)]
        assert all(p >= 0 for p in probabilities)
        assert math.isclose(sum(probabilities), 1.0)
    else:
        assert 0 <= mover < game.num_players
        assert terminal or moves, "a non-terminal state must offer a move"
        assert moves or terminal, "a state without moves must be terminal"
        status = game.leaf_status(state)
        assert (status == FINISHED) == terminal, "leaf_status must agree with is_terminal"
        assert status in (FINISHED, SETTLED, CAPTURE_PENDING)
        if not terminal and not game.is_quiet(state):
            # It may over-report a pending capture, never miss one (Game.leaf_status).
            assert status == CAPTURE_PENDING, "leaf_status settled a position that is not quiet"
    if terminal:
        utilities = game.utility(state)
        low, high = game.utility_bounds()
        assert len(utilities) == game.num_players
        assert all(low <= value <= high for value in utilities)
        if game.zero_sum:
            assert math.isclose(sum(utilities), 0.0, abs_tol=1e-9)
        assert game.outcome(state) is not None
        return []
    assert game.outcome(state) is None
    texts = [game.format_move(state, move) for move in moves]
    assert len(set(texts)) == len(texts), f"two moves share a name: {texts}"
    for move, text in zip(moves, texts, strict=True):
        assert game.parse_move(state, text) == move
    return moves


def check_position_round_trip(game: Game[Any, Any], state: Any) -> None:
    text = game.format_position(state)
    again = game.parse_position(text)
    assert game.format_position(again) == text
    # Checkers states carry draw-rule history that a position string cannot, and their
    # transposition key includes it; the board's own key is what must survive.
    if hasattr(state, "history"):
        assert again.key == state.key and again.history == ()
        assert game.transposition_key(again) == state.key
    else:
        assert game.transposition_key(again) == game.transposition_key(state)
        assert hash(game.transposition_key(again)) == hash(game.transposition_key(state))
    assert game.to_move(again) == game.to_move(state)


@pytest.mark.parametrize(("name", "options"), _cases())
@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(picks=st.lists(st.integers(min_value=0, max_value=10_000), max_size=MAX_PLIES))
def test_random_playouts_keep_the_protocol(
    name: str, options: dict[str, Any], picks: list[int]
) -> None:
    game = build(name, options)
    state = game.initial_state()
    for pick in picks:
        check_position_round_trip(game, state)
        moves = check_state(game, state)
        if not moves:
            break
        before = game.format_position(state)
        state = game.result(state, moves[pick % len(moves)])
        assert game.format_position(state) != before or game.has_chance
    else:
        check_position_round_trip(game, state)
        check_state(game, state)


@pytest.mark.parametrize(("name", "options"), _cases())
def test_seeded_playouts_reach_the_end(name: str, options: dict[str, Any]) -> None:
    """Hypothesis keeps playouts short; these run to the end, so terminal states and
    their utilities are checked for every game (Pig with target 100 included)."""
    game = build(name, options)
    for seed in range(3):
        chooser = random.Random(seed)
        state = game.initial_state()
        for _ply in range(5000):
            moves = check_state(game, state)
            if not moves:
                break
            state = game.result(state, chooser.choice(moves))
        assert game.is_terminal(state), f"{name} did not finish in 5000 plies (seed {seed})"
        check_position_round_trip(game, state)


def play(game: Game[Any, Any], texts: list[str]) -> Any:
    state = game.initial_state()
    for text in texts:
        state = game.result(state, game.parse_move(state, text))
    return state


@pytest.mark.parametrize(
    ("name", "options", "first", "second"),
    [
        ("tictactoe", {}, ["b2", "a1", "c3"], ["c3", "a1", "b2"]),
        ("tictactoe", {"width": 4, "height": 4, "k": 3}, ["a1", "d4", "b2", "c3"],
         ["b2", "c3", "a1", "d4"]),
        ("nim", {}, ["2:1", "3:2"], ["3:2", "2:1"]),
        ("grundy", {"pile": 11}, ["1:4", "1:1", "3:1"], ["1:4", "2:1", "1:1"]),
        ("pig", {}, ["roll", "3", "roll", "4"], ["roll", "4", "roll", "3"]),
    ],
)
def test_transpositions_give_equal_states_with_equal_hashes(
    name: str, options: dict[str, Any], first: list[str], second: list[str]
) -> None:
    game = build(name, options)
    one, other = play(game, first), play(game, second)
    assert one == other and hash(one) == hash(other)
    assert game.transposition_key(one) == game.transposition_key(other)
    assert play(game, first[:-1]) != play(game, second[:-1])
