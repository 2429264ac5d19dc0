"""Tournaments: many engines, every pairing a small match, one rating scale for all.

A tournament is fixed by its `TournamentSettings` (saved as ``tournament.json`` in its
folder, so ``--resume`` rebuilds exactly the same games). Its formats:

* **round-robin**: every engine meets every other;
* **gauntlet**: the first engine meets each of the others (a new engine against a
  field of references);
* **swiss**: a few rounds, each pairing engines with similar scores that have not met
  (many engines, too many for a round robin).

Each pairing plays ``games`` games as an arena match does (`adversa.match.arena`):
pairs of games share an opening with colours swapped, and every pairing starts from
the same openings in the same order. Game number ``k·games + g`` (from 0) is game ``g``
of pairing slot ``k``; a game (a `GameTask`: engines, opening, colours, seed) is the
unit of work a worker process plays.

Finished games are `FinishedGame` values: from a game just played, or read back from
the tournament folder when resuming. Standings, the crosstable and the ratings
(`adversa.match.ratings`) are computed from them alone.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from adversa.games import make_game, parse_settings
from adversa.games.base import AdversaError, Game, M, S
from adversa.games.registry import SomeGame
from adversa.jsontypes import (
    JsonObject,
    JsonValue,
    json_int,
    json_list,
    json_number,
    json_object,
    json_str,
)
from adversa.match.arena import GameRecord, GameTask, MatchError, build_plan
from adversa.match.openings import Opening, resolve_openings
from adversa.match.ratings import RatingError, Ratings, fit_ratings, tally_pairs
from adversa.match.runner import play_tasks
from adversa.match.seats import Seat, is_outside_spec, parse_seat, short_spec
from adversa.search.config import EngineSpecError
from adversa.search.engine import engine_for
from adversa.search.timeman import TimeControl, TimeControlError

FORMATS = ("round-robin", "gauntlet", "swiss")

T = TypeVar("T")


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
    rounds: int | None = None
    """Swiss rounds (None: ⌈log₂ engines⌉)."""

    def to_json(self) -> JsonObject:
        data = dataclasses.asdict(self)
        data["engines"] = list(self.engines)
        data["game_settings"] = list(self.game_settings)
        return data

    @classmethod
    def from_json(cls, data: JsonValue) -> TournamentSettings:
        """Settings saved by `to_json` (a field left out takes its default); `MatchError`
        for anything else, a field of the wrong type included."""
        names = {field.name for field in dataclasses.fields(cls)}
        if not isinstance(data, dict) or not {"game_name", "engines"} <= data.keys() or (
                data.keys() - names):
            raise MatchError("not a tournament's settings (tournament.json)")
        blank = cls("", ())

        def optional(name: str, read: Callable[[JsonValue], T]) -> T | None:
            value = data.get(name)
            return None if value is None else read(value)

        try:
            return cls(
                json_str(data["game_name"]),
                tuple(json_str(engine) for engine in json_list(data["engines"])),
                tuple(json_str(word) for word in json_list(data.get("game_settings", []))),
                json_str(data.get("format", blank.format)),
                json_int(data.get("games", blank.games)),
                optional("openings", json_str), optional("time_per_move", json_number),
                optional("clock", json_str), optional("max_plies", json_int),
                json_int(data.get("seed", blank.seed)), optional("rounds", json_int))
        except ValueError as error:
            raise MatchError(f"not a tournament's settings (tournament.json): {error}") from None


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
    def from_json(cls, data: JsonValue) -> FinishedGame:
        """A game as its record file holds it (``game``, from 1, and ``engines``);
        KeyError or ValueError for anything else."""
        record = json_object(data)
        first, second = json_list(record["engines"])
        return cls(json_int(record["game"]) - 1, (json_int(first), json_int(second)),
                   json_int(record["engine_a_player"]), json_number(record["engine_a_points"]),
                   json_str(record["result"]), json_str(record["reason"]),
                   len(json_list(record["moves"])))


@dataclass(frozen=True)
class Tournament:
    """A tournament ready to play: its rules object, seats, openings and rounds.

    Round robins and gauntlets are one round holding every pairing; a Swiss
    tournament has ``rounds`` rounds of ``slots`` pairings each, every round paired
    from the results of the ones before (`swiss_pairings`). Game ``index`` is game
    ``index % games`` of the pairing in slot ``index // games`` counted over all
    rounds, so every game has its number before the tournament starts.
    """

    settings: TournamentSettings
    game: SomeGame
    seats: tuple[Seat, ...]
    openings: tuple[Opening, ...]
    time_control: TimeControl | None
    rounds: int
    slots: int
    """Pairings per round."""

    @property
    def names(self) -> tuple[str, ...]:
        """Each engine's spec, as given (JSON, records)."""
        return self.settings.engines

    @property
    def short_names(self) -> tuple[str, ...]:
        """Names for tables: folders dropped from paths in outside specs
        (``external:python3 random_mover.py``), unless that makes two names equal."""
        short = tuple(short_spec(spec) if is_outside_spec(spec) else spec for spec in self.names)
        return short if len(set(short)) == len(short) else self.names

    @property
    def planned(self) -> int:
        """Games the whole tournament plays."""
        return self.rounds * self.slots * self.settings.games

    def pairings(self, round_number: int,
                 games: Sequence[FinishedGame]) -> tuple[tuple[int, int], ...]:
        """Who meets whom in round ``round_number``, given the games finished so far."""
        count = len(self.seats)
        if self.settings.format == "gauntlet":
            return tuple((0, j) for j in range(1, count))
        if self.settings.format == "round-robin":
            return tuple((i, j) for i in range(count) for j in range(i + 1, count))
        before = round_number * self.slots * self.settings.games
        return swiss_pairings(count, [game for game in games if game.index < before],
                              self.slots * self.settings.games)

    def tasks(self, round_number: int,
              pairings: Sequence[tuple[int, int]]) -> list[tuple[GameTask, tuple[int, int]]]:
        """Round ``round_number``'s games, each with its pairing."""
        games = self.settings.games
        laid_out: list[tuple[GameTask, tuple[int, int]]] = []
        for slot, (i, j) in enumerate(pairings):
            number = round_number * self.slots + slot
            plan = build_plan(self.game, [self.seats[i], self.seats[j]], games=games,
                              openings=self.openings, max_plies=self.settings.max_plies,
                              time_per_move=self.settings.time_per_move,
                              time_control=self.time_control,
                              seed=self.settings.seed * 7919 + number)
            laid_out.extend((dataclasses.replace(task, index=number * games + task.index), (i, j))
                            for task in plan.tasks())
        return laid_out


