"""Pilot tests of the start screen: every game starts, forms follow the options,
choices are remembered, an autosaved game is offered for resuming."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static
from tui_fakes import FakeEngine, choose_game, start_screen

from adversa.games import game_names
from adversa.games.base import CHANCE
from adversa.games.tree import bundled_trees
from adversa.match.session import GameSession
from adversa.search.config import EngineConfig
from adversa.tui.app import AdversaApp
from adversa.tui.screens.game import GameScreen
from adversa.tui.screens.start import (
    OptionField,
    SeatForm,
    StartScreen,
    available_games,
)

SIZE = (120, 40)



def test_every_registered_game_is_offered() -> None:
    assert [name for _, name in available_games()] == game_names()


@pytest.mark.parametrize("name", game_names())
async def test_each_game_starts_from_the_start_screen(name: str) -> None:
    engine = FakeEngine()
    app = AdversaApp(engine_search=engine)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = start_screen(app)
        await choose_game(pilot, start, name)
        assert len(start.query(SeatForm)) >= 2
        await pilot.press("ctrl+g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.game_name == name
        assert screen.session.players[0] is None  # seat 0 defaults to the human
        assert all(player is not None for player in screen.session.players[1:])
        game = screen.session.game
        if game.to_move(game.initial_state()) == CHANCE:
            return  # the opening roll is played at once and decides who moves first
        await pilot.press("escape", "m")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)  # and back to choose again
        assert engine.calls == []  # the human moves first in every default setup


async def set_second_seat(pilot: Pilot[None], start: StartScreen, kind: str) -> SeatForm:
    """Choose ``kind`` (``human`` or an algorithm) for the second seat; its form."""
    seat = list(start.query(SeatForm))[1]
    seat.query_one(".seat-kind", Select).value = kind
    await pilot.pause()
    return seat


async def test_pig_player_count_rebuilds_the_seats_with_maxn() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = start_screen(app)
        await choose_game(pilot, start, "pig")
        field = next(f for f in start.query(OptionField) if f.option.name == "players")
        field.query_one(Input).value = "3"
        await pilot.pause()
        seats = list(start.query(SeatForm))
        assert len(seats) == 3
        assert [seat.player_text().split()[0] for seat in seats] == ["human", "maxn", "maxn"]


async def test_choices_are_remembered_and_used_next_time(config_dir: Path) -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = start_screen(app)
        await choose_game(pilot, start, "nim")
        await set_second_seat(pilot, start, "human")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.players == [None, None]
    remembered = json.loads((config_dir / "settings.json").read_text())
    assert remembered["game"] == "nim" and remembered["players"]["nim"] == ["human", "human"]

    again = AdversaApp(engine_search=FakeEngine())
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = start_screen(again)
        assert start.query_one("#game", Select).value == "nim"
        assert [seat.player_text() for seat in start.query(SeatForm)] == ["human", "human"]


async def test_engine_settings_from_the_form_reach_the_session() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = start_screen(app)
        await choose_game(pilot, start, "tictactoe")
        seat = await set_second_seat(pilot, start, "alphabeta")
        depth = next(i for i in seat.query(Input) if i.name == "depth")
        depth.value = "5"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        player = app.screen.session.players[1]
        assert isinstance(player, EngineConfig) and player.get("depth") == 5


async def test_a_bad_engine_setting_is_reported_and_the_screen_stays() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = start_screen(app)
        await choose_game(pilot, start, "tictactoe")
        seat = await set_second_seat(pilot, start, "alphabeta")
        next(i for i in seat.query(Input) if i.name == "depth").value = "999"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is start
        assert any("expected at most 64" in n.message for n in app._notifications)


async def test_the_autosaved_game_is_offered_and_resumed() -> None:
    session = GameSession("tictactoe", {}, [None, None])
    session.play_text("b2")
    session.play_text("a1")
    session.autosave()
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.click("#resume")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.notations == ["b2", "a1"]


async def test_tree_files_are_offered_by_name_and_shape_the_seats() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = start_screen(app)
        await choose_game(pilot, start, "tree")
        field = next(f for f in start.query(OptionField) if f.option.name == "file")
        tree_select = field.query_one(Select)
        names = bundled_trees()
        assert {"three-ply", "maxn-three-player", "expectiminimax"} <= set(names)
        for name in names:
            tree_select.value = name  # raises InvalidSelectValueError if not on offer
        tree_select.value = "maxn-three-player"
        await pilot.pause()
        seats = list(start.query(SeatForm))
        assert len(seats) == 3 and seats[1].player_text().startswith("maxn")
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.game.num_players == 3


async def test_every_game_title_fits_the_picker_on_one_line_at_80_columns() -> None:
    """QA: "Checkers (American / English draughts)" wrapped onto two lines."""
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=(80, 30)) as pilot:
        start = start_screen(app)
        picker = start.query_one("#game", Select)
        for title, name in available_games():
            picker.value = name
            await pilot.pause()
            shown = start.query_one("#game SelectCurrent")
            assert shown.content_region.height == 1, title
            assert title in str(shown.query_one("#label", Static).render()), title


async def test_the_options_heading_shows_only_over_options() -> None:
    """Checkers has no options: an "Options" heading over nothing read as a missing form."""
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = start_screen(app)
        heading = start.query_one("#options-title")
        for name in ("checkers", "nim", "checkers"):
            await choose_game(pilot, start, name)
            assert heading.display == bool(start.query(OptionField)), name
        assert not heading.display


async def test_the_start_screen_opens_with_the_keys_on_the_first_control() -> None:
    """Issue 14: the focus was on the scrolling form, so the first key press did nothing."""
    app = AdversaApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert app.focused is not None and app.focused.id in ("resume", "game")


async def test_a_seat_asked_before_its_picker_is_initialised_answers_from_its_model() -> None:
    """Textual sets a Select's value in its Mount handler; on a loaded machine a seat form
    just rebuilt was asked for its player first and read ``Select.NULL`` (a KeyError that
    crashed Play). The form's own model answers until the picker has its value."""
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = start_screen(app)
        start.query_one("#game", Select).value = "nim"
        await pilot.pause()
        seats = list(start.query(SeatForm))
        engine_text = seats[1].player_text()
        for seat in seats:
            # Textual names a reactive by its class attribute, which mypy reads as the
            # generic descriptor's value type.
            kind = seat.query_one(".seat-kind", Select)
            kind.set_reactive(Select.value, Select.NULL)  # type: ignore[misc]
        assert seats[0].player_text() == "human"
        assert seats[1].player_text() == engine_text
