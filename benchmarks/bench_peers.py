"""Search speed against the pure-Python engines people use: easyAI and AIMA.

Run: ``.venv/bin/python benchmarks/bench_peers.py [--quick] [--repeat 3] [--json FILE]``

Two tables, every ratio measured in this run; times are CPU seconds of this
process (``time.process_time``), best of ``--repeat`` rounds in which the
engines take turns, so a busy machine slows them alike.

1. **kernel only (checkers)** — easyAI 2.0.12 ``Negamax`` and AIMA's
   ``alpha_beta_cutoff_search`` (``aima`` 2024.9.28, ``games4e``) driven through
   *our* checkers rules and evaluation, against our plain alpha-beta at the same
   depth: only the search kernels differ. All three visit the same nodes.
2. **peers with their own games** — the peers as shipped: easyAI's
   ``TicTacToe`` and ``Nim`` (misère) under its ``Negamax``, AIMA's dict-board
   ``TicTacToe(h, v, k)`` under ``alpha_beta_cutoff_search``, against our plain
   alpha-beta on our own games, same positions, same depth, same evaluation:
   the lectures' e(n) written over each peer's board (Nim: 0 for every
   unfinished position), terminal states scored ±(WIN − ply). easyAI multiplies
   every leaf by (1 + 0.001·depth left), which already prefers quick wins, so it
   scores terminals ±WIN: an order-preserving transform of ±(WIN − ply), hence
   the same decisions. Each peer move is checked by our search of the rest of
   the tree: its value must equal our root value.

Nodes are one per position reached, root included. A peer's nodes are counted
in one extra, untimed run with a counting ``make_move``/``result``; the timed
runs use the peer untouched. A peer that is not installed is skipped with a
note (``pip install -e '.[bench]'`` and, for AIMA,
``pip install --no-deps --ignore-requires-python aima==2024.9.28 numpy``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from functools import cache, partial
from operator import itemgetter
from typing import Any

from bench_search import ENHANCED, PLAIN, POSITIONS, timed_search
from rich.console import Console
from rich.table import Table

from adversa.games import Game, make_game
from adversa.games.registry import evaluation_of, make_evaluator
from adversa.search.common import WIN
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

console = Console(width=150)  # full tables when piped to a file or CI log

Run = Callable[[], tuple[int, float, Any]]
"""One timed search: ``(nodes, CPU seconds, best move in our encoding)``."""

Peer = Callable[[Game[Any, Any], Any, int], tuple[Run, Callable[[], int]]]
"""Set up a peer on our position: ``(timed run, untimed node count)``."""


class NodeCounter:
    """Counts positions reached through a wrapped ``make_move``/``result`` (plus the root)."""

    def __init__(self) -> None:
        self.nodes = 1

    def counting(self, step: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any) -> Any:
            self.nodes += 1
            return step(*args)

        return counted


def alternating_best(repeat: int, runs: dict[str, Run]) -> dict[str, tuple[int, float, Any]]:
    """The fastest of ``repeat`` runs of each engine, the engines taking turns in a round."""
    best: dict[str, tuple[int, float, Any]] = {}
    for _ in range(repeat):
        for name, run in runs.items():
            outcome = run()
            if name not in best or outcome[1] < best[name][1]:
                best[name] = outcome
    return best


def repeated(run: Run, loops: int) -> Run:
    """``run`` done ``loops`` times, timed as one search (small trees take under 1 ms)."""

    def many() -> tuple[int, float, Any]:
        total = 0.0
        for _ in range(loops):
            nodes, seconds, move = run()
            total += seconds
        return nodes, total / loops, move

    return many


@cache
def installed(name: str, module: str) -> bool:
    """Whether a peer can be imported; says once why not."""
    try:
        __import__(module)
    except ImportError as error:
        console.print(f"[yellow]{name} skipped: {error}[/]")
        return False
    return True


def ours(game: Game[Any, Any], state: Any, spec: str) -> Run:
    def run() -> tuple[int, float, Any]:
        result, seconds = timed_search(game, state, spec, float("inf"))
        return result.snapshot.nodes, seconds, result.best_move

    return run


def new_table(title: str, first: tuple[str, ...], rest: tuple[str, ...]) -> Table:
    table = Table(title=title)
    for column in first:
        table.add_column(column)
    for column in rest:
        table.add_column(column, justify="right")
    return table


# --------------------------------------------------------------------------- 1. kernel only


def easyai_on_checkers(game: Any, state: Any, depth: int) -> tuple[int, float, Any]:
    from easyAI import AI_Player, Negamax, TwoPlayerGame

    evaluator = make_evaluator(game)
    counter = NodeCounter()

    class Adapter(TwoPlayerGame):  # type: ignore[misc]
        """Our checkers behind easyAI's interface, with make/unmake on a state stack."""

        def __init__(self) -> None:
            self.players = [AI_Player(None), AI_Player(None)]
            self.current_player = game.to_move(state) + 1
            self.state = state
            self.stack: list[Any] = []

        def possible_moves(self) -> list[Any]:
            return list(game.legal_moves(self.state))

        def make_move(self, move: Any) -> None:
            counter.nodes += 1
            self.stack.append(self.state)
            self.state = game.result(self.state, move)

        def unmake_move(self, move: Any) -> None:
            self.state = self.stack.pop()

        def is_over(self) -> bool:
            return bool(game.is_terminal(self.state))

    def scoring(adapter: Adapter) -> float:
        return float(evaluator(adapter.state, game.to_move(adapter.state)))

    started = time.process_time()
    move = Negamax(depth, scoring)(Adapter())
    return counter.nodes, time.process_time() - started, move


