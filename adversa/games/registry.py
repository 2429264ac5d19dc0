"""The registry: every game declares, once, all that the rest of adversa needs to know.

A game module ends with one `GameEntry` named ``ENTRY``: its rules class, the engines
the app offers for it, its evaluation, what the solver may attempt, where its matches
start and the record format it writes. `GAME_MODULES` below lists the modules, one line
per game. The CLI, the app, the match tools and the solver look games up here, so none
of them names a game, and adding a game is its module, its tests and one line in
`GAME_MODULES` (plus, for the app, its board in ``adversa/tui/boards/<name>.py``, which
the app finds by the game's name: the registration names nothing of the app).

Modules are imported on first use, so ``adversa --help`` loads no rules.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeAlias, TypeVar

from adversa.games.base import Game, M, S, UnknownGameError, rules_of
from adversa.games.evaluation import Evaluation, Evaluator, VectorEvalFunction

SomeGame: TypeAlias = "Game[Any, Any]"
"""A game chosen at run time, by its name (``make_game``, the app's current game, a session
read from a file): Python has no existential types, so a caller that holds whichever game
the user picked cannot name its state and move types. Used only at those boundaries; every
function below them is generic in the game's ``S`` and ``M``."""

SomeEntry: TypeAlias = "GameEntry[Any, Any]"
"""The registration of a game chosen at run time (see `SomeGame`): the registry's table
holds every game's, so looking one up by name cannot say which types it has."""

GAME_MODULES: dict[str, str] = {
    "tictactoe": "adversa.games.tictactoe",
    "nim": "adversa.games.nim",
    "grundy": "adversa.games.grundy",
    "pig": "adversa.games.pig",
    "checkers": "adversa.games.checkers",
    "connect4": "adversa.games.connect4",
    "othello": "adversa.games.othello",
    "chess": "adversa.games.chess",
    "backgammon": "adversa.games.backgammon",
    "tree": "adversa.games.tree",
}
"""Registry name → the module whose ``ENTRY`` declares the game; menus keep this order."""

GAME_ALIASES: dict[str, str] = {"reversi": "othello"}
"""Other names a game is known by (``adversa play reversi``) → its registry name; menus
and ``adversa games`` list the registry names only."""


RulesT = TypeVar("RulesT")
MadeT = TypeVar("MadeT")


@dataclass(frozen=True, slots=True)
class ForRules(Generic[RulesT, MadeT]):
    """A hook written for one rules class (``connect4_evaluator(game: ConnectFour)``) as
    the registry calls it: with a game of the class's states and moves, checked to be an
    instance of the class (`rules_of`) before the hook reads its attributes.

    A module-level object rather than a closure, so that an evaluation pickles into an
    engine process; a game's evaluation module need not import its rules at run time
    (the rules module imports it to register it)."""

    rules: type[RulesT]
    hook: Callable[[RulesT], MadeT]

    def __call__(self, game: Game[S, M]) -> MadeT:
        return self.hook(rules_of(game, self.rules))


@dataclass(frozen=True, slots=True)
class SolveLimits(Generic[S, M]):
    """What the exact solver may attempt for a game whose tree it can finish.

    ``too_big(game, state)`` says why a position is too big to solve *without* a
    time or node budget ("tic-tac-toe positions with at most 12 empty cells (this
    one has 16)"), or None; ``rule`` is the same limit as a phrase for ``adversa
    solve --help``. ``memo_key(game)`` may give a coarser memo key than the
    transposition key: one that is equal only for positions of equal *value*
    (pile games ignore pile order), which is all the solver needs.
    """

    label: str
    """The game's name in the solver's messages ("tic-tac-toe", "Nim")."""
    too_big: Callable[[Game[S, M], S], str | None] = lambda game, state: None
    rule: str = ""
    memo_key: Callable[[Game[S, M]], Callable[[S], Hashable]] | None = None


@dataclass(frozen=True, slots=True)
class OpeningList:
    """A named list of openings for matches: move lines in the game's notation from the
    initial position (checkers' three-move ballot)."""

    title: str
    """How a game record names an opening from it ("ACF ballot")."""
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RecordText(Generic[S, M]):
    """One game read from a game-specific record: where it starts, its moves, its tags,
    and the comment after each move ("" where there is none)."""

    start: S
    moves: tuple[M, ...]
    tags: Mapping[str, str]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RecordFormat(Generic[S, M]):
    """A game's own text record format, besides the JSON record every game can save.

    ``write(game, start, moves, tags, result, notes)`` returns the text (``result``
    None: what the final position says; ``notes``: a comment to keep after each move,
    "" for none, such as the clock's ``[%clk 0:04:58]``); ``read(game, text)`` parses
    it, raising an `AdversaError` that names the problem. ``seat_tags`` name the
    players' tags in seat order (PDN's ``Black`` and ``White``).
    """

    name: str
    suffix: str
    seat_tags: tuple[str, ...]
    write: Callable[[Game[S, M], S, Sequence[M], Mapping[str, str], str | None, Sequence[str]],
                    str]
    read: Callable[[Game[S, M], str], RecordText[S, M]]


