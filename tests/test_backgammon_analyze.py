"""`adversa analyze backgammon` without an engine: the game's bounded default, not
expectiminimax's own depth 4 (which took minutes on a rolled position)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from adversa.cli import main
from adversa.games.backgammon import ENTRY

DEFAULT_ENGINE = ENTRY.engines[0]
"""The registration's default engine, a two-ply search (`analyze` and its help use it)."""


def test_analyze_without_engine_uses_the_two_ply_default() -> None:
    result = CliRunner().invoke(
        main, ["analyze", "backgammon", "--moves", "31: 8/5 6/5 52", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["engine"] == DEFAULT_ENGINE
    assert report["best_move"]
    assert not report["stopped"]


def test_analyze_depth_overrides_the_default_engine() -> None:
    result = CliRunner().invoke(
        main, ["analyze", "backgammon", "--moves", "31: 8/5 6/5 52", "--depth", "2",
               "-o", "candidates=2", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["engine"].startswith("expectiminimax depth=2")
    stats = report["stats"]
    assert stats["filtered"] == len(report["root_moves"]) - 2 > 0
    assert 0.0 < stats["mass_searched"] <= 1.0 and stats["chance_nodes"] > 0


def test_analyze_shows_the_chance_figures_as_the_panel_does() -> None:
    result = CliRunner().invoke(main, ["analyze", "backgammon", "--moves", "31: 8/5 6/5 52"])
    assert result.exit_code == 0, result.output
    assert "chance nodes" in result.output and "mass searched" in result.output
    assert "%" in next(line for line in result.output.splitlines() if "mass searched" in line)


def test_help_names_the_default() -> None:
    result = CliRunner().invoke(main, ["analyze", "--help"])
    assert DEFAULT_ENGINE in " ".join(result.output.split())