def aima_on_checkers(game: Any, state: Any, depth: int) -> tuple[int, float, Any]:
    from aima.games4e import alpha_beta_cutoff_search

    evaluator = make_evaluator(game)
    counter = NodeCounter()
    root_player = game.to_move(state)

    class Adapter:
        """Our checkers behind AIMA's Game interface."""

        def actions(self, position: Any) -> list[Any]:
            return list(game.legal_moves(position))

        def result(self, position: Any, move: Any) -> Any:
            counter.nodes += 1
            return game.result(position, move)

        def terminal_test(self, position: Any) -> bool:
            return bool(game.is_terminal(position))

        def to_move(self, position: Any) -> int:
            return int(game.to_move(position))

    started = time.process_time()
    # AIMA cuts off when depth > d, with the root's children at depth 1: d = depth - 1.
    move = alpha_beta_cutoff_search(
        state, Adapter(), d=depth - 1, eval_fn=lambda position: evaluator(position, root_player)
    )
    return counter.nodes, time.process_time() - started, move


def table_kernels(depth: int, repeat: int, report: dict[str, Any]) -> None:
    game = make_game("checkers")
    table = new_table(f"1. kernel only: peers on our checkers, plain alpha-beta, depth {depth}, "
                      f"same evaluation (best of {repeat})", ("position", "engine"),
                      ("nodes", "seconds", "nodes/s", "adversa ×", "move"))
    rows = report.setdefault("kernels", [])
    peers = [(name, runner) for name, runner, module in (
        ("easyAI Negamax", easyai_on_checkers, "easyAI"),
        ("AIMA alpha_beta_cutoff", aima_on_checkers, "aima.games4e")) if installed(name, module)]
    for label, fen in POSITIONS.items():
        state = game.parse_position(fen)
        runs: dict[str, Run] = {
            "adversa plain αβ": ours(game, state, f"alphabeta depth={depth} {PLAIN}"),
            "adversa enhanced αβ": ours(game, state, f"alphabeta depth={depth} {ENHANCED}"),
        }
        for name, runner in peers:
            runs[name] = partial(runner, game, state, depth)
        best = alternating_best(repeat, runs)
        our_rate = best["adversa plain αβ"][0] / best["adversa plain αβ"][1]
        for name, (nodes, seconds, move) in best.items():
            ratio = "" if name == "adversa enhanced αβ" else f"{our_rate * seconds / nodes:.2f}"
            table.add_row(label, name, f"{nodes:,}", f"{seconds:.3f}", f"{nodes / seconds:,.0f}",
                          ratio, game.format_move(state, move))
            rows.append({"position": label, "engine": name, "nodes": nodes, "seconds": seconds})
    console.print(table)


# --------------------------------------------------------------------------- 2. own games


def winning_lines(game: Any) -> list[tuple[int, ...]]:
    """Our game's winning lines as tuples of cell indices (``row * width + col``)."""
    cells = game.width * game.height
    return [tuple(i for i in range(cells) if line >> i & 1) for line in game.lines]


def easyai_runs(
    setup: Callable[[], Any], negamax: Callable[[Any], Any], to_ours: Callable[[Any], Any]
) -> tuple[Run, Callable[[], int]]:
    """A timed easyAI search from a fresh ``setup()`` game, and an untimed counted one."""

    def run() -> tuple[int, float, Any]:
        peer = setup()
        started = time.process_time()
        move = negamax(peer)
        return 0, time.process_time() - started, to_ours(move)

    def count() -> int:
        peer, counter = setup(), NodeCounter()
        peer.make_move = counter.counting(peer.make_move)
        negamax(peer)
        return counter.nodes

    return run, count


