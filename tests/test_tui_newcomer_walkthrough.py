"""What a second walk through the app as a newcomer found at 80×24 (issue 32): each test
failed before its fix."""

from __future__ import annotations

from textual.widgets import Label
from tui_fakes import FakeEngine, game_screen

from adversa.match.session import GameSession, describe_record
from adversa.search.config import EngineConfig
from adversa.tui.app import AdversaApp
from adversa.tui.engine_settings import EngineDialog


def test_the_resume_button_counts_one_move_in_the_singular() -> None:
    """Was: "backgammon — human vs expectiminimax depth=1 star1=on — 1 moves"."""
    players = ["human", "expectiminimax depth=1"]
    record = {"game": "backgammon", "players": players, "moves": ["31: 8/5 6/5"]}
    assert describe_record(record).endswith("— 1 move")
    assert describe_record({**record, "moves": ["31: 8/5 6/5"] * 1200}).endswith(
        "— 1,200 moves")


async def test_the_engine_dialog_s_hint_wraps_inside_the_dialog_at_80_columns() -> None:
    """Was: "…depth=4 time=1; the game go" and the rest cut at the dialog's edge."""
    session = GameSession("checkers", players=[None, EngineConfig.parse("alphabeta depth=2")])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(80, 24)) as pilot:
        game_screen(app)
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, EngineDialog)
        box = dialog.query_one("#dialog").content_region
        hint = dialog.query_one(".dialog-help", Label)
        text = str(hint.render())
        assert text.endswith("the game goes on from here")
        assert hint.region.right <= box.right
        assert hint.region.width * hint.region.height >= len(text)
