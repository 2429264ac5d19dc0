"""Chess: adversa's perft against python-chess's, and its engine against Sunfish.

Run (from the repository root, with ``nice`` on a shared machine)::

    nice -n 10 .venv/bin/python benchmarks/bench_chess.py perft
    nice -n 10 .venv/bin/python benchmarks/bench_chess.py depth [--seconds 5]
    nice -n 10 .venv/bin/python benchmarks/bench_chess.py match [--games 10] [--seconds 0.5]
    nice -n 10 .venv/bin/python benchmarks/bench_chess.py ladder [--games 20] [--skills 0,1,2]
    nice -n 10 .venv/bin/python benchmarks/bench_chess.py endings [--nodes 60000]
    nice -n 10 .venv/bin/python benchmarks/bench_chess.py nodes [--nodes 250000] [--changes …]
    nice -n 10 .venv/bin/python benchmarks/bench_chess.py movegen [--nodes 100000]
    nice -n 10 .venv/bin/python benchmarks/bench_chess.py memos [--seconds 5] [--limits P:M,…]

``perft``: leaves per second of ``adversa perft chess`` and of python-chess's own perft
(push/pop, the last ply bulk-counted: the walk of python-chess's test suite), both
timed in this run on the same positions (the start to depth 5, Kiwipete to depth 4),
best of three by CPU time.

adversa plays with the game's default engine (``alphabeta`` with null moves and late
move reductions) at the given time.

``depth``: on six positions (the start, an Italian opening, Kiwipete, a Queen's Gambit
middle game, the Lucena position, Fine #70) each engine thinks ``--seconds``; the
table gives the deepest completed iteration and nodes per second of each, the
ratios, and adversa's move. Sunfish (the pip release, pure Python) runs as a UCI engine
through python-chess (``python -m sunfish``), reporting its own depth and nodes. Both
depths are completed iterations (`sunfish_depth` says how Sunfish's is read; "sf begun"
is the deepest it started). Nodes per second are given twice: by the clock on the wall
(each engine's own report), and per second of CPU its process used (``n/cpu-s``), which
a machine shared with other work slows less unevenly.

How each side counts a node (both count every position visited, quiescence included):
adversa counts each call of its search at a node (`negamax`, `quiesce`, the root's
pass), each null-move search and each child it judges one ply above the horizon
without a call, a table hit that answers at once included; a quiet move that futility
pruning leaves out one ply above the horizon is never played, so not counted (nor are
the moves Sunfish's futility ceiling folds without a call). Sunfish counts each call of
its ``bound``: every node of every MTD-bi probe (it visits the same tree again with
each probe, its table answering much of it at once), quiescence and null moves
included, and also the children its pseudo-legal generator makes that leave its king
en prise (each ends within a node or two, once the king capture is found); adversa generates legal
moves only, so it makes no such nodes.

``match``: ``--games`` games against Sunfish at ``--seconds`` a move, from varied
openings with colours swapped, adjudicated a draw after 300 plies; W/D/L and the Elo
difference with its 95 % interval (`adversa.match.elo`). Games are numbered from
``--first`` (default 1), so ``--first 11`` continues a match with the next openings;
``--changes "aspiration=0.0005"`` plays the default engine with those parameters changed.

``endings``: why the two endings are searched shallower than Sunfish searches them. On
a node budget (the same on any machine), the depth the default engine completes in the
Lucena position and Fine #70, its move and value, and the same with one switch changed
at a time: the check extension, null moves, a larger table, late move reductions,
futility pruning.

``nodes``: nodes to depth, the measure that says what a search change is worth on any
machine: on the six positions of ``depth``, a search of the default engine (with
``--changes``) on a node budget, the nodes spent up to each completed iteration (the
last few), its move and value, from cold memos.

``movegen``: what adversa's own move lister (`adversa.games.chess_movegen`, over
python-chess's bitboards) is worth, and that it changes nothing but speed. On the six
positions of ``depth``, a default search on a node budget from cold memos, once with
the fast path and once with python-chess's own generator swapped in
(`chess_movegen.python_chess_moves`, ``any(generate_legal_moves())``), alternating,
best of three by CPU time: the nodes, move and value of each (equal: the same tree)
and the fast path's speed-up.

``memos``: what the chess memos' limits (`chess_memo.POSITION_LIMIT`, `CHILD_LIMIT`)
trade. On the six positions of ``depth``, a default search of ``--seconds`` from cold
memos in a fresh process for each pair of ``--limits`` (``positions:moves``, comma
separated; the first is the baseline): nodes per CPU second, the ratio to the
baseline's, and the process's peak memory.

``ladder``: the same match against Stockfish (Debian's ``/usr/games/stockfish``, one
thread) at each Skill Level from 0 to 5, ``--games`` games a level, so adversa's engine
is placed on a scale others can reproduce; one W/D/L line with its Elo interval a level.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gc
import math
import multiprocessing
import os
import resource
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import chess
import chess.engine

from adversa.games import chess as chess_rules
from adversa.games import chess_memo
from adversa.games.chess import Chess
from adversa.games.chess_memo import forget_all
from adversa.games.chess_movegen import python_chess_moves
from adversa.games.chess_state import ChessState
from adversa.games.perft import perft
from adversa.games.registry import evaluation_of
from adversa.match.elo import Tally, elo_estimate
from adversa.match.uci import UciEngine
from adversa.search.engine import engine_for, run_search

POSITIONS = {
    "start": chess.STARTING_FEN,
    "Italian": "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "Kiwipete": "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "QGD middle game": "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2NBPN2/PP3PPP/R2QK2R w KQ - 2 8",
    "Lucena": "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
    "Fine #70": "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
}

OPENINGS = ("e4 e5", "d4 d5", "e4 c5", "c4 e5", "e4 e6", "d4 Nf6", "e4 c6", "Nf3 d5",
            "e4 e5 Nf3 Nc6", "d4 d5 c4 e6")
"""Short lines from the start, each played twice with colours swapped."""

MAX_PLIES = 300
SUNFISH = f"{sys.executable} -m sunfish"
SUNFISH_ROUGHNESS = 15
"""`sunfish.EVAL_ROUGHNESS`: Sunfish ends a depth's MTD-bi probes once its bounds are
this close (centipawns)."""
MATE_CENTIPAWNS = 100_000
STOCKFISH = "stockfish"
"""Found on PATH or in the game folders (`adversa.match.uci.program_argv`)."""
LADDER_SKILLS = range(6)


def reference_perft(board: chess.Board, depth: int) -> int:
    """python-chess's own perft walk (as in its test suite)."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += reference_perft(board, depth - 1)
        board.pop()
    return total