def easyai_tictactoe(game: Any, state: Any, depth: int) -> tuple[Run, Callable[[], int]]:
    """easyAI's 3×3 ``TicTacToe`` (list board, 0 empty, players 1 and 2) at our position."""
    from easyAI import AI_Player, Negamax
    from easyAI.games import TicTacToe as EasyTicTacToe

    getters = [itemgetter(*line) for line in winning_lines(game)]
    scale = float(len(getters) + 1)
    lost_line = {player: (player,) * game.k for player in (1, 2)}

    def scoring(peer: Any) -> float:
        """e(n) for the player to move; -WIN when the opponent has completed a line."""
        board, mine = peer.board, peer.current_player
        theirs = 3 - mine
        lead, lost = 0, lost_line[theirs]
        for get in getters:  # a single pass: open lines and the loss test together
            marks = get(board)
            if marks == lost:
                return -WIN
            lead += (theirs not in marks) - (mine not in marks)
        return lead / scale

    def setup() -> Any:
        peer = EasyTicTacToe([AI_Player(None), AI_Player(None)])
        peer.board = [1 if state.x >> i & 1 else 2 if state.o >> i & 1 else 0
                      for i in range(9)]
        peer.current_player = game.to_move(state) + 1
        assert [move - 1 for move in peer.possible_moves()] == list(game.legal_moves(state))
        assert peer.is_over() == game.is_terminal(state)
        return peer

    return easyai_runs(setup, Negamax(depth, scoring), lambda move: move - 1)


def easyai_nim(game: Any, state: Any, depth: int) -> tuple[Run, Callable[[], int]]:
    """easyAI's ``Nim`` (misère; moves ``"pile,count"`` from 1) at our position."""
    from easyAI import AI_Player, Negamax
    from easyAI.games import Nim as EasyNim

    def scoring(peer: Any) -> float:
        """Misère: the player to move at an empty board wins; 0 for every other position."""
        return 0.0 if any(peer.piles) else WIN

    def setup() -> Any:
        peer = EasyNim([AI_Player(None), AI_Player(None)], piles=state.piles)
        peer.current_player = game.to_move(state) + 1
        ours_moves = [f"{pile + 1},{taken}" for pile, taken in game.legal_moves(state)]
        assert peer.possible_moves() == ours_moves and peer.is_over() == game.is_terminal(state)
        return peer

    def to_ours(move: str) -> tuple[int, int]:
        pile, taken = map(int, move.split(","))
        return pile - 1, taken

    return easyai_runs(setup, Negamax(depth, scoring), to_ours)


