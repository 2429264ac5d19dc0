"""Othello endgame solver speed: seconds to solve positions exactly (CPU time).

    nice -n 10 .venv/bin/python benchmarks/bench_othello_endgame.py --empties 16 --positions 5
    nice -n 10 .venv/bin/python benchmarks/bench_othello_endgame.py --ffo 40 41
    .venv/bin/python benchmarks/bench_othello_endgame.py --ffo 26 27 28 29 30 31 32 33 34 40

``--empties N``: the median over ``--positions`` positions with N empty squares, taken
from seeded random games (the same positions on every machine). ``--ffo``: the public
FFO endgame test positions (Gunnar Andersson's suite: #40–#44, 20–22 empties, and
#26–#34, the suite's other positions with exactly 20 empties), each checked against its
published margin and best moves, with the median when there are several. ``--takeover N
…``: what a search in play pays when it hands a root with N empties to the solver
(every root move's child solved, then the root, one table), in nodes, with the
log-linear fit of the medians that `othello_takeover.TAKEOVER_NODES` holds.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from adversa.games import make_game
from adversa.games.othello import Othello, OthelloState
from adversa.games.othello_solver import EndgameSolver
from adversa.games.othello_takeover import SolverPace, SolverProbe
from adversa.games.probe_budget import ProbeBudget

GAME: Othello = make_game("othello")  # type: ignore[assignment]

FFO: dict[int, tuple[int, int, int, int, tuple[str, ...]]] = {
    40: (0x0101312303010100, 0x9E7ECEDCFC1E0800, 0, 38, ("a2",)),
    41: (0x000200F8642C1800, 0x7C3C7E0618D02472, 0, 0, ("h4",)),
    42: (0x000C040486040200, 0x3801FB7B391B1D3C, 0, 6, ("g2",)),
    43: (0x3E3C0C1E1C08143E, 0x0000706062F60800, 1, -12, ("c7", "g3")),
    44: (0x08081C0E0CC83C1C, 0x222563F1F0340000, 1, -14, ("d2", "b8")),
}
"""FFO number → (Black's discs, White's discs with a1 the highest bit as the suite's
tools write them, side to move, the mover's published margin, its best moves).
(#43 and #44 had their colours swapped until the first run of them found a wrong
margin; the board of each is now checked against the suite's text form, `FFO_BOARDS`.)"""

FFO_BOARDS = {
    40: "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X--------",
    41: "-OOOOO----OOOOX--OOOOOO-XXXXXOO--XXOOX--OOXOXX----OXXO---OOO--O-",
    42: "--OOO-------XX-OOOOOOXOO-OOOOXOOX-OOOXXO---OOXOO---OOOXO--OOOO--",
    43: "--XXXXX---XXXX---OOOXX---OOXXXX--OOXXXO-OOOOXOO----XOX----XXXXX-",
    44: "--O-X-O---O-XO-O-OOXXXOOOOOOXXXOOOOOXX--XXOOXO----XXXX-----XXX--",
}
"""The same positions as the suite writes them (a1…h8, ``X`` Black, ``O`` White)."""

FFO_TWENTY: dict[int, tuple[str, int, tuple[str, ...]]] = {
    26: ("-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X", 0, ("d8",)),
    27: ("--XO-O----OOOO--OOXOXXO-OOOOXXOOOOOXXOX-OXOXXXXX--XXXX----X-O-X- X", -2, ("b7",)),
    28: ("--O-------OOO--X-XOOOOXXXXXXOXOX-XXOXOOXXXOXOOXX-OOOOO-X---OOO-- X", 0,
         ("f1", "b2", "e1")),
    29: ("-OXXXX----OXXO--XXOOXOOOXXXOOXOOXXOOXOOOXXXXOO-XX-XXO----------- X", 10, ("g2",)),
    30: ("-XXX----X-XOO---XXOXOO--XOXOXO--XOOXOXXXXOOXXOX---OOOOO--XXXXX-- X", 0, ("g3",)),
    31: ("-OOOOO----OOOO--OXXOOO---XXXOO--XXXXXXO-XXXOOO-OX-OOOO---OOOOO-- X", -2, ("g6",)),
    32: ("--XX----O-XXOX--OOXOO---OXOXOOO-OOXXOOOXOOXXXOOX--XXXXOX--X--X-X X", -4, ("g3",)),
    33: ("-XXXXXXX--XOOO----OXOOXX-OOXXOXX-OOOOOXX-X-XOOXX---O-X-X--OOOO-- X", -8,
         ("e7", "a3")),
    34: ("-------------O-O-OOOOOOOOOOOOXOOOXXOOOXO-XXXOXOO--XXXOXO--OXXXXO X", -2, ("c2",)),
}
"""FFO #26–#34, the suite's other positions with 20 empties (a1…h8 and the side to
move, as the suite writes them), with the mover's published margin and best moves: with
#40, a set of ten 20-empty positions for the solver's median."""


def from_suite_bits(bits: int) -> int:
    """The suite's a1-is-bit-63 board in adversa's a1-is-bit-0 layout."""
    return int(f"{bits:064b}"[::-1], 2)


def ffo_position(number: int) -> OthelloState:
    if number in FFO_TWENTY:
        return GAME.parse_position(FFO_TWENTY[number][0])
    black, white, mover, _, _ = FFO[number]
    black, white = from_suite_bits(black), from_suite_bits(white)
    return OthelloState(black, white, 0) if mover == 0 else OthelloState(white, black, 1)


def published_answer(number: int) -> tuple[int, tuple[str, ...]]:
    """The mover's published margin and best moves of an FFO position."""
    if number in FFO_TWENTY:
        _, margin, best = FFO_TWENTY[number]
        return margin, best
    _, _, _, margin, best = FFO[number]
    return margin, best


def random_positions(game: Othello, empties: int, count: int) -> list[OthelloState]:
    rng = random.Random(empties)
    found: list[OthelloState] = []
    while len(found) < count:
        state = game.initial_state()
        while game.squares - (state.mine | state.theirs).bit_count() > empties:
            moves = game.legal_moves(state)
            if not moves:
                break
            state = game.result(state, rng.choice(moves))
        if game.legal_moves(state) and game.squares - sum(game.discs(state)) == empties:
            found.append(state)
    return found


def takeover_nodes(game: Othello, state: OthelloState) -> tuple[int, float]:
    """Nodes and CPU seconds of a takeover at ``state``, solved as the search's oracle
    solves it: each child of the root, then the root, through one probe."""
    probe = SolverProbe(game.board, ProbeBudget(), SolverPace())
    started = time.process_time()
    for move in game.legal_moves(state):
        child = game.result(state, move)
        probe(child.mine, child.theirs)
    probe(state.mine, state.theirs)
    return probe.solver.nodes, time.process_time() - started


def report_takeovers(game: Othello, counts: list[int], positions: int) -> None:
    """Each count's median takeover cost, and the fit ``nodes ≈ a · g^(empties − 10)``
    of the medians (least squares on their logarithms)."""
    medians: dict[int, float] = {}
    nodes_total, seconds_total = 0, 0.0
    for empties in counts:
        costs = []
        for state in random_positions(game, empties, positions):
            nodes, seconds = takeover_nodes(game, state)
            costs.append(nodes)
            nodes_total, seconds_total = nodes_total + nodes, seconds_total + seconds
            print(f"  {game.format_position(state)}: {nodes:,} nodes, {seconds:.2f} s",
                  flush=True)
        medians[empties] = statistics.median(costs)
        print(f"{empties} empties: median {medians[empties]:,.0f} nodes, "
              f"range {min(costs):,}–{max(costs):,}", flush=True)
    if len(medians) > 1:
        xs = [empties - 10 for empties in medians]
        ys = [math.log(nodes) for nodes in medians.values()]
        slope, intercept = statistics.linear_regression(xs, ys)
        print(f"fit: nodes ≈ {math.exp(intercept):,.0f} · {math.exp(slope):.2f}^(empties − 10)")
    print(f"rate: {nodes_total / max(seconds_total, 1e-9):,.0f} nodes per CPU second")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--empties", type=int, default=0)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--ffo", type=int, nargs="*", default=[],
                        choices=sorted({*FFO, *FFO_TWENTY}))
    parser.add_argument("--takeover", type=int, nargs="*", default=[])
    arguments = parser.parse_args()
    game = GAME
    if arguments.takeover:
        report_takeovers(game, arguments.takeover, arguments.positions)
    if arguments.empties:
        seconds = []
        for state in random_positions(game, arguments.empties, arguments.positions):
            solver = EndgameSolver(game.board)
            started = time.process_time()
            margin = solver.solve(state.mine, state.theirs)
            seconds.append(time.process_time() - started)
            print(f"  {game.format_position(state)}: {margin:+d}, {solver.stats.nodes:,} nodes, "
                  f"{seconds[-1]:.2f} s", flush=True)
        print(f"{arguments.empties} empties: median {statistics.median(seconds):.2f} s "
              f"over {len(seconds)} positions")
    solved: list[tuple[float, int]] = []
    for number in arguments.ffo:
        state = ffo_position(number)
        published, best = published_answer(number)
        solver = EndgameSolver(game.board)
        started = time.process_time()
        move, margin = solver.best_move(state.mine, state.theirs)
        spent = time.process_time() - started
        solved.append((spent, solver.stats.nodes))
        empties = game.squares - sum(game.discs(state))
        verdict = "ok" if margin == published and game.square_name(move) in best else "WRONG"
        print(f"FFO #{number} ({empties} empties): {game.square_name(move)} {margin:+d} "
              f"(published {published:+d} {'/'.join(best)}) {verdict}, "
              f"{solver.stats.nodes:,} nodes, {spent:.1f} s", flush=True)
    if len(solved) > 1:
        median_seconds = statistics.median(spent for spent, _ in solved)
        median_nodes = statistics.median(nodes for _, nodes in solved)
        print(f"{len(solved)} FFO positions: median {median_seconds:.1f} s, "
              f"{median_nodes:,.0f} nodes")


if __name__ == "__main__":
    main()
