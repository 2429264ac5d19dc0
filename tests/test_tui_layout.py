"""The game screen's layout at 80×24, 120×40 and 200×60, the eval bar, and the move list
(score-sheet pairs, jumping back in time by click or Enter)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widget import Widget
from tui_fakes import FakeEngine, game_screen, session_for, settle, until

from adversa.tui import movelist
from adversa.tui.app import AdversaApp
from adversa.tui.evalbar import EvalBar
from adversa.tui.iterations import IterationTable
from adversa.tui.movelist import MoveList
from adversa.tui.rootlist import RootMovesList
from adversa.tui.side import GameSide


def on_screen(widget: Widget, size: tuple[int, int], min_height: int = 1) -> bool:
    """Displayed, inside the terminal, and at least ``min_height`` rows tall."""
    region = widget.region
    width, height = size
    return (widget.display and all(node.display for node in widget.ancestors_with_self
                                   if isinstance(node, Widget))
            and region.height >= min_height and region.width > 0
            and region.right <= width and region.bottom <= height)


async def play(pilot: Pilot[Any], *moves: str) -> None:
    for move in moves:
        await pilot.press("colon", *move, "enter")
    await pilot.pause()


# --------------------------------------------------------------------------- layout


async def test_at_80_by_24_every_part_is_one_key_away() -> None:
    """Was: below 110 columns the move list was hidden and the iteration table squeezed
    out. Now `v` cycles search summary → iterations → moves, each with room."""
    size = (80, 24)
    session = session_for("checkers", "human", "alphabeta depth=3")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=size) as pilot:
        screen = game_screen(app)
        await play(pilot, "11-15")
        await settle(pilot, screen)
        assert screen.has_class("-narrow")
        assert "next_view" in {b.binding.action for b in screen.active_bindings.values()}
        board = screen.board
        assert on_screen(board, size, min_height=12)
        assert on_screen(screen.query_one(EvalBar), size, 2)
        assert on_screen(screen.query_one(RootMovesList), size, 2)
        assert not on_screen(screen.query_one(MoveList), size)
        await pilot.press("v")
        await pilot.pause()
        assert on_screen(screen.query_one(IterationTable), size, min_height=8)
        assert not on_screen(screen.query_one(EvalBar), size)
        await pilot.press("v")
        await pilot.pause()
        moves = screen.query_one(MoveList)
        assert on_screen(moves, size, min_height=8)
        assert moves.get_row_at(0) == ["1.", "11-15", moves.get_row_at(0)[2]]
        assert on_screen(board, size, min_height=12)  # the board stays in every view
        await pilot.press("v")
        await pilot.pause()
        assert screen.query_one(GameSide).view == "search"


async def test_the_view_bar_is_clickable() -> None:
    app = AdversaApp(session_for("tictactoe", "human", "human"), engine_search=FakeEngine())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        bar = screen.query_one("#view-bar")
        text = str(bar.render())
        await pilot.click(bar, offset=(text.index("Moves") + 1, 0))
        await pilot.pause()
        assert screen.query_one(GameSide).view == "moves"
        assert on_screen(screen.query_one(MoveList), (80, 24), 8)


async def test_wide_screens_show_everything_at_once() -> None:
    for size in ((120, 40), (200, 60)):
        app = AdversaApp(session_for("checkers", "human", "alphabeta depth=3"),
                         engine_search=FakeEngine())
        async with app.run_test(size=size) as pilot:
            screen = game_screen(app)
            await play(pilot, "11-15")
            await settle(pilot, screen)
            assert not screen.has_class("-narrow")
            assert not screen.query_one("#view-bar").display
            for part in (MoveList, EvalBar, RootMovesList, IterationTable):
                assert on_screen(screen.query_one(part), size, 2), (size, part)
            assert on_screen(screen.query_one(IterationTable), size, 8)
            side = screen.query_one(GameSide)
            if size[0] >= 160:  # the room is shared, not left empty beside the board
                assert side.region.width >= size[0] * 0.4
            assert "next_view" not in {b.binding.action
                                       for b in screen.active_bindings.values()}


# --------------------------------------------------------------------------- eval bar


async def test_the_eval_bar_shows_the_engines_verdict_after_a_search() -> None:
    """The fake engine reports +0.25 for O (seat 1): the words name O, the bar leans to O."""
    app = AdversaApp(session_for("tictactoe", "human", "alphabeta depth=2"),
                     engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        bar = screen.query_one(EvalBar)
        assert bar.verdict.text == "–" and bar.verdict.share is None
        await play(pilot, "b2")
        await settle(pilot, screen)
        assert bar.verdict.text == "+0.25 (O better)"
        assert bar.verdict.share is not None and bar.verdict.share < 0.5
        rendered = bar.render().plain
        assert "+0.25 (O better)" in rendered and "█" in rendered and "░" in rendered


async def test_a_finished_game_shows_its_result_on_the_eval_bar() -> None:
    app = AdversaApp(session_for("tictactoe", "human", "human"), engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await play(pilot, "a1", "a2", "b1", "b2", "c1")
        bar = game_screen(app).query_one(EvalBar)
        assert bar.verdict.text.startswith("X won (") and bar.verdict.share == 1.0


# --------------------------------------------------------------------------- move list


async def test_moves_are_numbered_pairs_and_only_the_tail_changes() -> None:
    app = AdversaApp(session_for("tictactoe", "human", "human"), engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        moves = screen.query_one(MoveList)
        await play(pilot, "b2", "a1", "c3")
        assert [moves.get_row_at(row) for row in range(moves.row_count)] == [
            ["1.", "b2", "a1"], ["2.", "c3", ""]]
        first_row = moves.ordered_rows[0]
        await pilot.press("escape", "u", "u")  # hotseat: one ply each
        await pilot.pause()
        assert [moves.get_row_at(row) for row in range(moves.row_count)] == [["1.", "b2", ""]]
        assert moves.ordered_rows[0] is first_row  # kept, not rebuilt
        await play(pilot, "a3")
        assert moves.get_row_at(0) == ["1.", "b2", "a3"]


async def test_games_with_dice_keep_one_row_per_ply_with_who_played() -> None:
    app = AdversaApp(session_for("pig", "human", "human", target="20"), seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        session = game_screen(app).session
        await play(pilot, "roll")
        await pilot.pause(0.05)
        moves = game_screen(app).query_one(MoveList)
        assert not moves.paired
        assert moves.get_row_at(0)[1:] == ["Player 1", "roll"]
        assert moves.row_count == len(session.notations) >= 2
        assert moves.get_row_at(1)[1] == "dice"


def cell_offset(moves: MoveList[object, object], ply: int) -> tuple[int, int]:
    """Where to click ply ``ply``: its cell's middle (the header is row 0)."""
    cell = moves.cells[ply]
    x = sum(column.get_render_width(moves) for column in moves.ordered_columns[: cell.column])
    return x + 2, cell.row + 1


