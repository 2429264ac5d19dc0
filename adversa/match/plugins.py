"""``python:`` seats: an engine written as a Python plugin, run inside adversa.

A plugin is a Python file (``--engine python:path/to/my_engine.py``) or an installed
package's entry point in the group ``adversa.engines`` (``--engine python:NAME``; in
``pyproject.toml``: ``[project.entry-points."adversa.engines"] NAME = "pkg.module"``).
Either way it is a module (or any object) with

``choose_move(game, state, seconds) -> move``
    ``game`` is the rules (`adversa.games.base.Game`: ``legal_moves``, ``result``,
    ``is_terminal``, ``outcome``, ``to_move``, ``format_move``…), ``state`` the
    position to move in, ``seconds`` the time for the move (None: no limit). It returns
    one of ``game.legal_moves(state)`` or that move's text.

and optionally ``NAME``, the label shown in records. ``examples/engines/
greedy_plugin.py`` is one. A plugin runs in adversa's process, so unlike an
``external:`` program it is trusted: its time is measured, not enforced, and an
exception it raises (or an illegal move) loses the game with the reason recorded.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

from adversa.games.base import AdversaError, Game, M, S
from adversa.match.seats import OutsideEngineError

ENTRY_POINT_GROUP = "adversa.engines"


def check(command_line: str, game: Game[S, M], options: Mapping[str, str]) -> None:
    """Before a match: the plugin loads and has ``choose_move``; it takes no options."""
    if options:
        raise OutsideEngineError(
            f"python:{command_line}: plugins take no options, got "
            + ", ".join(f"{key}=" for key in options))
    _load(command_line)


def open_engine(command_line: str, game: Game[S, M],
                options: Mapping[str, str]) -> PluginEngine:
    return PluginEngine(_load(command_line))


@dataclass(frozen=True, slots=True)
class Plugin:
    """What adversa takes of a loaded plugin: its ``choose_move`` and its label."""

    choose_move: Callable[..., object]
    """``choose_move(game, state, seconds)``, someone else's code: its answer is checked
    against the legal moves, never trusted, so it is typed as returning anything."""
    label: str


def _load(command_line: str) -> Plugin:
    """The plugin of a file path (``….py`` or with a ``/``) or an entry point."""
    plugin: object
    if command_line.endswith(".py") or "/" in command_line:
        plugin = _load_file(Path(command_line))
    else:
        plugin = _load_entry_point(command_line)
    choose_move = getattr(plugin, "choose_move", None)
    if not callable(choose_move):
        raise OutsideEngineError(
            f"python:{command_line} has no choose_move(game, state, seconds) function")
    return Plugin(choose_move, str(getattr(plugin, "NAME", "") or Path(command_line).stem))


def _load_file(path: Path) -> ModuleType:
    if not path.is_file():
        raise OutsideEngineError(f"python:{path}: no such file")
    spec = importlib.util.spec_from_file_location(f"adversa_plugin_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise OutsideEngineError(f"python:{path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as error:  # a plugin's own bug, reported in one line
        raise OutsideEngineError(
            f"python:{path} failed to load ({type(error).__name__}: {error})") from None
    return module


def _load_entry_point(name: str) -> object:
    found = [point for point in entry_points(group=ENTRY_POINT_GROUP) if point.name == name]
    if not found:
        known = sorted(point.name for point in entry_points(group=ENTRY_POINT_GROUP))
        listed = ", ".join(known) if known else "none installed"
        raise OutsideEngineError(
            f"python:{name}: no such file, nor an '{ENTRY_POINT_GROUP}' entry point "
            f"({listed}); give a path ending in .py or an installed plugin's name")
    try:
        return found[0].load()
    except Exception as error:  # a plugin's own bug, reported in one line
        raise OutsideEngineError(
            f"python:{name} failed to load ({type(error).__name__}: {error})") from None


class PluginEngine:
    """A loaded plugin as an `OutsideEngine` seat."""

    def __init__(self, plugin: Plugin) -> None:
        self.plugin = plugin
        self.label = plugin.label

    def choose_move(self, game: Game[S, M], start: S, moves: Sequence[M], state: S,
                    seconds: float | None,
                    on_info: Callable[[str], None] | None = None) -> M:
        try:
            answer = self.plugin.choose_move(game, state, seconds)
        except Exception as error:  # the plugin's bug loses its game, nothing else
            raise OutsideEngineError(
                f"{self.label} raised {type(error).__name__}: {error}") from None
        legal = list(game.legal_moves(state))
        if isinstance(answer, str):
            text = answer
            try:
                answer = game.parse_move(state, text)
            except AdversaError:
                raise OutsideEngineError(
                    f"{self.label} played an illegal move {text[:40]!r}") from None
        if answer not in legal:
            raise OutsideEngineError(f"{self.label} played an illegal move {str(answer)[:40]!r}")
        return legal[legal.index(answer)]  # the game's own move, equal to the plugin's

    def close(self) -> None:
        """Nothing to end: the plugin lives in this process."""
