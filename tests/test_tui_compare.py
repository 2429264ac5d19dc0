"""The compare screen under Pilot: live summary, independent engines, sending a player."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from click.testing import CliRunner
from textual.app import App
from textual.widgets import DataTable, Input, Static
from tui_fakes import FakeEngine, choose_game, compare_settled, start_screen

from adversa.cli import main
from adversa.games import make_game
from adversa.games.base import Game, M, S
from adversa.games.evaluation import Evaluation
from adversa.match.session import GameSession
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import EventCallback, SearchResult, StopCallback
from adversa.search.timeman import ClockReading
from adversa.tui.app import AdversaApp
from adversa.tui.screens.compare import CompareApp, CompareScreen
from adversa.tui.screens.game import GameScreen

MINIMAX = EngineConfig.parse("minimax depth=2")
ALPHABETA = EngineConfig.parse("alphabeta depth=2")


def summary(screen: CompareScreen) -> list[list[str]]:
    table = screen.query_one("#compare-summary", DataTable)
    return [[str(cell) for cell in table.get_row_at(row)] for row in range(table.row_count)]


async def test_summary_row_is_filled_and_engines_agree() -> None:
    game = make_game("tictactoe")
    app = CompareApp(game, game.initial_state(), [MINIMAX, ALPHABETA])
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await compare_settled(app, pilot)
        rows = summary(screen)
        assert [row[0] for row in rows] == [MINIMAX.text, ALPHABETA.text]
        assert [row[1] for row in rows] == ["done", "done"]
        assert rows[0][2] == rows[1][2] != "—"  # same best move
        minimax_nodes = int(rows[0][5].replace(",", ""))
        alphabeta_nodes = int(rows[1][5].replace(",", ""))
        assert alphabeta_nodes < minimax_nodes
        assert rows[0][10] == "1.000"
        assert rows[1][10] == f"{alphabeta_nodes / minimax_nodes:.3f}"
        assert "yes" in str(screen.query_one("#compare-agree", Static).render())


async def test_restarting_one_engine_leaves_the_other_alone() -> None:
    game = make_game("tictactoe")
    app = CompareApp(game, game.initial_state(), [MINIMAX, ALPHABETA])
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await compare_settled(app, pilot)
        before = summary(screen)[0]
        first_runner_id = screen.columns[0].runner.current_id
        box = screen.query_one("#spec-1", Input)
        box.value = "alphabeta depth=3"
        box.focus()
        await pilot.press("enter")
        screen = await compare_settled(app, pilot)
        rows = summary(screen)
        assert rows[1][0] == "alphabeta depth=3"
        assert rows[1][8] == "3"
        assert rows[0] == before
        assert screen.columns[0].runner.current_id == first_runner_id


async def test_a_bad_engine_text_changes_nothing() -> None:
    game = make_game("tictactoe")
    app = CompareApp(game, game.initial_state(), [MINIMAX, ALPHABETA])
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await compare_settled(app, pilot)
        box = screen.query_one("#spec-0", Input)
        box.value = "minimax depth=lots"
        box.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.columns[0].config == MINIMAX
        assert summary(screen)[0][1] == "done"


def waits_for_stop_when_minimax(
    game: Game[S, M], state: S, config: EngineConfig, *, evaluation: Evaluation[S, M],
    should_stop: StopCallback | None = None,
    on_event: EventCallback | None = None, time_left: ClockReading | None = None,
) -> SearchResult[M]:
    """A search function that hangs (idle) for minimax until told to stop."""
    if config.algorithm == "minimax":
        assert should_stop is not None
        gate = threading.Event()
        while not should_stop() and not gate.wait(0.01):
            pass
    return run_search(game, state, config, should_stop=should_stop, on_event=on_event,
                      time_left=time_left, evaluation=evaluation)


async def test_stopping_one_engine_keeps_the_other_running_to_its_end() -> None:
    game = make_game("tictactoe")
    app = CompareApp(game, game.initial_state(), [MINIMAX, ALPHABETA],
                     engine_search=waits_for_stop_when_minimax)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await compare_settled(app, pilot, wanted={"searching", "done"})
        assert screen.columns[0].state == "searching"
        screen.query_one("#spec-0", Input).focus()
        await pilot.press("ctrl+t")
        screen = await compare_settled(app, pilot)
        assert [column.state for column in screen.columns] == ["stopped", "done"]
        assert summary(screen)[1][2] != "—"


class HostApp(App[None]):
    def __init__(self, screen: CompareScreen) -> None:
        super().__init__()
        self.compare = screen

    def on_mount(self) -> None:
        self.push_screen(self.compare)


def seat_taking(chosen: list[EngineConfig]) -> Callable[[EngineConfig], str]:
    """A game's engine seat for `CompareScreen.send_player`: keeps what it is sent."""

    def take(config: EngineConfig) -> str:
        chosen.append(config)
        return "O"

    return take


async def test_send_the_focused_engine_to_the_game() -> None:
    game = make_game("tictactoe")
    chosen: list[EngineConfig] = []
    screen = CompareScreen(game, game.initial_state(), [MINIMAX, ALPHABETA],
                           send_player=seat_taking(chosen))
    app = HostApp(screen)
    async with app.run_test(size=(160, 50)) as pilot:
        await compare_settled(app, pilot)
        screen.query_one("#spec-1", Input).focus()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert chosen == [ALPHABETA]
        assert app.screen is not screen


async def test_game_screen_opens_compare_and_takes_an_engine_back() -> None:
    # Engine against engine starts paused, so nothing plays on after the test ends.
    session = GameSession("tictactoe", players=[ALPHABETA, ALPHABETA])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        await pilot.press("c")
        screen = await compare_settled(app, pilot)
        assert [column.config.text for column in screen.columns] == [
            "alphabeta depth=2", "minimax depth=2"
        ]
        screen.query_one("#spec-1", Input).focus()
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert session.players[0] == EngineConfig.parse("minimax depth=2")


