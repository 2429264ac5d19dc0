"""Checkboxes on the start screen look different when off: an empty box, not a grey X.

Textual's `Checkbox` draws ``X`` for off as well as on (only the colour differs),
which on a projector reads as "on" either way.
"""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox
from tui_fakes import choose_game, start_screen

from adversa.tui.app import AdversaApp
from adversa.tui.screens.start import OptionField

SIZE = (120, 40)



def box_glyph(box: Checkbox) -> str:
    """The character drawn inside the box (between ▐ and ▌)."""
    drawn = box.render().plain
    return drawn[drawn.index(box.BUTTON_LEFT) + 1]


@pytest.mark.parametrize("game", ["tictactoe", "nim"])
async def test_off_is_an_empty_box_and_on_is_an_x(game: str) -> None:
    """Tic-tac-toe's engine switches (tt, ordering, …) and Nim's misère option."""
    app = AdversaApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = start_screen(app)
        await choose_game(pilot, start, game)
        boxes = list(start.query(Checkbox))
        assert boxes, "the start screen shows no checkbox for this game"
        for box in boxes:
            assert box_glyph(box) == ("X" if box.value else " ")
        off = next((box for box in boxes if not box.value), None)
        assert off is not None, "expected at least one switch that is off by default"
        off.value = True
        await pilot.pause()
        assert box_glyph(off) == "X"
        off.value = False
        await pilot.pause()
        assert box_glyph(off) == " "


async def test_toggling_an_option_checkbox_still_reaches_the_start_screen() -> None:
    """The subclass posts the same `Checkbox.Changed`: Nim's misère still shapes the game."""
    app = AdversaApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = start_screen(app)
        await choose_game(pilot, start, "nim")
        misere = start.query_one("#options Checkbox", Checkbox)
        assert not misere.value
        await pilot.click(misere)
        await pilot.pause()
        assert misere.value and box_glyph(misere) == "X"
        field = next(field for field in start.query(OptionField) if field.option.name == "misere")
        assert field.value_text() == "true"


@pytest.mark.parametrize("width", [80, 120])
async def test_the_box_is_the_whole_label_and_fits(width: int) -> None:
    """QA: every box said "on" even when empty, and at 80 columns was cut to ``▐X▌ o``.

    Now the box alone follows its option's name, drawn whole in the room it gets.
    """
    app = AdversaApp()
    async with app.run_test(size=(width, 40)) as pilot:
        await pilot.pause()
        start = start_screen(app)
        await choose_game(pilot, start, "tictactoe")
        boxes = list(start.query(".seat-params Checkbox"))
        assert boxes, "the engine seat shows no switch"
        for box in boxes:
            assert isinstance(box, Checkbox)
            drawn = box.render().plain
            assert drawn == f"▐{'X' if box.value else ' '}▌"
            assert box.content_region.width >= len(drawn)
