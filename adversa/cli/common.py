"""What every ``adversa`` subcommand shares: the one error policy, the game and
position arguments, ``--time``'s type, ``--json`` output and the perft alarm.

Input that is wrong (an unknown game, a malformed position, an illegal move, a bad
option or tree file) is reported as one line ``adversa: error: …`` on stderr with
exit status 2 — never a traceback (`AdversaGroup`, `fail`).
"""

from __future__ import annotations

import json
import re
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from decimal import Decimal
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

import click
from rich.console import Console

from adversa.games import AdversaError, Game, OptionError, make_game, parse_settings
from adversa.games.base import M, S, play_line
from adversa.games.registry import SomeGame
from adversa.search.config import TIME

console = Console()

EXIT_USAGE = 2


def fail(message: str) -> NoReturn:
    """Print the one-line error and exit with status 2."""
    click.echo(f"adversa: error: {message}", err=True)
    sys.exit(EXIT_USAGE)


class AdversaGroup(click.Group):
    """A click group that turns usage errors and `AdversaError` into one line."""

    def main(self, *args: Any, **kwargs: Any) -> Any:  # click's own: overloaded, **extra: Any
        kwargs["standalone_mode"] = False
        try:
            return super().main(*args, **kwargs)
        except click.exceptions.Exit as done:
            sys.exit(done.exit_code)
        except click.exceptions.Abort:
            click.echo("adversa: aborted", err=True)
            sys.exit(130)
        except click.UsageError as error:
            hint = f" (see 'adversa {error.ctx.command_path.split(' ', 1)[-1]} --help')" if (
                error.ctx is not None and " " in error.ctx.command_path
            ) else " (see 'adversa --help')"
            fail(f"{error.format_message()}{hint}")
        except click.ClickException as error:
            fail(error.format_message())
        except AdversaError as error:
            fail(str(error))
        except RecursionError:  # a last line of defence: the searches keep their own stacks
            fail("the game went deeper than Python's recursion limit allows; "
                 "try a smaller game, position or depth")
        except MemoryError:
            fail("out of memory; try a smaller game, depth or transposition table (tt=)")


if TYPE_CHECKING:  # click's ParamType is generic to type checkers only (not in click 8.1)
    _ParamType = click.ParamType[float, object]
else:
    _ParamType = click.ParamType


class SecondsType(_ParamType):
    """``--time`` and ``--time-per-move``: the engines' own ``time`` rule (a finite
    number of seconds, more than 0), so a flag and ``time=`` in a spec agree."""

    name = "seconds"

    def convert(self, value: object, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        try:
            seconds = TIME.parse(str(value))
        except OptionError:
            self.fail(f"{value!r}: expected a number of seconds more than 0 and at most "
                      f"{TIME.maximum:g} (leave the option out for no limit)", param, ctx)
        if not isinstance(seconds, float):  # a "float" option always parses to a float
            raise TypeError(f"{TIME.name} parsed {value!r} as {seconds!r}")
        return seconds


SECONDS: SecondsType = SecondsType()


class TimeLimitReached(Exception):
    """Raised inside a `time_limit` block when its seconds are up."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise `TimeLimitReached` in the block after ``seconds`` (a real-time alarm).

    For counts that have no polling of their own (perft): the alarm interrupts the
    Python code wherever it is. It needs the main thread and SIGALRM; elsewhere the
    block runs without a limit.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise TimeLimitReached

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


_JSON_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?[eE][-+]?\d+')
"""A JSON string (left as it is) or a number in scientific notation (rewritten)."""


def _fixed_point(match: re.Match[str]) -> str:
    token = match.group()
    if token.startswith('"'):
        return token
    text = format(Decimal(token), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def emit_json(document: object) -> None:
    """Print one JSON document (the ``--json`` output of every subcommand).

    Numbers are never in scientific notation (``json`` writes a TT fill of 8.58e-05
    so): the README promises scripts plain numbers, so they are rewritten in fixed
    point with every digit kept (``0.0000858``)."""
    text = json.dumps(document, indent=2, ensure_ascii=False)
    click.echo(_JSON_TOKEN.sub(_fixed_point, text))


Command = TypeVar("Command", bound=Callable[..., object])
"""A click command's function, which the decorators below return as they got it."""


def json_option(function: Command) -> Command:
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")(
        function
    )


def game_arguments(function: Command) -> Command:
    """The GAME argument with ``--position`` and ``--set`` shared by many commands."""
    function = click.option(
        "--set",
        "settings",
        multiple=True,
        metavar="KEY=VALUE",
        help="A game option (see 'adversa games'), e.g. --set piles=1,3,5.",
    )(function)
    function = click.option(
        "--position", "-p", default=None, help="Start from this position (game notation)."
    )(function)
    return click.argument("game_name", metavar="GAME")(function)


def load_game(game_name: str, settings: Sequence[str]) -> SomeGame:
    """The game named on the command line, with its ``--set`` options."""
    return make_game(game_name, parse_settings(settings))


def position_arguments(function: Command) -> Command:
    """`game_arguments` plus ``--moves``: the position a rule or search tool starts from."""
    function = click.option(
        "--moves", "--after", "line", default="", metavar="MOVES",
        help="Play these moves (game notation, space separated) from the --position or "
        "the start first, so the history counts, e.g. --moves '11-15 23-19'. At a chance "
        "turn write the outcome, e.g. a Pig die face: --moves 'roll 4 hold'.",
    )(function)
    return game_arguments(function)


def load_state(game: Game[S, M], position: str | None, line: str = "") -> S:
    """The start position (or ``--position``), then the ``--moves`` line played from it."""
    start = game.initial_state() if position is None else game.parse_position(position)
    return play_line(game, start, line)
