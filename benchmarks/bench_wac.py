"""Win at Chess: how many of the suite's 300 positions adversa's engine solves.

"Win at Chess" (Fred Reinfeld, 1958) is 300 tactical positions, each with the move that
wins (``bm``) or, once, the move to avoid (``am``); engine authors have scored their
programs on it for decades, so a count here can be set beside theirs. A position is
solved when the engine's move is one of its best moves (and not the one to avoid).

Source: ``benchmarks/data/wac.epd`` is the suite as the engine Poor little pinkus
distributes it (github.com/helgefmi/Poor-little-pinkus, ``wac.epd`` at commit
16615715f341653e3e4b22e6511ed4f92ba1f447), with its ids quoted so python-chess reads
them (``sed -E 's/; id (WAC\\.[0-9]+);/; id "\\1";/'``). Several revisions of the suite
circulate, some listing fewer best moves for a position; this one is scored as it is.

Run (from the repository root, with ``nice`` on a shared machine)::

    nice -n 10 .venv/bin/python benchmarks/bench_wac.py --nodes 20000
    nice -n 10 .venv/bin/python benchmarks/bench_wac.py --seconds 1 --sunfish

``--nodes``: adversa's default engine with a node budget instead of time (the same count
on any machine). ``--seconds``: a time a position; with ``--sunfish`` Sunfish (the pip
release, as a UCI engine) is scored on the same positions in the same run.
``--first``/``--count`` choose a stretch of the suite (``--first 1 --count 300``);
``--changes "futility=off"`` scores the default engine with those parameters changed.
Each unsolved position is printed with the move played and the moves expected.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path

import chess
import chess.engine

from adversa.games.chess import Chess
from adversa.games.registry import evaluation_of
from adversa.search.engine import engine_for, run_search

SUITE = Path(__file__).parent / "data" / "wac.epd"
SUNFISH = [sys.executable, "-m", "sunfish"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One position of the suite: its id, the board, the moves that solve it and the
    moves that fail it."""

    name: str
    board: chess.Board
    best: tuple[chess.Move, ...]
    avoid: tuple[chess.Move, ...]

    def solved_by(self, move: chess.Move) -> bool:
        if self.best:
            return move in self.best
        return move not in self.avoid


def load_suite(path: Path = SUITE) -> list[Problem]:
    """The suite's positions in file order (python-chess reads the EPD operations)."""
    problems = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        board, operations = chess.Board.from_epd(line)
        best, avoid = operations.get("bm", []), operations.get("am", [])
        assert isinstance(best, list) and isinstance(avoid, list), line
        problems.append(Problem(str(operations["id"]), board,
                                tuple(move for move in best if isinstance(move, chess.Move)),
                                tuple(move for move in avoid if isinstance(move, chess.Move))))
    return problems


def adversa_move(game: Chess, problem: Problem, engine_text: str) -> chess.Move:
    """The move adversa's default engine (with ``engine_text``'s budget) plays."""
    state = game.parse_position(problem.board.fen())
    result = run_search(game, state, engine_for(game, f"default {engine_text}"),
                        evaluation=evaluation_of(game))
    assert isinstance(result.best_move, chess.Move)
    return result.best_move


def expected_text(problem: Problem) -> str:
    board = problem.board
    if problem.best:
        return "bm " + " ".join(board.san(move) for move in problem.best)
    return "am " + " ".join(board.san(move) for move in problem.avoid)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    budget = parser.add_mutually_exclusive_group(required=True)
    budget.add_argument("--nodes", type=int, help="adversa's node budget a position")
    budget.add_argument("--seconds", type=float, help="time a position")
    parser.add_argument("--sunfish", action="store_true",
                        help="score Sunfish too (needs --seconds)")
    parser.add_argument("--first", type=int, default=1, help="first position (1-300)")
    parser.add_argument("--count", type=int, default=300, help="positions to try")
    parser.add_argument("--changes", default="",
                        help="engine parameters changed from the default engine's")
    arguments = parser.parse_args()
    if arguments.sunfish and arguments.seconds is None:
        parser.error("--sunfish needs --seconds (Sunfish has no node budget)")
    problems = load_suite()[arguments.first - 1:arguments.first - 1 + arguments.count]
    engine_text = (f"nodes={arguments.nodes} time=3600" if arguments.nodes is not None
                   else f"time={arguments.seconds}") + f" {arguments.changes}"
    game = Chess()
    sunfish = chess.engine.SimpleEngine.popen_uci(SUNFISH) if arguments.sunfish else None
    ours = theirs = 0
    try:
        for problem in problems:
            move = adversa_move(game, problem, engine_text)
            ours += problem.solved_by(move)
            line = "" if problem.solved_by(move) else f"adversa {problem.board.san(move)}"
            if sunfish is not None:
                played = sunfish.play(problem.board,
                                      chess.engine.Limit(time=arguments.seconds)).move
                assert played is not None
                theirs += problem.solved_by(played)
                if not problem.solved_by(played):
                    line += f"{'; ' if line else ''}Sunfish {problem.board.san(played)}"
            if line:
                print(f"{problem.name}: {line} ({expected_text(problem)})", flush=True)
    finally:
        if sunfish is not None:
            sunfish.quit()
    budget_text = (f"{arguments.nodes:,} nodes" if arguments.nodes is not None
                   else f"{arguments.seconds:g} s")
    print(f"WAC {problems[0].name}-{problems[-1].name} at {budget_text} a position: "
          f"adversa solved {ours}/{len(problems)}")
    if sunfish is not None:
        print(f"Sunfish solved {theirs}/{len(problems)} in the same run")


if __name__ == "__main__":
    main()
