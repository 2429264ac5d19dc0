"""Tune the checkers evaluation's weights from self-play (Texel's method).

Two steps, both reproducible on any machine (node budgets, fixed seeds):

    .venv/bin/python benchmarks/tune_texel.py generate --games 400 --out tuning/selfplay.jsonl
    .venv/bin/python benchmarks/tune_texel.py fit --data tuning/selfplay.jsonl

``generate`` plays the app's default checkers engine against itself with a node
budget per move from the three-move ballot (colours swapped per pair), and writes
one JSON line per game: its moves and its result for Black. ``fit`` takes every
quiet position past the opening, fits the logistic scale K with the current weights,
then the weights (`adversa.match.texel`), and prints old and new weights with the
error before and after; ``--out`` writes the weights as JSON.

    .venv/bin/python benchmarks/tune_texel.py verify --weights tuning/weights.json

``verify`` plays the default engine with the tuned weights against itself with the
current ones (ballot openings, colours swapped, a node budget per move) and prints the
Elo difference with its 95% interval: a fit that lowers the error but loses games is
not adopted.

    .venv/bin/python benchmarks/tune_texel.py squares --data tuning/selfplay.jsonl [more …]

``squares`` is a diagnostic: it fits one back-rank weight per back-row square, the rest
of the evaluation held fixed, on middle-game positions of self-play lines or of
`bench_strength.py --json` summaries; its shape (the single corner worth nothing, the
other three much more) is what `CheckersWeights.back_rank` and `GUARD_SQUARES` follow.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
from dataclasses import asdict
from pathlib import Path

from adversa.games import make_game
from adversa.games.checkers import Checkers
from adversa.games.checkers_eval import CHECKERS_LOGISTIC_K, GUARD_SQUARES, CheckersWeights
from adversa.games.registry import ForRules, evaluation_of
from adversa.match.arena import GameRecord, build_plan
from adversa.match.openings import resolve_openings
from adversa.match.runner import run_match
from adversa.match.texel import (
    BACK_ROW,
    TUNED,
    back_row_samples,
    fit_k,
    fit_weights,
    samples_from_games,
    weight_vector,
    with_weights,
)
from adversa.search.engine import engine_for, run_search


def generate(arguments: argparse.Namespace) -> None:
    game = make_game("checkers", {})
    engine = engine_for(game, f"default nodes={arguments.nodes}").without("time")
    openings = resolve_openings(game, "ballot", (arguments.games + 1) // 2, arguments.seed)
    plan = build_plan(game, [engine, engine], games=arguments.games, openings=openings,
                      seed=arguments.seed)
    started = time.perf_counter()
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    written = 0
    with arguments.out.open("w", encoding="utf-8") as out:

        def keep(record: GameRecord, state: object) -> None:
            """Write each game as it ends, so an interrupted run keeps its games."""
            nonlocal written
            result = 0.5 if record.winner is None else (1.0 if record.winner == 0 else 0.0)
            out.write(json.dumps({"moves": list(record.moves), "result": result,
                                  "reason": record.reason}) + "\n")
            out.flush()
            written += 1
            print(f"\r{written}/{arguments.games} games", end="", file=sys.stderr)

        run_match(plan, jobs=arguments.jobs, on_record=keep)
    print(file=sys.stderr)
    print(f"{written} games by {engine.text} in {time.perf_counter() - started:.0f} s "
          f"→ {arguments.out}")


def read_games(path: Path) -> list[tuple[list[str], float]]:
    """``(moves, result for Black)`` of every game in ``path``: this script's self-play
    JSON lines, or a `bench_strength.py --json` summary (results seen from adversa's seat)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        documents = [json.loads(line) for line in text.splitlines() if line.strip()]
        return [(document["moves"], float(document["result"])) for document in documents]
    return [(game["moves"], game["points"] if game["adversa_player"] == 0 else 1 - game["points"])
            for game in json.loads(text)["results"]]


def fit(arguments: argparse.Namespace) -> None:
    game = make_game("checkers", {})
    assert isinstance(game, Checkers)
    games = read_games(arguments.data)
    current = CheckersWeights()
    samples = samples_from_games(game, games)
    start = weight_vector(current)
    k = fit_k(samples, start, current.man)
    result = fit_weights(samples, start, current.man, k, epochs=arguments.epochs)
    print(f"{len(games)} games, {len(samples)} quiet positions; K = {k:.6f}")
    print(f"mean squared error {result.error_before:.5f} → {result.error_after:.5f}")
    print(f"{'weight':<12} {'current':>9} {'tuned':>9}")
    for name, old, new in zip(TUNED, start, result.weights, strict=True):
        print(f"{name:<12} {old:>9.2f} {new:>9.2f}")
    if arguments.out is not None:
        tuned = with_weights(current, result.weights)
        arguments.out.write_text(json.dumps(asdict(tuned), indent=2) + "\n", encoding="utf-8")
        print(f"weights → {arguments.out}")


def squares(arguments: argparse.Namespace) -> None:
    """One back-rank weight per back-row square instead of one for all, fitted with the
    rest of the evaluation held fixed: which squares are worth keeping a man on."""
    game = make_game("checkers", {})
    assert isinstance(game, Checkers)
    games = [record for path in arguments.data for record in read_games(path)]
    current = CheckersWeights()
    samples = back_row_samples(game, games, current)
    start = [current.back_rank if square in GUARD_SQUARES else 0.0 for square in BACK_ROW]
    result = fit_weights(samples, start, current.man, CHECKERS_LOGISTIC_K,
                         epochs=arguments.epochs, rate=arguments.rate, floor=-math.inf)
    print(f"{len(games)} games, {len(samples)} quiet positions of more than "
          f"{current.endgame_pieces} pieces; K = {CHECKERS_LOGISTIC_K}")
    print(f"mean squared error {result.error_before:.5f} → {result.error_after:.5f}")
    print(f"{'square':<8} {'current':>9} {'fitted':>9}")
    for square, old, new in zip(BACK_ROW, start, result.weights, strict=True):
        print(f"{square:>2} / {33 - square:<3} {old:>9.1f} {new:>9.1f}")


TUNED_NAME = "checkers-tuned"


def register_tuned(weights_file: Path) -> None:
    """Register checkers with the tuned weights as a game of its own name, so the same
    search finds that evaluation through the registry (benchmark-only: in this process)."""
    import types

    from adversa.games import registry
    from adversa.games.checkers import ENTRY
    from adversa.games.checkers_eval import checkers_evaluator

    values = json.loads(weights_file.read_text(encoding="utf-8"))
    tuned = CheckersWeights(**values)

    class TunedCheckers(Checkers):
        name = TUNED_NAME

    module = types.ModuleType("adversa_tuned_checkers")
    module.ENTRY = dataclasses.replace(  # type: ignore[attr-defined]
        ENTRY, rules=TunedCheckers,
        evaluator=ForRules(Checkers, lambda game: checkers_evaluator(game, tuned)))
    sys.modules[module.__name__] = module
    registry.GAME_MODULES[TUNED_NAME] = module.__name__


def play_pair_game(task: tuple[int, str, int, tuple[str, ...]]) -> float:
    """One game from ``moves`` (an opening); the tuned engine plays seat ``tuned_seat``.
    Returns the tuned engine's points."""
    index, weights_file, nodes, opening = task
    from adversa.games.registry import GAME_MODULES

    if TUNED_NAME not in GAME_MODULES:  # once per worker process
        register_tuned(Path(weights_file))
    plain = make_game("checkers", {})
    tuned = make_game(TUNED_NAME, {})
    engine = engine_for(plain, f"default nodes={nodes}").without("time")
    tuned_seat = index % 2
    state = plain.initial_state()
    for text in opening:
        state = plain.result(state, plain.parse_move(state, text))
    plies = len(opening)
    while not plain.is_terminal(state) and plies < 200:
        mover = plain.to_move(state)
        rules = tuned if mover == tuned_seat else plain
        state = plain.result(state, run_search(rules, state, engine,
                                               evaluation=evaluation_of(rules)).best_move)
        plies += 1
    outcome = plain.outcome(state)
    winner = outcome.winner if outcome is not None else None
    return 0.5 if winner is None else float(winner == tuned_seat)


def verify(arguments: argparse.Namespace) -> None:
    import multiprocessing

    from adversa.match.elo import Tally, elo_estimate

    game = make_game("checkers", {})
    openings = resolve_openings(game, "ballot", (arguments.games + 1) // 2, arguments.seed)
    tasks = [(index, str(arguments.weights), arguments.nodes, openings[index // 2].moves)
             for index in range(arguments.games)]
    started = time.perf_counter()
    tally = Tally()
    with multiprocessing.get_context("spawn").Pool(arguments.jobs) as pool:
        for points in pool.imap_unordered(play_pair_game, tasks):
            tally = tally.add(points)
            print(f"\r{tally.games}/{arguments.games} games: tuned +{tally.wins} "
                  f"={tally.draws} -{tally.losses}", end="", file=sys.stderr)
    print(file=sys.stderr)
    estimate = elo_estimate(tally)
    assert estimate is not None
    print(f"tuned vs current, {tally.games} games at {arguments.nodes} nodes a move: "
          f"+{tally.wins} ={tally.draws} -{tally.losses}, score {tally.score:.3f}, "
          f"Elo {estimate.elo:+.1f} (95% {estimate.lower:+.1f} … {estimate.upper:+.1f}), "
          f"{time.perf_counter() - started:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    play = commands.add_parser("generate", help="self-play games with results")
    play.add_argument("--games", type=int, default=400)
    play.add_argument("--nodes", type=int, default=3000, help="node budget per move")
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--jobs", type=int, default=2)
    play.add_argument("--out", type=Path, default=Path("tuning/selfplay.jsonl"))
    play.set_defaults(run=generate)
    tune = commands.add_parser("fit", help="fit the weights to the games' results")
    tune.add_argument("--data", type=Path, default=Path("tuning/selfplay.jsonl"))
    tune.add_argument("--epochs", type=int, default=300)
    tune.add_argument("--out", type=Path, default=None)
    tune.set_defaults(run=fit)
    per_square = commands.add_parser(
        "squares", help="fit one back-rank weight per back-row square (a diagnostic)")
    per_square.add_argument("--data", type=Path, nargs="+",
                            default=[Path("tuning/selfplay.jsonl")],
                            help="self-play .jsonl files or bench_strength.py --json summaries")
    per_square.add_argument("--epochs", type=int, default=300)
    per_square.add_argument("--rate", type=float, default=5.0)
    per_square.set_defaults(run=squares)
    check = commands.add_parser("verify", help="match the tuned weights against the current")
    check.add_argument("--weights", type=Path, default=Path("tuning/weights.json"))
    check.add_argument("--games", type=int, default=100)
    check.add_argument("--nodes", type=int, default=20000)
    check.add_argument("--jobs", type=int, default=2)
    check.add_argument("--seed", type=int, default=0)
    check.set_defaults(run=verify)
    arguments = parser.parse_args()
    arguments.run(arguments)


if __name__ == "__main__":
    main()
