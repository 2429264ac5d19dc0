"""Checkers strength: adversa's default engine against other programs, with Elo.

Run: ``.venv/bin/python benchmarks/bench_strength.py --opponent NAME [--games 200]
[--time 0.3 | --nodes N] [--jobs 1] [--seed 0] [--json FILE]``

Opponents (adapters in ``benchmarks/opponents/``, one module each):

- ``openspiel-mcts``: OpenSpiel's C++ MCTS bot on OpenSpiel's checkers, its simulations
  calibrated on this machine to about ``--time`` a move (or ``--simulations N``);
- ``py-draughts``: py-draughts' alpha-beta ``SimpleEngine`` with captures forced, ``--time``
  a move (or ``--depth D``);
- ``previous``: adversa at ``--revision`` (default fee8ed4, the release before issue 13)
  in a subprocess, its own default engine with the same budget.

The games are played as adversa's arena plays them (`adversa.match`): pairs of games
from one three-move ballot opening (shuffled by ``--seed``), colours swapped within a
pair; adversa's rules referee every move, so an adapter's illegal move stops the run
with an error; a game ends by adversa's rules (no move, threefold repetition, the
40-move rule), at ``--max-plies`` (a draw), or when the peer's own rules end it where
adversa's do not (OpenSpiel's 40-ply no-capture draw: adjudicated a draw and counted).
The result is adversa's wins, draws and losses, score and Elo with its 95% interval
(`adversa.match.elo`).

Without ``--opponent`` it only says how to run it (``make bench`` runs every script
without arguments, and a full match takes hours).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from multiprocessing.util import Finalize
from pathlib import Path
from typing import Any

from opponents import Opponent, OpponentError, RulesEnded
from opponents.previous import DEFAULT_REVISION

from adversa.cli.match_report import format_elo
from adversa.games import make_game
from adversa.games.checkers import Checkers
from adversa.games.registry import entry_of, evaluation_of
from adversa.match.elo import Tally, elo_estimate, likelihood_of_superiority
from adversa.match.openings import Opening, resolve_openings
from adversa.search.config import EngineConfig
from adversa.search.engine import engine_for, run_search

OPPONENTS = ("openspiel-mcts", "py-draughts", "previous")


@dataclass(frozen=True)
class Settings:
    """Everything a worker process needs to build both players (it all pickles)."""

    opponent: str
    engine: str
    """adversa's engine text (``default time=0.3`` or ``default nodes=N time=3600``)."""
    seconds: float | None
    depth: int | None
    simulations: int | None
    revision: str
    seed: int
    max_plies: int


@dataclass(frozen=True)
class Task:
    index: int
    opening: Opening
    adversa_player: int


@dataclass
class GameResult:
    index: int
    opening: str
    adversa_player: int
    points: float
    """adversa's points: 1, ½ or 0."""
    reason: str
    moves: list[str]
    seconds: float
    thinking: dict[str, float] = field(default_factory=dict)
    engine_moves: dict[str, int] = field(default_factory=dict)


def plan_tasks(openings: Sequence[Opening], games: int) -> list[Task]:
    """Games 2k and 2k+1 start from opening k (cycling) with adversa Black, then White."""
    return [Task(index, openings[(index // 2) % len(openings)], index % 2)
            for index in range(games)]


def build_opponent(settings: Settings, worker: int) -> Opponent:
    """The adapter for ``settings.opponent`` (each worker process builds its own)."""
    if settings.opponent == "openspiel-mcts":
        from opponents.spiel import OpenSpielMcts

        assert settings.simulations is not None
        return OpenSpielMcts(settings.simulations, seed=settings.seed * 1000 + worker + 1)
    if settings.opponent == "py-draughts":
        from opponents.draughts import DraughtsEngine

        return DraughtsEngine(settings.seconds, settings.depth)
    from opponents.previous import PreviousAdversa

    return PreviousAdversa(settings.revision, settings.engine)


def play(game: Checkers, config: EngineConfig, opponent: Opponent, task: Task,
         max_plies: int) -> GameResult:
    """One game from the task's opening; every move checked against adversa's rules."""
    started = time.perf_counter()
    state, moves = task.opening.start(game)
    opponent.new_game()
    thinking = {"adversa": 0.0, "opponent": 0.0}
    counts = {"adversa": 0, "opponent": 0}
    winner: int | None = None
    reason = ""
    while not reason:
        outcome = game.outcome(state)
        if outcome is not None:
            winner, reason = outcome.winner, outcome.reason
            break
        if len(moves) >= max_plies:
            reason = f"adjudicated a draw after {max_plies} plies"
            break
        side = "adversa" if state.player == task.adversa_player else "opponent"
        clock = time.perf_counter()
        if side == "adversa":
            move = run_search(game, state, config, evaluation=evaluation_of(game)).best_move
        else:
            try:
                move = opponent.choose(state, moves)
            except RulesEnded as ended:
                reason = f"adjudicated a draw: {ended}"
                break
        thinking[side] += time.perf_counter() - clock
        counts[side] += 1
        if move not in game.legal_moves(state):
            raise OpponentError(
                f"game {task.index + 1}: {side} played {move!r}, not a legal move in "
                f"{game.format_position(state)} after {' '.join(moves)}"
            )
        moves.append(game.format_move(state, move))
        state = game.result(state, move)
    points = 0.5 if winner is None else float(winner == task.adversa_player)
    return GameResult(task.index, task.opening.name, task.adversa_player, points, reason, moves,
                      time.perf_counter() - started, thinking, counts)


# --------------------------------------------------------------------------- workers

_WORKER: dict[str, Any] = {}


def _start_worker(settings: Settings, counter: Any) -> None:
    with counter.get_lock():
        counter.value += 1
        worker = counter.value
    opponent = build_opponent(settings, worker)
    Finalize(opponent, opponent.close, exitpriority=10)
    _WORKER.update(settings=settings, opponent=opponent, game=make_game("checkers"),
                   config=engine_for(make_game("checkers"), settings.engine))


def _play_task(task: Task) -> GameResult:
    return play(_WORKER["game"], _WORKER["config"], _WORKER["opponent"], task,
                _WORKER["settings"].max_plies)


def run(settings: Settings, tasks: Sequence[Task], jobs: int) -> Iterator[GameResult]:
    """Results in the order games finish (one process plays them in order)."""
    if jobs <= 1:
        game: Checkers = make_game("checkers")  # type: ignore[assignment]
        config = engine_for(game, settings.engine)
        opponent = build_opponent(settings, 0)
        try:
            for task in tasks:
                yield play(game, config, opponent, task, settings.max_plies)
        finally:
            opponent.close()
        return
    counter = multiprocessing.Value("i", 0)
    with multiprocessing.Pool(jobs, _start_worker, (settings, counter)) as pool:
        yield from pool.imap_unordered(_play_task, tasks)
        pool.close()
        pool.join()


# --------------------------------------------------------------------------- report


def tally_of(results: Sequence[GameResult], player: int | None = None) -> Tally:
    tally = Tally()
    for result in results:
        if player is None or result.adversa_player == player:
            tally = tally.add(result.points)
    return tally


def summary(settings: Settings, description: str, results: Sequence[GameResult],
            wall: float, interrupted: bool) -> dict[str, Any]:
    tally = tally_of(results)
    estimate = elo_estimate(tally)
    superiority = likelihood_of_superiority(tally)
    moves = {side: sum(r.engine_moves[side] for r in results) for side in ("adversa", "opponent")}
    seconds = {side: sum(r.thinking[side] for r in results) for side in moves}
    return {
        "opponent": settings.opponent,
        "opponent_description": description,
        "adversa_engine": settings.engine,
        "settings": asdict(settings),
        "games": tally.games,
        "wins": tally.wins,
        "draws": tally.draws,
        "losses": tally.losses,
        "score": None if tally.score is None else round(tally.score, 4),
        "elo": _finite(estimate.elo if estimate else None),
        "elo_lower": _finite(estimate.lower if estimate else None),
        "elo_upper": _finite(estimate.upper if estimate else None),
        "los": None if superiority is None else round(superiority, 4),
        "as_black": asdict(tally_of(results, 0)),
        "as_white": asdict(tally_of(results, 1)),
        "adjudicated": sum(r.reason.startswith("adjudicated") for r in results),
        "seconds_per_move": {side: round(seconds[side] / max(1, moves[side]), 4)
                             for side in moves},
        "wall_seconds": round(wall, 1),
        "interrupted": interrupted,
        "results": [asdict(result) for result in sorted(results, key=lambda r: r.index)],
    }


def _finite(value: float | None) -> float | None:
    if value is None or value in (float("inf"), float("-inf")):
        return None
    return round(value, 1)


def report_lines(data: dict[str, Any]) -> list[str]:
    tally = Tally(data["wins"], data["draws"], data["losses"])
    estimate = elo_estimate(tally)
    lines = [f"adversa ({data['adversa_engine']}) vs {data['opponent_description']}",
             f"games {tally.games}: +{tally.wins} ={tally.draws} -{tally.losses}"]
    if estimate is not None and tally.score is not None:
        lines[-1] += (f", score {tally.score:.3f}, Elo {format_elo(estimate.elo)} "
                      f"[{format_elo(estimate.lower)}, {format_elo(estimate.upper)}] (95%)")
        if data["los"] is not None:
            lines[-1] += f", LOS {100 * data['los']:.1f}%"
    black, white = data["as_black"], data["as_white"]
    lines.append(f"adversa as Black +{black['wins']} ={black['draws']} -{black['losses']}, "
                 f"as White +{white['wins']} ={white['draws']} -{white['losses']}; "
                 f"adjudicated draws {data['adjudicated']}")
    per_move = data["seconds_per_move"]
    lines.append(f"seconds a move: adversa {per_move['adversa']:.3f}, opponent "
                 f"{per_move['opponent']:.3f}; wall time {data['wall_seconds']:.0f} s"
                 + (" (interrupted)" if data["interrupted"] else ""))
    return lines


# --------------------------------------------------------------------------- main


def parse_arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", choices=OPPONENTS)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--time", type=float, default=0.3, help="seconds a move (both sides)")
    parser.add_argument("--nodes", type=int, help="adversa (and previous) search N nodes a "
                        "move instead of --time: reproducible on a busy machine")
    parser.add_argument("--simulations", type=int, help="openspiel-mcts: simulations a move "
                        "(default: calibrated to --time on this machine)")
    parser.add_argument("--depth", type=int, help="py-draughts: fixed depth instead of --time")
    parser.add_argument("--revision", default=DEFAULT_REVISION, help="previous: git revision")
    parser.add_argument("--max-plies", type=int)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", type=Path, help="write the summary (and every game) here")
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_arguments(argv)
    if args.opponent is None:
        print("bench_strength.py: nothing run; give --opponent "
              f"{{{','.join(OPPONENTS)}}} (a 200-game match takes 1–2 hours at 0.3 s a move)")
        return 0
    if args.games < 1 or args.jobs < 1:
        print("bench_strength.py: --games and --jobs must be ≥ 1", file=sys.stderr)
        return 2
    if args.nodes is not None and args.opponent == "py-draughts" and args.depth is None:
        print("bench_strength.py: with --nodes give py-draughts a --depth too "
              "(it has no node budget)", file=sys.stderr)
        return 2
    game: Checkers = make_game("checkers")  # type: ignore[assignment]
    engine = (f"default nodes={args.nodes} time=3600" if args.nodes is not None
              else f"default time={args.time}")
    engine_for(game, engine)  # fails early on a bad budget
    simulations = args.simulations
    openings = resolve_openings(game, "ballot", (args.games + 1) // 2, args.seed)
    if args.opponent == "openspiel-mcts" and simulations is None:
        calibration_started = time.perf_counter()
        simulations, rate = calibrate_simulations(game, openings[-1], args.time,
                                                  args.max_plies or entry_of(game).max_plies)
        print(f"calibration: {rate:,.0f} simulations/s in two probe games "
              f"({time.perf_counter() - calibration_started:.0f} s) -> {simulations} "
              f"simulations a search for {args.time} s", flush=True)
    settings = Settings(args.opponent, engine, None if args.depth else args.time, args.depth,
                        simulations, args.revision, args.seed,
                        args.max_plies or entry_of(game).max_plies)
    tasks = plan_tasks(openings, args.games)
    try:
        description = _describe(settings)
    except OpponentError as error:
        print(f"bench_strength.py: error: {error}", file=sys.stderr)
        return 2
    print(f"adversa ({engine}) vs {description}: {args.games} games, "
          f"{args.jobs} process(es), seed {args.seed}", flush=True)
    results: list[GameResult] = []
    started = time.perf_counter()
    interrupted = False
    try:
        for result in run(settings, tasks, args.jobs):
            results.append(result)
            if not args.quiet:
                print(_game_line(result, len(results), args.games), flush=True)
    except KeyboardInterrupt:
        interrupted = True
    except OpponentError as error:
        print(f"bench_strength.py: error: {error}", file=sys.stderr)
        return 1
    data = summary(settings, description, results, time.perf_counter() - started, interrupted)
    print("\n".join(report_lines(data)))
    if args.json is not None:
        args.json.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return 0


CALIBRATION_SIMULATIONS = 300


def calibrate_simulations(game: Checkers, opening: Opening, seconds: float,
                          max_plies: int) -> tuple[int, float]:
    """MCTS simulations that take about ``seconds`` a search here, and the rate measured.

    The rate is measured in a probe game (both colours) between the bot at
    `CALIBRATION_SIMULATIONS` and adversa at 1,000 nodes a move, so the positions are
    like a match's: a rollout from the opening is several times slower than one from
    an ending, and a few fixed positions gave rates 3× apart.
    """
    from opponents.spiel import OpenSpielMcts

    bot = OpenSpielMcts(CALIBRATION_SIMULATIONS, seed=1)
    config = engine_for(game, "default nodes=1000 time=3600")
    for player in (0, 1):
        play(game, config, bot, Task(0, opening, player), max_plies)
    rate = bot.searches * CALIBRATION_SIMULATIONS / bot.search_seconds
    return max(1, round(rate * seconds)), rate


def _describe(settings: Settings) -> str:
    """The opponent's description, from an adapter built (and closed) in this process."""
    opponent = build_opponent(settings, 0)
    try:
        return opponent.description
    finally:
        opponent.close()


def _game_line(result: GameResult, done: int, total: int) -> str:
    colour = ("Black", "White")[result.adversa_player]
    score = {1.0: "win", 0.5: "draw", 0.0: "loss"}[result.points]
    return (f"game {result.index + 1:>3} ({done}/{total}) adversa {colour}: {score:<4} "
            f"{len(result.moves):>3} plies {result.seconds:6.1f} s  {result.reason}; "
            f"{result.opening}")


if __name__ == "__main__":
    sys.exit(main())
