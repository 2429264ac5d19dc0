"""CLI output as a newcomer reads it (issue 32): no number cut in a table at 80 columns,
``analyze`` written like the app, JSON without scientific notation, the compare table
left in the terminal when the compare screen closes, counts that agree with their words."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from click.testing import CliRunner
from rich.console import Console
from tui_fakes import compare_settled

from adversa.cli import main
from adversa.cli.match_report import comparison_table
from adversa.games import make_game
from adversa.match.compare import run_comparison, summary_rows
from adversa.presentation import compare_rows_text, plural
from adversa.search.config import EngineConfig
from adversa.tui.screens.compare import CompareApp

SCIENTIFIC = re.compile(r"\d[eE][-+]?\d")


def checkers_rows() -> Any:
    game = make_game("checkers")
    engines = [EngineConfig.parse("alphabeta depth=3 tt=1"),
               EngineConfig.parse("mcts iterations=300 seed=1")]
    return summary_rows(run_comparison(game, game.initial_state(), engines, parallel=False))


def test_the_compare_table_never_cuts_a_number_at_80_columns() -> None:
    rows = checkers_rows()
    for width in (60, 80, 120):
        out = io.StringIO()
        Console(file=out, width=width, color_system=None).print(comparison_table(rows, width))
        text = out.getvalue()
        assert "…" not in text, text
        assert max(len(line) for line in text.splitlines()) <= width
        body = [line for line in text.splitlines() if line.startswith("│")]
        for cells in compare_rows_text(rows):
            # every figure shown is whole: the move, the value (with its unit) and the nodes
            for figure in (cells[1], cells[2], cells[4]):
                assert any(figure in line for line in body), (width, figure, text)


def test_analyze_writes_figures_as_the_app_does() -> None:
    result = CliRunner().invoke(main, ["analyze", "checkers", "-d", "3"])
    assert result.exit_code == 0, result.output
    lines = {line.split()[0] + (" " + line.split()[1] if line.split()[0] == "tt" else ""):
             line.split()[-1] for line in result.stdout.splitlines()
             if line.strip() and line.split()[0] in ("tt", "nps", "seconds")}
    assert lines["tt fill"].endswith("%")
    assert re.fullmatch(r"[\d,]+", lines["nps"])
    assert lines["seconds"].endswith("s")


def test_json_has_no_scientific_notation() -> None:
    result = CliRunner().invoke(main, ["analyze", "checkers", "-d", "3", "-o", "tt=64", "--json"])
    assert result.exit_code == 0, result.output
    assert not SCIENTIFIC.search(result.stdout), result.stdout
    document = json.loads(result.stdout)
    assert 0 < document["stats"]["tt_fill"] < 1e-4  # json writes it 1.67e-05


def test_closing_the_compare_screen_prints_its_table(monkeypatch: Any) -> None:
    rows = checkers_rows()

    def run(self: CompareApp, *args: Any, **kwargs: Any) -> None:
        self.final_rows = rows  # what the screen showed when it was closed

    monkeypatch.setattr(CompareApp, "run", run)
    monkeypatch.setattr("adversa.cli.match.terminal_attached", lambda: True)
    result = CliRunner().invoke(main, ["compare", "checkers", "--engine", "alphabeta depth=3",
                                       "--engine", "mcts iterations=300 seed=1"])
    assert result.exit_code == 0, result.output
    assert "engines agree" in result.stdout and rows[0].best_move in result.stdout


async def test_the_compare_app_keeps_its_rows_when_closed() -> None:
    game = make_game("tictactoe")
    engines = [EngineConfig.parse("minimax depth=2"), EngineConfig.parse("alphabeta depth=2")]
    app = CompareApp(game, game.initial_state(), engines)
    async with app.run_test(size=(160, 50)) as pilot:
        await compare_settled(app, pilot, {"done"})
        await pilot.press("escape")
        await pilot.pause()
    assert [row.engine for row in app.final_rows] == ["minimax depth=2", "alphabeta depth=2"]


def test_counts_agree_with_their_words() -> None:
    assert plural(1, "ply", "plies") == "1 ply"
    assert plural(2, "draw", "draws") == "2 draws"
    assert plural(1, "draw", "draws") == "1 draw"
    assert plural(1_000, "win", "wins") == "1,000 wins"


def test_perft_writes_the_position_whole() -> None:
    """As the table's title it was broken mid-token ("…:B" / "1,2,3…") at 80 columns."""
    position = make_game("checkers").format_position(make_game("checkers").initial_state())
    result = CliRunner().invoke(main, ["perft", "checkers", "--depth", "1"])
    assert result.exit_code == 0, result.output
    assert any(position in line for line in result.stdout.splitlines())
