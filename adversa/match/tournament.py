"""Tournaments: many engines, every pairing a small match, one rating scale for all.

A tournament is fixed by its `TournamentSettings` (saved as ``tournament.json`` in its
folder, so ``--resume`` rebuilds exactly the same games). Its formats:

* **round-robin**: every engine meets every other;
* **gauntlet**: the first engine meets each of the others (a new engine against a
  field of references).

Each pairing plays ``games`` games as an arena match does (`adversa.match.arena`):
pairs of games share an opening with colours swapped, and every pairing starts from
the same openings in the same order. Game number ``k·games + g`` (from 0) is game ``g``
of pairing ``k``, so a game's number alone says who played it; it is the unit of work
a worker process (or, later, a cluster) plays.

Finished games are `FinishedGame` values: from a game just played, or read back from
the tournament folder when resuming. Standings, the crosstable and the ratings
(`adversa.match.ratings`) are computed from them alone.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from adversa.games import make_game, parse_settings
from adversa.games.base import AdversaError, Game
from adversa.match.arena import GameRecord, GameTask, MatchError, build_plan, play_tasks
from adversa.match.openings import resolve_openings
from adversa.match.ratings import RatingError, Ratings, fit_ratings, tally_pairs
from adversa.match.seats import Seat, is_outside_spec, parse_seat
from adversa.search.config import EngineSpecError
from adversa.search.engine import engine_for
from adversa.search.timeman import TimeControl, TimeControlError

FORMATS = ("round-robin", "gauntlet")


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """Everything that decides which games a tournament plays, as the user gave it."""

    game_name: str
    engines: tuple[str, ...]
    game_settings: tuple[str, ...] = ()
    """``--set KEY=VALUE`` game options."""
    format: str = "round-robin"
    games: int = 2
    """Games per pairing."""
    openings: str | None = None
    time_per_move: float | None = None
    clock: str | None = None
    """A game clock ``BASE+INC`` for both engines of every game."""
    max_plies: int | None = None
    seed: int = 0

    def to_json(self) -> dict[str, Any]:
        data = dataclasses.asdict(self)
        data["engines"] = list(self.engines)
        data["game_settings"] = list(self.game_settings)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TournamentSettings:
        """Settings saved by `to_json`; `MatchError` for anything else."""
        names = {field.name for field in dataclasses.fields(cls)}
        if not isinstance(data, dict) or not {"game_name", "engines"} <= data.keys() or (
                data.keys() - names):
            raise MatchError("not a tournament's settings (tournament.json)")
        return cls(**{**data, "engines": tuple(data["engines"]),
                      "game_settings": tuple(data.get("game_settings", ()))})


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One finished game, as standings and the crosstable need it."""

    index: int
    engines: tuple[int, int]
    """The pairing's engines (numbers in the tournament's list): first, second."""
    first_player: int
    """Which player (0 moves first) the pairing's first engine was."""
    points: float
    """The first engine's points: 1, ½ or 0."""
    result: str
    reason: str
    plies: int

    @classmethod
    def from_record(cls, record: GameRecord, engines: tuple[int, int]) -> FinishedGame:
        return cls(record.index, engines, record.engine_a_player, record.engine_a_points,
                   record.result_text, record.reason, len(record.moves))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FinishedGame:
        """A game as its record file holds it (``game``, from 1, and ``engines``)."""
        first, second = data["engines"]
        return cls(int(data["game"]) - 1, (int(first), int(second)),
                   int(data["engine_a_player"]), float(data["engine_a_points"]),
                   str(data["result"]), str(data["reason"]), len(data["moves"]))