def best_time(run: Callable[[], int], repeat: int = 3) -> tuple[int, float]:
    """The count ``run`` returns and its least CPU time over ``repeat`` runs (CPU time of
    this process: other work on a shared machine slows the wall clock, not this)."""
    best = float("inf")
    count = 0
    for _ in range(repeat):
        started = time.process_time()
        count = run()
        best = min(best, time.process_time() - started)
    return count, best


def bench_perft() -> None:
    game = Chess()
    print(f"{'position':10} {'depth':>5} {'leaves':>10} {'adversa/s':>11} "
          f"{'python-chess/s':>14} {'ratio':>6}")
    for name, depth in (("start", 5), ("Kiwipete", 4)):
        fen = POSITIONS[name]
        state = game.parse_position(fen)
        ours, our_time = best_time(functools.partial(perft, game, state, depth))
        theirs, their_time = best_time(
            functools.partial(reference_perft, chess.Board(fen), depth))
        assert ours == theirs, (name, ours, theirs)
        print(f"{name:10} {depth:5} {ours:10,} {ours / our_time:11,.0f} "
              f"{theirs / their_time:14,.0f} {their_time / our_time:6.2f}")


def process_cpu_seconds(pid: int) -> float:
    """CPU seconds (user and system) process ``pid`` has used, from Linux's
    ``/proc/PID/stat``; NaN where there is no such file."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return math.nan
    # After the command's closing parenthesis: state is field 0, utime 11, stime 12.
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sunfish_depth(engine: chess.engine.SimpleEngine, fen: str,
                  seconds: float) -> tuple[int, int, int, float, float]:
    """Sunfish's deepest completed depth, the deepest it began, its nodes, nodes per
    second, and the CPU seconds its process used meanwhile.

    Sunfish searches each depth by MTD-bi, a series of null-window probes, and reports
    after every probe, so the deepest depth it names may be one it has only begun. A
    depth counts as completed, as adversa's does, once its probes' bounds meet (the
    bracket Sunfish's own driver tracks, within `sunfish.EVAL_ROUGHNESS`) or a deeper
    depth has started. Its nodes are every call of its search function, table hits,
    quiescence and repeated probes included: adversa counts every position its search
    visits, table hits, quiescence and re-searches included, the same measure.
    """
    completed = started = nodes = 0
    nps = 0.0
    lower, upper = -math.inf, math.inf
    transport = engine.protocol.transport
    assert transport is not None  # a running engine has its process
    pid = transport.get_pid()
    # A one-ply search first: Sunfish frees the previous search's tables when the next
    # search starts, seconds of CPU after a big one, which is not this search's work.
    engine.analyse(chess.Board(fen), chess.engine.Limit(depth=1))
    cpu_before = process_cpu_seconds(pid)
    with engine.analysis(chess.Board(fen), chess.engine.Limit(time=seconds)) as analysis:
        for info in analysis:
            depth = int(info.get("depth", 0))
            if depth > started:
                completed, started = max(completed, started), depth
                lower, upper = -math.inf, math.inf
            score = info.get("score")
            if score is not None and depth == started:
                value = score.relative.score(mate_score=MATE_CENTIPAWNS)
                if info.get("lowerbound"):
                    lower = max(lower, value)
                elif info.get("upperbound"):
                    upper = min(upper, value)
                if not lower < upper - SUNFISH_ROUGHNESS:
                    completed = max(completed, depth)
            nodes = int(info.get("nodes", nodes))
            nps = float(info.get("nps", nps))
    return completed, started, nodes, nps, process_cpu_seconds(pid) - cpu_before


def bench_depth(seconds: float) -> None:
    game = Chess()
    sunfish = chess.engine.SimpleEngine.popen_uci(SUNFISH.split())
    print(f"{seconds:g} s a position")
    print(f"{'position':16} {'adv depth':>9} {'sf depth':>8} {'sf begun':>8} {'adv nps':>9} "
          f"{'sf nps':>9} {'nps ratio':>9} {'adv n/cpu-s':>11} {'sf n/cpu-s':>10} "
          f"{'cpu ratio':>9} {'adv move':>8}")
    try:
        for name, fen in POSITIONS.items():
            config = engine_for(game, f"default time={seconds}")
            # As for Sunfish below: the previous position's memos are freed before the
            # clock starts, not by this search when it first fills them to their limit.
            forget_all()
            gc.collect()
            cpu_before = time.process_time()
            result = run_search(game, game.parse_position(fen), config,
                                evaluation=evaluation_of(game))
            our_cpu = time.process_time() - cpu_before
            snapshot = result.snapshot
            depth, begun, nodes, nps, their_cpu = sunfish_depth(sunfish, fen, seconds)
            ratio = snapshot.nps / nps if nps else math.nan
            ours, theirs = snapshot.nodes / our_cpu, nodes / their_cpu
            print(f"{name:16} {snapshot.completed_depth:9} {depth:8} {begun:8} "
                  f"{snapshot.nps:9,.0f} {nps:9,.0f} {ratio:9.2f} {ours:11,.0f} "
                  f"{theirs:10,.0f} {ours / theirs:9.2f} {result.best_move_text:>8}", flush=True)
    finally:
        sunfish.quit()


ENDING_VARIANTS = ("", "checkext=off", "nullmove=off", "tt=64", "lmr=off", "futility=off")
"""The default engine, then one switch changed at a time."""


def bench_endings(nodes: int) -> None:
    game = Chess()
    print(f"{nodes:,} nodes a search; the default engine, then one switch changed")
    print(f"{'position':10} {'change':14} {'depth':>5} {'seldepth':>8} {'move':>6} "
          f"{'value cp':>8} {'table hits':>10}")
    for name in ("Lucena", "Fine #70"):
        for change in ENDING_VARIANTS:
            config = engine_for(game, f"default nodes={nodes} {change}").without("time")
            result = run_search(game, game.parse_position(POSITIONS[name]), config,
                                evaluation=evaluation_of(game))
            snapshot = result.snapshot
            centipawns = ("proven" if result.raw_value is None
                          else f"{result.raw_value:+.0f}")
            hits = snapshot.tt_hits / snapshot.tt_probes if snapshot.tt_probes else 0.0
            print(f"{name:10} {change or 'default':14} {snapshot.completed_depth:5} "
                  f"{snapshot.seldepth:8} {result.best_move_text or '-':>6} "
                  f"{centipawns:>8} {hits:10.0%}", flush=True)


@contextlib.contextmanager
def python_chess_generator() -> Iterator[None]:
    """Chess's move lists from python-chess's own generator while the body runs."""
    rules = vars(chess_rules)  # the names the rules module calls them by
    saved = rules["legal_move_list"], rules["has_legal_move"]
    rules["legal_move_list"] = lambda board, checked=None: python_chess_moves(board)
    rules["has_legal_move"] = lambda board, checked=None: any(board.generate_legal_moves())
    try:
        yield
    finally:
        rules["legal_move_list"], rules["has_legal_move"] = saved


def bench_movegen(nodes: int) -> None:
    game = Chess()
    config = engine_for(game, f"default nodes={nodes}").without("time")
    print(f"{nodes:,} nodes a search, cold memos; best of 3 by CPU, alternating")
    print(f"{'position':16} {'nodes':>7} {'move':>6} {'cp':>6} {'same tree':>9} "
          f"{'own s':>6} {'p-c s':>6} {'speed-up':>8}")
    for name, fen in POSITIONS.items():
        state = game.parse_position(fen)
        best: dict[bool, float] = {}
        answers: dict[bool, tuple[int, str, str]] = {}
        for _round in range(3):
            for referee in (False, True):
                forget_all()
                with python_chess_generator() if referee else contextlib.nullcontext():
                    cpu_before = time.process_time()
                    result = run_search(game, state, config, evaluation=evaluation_of(game))
                    spent = time.process_time() - cpu_before
                best[referee] = min(best.get(referee, math.inf), spent)
                centipawns = ("proven" if result.raw_value is None
                              else f"{result.raw_value:+.0f}")
                answers[referee] = (result.snapshot.nodes, result.best_move_text or "-",
                                    centipawns)
        forget_all()
        (own_nodes, move, value), same = answers[False], answers[False] == answers[True]
        print(f"{name:16} {own_nodes:7,} {move:>6} {value:>6} {'yes' if same else 'NO':>9} "
              f"{best[False]:6.2f} {best[True]:6.2f} {best[True] / best[False]:8.2f}",
              flush=True)


NODES_SHOWN = 6
"""`bench_nodes` prints the nodes to the last this many completed depths."""


def bench_nodes(nodes: int, changes: str) -> None:
    game = Chess()
    print(f"{nodes:,} nodes a search; the default engine{' with ' + changes if changes else ''}")
    print("position         depth   move value cp  nodes to depth (cumulative)")
    for name, fen in POSITIONS.items():
        forget_all()
        config = engine_for(game, f"default nodes={nodes} {changes}").without("time")
        result = run_search(game, game.parse_position(fen), config,
                            evaluation=evaluation_of(game))
        spent = 0
        reached = []
        for iteration in result.snapshot.iterations:
            spent += iteration.nodes
            reached.append(f"{iteration.depth}:{spent:,}")
        centipawns = "proven" if result.raw_value is None else f"{result.raw_value:+.0f}"
        print(f"{name:16} {result.snapshot.completed_depth:5} {result.best_move_text or '-':>6} "
              f"{centipawns:>8}  {' '.join(reached[-NODES_SHOWN:])}", flush=True)


def play_game(game: Chess, opening: str, adversa_plays: int, seconds: float,
              opponent: UciEngine, changes: str = "") -> float:
    """Points adversa scores in one game (1, ½ or 0), its engine the default with
    ``changes`` (engine parameters, e.g. ``aspiration=0.0005``)."""
    start: ChessState = game.initial_state()
    state = start
    moves: list[chess.Move] = []
    for text in opening.split():
        moves.append(game.parse_move(state, text))
        state = game.result(state, moves[-1])
    config = engine_for(game, f"default time={seconds} {changes}")
    while not game.is_terminal(state) and len(moves) < MAX_PLIES:
        if game.to_move(state) == adversa_plays:
            move = run_search(game, state, config, evaluation=evaluation_of(game)).best_move
            assert move is not None  # a search of a live position always has a move
        else:
            move = opponent.choose_move(game, start, moves, state, seconds)
        moves.append(move)
        state = game.result(state, move)
    outcome = game.outcome(state)
    if outcome is None or outcome.winner is None:
        return 0.5
    return 1.0 if outcome.winner == adversa_plays else 0.0


def play_match(opponent: UciEngine, games: int, seconds: float, first: int = 1,
               changes: str = "") -> Tally:
    """``games`` games against ``opponent``, numbered from ``first``, each printed."""
    game = Chess()
    tally = Tally()
    for number in range(first - 1, first - 1 + games):
        opening = OPENINGS[(number // 2) % len(OPENINGS)]
        adversa_plays = number % 2
        points = play_game(game, opening, adversa_plays, seconds, opponent, changes)
        tally = tally.add(points)
        colour = "White" if adversa_plays == 0 else "Black"
        print(f"game {number + 1}: {opening:14} adversa {colour}: {points}", flush=True)
    return tally


def tally_line(opponent: str, seconds: float, tally: Tally) -> str:
    """``adversa vs X at 0.5 s a move: +W =D -L (score), Elo +d [lower, upper]``."""
    line = (f"adversa vs {opponent} at {seconds:g} s a move: +{tally.wins} ={tally.draws} "
            f"-{tally.losses} ({tally.score:.3f})")
    estimate = elo_estimate(tally)
    if estimate is not None:
        line += f", Elo {estimate.elo:+.1f} [{estimate.lower:+.1f}, {estimate.upper:+.1f}]"
    return line


def bench_match(games: int, seconds: float, first: int = 1, changes: str = "") -> None:
    sunfish = UciEngine(SUNFISH, {})
    if changes:
        print(f"adversa: the default engine with {changes}", flush=True)
    try:
        tally = play_match(sunfish, games, seconds, first, changes)
    finally:
        sunfish.close()
    print(tally_line("Sunfish", seconds, tally), flush=True)


def bench_ladder(games: int, seconds: float, skills: Sequence[int] = LADDER_SKILLS) -> None:
    lines = []
    for skill in skills:
        stockfish = UciEngine(STOCKFISH, {"skill": str(skill), "Threads": "1", "Hash": "16"})
        print(f"Stockfish Skill Level {skill}", flush=True)
        try:
            tally = play_match(stockfish, games, seconds)
        finally:
            stockfish.close()
        lines.append(tally_line(f"Stockfish skill {skill}", seconds, tally))
        print(lines[-1], flush=True)
    print("\n".join(lines))


def memo_search(fen: str, seconds: float, positions: int, moves: int) -> tuple[int, float, int]:
    """`bench_memos`' search, run in a fresh process: its nodes, its CPU seconds and the
    process's peak memory in MB."""
    chess_memo.POSITION_LIMIT, chess_memo.CHILD_LIMIT = positions, moves
    game = Chess()
    config = engine_for(game, f"default time={seconds}")
    cpu_before = time.process_time()
    result = run_search(game, game.parse_position(fen), config, evaluation=evaluation_of(game))
    spent = time.process_time() - cpu_before
    return result.snapshot.nodes, spent, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


def bench_memos(seconds: float, limits: Sequence[tuple[int, int]]) -> None:
    context = multiprocessing.get_context("spawn")
    print(f"{seconds:g} s a position; limits as positions:moves, the first the baseline")
    print(f"{'position':16} " + " ".join(
        f"{f'{positions}:{moves}':>15} {'ratio':>5} {'peak MB':>7}" for positions, moves in limits))
    for name, fen in POSITIONS.items():
        measured = []
        for positions, moves in limits:
            with ProcessPoolExecutor(1, mp_context=context) as pool:
                nodes, spent, peak = pool.submit(memo_search, fen, seconds, positions,
                                                 moves).result()
            measured.append((nodes / spent, peak))
        baseline = measured[0][0]
        print(f"{name:16} " + " ".join(f"{rate:11,.0f} n/s {rate / baseline:5.2f} {peak:7}"
                                       for rate, peak in measured), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("perft", "depth", "match", "ladder", "endings",
                                         "nodes", "movegen", "memos"))
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=1,
                        help="number of the first game (to continue a match: 11 after 10)")
    parser.add_argument("--skills", default="0,1,2,3,4,5",
                        help="the ladder's Stockfish Skill Levels, comma-separated")
    parser.add_argument("--changes", default="",
                        help="`match`, `nodes`: engine parameters changed from the default "
                        "engine's")
    parser.add_argument("--nodes", type=int, default=60_000,
                        help="the node budget of each search of `endings`, `nodes` and "
                        "`movegen`")
    parser.add_argument("--limits", default="150000:100000,250000:200000",
                        help="`memos`: the memo limits compared, positions:moves, "
                        "comma-separated, the first the baseline")
    arguments = parser.parse_args()
    if arguments.what == "perft":
        bench_perft()
    elif arguments.what == "depth":
        bench_depth(arguments.seconds or 5.0)
    elif arguments.what == "endings":
        bench_endings(arguments.nodes)
    elif arguments.what == "nodes":
        bench_nodes(arguments.nodes, arguments.changes)
    elif arguments.what == "movegen":
        bench_movegen(arguments.nodes)
    elif arguments.what == "memos":
        pairs = [pair.split(":") for pair in arguments.limits.split(",")]
        bench_memos(arguments.seconds or 5.0, [(int(left), int(right)) for left, right in pairs])
    elif arguments.what == "match":
        bench_match(arguments.games, arguments.seconds or 0.5, arguments.first,
                    arguments.changes)
    else:
        skills = [int(level) for level in arguments.skills.split(",")]
        bench_ladder(arguments.games, arguments.seconds or 0.5, skills)


if __name__ == "__main__":
    main()
