"""The alpha-beta search of two git revisions, same positions, same run: speed, nodes, values.

Run: ``.venv/bin/python benchmarks/bench_versions.py OLD [NEW] [--depth 14] [--rounds 3]
[--sample] [--others] [--json FILE]``

A refactoring of the search must keep its node counts and values and its speed
(issue 27: within 3 %). This script exports ``adversa/`` of each revision (``git
archive``; ``NEW`` defaults to ``HEAD``) into a temporary directory and runs the
checkers search from the start (``--sample``: also the 17 positions of
``bench_exact.py``) in a fresh process per run, alternating the two revisions round by
round so that a busy machine slows both alike. Rows are ``bench_exact.py``'s two
configurations, with and without quiescence; ``--others`` adds one row for each of the
other searches (`OTHERS`: minimax, expectimax and expectiminimax, max^n and paranoid,
the solver, MCTS), each from one start position, so that a change to the search's shared
pieces is measured on all of them.

Each run reports the CPU seconds of the search (``time.process_time``), and the
process's system time and minor page faults (``getrusage`` of the child). System time
and page faults are there because they once explained a slowdown no profile showed: a
second Python frame per ply made the deepest frames of the search straddle CPython's
frame-stack chunks, and each crossing mapped and unmapped memory (see
``adversa.search.negamax``). Exit status 1 when the revisions disagree on nodes, value
or best move.
"""

from __future__ import annotations

import argparse
import io
import json
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

BENCHMARKS = Path(__file__).resolve().parent
REPOSITORY = BENCHMARKS.parent

CONFIGURATIONS = {
    "value-preserving": "tt=64 step=2 quiescence=off",
    "with quiescence": "tt=64 step=2",
}
"""``bench_exact.py``'s two rows (its VALUE_PRESERVING and WITH_QUIESCENCE), restated here
because the child process may import an older ``bench_exact`` that lacks a name."""

OTHERS: dict[str, tuple[str, dict[str, int], str]] = {
    "minimax": ("checkers", {}, "minimax depth=7"),
    "expectimax": ("pig", {}, "expectimax depth=8"),
    "expectiminimax, Star1": ("pig", {}, "expectiminimax depth=9 star1=on"),
    "max^n": ("connect4", {}, "maxn depth=7"),
    "paranoid": ("connect4", {}, "paranoid depth=8"),
    "solve, 4×4": ("connect4", {"width": 4, "height": 4}, "solve"),
    "mcts": ("connect4", {}, "mcts iterations=20000 seed=1"),
}
"""``--others``: a row name, the game with its options, and the engine (about 0.3–1 CPU
second each on the machine the rows were chosen on)."""

CHILD = """
import json, sys, time
from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from bench_exact import sample_positions

name, options, engine, sample = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3], sys.argv[4]
game = make_game(name, options)
states = sample_positions() if sample == "sample" else [game.initial_state()]
config = EngineConfig.parse(engine)
started = time.process_time()
results = [run_search(game, state, config, evaluation=evaluation_of(game)) for state in states]
print(json.dumps({"seconds": time.process_time() - started,
                  "nodes": sum(result.snapshot.nodes for result in results),
                  "values": [result.value for result in results],
                  "best": [result.best_move_text for result in results]}))
"""
"""One timed search in a fresh process, written against the API both revisions share."""


@dataclass(frozen=True)
class Run:
    """One search of one revision: what it found and what it cost."""

    seconds: float
    system_seconds: float
    minor_faults: int
    nodes: int
    answer: str
    """Values and best moves, as text: two revisions must give the same."""


def export(revision: str, into: Path) -> Path:
    """``adversa/`` of ``revision`` unpacked under ``into``; the directory to put on the path."""
    archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", revision, "adversa"],
                             capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def run_once(source: Path, game: str, options: dict[str, int], engine: str,
             sample: bool) -> Run:
    """The search of the revision exported at ``source``, in a process of its own:
    ``engine`` on ``game`` (with its ``options``), from the start or the checkers sample."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    output = subprocess.run(
        [sys.executable, "-c", CHILD, game, json.dumps(options), engine,
         "sample" if sample else "start"],
        capture_output=True, text=True, check=True,
        env={"PYTHONPATH": f"{source}:{BENCHMARKS}", "PATH": "/usr/bin:/bin"},
    ).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    found = json.loads(output)
    return Run(found["seconds"], after.ru_stime - before.ru_stime,
               after.ru_minflt - before.ru_minflt, found["nodes"],
               json.dumps([found["values"], found["best"]]))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", help="the baseline revision (a commit, branch or tag)")
    parser.add_argument("new", nargs="?", default="HEAD", help="the revision measured (HEAD)")
    parser.add_argument("--depth", type=int, default=14)
    parser.add_argument("--rounds", type=int, default=3, help="alternated runs per revision")
    parser.add_argument("--sample", action="store_true",
                        help="the 17 positions of bench_exact.py instead of the start alone")
    parser.add_argument("--others", action="store_true",
                        help="also a row for each other search (OTHERS), from the start")
    parser.add_argument("--json", dest="json_file", help="also write a JSON report")
    args = parser.parse_args(argv)
    rows_to_run: list[tuple[str, str, dict[str, int], str, bool]] = [
        (name, "checkers", {}, f"alphabeta depth={args.depth} {options}",
         args.sample) for name, options in CONFIGURATIONS.items()]
    if args.others:
        rows_to_run += [(name, game, options, engine, False)
                        for name, (game, options, engine) in OTHERS.items()]

    console = Console(width=150)
    revisions = (args.old, args.new)
    rows: dict[str, dict[str, list[dict[str, object]]]] = {}
    agree = True
    with tempfile.TemporaryDirectory() as scratch:
        sources = [export(revision, Path(scratch) / str(index))
                   for index, revision in enumerate(revisions)]
        table = Table(title=f"checkers alpha-beta, depth {args.depth}, "
                            f"{'17 positions' if args.sample else 'the start'}"
                            f"{' (and the other searches)' if args.others else ''}: "
                            f"{args.rounds} alternated runs per revision")
        for column in ("configuration", "revision", "nodes", "CPU s (each run)", "median",
                       "× old", "sys s", "minor faults"):
            table.add_column(column, justify="left" if column in ("configuration", "revision")
                             else "right")
        for name, game, options, engine, sample in rows_to_run:
            runs: list[list[Run]] = [[], []]
            for _ in range(args.rounds):
                for index, source in enumerate(sources):
                    runs[index].append(run_once(source, game, options, engine, sample))
            medians = [statistics.median(run.seconds for run in each) for each in runs]
            for index, each in enumerate(runs):
                table.add_row(
                    name, revisions[index], f"{each[0].nodes:,}",
                    ", ".join(f"{run.seconds:.2f}" for run in each), f"{medians[index]:.2f}",
                    f"{medians[index] / medians[0]:.3f}",
                    f"{statistics.median(run.system_seconds for run in each):.2f}",
                    f"{statistics.median(run.minor_faults for run in each):,.0f}")
            same = {(run.nodes, run.answer) for each in runs for run in each}
            agree = agree and len(same) == 1
            rows[name] = {revision: [dict(run.__dict__) for run in each]
                          for revision, each in zip(revisions, runs, strict=True)}
    console.print(table)
    console.print("nodes, values and best moves: "
                  + ("identical" if agree else "[bold red]DIFFERENT[/]"))
    if args.json_file:
        report = {"depth": args.depth, "sample": args.sample, "others": args.others,
                  "python": sys.version.split()[0], "rows": rows}
        Path(args.json_file).write_text(json.dumps(report, indent=2), encoding="utf-8")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
