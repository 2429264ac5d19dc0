"""Chess mates told as chess players count them: "mate in N" moves of the mating side,
in `adversa analyze chess` and in the words the app's panel shows (`result_verdict`),
while games without mates keep their distances in plies."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from textual.app import App, ComposeResult

from adversa.cli import main
from adversa.games.registry import evaluation_of, make_game
from adversa.presentation import mate_moves, result_verdict
from adversa.search.engine import engine_for, run_search
from adversa.search.stats import Snapshot
from adversa.tui.evalbar import EvalBar
from adversa.tui.panel import SearchPanel

MATE_IN_TWO = "7k/8/5K2/8/8/8/8/R7 w - - 0 1"
"""White mates in two (Kf7 or Kg6, then the rook to the h- or 8th file); no mate in one:
Ra8+ Kh7 escapes."""

MATED_IN_TWO = "8/8/8/8/8/7q/2k5/K7 w - - 0 1"
"""White, to move, has only king moves and is mated on Black's second move."""

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"
"""The back-rank mate Ra8#."""


@pytest.mark.parametrize(("plies", "moves"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_a_mate_is_counted_in_the_mating_sides_moves(plies: int, moves: int) -> None:
    assert mate_moves(plies) == moves


@pytest.mark.parametrize(("fen", "note", "words"), [
    (MATE_IN_ONE, "(mate in 1)", "White mates in 1"),
    (MATE_IN_TWO, "(mate in 2)", "White mates in 2"),
    (MATED_IN_TWO, "(mated in 2)", "Black mates in 2"),
])
def test_analyze_chess_says_mate_in_n(fen: str, note: str, words: str) -> None:
    done = CliRunner().invoke(main, ["analyze", "chess", "-p", fen, "--depth", "5"])
    assert done.exit_code == 0, done.output
    assert note in done.output
    assert f"verdict    {words}" in done.output
    assert "plies" not in done.output.split("Statistics")[0]


def test_the_panels_verdict_of_a_chess_search_is_mate_in_n() -> None:
    game = make_game("chess")
    state = game.parse_position(MATE_IN_TWO)
    result = run_search(game, state, engine_for(game, "alphabeta depth=5"),
                        evaluation=evaluation_of(game))
    assert result.win_in_plies == 3
    assert result_verdict(result, mover=0, names=("White", "Black")).text == "White mates in 2"


def test_a_game_without_mates_keeps_its_distance_in_plies() -> None:
    game = make_game("tictactoe")
    state = game.parse_position("XX./OO./...")  # X to move wins at once
    result = run_search(game, state, engine_for(game, "alphabeta depth=3"),
                        evaluation=evaluation_of(game))
    assert result.win_in_plies == 1
    assert result_verdict(result, mover=0, names=("X", "O")).text == "X wins in 1 ply"


SELECTIVE_TO_DEPTH_9 = "alphabeta depth=9 nullmove=on lmr=on"
"""The switches of chess's default engine, to a fixed depth instead of a time."""


class PanelApp(App[None]):
    def compose(self) -> ComposeResult:
        yield SearchPanel("Search")


def live_snapshots(fen: str, engine: str) -> list[Snapshot]:
    """The snapshots a search streams before it finishes. The clock is injected and
    moves a second a reading, so every poll (each 1,024 nodes) sends one."""
    game = make_game("chess")
    seen: list[Snapshot] = []
    readings = iter(range(10**9))
    run_search(game, game.parse_position(fen), engine_for(game, engine),
               evaluation=evaluation_of(game),
               on_event=lambda event: seen.append(event)
               if isinstance(event, Snapshot) and not event.finished else None,
               clock=lambda: float(next(readings)))
    return seen


async def test_the_panel_says_mate_in_n_while_the_search_still_runs() -> None:
    """The app's default chess engine deepens past a mate (late move reductions make
    no proof final), so depth 9 goes on long after the mate is found at depth 3: the
    live snapshots carry its distance, and the panel's eval bar words it as the final
    result would (it said "White wins" until the search ended)."""
    live = live_snapshots(MATE_IN_TWO, SELECTIVE_TO_DEPTH_9)
    proven = [snapshot for snapshot in live if snapshot.win_in_plies is not None]
    assert proven, "no live snapshot knew the mate"
    assert {snapshot.win_in_plies for snapshot in proven} == {3}
    assert all(snapshot.loss_in_plies is None for snapshot in live)
    app = PanelApp()
    async with app.run_test(size=(60, 30)):
        panel = app.query_one(SearchPanel)
        panel.set_sides(("White", "Black"), 0)
        panel.show_snapshot(proven[0])
        assert app.query_one(EvalBar).verdict.text == "White mates in 2"


def test_a_live_snapshot_of_a_lost_position_counts_the_mate_against_the_mover() -> None:
    live = live_snapshots(MATED_IN_TWO, SELECTIVE_TO_DEPTH_9)
    assert {snapshot.loss_in_plies for snapshot in live} - {None} == {4}
