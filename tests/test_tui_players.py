"""The game screen's seat lines stay one line each, shortened at a setting boundary."""

from __future__ import annotations

import pytest
from textual.content import Content
from tui_fakes import FakeEngine

from adversa.games import make_game
from adversa.match.session import GameSession, parse_player
from adversa.tui.app import AdversaApp
from adversa.tui.players import ELLIPSIS, PlayersHeader, compact, fit_player, fit_words


def test_fit_words_drops_whole_settings() -> None:
    text = "alphabeta depth=12 time=2"
    assert fit_words(text, len(text)) == text
    assert fit_words(text, len(text) - 1) == f"alphabeta depth=12 {ELLIPSIS}"
    assert fit_words(text, 11) == f"alphabeta {ELLIPSIS}"
    assert fit_words(text, 6) == f"alpha{ELLIPSIS}"  # only a lone first word is cut inside
    for room in range(1, len(text) + 5):
        assert len(fit_words(text, room)) <= max(room, 1)


def test_the_compact_form_keeps_every_setting() -> None:
    assert compact("alphabeta depth=6 time=2") == "α-β d6 2s"
    assert compact("mcts iterations=5000 time=0.5 c=2") == "mcts 5000 it 0.5s c=2"
    assert compact("alphabeta depth=6 · clock") == "α-β d6 · clock"
    assert compact("You") == "You"
    text = "alphabeta depth=12 time=2"
    assert fit_player(text, len(text)) == text  # whole when it fits
    assert fit_player(text, len(text) - 1) == "α-β d12 2s"
    assert fit_player(text, 9) == f"α-β d12 {ELLIPSIS}"


@pytest.mark.parametrize("width", [80, 120])
async def test_a_long_engine_stays_on_its_seat_line(width: int) -> None:
    """QA: at 120 columns ``time=2`` wrapped onto a line of its own."""
    engine_text = "alphabeta depth=12 time=2"
    game = make_game("nim", {})
    session = GameSession("nim", {}, [None, parse_player(game, engine_text)])
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(width, 40)) as pilot:
        await pilot.pause()
        header = app.screen.query_one(PlayersHeader)
        lines = Content.from_markup(header.render()).plain.split("\n")
        assert header.size.height == len(lines) == 2
        assert all(len(line) <= header.size.width for line in lines), lines
        # At 80 columns the compact form keeps the depth and the time in view.
        assert lines[1] == "  Player 2: " + ("α-β d12 2s" if width == 80 else engine_text)
        assert str(header.tooltip).endswith(f"Player 2: {engine_text}")
