"""What a second walk through the app as a newcomer found at 80×24 (issue 32): each test
failed before its fix."""

from __future__ import annotations

import dataclasses

import pytest
from textual.app import App, ComposeResult
from textual.content import Content
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, Label, Static
from tui_fakes import FakeEngine, choose_game, compare_settled, game_screen, start_screen

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.jsontypes import JsonObject, JsonValue
from adversa.match.session import GameSession, describe_record, parse_player
from adversa.presentation import Verdict, verdict
from adversa.search.config import EngineConfig
from adversa.search.engine import default_engine, run_search
from adversa.search.timeman import TimeControl
from adversa.tui.app import AdversaApp
from adversa.tui.engine_settings import EngineDialog
from adversa.tui.evalbar import EvalBar
from adversa.tui.players import PlayersHeader, fit_player
from adversa.tui.screens.compare import CompareApp


def test_the_resume_button_counts_one_move_in_the_singular() -> None:
    """Was: "backgammon — human vs expectiminimax depth=1 star1=on — 1 moves"."""
    players: list[JsonValue] = ["human", "expectiminimax depth=1"]
    record: JsonObject = {"game": "backgammon", "players": players, "moves": ["31: 8/5 6/5"]}
    assert describe_record(record).endswith("— 1 move")
    assert describe_record({**record, "moves": ["31: 8/5 6/5"] * 1200}).endswith(
        "— 1,200 moves")


def checkers_against_an_engine() -> tuple[GameSession, AdversaApp]:
    """A person against ``alphabeta depth=2`` at checkers, in an app with the fake engine."""
    session = GameSession("checkers", players=[None, EngineConfig.parse("alphabeta depth=2")])
    return session, AdversaApp(session, engine_search=FakeEngine())


async def open_engine_dialog(pilot: Pilot[None], app: AdversaApp) -> EngineDialog:
    """Press ``e`` on the game screen: the Engine settings dialog it opens."""
    await pilot.press("e")
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, EngineDialog)
    return dialog


async def test_the_engine_dialog_s_hint_wraps_inside_the_dialog_at_80_columns() -> None:
    """Was: "…depth=4 time=1; the game go" and the rest cut at the dialog's edge."""
    _, app = checkers_against_an_engine()
    async with app.run_test(size=(80, 24)) as pilot:
        game_screen(app)
        dialog = await open_engine_dialog(pilot, app)
        box = dialog.query_one("#dialog").content_region
        hint = dialog.query_one(".dialog-help", Label)
        text = str(hint.render())
        assert text.endswith("the game goes on from here")
        assert hint.region.right <= box.right
        assert hint.region.width * hint.region.height >= len(text)


class EvalBarApp(App[None]):
    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def compose(self) -> ComposeResult:
        bar = EvalBar(id="bar")
        bar.styles.width = self.width
        yield bar


PIG_VERDICT = Verdict("+0.174 expected-score lead (Player 2 better)", 0.3,
                      "+0.174 (Player 2 better)")


@pytest.mark.parametrize(("width", "first_line"), [
    (60, "eval    +0.174 expected-score lead (Player 2 better)"),
    (42, "eval    +0.174 (Player 2 better)"),  # the side at 80 columns
    (26, "+0.174 (Player 2 better)"),  # the side in presentation mode at 80 columns
])
async def test_a_long_verdict_drops_its_unit_and_keeps_the_bar(width: int,
                                                                first_line: str) -> None:
    """Was: Pig's verdict wrapped at 80 columns, "(Player" / "2 better)", and the bar
    under it was pushed out of the widget's two lines."""
    app = EvalBarApp(width)
    async with app.run_test(size=(80, 6)) as pilot:
        bar = app.query_one(EvalBar)
        bar.show(PIG_VERDICT, ("Player 1", "Player 2"))
        await pilot.pause()
        lines = [strip.text.rstrip() for strip in bar.render_lines(Region(0, 0, width, 2))]
        assert lines[0] == first_line
        assert lines[1].startswith("Player 1 █") and lines[1].endswith("░ Player 2")


