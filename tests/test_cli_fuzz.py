"""Fuzzing every command's inputs: exit 0 or 2, one line on error, never a traceback or hang.

Hypothesis fills one input of a cheap base command (a position, a game option, a move
line, an engine spec, a number, a file name) with generated text; every run must end
by itself — within a generous CPU-time bound — with exit status 0 (it was valid)
or 2 with a single ``adversa: error:`` line. The work of a valid input stays small:
searches get depth 1 or a node budget, perft and solve a time budget.
"""

from __future__ import annotations

import signal
from typing import Any

from click.testing import CliRunner, Result
from hypothesis import given, settings
from hypothesis import strategies as st

from adversa.cli import main
from adversa.games.registry import game_names

BOUND_SECONDS = 60
"""A hang detector, not a measurement: CPU seconds for one command, whose valid inputs
do milliseconds of work (or stop at their own --time of a few seconds)."""


class Hung(Exception):
    """Raised by the CPU-time alarm of `invoke`."""

TOKENS = st.sampled_from([
    "", " ", "0", "-1", "1", "3", "7", "1000", "1001", "99999999999999999999", "1e400", "nan",
    "inf", "-0", "0.5", "x", "=", "==", "a=b", "piles=1,2", "piles=", "width=4", "k=9",
    "depth=2", "depth=3 depth=4", "nodes=50", "time=0", "time=nan", "٣", "1_0", ";2", ";9",
    "1,2,3", ",", "B:W21:B1", "W:WK5:BK10", "XXX/OO./...", "X../.../...", "11-15", "9-13",
    "b2", "a1", "1:1", "2:1", "roll", "hold", "4", "r", "h", "1.1", "2.1", "\x00", "é",
    "alphabeta", "minimax", "mcts", "solve", "random", "maxn", "/bin/ls", "/", "/no/such",
    "scores=10,20;player=1;total=15", "three-ply", "file=three-ply", "players=3",
])
FUZZ = st.one_of(TOKENS, st.lists(TOKENS, min_size=1, max_size=4).map(" ".join),
                 st.text(max_size=12))
GAMES = st.sampled_from([*game_names(), "not-a-game", ""])
"""Every registered game (a new one is fuzzed without anyone listing it), a name that is no
game, and none."""


def invoke(arguments: list[str]) -> Result:
    """Run the CLI in this (main) thread, as the real command runs, under a CPU-time alarm
    (SIGPROF: separate from the real-time alarm that ``perft --time`` uses)."""

    def expire(signum: int, frame: Any) -> None:
        raise Hung(f"hung: adversa {arguments}")

    previous = signal.signal(signal.SIGPROF, expire)
    signal.setitimer(signal.ITIMER_PROF, BOUND_SECONDS)
    try:
        return CliRunner().invoke(main, arguments)
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def check(arguments: list[str]) -> None:
    result = invoke(arguments)
    assert not isinstance(result.exception, Hung), result.exception
    assert result.exit_code in (0, 2), (arguments, result.exit_code, result.output[-500:])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"traceback for {arguments}") from result.exception
    assert "Traceback" not in result.output, arguments
    if result.exit_code == 2:
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("adversa: error: "), (arguments, lines)


def base_commands(game: str, text: str) -> list[list[str]]:
    """Each command with ``text`` in one of its inputs."""
    return [
        ["moves", game, "-p", text],
        ["moves", game, "--set", text],
        ["moves", game, "--moves", text],
        ["perft", game, "--depth", "2", "--time", "2", "-p", text],
        ["perft", game, "--depth", text, "--time", "2"],
        ["analyze", game, "--engine", "alphabeta depth=1", "-p", text],
        ["analyze", game, "--engine", "alphabeta depth=1", "--moves", text],
        ["analyze", game, "--depth", "1", "--set", text],
        ["analyze", "tictactoe", "--engine", f"alphabeta nodes=500 {text}"],
        ["analyze", "tictactoe", "-a", "alphabeta", "--depth", "2", "--time", text],
        ["solve", game, "--time", "2", "-p", text],
        ["solve", game, "--time", "2", "--set", text],
        ["compare", game, "--engine", "minimax depth=1", "--engine", "alphabeta depth=1",
         "--sequential", "--table", "-p", text],
        ["arena", game, "--engine", "random", "--engine", "random", "--games", "2",
         "--openings", text],
        ["arena", "tictactoe", "--engine", "random", "--engine", text, "--games", "2"],
        ["tree", text],
        ["tree", "three-ply", "--algorithm", text],
        ["games", game],
    ]


@settings(max_examples=30)
@given(game=GAMES, text=FUZZ)
def test_no_input_crashes_or_hangs_any_command(game: str, text: str) -> None:
    for arguments in base_commands(game, text):
        check(arguments)
