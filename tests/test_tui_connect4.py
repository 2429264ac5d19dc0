"""Pilot tests of the Connect Four board: number keys, arrows, Enter and clicks drop a
stone in a column, a full column takes nothing, the stone falls to where it lands and
the winning four is highlighted."""

from __future__ import annotations

from test_tui_boards import BoardApp, click, play

from adversa.games import make_game
from adversa.tui.boards import make_board
from adversa.tui.boards.connect4 import ConnectFourBoard

GAME = make_game("connect4")


def test_the_registry_gives_connect_four_its_own_board() -> None:
    assert type(make_board(GAME)) is ConnectFourBoard


async def test_number_keys_drop_into_their_column() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("5")
        await pilot.pause()
    assert app.chosen == [4]


async def test_arrows_and_enter_drop_where_the_arrow_points() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("left", "left", "enter")
        await pilot.pause()
    assert app.chosen == [1]  # the arrow starts over the middle column (4)


async def test_a_click_anywhere_in_a_column_drops_into_it() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, ("column", 6))
        await pilot.pause()
    assert app.chosen == [6]


async def test_a_full_column_and_a_finished_game_take_nothing() -> None:
    full, last = play(GAME, *"444444")
    app = BoardApp(GAME, full, last_move=last)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("4")
        await pilot.pause()
        assert app.chosen == []
        await pilot.press("3")
        await pilot.pause()
    assert app.chosen == [2]
    won, last = play(GAME, *"1212121")
    app = BoardApp(GAME, won, last_move=last)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
    assert app.chosen == []


async def test_a_dropped_stone_falls_row_by_row_and_comes_to_rest() -> None:
    app = BoardApp(GAME, GAME.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.board
        assert isinstance(board, ConnectFourBoard)
        after, move = play(GAME, "4")
        board.show(after, last_move=move, legal_moves=GAME.legal_moves(after))
        seen_rows = []
        for _ in range(40):
            if board._falling is None:
                break
            seen_rows.append(board._falling[0])
            await pilot.pause(0.02)
        assert board._falling is None
        assert seen_rows and seen_rows[0] == 0 and seen_rows == sorted(seen_rows)
        assert max(seen_rows) < 5  # it rests on the bottom row (row 5), drawn as placed
        assert board.last_cell() == (5, 3)


async def test_the_winning_four_is_highlighted() -> None:
    won, last = play(GAME, *"1212121")
    app = BoardApp(GAME, won, last_move=last)
    async with app.run_test(size=(40, 12)) as pilot:  # one line per cell: a stone is "●"
        await pilot.pause()
        board = app.board
        assert isinstance(board, ConnectFourBoard)
        assert board.winning_cells() == {(2, 0), (3, 0), (4, 0), (5, 0)}
        win_style = board.style_of("connect4--hole", "connect4--player-0", "connect4--win")
        plain_style = board.style_of("connect4--hole", "connect4--player-1")
        lines = [board.render_line(y) for y in range(board.content_size.height)]
        highlighted = sum(1 for strip in lines for segment in strip
                          if "●" in segment.text and segment.style is not None
                          and segment.style.bgcolor == win_style.bgcolor)
        assert highlighted == 4
        assert win_style.bgcolor != plain_style.bgcolor
