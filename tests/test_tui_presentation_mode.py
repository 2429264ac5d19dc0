"""Presentation mode (`P`, ``play --big``): a big board, few numbers, the PV on the board."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner
from narrowing import fresh
from textual.widgets import Input, ProgressBar
from tui_fakes import FakeEngine, game_screen, session_for, settle, until

from adversa.cli import main
from adversa.games import make_game
from adversa.games.registry import game_names
from adversa.match.session import GameSession
from adversa.search.timeman import TimeControl
from adversa.tui.app import AdversaApp
from adversa.tui.boards.base import Canvas
from adversa.tui.boards.checkers import CheckersBoard
from adversa.tui.boards.connect4 import ConnectFourBoard
from adversa.tui.boards.grid import GridBoard
from adversa.tui.evalbar import EvalBar
from adversa.tui.presentation_mode import parse_line
from adversa.tui.screens.game import GameScreen

SIZE = (120, 40)
HIDDEN_IN_PRESENTATION = (
    "#players", "#panel-stats", "#panel-roots", "#panel-roots-title", "#game-history")
KEPT_IN_PRESENTATION = ("#panel-eval", "#panel-pv", "#panel-budget")


def shown(screen: GameScreen, selector: str) -> bool:
    """Displayed, with every ancestor displayed, and given some room."""
    widget = screen.query_one(selector)
    return (all(node.display for node in widget.ancestors_with_self if hasattr(node, "display"))
            and widget.region.area > 0)


def test_parse_line_stops_at_the_first_move_that_does_not_parse() -> None:
    game = make_game("tictactoe", {})
    state = game.initial_state()
    b2, a1 = game.parse_move(state, "b2"), game.parse_move(game.result(state, game.parse_move(
        state, "b2")), "a1")
    assert parse_line(game, state, ["b2", "a1", "b2", "c3"]) == (b2, a1)  # b2 is taken by then
    assert parse_line(game, state, ["zz", "a1"]) == ()
    assert len(parse_line(game, state, ["a1", "a2", "a3", "b1", "b2"])) == 3  # the first three


async def test_the_key_toggles_the_mode_and_back_restores_the_layout() -> None:
    app = AdversaApp(session_for("checkers", "human", "human"), engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        board = screen.board
        assert isinstance(board, CheckersBoard)
        await pilot.pause()
        normal = {selector: screen.query_one(selector).region
                  for selector in ("#board", "#panel", "#game-side", *KEPT_IN_PRESENTATION)}
        normal_width = board._current_canvas().width
        assert all(shown(screen, selector) for selector in HIDDEN_IN_PRESENTATION)

        await pilot.press("P")
        await pilot.pause()
        assert screen.presentation.active
        assert not any(shown(screen, selector) for selector in HIDDEN_IN_PRESENTATION)
        assert all(shown(screen, selector) for selector in KEPT_IN_PRESENTATION)
        assert board.region.width > normal["#board"].width
        assert board._current_canvas().width == 8 * 7 > normal_width  # the largest look

        await pilot.press("P")
        await pilot.pause()
        assert not screen.presentation.active
        assert all(shown(screen, selector) for selector in HIDDEN_IN_PRESENTATION)
        assert {selector: screen.query_one(selector).region for selector in normal} == normal
        assert board._current_canvas().width == normal_width


async def test_narrow_screens_show_the_summary_in_presentation_mode() -> None:
    """At 80×24 the side shows one view at a time; presenting shows the summary alone,
    whichever view was chosen, and leaving it brings the chosen view back. The rows the
    players' header gave up let the grid take its next larger look."""
    app = AdversaApp(session_for("tictactoe", "human", "human"), engine_search=FakeEngine())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await pilot.press("v", "v")  # the move list
        await pilot.pause()
        assert shown(screen, "#game-history") and not shown(screen, "#panel")
        normal_height = screen.board._current_canvas().height
        await pilot.press("P")
        await pilot.pause()
        assert shown(screen, "#panel-pv") and not shown(screen, "#game-history")
        assert screen.board._current_canvas().height > normal_height
        assert not shown(screen, "#view-bar")
        await pilot.press("P")
        await pilot.pause()
        assert shown(screen, "#game-history") and not shown(screen, "#panel")


