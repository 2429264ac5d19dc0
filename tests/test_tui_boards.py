"""Pilot tests of the board widgets: clicks and keys post the right `MoveChosen` moves.

Each test mounts one board in a tiny app, shows a fixed state and drives it the
way a user would. Clicks go to where the board *drew* a square (`offset_of`),
and the tests also check that geometry (flipped boards really are turned), so a
board that drew one square and hit-tested another would fail.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

import pytest
from narrowing import fresh
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType

from adversa.games import make_game
from adversa.games.base import Game
from adversa.games.registry import game_names
from adversa.games.tictactoe import TicTacToe
from adversa.games.tree import TreeGame
from adversa.tui.boards import BoardView, NoBoardError, SomeBoard, make_board
from adversa.tui.boards.checkers import CheckersBoard
from adversa.tui.boards.grid import GridBoard
from adversa.tui.boards.pig import PigBoard
from adversa.tui.boards.piles import GrundyBoard, NimBoard
from adversa.tui.boards.tree import TreeBoard


class BoardApp(App[None]):
    """One board filling the screen, showing a fixed state; records the moves it posts."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "screen_escape", "Escape reached the screen")
    ]

    def __init__(
        self,
        game: Game[Any, Any],
        state: Any,
        *,
        last_move: Any = None,
        interactive: bool | None = None,
        hint: Any = None,
        flipped: bool = False,
    ) -> None:
        super().__init__()
        self.game = game
        self.state = state
        self.last_move = last_move
        self.interactive = (
            not game.is_terminal(state) if interactive is None else interactive
        )
        self.hint = hint
        self.flipped = flipped
        self.chosen: list[Any] = []
        self.escapes = 0

    def compose(self) -> ComposeResult:
        yield make_board(self.game, id="board")

    def on_mount(self) -> None:
        self.board.flipped = self.flipped
        self.reshow()
        self.board.focus()

    def reshow(self) -> None:
        """Show the position again, as the screen does after each move (one move per show)."""
        self.board.show(
            self.state,
            last_move=self.last_move,
            legal_moves=self.game.legal_moves(self.state),
            interactive=self.interactive,
            hint=self.hint,
        )

    @property
    def board(self) -> SomeBoard:
        return self.query_one("#board", BoardView)

    def on_board_view_move_chosen(self, message: BoardView.MoveChosen) -> None:
        assert message.board is self.board
        self.chosen.append(message.move)

    def action_screen_escape(self) -> None:
        self.escapes += 1


def play(game: Game[Any, Any], *moves: str) -> tuple[Any, Any]:
    """The state after ``moves`` (in notation) from the start, and the last move."""
    state, last = game.initial_state(), None
    for text in moves:
        last = game.parse_move(state, text)
        state = game.result(state, last)
    return state, last


async def click(pilot: Any, app: BoardApp, target: Any) -> None:
    offset = app.board.offset_of(target)
    assert offset is not None, f"{target} is not drawn"
    await pilot.click("#board", offset=(offset.x, offset.y))


# --------------------------------------------------------------------------- registry


EXPECTED_BOARDS = {
    "tictactoe": GridBoard,
    "nim": NimBoard,
    "grundy": GrundyBoard,
    "pig": PigBoard,
    "checkers": CheckersBoard,
    "tree": TreeBoard,
}
"""Boards whose class a test below drives by name; every other game just needs one."""


@pytest.mark.parametrize("name", game_names())
def test_make_board_finds_every_registered_game_its_board_by_name(name: str) -> None:
    board = make_board(make_game(name), id="b")
    assert isinstance(board, EXPECTED_BOARDS.get(name, BoardView))
    assert board.id == "b"
    assert board.can_focus


def test_a_game_without_a_board_module_is_refused_with_its_name() -> None:
    class Unboarded(TicTacToe):
        name = "unboarded"

    with pytest.raises(NoBoardError, match=r"'unboarded' has no board.*boards\.unboarded"):
        make_board(Unboarded())


# --------------------------------------------------------------------------- tic-tac-toe


