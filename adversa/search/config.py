"""One value type that describes an engine, with a text form that parses back.

``alphabeta depth=10 time=2 tt=64 quiescence=on`` is an `EngineConfig`; so is
``mcts iterations=5000 seed=7`` and ``human`` is not (the app handles humans).
The CLI's ``--algorithm``/``--option``, the app's player forms and engine
matches all build the same value, so a setting means the same everywhere.

Each algorithm declares its parameters (`PARAMS`) as `Option` values, the type game
options use too, with defaults and ranges, so forms and error messages are generated,
never hand-written per algorithm.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypeAlias, TypedDict

from adversa.games.base import AdversaError, Option, OptionError, parse_assignments

ParamValue: TypeAlias = "int | float | bool | None"
"""An engine parameter's value: every engine parameter is a number or a switch, and None
means "not set" (no time limit, no node budget)."""


class EngineDocument(TypedDict):
    """`EngineConfig.to_json`'s form: the algorithm and the values given, typed."""

    algorithm: str
    params: dict[str, ParamValue]


class EngineSpecError(AdversaError):
    """An engine text form or parameter that does not parse."""


def _param(name: str, kind: str, default: ParamValue, help: str, minimum: float | None = None,
           maximum: float | None = None, *, above: bool = False) -> Option:
    """An engine parameter: an `Option` whose booleans read ``on``/``off``."""
    return Option(name, kind, default, help, minimum, maximum, above=above, words=("on", "off"))


_DEPTH = _param("depth", "int", 4, "plies to search (decision plies for chance games); "
                "under a time budget, the deepest iteration (omit it to deepen until time "
                "is up)", 0, 64)
TIME = _param("time", "float", None, "seconds per move, more than 0; omit it for no limit",
               0, 3600, above=True)
NODES = _param("nodes", "int", None, "stop after about this many nodes (checked every 1,024), "
               "at most 10^12; omit it for no limit", 1, 10**12)
_SEED = _param("seed", "int", 0, "random seed, for reproducible play", 0, None)
_TRACE = _param(
    "trace", "int", 0, "record up to this many visited nodes for the tree explorer", 0, 200_000
)
_TABLE = _param("tt", "bool", True, "transposition table: results reused per remaining depth")


@dataclass(frozen=True, slots=True)
class Algorithm:
    """One search algorithm: its name, the module that implements it (``fits`` and
    ``search``, see `adversa.search.engine`) and its parameters in the order forms show
    them. A module may serve several names and reads ``config.algorithm``."""

    name: str
    module: str
    params: tuple[Option, ...]