def aima_tictactoe(game: Any, state: Any, depth: int) -> tuple[Run, Callable[[], int]]:
    """AIMA's ``TicTacToe(h, v, k)`` (dict board keyed by 1-based (row, column)) at our position."""
    from aima.games4e import GameState, alpha_beta_cutoff_search
    from aima.games4e import TicTacToe as AimaTicTacToe

    width = game.width
    cell_of = {(i // width + 1, i % width + 1): i for i in range(width * game.height)}
    # Each cell's lines as one bitmask of line numbers: e(n) is then a union over marked cells.
    through = {key: sum(1 << n for n, line in enumerate(winning_lines(game)) if i in line)
               for key, i in cell_of.items()}
    scale = float(len(game.lines) + 1)
    root_mark = "XO"[game.to_move(state)]
    board = {key: "X" if state.x >> i & 1 else "O"
             for key, i in cell_of.items() if (state.x | state.o) >> i & 1}
    root_marks = len(board)

    def evaluate(position: Any) -> float:
        """e(n) for the root player; terminal states ±(WIN − ply), draws 0."""
        if position.utility:
            won = (position.utility > 0) == (root_mark == "X")
            distance = WIN - (len(position.board) - root_marks)
            return distance if won else -distance
        touched_by_root = touched_by_other = 0
        for key, mark in position.board.items():
            if mark == root_mark:
                touched_by_root |= through[key]
            else:
                touched_by_other |= through[key]
        # open for root − open for other = lines the other has not touched − lines root has not.
        return (touched_by_root.bit_count() - touched_by_other.bit_count()) / scale

    def setup() -> tuple[Any, Any]:
        peer = AimaTicTacToe(game.height, width, game.k)
        moves = [key for key in cell_of if key not in board]
        position = GameState(to_move=root_mark, utility=0, board=dict(board), moves=moves)
        assert [cell_of[key] for key in peer.actions(position)] == list(game.legal_moves(state))
        assert peer.terminal_test(position) == game.is_terminal(state)
        return peer, position

    def run() -> tuple[int, float, Any]:
        peer, position = setup()
        started = time.process_time()
        move = alpha_beta_cutoff_search(position, peer, d=depth - 1, eval_fn=evaluate)
        return 0, time.process_time() - started, cell_of[move]

    def count() -> int:
        (peer, position), counter = setup(), NodeCounter()
        peer.result = counter.counting(peer.result)
        alpha_beta_cutoff_search(position, peer, d=depth - 1, eval_fn=evaluate)
        return counter.nodes

    return run, count


EASYAI = ("easyAI Negamax", "easyAI.games")
AIMA = ("AIMA alpha_beta_cutoff", "aima.games4e")

OWN_GAME_CASES: list[tuple[str, str, dict[str, str], list[str], list[int], list[Any]]] = [
    ("tic-tac-toe 3×3", "tictactoe", {},
     [".../.../...", "X../.O./...", "X../.O./..X", "XO./.X./..O"], [4, 6],
     [(*EASYAI, easyai_tictactoe), (*AIMA, aima_tictactoe)]),
    ("tic-tac-toe 4×4 k=4", "tictactoe", {"width": "4", "height": "4", "k": "4"},
     ["..../..../..../....", "X.../.O../..../...."], [4, 5], [(*AIMA, aima_tictactoe)]),
    ("Nim misère", "nim", {"piles": "1,3,5,7", "misere": "true"}, ["1,3,5,7", "1,2,4,7;2"],
     [5, 7], [(*EASYAI, easyai_nim)]),
    ("Nim misère, exact", "nim", {"piles": "1,3,5", "misere": "true"}, ["1,3,5", "2,3,4;2"],
     [9], [(*EASYAI, easyai_nim)]),
]
"""(label, our game, its options, positions, depths, peers as (name, module, setup))."""


LOOP_NODES = 40_000
"""Each timed run repeats a search until about this many nodes, so per-search costs
and the clock's resolution do not swamp trees of a few hundred nodes."""


def move_value(game: Game[Any, Any], state: Any, move: Any, depth: int) -> float:
    """The value of ``move`` to the player at ``state``: our search of the rest of the tree."""
    child = game.result(state, move)
    if game.is_terminal(child):
        return float(game.utility(child)[game.to_move(state)])
    result = run_search(game, child, EngineConfig.parse(f"alphabeta depth={depth - 1} {PLAIN}"),
                        evaluation=evaluation_of(game))
    assert isinstance(result.value, float)
    return -result.value


def table_own_games(quick: bool, repeat: int, report: dict[str, Any]) -> bool:
    """Table 2; False when an engine's move is not worth our root value (exit status 1)."""
    table = new_table(f"2. peers with their own games: plain alpha-beta, same evaluation; "
                      f"seconds per search, each run repeating it to ≥ {LOOP_NODES:,} nodes, "
                      f"best of {repeat}", ("game", "position", "depth", "engine"),
                      ("nodes", "seconds", "nodes/s", "adversa ×", "move", "value", "agrees"))
    rows = report.setdefault("own_games", [])
    agreed = True
    for label, game_name, options, positions, depths, peers in OWN_GAME_CASES:
        game = make_game(game_name, options)
        available = [(name, setup) for name, module, setup in peers if installed(name, module)]
        for text in positions[:2] if quick else positions:
            state = game.parse_position(text)
            for depth in depths[:1] if quick else depths:
                runs = {"adversa plain αβ": ours(game, state, f"alphabeta depth={depth} {PLAIN}")}
                counts = {"adversa plain αβ": 0}
                for name, setup in available:
                    runs[name], count = setup(game, state, depth)
                    counts[name] = count()
                warm_up_nodes = runs["adversa plain αβ"]()[0]
                loops = max(1, round(LOOP_NODES / warm_up_nodes))
                runs = {name: repeated(run, loops) for name, run in runs.items()}
                best = alternating_best(repeat, runs)
                root = move_value(game, state, best["adversa plain αβ"][2], depth)
                our_rate = best["adversa plain αβ"][0] / best["adversa plain αβ"][1]
                for name, (nodes, seconds, move) in best.items():
                    nodes = nodes or counts[name]
                    value = move_value(game, state, move, depth) + 0.0  # no "-0.0000"
                    agreed &= value == root
                    table.add_row(label, text, str(depth), name, f"{nodes:,}", f"{seconds:.4f}",
                                  f"{nodes / seconds:,.0f}", f"{our_rate * seconds / nodes:.2f}",
                                  game.format_move(state, move), f"{value:+.4f}",
                                  "yes" if value == root else "[red]NO[/]")
                    rows.append({"game": label, "position": text, "depth": depth, "engine": name,
                                 "nodes": nodes, "seconds": seconds, "searches": loops,
                                 "value": value})
    console.print(table)
    return agreed


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer positions, smaller depths")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; the best time counts")
    parser.add_argument("--json", dest="json_file", default=None, help="also write a JSON report")
    parser.add_argument("--tables", default="12", help="which tables to run, e.g. 2")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"python": sys.version.split()[0]}
    agreed = True
    if "1" in args.tables:
        table_kernels(5 if args.quick else 8, args.repeat, report)
    if "2" in args.tables:
        agreed = table_own_games(args.quick, args.repeat, report)
    if args.json_file:
        with open(args.json_file, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=2)
    return 0 if agreed else 1


if __name__ == "__main__":
    sys.exit(main())