def swiss_pairings(engines: int, games: Sequence[FinishedGame],
                   games_per_round: int) -> tuple[tuple[int, int], ...]:
    """A Swiss round: engines ranked by points (then by number), each paired with the
    next-ranked one it has not met yet (an earlier opponent only when every other is
    taken). With an odd number of engines the lowest-ranked engine that has not yet sat
    a round out sits this one out (its bye scores nothing: points come from games)."""
    points = [0.0] * engines
    met: set[tuple[int, int]] = set()
    played_in: dict[int, set[int]] = {}
    for game in games:
        first, second = game.engines
        points[first] += game.points
        points[second] += 1 - game.points
        met.add((min(first, second), max(first, second)))
        played_in.setdefault(game.index // games_per_round, set()).update(game.engines)
    ranked = sorted(range(engines), key=lambda engine: (-points[engine], engine))
    if engines % 2:
        sat_out = {engine for engine in range(engines)
                   for present in played_in.values() if engine not in present}
        bye = next((engine for engine in reversed(ranked) if engine not in sat_out), ranked[-1])
        ranked.remove(bye)
    pairings = []
    while ranked:
        top = ranked.pop(0)
        partner = next((other for other in ranked if (min(top, other), max(top, other))
                        not in met), ranked[0])
        ranked.remove(partner)
        pairings.append((top, partner))
    return tuple(pairings)


def parse_seat_spec(game: Game[S, M], spec: str) -> Seat:
    """One ``--engine``: an outside engine by prefix, else adversa's own search."""
    try:
        return parse_seat(game, spec) if is_outside_spec(spec) else engine_for(game, spec)
    except AdversaError as error:
        raise EngineSpecError(f"--engine {spec!r}: {error}") from None


def build_tournament(settings: TournamentSettings) -> Tournament:
    """Check the settings and every engine; `AdversaError` when unusable."""
    if settings.format not in FORMATS:
        raise MatchError(f"--format {settings.format!r}: expected one of {', '.join(FORMATS)}")
    count = len(settings.engines)
    if count < 2:
        raise MatchError(f"a tournament needs at least two --engine options, got {count}")
    repeated = sorted({spec for spec in settings.engines if settings.engines.count(spec) > 1})
    if repeated:
        raise MatchError(f"--engine {repeated[0]!r} is given twice; name each engine once")
    if settings.games < 1:
        raise MatchError(f"--games {settings.games}: expected a whole number ≥ 1")
    if settings.rounds is not None and (settings.format != "swiss" or settings.rounds < 1):
        raise MatchError(f"--rounds {settings.rounds}: expected a whole number ≥ 1, with "
                         f"--format swiss")
    try:
        control = None if settings.clock is None else TimeControl.parse(settings.clock)
    except TimeControlError as error:
        raise MatchError(f"--clock: {error.detail}") from None
    game = make_game(settings.game_name, parse_settings(settings.game_settings))
    seats = tuple(parse_seat_spec(game, spec) for spec in settings.engines)
    openings = tuple(resolve_openings(game, settings.openings, (settings.games + 1) // 2,
                                      settings.seed))
    if settings.format == "swiss":
        rounds, slots = settings.rounds or max(1, math.ceil(math.log2(count))), count // 2
    else:
        rounds, slots = 1, count - 1 if settings.format == "gauntlet" else count * (count - 1) // 2
    tournament = Tournament(settings, game, seats, openings, control, rounds, slots)
    tournament.tasks(0, tournament.pairings(0, ()))  # every engine fits, every opening is legal
    return tournament


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
            interrupted: bool = False) -> JsonObject:
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
        "games_planned": tournament.planned,
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
TaskPlayer = Callable[[Sequence[GameTask], int], Generator[GameRecord, None, None]]
"""Plays games (tasks, jobs) and yields their records as they finish: `arena.play_tasks`
on this machine, `ray_backend.RayBackend.play_tasks` on a cluster."""