def test_the_verdict_s_short_form_is_the_text_without_its_unit() -> None:
    game = make_game("pig")
    state = game.initial_state()
    result = run_search(game, state, EngineConfig.parse("expectiminimax depth=1"),
                        evaluation=evaluation_of(game))
    snapshot = result.snapshot
    assert snapshot.score_unit  # Pig's values have a unit ("expected-score lead")
    shown = verdict(0.174, snapshot, mover=1, names=("Player 1", "Player 2"))
    assert shown.text == f"+0.174 {snapshot.score_unit} (Player 2 better)"
    assert shown.short == "+0.174 (Player 2 better)"
    unitless = verdict(0.174, dataclasses.replace(snapshot, score_unit=""), mover=1,
                       names=("Player 1", "Player 2"))
    assert unitless.text == "+0.174 (Player 2 better)" and unitless.short == ""


async def test_compare_at_80x24_shows_a_stopped_search_and_the_agreement_whole() -> None:
    """Was: at 80×24 the summary's time cell read "2.03s (stopped" and the agreement line
    "values differ: +7 pts (alphabeta depth=20 time=2" (both cut at the edge)."""
    game = make_game("checkers")
    engines = [EngineConfig.parse(text) for text in (
        "alphabeta depth=20 nodes=3000 aspiration=0.003 lmr=on", "minimax depth=20 nodes=3000")]
    app = CompareApp(game, game.initial_state(), engines)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await compare_settled(app, pilot, {"done", "stopped"})
        await pilot.pause()
        assert [column.state for column in screen.columns] == ["stopped", "stopped"]
        table = screen.query_one("#compare-summary", DataTable)
        widths = [column.get_render_width(table) for column in table.columns.values()]
        assert sum(widths) <= table.size.width
        agree = screen.query_one("#compare-agree", Static)
        text = str(agree.render())
        assert text.startswith("engines agree: no") and text.endswith(")")
        assert agree.content_size.width * agree.content_size.height >= len(text)


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game_name", ["checkers", "chess", "backgammon"])
async def test_the_use_default_button_is_whole(size: tuple[int, int], game_name: str) -> None:
    """Was: "Use default: alphabeta depth=20 time=2 aspiration=0.0", cut inside a setting
    even at 120 columns. It names the engine compactly; its tooltip has the whole text."""
    default = default_engine(make_game(game_name))
    assert default is not None
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=size) as pilot:
        start = start_screen(app)
        await choose_game(pilot, start, game_name)
        buttons = list(start.query(".use-default").results(Button))
        assert buttons
        for _ in range(200):  # a busy machine lays the new fields out a few frames later
            if all(button.content_size.width for button in buttons):
                break
            await pilot.pause(0.01)
        for button in buttons:
            label = str(button.label)
            assert label.startswith("Use default: ")
            assert len(label) <= button.content_size.width, label
            assert str(button.tooltip).startswith(default.text)


async def test_the_engine_dialog_has_buttons_for_the_mouse() -> None:
    """Was: only Enter and Esc; the other dialogs (save, load) have buttons."""
    session, app = checkers_against_an_engine()
    async with app.run_test(size=(80, 24)) as pilot:
        game_screen(app)
        dialog = await open_engine_dialog(pilot, app)
        dialog.query_one("#engine-text", Input).value = "alphabeta depth=3"
        await pilot.click("#ok")
        await pilot.pause()
        assert session.players[1] == EngineConfig.parse("alphabeta depth=3")
        dialog = await open_engine_dialog(pilot, app)
        dialog.query_one("#engine-text", Input).value = "random"
        await pilot.click("#cancel")
        await pilot.pause()
        assert not isinstance(app.screen, EngineDialog)
        assert session.players[1] == EngineConfig.parse("alphabeta depth=3")


async def test_a_clocked_engine_s_line_keeps_its_clock_at_80_columns() -> None:
    """Was: "White: α-β d20 …" with ``--clock 60+1``: the "· clock" that stands for the
    engine's time was the first thing dropped."""
    engine = "alphabeta depth=20 time=2 aspiration=0.003 lmr=on"
    game = make_game("checkers")
    session = GameSession("checkers", {}, [None, parse_player(game, engine)],
                          time_control=TimeControl.parse("60+1"))
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        header = app.screen.query_one(PlayersHeader)
        lines = Content.from_markup(header.render()).plain.split("\n")
        assert all(len(line) <= header.size.width for line in lines), lines
        assert lines[1].startswith("  White: α-β d20 ") and lines[1].endswith(" · clock")
        assert str(header.tooltip).endswith("aspiration=0.003 lmr=on · clock")
    assert fit_player("alphabeta depth=6 · clock", 40) == "alphabeta depth=6 · clock"
    assert fit_player("alphabeta depth=6 · clock", 14) == "α-β d6 · clock"
