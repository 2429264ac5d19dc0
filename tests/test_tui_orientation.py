"""The board faces the human: a human playing White in checkers sees White at the bottom.

The game screen turns the board once, when it opens (`home_seat`); ``f`` still
turns it by hand afterwards. The tests read the picture the board drew (where
each square's piece and number are) and make moves by clicks and keys on it, so
a board that was turned in the picture but not in hit-testing would fail.
"""

from __future__ import annotations

import pytest
from test_tui_app import SIZE
from tui_fakes import FakeEngine, game_screen, session_for, settle

from adversa.tui.app import AdversaApp
from adversa.tui.boards import home_seat
from adversa.tui.boards.checkers import CheckersBoard


@pytest.mark.parametrize(
    ("humans", "seat"),
    [
        ((True, False), 0),
        ((False, True), 1),
        ((False, False), 0),  # engine vs engine: the first player's side
        ((True, True), 0),  # hotseat: the board stays put
        ((False, False, True), 2),
    ],
)
def test_home_seat_is_the_only_human_seat(humans: tuple[bool, ...], seat: int) -> None:
    assert home_seat(humans) == seat


def drawn_square_text(board: CheckersBoard, square: int) -> str:
    """The text of the line through the middle of ``square``'s first drawn run."""
    offset = board.offset_of(("square", square))
    assert offset is not None
    row = offset.y - board.gutter.top
    line = board.render_line(row).text
    start = line.rfind(" ", 0, offset.x - board.gutter.left)
    return line[max(start, 0): offset.x - board.gutter.left + 4]


async def test_human_playing_white_sees_white_at_the_bottom_and_moves_by_click_and_keys() -> None:
    session = session_for("checkers", "default", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await settle(pilot, screen)
        board = screen.board
        assert isinstance(board, CheckersBoard)
        assert board.flipped
        assert session.notations == ["9-13"]  # the fake engine played Black's first move
        pieces = session.game.pieces(session.state)  # type: ignore[attr-defined]
        rows = {square: board.offset_of(("square", square)) for square in range(1, 33)}
        middle = (min(o.y for o in rows.values() if o) + max(o.y for o in rows.values() if o)) / 2
        for square, piece in pieces.items():
            offset = rows[square]
            assert offset is not None
            assert (offset.y > middle) is (piece == "w"), (square, piece)
        # Square 1 is top left and 32 bottom right, as checkers diagrams print them.
        assert rows[1] is not None and rows[32] is not None
        assert rows[1].y < rows[32].y and rows[1].x < rows[32].x
        # The numbers drawn on empty squares are those squares' numbers.
        for square in (9, 14, 17, 18, 19, 20):
            assert square not in pieces
            assert str(square) in drawn_square_text(board, square), square
        lines = [board.render_line(y).text for y in range(board.size.height)]
        labels = [line.strip() for line in lines if line.strip().startswith(("Black", "White"))]
        assert labels == ["Black", "White ◀ to move"]

        # Keys: the cursor starts on White's first piece that can move (21); 17 is
        # drawn up and to one side, and the arrow keys go the way they are drawn.
        start, goal = board.offset_of(("square", 21)), board.offset_of(("square", 17))
        assert start is not None and goal is not None
        assert board.square_at(*board.cursor) == 21
        sideways = "left" if goal.x < start.x else "right"
        await pilot.press("enter", "up", sideways, "enter")
        await settle(pilot, screen)
        assert session.notations[:2] == ["9-13", "21-17"]

        # Clicks: White's 22-18 by clicking where 22 and 18 are drawn.
        assert board.flipped  # still White's view after the engine's reply
        for square in (22, 18):
            offset = board.offset_of(("square", square))
            assert offset is not None
            await pilot.click(CheckersBoard, offset=offset)
        await settle(pilot, screen)
        assert session.notations[3] == "22-18", session.notations

        # ``f`` still turns the board by hand.
        await pilot.press("escape", "f")
        assert not board.flipped


@pytest.mark.parametrize(
    "players",
    [("human", "default"), ("default", "default"), ("human", "human")],
    ids=["human-black", "engines", "hotseat"],
)
async def test_other_seatings_keep_black_at_the_bottom(players: tuple[str, str]) -> None:
    session = session_for("checkers", *players)
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await pilot.pause()
        board = screen.board
        one, thirty_two = board.offset_of(("square", 1)), board.offset_of(("square", 32))
        assert one is not None and thirty_two is not None
        assert not board.flipped
        assert one.y > thirty_two.y  # Black's squares 1–12 at the bottom


async def test_boards_without_sides_ignore_the_human_seat() -> None:
    session = session_for("tictactoe", "default", "human")
    app = AdversaApp(session, engine_search=FakeEngine())
    async with app.run_test(size=SIZE) as pilot:
        screen = game_screen(app)
        await settle(pilot, screen)
        assert not screen.board.flipped