def run_tournament(tournament: Tournament, *, jobs: int = 1,
                   finished: Sequence[FinishedGame] = (),
                   on_game: GameCallback | None = None,
                   play: TaskPlayer = play_tasks) -> TournamentRun:
    """Play every game not in ``finished``, round by round; call ``on_game`` as each ends.

    Ctrl-C stops the tournament: the run says ``interrupted`` and keeps every game
    ``on_game`` was called for (games in flight are abandoned, to be played on resume).
    """
    done = {game.index for game in finished}
    stray = sorted(index for index in done if index >= tournament.planned)
    if stray:
        raise MatchError(f"game {stray[0] + 1} is not part of this tournament")
    run = TournamentRun(tournament, sorted(finished, key=lambda game: game.index))
    try:
        for round_number in range(tournament.rounds):
            laid_out = tournament.tasks(round_number,
                                        tournament.pairings(round_number, run.games))
            pairing_of = {task.index: pairing for task, pairing in laid_out}
            results = play([task for task, _ in laid_out if task.index not in done], jobs)
            try:
                for record in results:
                    game = FinishedGame.from_record(record, pairing_of[record.index])
                    run.games.append(game)
                    if on_game is not None:
                        on_game(record, game, run)
            finally:
                results.close()
    except KeyboardInterrupt:
        run.interrupted = True
    return run
