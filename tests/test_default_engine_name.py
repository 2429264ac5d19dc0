"""``default`` names the game's default engine wherever an engine is accepted, so scripts
and matches test what people play against (issue 13)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.games import make_game
from adversa.games.registry import game_names
from adversa.search.config import EngineConfig, EngineSpecError
from adversa.search.engine import default_engine, engine_for
from adversa.tui.session import parse_player


@pytest.mark.parametrize("name", game_names())
def test_default_is_the_engine_the_app_offers(name: str) -> None:
    game = make_game(name)
    assert engine_for(game, "default") == default_engine(game)
    assert parse_player(game, "default") == default_engine(game)


def test_default_takes_overrides_and_keeps_the_rest() -> None:
    game = make_game("checkers")
    config = engine_for(game, "default time=0.3")
    assert config == EngineConfig.parse("alphabeta depth=20 time=0.3 lmr=on aspiration=0.003")
    with pytest.raises(EngineSpecError, match="no option 'depht'"):
        engine_for(game, "default depht=3")


def test_the_default_depends_on_the_game_options() -> None:
    three_players = make_game("pig", {"players": 3})
    assert engine_for(three_players, "default").algorithm == "maxn"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_the_command_line_accepts_default_everywhere() -> None:
    code, output = run("analyze", "tictactoe", "--engine", "default", "--json")
    assert code == 0 and json.loads(output)["engine"] == "alphabeta depth=9 time=2"
    code, output = run("compare", "tictactoe", "--engine", "default", "--engine",
                       "minimax depth=2", "--json")
    engines = [row["engine"] for row in json.loads(output)["engines"]]
    assert code == 0 and engines == ["alphabeta depth=9 time=2", "minimax depth=2"]
    code, output = run("arena", "tictactoe", "--engine", "default", "--engine", "random",
                       "--games", "2", "--json")
    assert code == 0 and json.loads(output)["engine_a"] == "alphabeta depth=9 time=2"


def test_a_bad_default_override_is_one_line() -> None:
    code, output = run("analyze", "tictactoe", "--engine", "default depth=x")
    assert code == 2 and output.count("\n") == 1 and "depth" in output