async def test_tictactoe_click_b2_posts_the_centre() -> None:
    game = make_game("tictactoe")
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, ("cell", 1, 1))
        await pilot.pause()
    assert app.chosen == [game.parse_move(game.initial_state(), "b2")]


async def test_tictactoe_keys_move_the_cursor_and_enter_selects() -> None:
    game = make_game("tictactoe")
    state = game.initial_state()
    app = BoardApp(game, state)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("up", "left", "left", "enter")  # clamps at the edge: a3
        app.reshow()
        await pilot.press("down", "right", "space")  # back to the centre: b2
        await pilot.pause()
    assert [game.format_move(state, m) for m in app.chosen] == ["a3", "b2"]


async def test_tictactoe_taken_cell_and_finished_game_post_nothing() -> None:
    game = make_game("tictactoe")
    state, last = play(game, "b2")
    app = BoardApp(game, state, last_move=last)
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, ("cell", 1, 1))  # b2 is taken
        await pilot.pause()
        assert app.chosen == []
    won, last = play(game, "a1", "a2", "b1", "b2", "c1")
    app = BoardApp(game, won, last_move=last)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.board.interactive
        await click(pilot, app, ("cell", 0, 0))
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == []
        assert isinstance(app.board, GridBoard)
        assert app.board.winning_cells() == {(2, 0), (2, 1), (2, 2)}


async def test_tictactoe_flipped_board_is_turned_and_clicks_follow() -> None:
    game = make_game("tictactoe")
    app = BoardApp(game, game.initial_state(), flipped=True)
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.board
        a1 = board.offset_of(("cell", 2, 0))
        c3 = board.offset_of(("cell", 0, 2))
        assert a1 is not None and c3 is not None
        assert a1.y < c3.y and a1.x > c3.x  # turned 180°: a1 is top right
        await click(pilot, app, ("cell", 2, 0))  # leaves the cursor on a1, top right
        app.reshow()
        await pilot.press("down", "enter")  # on the turned board, a2 is below a1
        await pilot.pause()
    formatted = [game.format_move(game.initial_state(), m) for m in app.chosen]
    assert formatted == ["a1", "a2"]


async def test_tictactoe_large_board_fits_a_small_terminal() -> None:
    game = make_game("tictactoe", {"width": "10", "height": "10", "k": "5"})
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(40, 14)) as pilot:
        board = app.board
        corner = board.offset_of(("cell", 9, 9))
        assert corner is not None
        assert corner.x < board.size.width and corner.y < board.size.height
        await click(pilot, app, ("cell", 9, 9))
        await pilot.pause()
    assert [game.format_move(game.initial_state(), m) for m in app.chosen] == ["j1"]


# --------------------------------------------------------------------------- Nim and Grundy


async def test_nim_click_takes_from_the_object_to_the_end_of_the_pile() -> None:
    game = make_game("nim")  # piles 1,3,5,7
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, ("object", 2, 3))  # pile 3, fourth of five objects
        await pilot.pause()
    assert [game.format_move(game.initial_state(), m) for m in app.chosen] == ["3:2"]


async def test_nim_keys_choose_pile_and_count() -> None:
    game = make_game("nim")
    state, last = play(game, "2:3")  # pile 2 is empty now: the cursor skips it
    app = BoardApp(game, state, last_move=last)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "right", "right", "right", "enter")
        await pilot.pause()
    assert [game.format_move(state, m) for m in app.chosen] == ["3:2"]


async def test_grundy_click_splits_the_pile_at_the_object() -> None:
    game = make_game("grundy")  # one pile of 7
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, ("object", 0, 5))  # 5 | 2
        app.reshow()
        await pilot.press("left", "left", "left", "enter")  # cut 2: 2 | 5, the same split
        await pilot.pause()
    assert [game.format_move(game.initial_state(), m) for m in app.chosen] == ["1:2", "1:2"]


async def test_grundy_equal_split_is_refused() -> None:
    game = make_game("grundy", {"pile": "6"})
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, ("object", 0, 3))  # 3 | 3
        await pilot.pause()
        assert app.chosen == []
        board = app.board
        assert isinstance(board, GrundyBoard)
        assert board.describe(0, 3) == ("Split pile 1: 6  →  3 + 3  (parts must differ)", False)


