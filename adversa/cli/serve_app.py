"""The web server behind ``adversa serve``: textual-serve's, with a lock on the door.

textual-serve (`Server`, `AppService`) runs one app process per websocket and relays its
terminal output. Its stock server accepts any Host, Origin and terminal size, starts
apps without limit through the shell, and its page loads a web font from the internet.
This subclass keeps its relay and replaces the rest:

- every request passes `Guard`'s Host and Origin checks (a middleware); the page and its
  websocket also need the token;
- at most ``max_sessions`` apps run at once, and at most ``per_client`` for one network
  address (one student's script cannot take every place); past either a page is told to
  come back later;
- each app is started without a shell as ``python -P -m adversa`` (never importing from
  the working folder), niced, under an address-space and CPU-time limit, with its own
  temporary config folder in classroom mode (no student sees another's autosave);
- messages from the page are checked: bounded size, well-formed, sizes clamped;
- the page is our own template (`serve_page.html`): the websocket address comes from the
  browser's own location and the font from this server.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import resource
import shutil
import signal
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import aiohttp_jinja2
import click
import jinja2
from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from adversa.cli.serve_guard import Guard, app_command, clamp_size, size_from_query

if TYPE_CHECKING:
    from asyncio.subprocess import Process

    from aiohttp.typedefs import Handler
    from textual_serve.download_manager import DownloadManager

MAX_MESSAGE_BYTES = 64 * 1024
"""A page's message is a key press, a paste or a resize; 64 KiB is a long paste."""
QUIT_GRACE_SECONDS = 5.0
"""How long an app has to quit when its page closes before its process group is killed."""
TEMPLATES = Path(__file__).with_name("serve_templates")


@dataclass(frozen=True)
class Limits:
    """What pages may take: sessions at once (in all and from one address), and each
    app's memory and CPU."""

    max_sessions: int
    memory_bytes: int
    cpu_seconds: int
    per_client: int


def limit_child(limits: Limits) -> None:
    """Run in the app process before it starts (``preexec_fn``): lower its priority so
    the server stays responsive, cap its address space and CPU time (the engine
    processes it starts inherit both), and give it its own process group."""
    os.setsid()
    os.nice(10)
    resource.setrlimit(resource.RLIMIT_AS, (limits.memory_bytes, limits.memory_bytes))
    resource.setrlimit(resource.RLIMIT_CPU, (limits.cpu_seconds, limits.cpu_seconds + 5))


class GuardedAppService(AppService):
    """One app process, started without a shell, limited, and killed if it will not quit."""

    def __init__(self, command: list[str], limits: Limits, classroom: bool, *,
                 write_bytes: Callable[[bytes], Awaitable[None]],
                 write_str: Callable[[str], Awaitable[None]],
                 close: Callable[[], Awaitable[None]],
                 download_manager: DownloadManager, debug: bool = False) -> None:
        super().__init__(" ".join(command), write_bytes=write_bytes, write_str=write_str,
                         close=close, download_manager=download_manager, debug=debug)
        self.argv = command
        self.limits = limits
        self.config_dir = Path(tempfile.mkdtemp(prefix="adversa-page-")) if classroom else None
        """A classroom page's own settings and autosave, removed when the page closes."""

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        # Every Python the app starts (engine processes with -c) skips the working folder too.
        environment["PYTHONSAFEPATH"] = "1"
        if self.config_dir is not None:
            environment["ADVERSA_CONFIG_DIR"] = str(self.config_dir)
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        limits = self.limits
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, env=self._build_environment(width, height),
            preexec_fn=lambda: limit_child(limits),
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def stop(self) -> None:
        """Ask the app to quit; kill its process group if it has not within the grace."""
        task = self._task
        if task is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(super().stop()), QUIT_GRACE_SECONDS)
        process = self._process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            await process.wait()
        if self.config_dir is not None:
            shutil.rmtree(self.config_dir, ignore_errors=True)
            self.config_dir = None


