"""``adversa serve``: the app in a web browser, so a class can play without a terminal.

`textual-serve <https://github.com/Textual-Textualize/textual-serve>`_ runs a small web
server; every browser that opens the page gets its own copy of the app, started as a
subprocess that draws into an xterm.js terminal on the page. The subprocess is
``<this Python> -m adversa``, so a server started from a virtual environment serves
the app from that same environment (not whatever ``adversa`` is first on ``PATH``).

textual-serve is an optional extra (``pip install 'adversa[browser]'``) and is imported
only when the command runs, so ``adversa --help`` stays quick.
"""

from __future__ import annotations

import contextlib
import errno
import shlex
import socket
import sys
from typing import TYPE_CHECKING

import click

from adversa.cli.common import fail

if TYPE_CHECKING:
    from textual_serve.server import Server

DEFAULT_PORT = 8000
WILDCARD_HOSTS = ("0.0.0.0", "::", "")


def app_command() -> str:
    """The shell command that starts one copy of the app: this interpreter, ``-m adversa``.

    textual-serve runs it through the shell, hence the quoting (a venv path may hold
    spaces)."""
    return shlex.join([sys.executable, "-m", "adversa"])


def browser_url(host: str, port: int) -> str:
    """The address to type into a browser: a server listening on every interface is
    reached by this machine's name, not by ``0.0.0.0``."""
    name = socket.gethostname() if host in WILDCARD_HOSTS else host
    if ":" in name:  # an IPv6 literal
        name = f"[{name}]"
    return f"http://{name}:{port}"


def check_port_free(host: str, port: int) -> None:
    """Fail with one line unless ``host:port`` can be listened on.

    Binding each address the server would bind, the way asyncio does (SO_REUSEADDR,
    IPv6 sockets v6-only), finds a port in use or a host that is not this machine's
    before the server starts, so the error is one line rather than a traceback after
    the server's start-up banner."""
    try:
        addresses = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                       flags=socket.AI_PASSIVE)
    except OSError as error:
        fail(f"cannot serve on host {host!r}: {error.strerror or error}; expected a name or "
             "address of this machine, e.g. localhost or 0.0.0.0 (every interface)")
    for family, kind, protocol, _, address in addresses:
        try:
            probe = socket.socket(family, kind, protocol)
        except OSError:  # a family this machine lacks (IPv6 off): the server skips it too
            continue
        with probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                with contextlib.suppress(OSError):
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                probe.bind(address)
            except OSError as error:
                fail(cannot_listen(host, port, error))


def cannot_listen(host: str, port: int, error: OSError) -> str:
    """The one-line reason a bind failed, with what to do about it."""
    if error.errno == errno.EADDRINUSE:
        advice = "another program uses that port; choose another --port (1-65535)"
    elif error.errno == errno.EACCES:
        advice = "ports below 1024 need administrator rights; choose a --port from 1024 to 65535"
    else:
        advice = "expected --host to name this machine (localhost, or 0.0.0.0 for every interface)"
    return f"cannot listen on {host}:{port}: {error.strerror or error}; {advice}"


def make_server(host: str, port: int) -> Server:
    """A textual-serve `Server` for the app that prints its address our way.

    Two changes to the stock server: the start-up banner becomes one line with the URL
    to open, and each page's websocket address comes from the address the browser used
    (the stock server writes ``--host`` into the page, and ``ws://0.0.0.0:…`` is not
    somewhere a student's browser can connect to)."""
    from aiohttp import web
    from textual_serve.app_service import AppService
    from textual_serve.server import Server

    class AppServer(Server):
        def __init__(self) -> None:
            super().__init__(app_command(), host=host, port=port, title="adversa")
            self.pages: set[web.WebSocketResponse] = set()
            """The open browser connections, closed when the server stops (below)."""

        def initialize_logging(self) -> None:
            """Warnings only: one line per page request would bury the URL."""
            super().initialize_logging()
            import logging

            logging.getLogger().setLevel(logging.WARNING)

        async def on_startup(self, app: web.Application) -> None:
            click.echo(f"adversa: serving the app at {browser_url(host, port)} "
                       "- open it in a web browser (Ctrl+C stops the server)")

        async def _process_messages(self, websocket: web.WebSocketResponse,
                                    app_service: AppService) -> None:
            self.pages.add(websocket)
            try:
                await super()._process_messages(websocket, app_service)
            finally:
                self.pages.discard(websocket)

        async def on_shutdown(self, app: web.Application) -> None:
            """Close every page's connection, which quits its app: the stock server
            leaves them open, and Ctrl+C then waits ~20 s for aiohttp to give up."""
            for websocket in list(self.pages):
                await websocket.close()

        async def handle_index(self, request: web.Request) -> web.StreamResponse:
            # The stock handler builds its URLs from public_url without awaiting in
            # between, so setting it first is safe on the single event loop.
            self.public_url = f"{request.scheme}://{request.host}"
            response: web.StreamResponse = await super().handle_index(request)
            return response

    return AppServer()


@click.command()
@click.option("--host", default="localhost", show_default=True,
              help="Where to listen: localhost for this machine only, 0.0.0.0 for every "
              "machine on the network (a class).")
@click.option("--port", type=click.IntRange(1, 65535), default=DEFAULT_PORT,
              show_default=True, help="The TCP port to listen on.")
def serve(host: str, port: int) -> None:
    """Serve the app to web browsers, and print the address to open.

    Each browser tab gets its own copy of the app (the start screen), run by this
    Python. Ctrl+C stops the server.
    """
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        fail("serving needs the textual-serve package; install it with "
             "pip install 'adversa[browser]'")
    check_port_free(host, port)
    server = make_server(host, port)
    try:
        server.serve()
    except OSError as error:  # lost the port to another program since the check
        fail(cannot_listen(host, port, error))
