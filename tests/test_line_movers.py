"""A principal variation says who moves each move: a double move and a pass read right in the
search's records (`pv_movers`) and in the text people see (`presentation.line_text`)."""

from __future__ import annotations

from typing import ClassVar

import pytest

from adversa.games.base import CHANCE, Game, M, S, line_movers
from adversa.games.evaluation import Evaluation
from adversa.presentation import line_text
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import SearchResult

NAMES = ("North", "South")
WORDS = {1: "one", 2: "two"}

PileState = tuple[int, int, int]
"""(tokens left, player to move, player who took last or -1)."""


class TakeTwoAgain(Game[PileState, int]):
    """Take one or two tokens; whoever takes two moves again; taking the last wins."""

    name: ClassVar[str] = "take-two-again"

    def initial_state(self) -> PileState:
        return 3, 0, -1

    def player_name(self, player: int) -> str:
        return NAMES[player]

    def to_move(self, state: PileState) -> int:
        return state[1]

    def legal_moves(self, state: PileState) -> list[int]:
        return [take for take in (1, 2) if take <= state[0]]

    def result(self, state: PileState, move: int) -> PileState:
        tokens, mover, _ = state
        return tokens - move, mover if move == 2 else 1 - mover, mover

    def is_terminal(self, state: PileState) -> bool:
        return state[0] == 0

    def utility(self, state: PileState) -> tuple[float, float]:
        return (1.0, -1.0) if state[2] == 0 else (-1.0, 1.0)

    def format_move(self, state: PileState, move: int) -> str:
        return WORDS[move]


PassState = tuple[int, int, int]
"""(North's tokens, South's tokens, player to move)."""


class OwnPiles(Game[PassState, str]):
    """Each player takes one or two tokens from their own pile and must pass when it is
    empty; the game ends when both piles are; whoever made the last take wins."""

    name: ClassVar[str] = "own-piles"

    def initial_state(self) -> PassState:
        return 0, 3, 0  # North starts with nothing: a pass first

    def player_name(self, player: int) -> str:
        return NAMES[player]

    def to_move(self, state: PassState) -> int:
        return state[2]

    def legal_moves(self, state: PassState) -> list[str]:
        if self.is_terminal(state):
            return []
        own = state[state[2]]
        return [WORDS[take] for take in (1, 2) if take <= own] or ["pass"]

    def result(self, state: PassState, move: str) -> PassState:
        piles = [state[0], state[1]]
        mover = state[2]
        if move != "pass":
            piles[mover] -= 1 if move == "one" else 2
        return piles[0], piles[1], 1 - mover

    def is_terminal(self, state: PassState) -> bool:
        return state[0] == state[1] == 0

    def utility(self, state: PassState) -> tuple[float, float]:
        last = 1 - state[2]  # the mover before the end made the last take (a pass ends nothing)
        return (1.0, -1.0) if last == 0 else (-1.0, 1.0)

    def format_move(self, state: PassState, move: str) -> str:
        return move


def solve(game: Game[S, M], spec: str) -> SearchResult[M]:
    return run_search(game, game.initial_state(), EngineConfig.parse(f"{spec} depth=8"),
                      evaluation=Evaluation())


ENGINES = ("alphabeta", "minimax", "alphabeta trace=1000")


@pytest.mark.parametrize("spec", ENGINES)
def test_a_double_move_is_shown_as_one_player_moving_twice(spec: str) -> None:
    """From 3 tokens North wins at once by taking two and then the last one."""
    result = solve(TakeTwoAgain(), spec)
    assert result.pv == ("two", "one")
    assert result.pv_movers == (0, 0)
    assert result.snapshot.pv_movers == (0, 0)
    assert result.snapshot.iterations[-1].pv_movers == (0, 0)
    assert line_text(result.pv, result.pv_movers, NAMES) == "North two one"


@pytest.mark.parametrize("spec", ENGINES)
def test_a_pass_is_a_move_of_the_player_who_passes(spec: str) -> None:
    result = solve(OwnPiles(), spec)
    assert result.pv[0] == "pass"
    assert result.pv_movers == tuple(ply % 2 for ply in range(len(result.pv)))
    assert line_text(result.pv, result.pv_movers, NAMES) == " ".join(result.pv)


def test_line_movers_stops_where_the_line_stops_being_playable() -> None:
    game = TakeTwoAgain()
    start = game.initial_state()
    assert line_movers(game, start, ("one", "two", "two")) == (0, 1)  # 3 → 2 → 0: over
    assert line_movers(game, start, ("one", "three")) == (0,)


def test_line_text_names_the_movers_where_they_do_not_alternate() -> None:
    moves = ("3", "5", "2", "roll", "4")
    assert (line_text(moves, (0, 0, 1, 0, CHANCE), NAMES)
            == "North 3 5 · South 2 · North roll · chance 4")
    assert line_text(moves[:3], (0, 1, 0), NAMES) == "3 5 2"
    assert line_text(moves[:3], (), NAMES) == "3 5 2"  # movers unknown: the moves alone
    assert line_text(moves[:3], (1, 1, 0), NAMES, limit=2) == "South 3 5 …"
    assert line_text(("a", "b", "c"), (0, 1, 2), ("P1", "P2", "P3")) == "a b c"
    assert line_text(("a", "b", "c"), (0, 2, 1), ("P1", "P2", "P3")) == "P1 a · P3 b · P2 c"