async def test_clicking_a_move_goes_back_to_the_position_after_it_and_redo_returns() -> None:
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        await play(pilot, "b2", "a1", "c3", "a3")
        states = list(session.states)
        moves = screen.query_one(MoveList)
        await pilot.click(moves, offset=cell_offset(moves, 1))  # O's a1
        await pilot.pause()
        assert session.notations == ["b2", "a1"] and session.state == states[2]
        assert screen.board.state == states[2]
        assert [moves.get_row_at(row) for row in range(moves.row_count)] == [["1.", "b2", "a1"]]
        await pilot.press("r")
        await pilot.pause()
        assert session.state == states[3]
        await pilot.press("r")
        await pilot.pause()
        assert session.state == states[4] and session.notations == ["b2", "a1", "c3", "a3"]


async def test_enter_on_a_move_in_the_list_jumps_there() -> None:
    session = session_for("checkers", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = game_screen(app)
        await play(pilot, "11-15", "23-19", "8-11", "22-17")
        states = list(session.states)
        await pilot.press("escape", "v", "v")  # the moves view
        moves = screen.query_one(MoveList)
        moves.focus()
        await pilot.press("up", "enter")  # from 2. 8-11 22-17 up to 1. 11-15 23-19
        await pilot.pause()
        assert session.notations == ["11-15", "23-19"] and session.state == states[2]
        assert len(session.redo_stack) == 2


async def test_jumping_while_the_engine_thinks_cancels_it_and_waits() -> None:
    engine = FakeEngine(block=True)
    session = session_for("tictactoe", "human", "alphabeta depth=9")
    app = AdversaApp(session, engine_search=engine)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        await play(pilot, "b2")
        assert await until(pilot, engine.started)
        assert screen.runner is not None and screen.runner.running
        moves = screen.query_one(MoveList)
        await pilot.click(moves, offset=cell_offset(moves, 0))
        assert await until(pilot, engine.stopped)
        await pilot.pause(0.1)
        assert not screen.runner.running
        assert session.notations == ["b2"]  # the stopped search's move was not played
        assert screen.reviewing and len(engine.calls) == 1  # the engine waits for `s`
        assert "reviewing" in str(screen.query_one("#status").render())
        engine.started.clear()
        await pilot.press("s")
        assert await until(pilot, engine.started)
        assert len(engine.calls) == 2 and not screen.reviewing
        await pilot.press("u")
        await pilot.pause(0.1)
        assert session.notations == []


async def test_a_long_game_shows_only_its_last_plies_under_a_count_of_the_rest(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Was: a row per ply, so a loaded 600,000-ply Pig game took over half a minute to
    open. `WINDOW` made small here so that tic-tac-toe reaches it."""
    monkeypatch.setattr(movelist, "WINDOW", 4)
    session = session_for("tictactoe", "human", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = game_screen(app)
        moves = screen.query_one(MoveList)
        await play(pilot, "b2", "a1", "c3", "a3")
        assert [moves.get_row_at(row) for row in range(moves.row_count)] == [
            ["1.", "b2", "a1"], ["2.", "c3", "a3"]]
        await play(pilot, "c1")  # five plies: the list starts again from ply 3 (O's a3)
        assert [moves.get_row_at(row) for row in range(moves.row_count)] == [
            ["…", "3", "earlier"], ["2.", "…", "a3"], ["3.", "c1", ""]]
        states = list(session.states)
        await pilot.click(moves, offset=cell_offset(moves, 0))  # a3, ply 4 of the game
        await pilot.pause()
        assert session.notations == ["b2", "a1", "c3", "a3"] and session.state == states[4]
        await play(pilot, "c1")  # the same move again, as redo would
        await pilot.press("escape", "u", "u", "u", "u")  # back before the first ply shown
        await pilot.pause()
        assert [moves.get_row_at(row) for row in range(moves.row_count)] == [["1.", "b2", ""]]


async def test_a_loaded_pig_game_of_many_plies_keeps_the_list_short() -> None:
    session = session_for("pig", "human", "human")
    for _ in range(3 * movelist.WINDOW):
        session.play_text("roll")
        session.play_text("1")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        moves = game_screen(app).query_one(MoveList)
        assert moves.row_count <= movelist.WINDOW + 1
        assert moves.get_row_at(0)[0] == "…"
        last = moves.get_row_at(moves.row_count - 1)
        assert last == [f"{6 * movelist.WINDOW}", "dice", "1"]
