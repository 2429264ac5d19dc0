"""Pig: the engine's turn plays at a pace a viewer can follow — each die it rolls stays on
show (face and running turn total) before it decides again (issue 14).

The pace is a wall-clock pause, so the tests hold it far on one side of any test's length:
0 (the conftest default: the turn runs through) or 10,000 s (nothing moves on by itself).
"""

from __future__ import annotations

import random

import pytest
from tui_fakes import FakeEngine

from adversa.games import make_game
from adversa.match.session import GameSession, parse_player
from adversa.tui.app import AdversaApp
from adversa.tui.boards.pig import PigBoard
from adversa.tui.screens.game import GameScreen

SIZE = (120, 40)


def seed_whose_first_roll_is_not_a_one() -> tuple[int, int]:
    """A seed for the app's dice and the face its first roll shows (rolled as
    `GameSession.roll` rolls: one ``choices`` over the outcomes)."""
    game = make_game("pig")
    chance = game.result(game.initial_state(), "roll")
    outcomes = game.chance_outcomes(chance)
    for seed in range(100):
        face = random.Random(seed).choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
        if face != 1:
            return seed, face
    raise AssertionError("no seed rolls anything but 1")


def engine_first_session() -> GameSession:
    game = make_game("pig")
    return GameSession("pig", {}, [parse_player(game, "expectiminimax depth=2"), None])


async def test_each_engine_roll_stays_on_show_before_the_next_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(PigBoard, "ENGINE_PACE", 10_000.0)
    seed, face = seed_whose_first_roll_is_not_a_one()
    engine = FakeEngine()  # always rolls (the first legal move)
    session = engine_first_session()
    app = AdversaApp(session, engine_search=engine, seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(50):
            await pilot.pause()
            if session.notations[:2] == ["roll", str(face)]:
                break
        for _ in range(20):  # the next decision waits for the pace, however many turns pass
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert session.notations == ["roll", str(face)]
        assert len(engine.calls) == 1
        board = screen.board
        assert isinstance(board, PigBoard)
        assert board.face == face
        picture = "\n".join(board.render_line(y).text for y in range(board.size.height))
        assert "turn total" in picture and f"+{face}" in picture  # the running total at stake


async def test_at_pace_zero_the_engine_turn_runs_through() -> None:
    """The injected pace is what holds the turn: at 0 the engine rolls on until a 1
    hands the die to the human (FakeEngine never holds)."""
    seed, _ = seed_whose_first_roll_is_not_a_one()
    engine = FakeEngine()
    session = engine_first_session()
    app = AdversaApp(session, engine_search=engine, seed=seed)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(500):
            await pilot.pause()
            if session.is_human_turn():
                break
        assert session.is_human_turn()
        assert len(engine.calls) >= 2 and session.notations[-1] == "1"


def test_the_pace_applies_after_a_roll_only() -> None:
    game = make_game("pig")
    board = PigBoard(game)
    start = game.initial_state()
    board.show(start, last_move=None)
    assert board.engine_pace() == 0.0
    rolled = game.result(game.result(start, "roll"), 4)
    board.show(rolled, last_move=4)
    assert board.engine_pace() == PigBoard.ENGINE_PACE


def test_hotseat_seats_are_named_by_seat() -> None:
    """Brief check: two humans are not "You" twice. Pig already names its seats Player 1
    and Player 2, so each is labelled Human; tic-tac-toe's X and O get Player 1 / 2."""
    pig = GameSession("pig", {}, [None, None])
    assert [pig.game.player_name(seat) for seat in range(2)] == ["Player 1", "Player 2"]
    assert [pig.human_label(seat) for seat in range(2)] == ["Human", "Human"]
    tictactoe = GameSession("tictactoe", {}, [None, None])
    assert [tictactoe.human_label(seat) for seat in range(2)] == ["Player 1", "Player 2"]
