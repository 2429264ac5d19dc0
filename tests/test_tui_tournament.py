"""The app's tournament screen (issue 31): a tiny tic-tac-toe tournament runs in its own
process while the screen fills the standings and crosstable from the games' records,
and a finished game opens in the replay viewer.

The engines are depth- and node-limited searches and a seeded random mover, so the
games are the same however fast the machine; the test waits for what the screen shows,
never for a length of time.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Input, TextArea
from textual.widgets._footer import FooterKey
from tui_fakes import start_screen

from adversa.match.tournament import TournamentSettings, build_tournament
from adversa.match.tournament_files import TournamentFolder, game_stem
from adversa.tui.app import AdversaApp
from adversa.tui.screens.help import HelpScreen
from adversa.tui.screens.tournament import ReplayScreen, TournamentScreen, standings_rows
from adversa.tui.screens.tournament_setup import TournamentSetup

ENGINES = ("alphabeta depth=9 nodes=2000", "minimax depth=1", "random")
SETTINGS = TournamentSettings("tictactoe", ENGINES, games=2)
SIZE = (100, 32)
MISBEHAVING = Path(__file__).resolve().parent / "engines" / "misbehaving.py"


async def wait_for(pilot: Pilot[None], condition: Callable[[], bool], rounds: int = 6000
                   ) -> None:
    for _ in range(rounds):
        if condition():
            return
        await pilot.pause(0.02)


def test_standings_rows_put_the_crosstable_beside_the_standings() -> None:
    plan = build_tournament(SETTINGS)
    empty = standings_rows(plan, [])
    assert [row[1] for row in empty.rows] == list(ENGINES)  # by number until games count
    assert all(row[2] == "0/0" for row in empty.rows)


async def test_a_tournament_runs_live_and_its_games_open_in_the_replay_viewer(
        tmp_path: Path) -> None:
    folder = TournamentFolder(tmp_path / "t")
    folder.create(SETTINGS)
    app = AdversaApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = TournamentScreen(folder.directory)
        app.push_screen(screen)
        await wait_for(pilot, lambda: screen.plan is not None and not screen.running)
        assert not screen.running
        planned = build_tournament(SETTINGS).planned
        assert len(screen.shown.games) == planned == 6
        standings = screen.query_one("#standings", DataTable)
        assert standings.row_count == 3
        games = screen.query_one("#games", DataTable)
        assert games.row_count == 6
        # The table agrees with the records the tournament wrote.
        top = standings.get_row_at(0)
        assert top[1] == "alphabeta depth=9 nodes=2000"  # the perfect player leads
        points = sum(float(str(row[2]).split("/")[0])
                     for row in (standings.get_row_at(i) for i in range(3)))
        assert points == 6  # every game's point shared out
        games.move_cursor(row=1)
        await pilot.press("enter")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        record = json.loads((folder.games / f"{game_stem(1)}.json").read_text())
        assert replay.session.notations == record["moves"]
        assert replay.session.is_over
        assert not replay.session.autosaves
        shown = [key.action for key in replay.query(FooterKey) if key.region.width]
        assert shown[0] == "back"  # first in the footer, where any width shows it
        await pilot.press("b")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert "Replay game" in str(app.screen.sections())


async def test_the_start_screen_sets_up_a_tournament(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVERSA_SAVES_DIR", str(tmp_path))
    app = AdversaApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = start_screen(app)
        start.action_tournament()
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, TournamentSetup)
        setup.query_one("#engines", TextArea).text = "alphabeta depth=2\nnot-an-engine"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is setup  # refused: one notification, nothing written
        assert not (tmp_path / "tournaments").exists()
        setup.query_one("#engines", TextArea).text = "minimax depth=1\nrandom"
        setup.query_one("#games", Input).value = "1"
        await pilot.press("ctrl+g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TournamentScreen)
        await wait_for(pilot, lambda: not screen.running)
        assert len(screen.shown.games) == 1
        (directory,) = (tmp_path / "tournaments").iterdir()
        assert TournamentFolder(directory).settings().engines == ("minimax depth=1", "random")


async def test_a_stopped_tournament_keeps_its_games_and_continues(tmp_path: Path) -> None:
    """``s`` stops it as Ctrl-C would; ``c`` plays only the games still missing. The slow
    engine (a twentieth of a second a move) makes sure the stop comes mid-tournament."""
    slow = f"external:{sys.executable} {MISBEHAVING} slow"
    folder = TournamentFolder(tmp_path / "t")
    folder.create(TournamentSettings("tictactoe", (slow, "random"), games=12))
    app = AdversaApp(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        screen = TournamentScreen(folder.directory)
        app.push_screen(screen)
        await wait_for(pilot, lambda: len(screen.shown.games) > 0)
        await pilot.press("s")
        await wait_for(pilot, lambda: not screen.running)
        stopped_at = len(screen.shown.games)
        assert 0 < stopped_at < 12
        assert len(list(folder.games.glob("game-*.json"))) == stopped_at
        await pilot.press("c")
        await wait_for(pilot, lambda: not screen.running)
        assert len(screen.shown.games) == 12
        games = screen.query_one("#games", DataTable)
        assert games.row_count == 12  # each game listed once
