"""One value type that describes an engine, with a text form that parses back.

``alphabeta depth=10 time=2 tt=64 quiescence=on`` is an `EngineConfig`; so is
``mcts iterations=5000 seed=7`` and ``human`` is not (the app handles humans).
The CLI's ``--algorithm``/``--option``, the app's player forms and engine
matches all build the same value, so a setting means the same everywhere.

Each algorithm declares its parameters (`PARAMS`), with defaults and ranges, so
forms and error messages are generated, never hand-written per algorithm.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from adversa.games.base import AdversaError


class EngineSpecError(AdversaError):
    """An engine text form or parameter that does not parse."""


@dataclass(frozen=True, slots=True)
class Param:
    """A declared engine parameter: ``kind`` is ``"int"``, ``"float"`` or ``"bool"``."""

    name: str
    kind: str
    default: Any
    help: str
    minimum: float | None = None
    maximum: float | None = None

    def parse(self, text: str) -> Any:
        lowered = text.strip().lower()
        try:
            if self.kind == "bool":
                if lowered in ("on", "true", "yes", "1"):
                    return True
                if lowered in ("off", "false", "no", "0"):
                    return False
                raise ValueError(text)
            value: Any = int(lowered) if self.kind == "int" else float(lowered)
        except ValueError:
            expected = {"bool": "on or off", "int": "a whole number"}.get(self.kind, "a number")
            raise EngineSpecError(
                f"engine option {self.name}={text!r}: expected {expected}"
            ) from None
        if self.minimum is not None and value < self.minimum:
            raise EngineSpecError(f"engine option {self.name}={text}: minimum is {self.minimum:g}")
        if self.maximum is not None and value > self.maximum:
            raise EngineSpecError(f"engine option {self.name}={text}: maximum is {self.maximum:g}")
        return value

    def format(self, value: Any) -> str:
        if self.kind == "bool":
            return "on" if value else "off"
        if self.kind == "float":
            # The shortest text that parses back to the same float ("2", "0.25", "1000.375").
            text = repr(float(value))
            return text.removesuffix(".0")
        return str(value)


_DEPTH = Param("depth", "int", 4, "plies to search (decision plies for chance games)", 0, 64)
_TIME = Param("time", "float", 0.0, "seconds per move; 0 means no limit", 0, 3600)
_SEED = Param("seed", "int", 0, "random seed, for reproducible play", 0, None)
_TRACE = Param(
    "trace", "int", 0, "record up to this many visited nodes for the tree explorer", 0, 200_000
)
_TABLE = Param("tt", "bool", True, "transposition table: results reused per remaining depth")

PARAMS: dict[str, tuple[Param, ...]] = {
    "minimax": (_DEPTH, _TIME, _TRACE),
    "alphabeta": (
        _DEPTH,
        _TIME,
        Param("ordering", "bool", True, "order moves: TT move, captures, killers, history"),
        Param("killers", "bool", True, "killer-move heuristic (part of ordering)"),
        Param("history", "bool", True, "history heuristic (part of ordering)"),
        Param("tt", "int", 16, "transposition table size in MB; 0 turns it off", 0, 4096),
        Param("id", "bool", True, "iterative deepening (always on when time is set)"),
        Param("quiescence", "bool", True, "extend while captures are pending (checkers)"),
        Param("beam", "int", 0, "forward pruning: search only the best N moves; 0 = all", 0, 1000),
        Param("pvs", "bool", True, "principal variation search (null windows)"),
        Param("aspiration", "float", 0.0, "aspiration window half-width; 0 = off", 0, None),
        Param("lmr", "bool", False, "late move reductions (needs pvs; changes values)"),
        _TRACE,
    ),
    "expectimax": (_DEPTH, _TIME, _TABLE, _TRACE),
    "expectiminimax": (
        _DEPTH,
        _TIME,
        Param("star1", "bool", False, "alpha-beta-style bounds at chance nodes (Star1)"),
        _TABLE,
        _TRACE,
    ),
    "maxn": (_DEPTH, _TIME, _TABLE, _TRACE),
    "paranoid": (_DEPTH, _TIME, _TABLE, _TRACE),
    "mcts": (
        Param("iterations", "int", 2000, "playouts; 0 means use the time budget", 0, None),
        _TIME,
        Param("c", "float", 1.414, "UCT exploration constant", 0, None),
        Param("rollout", "int", 200, "maximum plies in one random playout", 1, None),
        _SEED,
    ),
    "solve": (_TIME,),
    "random": (_SEED,),
}
"""Every algorithm and its parameters, in the order forms show them."""


@dataclass(frozen=True)
class EngineConfig:
    """An algorithm and its parameter values (only those that differ from defaults
    are kept, so equal engines compare equal however they were written).

    One exception: a ``depth`` given together with a time budget is kept even at
    its default value, because under a clock "no depth" means "deepen until the
    time is up" (`common.depth_schedule`), so ``depth=4 time=2`` is another engine
    than ``time=2``.
    """

    algorithm: str
    params: tuple[tuple[str, Any], ...] = field(default=())

    @classmethod
    def create(cls, algorithm: str, values: Mapping[str, Any] | None = None) -> EngineConfig:
        """Validate ``values`` (typed or text) for ``algorithm`` and build a config."""
        declared = _declared(algorithm)
        kept: dict[str, Any] = {}
        depth_given: int | None = None  # a depth equal to the default (see the class)
        for name, value in (values or {}).items():
            if name not in declared:
                known = ", ".join(declared) or "none"
                raise EngineSpecError(
                    f"{algorithm} has no option {name!r}; its options are: {known}"
                )
            param = declared[name]
            parsed = param.parse(value) if isinstance(value, str) else param.parse(str(value))
            if parsed != param.default:
                kept[name] = parsed
            elif name == "depth":
                depth_given = parsed
        if depth_given is not None and kept.get("time", 0) > 0:
            kept["depth"] = depth_given
        order = list(declared)
        return cls(algorithm, tuple(sorted(kept.items(), key=lambda kv: order.index(kv[0]))))

    @classmethod
    def parse(cls, text: str) -> EngineConfig:
        """Parse ``"alphabeta depth=10 tt=64"``; the inverse of `text`."""
        words = text.split()
        if not words:
            raise EngineSpecError(
                f"empty engine specification; expected e.g. 'alphabeta depth=6' "
                f"with one of: {', '.join(PARAMS)}"
            )
        values: dict[str, str] = {}
        for word in words[1:]:
            key, sep, value = word.partition("=")
            if not sep:
                raise EngineSpecError(f"engine option {word!r} is not KEY=VALUE (e.g. depth=6)")
            values[key] = value
        return cls.create(words[0].lower(), values)

    def get(self, name: str) -> Any:
        """A parameter's value, its declared default when not set."""
        for key, value in self.params:
            if key == name:
                return value
        return _declared(self.algorithm)[name].default

    def with_values(self, **values: Any) -> EngineConfig:
        merged = dict(self.params)
        merged.update(values)
        return EngineConfig.create(self.algorithm, merged)

    @property
    def text(self) -> str:
        declared = _declared(self.algorithm)
        parts = [self.algorithm]
        parts += [f"{name}={declared[name].format(value)}" for name, value in self.params]
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text

    @property
    def time_budget(self) -> float | None:
        """Seconds per move, or None for no limit."""
        if "time" not in _declared(self.algorithm):
            return None
        seconds = float(self.get("time"))
        return seconds if seconds > 0 else None


@functools.cache  # read at every `get`: a search's setup asks dozens of times
def _declared(algorithm: str) -> dict[str, Param]:
    try:
        return {param.name: param for param in PARAMS[algorithm]}
    except KeyError:
        raise EngineSpecError(
            f"unknown algorithm {algorithm!r}; expected one of: {', '.join(PARAMS)}"
        ) from None


def algorithm_names() -> Iterable[str]:
    return PARAMS.keys()
