"""GTP seats: an Othello program that speaks the Go Text Protocol takes a seat (``gtp:``).

GTP is a line protocol: a command per line, an answer ``= text`` (or ``? error``)
ended by a blank line. Othello programs such as GRhino (``gtp-rhino``, Debian's
``grhino`` package) use its Go commands for Othello: ``boardsize``, ``clear_board``,
``play black e6``, ``genmove white`` (answered ``F5`` or ``PASS``) and
``time_settings``. Squares are written as adversa writes them (columns ``a``…, rows
``1``… from the top), so a move goes through the game's own notation both ways.

The seat keeps the moves it has told the program; a new position that extends them
costs only the new moves, anything else (an undo, a new game) a ``clear_board`` and a
replay. Passes are not sent (GRhino refuses ``play black pass`` and passes for a
side without a move by itself), and a forced pass is answered without asking. The
program starts from the standard position only, so a seat refuses a game
that starts elsewhere. Shaped as the shared ``OutsideEngine`` protocol (a ``label``,
``choose_move``, ``close``) and opened by `open_engine`.
"""

from __future__ import annotations

import math
import os
import shlex
import subprocess
from collections.abc import Callable, Mapping, Sequence

from adversa.games.base import AdversaError, Game, M, S
from adversa.match.seats import OutsideEngineError, find_program

"""Where Debian installs game engines, outside the PATH of root and of many users."""

INSTALL_HINT = "install it (Debian/Ubuntu: apt install grhino)"
COLOURS = ("black", "white")


class GtpEngine:
    """One running GTP program playing one game at a time."""

    def __init__(self, command: Sequence[str], game: Game[S, M]) -> None:
        self.game = game
        self.command = list(command)
        program = os.path.basename(self.command[0])
        self.label = f"GRhino ({program})" if "rhino" in program else f"GTP ({program})"
        try:
            self.process: subprocess.Popen[str] | None = subprocess.Popen(
                self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True, bufsize=1)
        except OSError as error:
            raise OutsideEngineError(f"GTP program {self.command[0]!r} cannot start: "
                                     f"{error.strerror}") from None
        self.told: list[object] = []
        """The moves the program has been told since its last ``clear_board`` (only compared
        with the game's moves, so any game's move type will do)."""
        self.size = int(getattr(game, "size", 8))
        self.seconds: float | None = None
        try:
            self.send(f"boardsize {self.size}")
            self.send("clear_board")
        except OutsideEngineError:
            self.close()  # a program that is not a GTP engine is not left running
            raise

    def send(self, command: str) -> str:
        """Send one command and return its answer's text; `OutsideEngineError` for an
        error answer, garbage or a program that died."""
        process = self.process
        if process is None or process.stdin is None or process.stdout is None:
            raise OutsideEngineError(f"{self.label} is closed")
        try:
            process.stdin.write(command + "\n")
            process.stdin.flush()
            lines: list[str] = []
            while True:
                line = process.stdout.readline()
                if not line:
                    raise OutsideEngineError(
                        f"{self.label} stopped (exit status {process.poll()}) after {command!r}")
                line = line.strip()
                if not line and lines:
                    break
                if line and not lines and line[0] not in "=?":
                    raise OutsideEngineError(
                        f"{self.label} answered {command!r} with {line!r}; "
                        "expected '= …' or '? …'")
                if line:
                    lines.append(line)
        except (BrokenPipeError, OSError):
            raise OutsideEngineError(f"{self.label} stopped while answering {command!r}") from None
        answer = " ".join(lines)
        if answer.startswith("?"):
            raise OutsideEngineError(f"{self.label} refused {command!r}: {answer[1:].strip()}")
        return answer[1:].strip()

    def _sync(self, game: Game[S, M], start: S, moves: Sequence[M]) -> None:
        """Tell the program the moves it has not heard yet (replaying from the start
        when the game went another way)."""
        if start != game.initial_state():
            raise OutsideEngineError(f"{self.label} can only play from the standard start "
                                     "position")
        moves = list(moves)
        if moves[: len(self.told)] != self.told:
            self.send("clear_board")
            self.told = []
        state = start
        for move in moves[: len(self.told)]:
            state = game.result(state, move)
        for move in moves[len(self.told):]:
            colour, text = COLOURS[game.to_move(state)], game.format_move(state, move)
            if text != "pass":  # GRhino passes by itself and refuses "play … pass"
                self.send(f"play {colour} {text}")
            state = game.result(state, move)
            self.told.append(move)

    def choose_move(self, game: Game[S, M], start: S, moves: Sequence[M], state: S,
                    seconds: float | None,
                    on_info: Callable[[str], None] | None = None) -> M:
        """The program's move in ``state`` (after ``moves`` from ``start``)."""
        self._sync(game, start, moves)
        legal = game.legal_moves(state)
        if len(legal) == 1 and game.format_move(state, legal[0]) == "pass":
            self.told.append(legal[0])  # nothing to ask: a forced pass
            return legal[0]
        if seconds is not None and seconds != self.seconds:
            self.send(f"time_settings 0 {max(1, math.ceil(seconds))} 1")
            self.seconds = seconds
        colour = COLOURS[game.to_move(state)]
        answer = self.send(f"genmove {colour}")
        if on_info is not None:
            on_info(f"{self.label}: {answer}")
        try:
            move = game.parse_move(state, answer.lower())
        except AdversaError as error:
            raise OutsideEngineError(f"{self.label} played {answer!r}: {error}") from None
        self.told.append(move)
        return move

    def close(self) -> None:
        """Ask the program to quit, and make sure it has."""
        process, self.process = self.process, None
        if process is None:
            return
        try:
            if process.stdin is not None:
                process.stdin.write("quit\n")
                process.stdin.close()
            process.wait(timeout=2)
        except (OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


def check(command_line: str, game: Game[S, M], options: Mapping[str, str]) -> None:
    """Refuse, before any game starts, a spec whose program is missing or whose options
    are unknown (a GTP seat takes none: program flags go on its command line)."""
    if options:
        raise OutsideEngineError(
            f"gtp:{command_line}: unknown option {next(iter(options))!r}; a GTP seat takes "
            "no options (give the program's own flags, e.g. gtp:gtp-rhino --level=5)")
    words = shlex.split(command_line)
    if not words:
        raise OutsideEngineError("gtp: needs a program, e.g. gtp:gtp-rhino")
    find_program(words[0], INSTALL_HINT)


def open_engine(command_line: str, game: Game[S, M],
                options: Mapping[str, str]) -> GtpEngine:
    """The GTP seat for ``gtp:COMMAND LINE``: the program found and started."""
    check(command_line, game, options)
    words = shlex.split(command_line)
    return GtpEngine([find_program(words[0], INSTALL_HINT), *words[1:]], game)
