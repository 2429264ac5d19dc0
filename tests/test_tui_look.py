"""The look of the app without colour: shapes tell the sides apart, marks show highlights,
``NO_COLOR`` / ``--no-color`` give a monochrome app, and themes are chosen and remembered.

The board tests read the glyphs a board drew for a square (its click target), not
the colours: what they check is exactly what a monochrome terminal, a printed
screenshot or a colour-blind player still sees.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_tui_app import SIZE
from test_tui_boards import BoardApp, click, play
from textual.filter import Monochrome
from tui_fakes import FakeEngine, game_screen, session_for

from adversa.cli import main
from adversa.games import make_game
from adversa.games.base import Game
from adversa.tui.app import AdversaApp
from adversa.tui.boards import SomeBoard
from adversa.tui.boards.checkers import CheckersBoard
from adversa.tui.themes import theme_names

BOARD_SIZES = [(120, 40), (80, 30), (64, 22), (40, 20), (30, 12)]
"""Terminal sizes that make the boards take each of their looks, largest to smallest."""


def drawn(board: SomeBoard, target: Any) -> tuple[str, ...]:
    """The text drawn for ``target``, one string per line it covers."""
    canvas = board._current_canvas()
    lines = []
    for y, line in enumerate(canvas.lines):
        x, text = 0, ""
        for segment in line:
            if canvas.target_at(x, y) == target:
                text += segment.text
            x += len(segment.text)
        if text:
            lines.append(text)
    return tuple(lines)


# --------------------------------------------------------------------------- shapes


@pytest.mark.parametrize("size", BOARD_SIZES)
async def test_checkers_men_and_kings_differ_in_shape_at_every_size(size: tuple[int, int]) -> None:
    game = make_game("checkers")
    state = game.parse_position("B:W21,K22:B10,K11")
    app = BoardApp(game, state, interactive=False)
    async with app.run_test(size=size) as pilot:
        board = app.board
        assert isinstance(board, CheckersBoard)
        board.show_numbers = False  # compare the pieces alone
        await pilot.pause()
        shapes = {piece: drawn(board, ("square", square))
                  for piece, square in (("b", 10), ("B", 11), ("w", 21), ("W", 22))}
        assert len(set(shapes.values())) == 4, shapes


@pytest.mark.parametrize("size", BOARD_SIZES)
async def test_connect4_stones_differ_in_shape_at_every_size(size: tuple[int, int]) -> None:
    game = make_game("connect4")
    state, _ = play(game, "4", "3")
    app = BoardApp(game, state, interactive=False)
    async with app.run_test(size=size):
        red, yellow = drawn(app.board, ("column", 3)), drawn(app.board, ("column", 2))
        assert red != yellow
        assert set("".join(red)) != set("".join(yellow))


# --------------------------------------------------------------------------- marks


def monochrome_app(game: Game[Any, Any], state: Any, monkeypatch: pytest.MonkeyPatch,
                   **options: Any) -> BoardApp:
    monkeypatch.setenv("NO_COLOR", "1")
    app = BoardApp(game, state, **options)
    assert app.no_color
    return app


async def test_checkers_highlights_are_marked_without_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = make_game("checkers")
    state, last = play(game, "11-15", "23-19")
    hint = game.parse_move(state, "9-14")
    app = monochrome_app(game, state, monkeypatch, last_move=last, hint=hint)
    async with app.run_test(size=(80, 30)) as pilot:
        board = app.board
        assert drawn(board, ("square", 23))[-1].startswith("(")  # last move: from …
        assert drawn(board, ("square", 19))[-1].startswith("(")  # … and to
        assert isinstance(board, CheckersBoard)
        cursor = board.square_at(*board.cursor)
        assert cursor not in (14, 19, 23)
        assert drawn(board, ("square", cursor))[-1].startswith("[")  # the keyboard cursor
        assert drawn(board, ("square", 14))[-1].endswith("?")  # the hint's landing square
        assert not any("?" in line for line in drawn(board, ("square", 10)))
        await click(pilot, app, ("square", 10))
        assert drawn(board, ("square", 10))[-1].startswith("»")  # selected
        assert drawn(board, ("square", 14))[-1].startswith("+")  # where it can go
        assert drawn(board, ("square", 15))[-1].startswith(" ")  # no highlight, no mark


async def test_checkers_marks_are_only_drawn_without_colour() -> None:
    game = make_game("checkers")
    state, last = play(game, "11-15", "23-19")
    app = BoardApp(game, state, last_move=last)
    async with app.run_test(size=(80, 30)):
        text = "".join("".join(drawn(app.board, ("square", s))) for s in range(1, 33))
        assert not set("()[]»«+?!") & set(text)


async def test_connect4_winning_line_and_last_stone_are_marked_without_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = make_game("connect4")
    state, last = play(game, "1", "7", "2", "7", "3", "7", "4")
    app = monochrome_app(game, state, monkeypatch, last_move=last)
    async with app.run_test(size=(80, 30)):
        board = app.board
        for column in range(4):
            assert any(line.startswith("*") for line in drawn(board, ("column", column)))
        assert not any(line.startswith("*") for line in drawn(board, ("column", 6)))


async def test_connect4_last_stone_is_marked_without_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = make_game("connect4")
    state, last = play(game, "4", "3")
    app = monochrome_app(game, state, monkeypatch, last_move=last)
    async with app.run_test(size=(80, 30)):
        assert any(line.startswith("(") for line in drawn(app.board, ("column", 2)))
        assert not any(line.startswith("(") for line in drawn(app.board, ("column", 3)))


async def test_tictactoe_cursor_and_winning_line_are_marked_without_colour(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = make_game("tictactoe")
    won, last = play(game, "a1", "b1", "b2", "c1", "c3")
    app = monochrome_app(game, won, monkeypatch, last_move=last)
    async with app.run_test(size=(60, 24)):
        for cell in ((2, 0), (1, 1), (0, 2)):
            assert drawn(app.board, ("cell", *cell))[-1].startswith("*"), cell
        assert not drawn(app.board, ("cell", 2, 1))[-1].startswith("*")
    state, _ = play(game, "b2")
    app = monochrome_app(game, state, monkeypatch)
    async with app.run_test(size=(60, 24)) as pilot:
        await pilot.press("up")  # keys show the cursor: b3
        assert drawn(app.board, ("cell", 0, 1))[-1].startswith("[")


async def test_marks_never_cover_a_square_number(monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game("checkers")
    state, last = play(game, "12-16")
    app = monochrome_app(game, state, monkeypatch, last_move=last, interactive=False)
    async with app.run_test(size=(30, 12)):  # the smallest look: three cells a square
        assert drawn(app.board, ("square", 12)) == ("(12",)
        assert drawn(app.board, ("square", 16)) == ("(●)",)


# --------------------------------------------------------------------------- the app


async def test_no_color_environment_and_option_give_textuals_monochrome_filter(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for env, option in ((True, False), (False, True), (False, False)):
        if env:
            monkeypatch.setenv("NO_COLOR", "1")
        else:
            monkeypatch.delenv("NO_COLOR", raising=False)
        app = AdversaApp(session_for("connect4", "human", "human"),
                         engine_search=FakeEngine(), no_color=option)
        async with app.run_test(size=SIZE):
            monochrome = any(isinstance(f, Monochrome) for f in app.get_line_filters())
            assert app.no_color is monochrome is (env or option)
            assert game_screen(app).board.marks_highlights is (env or option)


def test_play_passes_theme_and_no_color_to_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[dict[str, Any]] = []
    monkeypatch.setattr("adversa.tui.app.run_app",
                        lambda session, **looks: opened.append(looks))
    result = CliRunner().invoke(main, ["play", "checkers", "--theme", "high-contrast",
                                       "--no-color"])
    assert result.exit_code == 0, result.output
    assert opened == [{"theme": "high-contrast", "no_color": True, "big": False}]


def test_play_refuses_an_unknown_theme_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("adversa.tui.app.run_app", lambda *a, **k: pytest.fail("app opened"))
    result = CliRunner().invoke(main, ["play", "checkers", "--theme", "neon"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("adversa: error: unknown theme 'neon'")
    for name in theme_names():
        assert name in lines[0]
    assert "high-contrast" in theme_names()


async def test_theme_option_wins_and_a_chosen_theme_is_remembered(config_dir: Path) -> None:
    app = AdversaApp(session_for("checkers", "human", "human"), engine_search=FakeEngine(),
                     theme="high-contrast")
    async with app.run_test(size=SIZE) as pilot:
        assert app.theme == "high-contrast"
        assert app.current_theme.background == "#000000"
        app.theme = "nord"  # what the palette's "Change theme" does
        await pilot.pause()
    assert json.loads((config_dir / "settings.json").read_text())["theme"] == "nord"
    app = AdversaApp(session_for("checkers", "human", "human"), engine_search=FakeEngine())
    async with app.run_test(size=SIZE):
        assert app.theme == "nord"


async def test_a_remembered_theme_that_no_longer_exists_is_ignored(config_dir: Path) -> None:
    config_dir.mkdir(parents=True)
    (config_dir / "settings.json").write_text(json.dumps({"theme": "gone"}))
    app = AdversaApp(session_for("tictactoe", "human", "human"), engine_search=FakeEngine())
    async with app.run_test(size=SIZE):
        assert app.theme == "textual-dark"


async def test_high_contrast_theme_recolours_the_checkers_squares() -> None:
    app = AdversaApp(session_for("checkers", "human", "human"), engine_search=FakeEngine(),
                     theme="high-contrast")
    async with app.run_test(size=SIZE) as pilot:
        board = game_screen(app).board
        dark = board.style_of("checkers--dark").bgcolor
        assert dark is not None and dark.triplet is not None
        assert dark.triplet.hex == "#767676"
        app.theme = "textual-dark"
        await pilot.pause()
        assert board.style_of("checkers--dark").bgcolor.triplet.hex == "#8c5e3c"  # type: ignore[union-attr]


async def test_high_contrast_theme_also_marks_the_highlights() -> None:
    session = session_for("checkers", "human", "human")
    session.play_text("11-15")
    app = AdversaApp(session, engine_search=FakeEngine(), theme="high-contrast")
    async with app.run_test(size=SIZE) as pilot:
        board = game_screen(app).board
        assert drawn(board, ("square", 15))[-1].startswith("(")
        app.theme = "textual-dark"
        await pilot.pause()
        assert not drawn(board, ("square", 15))[-1].startswith("(")