@dataclass(frozen=True)
class Tournament:
    """A tournament ready to play: its rules object, seats, pairings and games."""

    settings: TournamentSettings
    game: Game[Any, Any]
    seats: tuple[Seat, ...]
    pairings: tuple[tuple[int, int], ...]
    tasks: tuple[GameTask, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """Each engine's spec, as given (JSON, records)."""
        return self.settings.engines

    @property
    def short_names(self) -> tuple[str, ...]:
        """Names for tables: folders dropped from paths in outside specs
        (``external:python3 random_mover.py``), unless that makes two names equal."""
        short = tuple(
            " ".join(os.path.basename(word) if "/" in word else word for word in spec.split(" "))
            if is_outside_spec(spec) else spec for spec in self.names)
        return short if len(set(short)) == len(short) else self.names

    def engines_of(self, index: int) -> tuple[int, int]:
        """The pairing (first engine, second engine) that plays game ``index``."""
        return self.pairings[index // self.settings.games]

    def finished(self, record: GameRecord) -> FinishedGame:
        return FinishedGame.from_record(record, self.engines_of(record.index))


def parse_seat_spec(game: Game[Any, Any], spec: str) -> Seat:
    """One ``--engine``: an outside engine by prefix, else adversa's own search."""
    try:
        return parse_seat(game, spec) if is_outside_spec(spec) else engine_for(game, spec)
    except AdversaError as error:
        raise EngineSpecError(f"--engine {spec!r}: {error}") from None


def build_tournament(settings: TournamentSettings) -> Tournament:
    """Check the settings and lay out every game; `AdversaError` when unusable."""
    if settings.format not in FORMATS:
        raise MatchError(f"--format {settings.format!r}: expected one of {', '.join(FORMATS)}")
    if len(settings.engines) < 2:
        raise MatchError(f"a tournament needs at least two --engine options, got "
                         f"{len(settings.engines)}")
    repeated = sorted({spec for spec in settings.engines if settings.engines.count(spec) > 1})
    if repeated:
        raise MatchError(f"--engine {repeated[0]!r} is given twice; name each engine once")
    if settings.games < 1:
        raise MatchError(f"--games {settings.games}: expected a whole number ≥ 1")
    try:
        control = None if settings.clock is None else TimeControl.parse(settings.clock)
    except TimeControlError as error:
        raise MatchError(f"--clock: {error.detail}") from None
    game = make_game(settings.game_name, parse_settings(settings.game_settings))
    seats = tuple(parse_seat_spec(game, spec) for spec in settings.engines)
    count = len(seats)
    pairings = tuple((0, j) for j in range(1, count)) if settings.format == "gauntlet" else tuple(
        (i, j) for i in range(count) for j in range(i + 1, count))
    openings = resolve_openings(game, settings.openings, (settings.games + 1) // 2,
                                settings.seed)
    tasks: list[GameTask] = []
    for number, (i, j) in enumerate(pairings):
        plan = build_plan(game, [seats[i], seats[j]], games=settings.games, openings=openings,
                          max_plies=settings.max_plies, time_per_move=settings.time_per_move,
                          time_control=control, seed=settings.seed * 7919 + number)
        tasks.extend(dataclasses.replace(task, index=number * settings.games + task.index)
                     for task in plan.tasks())
    return Tournament(settings, game, seats, pairings, tuple(tasks))


# --------------------------------------------------------------------------- results


@dataclass(frozen=True, slots=True)
class Standing:
    """One engine's line in the standings."""

    engine: int
    games: int
    wins: int
    draws: int
    losses: int
    rating: float | None
    interval: tuple[float, float] | None
    superiority: float | None
    """Likelihood that it is stronger than the engine listed after it."""

    @property
    def points(self) -> float:
        return self.wins + 0.5 * self.draws

    @property
    def score(self) -> float | None:
        return self.points / self.games if self.games else None


def rate(engines: int, games: Sequence[FinishedGame]) -> Ratings | None:
    """Everyone's ratings from the games so far; None while they do not fix a scale."""
    if not games:
        return None
    try:
        return fit_ratings(engines, tally_pairs(
            (game.engines[0], game.engines[1], game.points) for game in games))
    except RatingError:
        return None


def standings(engines: int, games: Sequence[FinishedGame]) -> list[Standing]:
    """The standings, best first: by rating when the games fix one, else by points."""
    counts = [[0, 0, 0] for _ in range(engines)]
    for game in games:
        first, second = game.engines
        outcome = 0 if game.points == 1 else 2 if game.points == 0 else 1
        counts[first][outcome] += 1
        counts[second][2 - outcome] += 1
    ratings = rate(engines, games)
    order = sorted(range(engines), key=lambda e: (
        -(ratings.ratings[e] if ratings else 0.0), -(counts[e][0] + 0.5 * counts[e][1]), e))
    lines = []
    for place, engine in enumerate(order):
        below = order[place + 1] if place + 1 < len(order) else None
        wins, draws, losses = counts[engine]
        lines.append(Standing(
            engine, wins + draws + losses, wins, draws, losses,
            rating=ratings.ratings[engine] if ratings else None,
            interval=ratings.interval(engine) if ratings else None,
            superiority=(ratings.superiority(engine, below)
                         if ratings is not None and below is not None else None)))
    return lines


def crosstable(engines: int, games: Sequence[FinishedGame]) -> list[list[tuple[float, int]]]:
    """``[i][j]``: the points engine ``i`` scored against ``j``, and their games."""
    table = [[(0.0, 0) for _ in range(engines)] for _ in range(engines)]
    for game in games:
        first, second = game.engines
        points, played = table[first][second]
        table[first][second] = (points + game.points, played + 1)
        points, played = table[second][first]
        table[second][first] = (points + 1 - game.points, played + 1)
    return table


def summary(tournament: Tournament, games: Sequence[FinishedGame],
            interrupted: bool = False) -> dict[str, Any]:
    """The tournament's results as one JSON-ready dict (``--json``, ``results.json``)."""
    names = tournament.names
    count = len(names)
    table = crosstable(count, games)

    def rounded(value: float | None) -> float | None:
        return None if value is None else round(value, 1)

    return {
        "game": tournament.game.name,
        "format": tournament.settings.format,
        "engines": list(names),
        "games_planned": len(tournament.tasks),
        "games": len(games),
        "interrupted": interrupted,
        "standings": [{
            "engine": names[line.engine],
            "games": line.games,
            "wins": line.wins,
            "draws": line.draws,
            "losses": line.losses,
            "score": line.points,
            "rating": rounded(line.rating),
            "interval": None if line.interval is None else [rounded(v) for v in line.interval],
            "los_next": None if line.superiority is None else round(line.superiority, 4),
        } for line in standings(count, games)],
        "crosstable": {names[i]: {names[j]: {"points": table[i][j][0], "games": table[i][j][1]}
                                  for j in range(count) if j != i and table[i][j][1]}
                       for i in range(count)},
    }


# --------------------------------------------------------------------------- playing


@dataclass
class TournamentRun:
    """A tournament under way: the games finished so far (resumed ones included)."""

    tournament: Tournament
    games: list[FinishedGame]
    interrupted: bool = False


GameCallback = Callable[[GameRecord, FinishedGame, TournamentRun], object]


def run_tournament(tournament: Tournament, *, jobs: int = 1,
                   finished: Sequence[FinishedGame] = (),
                   on_game: GameCallback | None = None) -> TournamentRun:
    """Play every game not in ``finished``; call ``on_game`` as each ends.

    Ctrl-C stops the tournament: the run says ``interrupted`` and keeps every game
    ``on_game`` was called for (games in flight are abandoned, to be played on resume).
    """
    done = {game.index for game in finished}
    stray = sorted(index for index in done if index >= len(tournament.tasks))
    if stray:
        raise MatchError(f"game {stray[0] + 1} is not part of this tournament")
    run = TournamentRun(tournament, sorted(finished, key=lambda game: game.index))
    results = play_tasks([task for task in tournament.tasks if task.index not in done], jobs)
    try:
        for record in results:
            game = tournament.finished(record)
            run.games.append(game)
            if on_game is not None:
                on_game(record, game, run)
    except KeyboardInterrupt:
        run.interrupted = True
    finally:
        results.close()
    return run
