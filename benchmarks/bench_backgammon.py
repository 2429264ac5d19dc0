"""Backgammon strength: adversa's expectiminimax against a random player, a pip-count
player and GNU Backgammon, on paired dice.

Run: ``.venv/bin/python benchmarks/bench_backgammon.py --opponent pipcount --games 200
[--engine "expectiminimax depth=1 star1=on"] [--evaluation hand|net] [--weights FILE]
[--json FILE]``

``--evaluation`` is the game option that picks adversa's evaluation: the hand-written
one (`backgammon_eval`) or the TD(λ)-trained network (`backgammon_net`); ``--weights``
gives the network other weights than the shipped ones (a training run's checkpoint).

Dice are **paired**: stream ``k`` (a seeded generator of rolls) is played twice, once
with adversa as X and once as O, and the stream deals the same dice to the same seat
both times, so in the second game each player gets the dice the other had in the
first and luck mostly cancels between the two games of a pair. (Until this was fixed
adversa kept its own dice when it changed seat: two deterministic players then played
the same game twice.) ``--games`` counts games, so it should be even.

Opponents
    ``random``: a uniformly random legal play.
    ``pipcount``: the play leaving it the fewest pips, then the fewest blots (the
    first such play in the legal order).
    ``gnubg``: GNU Backgammon's evaluator at ``--gnubg-ply`` plies, cubeless
    (`adversa.match.gnubg`; needs the Debian package ``gnubg``).

A run stopped by SIGTERM or Ctrl-C reports the whole pairs it finished and exits 0.

Reported: adversa's win rate and points per game (single 1, gammon 2, backgammon 3)
with 95 % intervals (normal approximation over the pairs' means, since the two games
of a pair are not independent), and the CPU seconds of its searches (mean and longest,
after one search outside the count that loads the network and builds the bear-off
database).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from adversa.games import make_game
from adversa.games.backgammon import Backgammon
from adversa.games.backgammon_bearoff import expected_rolls
from adversa.games.backgammon_eval import race_win_chance
from adversa.games.backgammon_moves import BackgammonState, Play, pip_count
from adversa.games.backgammon_net import LeafNet, net_evaluator, network_from_bytes
from adversa.games.base import CHANCE
from adversa.games.evaluation import Evaluation
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

Chooser = Callable[[BackgammonState], Play]


def random_player(game: Backgammon, seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda state: rng.choice(game.plays(state))


def blots(side: tuple[int, ...]) -> int:
    return sum(1 for point in range(1, 25) if side[point] == 1)


def pipcount_player(game: Backgammon) -> Chooser:
    """Fewest own pips after the play, then fewest own blots."""
    return lambda state: min(game.plays(state),
                             key=lambda play: (pip_count(play.mover), blots(play.mover)))


def engine_player(game: Backgammon, spec: str, weights: Path | None = None,
                  times: list[float] | None = None) -> Chooser:
    """adversa's engine ``spec``; the CPU seconds of each search go to ``times``."""
    config = EngineConfig.parse(spec)
    evaluation = evaluation_of(game)
    if weights is not None:
        network = LeafNet(network_from_bytes(weights.read_bytes()))  # folded once
        evaluation = Evaluation(scalar=lambda rules: net_evaluator(
            rules, network, race_chance=race_win_chance))

    def choose(state: BackgammonState) -> Play:
        found = game.plays(state)
        if len(found) == 1:
            return found[0]
        started = time.process_time()
        move = run_search(game, state, config, evaluation=evaluation).best_move
        if times is not None:
            times.append(time.process_time() - started)
        assert isinstance(move, Play)
        return move

    return choose


def play_game(game: Backgammon, seats: tuple[Chooser, Chooser], stream: int,
              adversa_seat: int) -> int:
    """One game on dice stream ``stream``; adversa's points (negative: a loss)."""
    dice = random.Random(stream)
    state = game.initial_state()
    while not game.is_terminal(state):
        if game.to_move(state) == CHANCE:
            if state.opening:
                # (X's die, O's die) whichever seat adversa has, as every later roll
                # goes to the same seat: the pair's two games swap the dice.
                first, second = dice.sample(range(1, 7), 2)
                state = game.result(state, (first, second))
            else:
                first, second = dice.randint(1, 6), dice.randint(1, 6)
                state = game.result(state, (max(first, second), min(first, second)))
            continue
        state = game.result(state, seats[state.player](state))
    utility = game.utility(state)[adversa_seat]
    return int(utility)


