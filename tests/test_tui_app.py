"""Pilot tests of the game screen flows, with a fake engine so they run in seconds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from narrowing import fresh
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, Static
from tui_fakes import FakeEngine, game_screen, session_for, settle, until

from adversa.cli import main
from adversa.match.session import GameSession, autosaved_record
from adversa.tui.app import AdversaApp
from adversa.tui.boards import BoardView
from adversa.tui.panel import SearchPanel
from adversa.tui.screens.dialogs import ConfirmDialog, PathDialog
from adversa.tui.screens.game import GameScreen
from adversa.tui.screens.help import HelpScreen, class_keys
from adversa.tui.screens.load_dialog import LoadDialog

SIZE = (120, 40)


def notifications(app: AdversaApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def type_path(pilot: Pilot[Any], path: Path) -> None:
    """Type ``path`` in a file dialog's path field and press Enter."""
    field = pilot.app.screen.query_one("#path", Input)
    field.focus()
    field.value = str(path)
    await pilot.press("enter")


async def type_move(pilot: Pilot[Any], text: str) -> None:
    """Type a move in the move input (``:`` focuses it unless it has focus already)."""
    if not isinstance(pilot.app.focused, Input):
        await pilot.press("colon")
    await pilot.press(*text, "enter")


async def test_typed_move_is_drawn_then_the_engine_replies() -> None:
    engine = FakeEngine()
    session = session_for("tictactoe", "human", "alphabeta depth=9")
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await type_move(pilot, "b2")
        await settle(pilot, screen)
        assert session.notations == ["b2", "a3"]  # the fake plays the first legal move
        searched_state, config = engine.calls[0]
        assert searched_state == session.states[1]  # it searched the position after b2
        assert config.text == "alphabeta depth=9"
        panel = screen.query_one(SearchPanel)
        assert panel.last_snapshot is not None and panel.last_snapshot.finished
        assert screen.board.state == session.state
        assert screen.board.last_move == session.last_move


async def test_move_by_keys_and_by_click() -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        screen.board.focus()
        await pilot.press("up", "enter")  # the cursor starts in the centre: up is b3
        assert session.notations == ["b3"]
        board = screen.board
        offset = board.offset_of(("cell", 2, 0))
        assert offset is not None
        await pilot.click(BoardView, offset=offset)
        await pilot.pause()
        assert session.notations == ["b3", "a1"]


async def test_illegal_typed_move_is_refused_with_the_legal_moves() -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await type_move(pilot, "b2")  # already taken
        await type_move(pilot, "zz")  # not notation at all
        await pilot.pause()
        assert session.notations == ["b2"]
        refusals = [text for text in notifications(app) if "legal moves" in text]
        assert len(refusals) == 2
        assert "a1" in refusals[0] and "b2" not in refusals[0].split("legal moves:")[1]
        assert game_screen(app).query_one("#move-input", Input).value == "zz"


async def test_after_a_typed_move_keys_reach_the_board_again() -> None:
    """QA: after ``:`` b2 Enter, a ``u`` used to be typed into the move box."""
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        move_box = screen.query_one("#move-input", Input)
        await type_move(pilot, "zz")
        assert app.focused is move_box and move_box.value == "zz"  # kept for correcting
        await pilot.press("backspace", "backspace", *"b2", "enter")
        await pilot.pause()
        assert session.notations == ["b2"]
        assert fresh(app.focused) is screen.board and move_box.value == ""
        await pilot.press("u")
        await pilot.pause()
        assert session.notations == [] and move_box.value == ""
        await pilot.press("colon", "enter")  # an empty box gives the keys back too
        assert fresh(app.focused) is screen.board


async def test_hotseat_never_calls_the_engine() -> None:
    engine = FakeEngine()
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        for move in ("a1", "b1", "a2", "b2", "a3"):
            await type_move(pilot, move)
        await pilot.pause()
        assert session.is_over
        assert "X wins" in session.status_text()
        assert engine.calls == []


async def test_undo_takes_back_the_reply_and_the_move_then_redo() -> None:
    engine = FakeEngine()
    session = session_for("tictactoe", "human", "alphabeta depth=9")
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await type_move(pilot, "b2")
        await settle(pilot, screen)
        assert len(session.moves) == 2
        await pilot.press("escape", "u")
        assert session.moves == [] and session.is_human_turn()
        moves_table = screen.query_one("#moves", DataTable)
        assert moves_table.row_count == 0
        await pilot.press("r")
        await pilot.pause()
        assert session.notations == ["b2", "a3"]
        assert moves_table.get_row_at(0) == ["1.", "b2", "a3"]  # one move number, both sides
        assert len(engine.calls) == 1  # redo replays, it does not search again


