"""``adversa tournament --backend ray`` (issue 31): the same games, the same files.

Run against a real Ray instance the test starts on this machine (``ray.init(num_cpus=1)``);
skipped, saying why, where the ``ray`` package cannot be imported. The engines are
depth-limited searches, seeded random movers and the example external engine, so the
games are the same on any machine and with either backend; only their times differ.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.match.arena import MatchError
from adversa.match.ray_backend import RayBackend
from adversa.match.tournament import TournamentSettings

ROOT = Path(__file__).resolve().parent.parent
RANDOM_MOVER = ROOT / "examples" / "engines" / "random_mover.py"
ENGINES = ("alphabeta depth=2", "random", f"external:{sys.executable} {RANDOM_MOVER} 5")
TIMES = ("seconds", "thinking_seconds", "move_seconds")
"""Fields of a game file that measure time, which differs from run to run."""


@pytest.fixture(scope="module")
def ray_instance() -> Iterator[Any]:
    """A one-CPU Ray instance for this module; its workers import this checkout."""
    try:
        import ray
    except ImportError as error:
        pytest.skip(f"the 'ray' package cannot be imported ({error}); "
                    "pip install 'adversa[ray]' to run these tests")
    with pytest.MonkeyPatch.context() as patch:
        path = os.environ.get("PYTHONPATH")
        patch.setenv("PYTHONPATH", str(ROOT) + (os.pathsep + path if path else ""))
        ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
    try:
        yield ray
    finally:
        ray.shutdown()


def tournament_args(out: Path, *extra: str) -> list[str]:
    engines = [word for spec in ENGINES for word in ("--engine", spec)]
    return ["tournament", "tictactoe", *engines, "--games", "2", "--out", str(out), "--json",
            *extra]


def games_without_times(folder: Path) -> dict[str, dict[str, Any]]:
    games = {}
    for path in sorted((folder / "games").iterdir()):
        record = json.loads(path.read_text())
        games[path.name] = {key: value for key, value in record.items() if key not in TIMES}
    return games


def test_ray_plays_the_same_games_and_writes_the_same_files(ray_instance: Any,
                                                            tmp_path: Path) -> None:
    local = CliRunner().invoke(main, tournament_args(tmp_path / "local"))
    assert local.exit_code == 0, local.output
    on_ray = CliRunner().invoke(main, tournament_args(tmp_path / "ray", "--backend", "ray"))
    assert on_ray.exit_code == 0, on_ray.output
    assert json.loads(on_ray.output)["games"] == 6  # three pairings of two games
    assert json.loads(on_ray.output) == json.loads(local.output)
    local_games = games_without_times(tmp_path / "local")
    assert len(local_games) == 6
    assert games_without_times(tmp_path / "ray") == local_games
    for name in ("results.json", "tournament.json"):
        assert ((tmp_path / "ray" / name).read_text()
                == (tmp_path / "local" / name).read_text())


def test_a_tournament_resumed_on_ray_plays_only_the_missing_games(ray_instance: Any,
                                                                  tmp_path: Path) -> None:
    folder = tmp_path / "t"
    assert CliRunner().invoke(main, tournament_args(folder)).exit_code == 0
    kept = sorted((folder / "games").iterdir())[:2]
    mtimes = {path: path.stat().st_mtime_ns for path in kept}
    for path in sorted((folder / "games").iterdir())[2:]:
        path.unlink()
    resumed = CliRunner().invoke(main, ["tournament", "--resume", str(folder), "--json",
                                        "--backend", "ray"])
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.output)["games"] == 6
    assert {path: path.stat().st_mtime_ns for path in kept} == mtimes  # not replayed


def test_an_engine_missing_on_a_worker_is_refused_before_any_game(ray_instance: Any,
                                                                  tmp_path: Path) -> None:
    cluster = RayBackend()
    with pytest.raises(MatchError, match=r"Ray node .*no-such-engine-x"):
        cluster.check_workers(TournamentSettings(
            "tictactoe", ("random", "external:no-such-engine-x --fast")))
    with pytest.raises(MatchError, match=r"Ray node .*no such file"):
        cluster.check_workers(TournamentSettings(
            "tictactoe", ("random", f"python:{tmp_path / 'gone.py'}")))
    cluster.check_workers(TournamentSettings("tictactoe", ENGINES))


def test_without_ray_the_backend_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    result = CliRunner().invoke(main, tournament_args(tmp_path / "t", "--backend", "ray"))
    assert result.exit_code == 2
    assert "pip install 'adversa[ray]'" in result.output
    assert "Traceback" not in result.output


def test_an_address_where_nothing_answers_is_refused_at_once(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="the 'ray' package cannot be imported")
    with socket.socket() as unused:  # a port nothing listens on: bound, never listening
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
        result = CliRunner().invoke(main, tournament_args(
            tmp_path / "t", "--backend", "ray", "--address", f"127.0.0.1:{port}"))
    assert result.exit_code == 2
    assert "nothing answers there" in result.output


def test_an_address_needs_the_ray_backend(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, tournament_args(tmp_path / "t", "--address", "auto"))
    assert result.exit_code == 2
    assert "--backend ray" in result.output