# --------------------------------------------------------------------------- Pig


async def test_pig_keys_and_buttons_roll_and_hold() -> None:
    game = make_game("pig")
    state, last = play(game, "roll", "5")
    app = BoardApp(game, state, last_move=last)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        app.reshow()
        await pilot.press("h")
        app.reshow()
        await click(pilot, app, ("button", "hold"))
        app.reshow()
        await click(pilot, app, ("button", "roll"))
        await pilot.pause()
    assert app.chosen == ["roll", "hold", "hold", "roll"]


async def test_a_board_posts_one_move_per_position() -> None:
    game = make_game("pig")
    state, last = play(game, "roll", "5")
    app = BoardApp(game, state, last_move=last)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r", "h")
        await click(pilot, app, ("button", "hold"))
        await pilot.pause()
    assert app.chosen == ["roll"]


async def test_pig_hold_is_not_offered_with_nothing_at_stake() -> None:
    game = make_game("pig")
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("h")
        await click(pilot, app, ("button", "hold"))
        await pilot.press("right", "enter")  # the cursor cannot make hold legal
        await pilot.pause()
    assert app.chosen == []


async def test_pig_chance_state_is_not_interactive() -> None:
    game = make_game("pig")
    state, last = play(game, "roll")
    app = BoardApp(game, state, last_move=last, interactive=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await pilot.pause()
        lines = [app.board.render_line(y).text for y in range(app.board.size.height)]
    assert app.chosen == []
    assert any("rolling…" in line for line in lines)


# --------------------------------------------------------------------------- checkers


def checkers_move(game: Game[Any, Any], state: Any, text: str) -> Any:
    return game.parse_move(state, text)


async def test_checkers_simple_move_by_two_clicks() -> None:
    game = make_game("checkers")
    state = game.initial_state()
    app = BoardApp(game, state)
    async with app.run_test(size=(80, 30)) as pilot:
        await click(pilot, app, ("square", 11))
        await click(pilot, app, ("square", 15))
        await pilot.pause()
    assert app.chosen == [checkers_move(game, state, "11-15")]


async def test_checkers_multi_jump_by_landing_squares() -> None:
    game = make_game("checkers")
    state = game.parse_position("B:W14,15,22,23,32:B10")  # 10x17x26 and 10x19x26
    app = BoardApp(game, state)
    async with app.run_test(size=(80, 30)) as pilot:
        board = app.board
        assert isinstance(board, CheckersBoard)
        await click(pilot, app, ("square", 10))
        await click(pilot, app, ("square", 26))  # two captures end there: not enough
        assert app.chosen == [] and board.clicked == (10,)
        await click(pilot, app, ("square", 19))
        assert fresh(board.clicked) == (10, 19)
        await click(pilot, app, ("square", 26))
        await pilot.pause()
    assert app.chosen == [checkers_move(game, state, "10x19x26")]


async def test_checkers_final_square_completes_a_unique_capture() -> None:
    game = make_game("checkers")
    state = game.parse_position("B:W6,15,28:B1")  # the only move is 1x10x19
    app = BoardApp(game, state)
    async with app.run_test(size=(80, 30)) as pilot:
        await click(pilot, app, ("square", 1))
        await click(pilot, app, ("square", 19))
        await pilot.pause()
    assert app.chosen == [checkers_move(game, state, "1x10x19")]


async def test_checkers_escape_cancels_then_reaches_the_screen() -> None:
    game = make_game("checkers")
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(80, 30)) as pilot:
        board = app.board
        assert isinstance(board, CheckersBoard)
        await click(pilot, app, ("square", 11))
        assert board.clicked == (11,)
        await pilot.press("escape")
        assert fresh(board.clicked) == () and app.escapes == 0
        await pilot.press("escape")
        assert app.escapes == 1
    assert app.chosen == []


