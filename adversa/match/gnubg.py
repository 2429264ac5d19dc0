"""GNU Backgammon as an outside seat: one long-lived gnubg answering move requests.

gnubg runs Python scripts inside itself (``gnubg -t -q -p script.py``) with its
evaluator behind the ``gnubg`` module. This seat starts gnubg once with a small
script (`_SERVER`) that reads requests on stdin — a Position ID and the dice —
and answers with gnubg's best play, found by ``gnubg.findbestmove`` at the chosen
number of plies, cubeless, money play. Starting gnubg costs about a second; a move
then costs milliseconds, so a match does not restart it per move.

The answer is gnubg's move tuple (from, to pairs in the mover's numbering, 25 the
bar and 0 off); the seat writes it in gnubg's notation and reads it back with the
game's own parser, so gnubg's play must be one of adversa's legal plays or the seat
says so. Lines gnubg prints for itself are skipped: answers start with ``@@``.

Shaped as the shared outside-engine interface (``label``, ``choose_move``,
``close``, and `open_engine` for ``gnubg ply=0``).
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence

from adversa.games.backgammon_moves import BackgammonState
from adversa.games.backgammon_notation import position_id
from adversa.games.base import AdversaError, Game, M, S
from adversa.match.seats import OutsideEngineError, find_program

"""Where Debian installs game engines, outside root's PATH; searched after PATH."""

INSTALL_HINT = "install it with: apt-get install gnubg"

_SERVER = r'''
import sys
import gnubg

gnubg.command("set jacoby off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new game")
cube = gnubg.cubeinfo()
print("@@READY", flush=True)
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "QUIT":
        break
    try:
        ident, first, second, plies = words[1], int(words[2]), int(words[3]), int(words[4])
        gnubg.command("set board " + ident)
        gnubg.command("set dice %d %d" % (first, second))
        board = gnubg.positionfromid(ident)
        context = {"cubeful": 0, "plies": plies, "deterministic": 1, "prune": 1,
                   "noise": 0.0}
        move = gnubg.findbestmove(board, cube, context)
        print("@@MOVE " + " ".join(str(n) for n in move), flush=True)
    except Exception as error:  # any failure is one answer line, never a dead server
        print("@@ERROR " + str(error).replace("\n", " "), flush=True)
'''


class GnubgEngine:
    """A backgammon seat played by GNU Backgammon's evaluator at ``plies`` plies."""

    def __init__(self, program: str, plies: int) -> None:
        self.plies = plies
        self.label = f"GNU Backgammon ({plies}-ply, cubeless)"
        handle, self._script = tempfile.mkstemp(prefix="adversa-gnubg-", suffix=".py")
        with os.fdopen(handle, "w", encoding="utf-8") as script:
            script.write(_SERVER)
        try:
            self._process = subprocess.Popen(
                [program, "-t", "-q", "-p", self._script],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                text=True, bufsize=1,
            )
        except OSError as error:
            os.unlink(self._script)
            raise OutsideEngineError(f"gnubg: cannot start {program}: {error}") from None
        self._answer("@@READY")

    def _answer(self, expected: str) -> str:
        """The next answer line starting with ``@@``; gnubg's own output is skipped."""
        stdout = self._process.stdout
        assert stdout is not None
        for line in stdout:
            if line.startswith("@@ERROR"):
                raise OutsideEngineError(f"gnubg: {line[8:].strip()}")
            if line.startswith(expected):
                return line[len(expected):].strip()
        raise OutsideEngineError("gnubg: the program ended without answering")

    def choose_move(self, game: Game[S, M], start: S, moves: Sequence[M], state: S,
                    seconds: float | None,
                    on_info: Callable[[str], None] | None = None) -> M:
        """gnubg's play for ``state`` (a backgammon position with the dice rolled)."""
        if game.name != "backgammon" or not isinstance(state, BackgammonState):
            raise OutsideEngineError(f"gnubg plays backgammon only, not {game.name}")
        if not state.dice:
            raise OutsideEngineError("gnubg: the dice are not rolled yet; expected a play")
        legal = game.legal_moves(state)
        if len(legal) == 1:
            return legal[0]
        stdin = self._process.stdin
        assert stdin is not None
        ident = position_id(state.mover, state.opponent)
        try:
            stdin.write(f"MOVE {ident} {state.dice[0]} {state.dice[1]} {self.plies}\n")
            stdin.flush()
        except OSError:
            raise OutsideEngineError("gnubg: the program is no longer running") from None
        numbers = self._answer("@@MOVE ").split()
        steps = [(int(numbers[i]), int(numbers[i + 1])) for i in range(0, len(numbers) - 1, 2)
                 if int(numbers[i]) > 0]
        text = " ".join(f"{source}/{target}" for source, target in steps) or "-"
        if on_info is not None:
            on_info(f"gnubg {self.plies}-ply: {text}")
        try:
            return game.parse_move(state, text)
        except AdversaError as error:
            raise OutsideEngineError(f"gnubg answered {text!r}, not a legal play: {error}"
                                     ) from None

    def close(self) -> None:
        """Ask gnubg to quit, then make sure it has, and remove the script."""
        with contextlib.suppress(OSError, ValueError):
            if self._process.stdin is not None:
                self._process.stdin.write("QUIT\n")
                self._process.stdin.close()
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        if self._process.stdout is not None:
            self._process.stdout.close()
        with contextlib.suppress(OSError):
            os.unlink(self._script)


def open_engine(command_line: str, game: Game[S, M], options: Mapping[str, str]
                ) -> GnubgEngine:
    """``gnubg ply=0``: the program (name or path) and its options (``ply`` 0–2)."""
    if game.name != "backgammon":
        raise OutsideEngineError(f"gnubg plays backgammon only, not {game.name}")
    unknown = sorted(set(options) - {"ply"})
    if unknown:
        raise OutsideEngineError(f"gnubg has no option {unknown[0]!r}; expected ply=0, 1 or 2")
    text = options.get("ply", "0")
    if text not in ("0", "1", "2"):
        raise OutsideEngineError(f"gnubg: ply={text!r}; expected 0, 1 or 2")
    words = command_line.split() or ["gnubg"]
    return GnubgEngine(find_program(words[0], INSTALL_HINT), int(text))
