"""Every algorithm the registry names is an `AlgorithmModule`, checked twice: by mypy
(the modules assigned to the Protocol below, so a changed signature fails the type
check) and at run time (the registry's own paths, so a typo there fails here)."""

from __future__ import annotations

import dataclasses
import importlib
import sys
import types

import pytest

from adversa.games import make_game
from adversa.search import alphabeta, expectimax, maxn, mcts, minimax, random_move, solve
from adversa.search.config import ALGORITHMS
from adversa.search.engine import AlgorithmError, AlgorithmModule, RefusingModule, why_not

TYPED: tuple[AlgorithmModule, ...] = (
    alphabeta, expectimax, maxn, mcts, minimax, random_move, solve,
)
"""mypy checks each module's ``fits`` and ``search`` against the Protocol here."""

REFUSING: tuple[RefusingModule, ...] = (solve,)


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
def test_each_registered_module_is_an_algorithm_module(name: str) -> None:
    module = importlib.import_module(ALGORITHMS[name].module)
    assert isinstance(module, AlgorithmModule)
    assert module in TYPED, f"{ALGORITHMS[name].module} is not in TYPED, so mypy skips it"


def test_only_the_solver_refuses_positions() -> None:
    refusing = {module for module in TYPED if isinstance(module, RefusingModule)}
    assert refusing == set(REFUSING)


def test_a_module_without_search_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    half_done = types.ModuleType("half_done")
    half_done.__dict__["fits"] = lambda game, algorithm: None  # and no search()
    monkeypatch.setitem(sys.modules, "half_done", half_done)
    monkeypatch.setitem(ALGORITHMS, "random",
                        dataclasses.replace(ALGORITHMS["random"], module="half_done"))
    with pytest.raises(TypeError, match="half_done is registered for random but lacks"):
        why_not(make_game("tictactoe"), "random")


def test_an_unknown_algorithm_is_named() -> None:
    with pytest.raises(AlgorithmError, match="unknown algorithm 'nope'"):
        why_not(make_game("tictactoe"), "nope")