async def test_checkers_keys_make_a_move_unflipped_and_flipped() -> None:
    game = make_game("checkers")
    state = game.initial_state()
    for flipped, keys in (
        # Unflipped, Black is at the bottom: 9 → 11 is two squares to the screen's left.
        (False, ["left", "left", "left", "left", "enter", "up", "right", "enter"]),
        # Flipped, square 1 is top left: 9 → 11 is to the right and 15 below-left.
        (True, ["right", "right", "right", "right", "enter", "down", "left", "enter"]),
    ):
        app = BoardApp(game, state, flipped=flipped)
        async with app.run_test(size=(80, 30)) as pilot:
            board = app.board
            assert isinstance(board, CheckersBoard)
            assert board.square_at(*board.cursor) == 9  # the first piece that can move
            await pilot.press(*keys)
            await pilot.pause()
        assert app.chosen == [checkers_move(game, state, "11-15")], flipped


async def test_checkers_flipped_board_puts_square_1_top_left() -> None:
    game = make_game("checkers")
    state = game.initial_state()
    for flipped in (False, True):
        app = BoardApp(game, state, flipped=flipped)
        async with app.run_test(size=(80, 30)) as pilot:
            board = app.board
            one, thirty_two = board.offset_of(("square", 1)), board.offset_of(("square", 32))
            assert one is not None and thirty_two is not None
            assert (one.y < thirty_two.y) is flipped
            assert (one.x < thirty_two.x) is flipped
            await click(pilot, app, ("square", 22))
            await click(pilot, app, ("square", 11))
            await click(pilot, app, ("square", 16))
            await pilot.pause()
        assert app.chosen == [checkers_move(game, state, "11-16")]


async def test_checkers_marks_the_side_to_move_only_while_the_game_goes_on() -> None:
    game = make_game("checkers")
    won = game.parse_position("W:W:B14,K1")  # White has no pieces left: Black has won
    for state, marked in ((game.initial_state(), "Black ◀ to move"), (won, None)):
        app = BoardApp(game, state)
        async with app.run_test(size=(80, 30)):
            board = app.board
            text = "\n".join(board.render_line(y).text for y in range(board.size.height))
        assert text.count("to move") == (1 if marked else 0), text
        assert marked is None or marked in text


async def test_checkers_square_numbers_toggle() -> None:
    game = make_game("checkers")
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(80, 30)) as pilot:
        board = app.board

        def text() -> str:
            return "\n".join(board.render_line(y).text for y in range(board.size.height))

        assert "17" in text()
        await pilot.press("number_sign")
        assert "17" not in text()
        await pilot.press("number_sign")
        assert "17" in text()


# --------------------------------------------------------------------------- tree


async def test_tree_child_selection_by_click_and_keys() -> None:
    game = make_game("tree")  # three-ply: root has children 1, 2, 3
    root = game.initial_state()
    app = BoardApp(game, root)
    async with app.run_test(size=(80, 24)) as pilot:
        await click(pilot, app, ("child", 2))
        app.reshow()
        await pilot.press("left", "enter")
        await pilot.pause()
    assert app.chosen == [2, 1]


async def test_tree_leaf_is_not_interactive_and_shows_values() -> None:
    game = make_game("tree")
    leaf, last = play(game, "2", "3")
    app = BoardApp(game, leaf, last_move=last)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        await pilot.pause()
        text = "\n".join(app.board.render_line(y).text for y in range(app.board.size.height))
    assert app.chosen == []
    assert "14" in text and "12" in text and "▲ MAX" in text


async def test_tree_too_wide_for_top_down_uses_the_outline() -> None:
    game = make_game("tree", {"file": "maxn-three-player"})
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(40, 24)) as pilot:
        text = "\n".join(app.board.render_line(y).text for y in range(app.board.size.height))
        await click(pilot, app, ("child", 1))
        await pilot.pause()
    assert "└─" in text and "(1,2,6)" in text
    assert app.chosen == [1]


