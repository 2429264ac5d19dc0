"""``adversa serve``: the app played from a real (headless) Chromium, and its one-line refusals.

The browser test starts ``adversa serve`` on a free port with its own HOME and config
folder, opens the page in Chromium driven by Playwright, reads the xterm.js terminal's
text, starts tic-tac-toe with Ctrl+G, clicks a cell and checks it is on the board and
in the move list. Every wait polls for what should appear, with generous limits, so a
busy machine is slower but never fails.

It skips, saying why, without Debian's ``chromium`` or the ``playwright`` package (``make
test`` installs Playwright; ``.ci/run`` installs Chromium when it can). Set
``ADVERSA_SCREENSHOT`` to a PNG path to keep a picture of the page (how
``assets/screenshot-browser.png`` is made).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import http.server
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from adversa.cli.serve import browser_url

CHROMIUM = os.environ.get("ADVERSA_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
"""Debian's Chromium, or the browser ``ADVERSA_CHROMIUM`` names (a Chromium or Chrome)."""
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
WAIT_MS = 180_000
"""Generous: the app starts a Python process per page, and the machine may be busy."""

# textual-serve's page keeps its xterm.js Terminal in a closure. Before the page's
# script runs, a setter on Object.prototype catches the first value assigned to any
# ``terminal`` property (the page's `this.terminal = new Terminal(...)`), turns it back
# into a plain property and remembers it, so the test can read the terminal's buffer.
READ_TERMINAL = """
window.__terminals = [];
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(value) {
    Object.defineProperty(this, 'terminal',
                          {value, writable: true, configurable: true, enumerable: true});
    window.__terminals.push(value);
  },
});
window.__screenText = () => {
  const terminal = window.__terminals[0];
  if (!terminal) return '';
  const buffer = terminal.buffer.active, lines = [];
  for (let row = 0; row < terminal.rows; row++) {
    const line = buffer.getLine(buffer.viewportY + row);
    lines.push(line ? line.translateToString(true) : '');
  }
  return lines.join('\\n');
};
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def isolated_environment(home: Path) -> dict[str, str]:
    """This environment with HOME, the XDG folders and adversa's own folder in ``home``,
    so the served app never reads or writes the user's settings and saves."""
    environment = dict(os.environ, HOME=str(home), PYTHONUNBUFFERED="1",
                       ADVERSA_CONFIG_DIR=str(home / "adversa"))
    for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        environment[name] = str(home / name.lower())
    return environment


def run_serve(*args: str, home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "adversa", "serve", *args],
                          env=isolated_environment(home), capture_output=True, text=True,
                          timeout=120)


# ---- refusals and the served command (no browser needed) ---------------------------------


