"""Seats played by something other than adversa's own search: outside programs, plugins.

Everywhere an engine is accepted (``arena``, ``tournament``, ``compare``) a seat is
either an `EngineConfig` (adversa's own search, ``alphabeta depth=6``) or an
`OutsideSeat`: a spec with a prefix naming the module that knows how to talk to it,

* ``external:COMMAND LINE [KEY=VALUE …]``: any program over adversa's line protocol
  (`adversa.match.external`, ``docs/engine-protocol.md``);
* ``python:path/to/engine.py`` or ``python:NAME`` (entry point group
  ``adversa.engines``): a Python plugin (`adversa.match.plugins`);
* ``uci:``, ``gtp:``, ``gnubg:``: UCI, GTP and GNU Backgammon programs.

An `OutsideSeat` is only text, so it pickles into a match's worker processes; the
engine itself (a process, a loaded plugin) is opened inside the worker for each game
(`open_seat`) and closed when the game ends. The modules are imported on first use,
so a missing one costs nothing until it is named.

The command line is split as a shell would split it (`shlex`) but never run through
a shell: ``external:./my engine.py`` is two words, ``external:'./my engine.py'`` one.
Trailing ``KEY=VALUE`` words are options for adversa's side of the seat (time
budgets, limits), not arguments of the program.
"""

from __future__ import annotations

import importlib
import os
import re
import shlex
import shutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Protocol

from adversa.games.base import AdversaError, Game, M, S
from adversa.search.config import EngineConfig


class OutsideEngineError(AdversaError):
    """An outside engine that crashed, wrote garbage, answered an illegal move, ran out
    of time or cannot be started; the message is one line saying which."""


class OutsideEngine(Protocol):
    """A seat played by a program or plugin rather than adversa's own search."""

    label: str
    """Shown in records and the panel, e.g. ``"GRhino (gtp-rhino)"``."""

    def choose_move(self, game: Game[S, M], start: S, moves: Sequence[M], state: S,
                    seconds: float | None,
                    on_info: Callable[[str], None] | None = None) -> M:
        """The move to play in ``state``, reached from ``start`` by ``moves`` (every move
        and chance outcome since), thinking about ``seconds`` (None: the engine's own
        budget); ``on_info`` gets each progress line. Raises `OutsideEngineError`."""
        ...

    def close(self) -> None:
        """End the engine (its process, its files); safe to call twice."""
        ...


PREFIXES: dict[str, str] = {
    "external": "adversa.match.external",
    "python": "adversa.match.plugins",
    "uci": "adversa.match.uci",
    "gtp": "adversa.match.gtp",
    "gnubg": "adversa.match.gnubg",
}
"""Each seat prefix and the module (with ``open_engine``) that implements it."""

_OPTION = re.compile(r"^[A-Za-z_][A-Za-z0-9_.-]*=")
GAME_ENGINE_FOLDERS = ("/usr/games", "/usr/local/games")
"""Where Debian installs game engines, outside the PATH of root and of many users."""


@dataclass(frozen=True, slots=True)
class OutsideSeat:
    """An outside engine by its spec (``external:./engine --fast time=2``): only text,
    so it travels to worker processes; `open_seat` makes the engine."""

    spec: str
    seconds: float | None = None
    """A time per move imposed by the match (``--time-per-move``); None: the seat's own."""

    @property
    def text(self) -> str:
        """The spec as the user wrote it (records and tables show it)."""
        return self.spec


Seat = EngineConfig | OutsideSeat
"""Whoever plays a seat in a match: adversa's own search or an outside engine."""


def is_outside_spec(text: str) -> bool:
    """True when ``text`` names an outside engine (starts with a known prefix)."""
    prefix, colon, _ = text.strip().partition(":")
    return bool(colon) and prefix in PREFIXES


def short_spec(spec: str) -> str:
    """An outside spec with the folders dropped from its paths, for tables and seat lines
    (``external:/usr/bin/python3 /home/ann/random_mover.py`` → ``external:python3
    random_mover.py``)."""
    prefix, _, rest = spec.partition(":")
    return f"{prefix}:" + " ".join(os.path.basename(word) if "/" in word else word
                                   for word in rest.split(" "))


def split_spec(spec: str) -> tuple[str, str, dict[str, str]]:
    """``(prefix, command line, options)`` of an outside spec; trailing ``KEY=VALUE``
    words are the options. Raises `OutsideEngineError` for an empty command or
    unbalanced quotes."""
    prefix, _, rest = spec.strip().partition(":")
    try:
        words = shlex.split(rest)
    except ValueError as error:
        raise OutsideEngineError(f"engine {spec!r}: {error} (quote the command as a shell would)"
                                 ) from None
    options: dict[str, str] = {}
    while len(words) > 1 and _OPTION.match(words[-1]):
        key, _, value = words.pop().partition("=")
        options.setdefault(key, value)
    if not words:
        raise OutsideEngineError(
            f"engine {spec!r}: nothing after '{prefix}:'; expected e.g. '{prefix}:COMMAND'")
    return prefix, shlex.join(words), dict(reversed(options.items()))


def seat_module(prefix: str) -> ModuleType:
    """The module implementing ``prefix``, imported now; a clear error when it is missing."""
    name = PREFIXES.get(prefix)
    if name is None:
        raise OutsideEngineError(
            f"unknown engine prefix {prefix!r}; expected one of: "
            + ", ".join(f"{known}:" for known in PREFIXES))
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise OutsideEngineError(
                f"'{prefix}:' engines need the Python package {error.name!r}, which is not "
                f"installed") from None
        raise OutsideEngineError(
            f"'{prefix}:' engines are not available in this version of adversa "
            f"({name} is missing)") from None


def parse_seat(game: Game[S, M], spec: str) -> OutsideSeat:
    """Check an outside spec for ``game`` before any game is played (the module exists,
    the program is found) and return its seat."""
    prefix, command, options = split_spec(spec)
    module = seat_module(prefix)
    check = getattr(module, "check", None)
    if check is not None:
        check(command, game, options)
    return OutsideSeat(spec.strip())


def open_seat(seat: OutsideSeat, game: Game[S, M]) -> OutsideEngine:
    """Start the engine of ``seat`` for one game (in the process that plays it)."""
    prefix, command, options = split_spec(seat.spec)
    engine: OutsideEngine = seat_module(prefix).open_engine(command, game, options)
    return engine


def find_program(name: str, install_hint: str = "") -> str:
    """The path of program ``name`` (a path as given, else searched on PATH and in the
    game folders); `OutsideEngineError` saying so, and how to install it, when absent."""
    if os.sep in name:
        if os.path.isfile(name) and os.access(name, os.X_OK):
            return name
        why = "no such file" if not os.path.exists(name) else "not an executable file"
        raise OutsideEngineError(f"engine program {name!r}: {why}")
    path = os.environ.get("PATH", os.defpath) + os.pathsep + os.pathsep.join(GAME_ENGINE_FOLDERS)
    found = shutil.which(name, path=path)
    if found is None:
        hint = f"; {install_hint}" if install_hint else ""
        raise OutsideEngineError(
            f"engine program {name!r} is not on PATH nor in {' or '.join(GAME_ENGINE_FOLDERS)}"
            f"{hint}")
    return found


def parse_options(options: Mapping[str, str], known: Mapping[str, float],
                  spec: str) -> dict[str, float]:
    """Numeric seat options over their defaults ``known``; one-line errors for an
    unknown key or a value that is not a positive number."""
    values = dict(known)
    for key, text in options.items():
        if key not in known:
            raise OutsideEngineError(
                f"engine {spec!r}: unknown option {key!r}; expected "
                + ", ".join(f"{name}=" for name in known))
        try:
            value = float(text)
        except ValueError:
            value = -1.0
        if not value > 0 or value == float("inf"):
            raise OutsideEngineError(
                f"engine {spec!r}: {key}={text!r}: expected a number more than 0")
        values[key] = value
    return values