async def test_undo_during_a_search_cancels_it_and_ignores_its_late_result() -> None:
    engine = FakeEngine(block=True)
    session = session_for("tictactoe", "human", "alphabeta depth=9")
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await type_move(pilot, "b2")
        assert await until(pilot, engine.started)
        assert screen.runner is not None and screen.runner.running
        await pilot.press("escape", "u")
        assert await until(pilot, engine.stopped)
        await pilot.pause(0.1)
        assert session.moves == []  # the stopped search's move was not played
        assert not screen.runner.running
        panel = app.screen.query_one(SearchPanel)
        assert panel.last_snapshot is None  # no rows, PV or scores of the cancelled search
        assert screen.hint_move is None


async def test_engine_failure_is_a_notification_and_the_game_goes_on() -> None:
    """The failed engine's turn stays, and the status line says how to go on (the
    notification fades): once the engine works, ``s`` has it play; undo works as ever."""
    engine = FakeEngine(fail=True)
    session = session_for("tictactoe", "human", "alphabeta depth=9")
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await type_move(pilot, "b2")
        await settle(pilot, screen)
        assert session.notations == ["b2"]
        assert any("engine exploded" in text for text in notifications(app))
        assert "s: engine plays" in str(screen.query_one("#status", Static).render())
        first_legal = session.game.format_move(
            session.state, session.game.legal_moves(session.state)[0])
        engine.fail = False
        await pilot.press("escape", "s")
        await settle(pilot, screen)
        assert session.notations == ["b2", first_legal]  # the fake plays the first move
        assert len(engine.calls) == 2
        await pilot.press("u")
        assert session.moves == []


async def test_hint_shows_a_move_without_playing_it() -> None:
    engine = FakeEngine()
    session = session_for("tictactoe", "human", "alphabeta depth=3")
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("h")
        await settle(pilot, screen)
        assert session.moves == []
        assert screen.board.hint == session.game.legal_moves(session.state)[0]
        assert engine.calls[0][1].text == "alphabeta depth=3"  # the opponent's engine
        assert any(text.startswith("Hint: a3") for text in notifications(app))


async def test_hint_on_a_finished_game_says_the_game_is_over() -> None:
    engine = FakeEngine()
    session = session_for("tictactoe", "human", "human")
    for move in ("a1", "b1", "a2", "b2", "a3"):
        session.play_text(move)
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        assert engine.calls == []
        assert any("game is over" in text for text in notifications(app))


async def test_engine_vs_engine_starts_paused_then_steps_and_runs() -> None:
    engine = FakeEngine()
    session = session_for("tictactoe", "alphabeta depth=1", "alphabeta depth=2")
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.pause(0.1)
        assert session.moves == [] and screen.paused
        await pilot.press("s")
        await settle(pilot, screen)
        assert session.notations == ["a3"] and screen.paused
        await pilot.press("plus", "plus", "plus")  # no delay between moves
        assert screen.speed == 0
        await pilot.press("p")
        for _ in range(100):
            if session.is_over:
                break
            await pilot.pause(0.02)
        assert session.is_over  # first-legal-move play: X fills the top row first
        assert [config.text for _, config in engine.calls[:2]] == [
            "alphabeta depth=1", "alphabeta depth=2"]


async def test_save_then_load_a_json_record(tmp_path: Path) -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    target = tmp_path / "game.json"
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await type_move(pilot, "a1")
        await pilot.press("escape", "ctrl+s")
        assert isinstance(app.screen, PathDialog)
        app.screen.query_one("#path", Input).value = str(target)
        await pilot.press("enter")
        record = json.loads(target.read_text())
        assert record["moves"] == ["b2", "a1"] and record["game"] == "tictactoe"
        assert record["players"] == ["human", "human"]
        await pilot.press("n")
        assert session.moves == []
        await pilot.press("ctrl+o")
        await type_path(pilot, target)
        await pilot.pause()
        loaded = game_screen(app).session
        assert loaded.notations == ["b2", "a1"]
        assert game_screen(app).board.state == loaded.state


async def test_loading_a_bad_file_keeps_the_game(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await pilot.press("escape", "ctrl+o")
        assert isinstance(app.screen, ConfirmDialog)  # b2 is not saved
        await pilot.press("y")
        await type_path(pilot, bad)
        await pilot.pause()
        assert isinstance(app.screen, LoadDialog)  # open for another choice
        assert any("not valid JSON" in text for text in notifications(app))
        await pilot.press("escape")
        await pilot.pause()
        assert game_screen(app).session is session and session.notations == ["b2"]


async def test_quit_during_a_search_that_only_stops_when_cancelled() -> None:
    engine = FakeEngine(block=True)
    session = session_for("tictactoe", "human", "alphabeta depth=9")
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        assert await until(pilot, engine.started)
        await pilot.press("ctrl+q")
    assert engine.stopped.wait(30)  # cancelled by quitting: a bound, not a measurement


async def test_help_and_command_palette_list_the_actions() -> None:
    session = session_for("tictactoe", "human", "alphabeta depth=9")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Undo", "Redo", "Hint", "Flip board", "Save game", "Load game",
                "New game"} <= set(titles)
        assert "Step" not in titles  # engine-vs-engine only
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)


