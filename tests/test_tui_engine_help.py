"""The start screen's engine picker explains every parameter and offers the game's default
engine one click (or ctrl+d) away (issue 14)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Button, Checkbox, Input, Select
from tui_fakes import FakeEngine, choose_game

from adversa.games import make_game
from adversa.games.registry import game_names
from adversa.search.config import ALGORITHMS, PARAMS
from adversa.search.engine import algorithms_for, default_engine
from adversa.tui.app import AdversaApp
from adversa.tui.screens.start import SeatForm, StartScreen

SIZE = (120, 40)


async def start_screen(pilot: Pilot[Any], game_name: str) -> StartScreen:
    await pilot.pause()
    start = pilot.app.screen
    assert isinstance(start, StartScreen)
    await choose_game(pilot, start, game_name)
    return start


def seat(start: StartScreen, index: int) -> SeatForm:
    return list(start.query(SeatForm))[index]


def test_every_parameter_of_every_algorithm_has_an_explanation() -> None:
    for name, params in PARAMS.items():
        for param in params:
            assert param.help.strip(), f"{name} {param.name}"


@pytest.mark.slow
async def test_focusing_a_parameter_shows_what_it_means() -> None:
    """Every algorithm the picker offers (tic-tac-toe offers them all), every field."""
    game = make_game("tictactoe")
    assert set(algorithms_for(game)) == set(ALGORITHMS)
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = await start_screen(pilot, "tictactoe")
        form = seat(start, 1)
        for algorithm in algorithms_for(game):
            form.query_one(".seat-kind", Select).value = algorithm
            await pilot.pause()
            fields = list(form.query(".seat-params Input, .seat-params Checkbox"))
            assert [field.name for field in fields] == [p.name for p in PARAMS[algorithm]]
            for field, param in zip(fields, PARAMS[algorithm], strict=True):
                assert isinstance(field, Input | Checkbox)
                field.focus()
                await pilot.pause()
                shown = form.param_help_text()
                assert shown == f"{param.name}: {param.help}", (algorithm, shown)
                assert field.tooltip == param.help
            form.query_one(".seat-kind", Select).focus()
            await pilot.pause()
            assert form.param_help_text() == ""  # the picker itself: no stale line


@pytest.mark.parametrize("game_name", game_names())
async def test_use_default_puts_the_games_default_engine_in_the_seat(game_name: str) -> None:
    default = default_engine(make_game(game_name))
    assert default is not None
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = await start_screen(pilot, game_name)
        form = seat(start, 1)
        form.query_one(".seat-kind", Select).value = "random"
        await until_player(pilot, form, "random")
        # Pressed, not clicked: a click is aimed where the button is drawn, and the form is
        # still rebuilding its fields after the change of kind; once, with every core busy,
        # the click left the seat unchanged.
        form.query_one(".use-default", Button).press()
        await until_player(pilot, form, default.text)
        assert form.query_one(".seat-kind", Select).value == default.algorithm


async def until_player(pilot: Pilot[Any], form: SeatForm, text: str) -> None:
    """Let the app run until ``form`` reads ``text`` (its fields are mounted by an async
    handler that may take several turns of the loop); fails after 200 turns."""
    for _ in range(200):
        await pilot.pause()
        if form.player_text() == text:
            return
    assert form.player_text() == text


async def test_ctrl_d_in_a_human_seat_makes_it_the_default_engine() -> None:
    app = AdversaApp(engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        start = await start_screen(pilot, "connect4")
        form = seat(start, 0)
        assert form.player_text() == "human"
        form.query_one(".seat-kind", Select).focus()
        await pilot.press("ctrl+d")
        await pilot.pause()
        default = default_engine(make_game("connect4"))
        assert default is not None and form.player_text() == default.text
        assert seat(start, 1).player_text() == default.text  # the other seat untouched
