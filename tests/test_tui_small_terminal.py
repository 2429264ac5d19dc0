"""At 80×24 a newcomer sees the keys for help and quit, the start screen's clock and Play
button, number fields wide enough for their numbers, and a one-line database hint
(issue 32)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import Button, Input, Select, Static
from textual.widgets._footer import FooterKey
from tui_fakes import FakeEngine, compare_settled, session_for

from adversa.games import make_game
from adversa.match.session import GameSession
from adversa.search.config import EngineConfig
from adversa.search.engine import engine_for
from adversa.search.stats import Iteration
from adversa.tui.app import AdversaApp
from adversa.tui.iterations import IterationTable
from adversa.tui.panel import SearchPanel
from adversa.tui.screens.game import GameScreen

SMALL = (80, 24)


def on_screen(widget: Widget) -> bool:
    """Whether the whole of ``widget`` is drawn within the terminal (not scrolled away)."""
    screen = Region(0, 0, *SMALL)
    region = widget.region
    return bool(region.area) and screen.contains_region(region)


async def test_the_game_screen_footer_shows_help_and_quit() -> None:
    app = AdversaApp(session_for("checkers", "human", "alphabeta depth=2"),
                     engine_search=FakeEngine())
    async with app.run_test(size=SMALL) as pilot:
        shown: set[str] = set()
        for _ in range(200):  # the footer is recomposed after the screen's first layout
            await pilot.pause(0.01)
            shown = {key.action for key in app.screen.query(FooterKey) if on_screen(key)}
            if {"help", "quit"} <= shown:
                break
        assert {"help", "quit"} <= shown


async def test_the_start_screen_shows_the_clock_and_play_button() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        assert on_screen(app.screen.query_one("#play", Button))
        assert on_screen(app.screen.query_one("#clock-choice", Select))


async def test_a_seats_number_fields_show_a_two_digit_depth() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        fields = [field for field in app.screen.query(".seat-params Input")
                  if isinstance(field, Input)]
        assert fields
        for field in fields:
            assert field.content_region.width >= 6, field.name


TOAST_LINE = 50
"""Characters of one line of a notification (Textual's toasts are 60 columns wide,
less their padding and border)."""


async def test_the_missing_database_hint_is_one_line() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SMALL) as pilot:
        players = [None, engine_for(make_game("checkers"), "default")]
        await app.push_screen(GameScreen(GameSession("checkers", {}, players)))
        await pilot.pause()
        hints = [notice for notice in app._notifications if "database" in notice.message]
        assert len(hints) == 1
        assert not hints[0].title and len(hints[0].message) <= TOAST_LINE


class IterationsApp(App[None]):
    def compose(self) -> ComposeResult:
        yield IterationTable()


async def test_the_iterations_pv_column_is_readable_in_a_50_column_panel() -> None:
    """It was three characters wide ("1:1 …") at 120×40."""
    pv = tuple(f"{pile}:1" for pile in (1, 2, 3, 2, 4, 2, 4, 3, 4, 3))
    app = IterationsApp()
    async with app.run_test(size=(50, 10)) as pilot:
        table = app.query_one(IterationTable)
        for depth in range(1, 5):
            table.add(Iteration(depth, 0.01 * depth, 1_234 * depth, 0.25, pv, 2.5))
        await pilot.pause()
        lines = table.render().plain.splitlines()
        assert lines[0].split() == ["depth", "time", "nodes", "score", "EBF", "PV"]
        shown_pv = lines[-1][lines[0].index("PV"):].rstrip("…").split()
        assert shown_pv == list(pv[:len(shown_pv)]) and len(shown_pv) >= 5


async def test_two_compared_engines_at_80_columns_show_their_figures_whole() -> None:
    """Two panels of 80 columns cut the right column of figures ("score +…")."""
    from adversa.tui.screens.compare import CompareApp

    game = make_game("tictactoe")
    engines = [EngineConfig.parse("minimax depth=2"), EngineConfig.parse("alphabeta depth=2")]
    app = CompareApp(game, game.initial_state(), engines)
    async with app.run_test(size=SMALL) as pilot:
        screen = await compare_settled(app, pilot, {"done"})
        for panel in screen.query(SearchPanel):
            stats = str(panel.query_one("#panel-stats", Static).render())
            assert "…" not in stats
            assert max(len(line) for line in stats.splitlines()) <= panel.size.width


async def test_pigs_lost_turn_line_is_whole_at_80_by_24() -> None:
    session = session_for("pig", "human", "human")
    session.play_text("roll")
    session.play_text("1")  # the die: Player 1's turn total is lost
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        board = app.screen.query_one("#board")
        lines = [board.render_line(y).text for y in range(board.size.height)]
        text = "\n".join(lines)
        assert "Player 1 rolled a 1:" in text and "turn total lost" in text


async def test_the_compare_summary_fits_80_columns() -> None:
    """Its last four columns were cut at 80 columns; narrow, it leaves them out whole."""
    from textual.widgets import DataTable

    from adversa.tui.screens.compare import CompareApp

    game = make_game("tictactoe")
    engines = [EngineConfig.parse("minimax depth=2"), EngineConfig.parse("alphabeta depth=2")]
    app = CompareApp(game, game.initial_state(), engines)
    async with app.run_test(size=SMALL) as pilot:
        table = (await compare_settled(app, pilot, {"done"})).query_one("#compare-summary",
                                                                        DataTable)
        widths = [column.get_render_width(table) for column in table.columns.values()]
        assert sum(widths) <= SMALL[0]
        assert "ratio" not in table.columns and "nodes" in table.columns
        await pilot.resize_terminal(140, 40)
        await pilot.pause()
        assert "ratio" in table.columns
        assert str(table.get_cell("0", "ratio")) == "1.000"