async def test_tree_title_and_legend_are_never_silently_cut() -> None:
    """In the game screen's 36-column board a long title ends in '…' and a three-player
    legend wraps instead of losing 'Player 3'."""
    for file, last_entry in (("maxn-three-player", "P3 Player 3"),
                             ("expectiminimax", "○ chance")):
        game = make_game("tree", {"file": file})
        app = BoardApp(game, game.initial_state())
        async with app.run_test(size=(36, 30)):
            width = app.board.size.width
            lines = [app.board.render_line(y).text.rstrip()
                     for y in range(app.board.size.height)]
        assert all(len(line) <= width for line in lines)
        assert any(line.strip().endswith(last_entry) for line in lines), lines
        if file == "expectiminimax":  # drawn top-down, under its (too long) title
            title = game.tree_title  # type: ignore[attr-defined]
            assert len(title) > width
            assert any(line.endswith("…") and title.startswith(line.strip()[:-1])
                       for line in lines), lines


async def test_tree_chance_nodes_show_probabilities() -> None:
    game = make_game("tree", {"file": "expectiminimax"})
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(70, 24)) as pilot:
        text = "\n".join(app.board.render_line(y).text for y in range(app.board.size.height))
        await click(pilot, app, ("child", 1))
        await pilot.pause()
    assert text.count("○") == 3  # two chance nodes and the legend
    assert text.count("0.9") == 2 and text.count("0.1") == 2
    assert app.chosen == [1]


async def test_theme_change_recolours_the_board() -> None:
    game = make_game("tictactoe")
    state, last = play(game, "b2")
    app = BoardApp(game, state, last_move=last)
    async with app.run_test(size=(60, 24)) as pilot:
        board = app.board
        centre = board.offset_of(("cell", 1, 1))
        assert centre is not None

        def colour_at_centre() -> Any:
            strip = board.render_line(centre.y - board.gutter.top)
            x = 0
            for segment in strip:
                if x + len(segment.text) > centre.x - board.gutter.left:
                    return segment.style.bgcolor if segment.style else None
                x += len(segment.text)
            return None

        before = colour_at_centre()
        app.theme = "textual-light"
        await pilot.pause()
        assert colour_at_centre() != before


def board_text(app: BoardApp) -> str:
    board = app.board
    return "\n".join(board.render_line(y).text for y in range(board.size.height))


async def test_nim_pointer_previews_the_take_before_the_click() -> None:
    game = make_game("nim")
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(80, 24)) as pilot:
        app.set_focus(None)
        await pilot.pause()
        assert "Take" not in board_text(app)
        offset = app.board.offset_of(("object", 3, 4))  # pile 4: objects 5..7
        assert offset is not None
        await pilot.hover("#board", offset=(offset.x, offset.y))
        await pilot.pause()
        assert "Take 3 from pile 4  →  4 left" in board_text(app)
    assert app.chosen == []


def scale_of(text: str) -> int:
    """Objects per cell, from the board's ``each █ = N objects`` line."""
    found = re.search(r"each █ = ([\d,]+) objects", text)
    assert found is not None, f"no scale line in:\n{text}"
    return int(found.group(1).replace(",", ""))