ALGORITHMS: dict[str, Algorithm] = {algorithm.name: algorithm for algorithm in (
    Algorithm("minimax", "adversa.search.minimax", (_DEPTH, TIME, NODES, _TRACE)),
    Algorithm("alphabeta", "adversa.search.alphabeta", (
        _DEPTH,
        TIME,
        NODES,
        _param("ordering", "bool", True, "order moves: TT move, captures, killers, history"),
        _param("killers", "bool", True, "killer-move heuristic (part of ordering)"),
        _param("history", "bool", True, "history heuristic (part of ordering)"),
        _param("tt", "int", 16, "transposition table size in MB; 0 turns it off", 0, 4096),
        _param("etc", "bool", True, "enhanced transposition cutoffs: look the children up in "
               "the table first (needs tt; not with lmr)"),
        _param("id", "bool", True, "iterative deepening (always on when time is set)"),
        _param("step", "int", 1, "plies each deepening pass adds; 2 skips the passes of the "
               "other parity (fewer nodes where values swing between odd and even depths)",
               1, 4),
        _param("quiescence", "bool", True, "extend the search while a capture is pending"),
        _param("beam", "int", 0, "forward pruning: search only the best N moves; 0 = all", 0, 1000),
        _param("pvs", "bool", True, "principal variation search (null windows)"),
        _param("aspiration", "float", 0.0, "aspiration window half-width; 0 = off", 0, None),
        _param("lmr", "bool", False, "late move reductions (needs pvs; changes values)"),
        _param("lmrfrom", "int", 2, "with lmr: the first move reduced, counted from 0 "
               "(1: every move after the first)", 1, 63),
        _param("delta", "bool", True, "delta pruning in quiescence: skip a capture whose "
               "largest gain cannot lift the value to alpha (games that bound it)"),
        _param("checkext", "bool", True, "check extension: a move that gives check is "
               "searched a ply deeper (games with checks)"),
        _param("nullmove", "bool", False, "null-move pruning: pass the turn, and a reduced "
               "search that still fails high cuts (games that allow a pass; changes values)"),
        _param("probcut", "bool", False, "ProbCut: a shallower search predicts the deep "
               "value and cuts when it clears the window with confidence (games whose "
               "evaluation has a fitted model; changes values)"),
        _param("futility", "bool", False, "futility pruning near the horizon: a static value "
               "far outside the window decides the node, or leaves only forcing moves (games "
               "whose evaluation gives margins; changes values)"),
        _TRACE,
    )),
    Algorithm("expectimax", "adversa.search.expectimax", (_DEPTH, TIME, NODES, _TABLE, _TRACE)),
    Algorithm("expectiminimax", "adversa.search.expectimax", (
        _DEPTH,
        TIME,
        NODES,
        _param("star1", "bool", False, "alpha-beta-style bounds at chance nodes (Star1)"),
        _param("star2", "bool", False, "Star1 plus a probe of each outcome's first move "
               "for a bound before the full search (Star2)"),
        _param("candidates", "int", 0, "search only the best N root moves by their static "
               "value when deeper than one ply; 0 = all", 0, 1000),
        _param("margin", "float", None, "with candidates: keep only root moves whose static "
               "value is within this of the best one's; omit it for no margin", 0, None),
        _TABLE,
        _TRACE,
    )),
    Algorithm("maxn", "adversa.search.maxn", (_DEPTH, TIME, NODES, _TABLE, _TRACE)),
    Algorithm("paranoid", "adversa.search.maxn", (_DEPTH, TIME, NODES, _TABLE, _TRACE)),
    Algorithm("mcts", "adversa.search.mcts", (
        _param("iterations", "int", 2000, "playouts, 1 to 1,000,000 (each adds a node to the "
               "tree kept in memory); with a time budget and no iterations given, playouts run "
               "until the time is up", 1, 1_000_000),
        TIME,
        NODES,
        _param("c", "float", 1.414, "UCT exploration constant", 0, None),
        _param("rollout", "int", 200, "maximum plies in one random playout", 1, None),
        _SEED,
    )),
    Algorithm("solve", "adversa.search.solve", (TIME, NODES)),
    Algorithm("random", "adversa.search.random_move", (_SEED,)),
)}
"""The one algorithm registry, in menu order."""

PARAMS: dict[str, tuple[Option, ...]] = {name: entry.params for name, entry in ALGORITHMS.items()}
"""Every algorithm's parameters (a view of `ALGORITHMS`)."""