def interval(values: list[float]) -> tuple[float, float]:
    """Mean of ``values`` (games in pairs) and its 95 % margin, from the spread of the
    pairs' means: a pair's games share their dice, so they are not independent."""
    pairs = [(values[index] + values[index + 1]) / 2 for index in range(0, len(values) - 1, 2)]
    mean = sum(pairs) / len(pairs)
    variance = sum((v - mean) ** 2 for v in pairs) / max(len(pairs) - 1, 1)
    return mean, 1.96 * math.sqrt(variance / len(pairs))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opponent", choices=("random", "pipcount", "gnubg"), default="pipcount")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--engine", default="expectiminimax depth=1 star1=on")
    parser.add_argument("--evaluation", choices=("hand", "net"), default="hand")
    parser.add_argument("--weights", type=Path, default=None,
                        help="network weights to use instead of the shipped ones")
    parser.add_argument("--gnubg-ply", type=int, default=0)
    parser.add_argument("--first-stream", type=int, default=1)
    parser.add_argument("--json", default=None)
    arguments = parser.parse_args(argv)
    game = make_game("backgammon", {"evaluation": arguments.evaluation})
    assert isinstance(game, Backgammon)
    closer: Callable[[], None] = lambda: None  # noqa: E731
    if arguments.opponent == "random":
        opponent = random_player(game, 12345)
    elif arguments.opponent == "pipcount":
        opponent = pipcount_player(game)
    else:
        from adversa.match.gnubg import open_engine

        engine = open_engine("gnubg", game, {"ply": str(arguments.gnubg_ply)})
        closer = engine.close

        def opponent(state: BackgammonState) -> Play:
            move = engine.choose_move(game, game.initial_state(), (), state, None)
            assert isinstance(move, Play)
            return move
    if arguments.weights is not None and arguments.evaluation != "net":
        parser.error("--weights needs --evaluation net")
    times: list[float] = []
    ours = engine_player(game, arguments.engine, arguments.weights, times)
    # Outside the count: what the first searches load and every later one shares.
    ours(game.result(game.initial_state(), (3, 1)))  # the network
    expected_rolls((1, 0, 0, 0, 0, 0))  # the bear-off database, built in seconds
    times.clear()
    points: list[float] = []
    started = time.process_time()
    # SIGTERM ends a run that is out of time as Ctrl-C does: the whole pairs played count.
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        for index in range(arguments.games):
            stream = arguments.first_stream + index // 2
            seat = index % 2
            seats = (ours, opponent) if seat == 0 else (opponent, ours)
            points.append(play_game(game, seats, stream, seat))
            if (index + 1) % 20 == 0:
                won = sum(1 for p in points if p > 0)
                print(f"{index + 1} games: {won} won, {sum(points):+.0f} points", flush=True)
    except KeyboardInterrupt:
        del points[len(points) - len(points) % 2:]  # a game without its pair
        print(f"stopped by a signal: {len(points)} games (whole pairs) counted", flush=True)
    finally:
        signal.signal(signal.SIGTERM, previous)
        closer()
    if not points:
        return 1
    wins = [1.0 if p > 0 else 0.0 for p in points]
    rate, rate_margin = interval(wins)
    ppg, ppg_margin = interval(points)
    seconds = time.process_time() - started
    weights = f" weights={arguments.weights}" if arguments.weights is not None else ""
    print(f"{arguments.engine} evaluation={arguments.evaluation}{weights} "
          f"vs {arguments.opponent}"
          f"{f' ply={arguments.gnubg_ply}' if arguments.opponent == 'gnubg' else ''}: "
          f"{len(points)} games, win rate {100 * rate:.1f}% ± {100 * rate_margin:.1f}, "
          f"points/game {ppg:+.3f} ± {ppg_margin:.3f}, {seconds:.0f} s CPU")
    if times:
        print(f"adversa's searches (plays with a choice): {len(times)}, "
              f"{sum(times) / len(times):.3f} s of CPU each on average, at most {max(times):.3f} s")
    if arguments.json:
        report: dict[str, Any] = {"engine": arguments.engine,
                                  "evaluation": arguments.evaluation,
                                  "opponent": arguments.opponent,
                                  "games": len(points), "win_rate": rate,
                                  "win_rate_margin": rate_margin, "points_per_game": ppg,
                                  "points_margin": ppg_margin, "cpu_seconds": seconds,
                                  "searches": len(times),
                                  "search_cpu_mean": sum(times) / max(len(times), 1),
                                  "search_cpu_max": max(times, default=0.0)}
        with open(arguments.json, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
