"""``adversa serve`` against hostile clients: a real server on loopback, driven by aiohttp.

Each test starts ``adversa serve`` on 127.0.0.1 with a known token and its own HOME, then
acts as a stranger would: no token, a wrong one, a foreign Origin or Host, more pages
than the cap, a terminal size no screen has. The rules themselves (`serve_guard`) and
the message relay are also tested without a server.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_serve_browser import Served, free_port, isolated_environment

from adversa.cli.serve import exposure_warning
from adversa.cli.serve_guard import (
    MAX_COLUMNS,
    MAX_ROWS,
    Guard,
    app_command,
    clamp_size,
    is_loopback_host,
    size_from_query,
)

aiohttp = pytest.importorskip("aiohttp")
pytest.importorskip("textual_serve", reason="textual-serve is not installed")

TOKEN = "class-token-1234"
WAIT_SECONDS = 180.0
"""Generous: each page starts a Python process, and the machine may be busy."""


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Served]:
    served = Served(tmp_path / "home", "--token", TOKEN, "--max-sessions", "1",
                    "--session-memory", "700")
    try:
        served.url()
        yield served
    finally:
        served.stop()


@pytest.fixture
async def client() -> AsyncIterator[Any]:
    async with aiohttp.ClientSession() as session:
        yield session


def base(server: Served) -> str:
    return f"http://127.0.0.1:{server.port}"


def ws_url(server: Served, token: str = TOKEN) -> str:
    return f"ws://127.0.0.1:{server.port}/ws/{token}?width=80&height=24"


def own_origin(server: Served) -> dict[str, str]:
    return {"Origin": base(server)}


async def first_screen(websocket: Any) -> bytes:
    """Terminal output from the app: proof that a session was started."""
    async with asyncio.timeout(WAIT_SECONDS):
        while True:
            message = await websocket.receive()
            if message.type == aiohttp.WSMsgType.BINARY and len(message.data) > 10:
                data: bytes = message.data
                return data
            assert message.type not in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                        aiohttp.WSMsgType.ERROR), message


async def refused_status(client: Any, url: str, headers: dict[str, str]) -> int:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        async with client.ws_connect(url, headers=headers):
            pass
    status: int = refused.value.status
    return status


# ---- the page ---------------------------------------------------------------------------


async def test_the_page_needs_the_token(server: Served, client: Any) -> None:
    async with client.get(base(server) + "/") as response:
        assert response.status == 403
        assert "access token" in await response.text()
    async with client.get(base(server) + "/?token=wrong-token-123") as response:
        assert response.status == 403
    async with client.get(base(server) + f"/?token={TOKEN}") as response:
        assert response.status == 200


async def test_the_page_asks_nothing_of_other_hosts_nor_repeats_the_host_header(
        server: Served, client: Any) -> None:
    async with client.get(base(server) + f"/?token={TOKEN}") as response:
        page = await response.text()
    addresses = re.findall(r"""(?:src|href|url)\s*[=(]\s*["']?([^"')\s>]+)""", page)
    assert addresses, page
    assert all(address.startswith("/static/") for address in addresses), addresses
    assert "googleapis" not in page
    assert f"127.0.0.1:{server.port}" not in page


async def test_a_foreign_host_header_is_refused(server: Served, client: Any) -> None:
    for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1:1"):
        async with client.get(base(server) + f"/?token={TOKEN}",
                              headers={"Host": host}) as response:
            assert response.status == 421, host
    assert await refused_status(client, ws_url(server),
                                {"Host": f"evil.example:{server.port}",
                                 "Origin": f"http://evil.example:{server.port}"}) == 421


# ---- the websocket ----------------------------------------------------------------------


async def test_a_foreign_origin_is_refused(server: Served, client: Any) -> None:
    for origin in ("http://evil.example", f"http://evil.example:{server.port}", "null"):
        assert await refused_status(client, ws_url(server), {"Origin": origin}) == 403


async def test_a_missing_or_wrong_token_is_refused(server: Served, client: Any) -> None:
    assert await refused_status(client, ws_url(server, "wrong-token-123"),
                                own_origin(server)) == 403
    with pytest.raises(aiohttp.WSServerHandshakeError) as missing:
        async with client.ws_connect(f"ws://127.0.0.1:{server.port}/ws",
                                     headers=own_origin(server)):
            pass
    assert missing.value.status in (403, 404)


async def test_a_session_past_the_cap_is_refused_and_a_closed_one_frees_its_place(
        server: Served, client: Any) -> None:
    async with client.ws_connect(ws_url(server), headers=own_origin(server)) as first:
        await first_screen(first)
        assert await refused_status(client, ws_url(server), own_origin(server)) == 503
    # The first page closed: its place is free again (the app quits in the background).
    async with asyncio.timeout(WAIT_SECONDS):
        while True:
            try:
                async with client.ws_connect(ws_url(server), headers=own_origin(server)) as again:
                    await first_screen(again)
                    break
            except aiohttp.WSServerHandshakeError as error:
                assert error.status == 503
                await asyncio.sleep(0.2)


async def test_the_app_runs_limited_and_never_imports_from_the_working_folder(
        server: Served, client: Any) -> None:
    async with client.ws_connect(ws_url(server), headers=own_origin(server)) as page:
        await first_screen(page)
        app = app_processes(server.process.pid)
        assert len(app) == 1
        limits = Path(f"/proc/{app[0]}/limits").read_text()
        address_space = re.search(r"Max address space\s+(\d+)\s+(\d+)", limits)
        assert address_space is not None
        assert int(address_space.group(1)) == 700 * 1024 * 1024
        assert re.search(r"Max cpu time\s+\d+\s+\d+", limits)
        command = Path(f"/proc/{app[0]}/cmdline").read_bytes().split(b"\0")
        assert b"-P" in command
        environment = Path(f"/proc/{app[0]}/environ").read_bytes().split(b"\0")
        assert b"PYTHONSAFEPATH=1" in environment


def app_processes(server_pid: int) -> list[int]:
    """The server's child processes (its apps), from /proc."""
    children: list[int] = []
    for task in Path(f"/proc/{server_pid}/task").iterdir():
        children += [int(pid) for pid in (task / "children").read_text().split()]
    return children


# ---- the rules and the relay, without a server -------------------------------------------


def test_host_rules() -> None:
    local = Guard(TOKEN, "127.0.0.1", 8000)
    assert local.host_allowed("127.0.0.1:8000")
    assert local.host_allowed("localhost:8000")
    assert not local.host_allowed("localhost:8001")
    assert not local.host_allowed("evil.example:8000")
    assert not local.host_allowed("192.168.1.9:8000")
    assert not local.host_allowed(None)
    assert not local.host_allowed("user@localhost:8000")
    room = Guard(TOKEN, "0.0.0.0", 80)
    assert room.host_allowed("192.168.1.9")  # an address cannot be rebound
    assert not room.host_allowed("evil.example")


def test_origin_rules() -> None:
    guard = Guard(TOKEN, "127.0.0.1", 8000)
    assert guard.origin_allowed(None, "127.0.0.1:8000")
    assert guard.origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert not guard.origin_allowed("http://localhost:8000", "127.0.0.1:8000")
    assert not guard.origin_allowed("http://evil.example", "127.0.0.1:8000")
    assert not guard.origin_allowed("file://", "127.0.0.1:8000")


def test_sizes_are_clamped() -> None:
    assert clamp_size(20000, 20000) == (MAX_COLUMNS, MAX_ROWS)
    assert clamp_size(-5, 0) == (20, 5)
    assert clamp_size(120, 40) == (120, 40)
    assert clamp_size("80", 24) is None
    assert clamp_size(True, 24) is None
    assert size_from_query("9" * 5000, "40") == (80, 40)
    assert size_from_query("100000", "100000") == (MAX_COLUMNS, MAX_ROWS)


class RecordingApp:
    """Stands in for textual-serve's AppService: records what the relay sends."""

    def __init__(self) -> None:
        self.sizes: list[tuple[int, int]] = []
        self.sent: list[bytes] = []

    async def set_terminal_size(self, width: int, height: int) -> None:
        self.sizes.append((width, height))

    async def send_bytes(self, data: bytes) -> None:
        self.sent.append(data)


class ScriptedPage:
    """Stands in for the page's websocket: yields the given text messages."""

    def __init__(self, *messages: str) -> None:
        self.messages = messages
        self.replies: list[Any] = []

    def __aiter__(self) -> AsyncIterator[Any]:
        async def each() -> AsyncIterator[Any]:
            for text in self.messages:
                yield aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, text, None)
        return each()

    async def send_json(self, data: Any) -> None:
        self.replies.append(data)


async def relay(*messages: str) -> tuple[RecordingApp, ScriptedPage]:
    from adversa.cli.serve_app import GuardedServer

    app, page = RecordingApp(), ScriptedPage(*messages)
    await GuardedServer._process_messages(None, page, app)  # type: ignore[arg-type]
    return app, page


async def test_a_giant_resize_is_clamped_and_nonsense_ignored() -> None:
    app, _ = await relay(json.dumps(["resize", {"width": 20000, "height": 20000}]),
                         json.dumps(["resize", {"width": "9" * 50, "height": 1}]),
                         json.dumps(["resize", [1, 2]]),
                         json.dumps(["stdin", "q"]))
    assert app.sizes == [(MAX_COLUMNS, MAX_ROWS)]
    assert app.sent == [b"q"]


async def test_a_malformed_message_ends_the_page() -> None:
    app, _ = await relay("not json", json.dumps(["stdin", "q"]))
    assert app.sent == []
    app, _ = await relay(json.dumps({"stdin": "q"}), json.dumps(["stdin", "q"]))
    assert app.sent == []


def test_the_app_command_keeps_the_working_folder_off_the_import_path(tmp_path: Path) -> None:
    """A ``random.py`` in the folder the server was started from must not be imported."""
    (tmp_path / "random.py").write_text("raise SystemExit('imported the working folder')\n")
    environment = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    done = subprocess.run([*app_command(classroom=True), "--version"], cwd=tmp_path,
                          env=environment, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert app_command(classroom=True)[0] == sys.executable
    assert app_command(classroom=False)[-1] == "adversa"


def test_only_a_server_bound_beyond_this_machine_warns_and_defaults_to_classroom() -> None:
    """Checked on the rules, not by binding: tests listen on loopback only."""
    assert not is_loopback_host("0.0.0.0")
    assert not is_loopback_host("::")
    assert is_loopback_host("127.0.0.1")
    assert is_loopback_host("localhost")
    assert is_loopback_host("::1")
    assert "classroom mode" in exposure_warning(classroom=True)
    assert "--no-classroom" in exposure_warning(classroom=False)


def test_a_malformed_token_option_is_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "adversa", "serve", "--token", "short",
                           "--port", str(free_port())],
                          env=isolated_environment(tmp_path), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1
    assert "'--token'" in done.stderr


async def test_a_classroom_page_gets_its_own_config_folder_removed_when_it_closes(
        tmp_path: Path) -> None:
    served = Served(tmp_path / "home", "--token", TOKEN, "--classroom")
    try:
        served.url()
        async with (aiohttp.ClientSession() as client,
                    client.ws_connect(ws_url(served), headers=own_origin(served)) as page):
            await first_screen(page)
            (app,) = app_processes(served.process.pid)
            command = Path(f"/proc/{app}/cmdline").read_bytes().split(b"\0")
            assert b"--classroom" in command
            environment = dict(
                entry.split(b"=", 1) for entry in
                Path(f"/proc/{app}/environ").read_bytes().split(b"\0") if b"=" in entry)
            own = Path(environment[b"ADVERSA_CONFIG_DIR"].decode())
            assert own.is_dir() and own != tmp_path / "home" / "adversa"
        async with asyncio.timeout(WAIT_SECONDS):
            while own.exists():
                await asyncio.sleep(0.1)
    finally:
        served.stop()


def test_one_address_gets_at_most_its_share_of_the_sessions() -> None:
    from aiohttp import web

    from adversa.cli.serve_app import GuardedServer, Limits

    server = GuardedServer(Guard(TOKEN, "0.0.0.0", 8000),
                           Limits(4, 700 * 1024 * 1024, 60, per_client=2),
                           classroom=True, url="")
    pages: Any = server.pages
    pages[object()] = "10.0.0.7"
    server.check_room("10.0.0.7")  # its second page is welcome
    pages[object()] = "10.0.0.7"
    with pytest.raises(web.HTTPTooManyRequests):
        server.check_room("10.0.0.7")
    server.check_room("10.0.0.8")  # another student is not held up by the first
    pages[object()] = "10.0.0.8"
    pages[object()] = "10.0.0.9"
    with pytest.raises(web.HTTPServiceUnavailable):
        server.check_room("10.0.0.10")


async def test_a_page_past_its_address_cap_is_refused_over_the_network(
        tmp_path: Path, client: Any) -> None:
    served = Served(tmp_path / "home", "--token", TOKEN, "--max-sessions", "3",
                    "--max-sessions-per-client", "1", "--session-memory", "700")
    try:
        served.url()
        async with client.ws_connect(ws_url(served), headers=own_origin(served)) as first:
            await first_screen(first)
            assert await refused_status(client, ws_url(served), own_origin(served)) == 429
    finally:
        served.stop()
