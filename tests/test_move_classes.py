"""Move ordering asks the game for a move's class (`Game.move_class`): forcing moves of a
higher class first, quiet moves by killers and history; and a game that only restates
``is_capture`` as classes is searched exactly as before."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from adversa.games import make_game
from adversa.games.base import Game
from adversa.games.checkers import Checkers, CheckersMove, CheckersState
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.ordering import MoveOrderer

CLASSES = {0: 0, 1: 2, 2: 0, 3: 1, 4: 2, 5: 0, 6: 3}
"""Move → class in the graded test game: 6 is a check, 1 and 4 move again, 3 captures."""


class Graded(Game[int, int]):
    """Only what ordering asks: seven moves whose classes are `CLASSES`."""

    name: ClassVar[str] = "graded"

    def legal_moves(self, state: int) -> list[int]:
        return list(CLASSES)

    def move_class(self, state: int, move: int) -> int:
        return CLASSES[move]


def order(orderer: MoveOrderer[int, int], tt_move: int | None = None, ply: int = 0) -> list[int]:
    return orderer.order(0, list(CLASSES), tt_move, ply)


def test_forcing_moves_come_first_by_falling_class_ties_in_the_game_order() -> None:
    orderer = MoveOrderer(Graded(), killers=True, history=True)
    assert order(orderer) == [6, 1, 4, 3, 0, 2, 5]
    assert order(orderer, tt_move=2) == [2, 6, 1, 4, 3, 0, 5]


def test_killers_and_history_learn_from_quiet_moves_only() -> None:
    orderer = MoveOrderer(Graded(), killers=True, history=True)
    orderer.cutoff(0, 4, ply=1, depth=3)  # moves again: class 2, not a killer
    orderer.cutoff(0, 5, ply=1, depth=3)  # quiet
    assert orderer.killers[1] == [5]
    assert dict(orderer.history) == {5: 9}
    assert order(orderer, ply=1) == [6, 1, 4, 3, 5, 0, 2]


class CapturesAsClasses(Checkers):
    """Checkers with its captures restated as classes (1 for a capture, else 0)."""

    def move_class(self, state: CheckersState, move: CheckersMove) -> int:
        return 1 if self.is_capture(state, move) else 0


@pytest.mark.parametrize("position", [
    "B:W21-32:B1-12",
    "B:W19,20,21,22,24,26,27,28,29,30,32:B1,3,4,5,7,9,11,12,13,15,16",
    "B:W14,19,20,24,30,32:B1,3,4,11,12,17",
])
@pytest.mark.parametrize("spec", ["alphabeta depth=6", "alphabeta depth=6 tt=0 killers=off"])
def test_classes_that_restate_captures_search_exactly_as_captures_do(
    position: str, spec: str
) -> None:
    plain: Game[Any, Any] = make_game("checkers")
    graded = CapturesAsClasses()
    results = [
        run_search(game, game.parse_position(position), EngineConfig.parse(spec),
                   evaluation=evaluation_of(game))
        for game in (plain, graded)
    ]
    assert results[0].snapshot.nodes == results[1].snapshot.nodes
    assert (results[0].value, results[0].pv) == (results[1].value, results[1].pv)
