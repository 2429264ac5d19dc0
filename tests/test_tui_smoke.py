"""Smoke test: the real ``adversa play`` in a real terminal (tmux), real engine.

Pilot runs the app headless; this test checks what Pilot cannot — that the
installed entry point starts, draws in a terminal, takes keys and shows the
engine's reply. It uses a private tmux server (``-L``) so it never touches the
user's sessions, and is skipped where tmux is missing.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

TMUX = shutil.which("tmux")
ADVERSA = Path(sys.executable).parent / "adversa"

pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed (apt-get install tmux)")


class Terminal:
    """A detached 120×40 tmux session running one command."""

    def __init__(self, command: str) -> None:
        assert TMUX is not None
        name = f"adversa-smoke-{os.getpid()}-{time.monotonic_ns()}"
        self.base = [TMUX, "-L", name]
        self.socket = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}" / name
        subprocess.run([*self.base, "new-session", "-d", "-s", "smoke", "-x", "120", "-y", "40",
                        command], check=True)

    def screen(self) -> str:
        done = subprocess.run([*self.base, "capture-pane", "-p", "-t", "smoke"],
                              capture_output=True, text=True, check=False)
        return done.stdout

    def keys(self, *keys: str) -> None:
        subprocess.run([*self.base, "send-keys", "-t", "smoke", *keys], check=True)

    def wait_for(self, condition: Callable[[str], bool], seconds: float = 60.0) -> str:
        """The screen once ``condition`` holds; the bound is far above what a loaded machine
        needs (start-up compiles every module when bytecode is not cached), since only
        the failure waits for it."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            text = self.screen()
            if condition(text):
                return text
            time.sleep(0.1)
        raise AssertionError(f"timed out; the screen was:\n{self.screen()}")

    def alive(self) -> bool:
        """True while the app runs (the session, and its server, end with it)."""
        done = subprocess.run([*self.base, "has-session", "-t", "smoke"],
                              capture_output=True, check=False)
        return done.returncode == 0

    def close(self) -> None:
        """Stop the private server and remove its socket file (tmux leaves it behind)."""
        subprocess.run([*self.base, "kill-server"], check=False, capture_output=True)
        self.socket.unlink(missing_ok=True)


def app_command(arguments: str, config_dir: Path) -> str:
    """The app's command line in a pane. COLUMNS/LINES can leak into the pane's environment
    under pytest (seen: 80×24); the app sizes itself from them, so drop them and let it
    ask the terminal."""
    return (f"env -u COLUMNS -u LINES ADVERSA_CONFIG_DIR={shlex.quote(str(config_dir))} "
            f"{ADVERSA} {arguments}")


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[Callable[[str], Terminal]]:
    opened: list[Terminal] = []

    def open_terminal(arguments: str) -> Terminal:
        opened.append(Terminal(app_command(arguments, tmp_path)))
        return opened[-1]

    yield open_terminal
    for term in opened:
        term.close()


def test_play_a_tictactoe_move_and_see_the_engine_reply(
    terminal: Callable[[str], Terminal],
) -> None:
    term = terminal("play tictactoe --player human --player 'alphabeta depth=9'")
    term.wait_for(lambda text: "X to move (you)" in text and "Moves" in text)
    # Keys typed in the very first moments after the first frame can be lost on a loaded
    # machine (the terminal is still answering the app's start-up queries; seen about once
    # in ten runs with both cores busy), so the test lets the app settle as a person would.
    time.sleep(1.0)
    # ':' and the move in one burst, as a fast typist sends them (issue 10: keys typed in
    # the same burst as ':' must reach the move box, not be lost).
    term.keys(":b2", "Enter")
    # The move list reads as a score sheet: "1.  b2  a3" (X's move, then O's reply).
    screen = term.wait_for(lambda text: re.search(r"\b1\.\s+b2\s+[a-c][1-3]\b", text) is not None)
    reply = re.search(r"\b1\.\s+b2\s+([a-c][1-3])\b", screen)
    assert reply is not None and reply.group(1) != "b2"
    assert "alphabeta depth=9" in screen  # the panel's header names the engine
    # ctrl+q quits wherever the focus is. Escape then q, as this test sent before, reaches
    # an app that has not read its input for 0.3 s (a loaded machine) as one "\x1bq",
    # which is alt+q: sent in one burst in tmux, the app kept running. That is the likely
    # cause of this test's one failure under load.
    term.keys("C-q")
    term.wait_for(lambda text: "Moves" not in text, seconds=30)


def test_quit_during_a_long_real_search_exits_at_once(
    terminal: Callable[[str], Terminal],
) -> None:
    term = terminal("play checkers --player human --player 'alphabeta depth=40 time=60'")
    term.wait_for(lambda text: "Black to move (you)" in text)
    term.keys(":")
    time.sleep(0.3)
    term.keys("11-15", "Enter")
    term.wait_for(lambda text: "is thinking" in text)
    time.sleep(0.5)
    asked = time.monotonic()
    term.keys("C-q")
    # The search would run 60 s: quitting well before that proves it was cancelled; the
    # bound is far from both, so a loaded machine cannot fail it (quiet: ~0.1 s).
    while term.alive() and time.monotonic() - asked < 20:
        time.sleep(0.05)
    assert not term.alive(), "the app was still running 20 s after ctrl+q"


def test_the_app_ends_when_its_terminal_closes_though_no_hang_up_reaches_it(
    tmp_path: Path,
) -> None:
    """``make play`` in a terminal window that is then closed: make takes the hang-up
    signal and does not pass it on, and the app, reading end-of-file from the dead
    terminal, once spun at full CPU for ever. Here the app ignores the signal itself
    (``trap '' HUP`` is inherited through ``exec``), so only noticing the closed terminal
    can end it."""
    pid_file = tmp_path / "app.pid"
    inner = f"trap '' HUP; echo $$ > {shlex.quote(str(pid_file))}; exec {app_command('', tmp_path)}"
    term = Terminal(f"sh -c {shlex.quote(inner)}")
    pid = 0
    try:
        term.wait_for(lambda text: "adversa" in text and "game" in text)
        pid = int(pid_file.read_text())
        term.close()  # the terminal goes away; SIGHUP is ignored
        deadline = time.monotonic() + 30  # far above the app's 1 s check, for a loaded machine
        while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not Path(f"/proc/{pid}").exists(), "the app outlived its terminal by 30 s"
    finally:
        term.close()
        if pid and Path(f"/proc/{pid}").exists():
            os.kill(pid, signal.SIGKILL)
