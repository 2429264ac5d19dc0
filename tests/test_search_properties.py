"""Property tests: alpha-beta and every value-preserving enhancement agree with minimax.

Random textbook trees (nested lists → `TreeGame.from_data`) and random positions
of tic-tac-toe, Nim and checkers. Beam search and quiescence change values by
design and are left out (quiescence is switched off); they have their own tests.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adversa.games import make_game
from adversa.games.base import Game
from adversa.games.registry import evaluation_of, game_names
from adversa.games.tree import TreeGame
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search, why_not
from adversa.search.stats import SearchResult

OFF = "quiescence=off checkext=off"
"""Off in every value-preserving configuration: quiescence and the check extension
search some lines deeper than minimax's depth."""

PLAIN = f"ordering=off killers=off history=off tt=0 id=off pvs=off {OFF}"
"""The enhanced engine with every enhancement off: plain fail-soft negamax alpha-beta."""

VALUE_PRESERVING = {
    "plain": PLAIN,
    "ordering": f"ordering=on killers=off history=off tt=0 id=off pvs=off {OFF}",
    "killers": f"ordering=on killers=on history=off tt=0 id=off pvs=off {OFF}",
    "history": f"ordering=on killers=off history=on tt=0 id=off pvs=off {OFF}",
    "tt": f"ordering=off killers=off history=off tt=1 id=off pvs=off {OFF}",
    "id": f"ordering=off killers=off history=off tt=0 id=on pvs=off {OFF}",
    "pvs": f"ordering=off killers=off history=off tt=0 id=off pvs=on {OFF}",
    "aspiration": f"ordering=on tt=1 id=on pvs=off aspiration=0.05 {OFF}",
    "step": f"ordering=on tt=1 id=on step=2 {OFF}",
    "all": f"tt=1 aspiration=0.02 {OFF}",
    "all, step 2": f"tt=1 step=2 {OFF}",
}

SETTINGS = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


class FreeOrderTree(TreeGame):
    """A textbook tree the enhanced engine may reorder (the real tree game forbids it)."""

    fixed_move_order: ClassVar[bool] = False


def search(game: Any, state: Any, spec: str) -> SearchResult:
    return run_search(game, state, EngineConfig.parse(spec), evaluation=evaluation_of(game))


@st.composite
def trees(draw: st.DrawFn) -> list[Any]:
    """A random MAX/MIN tree: height 1–4, 1–4 children per node, some leaves early.

    Built level by level (not with ``st.recursive``, whose trees are mostly tiny)
    so that deep principal-variation re-searches and transpositions get exercised.
    """
    height = draw(st.integers(min_value=1, max_value=4))

    def node(levels: int) -> Any:
        if levels == 0 or (levels < height and draw(st.integers(0, 5)) == 0):
            return draw(st.integers(min_value=-9, max_value=9))
        return [node(levels - 1) for _ in range(draw(st.integers(1, 4)))]

    return [node(height - 1) for _ in range(draw(st.integers(1, 4)))]


def tree_height(tree: Any) -> int:
    return 1 + max(tree_height(child) for child in tree) if isinstance(tree, list) else 0


# --------------------------------------------------------------------------- trees


@SETTINGS
@given(trees())
def test_textbook_alphabeta_equals_minimax_on_random_trees(tree: Any) -> None:
    game = TreeGame.from_data(tree)
    depth = tree_height(tree)
    exact = search(game, game.initial_state(), f"minimax depth={depth}")
    pruned = search(game, game.initial_state(), f"alphabeta depth={depth} trace=1000")
    assert pruned.value == exact.value
    assert pruned.snapshot.leaves <= exact.snapshot.leaves
    skipped = sum(len(node.pruned) for node in pruned.trace)
    assert skipped == pruned.snapshot.pruned


@SETTINGS
@given(trees(), st.integers(min_value=1, max_value=4))
def test_enhancements_keep_the_value_on_random_trees(tree: Any, depth: int) -> None:
    game = FreeOrderTree.from_data(tree)
    state = game.initial_state()
    exact = search(game, state, f"minimax depth={depth}")
    for name, options in VALUE_PRESERVING.items():
        result = search(game, state, f"alphabeta depth={depth} {options}")
        assert result.value == pytest.approx(exact.value), name


@SETTINGS
@given(trees())
def test_alphabeta_never_evaluates_more_leaves_than_minimax(tree: Any) -> None:
    game = FreeOrderTree.from_data(tree)
    depth = tree_height(tree)
    exact = search(game, game.initial_state(), f"minimax depth={depth}")
    for options in (PLAIN, VALUE_PRESERVING["ordering"], VALUE_PRESERVING["history"]):
        result = search(game, game.initial_state(), f"alphabeta depth={depth} {options}")
        assert result.snapshot.leaves <= exact.snapshot.leaves


# --------------------------------------------------------------------------- games


def random_position(game: Any, seed: int, plies: int) -> Any:
    """The position after up to ``plies`` random moves (stopping before the end)."""
    rng = random.Random(seed)
    state = game.initial_state()
    for _ in range(plies):
        moves = game.legal_moves(state)
        child = game.result(state, rng.choice(moves)) if moves else state
        if game.is_terminal(child):
            break
        state = child
    return state


GameCase = tuple[Callable[[], Game[Any, Any]], int, int]
"""(game factory, most random plies to start from, deepest search)."""

TUNED: dict[str, GameCase] = {
    "tictactoe": (lambda: make_game("tictactoe"), 7, 4),
    "nim": (lambda: make_game("nim", {"piles": "2,3,4"}), 4, 5),
    "checkers": (lambda: make_game("checkers"), 30, 3),
}
"""Games whose default options or sizes call for other figures than `UNTUNED`."""

UNTUNED: tuple[int, int] = (10, 3)


def _alphabeta_games() -> dict[str, GameCase]:
    """Every registered game alpha-beta can search on its default options, so that a new
    game is covered without anyone adding it here."""
    games: dict[str, GameCase] = {}
    for name in game_names():
        if why_not(make_game(name), "alphabeta") is None:
            games[name] = TUNED.get(name, (functools.partial(make_game, name), *UNTUNED))
    return games


GAMES = _alphabeta_games()


@pytest.mark.parametrize("name", list(GAMES))
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**6), data=st.data())
def test_enhancements_keep_the_value_on_random_positions(name: str, seed: int, data: Any) -> None:
    factory, most_plies, deepest = GAMES[name]
    game = factory()
    state = random_position(game, seed, data.draw(st.integers(0, most_plies)))
    depth = data.draw(st.integers(1, deepest))
    exact = search(game, state, f"minimax depth={depth}")
    plain = search(game, state, f"alphabeta depth={depth} {PLAIN}")
    assert plain.snapshot.leaves <= exact.snapshot.leaves
    for label, options in VALUE_PRESERVING.items():
        result = search(game, state, f"alphabeta depth={depth} {options}")
        assert result.value == pytest.approx(exact.value, abs=1e-12), label


def test_transposition_cutoffs_keep_the_value_and_save_nodes() -> None:
    """Deep enough for enhanced transposition cutoffs (tried where `ETC_MIN_DEPTH` plies
    remain), with quiescence on: on each position the value matches the search without
    them (``etc=off``) and without a table; over the positions they visit fewer nodes (on
    a single one a probe can cost a node or two where it refutes nothing)."""
    from adversa.search.enhancements import ETC_MIN_DEPTH

    game = make_game("checkers")
    states = [random_position(game, seed, 12) for seed in (1, 2, 3, 4)]
    spec = f"alphabeta depth={ETC_MIN_DEPTH + 3} tt=16"
    with_cutoffs = [search(game, state, spec) for state in states]
    without = [search(game, state, f"{spec} etc=off") for state in states]
    for state, used, unused in zip(states, with_cutoffs, without, strict=True):
        no_table = search(game, state, spec.replace("tt=16", "tt=0"))
        assert used.value == unused.value == pytest.approx(no_table.value, abs=1e-12)
    assert (sum(result.snapshot.nodes for result in with_cutoffs)
            < sum(result.snapshot.nodes for result in without))