@pytest.mark.parametrize("size", [(60, 20), (34, 10)])
async def test_a_huge_pile_is_drawn_to_scale_and_every_pile_stays_in_view(
    size: tuple[int, int],
) -> None:
    """QA: piles 1000,3 drew a bar per object, filling the board and hiding pile 2."""
    game = make_game("nim", {"piles": "1000,3"})
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        text = board_text(app)
        per_cell = scale_of(text)
        lines = text.splitlines()
        first = next(line for line in lines if line.lstrip(" ▶").startswith("1 │"))
        second = next(line for line in lines if line.lstrip(" ▶").startswith("2 │"))
        assert first.rstrip().endswith("1,000") and second.rstrip().endswith("3")
        assert first.count("█") == -(-1000 // per_cell) and second.count("█") == 1
        assert len(first.rstrip()) <= size[0]


async def test_a_scaled_pile_takes_clicks_by_cell_and_keys_by_object() -> None:
    game = make_game("nim", {"piles": "1000,3"})
    state = game.initial_state()
    app = BoardApp(game, state)
    async with app.run_test(size=(60, 20)) as pilot:
        per_cell = scale_of(board_text(app))
        await click(pilot, app, ("object", 0, 3 * per_cell))  # the fourth cell: keep 3 cells
        await pilot.pause()
    keys = BoardApp(game, state)
    async with keys.run_test(size=(60, 20)) as pilot:
        await pilot.press("right", "right", "right")  # cut after three objects: keep 3
        assert "Take 997 from pile 1  →  3 left" in board_text(keys)
        await pilot.press("enter")
        await pilot.pause()
    assert [game.format_move(state, m) for m in app.chosen + keys.chosen] == [
        f"1:{1000 - 3 * per_cell}", "1:997"
    ]


async def test_what_the_last_move_took_has_its_own_glyph() -> None:
    """Not just a fainter colour: on a projector a grey █ still read as an object."""
    game = make_game("nim")
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(60, 20)):
        assert NimBoard.GHOST not in board_text(app)
    state, last = play(game, "4:2")
    app = BoardApp(game, state, last_move=last)
    async with app.run_test(size=(60, 20)):
        marked = [line for line in board_text(app).splitlines() if NimBoard.GHOST in line]
    assert all(line.count(NimBoard.GHOST) == 2 for line in marked)  # the two taken
    assert any("4 │" in line for line in marked)  # from pile 4, and no other
    assert not any(f"{pile} │" in line for line in marked for pile in (1, 2, 3))


async def test_pig_die_shows_pips_or_the_number_of_a_large_face() -> None:
    game = make_game("pig", {"sides": "8"})
    for face, expected in (("5", "●"), ("8", "8")):
        state, last = play(game, "roll", face)
        app = BoardApp(game, state, last_move=last)
        async with app.run_test(size=(60, 24)):
            text = board_text(app)
        lines = [line for line in text.splitlines() if "│" in line or "╭" in line]
        left = min(line.index("│") for line in lines if "│" in line)
        die = "\n".join(line[left : left + 9] for line in lines)  # the die is 9 columns wide
        assert expected in die and "turn total" in text
        assert die.count("●") == (5 if face == "5" else 0)


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_rolled_one_is_attributed_to_the_player_who_rolled_it(players: int) -> None:
    game = make_game("pig", {"players": players})
    state, last = play(game, "roll", "4", "hold", "roll", "1")  # Player 2 rolls the 1
    app = BoardApp(game, state, last_move=last)
    async with app.run_test(size=(80, 24)):
        text = board_text(app)
    assert "Player 2 rolled a 1" in " ".join(text.split())
    assert f"{game.player_name(2 % players)}'s turn" in text


async def test_click_hides_the_keyboard_cursor_until_a_key_is_pressed() -> None:
    game = make_game("checkers")
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(80, 30)) as pilot:
        board = app.board
        assert board.shows_cursor
        await click(pilot, app, ("square", 11))
        assert not board.shows_cursor
        await pilot.press("left")
        assert board.shows_cursor


async def test_checkers_clicking_the_selected_piece_again_deselects_it() -> None:
    game = make_game("checkers")
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(80, 30)) as pilot:
        board = app.board
        assert isinstance(board, CheckersBoard)
        await click(pilot, app, ("square", 11))
        await click(pilot, app, ("square", 11))
        assert board.clicked == ()
        await click(pilot, app, ("square", 11))
        await click(pilot, app, ("square", 10))  # another piece that can move
        assert fresh(board.clicked) == (10,)
    assert app.chosen == []


async def test_tree_outline_follows_the_cursor_through_many_children() -> None:
    game = TreeGame.from_data([[value, value + 1] for value in range(30)])
    app = BoardApp(game, game.initial_state())
    async with app.run_test(size=(30, 12)) as pilot:
        assert app.board.offset_of(("child", 29)) is None  # 30 children cannot all show
        await pilot.press(*["down"] * 29)
        assert app.board.offset_of(("child", 29)) is not None
        await pilot.press("enter")
        await pilot.pause()
    assert app.chosen == [29]