class GuardedServer(Server):
    """textual-serve's server with `Guard`'s checks, `Limits`, and our own page."""

    def __init__(self, guard: Guard, limits: Limits, *, classroom: bool,
                 url: str) -> None:
        super().__init__(" ".join(app_command(classroom=classroom)), host=guard.bind_host,
                         port=guard.port, title="adversa", templates_path=TEMPLATES)
        self.guard = guard
        self.limits = limits
        self.classroom = classroom
        self.url = url
        self.pages: dict[web.WebSocketResponse, str] = {}
        """The open browser connections and the address of each, closed when the server
        stops (below)."""

    def initialize_logging(self) -> None:
        """Warnings only: one line per page request would bury the URL."""
        super().initialize_logging()
        logging.getLogger().setLevel(logging.WARNING)

    async def _make_app(self) -> web.Application:
        """The page, its websocket (the token in its path: the page's script appends
        the terminal size as the query) and the static files; no download route, since
        the app delivers no files."""
        app = web.Application(middlewares=[self.check_request])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws/{token}", self.handle_websocket, name="websocket"),
            web.static("/static", self.statics_path, name="static"),
        ])
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def check_request(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Host and Origin first, on every path (static files too): a page elsewhere, or
        a name rebound to this machine, gets nothing."""
        host = request.headers.get("Host")
        if not self.guard.host_allowed(host):
            raise web.HTTPMisdirectedRequest(text="adversa: this server does not answer to "
                                             "that host name\n")
        if not self.guard.origin_allowed(request.headers.get("Origin"), host):
            raise web.HTTPForbidden(text="adversa: requests from other sites are refused\n")
        return await handler(request)

    def check_token(self, offered: str | None) -> None:
        if not self.guard.token_matches(offered):
            raise web.HTTPForbidden(text="adversa: this server needs its access token: "
                                    "open the address it printed at start\n")

    def check_room(self, client: str) -> None:
        """Refuse a new page past the server's cap (503) or past its address's (429)."""
        limits = self.limits
        if len(self.pages) >= limits.max_sessions:
            raise web.HTTPServiceUnavailable(
                text=f"adversa: this server already runs {limits.max_sessions} apps, "
                "its limit; try again when a page is closed\n")
        if sum(address == client for address in self.pages.values()) >= limits.per_client:
            raise web.HTTPTooManyRequests(
                text=f"adversa: {limits.per_client} pages from your address already run "
                "here, the limit for one address; close one and try again\n")

    async def on_startup(self, app: web.Application) -> None:
        """Nothing: the stock banner would come before the port listens (see `serve`)."""

    def serve(self, debug: bool = False) -> None:
        """Run until Ctrl+C or SIGTERM; the URL line is printed once the port listens, so
        whoever reads it (a teacher, a test) can connect at once."""
        self.debug = debug
        self.initialize_logging()
        loop = asyncio.new_event_loop()
        loop.add_signal_handler(signal.SIGINT, self.request_exit)
        loop.add_signal_handler(signal.SIGTERM, self.request_exit)
        web.run_app(self._make_app(), host=self.host, port=self.port, handle_signals=False,
                    loop=loop, print=lambda *_: click.echo(
                        f"adversa: serving the app at {self.url} - open it in a web "
                        "browser (Ctrl+C stops the server)"))

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every page's connection, which quits its app: the stock server leaves
        them open, and Ctrl+C then waits ~20 s for aiohttp to give up."""
        for websocket in list(self.pages):
            await websocket.close()

    @aiohttp_jinja2.template("serve_page.html")
    async def handle_index(self, request: web.Request) -> dict[str, str | int]:
        """The page: our template, given only the token (already checked) and the font
        size. The websocket address is built in the browser from its own location, never
        from the request's Host header."""
        self.check_token(request.query.get("token"))
        size = request.query.get("fontsize", "16")
        font_size = int(size) if size.isdigit() and len(size) <= 2 else 16
        return {"token": self.guard.token, "font_size": max(font_size, 6),
                "title": "adversa"}

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """One page's app: refused without the token or past the session cap, else
        started and relayed."""
        self.check_token(request.match_info.get("token"))
        client = request.remote or ""
        self.check_room(client)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_MESSAGE_BYTES)
        width, height = size_from_query(request.query.get("width"),
                                        request.query.get("height"))
        self.pages[websocket] = client
        app_service: GuardedAppService | None = None

        async def close_page() -> None:  # the app service wants no answer (aiohttp's a bool)
            await websocket.close()

        try:
            await websocket.prepare(request)
            app_service = GuardedAppService(
                app_command(classroom=self.classroom), self.limits, self.classroom,
                write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                close=close_page, download_manager=self.download_manager,
                debug=self.debug)
            await app_service.start(width, height)
            await self._process_messages(websocket, app_service)
        except asyncio.CancelledError:
            await websocket.close()
        finally:
            self.pages.pop(websocket, None)
            if app_service is not None:
                await app_service.stop()
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        """Relay the page's messages; a malformed one closes the page (the app quits)."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = json.loads(message.data)
            except ValueError:
                break
            if not (isinstance(envelope, list) and envelope and isinstance(envelope[0], str)):
                break
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                size = clamp_size(data.get("width"), data.get("height"))
                if size is not None:
                    await app_service.set_terminal_size(*size)
            elif kind == "ping" and isinstance(data, str | int | float):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()
