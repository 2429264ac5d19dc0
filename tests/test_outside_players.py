"""Outside engines as players of a game in the app (issue 31): ``play --player
"external:…"``, the runner asking them off the UI thread, their ``info`` lines in the
panel, and a failing engine giving its seat to the default engine with the game kept.

The engines are real processes (the example random mover, the test's misbehaving
engine); a failure is provoked by the engine itself (it exits), never by a timeout, so
the speed of the machine changes nothing.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from textual.pilot import Pilot
from textual.widgets import Input, Static
from tui_fakes import FakeEngine, game_screen

from adversa.cli import main
from adversa.games import AdversaError, make_game
from adversa.match.outside_move import outside_move
from adversa.match.seats import OutsideEngineError, OutsideSeat
from adversa.match.session import GameSession, parse_player, player_text
from adversa.search.config import EngineConfig
from adversa.tui.app import AdversaApp

ROOT = Path(__file__).resolve().parent.parent
RANDOM_MOVER = ROOT / "examples" / "engines" / "random_mover.py"
MISBEHAVING = Path(__file__).resolve().parent / "engines" / "misbehaving.py"
SIZE = (160, 50)


def spec(script: Path, *words: str) -> str:
    return f"external:{sys.executable} {script} {' '.join(words)}".rstrip()


def test_a_player_can_be_an_outside_engine() -> None:
    game = make_game("tictactoe")
    player = parse_player(game, spec(RANDOM_MOVER, "7"))
    assert isinstance(player, OutsideSeat)
    assert player_text(player) == spec(RANDOM_MOVER, "7")  # saved as written, read back
    assert isinstance(parse_player(game, "alphabeta depth=2"), EngineConfig)


def test_a_missing_program_is_refused_before_the_game() -> None:
    with pytest.raises(AdversaError, match="no-such-engine-x"):
        parse_player(make_game("tictactoe"), "external:no-such-engine-x")


def test_play_refuses_a_missing_outside_engine_in_one_line() -> None:
    result = CliRunner().invoke(main, ["play", "tictactoe", "--player", "human",
                                       "--player", "external:no-such-engine-x"])
    assert result.exit_code == 2
    assert "no-such-engine-x" in result.output
    assert "Traceback" not in result.output
    # uci: is a chess protocol: refused for another game before the app opens.
    result = CliRunner().invoke(main, ["play", "tictactoe", "--player", "uci:stockfish"])
    assert result.exit_code == 2
    assert "chess" in result.output


def test_outside_move_sends_the_game_so_far_and_returns_a_legal_move() -> None:
    game = make_game("tictactoe")
    start = game.initial_state()
    moves = [game.parse_move(start, "b2")]
    state = game.result(start, moves[0])
    infos: list[str] = []
    result = outside_move(game, start, moves, OutsideSeat(spec(MISBEHAVING, "chatty")),
                          on_info=infos.append)
    legal = list(game.legal_moves(state))
    assert result.best_move in legal
    assert result.best_move_text == game.format_move(state, result.best_move)
    # The engine answers the first legal move it was sent, so it was sent this position.
    assert result.best_move == legal[0]
    assert infos == [f"depth 1 considering {result.best_move_text}"]
    assert result.value is None and not result.stopped


def test_outside_move_reports_a_crash() -> None:
    game = make_game("tictactoe")
    with pytest.raises(OutsideEngineError, match="exited"):
        outside_move(game, game.initial_state(), (), OutsideSeat(spec(MISBEHAVING, "crash")))


def test_a_stopped_outside_move_ends_the_program_at_once() -> None:
    """A silent engine would think for an hour: the stop returns without a move."""
    game = make_game("tictactoe")
    stop = threading.Event()
    stop.set()
    result = outside_move(game, game.initial_state(), (),
                          OutsideSeat(spec(MISBEHAVING, "silent", "time=3600")),
                          should_stop=stop.is_set)
    assert result.stopped and result.best_move is None


def test_a_failed_outside_engine_gives_its_seat_to_the_default_engine() -> None:
    session = GameSession("tictactoe", players=[None, OutsideSeat(spec(MISBEHAVING, "crash"))])
    session.play_text("b2")
    assert session.replace_failed_outside_engine()
    replacement = session.players[1]
    assert isinstance(replacement, EngineConfig)
    assert session.notations == ["b2"]  # the game is kept
    assert not session.replace_failed_outside_engine()  # only an outside seat is replaced


async def wait_for(pilot: Pilot[None], condition: Callable[[], bool], rounds: int = 500
                   ) -> None:
    """Let the app run until ``condition()`` holds (each round a short pause)."""
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.02)


async def test_the_app_plays_an_outside_engine_and_shows_its_info() -> None:
    session = GameSession("tictactoe", players=[None, OutsideSeat(spec(MISBEHAVING, "chatty"))])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", "b", "2", "enter")
        await wait_for(pilot, lambda: len(session.moves) == 2)
        assert len(session.moves) == 2
        answered = session.notations[1]
        await pilot.pause()
        shown = str(app.screen.query_one("#panel-pv", Static).render())
        assert f"info depth 1 considering {answered}" in shown
        assert session.is_human_turn()


async def test_the_app_plays_the_example_random_mover() -> None:
    session = GameSession("tictactoe", players=[None, OutsideSeat(spec(RANDOM_MOVER, "3"))])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", "b", "2", "enter")
        await wait_for(pilot, lambda: len(session.moves) == 2)
        assert session.notations[0] == "b2" and len(session.moves) == 2
        players = str(app.screen.query_one("#players").render())
        assert "random_mover.py" in players


async def test_a_crashing_engine_is_a_notification_and_the_game_goes_on() -> None:
    session = GameSession("tictactoe", players=[None, OutsideSeat(spec(MISBEHAVING, "crash"))])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", "b", "2", "enter")
        await wait_for(pilot, lambda: len(session.moves) == 2)
        notes = [note.message for note in app._notifications]
        assert any("exited" in note and "is now played by" in note for note in notes), notes
        assert isinstance(session.players[1], EngineConfig)
        assert session.notations[0] == "b2" and len(session.moves) == 2  # the fallback moved


@pytest.mark.parametrize("classroom", [False, True])
async def test_engine_settings_take_an_outside_engine_except_in_classroom_mode(
        classroom: bool) -> None:
    """Served to a class, an outside engine would run a program of the student's choice
    on the server: refused there, with the seat unchanged."""
    alphabeta = EngineConfig.parse("alphabeta depth=2")
    session = GameSession("tictactoe", players=[None, alphabeta])
    app = AdversaApp(session, engine_search=FakeEngine(), classroom=classroom)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        game_screen(app).action_engine_settings()
        await pilot.pause()
        app.screen.query_one("#engine-text", Input).value = spec(RANDOM_MOVER, "1")
        await pilot.press("enter")
        await pilot.pause()
        if classroom:
            assert session.players == [None, alphabeta]
            notes = [note.message for note in app._notifications]
            assert any("classroom" in note for note in notes), notes
        else:
            assert session.players == [None, OutsideSeat(spec(RANDOM_MOVER, "1"))]
