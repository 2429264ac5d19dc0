"""Star2 and root candidate filtering: the values of plain expectiminimax, fewer leaves.

Star2 (Ballard 1983) may only cut where the chance node's value is already decided,
so its root value and best move's value equal plain expectiminimax's on any tree;
the candidate filter changes what is searched, so it is checked for what it keeps.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from narrowing import known
from test_expectimax import chance_trees, root_scores, search

from adversa.games import make_game
from adversa.games.backgammon import BackgammonMove
from adversa.games.backgammon_moves import BackgammonState
from adversa.games.base import CHANCE
from adversa.games.evaluation import Evaluation
from adversa.games.registry import evaluation_of
from adversa.games.tree import TreeGame
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search


@settings(max_examples=120, deadline=None)
@given(tree=chance_trees())
def test_star2_gives_the_value_of_plain_expectiminimax(tree: Any) -> None:
    game = TreeGame.from_data(tree)
    plain = search(game, "expectiminimax depth=8")
    star1 = search(game, "expectiminimax depth=8 star1=on")
    star2 = search(game, "expectiminimax depth=8 star2=on")
    assert star2.value == pytest.approx(plain.value, abs=1e-9)
    assert root_scores(plain)[known(star2.best_move_text)] == pytest.approx(plain.value, abs=1e-9)
    assert star2.snapshot.cutoffs >= 0 and star1.value == pytest.approx(plain.value)


def backgammon_positions(count: int, seed: int) -> list[Any]:
    """Positions with the dice rolled from random games, late (the opponent nearly home,
    so a two-ply search stays small)."""
    game = make_game("backgammon")
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state, turns = game.initial_state(), 0
        while not game.is_terminal(state) and len(found) < count:
            if game.to_move(state) == CHANCE:
                state = game.result(state, rng.choice(game.chance_outcomes(state))[0])
                continue
            turns += 1
            if (turns > 40 and rng.random() < 0.3 and 1 < len(game.legal_moves(state)) <= 8
                    and sum(state.opponent[7:]) <= 3):
                found.append(state)
            state = game.result(state, rng.choice(list(game.legal_moves(state))))
    return found


@pytest.mark.parametrize("state", backgammon_positions(2, seed=11))
def test_star2_equals_plain_expectiminimax_at_two_plies_in_backgammon(state: Any) -> None:
    game = make_game("backgammon")
    plain = search(game, "expectiminimax depth=2 tt=0", state)
    star1 = search(game, "expectiminimax depth=2 tt=0 star1=on", state)
    star2 = search(game, "expectiminimax depth=2 tt=0 star2=on", state)
    for pruned in (star1, star2):
        assert pruned.value == pytest.approx(plain.value, abs=1e-9)
        best = known(pruned.best_move_text)
        assert root_scores(plain)[best] == pytest.approx(plain.value, abs=1e-9)
    # Star1 never searches more; Star2's probes are extra work that pays only where they cut.
    assert star1.snapshot.leaves <= plain.snapshot.leaves


def test_candidate_filter_keeps_the_best_few_and_counts_the_rest() -> None:
    game = make_game("backgammon")
    state = backgammon_positions(1, seed=5)[0]
    every = len(game.legal_moves(state))
    assert every > 3
    filtered = search(game, "expectiminimax depth=2 star2=on candidates=3", state)
    scored = {move.move for move in filtered.snapshot.root_moves if move.score is not None}
    # The three kept are the three best by the static value of where each play leads.
    evaluate = evaluation_of(game).evaluator(game)
    mover = game.to_move(state)
    by_static = sorted(game.legal_moves(state),
                       key=lambda move: -evaluate(game.result(state, move), mover))
    assert scored == {game.format_move(state, move) for move in by_static[:3]}
    assert root_scores(filtered)[known(filtered.best_move_text)] == pytest.approx(filtered.value)
    assert filtered.snapshot.pruned >= every - 3
    # At one ply nothing is filtered: every play is searched.
    shallow = search(game, "expectiminimax depth=1 star2=on candidates=3", state)
    assert all(move.score is not None for move in shallow.snapshot.root_moves)
    assert len(shallow.snapshot.root_moves) == every


@pytest.mark.parametrize("state", backgammon_positions(2, seed=23))
def test_star2_equals_plain_expectiminimax_at_two_plies_with_the_net(state: Any) -> None:
    game = make_game("backgammon", {"evaluation": "net"})
    plain = search(game, "expectiminimax depth=2 tt=0", state)
    star2 = search(game, "expectiminimax depth=2 tt=0 star2=on", state)
    assert star2.value == pytest.approx(plain.value, abs=1e-9)
    assert root_scores(plain)[known(star2.best_move_text)] == pytest.approx(plain.value,
                                                                           abs=1e-9)


def test_a_chance_node_at_the_horizon_is_evaluated_when_values_come_before_the_dice() -> None:
    """The net values positions before the roll, so the search evaluates the horizon's
    chance nodes instead of averaging 21 copies of one value: the same values, far
    fewer leaves. Expanding them anyway (the flag off) is the oracle."""
    game = make_game("backgammon", {"evaluation": "net"})
    net = evaluation_of(game)
    assert net.evaluator(game).values_before_chance
    expanding: Evaluation[BackgammonState, BackgammonMove] = Evaluation(
        scalar=lambda rules: replace(net.evaluator(rules), values_before_chance=False))
    for state in backgammon_positions(2, seed=31):
        for spec in ("expectiminimax depth=1 tt=0", "expectiminimax depth=2 tt=0 star2=on"):
            short = run_search(game, state, EngineConfig.parse(spec), evaluation=net)
            full = run_search(game, state, EngineConfig.parse(spec), evaluation=expanding)
            assert short.value == pytest.approx(full.value, abs=1e-9)
            assert short.best_move == full.best_move
            assert root_scores(short) == pytest.approx(root_scores(full), abs=1e-9)
            assert short.snapshot.leaves * 10 < full.snapshot.leaves


def test_a_candidate_margin_drops_the_plays_that_trail_the_best_by_more() -> None:
    game = make_game("backgammon", {"evaluation": "net"})
    evaluate = evaluation_of(game).evaluator(game)
    for state in backgammon_positions(3, seed=41):
        mover = game.to_move(state)
        statics = sorted((evaluate(game.result(state, move), mover)
                          for move in game.legal_moves(state)), reverse=True)
        margin = (statics[0] - statics[2]) / 2 + 1e-9  # keeps the best, not the third
        within = [value for value in statics[:4] if statics[0] - value <= margin]
        result = search(game, f"expectiminimax depth=2 star2=on candidates=4 margin={margin}",
                        state)
        scored = [move for move in result.snapshot.root_moves if move.score is not None]
        assert len(scored) == len(within) < 3
        assert result.snapshot.filtered == len(statics) - len(within)
        wide = search(game, "expectiminimax depth=2 star2=on candidates=4 margin=10", state)
        assert wide.snapshot.filtered == len(statics) - min(4, len(statics))