@dataclass(frozen=True)
class EngineConfig:
    """An algorithm and the parameter values the user gave, exactly as given.

    A parameter given at its default value stays given: ``alphabeta depth=4 time=5``
    is "depth 4, capped at 5 s", another engine than ``alphabeta time=5`` (deepen
    until the time is up), and its text form says so. Two configs are equal when
    they name the same algorithm and were given the same values. `get` answers for
    every declared parameter, with the default for those not given.
    """

    algorithm: str
    params: tuple[tuple[str, ParamValue], ...] = field(default=())

    @classmethod
    def create(
        cls, algorithm: str, values: Mapping[str, ParamValue | str] | None = None
    ) -> EngineConfig:
        """Validate ``values`` (typed, or text to parse) for ``algorithm`` and build a config."""
        declared = _declared(algorithm)
        kept: dict[str, ParamValue] = {}
        for name, value in (values or {}).items():
            if name not in declared:
                known = ", ".join(declared) or "none"
                raise EngineSpecError(
                    f"{algorithm} has no option {name!r}; its options are: {known}"
                )
            option = declared[name]
            try:
                kept[name] = _engine_value(
                    option, option.parse(value if isinstance(value, str) else option.format(value))
                )
            except OptionError as error:
                raise EngineSpecError(f"engine {error}") from None
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
        try:
            values = parse_assignments(words[1:], "depth=6")
        except OptionError as error:
            raise EngineSpecError(f"engine option {error}") from None
        return cls.create(words[0].lower(), values)

    def get(self, name: str) -> ParamValue:
        """A parameter's value, its declared default when not given."""
        for key, value in self.params:
            if key == name:
                return value
        option = _declared(self.algorithm)[name]
        return _engine_value(option, option.default)

    def whole(self, name: str) -> int:
        """A whole-number parameter's value (``depth``, ``trace``, ``beam``, …)."""
        value = self.get(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{self.algorithm} parameter {name} is {value!r}, not a whole number")
        return value

    def number(self, name: str) -> float:
        """A numeric parameter's value as a float (``aspiration``, ``c``)."""
        value = self.get(name)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise TypeError(f"{self.algorithm} parameter {name} is {value!r}, not a number")
        return float(value)

    def flag(self, name: str) -> bool:
        """A switch's value (``pvs``, ``star1``, …)."""
        value = self.get(name)
        if not isinstance(value, bool):
            raise TypeError(f"{self.algorithm} parameter {name} is {value!r}, not on or off")
        return value

    def given(self, name: str) -> bool:
        """Whether the user gave ``name`` (even at its default value)."""
        return any(key == name for key, _ in self.params)

    def with_values(self, **values: ParamValue | str) -> EngineConfig:
        """This config with ``values`` given too; they replace values of the same name."""
        merged: dict[str, ParamValue | str] = dict(self.params)
        merged.update(values)
        return EngineConfig.create(self.algorithm, merged)

    def without(self, *names: str) -> EngineConfig:
        """This config with ``names`` no longer given (they fall back to their defaults)."""
        return EngineConfig(self.algorithm,
                            tuple((key, value) for key, value in self.params if key not in names))

    @property
    def text(self) -> str:
        declared = _declared(self.algorithm)
        parts = [self.algorithm]
        parts += [f"{name}={declared[name].format(value)}" for name, value in self.params]
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> EngineDocument:
        """``{"algorithm": …, "params": {…}}`` with typed values, for saved files (every
        engine parameter is a JSON scalar as it is)."""
        return {"algorithm": self.algorithm, "params": dict(self.params)}

    @classmethod
    def from_json(cls, document: object) -> EngineConfig:
        """The inverse of `to_json`; also takes the text form older files wrote."""
        if isinstance(document, str):
            return cls.parse(document)
        if not isinstance(document, dict) or not isinstance(document.get("algorithm"), str):
            raise EngineSpecError(f"engine {document!r}: expected an object with an algorithm")
        algorithm: str = document["algorithm"]
        declared = _declared(algorithm)
        params = document.get("params", {})
        if not isinstance(params, dict) or any(name not in declared for name in params):
            raise EngineSpecError(f"engine {document!r}: unknown or malformed params")
        try:
            values = {name: _engine_value(declared[name], declared[name].from_json(value))
                      for name, value in params.items()}
        except OptionError as error:
            raise EngineSpecError(f"engine {error}") from None
        return cls.create(algorithm, values)

    @property
    def node_budget(self) -> int | None:
        """Nodes per move, or None for no limit."""
        nodes = self._limit("nodes")
        return None if nodes is None else int(nodes)

    @property
    def budgeted(self) -> bool:
        """Whether a time or node budget may stop the search at any moment."""
        return self.time_budget is not None or self.node_budget is not None

    @property
    def time_budget(self) -> float | None:
        """Seconds per move, or None for no limit."""
        return self._limit("time")

    def _limit(self, name: str) -> float | None:
        """A budget's value (``time``, ``nodes``): None when the algorithm has no such
        parameter or it was not set."""
        if name not in _declared(self.algorithm):
            return None
        value = self.get(name)
        return None if value is None else float(value)


def _engine_value(option: Option, value: object) -> ParamValue:
    """``value`` as an engine parameter's type: the options of engines are numbers and
    switches (`_param`), never texts or lists; `OptionError` otherwise."""
    if value is None or isinstance(value, int | float | bool):
        return value
    raise OptionError(f"option {option.name}={value!r}: an engine takes numbers and on/off")


@functools.cache  # read at every `get`: a search's setup asks dozens of times
def _declared(algorithm: str) -> dict[str, Option]:
    try:
        return {param.name: param for param in PARAMS[algorithm]}
    except KeyError:
        raise EngineSpecError(
            f"unknown algorithm {algorithm!r}; expected one of: {', '.join(PARAMS)}"
        ) from None


def algorithm_names() -> Iterable[str]:
    return PARAMS.keys()
