"""The endgame database in the app: the panel says when a value comes from it, a missing
database is mentioned once, and the palette's command builds it without blocking."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest
from narrowing import scalar
from textual.app import App, ComposeResult
from textual.widgets import Static
from tui_fakes import FakeEngine

from adversa.cli import main as cli_main
from adversa.games import make_game
from adversa.games.checkers_endgame_build import build
from adversa.games.checkers_endgame_index import FILE_NAME, database_built, load_database
from adversa.games.registry import entry, evaluation_of
from adversa.match.session import GameSession
from adversa.presentation import database_text
from adversa.search.engine import engine_for, run_search
from adversa.tui.app import AdversaApp
from adversa.tui.panel import SearchPanel
from adversa.tui.screens.game import GameScreen

CHECKERS = make_game("checkers")


@pytest.fixture
def three_pieces() -> None:
    """Every table up to three pieces, where the engine looks (the test's data dir)."""
    directory = Path(os.environ["ADVERSA_DATA_DIR"])
    directory.mkdir(parents=True, exist_ok=True)
    (directory / FILE_NAME).write_bytes(build(3).to_bytes())


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SearchPanel("Search")


@pytest.mark.usefixtures("three_pieces")
async def test_the_panel_says_the_value_comes_from_the_database() -> None:
    state = CHECKERS.parse_position("B:WK32:BK14,K15")  # two kings against one
    result = run_search(CHECKERS, state, engine_for(CHECKERS, "alphabeta depth=3"),
                        evaluation=evaluation_of(CHECKERS))
    assert result.database_plies is not None and scalar(result.value) > 0
    text = database_text(result)
    assert text == f"database: win in {result.database_plies} plies"
    app = PanelApp()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(SearchPanel)
        panel.show_result(result)
        await pilot.pause()
        shown = str(panel.query_one("#panel-pv", Static).render())
        assert text in shown


def test_no_database_line_without_a_database() -> None:
    state = CHECKERS.parse_position("B:WK32:BK14,K15")
    result = run_search(CHECKERS, state, engine_for(CHECKERS, "alphabeta depth=3"),
                        evaluation=evaluation_of(CHECKERS))
    assert result.database_plies is None and database_text(result) is None


@pytest.mark.usefixtures("three_pieces")
def test_analyze_prints_and_exports_the_database_answer() -> None:
    from click.testing import CliRunner

    arguments = ["analyze", "checkers", "-p", "W:WK32:BK14,K15", "--engine", "alphabeta depth=3"]
    printed = CliRunner().invoke(cli_main, arguments)
    assert printed.exit_code == 0, printed.output
    assert "database   loss in" in printed.output  # White's lone king, to move, loses
    exported = CliRunner().invoke(cli_main, [*arguments, "--json"])
    assert '"database_plies"' in exported.output


def notices(app: AdversaApp) -> list[str]:
    return [notification.message for notification in app._notifications]


async def test_a_missing_database_is_mentioned_once_when_an_engine_plays() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        players = [None, engine_for(CHECKERS, "default")]
        await app.push_screen(GameScreen(GameSession("checkers", {}, players)))
        await pilot.pause()
        offers = [text for text in notices(app) if "endgame database" in text]
        assert offers == ["No endgame database: ctrl+p to build it"]
        await app.push_screen(GameScreen(GameSession("checkers", {}, players)))
        await pilot.pause()
        assert len([text for text in notices(app) if "endgame database" in text]) == 1
    again = AdversaApp(engine_search=FakeEngine())  # the next run: said once is enough
    async with again.run_test(size=(120, 40)) as pilot:
        await again.push_screen(GameScreen(GameSession("checkers", {}, players)))
        await pilot.pause()
        assert not [text for text in notices(again) if "endgame database" in text]


async def test_no_offer_in_hotseat_or_in_games_without_a_database() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await app.push_screen(GameScreen(GameSession("checkers", {}, [None, None])))
        await pilot.pause()
        game = GameScreen(GameSession("tictactoe", {}, [None, engine_for(
            make_game("tictactoe"), "default")]))
        await app.push_screen(game)
        await pilot.pause()
        assert not [text for text in notices(app) if "endgame" in text]
        assert game.check_action("build_endgame", ()) is False
        assert game.check_action("build_larger_endgame", ()) is False


async def test_the_palette_command_builds_the_database_in_the_background(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tables = entry("checkers").endgame
    assert tables is not None and not tables.built()
    small = dataclasses.replace(tables, command=("endgame", "build", "--pieces", "2"))
    monkeypatch.setattr("adversa.tui.endgame_offer.entry_of",
                        lambda game: dataclasses.replace(entry("checkers"), endgame=small))
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = GameScreen(GameSession("checkers", {}, [None, engine_for(CHECKERS, "default")]))
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.check_action("build_endgame", ()) is True
        screen.action_build_endgame()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert any(text.startswith("Built the checkers endgame database")
                   for text in notices(app)), notices(app)
        database = load_database()
        assert database is not None and database.reach == 2


@pytest.mark.usefixtures("three_pieces")
def test_a_database_counts_as_built_up_to_the_pieces_it_has() -> None:
    assert database_built() and database_built(pieces=3)
    assert not database_built(pieces=4)
    tables = entry("checkers").endgame
    assert tables is not None and tables.larger is not None
    assert not tables.larger.built()  # the five-piece offer stays until five are there


async def test_the_palette_builds_the_larger_database_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """"Build the larger endgame database" runs the larger declaration's command (here
    made three pieces, so that the test takes a second) and checks its own ``built``."""
    tables = entry("checkers").endgame
    assert tables is not None and tables.larger is not None
    larger = dataclasses.replace(tables.larger, command=("endgame", "build", "--pieces", "3"),
                                 built=lambda: database_built(pieces=3))
    monkeypatch.setattr("adversa.tui.endgame_offer.entry_of", lambda game: dataclasses.replace(
        entry("checkers"), endgame=dataclasses.replace(tables, larger=larger)))
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = GameScreen(GameSession("checkers", {}, [None, None]))
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.check_action("build_larger_endgame", ()) is True
        screen.action_build_larger_endgame()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert any(text.startswith("Built the five-piece checkers endgame database")
                   for text in notices(app)), notices(app)
        database = load_database()
        assert database is not None and database.reach == 3
        screen.action_build_larger_endgame()
        await pilot.pause()
        assert any("is already built" in text for text in notices(app))
