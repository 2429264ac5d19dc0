"""A tournament played by a process of its own, for the app to watch.

The app's tournament screen must stay responsive while dozens of CPU-bound games run,
so it neither plays them on a thread of its own (the games would share the UI's GIL)
nor forks workers from a threaded process. It creates the tournament's folder and
starts ``adversa tournament --resume DIR --jobs N``: the command plays the games
exactly as from a shell (its worker processes, its limits on outside engines) and
writes each finished game's record atomically (`tournament_files`); the screen reads
the records as they appear. Stopping it is Ctrl-C's signal, so a stopped tournament is
a folder that ``--resume`` (or the screen) continues without losing a game.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import adversa

STOP_SECONDS = 5.0
"""How long a stopped tournament may take to write its results before it is killed."""


class TournamentProcess:
    """``adversa tournament --resume DIRECTORY`` running in the background."""

    def __init__(self, directory: Path, jobs: int = 1) -> None:
        # This checkout's adversa, whatever the working folder or the installed one.
        package_root = str(Path(adversa.__file__).resolve().parents[1])
        inherited = os.environ.get("PYTHONPATH")
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [package_root, *([inherited] if inherited else [])]))
        # Held for the process's life and closed in `wait`, so no `with`.
        self.errors = tempfile.TemporaryFile()  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "adversa", "tournament", "--resume", str(directory),
             "--jobs", str(jobs), "--json"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=self.errors, env=env)

    @property
    def running(self) -> bool:
        return self.process.poll() is None

    def stop(self) -> None:
        """Ask it to stop as Ctrl-C does (finished games are kept); safe to call twice."""
        if self.running:
            with contextlib.suppress(ProcessLookupError):
                self.process.send_signal(signal.SIGINT)

    def wait(self, timeout: float | None = None) -> str | None:
        """Wait for the end (killing it after ``timeout`` seconds); None when it ended
        well, else its last line of errors (an engine that cannot start, a bad folder)."""
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = self.process.wait()
        self.errors.seek(0)
        lines = self.errors.read().decode("utf-8", "replace").strip().splitlines()
        self.errors.close()
        if code in (0, -signal.SIGINT):
            return None
        return lines[-1] if lines else f"the tournament process ended with code {code}"
