"""Snapshot tests of every board in fixed positions (pytest-textual-snapshot).

Each picture is a position a user meets: a game in progress with the last move,
the hint and the keyboard cursor showing, a finished game, a half-made
checkers capture. Regenerate deliberately with ``--snapshot-update`` and look at
the SVGs before committing them.
"""

from __future__ import annotations

from typing import Any

from test_tui_boards import BoardApp, play

from adversa.games import make_game


def test_tictactoe_in_progress(snap_compare: Any) -> None:
    game = make_game("tictactoe")
    state, last = play(game, "b2", "a1", "c3")
    hint = game.parse_move(state, "a3")
    app = BoardApp(game, state, last_move=last, hint=hint)
    assert snap_compare(app, terminal_size=(60, 24), press=["down"])


def test_tictactoe_won_line(snap_compare: Any) -> None:
    game = make_game("tictactoe")
    state, last = play(game, "a1", "b1", "b2", "c1", "c3")
    assert snap_compare(BoardApp(game, state, last_move=last), terminal_size=(60, 24))


def test_tictactoe_ten_by_ten_compact(snap_compare: Any) -> None:
    game = make_game("tictactoe", {"width": "10", "height": "10", "k": "5"})
    state, last = play(game, "e5", "f6", "e6", "f5", "e4")
    assert snap_compare(BoardApp(game, state, last_move=last), terminal_size=(40, 16))


def test_nim_choosing_a_take(snap_compare: Any) -> None:
    game = make_game("nim")
    state, last = play(game, "4:2")
    app = BoardApp(game, state, last_move=last)
    assert snap_compare(app, terminal_size=(60, 20), press=["down", "down", "right", "right"])


def test_grundy_choosing_a_split(snap_compare: Any) -> None:
    game = make_game("grundy", {"pile": "11"})
    state, last = play(game, "1:3")
    app = BoardApp(game, state, last_move=last)
    assert snap_compare(app, terminal_size=(60, 16), press=["right", "right"])


def test_pig_turn_total_at_stake(snap_compare: Any) -> None:
    game = make_game("pig", {"target": "50"})
    state, last = play(game, "roll", "6", "roll", "4", "hold", "roll", "5")
    assert snap_compare(BoardApp(game, state, last_move=last), terminal_size=(60, 20))


def test_pig_die_rolling(snap_compare: Any) -> None:
    game = make_game("pig", {"players": "3"})
    state, last = play(game, "roll")
    app = BoardApp(game, state, last_move=last, interactive=False)
    assert snap_compare(app, terminal_size=(60, 20))


def test_checkers_opening_after_a_move(snap_compare: Any) -> None:
    game = make_game("checkers")
    state, last = play(game, "11-15", "23-19")
    assert snap_compare(BoardApp(game, state, last_move=last), terminal_size=(64, 30))


def test_checkers_half_made_multi_jump(snap_compare: Any) -> None:
    game = make_game("checkers")
    state = game.parse_position("B:W14,15,22,23,32:B10,K1")

    async def select_first_jump(pilot: Any) -> None:
        app = pilot.app
        for square in (10, 19):
            offset = app.board.offset_of(("square", square))
            await pilot.click("#board", offset=(offset.x, offset.y))

    app = BoardApp(game, state)
    assert snap_compare(app, terminal_size=(64, 30), run_before=select_first_jump)


def test_checkers_flipped_small(snap_compare: Any) -> None:
    game = make_game("checkers")
    state = game.parse_position("W:WK18,22,25:B9,K14,15")
    app = BoardApp(game, state, flipped=True)
    assert snap_compare(app, terminal_size=(40, 20))


def test_tree_three_ply_after_a_move(snap_compare: Any) -> None:
    game = make_game("tree")
    state, last = play(game, "2")
    app = BoardApp(game, state, last_move=last, hint=0)
    assert snap_compare(app, terminal_size=(70, 24), press=["right"])


def test_tree_chance_nodes(snap_compare: Any) -> None:
    game = make_game("tree", {"file": "expectiminimax"})
    assert snap_compare(BoardApp(game, game.initial_state()), terminal_size=(70, 24))


def test_tree_three_players_outline(snap_compare: Any) -> None:
    game = make_game("tree", {"file": "maxn-three-player"})
    state, last = play(game, "2")
    assert snap_compare(BoardApp(game, state, last_move=last), terminal_size=(40, 24))