@dataclass(frozen=True, slots=True)
class EndgameTables:
    """An endgame database the game's engine uses once it is built (checkers' tables),
    declared so the app can say it is missing and offer to build it."""

    title: str
    """What it is, e.g. "the checkers endgame database (up to 4 pieces)"."""
    built: Callable[[], bool]
    """Whether a usable database is there now."""
    command: tuple[str, ...]
    """The ``adversa`` arguments that build it, e.g. ``("endgame", "build")``."""
    cost: str
    """What building costs, for the offer: "about a minute, 8 MB"."""
    larger: EndgameTables | None = None
    """A bigger database the app offers to build as well (checkers' five pieces): more
    endings played perfectly, at a cost too high to be the one first offered."""


@dataclass(frozen=True, slots=True)
class GameEntry(Generic[S, M]):
    """Everything adversa needs to know about one game, declared by the game's module;
    generic in the game's state and move types, so that its solver limits and record
    format are checked against the rules class."""

    rules: type[Game[S, M]]
    engines: tuple[str, ...]
    """Engines the app offers, in order of preference; the first that fits the game's
    options is the default (3-player Pig cannot use expectiminimax, so it gets max^n)."""
    evaluator: Callable[[Game[S, M]], Evaluator[S]] | None = None
    """Two-player evaluation factory; None: `neutral_evaluator`."""
    vector_evaluator: Callable[[Game[S, M]], VectorEvalFunction[S]] | None = None
    """N-player evaluation factory; None: the scalar one per player, or neutral."""
    solve: SolveLimits[S, M] | None = None
    """None: the solver refuses the game (``unsolvable`` says why)."""
    unsolvable: str = ""
    openings: Mapping[str, OpeningList] = field(default_factory=dict)
    """Opening lists for matches by the name ``--openings`` takes; the first is a
    match's default, else the initial position."""
    record: RecordFormat[S, M] | None = None
    max_plies: int = 1000
    """Plies after which a match game is adjudicated a draw."""
    endgame: EndgameTables | None = None
    """An endgame database the engine can use (None: the game has none)."""

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def evaluation(self) -> Evaluation[S, M]:
        """The evaluation the game declares, as a search is handed it."""
        return Evaluation(self.evaluator, self.vector_evaluator)


def game_names() -> list[str]:
    return list(GAME_MODULES)


@functools.cache
def entry(name: str) -> SomeEntry:
    """The registration of ``name``; `UnknownGameError` names the choices."""
    name = GAME_ALIASES.get(name, name)
    try:
        module_name = GAME_MODULES[name]
    except KeyError:
        raise UnknownGameError(
            f"unknown game {name!r}; expected one of: {', '.join(GAME_MODULES)}"
        ) from None
    registration: SomeEntry = importlib.import_module(module_name).ENTRY
    return registration


def entry_of(game: Game[S, M]) -> GameEntry[S, M]:
    """The registration of a rules object's game.

    A game built outside the registry (a library user's, a test's, one that borrows a
    registered name) gets the bare entry: no evaluation, no solver, so the search still
    runs on it.
    """
    if game.name in GAME_MODULES:
        registration = entry(game.name)
        if isinstance(game, registration.rules):
            return registration
    return GameEntry(rules=type(game), engines=())


def evaluation_of(game: Game[S, M]) -> Evaluation[S, M]:
    """The evaluation ``game``'s registration declares (neutral for an unregistered game):
    what the app, the CLI and matches hand `run_search`."""
    return entry_of(game).evaluation


def make_evaluator(game: Game[S, M]) -> Evaluator[S]:
    """``game``'s declared two-player evaluator, or `neutral_evaluator` when it has none."""
    return evaluation_of(game).evaluator(game)


def make_vector_evaluator(game: Game[S, M]) -> VectorEvalFunction[S]:
    """``game``'s declared N-player evaluation (see `Evaluation.vector_evaluator`)."""
    return evaluation_of(game).vector_evaluator(game)


def game_class(name: str) -> type[SomeGame]:
    """The rules class registered under ``name``."""
    return entry(name).rules


def make_game(name: str, options: Mapping[str, object] | None = None) -> SomeGame:
    """Build a game's rules object from option values (text or typed)."""
    return game_class(name)(**dict(options or {}))


def record_formats() -> dict[str, SomeEntry]:
    """File suffix (``.pdn``) → the game whose own record format it is."""
    found: dict[str, SomeEntry] = {}
    for name in game_names():
        registration = entry(name)
        if registration.record is not None:
            found[registration.record.suffix] = registration
    return found