def test_play_big_reaches_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[dict[str, Any]] = []
    monkeypatch.setattr("adversa.tui.app.run_app",
                        lambda session, **looks: opened.append(looks))
    assert CliRunner().invoke(main, ["play", "tictactoe", "--big"]).exit_code == 0
    assert CliRunner().invoke(main, ["play", "tictactoe"]).exit_code == 0
    assert [looks["big"] for looks in opened] == [True, False]


async def test_a_big_app_opens_the_game_in_presentation_mode() -> None:
    app = AdversaApp(session_for("tictactoe", "human", "human"), engine_search=FakeEngine(),
                     big=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert screen.presentation.active and not shown(screen, "#panel-stats")


async def test_the_live_pv_is_drawn_on_the_board_with_step_numbers() -> None:
    """The fake's snapshot PV is the first three legal moves (a3 b3 c3 in tic-tac-toe),
    which are also a legal line; each cell gets its step's highlight and number."""
    engine = FakeEngine(block=True)
    app = AdversaApp(session_for("tictactoe", "alphabeta depth=9", "human"),
                     engine_search=engine, big=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        board = screen.board
        assert isinstance(board, GridBoard)
        assert await until(pilot, engine.started)
        await pilot.pause(0.05)
        game, state = board.game, board.state
        expected = parse_line(game, state, [game.format_move(state, move)
                                            for move in game.legal_moves(state)[:3]])
        assert len(expected) == 3 and board.pv == expected
        highlights = board._highlights()
        for step, move in enumerate(expected, start=1):
            cell = board.cell_of(move)
            assert f"grid--pv-{step}" in highlights[cell]
            assert board._pv_step_at(cell) == step
        screen.stop_search()


async def test_a_hint_s_pv_shows_only_in_the_mode_and_clears_on_the_next_move() -> None:
    app = AdversaApp(session_for("checkers", "human", "human"), engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        board = screen.board
        assert isinstance(board, CheckersBoard)
        await pilot.press("h")
        await settle(pilot, screen)
        assert board.hint is not None and board.pv == ()  # normal mode: the panel has it
        await pilot.press("P")  # the last search's line appears at once
        await pilot.pause()
        assert fresh(board.pv) == (board.hint,)
        start, end = board.path(board.hint)[0], board.path(board.hint)[-1]
        assert "checkers--pv-1" in board._highlights()[start]
        assert board._pv_step_to(end) == 1
        screen.play_human_move(board.legal_moves[-1])
        await pilot.pause()
        assert board.pv == () and not any(
            name.startswith("checkers--pv") for names in board._highlights().values()
            for name in names)


async def test_connect_four_numbers_where_the_expected_stones_land() -> None:
    """A line of three drops into one column: the stones stack, numbered 1, 2, 3 up it."""
    app = AdversaApp(session_for("connect4", "human", "human"), engine_search=FakeEngine(),
                     big=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.press("4", "4")  # two stones in column 4: the next lands on row 3
        await pilot.pause()
        screen.presentation.show_line(("4", "4", "4", "4"))
        await pilot.pause()
        board = screen.board
        assert isinstance(board, ConnectFourBoard)
        assert len(board.pv) == 3
        assert board.pv_cells() == {(3, 3): 1, (2, 3): 2, (1, 3): 3}
        picture = "\n".join("".join(segment.text for segment in line)
                            for line in board._current_canvas().lines)
        column = [row[len(row) // 2] for row in picture.splitlines()[2:-1]]
        assert [glyph for glyph in column if glyph.isdigit()] == ["3", "2", "1"]
        screen.presentation.show_line(())
        await pilot.pause()
        assert board.pv_cells() == {}


async def presented_at_80x24(name: str) -> tuple[Canvas, Canvas, tuple[int, int], str]:
    """Normal and presentation pictures of ``name``'s board at 80×24 after the engine's first
    search (the seat to move first is the engine), the board's room in presentation,
    and the eval bar's text then."""
    app = AdversaApp(session_for(name, "default", "human"), engine_search=FakeEngine())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await settle(pilot, screen)
        normal = screen.board._current_canvas()
        await pilot.press("P")
        await pilot.pause()
        assert shown(screen, "#panel-eval")
        bar = screen.query_one("#panel-eval", EvalBar).render().plain
        board = screen.board
        return normal, board._current_canvas(), (board.content_size.width,
                                                 board.content_size.height), bar


@pytest.mark.parametrize("name", ["checkers", "chess", "othello"])
async def test_at_80x24_the_eight_by_eight_boards_take_a_larger_look(name: str) -> None:
    """Was: presenting at 80×24 left checkers, chess and Othello at their 3×1 cells, the
    look they have beside the full panel. With the chrome's spare lines given to the board
    they take 5×2 cells, twice the lines, and the picture still fits its room."""
    normal, presented, (width, height), bar = await presented_at_80x24(name)
    assert presented.height >= 2 * 8 > normal.height
    assert presented.width > normal.width
    assert presented.width <= width and presented.height <= height
    assert "█" in bar or "░" in bar  # the eval bar itself, not just its verdict line


async def test_the_compact_move_box_still_takes_a_typed_move() -> None:
    """Presenting at 80×24 the move box loses its border, not its use."""
    app = AdversaApp(session_for("tictactoe", "human", "human"), engine_search=FakeEngine(),
                     big=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        box = screen.query_one("#move-input", Input)
        assert box.region.height == 1
        await pilot.press("colon", "b", "2", "enter")
        await pilot.pause()
        assert screen.session.notations == ["b2"]


async def test_the_budget_bar_has_room_when_presenting_at_80x24() -> None:
    """Was: "depth ━ 7/7 0.13s", a bar one cell long beside its label and figures."""
    app = AdversaApp(session_for("checkers", "default", "human"), engine_search=FakeEngine(),
                     big=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await settle(pilot, screen)
        bar = screen.query_one("#panel-budget ProgressBar", ProgressBar)
        assert bar.region.width >= 8
        assert shown(screen, "#panel-budget-text")


@pytest.mark.parametrize("game_name", game_names())
async def test_at_80_by_24_presenting_never_draws_a_board_smaller(game_name: str) -> None:
    """Was: checkers drew the same one-row squares presented as not (and Othello and chess
    too). Presenting gives the board its frame and the gap above the move box, so the
    8×8 boards take two-row squares; no board is drawn smaller."""
    app = AdversaApp(session_for(game_name, "human", "human"), engine_search=FakeEngine())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        normal = screen.board._current_canvas()
        await pilot.press("P")
        await pilot.pause()
        presented = screen.board._current_canvas()
        assert presented.width >= normal.width and presented.height >= normal.height
        if game_name in ("checkers", "othello", "chess"):
            assert presented.height >= 8 * 2 > normal.height
        assert shown(screen, "#panel-eval")


@pytest.mark.parametrize("game_name", ["checkers", "chess", "othello"])
async def test_at_80_by_24_a_clocked_game_presents_two_row_squares_too(game_name: str) -> None:
    """The clocks take a row above the board; the move box without its tall border gives
    two back, so a game on a clock presents the 8×8 boards as large as one without."""
    session = session_for(game_name, "human", "human")
    session = GameSession(game_name, {}, session.players,
                          time_control=TimeControl.parse("300+3"))
    app = AdversaApp(session, engine_search=FakeEngine(), big=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        assert shown(screen, "#clocks")
        picture = screen.board._current_canvas()
        assert picture.height >= 8 * 2
        assert picture.height <= screen.board.content_size.height
