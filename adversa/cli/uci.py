"""``adversa uci``: adversa's chess engine as a UCI engine, for any chess GUI or tournament
manager (cutechess, lichess-bot, python-chess's ``chess.engine``).

The protocol runs on standard input and output, one command a line. Supported: ``uci``,
``isready``, ``ucinewgame``, ``position startpos|fen FEN [moves M…]``, ``go`` with
``wtime btime winc binc movestogo movetime depth nodes infinite``, ``stop`` and
``quit``. The search runs in a thread so ``stop``, ``isready`` and ``quit`` are answered
while it thinks; each completed iteration prints an ``info`` line with depth, seldepth,
nodes, nps, time, score (``cp`` or ``mate``) and the PV in UCI notation, and the search
ends with ``bestmove``. Unknown commands are ignored, as the protocol asks.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TextIO

import chess
import click

from adversa.games.base import AdversaError, Game
from adversa.games.registry import evaluation_of, make_evaluator, make_game
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import Iteration, SearchEvent
from adversa.search.timeman import ClockReading

if TYPE_CHECKING:
    from adversa.games.chess_state import ChessState

ENGINE_NAME = "adversa"
GAME = "chess"
DEEPEST = 64
"""The ``depth`` an unbounded ``go`` gets: the engine's largest; time or ``stop`` ends it."""


class UciSession:
    """One UCI conversation: the position, the running search and the output lock."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self.game: Game[ChessState, chess.Move] = make_game(GAME)
        self.scale = make_evaluator(self.game).raw_scale
        self.state = self.game.initial_state()
        self._write = write
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def say(self, line: str) -> None:
        with self._lock:
            self._write(line)

    def handle(self, line: str) -> bool:
        """Act on one command; False after ``quit``."""
        words = line.split()
        if not words:
            return True
        command, arguments = words[0], words[1:]
        if command == "uci":
            self.say(f"id name {ENGINE_NAME}")
            self.say("id author the adversa project")
            self.say("uciok")
        elif command == "isready":
            self.say("readyok")
        elif command == "ucinewgame":
            self.finish_search()
            self.state = self.game.initial_state()
        elif command == "position":
            self.finish_search()
            self.set_position(arguments)
        elif command == "go":
            self.finish_search()
            self.go(arguments)
        elif command == "stop":
            self.finish_search()
        elif command == "quit":
            self.finish_search()
            return False
        return True

    def set_position(self, arguments: Sequence[str]) -> None:
        """``startpos`` or ``fen`` with its six fields, then optional ``moves`` in UCI."""
        words = list(arguments)
        moves: list[str] = []
        if "moves" in words:
            moves = words[words.index("moves") + 1:]
            words = words[: words.index("moves")]
        try:
            if words[:1] == ["fen"]:
                state = self.game.parse_position(" ".join(words[1:]))
            else:
                state = self.game.initial_state()
            for text in moves:
                state = self.game.result(state, self.game.parse_move(state, text))
        except AdversaError as error:
            self.say(f"info string refused position: {error}")
            return
        self.state = state

    def go(self, arguments: Sequence[str]) -> None:
        """Start the search the ``go`` arguments describe, in a thread."""
        values: dict[str, int] = {}
        words = list(arguments)
        for index, word in enumerate(words[:-1]):
            if words[index + 1].lstrip("-").isdigit():
                values[word] = int(words[index + 1])
        config = EngineConfig.parse(f"alphabeta depth={values.get('depth', DEEPEST)}")
        time_left: ClockReading | None = None
        if "movetime" in values:
            config = config.with_values(time=max(values["movetime"], 1) / 1000)
        elif "nodes" in values:
            config = config.with_values(nodes=max(values["nodes"], 1))
        elif "infinite" not in words and "depth" not in values:
            own, increment = ("wtime", "winc") if self.game.to_move(self.state) == 0 \
                else ("btime", "binc")
            if own in values:
                time_left = ClockReading(max(values[own], 1) / 1000,
                                         values.get(increment, 0) / 1000,
                                         values.get("movestogo"))
        self._stop.clear()
        state = self.state
        self._thread = threading.Thread(target=self._search, args=(state, config, time_left),
                                        daemon=True)
        self._thread.start()

    def _search(self, state: ChessState, config: EngineConfig,
                time_left: ClockReading | None) -> None:
        try:
            result = run_search(self.game, state, config, should_stop=self._stop.is_set,
                                on_event=lambda event: self._report(state, event),
                                time_left=time_left, evaluation=evaluation_of(self.game))
        except AdversaError as error:
            self.say(f"info string {error}")
            self.say("bestmove 0000")
            return
        move = result.best_move
        self.say(f"bestmove {'0000' if move is None else move.uci()}")

    def _report(self, state: ChessState, event: SearchEvent) -> None:
        if not isinstance(event, Iteration):
            return
        pv = uci_line(self.game, state, event.pv)
        nps = int(event.nodes / event.seconds) if event.seconds > 0 else 0
        score = event.score if isinstance(event.score, float | int) else 0.0
        if abs(score) >= 1.0:  # a proven result: the PV runs to the mate
            moves = (len(pv) + 1) // 2
            score_text = f"mate {moves if score > 0 else -moves}"
        else:
            score_text = f"cp {round(score * self.scale)}"
        self.say(f"info depth {event.depth} nodes {event.nodes} nps {nps} "
                 f"time {int(event.seconds * 1000)} score {score_text} pv {' '.join(pv)}")

    def finish_search(self) -> None:
        """Stop a running search and wait for its ``bestmove``."""
        if self._thread is not None:
            self._stop.set()
            self._thread.join()
            self._thread = None


def uci_line(game: Game[ChessState, chess.Move], state: ChessState,
             sans: Sequence[str]) -> list[str]:
    """A PV given in SAN as UCI moves, played out from ``state``."""
    moves: list[str] = []
    for text in sans:
        try:
            move = game.parse_move(state, text)
        except AdversaError:
            break
        moves.append(move.uci())
        state = game.result(state, move)
    return moves


def serve(lines: TextIO, output: TextIO) -> None:
    """Answer UCI commands from ``lines`` on ``output`` until ``quit`` or the end of input."""

    def write(line: str) -> None:
        output.write(line + "\n")
        output.flush()

    session = UciSession(write)
    for line in lines:
        if not session.handle(line):
            return
    session.finish_search()


@click.command("uci")
def uci_command() -> None:
    """Speak UCI on standard input and output: adversa's chess engine for chess GUIs."""
    serve(sys.stdin, sys.stdout)
