"""An earlier revision of adversa as an opponent, in a subprocess of its own.

The revision's ``adversa/`` package is exported with ``git archive`` into a temporary
directory (no worktree is registered, the repository is not touched) and a small driver
runs there with ``PYTHONPATH`` set to that directory alone, so it imports the OLD code;
it says which file it imported at start-up, and the adapter refuses to go on unless that
file is inside the export. Start-up (imports, tables) is paid once: the driver then
answers one position a line, given as the game's moves from the start (so the old rules
rebuild the history their draw rules need), with one move text, which the adapter parses
with the current rules.

The driver uses only what every revision since the registry has (``make_game``,
``entry_of``, ``EngineConfig.parse``, ``run_search``, ``format_move``/``parse_move``); a
revision that predates ``default`` as an engine name gets its registered engine with the
overrides put in by the driver.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from adversa.games.base import AdversaError
from adversa.games.checkers import Checkers, CheckersMove, CheckersState

from .base import OpponentError

DEFAULT_REVISION = "fee8ed4"
"""The last commit before issue 13's checkers work (the release the issue measured): the
next one, 3833a0d, began it with ``default`` as an engine name, and 5581938 added the
ending terms. 238f68b, used before, already had both: its engine and the current one
search the same trees."""

REPOSITORY = Path(__file__).resolve().parents[2]

DRIVER = r"""
import json, sys
import adversa
from adversa.games import make_game
from adversa.games.registry import entry_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

game = make_game("checkers")
words = sys.argv[1].split()
if words[0] == "default":  # the registered engine with the overrides (word by word)
    settings = dict(word.split("=", 1) for word in entry_of(game).engines[0].split()[1:])
    settings.update(word.split("=", 1) for word in words[1:])
    algorithm = entry_of(game).engines[0].split()[0]
    words = [algorithm, *(f"{key}={value}" for key, value in settings.items())]
config = EngineConfig.parse(" ".join(words))
print(json.dumps({"ready": adversa.__file__, "engine": config.text}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    state = game.initial_state()
    for text in request["moves"]:
        state = game.result(state, game.parse_move(state, text))
    result = run_search(game, state, config)
    print(json.dumps({"move": game.format_move(state, result.best_move),
                      "nodes": result.snapshot.nodes}), flush=True)
"""


class PreviousAdversa:
    """adversa at ``revision`` playing its own default engine (``default <overrides>``)."""

    name = "previous"

    def __init__(self, revision: str, engine: str) -> None:
        try:
            commit = _git("rev-parse", "--short", f"{revision}^{{commit}}").strip()
        except subprocess.CalledProcessError:
            raise OpponentError(f"--revision {revision!r} is not a commit of {REPOSITORY}; "
                                "give one of its commits (git log --oneline)") from None
        self.directory = Path(tempfile.mkdtemp(prefix=f"adversa-{commit}-"))
        archive = subprocess.run(["git", "-C", str(REPOSITORY), "archive", commit, "adversa"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(self.directory)], input=archive, check=True)
        environment = {**os.environ, "PYTHONPATH": str(self.directory)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", DRIVER, engine], cwd=self.directory, env=environment,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        hello = self._read()
        imported = Path(hello["ready"]).resolve()
        if not imported.is_relative_to(self.directory.resolve()):
            self.close()
            raise OpponentError(f"the driver imported {imported}, not revision {commit}")
        self.game = Checkers()
        self.nodes = 0
        self.description = f"adversa {commit} (git archive), engine {hello['engine']}"

    def new_game(self) -> None:
        """Nothing to reset: the old engine starts every search afresh."""

    def choose(self, state: CheckersState, moves: Sequence[str]) -> CheckersMove:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"moves": list(moves)}) + "\n")
        self.process.stdin.flush()
        answer = self._read()
        self.nodes = int(answer["nodes"])
        try:
            return self.game.parse_move(state, answer["move"])
        except AdversaError as error:
            raise OpponentError(f"the previous adversa played {answer['move']}: {error}") from None

    def _read(self) -> dict[str, str]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            code = self.process.wait()
            raise OpponentError(f"the previous adversa's driver ended (exit status {code})")
        answer: dict[str, str] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.directory, ignore_errors=True)


def _git(*arguments: str) -> str:
    return subprocess.run(["git", "-C", str(REPOSITORY), *arguments], capture_output=True,
                          text=True, check=True).stdout
