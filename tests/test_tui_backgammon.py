"""Pilot tests of the backgammon board: what it shows at 80×24 and on a big screen."""

from __future__ import annotations

import random

from test_tui_boards import BoardApp, click

from adversa.games import make_game
from adversa.games.backgammon_moves import BackgammonState, apply_step, step_orders
from adversa.games.backgammon_net import shipped_network
from adversa.games.base import play_line
from adversa.tui.boards import make_board
from adversa.tui.boards.backgammon import BackgammonBoard, PlayPicker
from adversa.tui.boards.base import BoardView

GAME = make_game("backgammon")


def board_text(app: BoardApp) -> list[str]:
    board = app.query_one("#board", BackgammonBoard)
    canvas = board._current_canvas()
    return ["".join(segment.text for segment in line) for line in canvas.lines]


def test_the_registry_gives_backgammon_its_own_board() -> None:
    assert type(make_board(GAME)) is BackgammonBoard


async def test_the_board_shows_points_stacks_dice_and_pips() -> None:
    # X opened 31: 8/5 6/5, O rolled 52 and has to play it.
    state = play_line(GAME, GAME.initial_state(), "31: 8/5 6/5 52")
    app = BoardApp(GAME, state)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = "\n".join(board_text(app))
        rows = [line for line in board_text(app) if line.startswith("│")]
    assert "O to play  5   2" in text
    assert "pips X 163 O 167" in text
    assert "13 14 15 16 17 18" in text and "12 11 10" in text
    # X's 5-point now holds two checkers: two rows of the bottom half show X there.
    bottom = rows[-5:]
    column = bottom[-1].index("│", 1) + 8  # past the bar (│, 3 cells, │) and the 6-point
    assert [row[column:column + 3].strip() for row in bottom] == ["", "", "", "X", "X"]


async def test_a_tall_stack_writes_its_count_and_the_bar_shows_its_checkers() -> None:
    state = GAME.parse_position(
        "1,-9,0,0,0,0,12,0,0,0,0,0,0,0,0,0,0,0,0,-5,0,0,0,0,2,0 X 31")
    app = BoardApp(GAME, state)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = "\n".join(board_text(app))
        rows = [line for line in board_text(app) if line.startswith("│")]
    assert any("12" in row for row in rows) and any(" 9" in row for row in rows)
    assert "pips X 120 O 271  off X 1 O 0" in text  # O's bar counts 25
    assert "O" in rows[0][rows[0].index("│", 1):rows[0].index("│", 1) + 5]  # O on the bar


async def test_it_fits_80_by_24_with_the_panel_beside() -> None:
    state = play_line(GAME, GAME.initial_state(), "31")
    app = BoardApp(GAME, state)
    async with app.run_test(size=(32, 14)) as pilot:
        await pilot.pause()
        lines = board_text(app)
    assert max(len(line) for line in lines) <= 32
    assert len([line for line in lines if line]) <= 14


# --------------------------------------------------------------------------- picking


def test_every_legal_play_has_an_order_of_checker_and_die_steps() -> None:
    rng = random.Random(5)
    state = GAME.initial_state()
    for _ in range(80):
        if GAME.is_terminal(state):
            break
        if state.dice:
            offered = tuple(GAME.legal_moves(state))
            orders = step_orders(state.mover, state.opponent, (state.dice[0], state.dice[1]))
            assert set(orders.values()) == set(offered)
            for steps, play in orders.items():
                sides = (state.mover, state.opponent)
                for source, die in steps:
                    sides = apply_step(*sides, source, die)
                assert sides == (play.mover, play.opponent)
        state = GAME.result(state, rng.choice(list(GAME.legal_moves(state))))


def test_the_picker_refuses_what_the_rules_refuse() -> None:
    # X has 31 at the start: a checker on 24 may move, one on the 5-point is not X's.
    state = play_line(GAME, GAME.initial_state(), "31")
    picker = PlayPicker(state.mover, state.opponent, (3, 1), tuple(GAME.legal_moves(state)))
    assert picker.pick(5) == "no checker of yours on point 5"
    assert picker.pick(8) is None
    assert picker.move(6) == "the checker on 8 cannot move 6"
    assert picker.move(3) == ""
    assert picker.dice_left() == [1]


async def test_clicking_checkers_and_dice_plays_the_roll() -> None:
    # X opened 31: 8/5 6/5 is made by clicking 8, the die 3, then 6 and its landing point 5.
    state = play_line(GAME, GAME.initial_state(), "31")
    app = BoardApp(GAME, state)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await click(pilot, app, ("point", 8))
        board = app.query_one("#board", BackgammonBoard)
        assert board.picker is not None and board.picker.selected == 8
        await click(pilot, app, ("die", 3))
        text = "\n".join(board_text(app))
        assert "pips X 164" in text  # the checker moved on the board at once
        assert board.picker.dice_left() == [1]
        await click(pilot, app, ("point", 6))
        await click(pilot, app, ("point", 5))
        await pilot.pause()
    assert app.chosen == [GAME.parse_move(state, "8/5 6/5")]


async def test_keys_pick_a_checker_and_a_die_and_escape_takes_it_back() -> None:
    # O to play 52 after X's 31: O's 13-point is X's 12, where the cursor goes with keys.
    state = play_line(GAME, GAME.initial_state(), "31: 8/5 6/5 52")
    app = BoardApp(GAME, state)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        board = app.query_one("#board", BackgammonBoard)
        board.cursor_point = 12
        await pilot.press("enter", "5")
        assert board.picker is not None and board.picker.steps == [(13, 5)]
        assert "pips X 163 O 162" in "\n".join(board_text(app))
        await pilot.press("escape")
        assert board.picker is None or not board.picker.steps
        assert "pips X 163 O 167" in "\n".join(board_text(app))
        await pilot.press("enter", "5", "enter", "2")
        await pilot.pause()
    assert app.chosen == [GAME.parse_move(state, "13/8 13/11")]
    assert app.escapes == 0


class RefusalApp(BoardApp):
    """A board app that also records the reasons the board gives for a refused pick."""

    def __init__(self, state: BackgammonState) -> None:
        super().__init__(GAME, state)
        self.refused: list[str] = []

    def on_board_view_move_refused(self, message: BoardView.MoveRefused) -> None:
        self.refused.append(message.reason)


async def test_a_refused_pick_tells_why_and_changes_nothing() -> None:
    state = play_line(GAME, GAME.initial_state(), "31")
    app = RefusalApp(state)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        before = board_text(app)
        await click(pilot, app, ("point", 19))  # O's checkers: X's 19-point is O's 6
        await pilot.pause()
        board = app.query_one("#board", BackgammonBoard)
        assert board.picker is not None and board.picker.selected is None
        assert board_text(app) == before
    assert app.refused == ["no checker of yours on point 19"]
    assert app.chosen == []


async def test_with_the_net_the_board_shows_its_chances_for_the_side_on_roll() -> None:
    game = make_game("backgammon", {"evaluation": "net"})
    state = play_line(game, game.initial_state(), "31: 8/5 6/5 52")
    win = shipped_network().outputs(state.mover, state.opponent)[0]
    app = BoardApp(game, state)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = "\n".join(board_text(app))
    assert f"O net: win {win:.0%} gammon" in text
    plain = BoardApp(make_game("backgammon", {"evaluation": "hand"}), state)
    async with plain.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert "net:" not in "\n".join(board_text(plain))
