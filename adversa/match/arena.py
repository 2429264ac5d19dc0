"""Engine matches: two `EngineConfig`s play a series of games, and we keep score.

A match is a list of independent *game tasks* (so they can run in worker
processes): game ``2k`` and ``2k+1`` start from the same opening with the
engines' seats swapped ("colours alternate in pairs"), so neither engine profits
from moving first or from a lucky opening. Every move is chosen by
`engine.run_search`, exactly as in the app. A game ends by the game's own rules
(its draw rules first) or, after ``max_plies`` plies, is adjudicated a draw.

Engines with a ``seed`` parameter (random, MCTS) that the user did not set get
one derived from the match seed and the game number, so a match is
reproducible yet its games differ. Chance outcomes (Pig's die) are drawn from a
generator seeded the same way.

Records are handed to the caller as each game ends (`adversa.match.runner.run_match`'s
``on_record``, which also runs games in worker processes), so an interrupted match keeps
every finished game.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from adversa.games import make_game
from adversa.games.base import CHANCE, AdversaError, Game, M, S, result_text
from adversa.games.options import OptionValue
from adversa.games.registry import SomeGame, entry_of, evaluation_of
from adversa.jsontypes import JsonObject
from adversa.match.clocks import GameClock
from adversa.match.elo import (
    SprtResult,
    Tally,
    sprt,
)
from adversa.match.openings import Opening
from adversa.match.outside_move import outside_seconds
from adversa.match.seats import OutsideEngine, OutsideEngineError, OutsideSeat, Seat, open_seat
from adversa.search.config import PARAMS
from adversa.search.engine import check_fits, run_search
from adversa.search.timeman import TimeControl

MAX_GAMES = 100_000
"""Most games one match plays: every game's task is planned before the first is played, so
``--games 10**7`` took gigabytes before it started."""


class MatchError(AdversaError):
    """A match that cannot be played as specified."""


LOST_ON_TIME = "lost on time"
"""How a game record's reason ends when a clock ran out."""


@dataclass(frozen=True, slots=True)
class GameTask:
    """Everything a worker process needs to play one game (all of it pickles)."""

    index: int
    """Game number in the match, from 0."""
    game_name: str
    game_options: tuple[tuple[str, OptionValue], ...]
    seats: tuple[Seat, Seat]
    """The engine playing player 0 and the one playing player 1 (an outside seat is
    opened in the process that plays the game)."""
    engine_a_player: int
    """Which player engine A (the first ``--engine``) is in this game."""
    opening: Opening
    max_plies: int
    seed: int
    time_control: TimeControl | None = None
    """The game clock both engines play under; None: each engine's own ``time``."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game, as written to ``--out`` and summed into the tally."""

    index: int
    opening: str
    start_position: str | None
    """The opening's start position (None: the game's initial position)."""
    seats: tuple[str, str]
    """Engine text forms at player 0 and player 1."""
    engine_a_player: int
    moves: tuple[str, ...]
    """Every move in the game's notation, the opening's moves first."""
    opening_plies: int
    winner: int | None
    """Winning player index, None for a draw."""
    reason: str
    engine_a_points: float
    seconds: float
    nodes: tuple[int, int]
    """Nodes searched by engine A and by engine B over the game."""
    thinking: tuple[float, float] = (0.0, 0.0)
    """Seconds engine A and engine B spent choosing their moves."""
    engine_moves: tuple[int, int] = (0, 0)
    """Moves engine A and engine B chose (openings and dice not counted)."""
    clock_left: tuple[float, float] | None = None
    """Under a time control, seconds left on engine A's and engine B's clocks."""
    move_seconds: tuple[float | None, ...] = ()
    """Per ply, the seconds the engine took to choose it (None: an opening move or a die)."""
    move_clocks: tuple[float | None, ...] = ()
    """Per ply under a time control, the mover's clock after the move (None: not timed)."""

    @property
    def lost_on_time(self) -> bool:
        return self.reason.endswith(LOST_ON_TIME)

    @property
    def result_text(self) -> str:
        """``1-0``, ``0-1`` or ``1/2-1/2`` from player 0's side (as in PGN/PDN)."""
        return result_text(self.winner)

    def to_json(self) -> JsonObject:
        return {
            "game": self.index + 1,
            "opening": self.opening,
            "start_position": self.start_position,
            "players": list(self.seats),
            "engine_a_player": self.engine_a_player,
            "result": self.result_text,
            "winner": self.winner,
            "reason": self.reason,
            "engine_a_points": self.engine_a_points,
            "moves": list(self.moves),
            "opening_plies": self.opening_plies,
            "seconds": round(self.seconds, 3),
            "nodes": {"engine_a": self.nodes[0], "engine_b": self.nodes[1]},
            "thinking_seconds": {"engine_a": round(self.thinking[0], 3),
                                 "engine_b": round(self.thinking[1], 3)},
            "engine_moves": {"engine_a": self.engine_moves[0],
                             "engine_b": self.engine_moves[1]},
            "clock_left": None if self.clock_left is None else {
                "engine_a": round(self.clock_left[0], 3), "engine_b": round(self.clock_left[1], 3)
            },
            "move_seconds": [None if seconds is None else round(seconds, 3)
                             for seconds in self.move_seconds],
            "move_clocks": [None if seconds is None else round(seconds, 3)
                            for seconds in self.move_clocks] if self.move_clocks else None,
        }


@dataclass(frozen=True)
class MatchPlan:
    """A whole match: what is played, by whom, from which openings."""

    game: SomeGame
    """The game the user named (its rules rebuilt by name in each worker: `_rules`)."""
    engines: tuple[Seat, Seat]
    games: int
    openings: Sequence[Opening]
    max_plies: int
    seed: int = 0
    time_control: TimeControl | None = None

    def tasks(self) -> list[GameTask]:
        """One task per game; pairs share an opening and swap seats."""
        options = tuple(sorted(self.game.options.items()))
        tasks = []
        for index in range(self.games):
            pair = index // 2
            engine_a_player = index % 2
            a, b = (self._seeded(engine, index, k) for k, engine in enumerate(self.engines))
            seats = (a, b) if engine_a_player == 0 else (b, a)
            tasks.append(
                GameTask(
                    index=index,
                    game_name=self.game.name,
                    game_options=options,
                    seats=seats,
                    engine_a_player=engine_a_player,
                    opening=self.openings[pair % len(self.openings)],
                    max_plies=self.max_plies,
                    seed=self.seed * 1_000_003 + pair,
                    time_control=self.time_control,
                )
            )
        return tasks

    def _seeded(self, engine: Seat, index: int, which: int) -> Seat:
        """A per-game seed for an engine that takes one and was not given one.

        (``seed=0`` is the default, so an explicit ``seed=0`` counts as not given.)
        """
        if isinstance(engine, OutsideSeat):
            return engine
        names = {param.name for param in PARAMS[engine.algorithm]}
        if "seed" not in names or any(name == "seed" for name, _ in engine.params):
            return engine
        return engine.with_values(seed=self.seed * 1_000_003 + 2 * index + which + 1)


def build_plan(
    game: Game[S, M],
    engines: Sequence[Seat],
    *,
    games: int,
    openings: Sequence[Opening],
    max_plies: int | None = None,
    time_per_move: float | None = None,
    time_control: TimeControl | None = None,
    seed: int = 0,
) -> MatchPlan:
    """Check a match's settings and build its plan; `AdversaError` when unusable.

    ``time_per_move`` replaces each engine's ``time`` budget (engines without a
    time parameter, such as ``random``, are left as they are); ``time_control``
    instead gives both a game clock, and each engine budgets its own moves.
    """
    if time_per_move is not None and time_control is not None:
        raise MatchError("give --time-per-move or --time-control, not both")
    if len(engines) != 2:
        raise MatchError(f"a match needs exactly two --engine options, got {len(engines)}")
    if game.num_players != 2:
        raise MatchError(
            f"matches are between two engines; {game.name} is set up for "
            f"{game.num_players} players"
        )
    if not 1 <= games <= MAX_GAMES:
        raise MatchError(f"--games {games}: expected a whole number from 1 to {MAX_GAMES:,}")
    if not openings:
        raise MatchError("no openings to start the games from")
    chosen: list[Seat] = []
    for engine in engines:
        if isinstance(engine, OutsideSeat):
            chosen.append(engine if time_per_move is None
                          else OutsideSeat(engine.spec, time_per_move))
            continue
        check_fits(game, engine.algorithm)
        if time_per_move is not None and "time" in {p.name for p in PARAMS[engine.algorithm]}:
            engine = engine.with_values(time=time_per_move)
        chosen.append(engine)
    for opening in openings:
        opening.start(game)  # every opening must be legal before any game is played
    limit = max_plies if max_plies is not None else entry_of(game).max_plies
    if limit < 1:
        raise MatchError(f"--max-plies {limit}: expected a whole number ≥ 1")
    return MatchPlan(game, (chosen[0], chosen[1]), games, tuple(openings), limit, seed,
                     time_control)


# --------------------------------------------------------------------------- one game


@lru_cache(maxsize=8)
def _rules(game_name: str, options: tuple[tuple[str, OptionValue], ...]) -> SomeGame:
    """The rules object, built once per process (games may precompute tables)."""
    return make_game(game_name, dict(options))


def play_game(task: GameTask, clock: Callable[[], float] = time.perf_counter) -> GameRecord:
    """Play one game to its end (or to the ply limit, or a flag fall) and record it.

    ``clock`` is where the game clocks and the engines read time (a test's fake clock).
    Outside engines are started for this game and ended after it; one that fails
    (cannot start, crashes, answers an illegal move, overruns its time) loses the game,
    the reason recorded.
    """
    game = _rules(task.game_name, task.game_options)
    outside: dict[int, OutsideEngine] = {}
    failed: tuple[int | None, str] | None = None
    try:
        for player, seat in enumerate(task.seats):
            if isinstance(seat, OutsideSeat):
                try:
                    outside[player] = open_seat(seat, game)
                except OutsideEngineError as error:
                    failed = 1 - player, f"{game.player_name(player)} lost: {error}"
                    break
        return _play(task, game, clock, outside, failed)
    finally:
        for engine in outside.values():
            engine.close()


def _play(task: GameTask, game: Game[S, M], clock: Callable[[], float],
          outside: dict[int, OutsideEngine], ending: tuple[int | None, str] | None,
          ) -> GameRecord:
    """`play_game` once its outside engines run (``ending``: one failed to start)."""
    started = time.perf_counter()
    state, moves = task.opening.start(game)
    start = (game.initial_state() if task.opening.position is None
             else game.parse_position(task.opening.position))
    history = [game.parse_move(before, text) for before, text in
               zip(_states(game, start, moves), moves, strict=True)]
    opening_plies = len(moves)
    chance = random.Random(task.seed)
    nodes = [0, 0]  # by seat (player index)
    engine_moves = [0, 0]
    thinking = [0.0, 0.0]  # seconds by seat, with or without a time control
    game_clock = None if task.time_control is None else GameClock(task.time_control, 2, clock)
    # Per ply: the engine's seconds and its clock after the move (None, None for an
    # opening move or a die), for GameRecord.move_seconds and move_clocks.
    timed: list[tuple[float | None, float | None]] = [(None, None)] * opening_plies
    while ending is None and not game.is_terminal(state):
        if len(moves) >= task.max_plies:
            ending = None, f"adjudicated a draw after {task.max_plies} plies"
            break
        mover = game.to_move(state)
        move: M | None  # an engine may find none (checked below)
        if mover == CHANCE:
            outcomes = game.chance_outcomes(state)
            move = chance.choices(
                [outcome for outcome, _ in outcomes], [p for _, p in outcomes]
            )[0]
            timed.append((None, None))
        else:
            thinking_from = clock()
            time_left = None
            if game_clock is not None:
                game_clock.start(mover)
                time_left = game_clock.reading(mover)
            seat = task.seats[mover]
            if isinstance(seat, OutsideSeat):
                try:
                    move = outside[mover].choose_move(
                        game, start, history, state, outside_seconds(seat, time_left))
                except OutsideEngineError as error:
                    ending = 1 - mover, f"{game.player_name(mover)} lost: {error}"
                    break
                searched = 0
            else:
                result = run_search(game, state, seat, clock=clock, time_left=time_left,
                                    evaluation=evaluation_of(game))
                move, searched = result.best_move, result.snapshot.nodes
            spent = clock() - thinking_from
            thinking[mover] += spent
            if game_clock is not None and not game_clock.moved(mover):
                ending = 1 - mover, f"{game.player_name(mover)} {LOST_ON_TIME}"
                break
            nodes[mover] += searched
            engine_moves[mover] += 1
            timed.append((spent, None if game_clock is None else game_clock.left[mover]))
            if move is None:
                raise MatchError(
                    f"engine {task.seats[mover].text!r} returned no move in game {task.index + 1}"
                )
        moves.append(game.format_move(state, move))
        history.append(move)
        state = game.result(state, move)
    if ending is None:
        outcome = game.outcome(state)
        ending = (outcome.winner, outcome.reason) if outcome is not None else (None, "game over")
    winner, reason = ending
    return _record(task, moves, opening_plies, winner, reason, started,
                   (nodes, engine_moves, thinking), game_clock, timed)


def _states(game: Game[S, M], start: S, moves: Sequence[str]) -> Iterator[S]:
    """The position before each of ``moves`` (texts), from ``start``."""
    state = start
    for text in moves:
        yield state
        state = game.result(state, game.parse_move(state, text))


def _record(
    task: GameTask,
    moves: list[str],
    opening_plies: int,
    winner: int | None,
    reason: str,
    started: float,
    counts: tuple[list[int], list[int], list[float]],
    game_clock: GameClock | None,
    timed: list[tuple[float | None, float | None]],
) -> GameRecord:
    """The record of a finished game; ``counts`` are nodes, engine moves and thinking
    seconds by player, ``timed`` each ply's engine seconds and clock after it."""
    a = task.engine_a_player
    b = 1 - a
    points = 0.5 if winner is None else (1.0 if winner == a else 0.0)
    nodes, engine_moves, thinking = counts
    return GameRecord(
        index=task.index,
        opening=task.opening.name,
        start_position=task.opening.position,
        seats=(task.seats[0].text, task.seats[1].text),
        engine_a_player=a,
        moves=tuple(moves),
        opening_plies=opening_plies,
        winner=winner,
        reason=reason,
        engine_a_points=points,
        seconds=time.perf_counter() - started,
        nodes=(nodes[a], nodes[b]),
        thinking=(thinking[a], thinking[b]),
        engine_moves=(engine_moves[a], engine_moves[b]),
        clock_left=None if game_clock is None else (game_clock.left[a], game_clock.left[b]),
        move_seconds=tuple(seconds for seconds, _ in timed),
        move_clocks=() if game_clock is None else tuple(left for _, left in timed),
    )


# --------------------------------------------------------------------------- the match


@dataclass
class MatchState:
    """The running totals a display shows while the match goes on."""

    plan: MatchPlan
    records: list[GameRecord] = field(default_factory=list)
    tally: Tally = field(default_factory=Tally)
    sprt_hypotheses: tuple[float, float] | None = None
    interrupted: bool = False
    stopped_by_sprt: bool = False

    @property
    def complete(self) -> bool:
        """Whether the match ended as planned: every game played, or an SPRT verdict."""
        return self.stopped_by_sprt or (self.tally.games >= self.plan.games
                                        and not self.interrupted)

    def add(self, record: GameRecord) -> None:
        self.records.append(record)
        self.tally = self.tally.add(record.engine_a_points)

    @property
    def sprt(self) -> SprtResult | None:
        if self.sprt_hypotheses is None:
            return None
        return sprt(self.tally, *self.sprt_hypotheses)

    def tally_as(self, engine_a_player: int) -> Tally:
        """Engine A's results in the games where it was player ``engine_a_player``."""
        tally = Tally()
        for record in self.records:
            if record.engine_a_player == engine_a_player:
                tally = tally.add(record.engine_a_points)
        return tally