async def test_help_fits_an_80_by_24_terminal() -> None:
    """The help dialog was 96 columns wide and taller than the screen: on 80×24 its
    right border and its closing hint were cut off."""
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        screen_region = app.screen.region
        dialog = app.screen.query_one("#help")
        closing_hint = app.screen.query_one(".dialog-help")
        assert screen_region.contains_region(dialog.region), dialog.region
        assert dialog.region.contains_region(closing_hint.region), closing_hint.region


async def test_flip_toggles_the_board() -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")
        assert game_screen(app).board.flipped
        await pilot.press("f")
        assert not game_screen(app).board.flipped


async def test_moves_autosave_and_a_finished_game_clears_it(config_dir: Path) -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "a1")
        saved = json.loads((config_dir / "autosave.json").read_text())
        assert saved["moves"] == ["a1"]
        for move in ("b1", "a2", "b2", "a3"):
            await type_move(pilot, move)
        assert session.is_over
        assert not (config_dir / "autosave.json").exists()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--player", "bogus"], "unknown algorithm 'bogus'"),
        (["--player", "human", "--player", "alphabeta depth=x"], "expected a whole number"),
        (["--player", "human", "--player", "human", "--player", "human"], "3 --player options"),
        (["--set", "width=0"], "expected at least 1"),
        (["--position", "XXX/.../..."], "position"),
    ],
)
def test_play_rejects_bad_arguments_before_the_app_starts(
    monkeypatch: pytest.MonkeyPatch, arguments: list[str], message: str
) -> None:
    def never(*_args: object) -> None:
        raise AssertionError("the app must not start")

    monkeypatch.setattr("adversa.tui.app.run_app", never)
    result = CliRunner().invoke(main, ["play", "tictactoe", *arguments])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("adversa: error: ") and message in lines[0]


def test_play_passes_the_players_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[GameSession] = []
    monkeypatch.setattr("adversa.tui.app.run_app",
                        lambda session, **looks: opened.append(session))
    result = CliRunner().invoke(main, ["play", "pig", "--set", "players=3", "--player",
                                       "maxn depth=2"])
    assert result.exit_code == 0, result.output
    session = opened[0]
    assert [p.text if p else "human" for p in session.players] == [
        "maxn depth=2", "maxn depth=3", "maxn depth=3"]


async def test_pig_dice_are_rolled_for_everyone_and_recorded() -> None:
    engine = FakeEngine()
    session = session_for("pig", "human", "expectiminimax depth=2", target="20")
    app = AdversaApp(session, engine_search=engine, seed=5)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await type_move(pilot, "roll")
        for _ in range(100):
            await pilot.pause(0.02)
            if session.is_human_turn() or session.is_over:
                break
        assert session.notations[0] == "roll"
        kinds = [session.game.to_move(state) for state in session.states[:-1]]
        assert kinds[1] == -1  # a chance ply followed the roll
        assert all(kind != -1 or text.isdigit()
                   for kind, text in zip(kinds, session.notations, strict=True))
        assert screen.board.state == session.state


def test_the_readme_keys_table_lists_every_game_key() -> None:
    """The help screen is generated from the bindings; the README table is written by
    hand, so check it names every binding's first key."""
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    playing = readme.split("## Playing", 1)[1].split("\n## ", 1)[0]
    for keys, _ in class_keys(GameScreen):
        first = keys.split(" / ")[0]
        if first in ("escape", "esc"):
            continue  # described in the "Type a move" row
        assert f"`{first}`" in playing, f"README keys table lacks {first!r}"


@pytest.mark.parametrize("key", ["n", "m", "ctrl+o"])
async def test_discarding_an_unsaved_game_asks_first_and_no_keeps_it(key: str) -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await pilot.press("escape", key)
        await pilot.pause()
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("n")
        await pilot.pause()
        assert game_screen(app).session is session and session.notations == ["b2"]
        await pilot.press(key)
        await pilot.pause()
        await pilot.press("escape")  # Esc is "no" too
        await pilot.pause()
        assert game_screen(app).session is session and session.notations == ["b2"]


async def test_new_game_after_yes_and_no_question_for_a_saved_game(tmp_path: Path) -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await pilot.press("escape", "n")
        await pilot.press("y")
        await pilot.pause()
        assert session.notations == []
        await type_move(pilot, "a1")
        await pilot.press("escape", "ctrl+s")
        app.screen.query_one("#path", Input).value = str(tmp_path / "g.json")
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("n")  # saved: no question
        await pilot.pause()
        assert not isinstance(app.screen, ConfirmDialog) and session.notations == []


async def test_loading_a_game_makes_it_the_autosave(tmp_path: Path) -> None:
    saved = GameSession("tictactoe", {}, [None, None])
    saved.play_text("c3")
    target = tmp_path / "loaded.json"
    saved.save(target)
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await type_move(pilot, "b2")
        await pilot.press("escape", "ctrl+o", "y")
        await pilot.pause()
        await type_path(pilot, target)
        await pilot.pause()
        assert game_screen(app).session.notations == ["c3"]
        record = autosaved_record()
        assert record is not None and record["moves"] == ["c3"]