def test_compare_screen_snapshot(snap_compare: Any) -> None:
    game = make_game("tictactoe")
    app = CompareApp(game, game.initial_state(), [MINIMAX, ALPHABETA],
                     engine_search=FakeEngine())

    async def finish(pilot: Any) -> None:
        await compare_settled(app, pilot)
        await pilot.wait_for_scheduled_animations()  # the panels' progress bars
        app.screen.set_focus(None)  # no blinking cursor in the picture
        await pilot.pause()

    assert snap_compare(app, terminal_size=(140, 44), run_before=finish)


def test_compare_command_opens_the_screen(monkeypatch: Any) -> None:
    opened: list[CompareApp] = []
    monkeypatch.setattr(CompareApp, "run", lambda self, *args, **kwargs: opened.append(self))
    monkeypatch.setattr("adversa.cli.match.terminal_attached", lambda: True)
    result = CliRunner().invoke(main, ["compare", "nim", "--engine", "solve",
                                       "--engine", "alphabeta depth=3"])
    assert result.exit_code == 0, result.stderr
    assert [engine.text for engine in opened[0].engines] == ["solve", "alphabeta depth=3"]


def test_compare_piped_prints_the_table_instead_of_an_app_nobody_can_see(
    monkeypatch: Any,
) -> None:
    """`adversa compare … | less` used to start the app into the pipe and hang."""
    opened: list[CompareApp] = []
    monkeypatch.setattr(CompareApp, "run", lambda self, *args, **kwargs: opened.append(self))
    result = CliRunner().invoke(main, ["compare", "nim", "--engine", "solve",
                                       "--engine", "alphabeta depth=3", "--sequential"])
    assert result.exit_code == 0, result.stderr
    assert opened == []
    assert "engines agree" in result.stdout and "alphabeta" in result.stdout


async def test_start_screen_opens_compare_on_the_chosen_game(
    tmp_path: Any, monkeypatch: Any
) -> None:
    monkeypatch.setenv("ADVERSA_CONFIG_DIR", str(tmp_path / "config"))
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        start = start_screen(app)
        await choose_game(pilot, start, "tictactoe")
        await pilot.press("f2")
        screen = await compare_settled(app, pilot)
        assert screen.send_player is None  # no game to send an engine to yet
        assert len(screen.columns) == 2
        assert screen.columns[1].config.algorithm == "minimax"
        assert {column.state for column in screen.columns} == {"done"}
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is start


async def test_engines_can_be_added_up_to_four() -> None:
    game = make_game("tictactoe")
    app = CompareApp(game, game.initial_state(), [MINIMAX, ALPHABETA])
    async with app.run_test(size=(200, 50)) as pilot:
        screen = await compare_settled(app, pilot)
        screen.query_one("#spec-0", Input).focus()
        await pilot.press("ctrl+n")
        screen = await compare_settled(app, pilot)
        assert [column.config for column in screen.columns] == [MINIMAX, ALPHABETA, MINIMAX]
        assert screen.focused is screen.query_one("#spec-2", Input)
        rows = summary(screen)
        assert len(rows) == 3 and rows[2][1] == "done" and rows[2][10] == "1.000"
        await pilot.press("ctrl+n", "ctrl+n")
        screen = await compare_settled(app, pilot)
        assert len(screen.columns) == 4
        assert len(screen.query(".compare-column")) == 4


async def test_escape_from_the_standalone_compare_screen_quits_the_app() -> None:
    """`adversa compare …` then escape used to leave a blank screen running."""
    game = make_game("tictactoe")
    app = CompareApp(game, game.initial_state(), [MINIMAX, ALPHABETA])
    async with app.run_test(size=(160, 50)) as pilot:
        await compare_settled(app, pilot)
        assert len(app.screen_stack) == 1
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code == 0


async def test_four_engines_fit_120_columns() -> None:
    """Was: at 120 columns four panels cut their figures ("sco…", "nod…") and the summary
    lost its last columns. Narrow panels list one figure a line; the summary's engine
    names are shortened (the full text is in each engine's field)."""
    game = make_game("checkers")
    engines = [EngineConfig.parse(text) for text in (
        "alphabeta depth=4", "minimax depth=3", "mcts iterations=200 seed=1",
        "alphabeta depth=20 nodes=3000 lmr=on tt=32")]
    app = CompareApp(game, game.initial_state(), engines)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await compare_settled(app, pilot)
        for index in range(4):
            stats = str(screen.query_one(f"#panel-{index} #panel-stats", Static).render())
            lines = stats.splitlines()
            assert len(lines) == 9 and "…" not in stats
            assert screen.query_one(f"#panel-{index} #panel-stats").size.width >= max(
                len(line) for line in lines)
        table = screen.query_one("#compare-summary", DataTable)
        used = sum(column.get_render_width(table) for column in table.columns.values())
        assert used <= table.size.width
        assert summary(screen)[3][0].endswith("…")


async def test_values_in_different_units_meet_on_one_scale() -> None:
    game = make_game("checkers")
    engines = [EngineConfig.parse("alphabeta depth=4"), EngineConfig.parse(
        "mcts iterations=200 seed=1")]
    app = CompareApp(game, game.initial_state(), engines)
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await compare_settled(app, pilot)
        rows = summary(screen)
        assert rows[0][3].endswith(" pts") and rows[1][3].endswith(" mean")
        for row in rows:
            assert row[4].endswith("%") and 0 <= int(row[4][:-1]) <= 100