@pytest.mark.parametrize("port", ["0", "65536", "http"])
def test_a_port_out_of_range_is_refused_in_one_line(port: str, tmp_path: Path) -> None:
    done = run_serve("--port", port, home=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert re.fullmatch(r"adversa: error: Invalid value for '--port': .*\n", done.stderr)


def test_a_port_in_use_is_refused_in_one_line(tmp_path: Path) -> None:
    pytest.importorskip("textual_serve", reason="textual-serve is not installed "
                        "(pip install 'adversa[browser]')")
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = run_serve("--host", "127.0.0.1", "--port", str(port), home=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == (f"adversa: error: cannot listen on 127.0.0.1:{port}: Address "
                           "already in use; another program uses that port; choose another "
                           "--port (1-65535)\n")


def test_a_host_that_is_not_this_machine_is_refused_in_one_line(tmp_path: Path) -> None:
    pytest.importorskip("textual_serve", reason="textual-serve is not installed")
    done = run_serve("--host", "no-such-host.invalid", home=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("adversa: error: cannot serve on host 'no-such-host.invalid'")
    assert done.stderr.count("\n") == 1


def test_without_textual_serve_the_command_says_what_to_install(tmp_path: Path) -> None:
    blocked = ("import sys; sys.modules['textual_serve'] = None; "
               "from adversa.cli import main; main(['serve'], prog_name='adversa')")
    done = subprocess.run([sys.executable, "-c", blocked], env=isolated_environment(tmp_path),
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert done.stderr == ("adversa: error: serving needs the textual-serve package; install "
                           "it with pip install 'adversa[browser]'\n")


def test_a_server_on_every_interface_is_reached_by_the_machines_name() -> None:
    assert browser_url("0.0.0.0", 8123) == f"http://{socket.gethostname()}:8123"
    assert browser_url("localhost", 80) == "http://localhost:80"
    assert browser_url("::1", 8000) == "http://[::1]:8000"
    assert browser_url("127.0.0.1", 8000, "abc-123") == "http://127.0.0.1:8000/?token=abc-123"


# ---- the browser -------------------------------------------------------------------------


class Served:
    """An ``adversa serve`` subprocess; its output is collected by a thread so the
    test can wait for the URL line with a time limit and show everything on failure."""

    def __init__(self, home: Path, *options: str) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "adversa", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), *options],
            env=isolated_environment(home), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, start_new_session=True,
        )
        self.output: list[str] = []
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.output.append(line)
            self._lines.put(line)
        self._lines.put(None)

    def url(self) -> str:
        """The URL the server prints (waits for that line)."""
        while True:
            try:
                line = self._lines.get(timeout=WAIT_MS / 1000)
            except queue.Empty:
                pytest.fail("no URL from adversa serve:\n" + "".join(self.output))
            if line is None:
                pytest.fail("adversa serve ended:\n" + "".join(self.output))
            found = re.search(r"serving the app at (http://\S+)", line)
            if found:
                return found.group(1)

    def stop(self) -> None:
        """SIGTERM lets the server close each app; the group kill is the fallback for
        app processes left behind."""
        self.process.terminate()
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    pytest.importorskip("textual_serve", reason="textual-serve is not installed "
                        "(pip install 'adversa[browser]')")
    server = Served(tmp_path / "home")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def page(tmp_path: Path) -> Iterator[Any]:
    """A page in a fresh headless Chromium profile that can read the terminal's text."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed "
                                   "(pip install 'adversa[browser]')")
    if not os.access(CHROMIUM, os.X_OK):
        pytest.skip(f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium; "
                    "elsewhere set ADVERSA_CHROMIUM to a Chromium or Chrome)")
    # python-chess's UCI seats install its own event-loop policy process-wide (tests of
    # them may have run in this worker first); its child watcher is bound to a loop of
    # theirs, and Playwright's driver then could not start ("get_child_watcher() is not
    # activated"). The browser gets asyncio's default policy, put back afterwards.
    policy = asyncio.get_event_loop_policy()
    asyncio.set_event_loop_policy(None)
    try:
        yield from _chromium_page(sync_api, tmp_path)
    finally:
        asyncio.set_event_loop_policy(policy)


def _chromium_page(sync_api: Any, tmp_path: Path) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"), executable_path=CHROMIUM, headless=True,
            args=CHROMIUM_ARGS, viewport={"width": 1400, "height": 900},
            timeout=WAIT_MS,  # Playwright's own 30 s launch bound failed with every core busy
        )
        # Only the local server; any other request is refused and remembered (the page
        # must ask nothing of other hosts: a class may have no internet).
        elsewhere: list[str] = []

        def refuse(route: Any) -> None:
            elsewhere.append(route.request.url)
            route.abort()

        context.route(re.compile(r"^(?!(http|ws)://127\.0\.0\.1[:/])"), refuse)
        context.add_init_script(READ_TERMINAL)
        context.set_default_timeout(WAIT_MS)
        try:
            page = context.new_page()
            page.requests_elsewhere = elsewhere
            yield page
        finally:
            context.close()


def screen_text(page: Any) -> str:
    text: str = page.evaluate("window.__screenText()")
    return text


def wait_for_screen(page: Any, pattern: str) -> str:
    """The terminal's text once ``pattern`` (a JavaScript regular expression) matches it,
    polled in the page; on time-out, a failure that shows the screen."""
    try:
        page.wait_for_function("pattern => new RegExp(pattern).test(window.__screenText())",
                               arg=pattern, timeout=WAIT_MS)
    except Exception as error:  # Playwright's TimeoutError
        pytest.fail(f"the terminal never matched {pattern!r} ({error}); it shows:\n"
                    + screen_text(page))
    return screen_text(page)


def cell_bounds(screen: str, column: str, row: str) -> tuple[int, int, int, int]:
    """First and last line, first and past-the-last character of one cell of the drawn
    grid board, found from its labels.

    The column letters sit on one line under the board; the row number at the left of
    the cell's middle line; the cell runs between the nearest vertical rules around the
    column letter and between the horizontal rules above and below that line."""
    lines = screen.split("\n")
    footer = next(i for i, line in enumerate(lines) if re.search(r"\ba\s+b\s+c\b", line))
    x = re.search(rf"\b{column}\b", lines[footer][:lines[footer].index(" c") + 2])
    assert x is not None
    middle = x.start()
    label = next(i for i in range(footer - 1, -1, -1)
                 if re.search(rf"(?<!\d){row} │", lines[i][:middle]))
    top = label
    while top > 0 and lines[top - 1][middle] not in "─┬┼":
        top -= 1
    bottom = label
    while lines[bottom + 1][middle] not in "─┴┼":
        bottom += 1
    left = lines[label].rindex("│", 0, middle) + 1
    right = lines[label].index("│", middle)
    return top, bottom, left, right


def cell_text(screen: str, column: str, row: str) -> str:
    top, bottom, left, right = cell_bounds(screen, column, row)
    return "\n".join(line[left:right] for line in screen.split("\n")[top:bottom + 1])


def click_cell(page: Any, screen: str, column: str, row: str) -> None:
    """Click the middle of a board cell, converting terminal cells to page pixels."""
    top, bottom, left, right = cell_bounds(screen, column, row)
    rows, columns = page.evaluate("[window.__terminals[0].rows, window.__terminals[0].cols]")
    box = page.locator(".xterm-screen").bounding_box()
    page.mouse.click(box["x"] + (left + right) / 2 * box["width"] / columns,
                     box["y"] + ((top + bottom) / 2 + 0.5) * box["height"] / rows)


@pytest.mark.slow
def test_a_class_plays_tictactoe_in_a_browser(page: Any, served: Served,
                                              tmp_path: Path) -> None:
    page.goto(served.url())
    # The start screen, its seats filled in (Ctrl+G reads them).
    wait_for_screen(page, r"new game[^]*Tic-tac-toe[^]*Human[^]*alphabeta[^]*Play")

    page.locator(".xterm-helper-textarea").focus()
    page.keyboard.press("Control+g")
    board = wait_for_screen(page, r"X to move[^]*Moves")
    assert cell_text(board, "b", "2").strip() == ""

    # A click, not typed text: ':' moves the focus to the move box only after the
    # keys already sent with it have reached the board.
    click_cell(page, board, "b", "2")
    # The move list (a score sheet: "1. b2 a3") gets the human's move; the board draws
    # X's mark in b2.
    after = wait_for_screen(page, r"\b1\.\s+b2\b")
    assert cell_text(after, "b", "2").strip() != "", after
    # The engine answers in the same page (its search runs in the served app).
    wait_for_screen(page, r"\b1\.\s+b2\s+[a-c][1-3]\b")

    assert page.requests_elsewhere == []
    page.screenshot(path=str(tmp_path / "browser.png"))
    if keep := os.environ.get("ADVERSA_SCREENSHOT"):
        page.screenshot(path=keep)


def test_a_browser_without_the_token_gets_no_app(page: Any, served: Served) -> None:
    address = served.url()
    without = address.split("?")[0]
    response = page.goto(without)
    assert response.status == 403
    assert "access token" in page.content()
    wrong = page.goto(without + "?token=not-the-token")
    assert wrong.status == 403
    # A page from the server itself cannot open a session with a guessed token either.
    page.goto(address)
    wait_for_screen(page, r"new game")
    refused = page.evaluate("""port => new Promise(done => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/guess?width=80&height=24`);
        socket.onopen = () => done('opened');
        socket.onerror = () => done('refused');
    })""", served.port)
    assert refused == "refused"


OPEN_SOCKET = """([port, token]) => new Promise(done => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/${token}?width=80&height=24`);
    socket.onopen = () => { socket.close(); done('opened'); };
    socket.onerror = () => done('refused');
})"""
"""In the page: open a session's websocket with the right token; 'opened' or 'refused'."""


def test_a_page_of_another_site_and_a_page_past_the_cap_get_no_app(page: Any,
                                                                    tmp_path: Path) -> None:
    pytest.importorskip("textual_serve", reason="textual-serve is not installed "
                        "(pip install 'adversa[browser]')")
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<p>another site</p>")
    other = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(tmp_path / "site")))
    threading.Thread(target=other.serve_forever, daemon=True).start()
    server = Served(tmp_path / "home", "--max-sessions", "1")
    try:
        address = server.url()
        token = address.split("token=", 1)[1]
        # Another site, in the same browser, with the right token: its Origin is refused.
        page.goto(f"http://127.0.0.1:{other.server_port}/")
        assert "another site" in page.content()
        assert page.evaluate(OPEN_SOCKET, [server.port, token]) == "refused"
        # The server's own page gets the one session the cap allows…
        page.goto(address)
        wait_for_screen(page, r"new game")
        # …and a second session from it, token and Origin right, is past the cap.
        assert page.evaluate(OPEN_SOCKET, [server.port, token]) == "refused"
    finally:
        server.stop()
        other.shutdown()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the other site's page without a log line per request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass
