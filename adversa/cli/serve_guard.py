"""Who may drive an ``adversa serve`` server, and how much of the machine one page may take.

Pure rules, no server: the web server (`adversa.cli.serve_app`) asks them about each
request, so each is tested without sockets.

- The **token**, printed in the URL at start, is asked of the page and of its websocket:
  knowing the port is not enough to get an app.
- The **Host** header must name this server (localhost, the bound address, or for a
  server on every interface this machine's name or any IP address). A web page on a
  name the attacker controls that re-resolves to this machine (DNS rebinding) sends
  its own name, and is refused.
- The **Origin** header, which browsers send with every websocket, must be this
  server's own: a page elsewhere cannot open a session in the visitor's browser.
- A **terminal size** past `MAX_COLUMNS` x `MAX_ROWS` is clamped: one 20000x20000
  resize took an app process to 2.6 GB.
"""

from __future__ import annotations

import ipaddress
import secrets
import socket
import sys
from dataclasses import dataclass
from urllib.parse import urlsplit

WILDCARD_HOSTS = ("0.0.0.0", "::", "")
LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost"})

MAX_COLUMNS = 400
MAX_ROWS = 200
"""The largest terminal a page may ask for: a wall projector at a small font is about
300x100 cells; past that every redraw costs memory and output for nothing."""
MIN_COLUMNS = 20
MIN_ROWS = 5


def app_command(*, classroom: bool) -> list[str]:
    """The command that starts one copy of the app: this interpreter (a server started
    from a venv serves that venv's adversa), ``-P`` so the working folder is not put on
    the import path (a ``random.py`` there would be imported by every app), ``-m
    adversa``, and ``--classroom`` when asked."""
    return [sys.executable, "-P", "-m", "adversa", *(["--classroom"] if classroom else [])]


def new_token() -> str:
    """A fresh access token: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


def is_loopback_host(host: str) -> bool:
    """Whether ``host`` (a ``--host`` value) reaches this machine only.

    A name is looked up: every address it has must be a loopback address."""
    if host in WILDCARD_HOSTS:
        return False
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except OSError:
        return False
    addresses = {entry[4][0] for entry in found}
    return bool(addresses) and all(
        ipaddress.ip_address(str(address).split("%")[0]).is_loopback for address in addresses)


def split_host_header(value: str) -> tuple[str, int | None] | None:
    """``name`` and port of a Host header (``[v6]:port`` too); None when malformed."""
    try:
        parts = urlsplit(f"//{value}")
        port = parts.port
    except ValueError:
        return None
    if parts.hostname is None or parts.username is not None or parts.path:
        return None
    return parts.hostname.lower(), port


@dataclass(frozen=True)
class Guard:
    """The checks for one server: its token, the address it is bound to, its port."""

    token: str
    bind_host: str
    port: int

    @property
    def every_interface(self) -> bool:
        return self.bind_host in WILDCARD_HOSTS

    def names(self) -> frozenset[str]:
        """Host names a browser may use for this server."""
        names = set(LOOPBACK_NAMES)
        if self.every_interface:
            names |= {socket.gethostname().lower(), socket.getfqdn().lower()}
        else:
            names.add(self.bind_host.lower().strip("[]"))
        return frozenset(names)

    def host_allowed(self, header: str | None) -> bool:
        """Whether a request's Host header names this server, port included."""
        if not header:
            return False
        split = split_host_header(header)
        if split is None:
            return False
        name, port = split
        if (port if port is not None else 80) != self.port:
            return False
        if name in self.names():
            return True
        try:
            address = ipaddress.ip_address(name)
        except ValueError:
            return False
        # An address cannot be rebound by DNS: any of this machine's addresses will do
        # for a server on every interface (a student may type the teacher's IP).
        return address.is_loopback or self.every_interface

    def origin_allowed(self, origin: str | None, host_header: str | None) -> bool:
        """Whether a request may come from ``origin``: none (not a browser: the token
        still applies) or this very server's address as the browser used it."""
        if origin is None:
            return True
        if not host_header:
            return False
        try:
            parts = urlsplit(origin)
        except ValueError:
            return False
        return parts.scheme in ("http", "https") and parts.netloc.lower() == host_header.lower()

    def token_matches(self, offered: str | None) -> bool:
        """Constant-time comparison, so timing says nothing about the token."""
        return offered is not None and secrets.compare_digest(offered.encode(),
                                                              self.token.encode())


def clamp_size(width: object, height: object) -> tuple[int, int] | None:
    """A terminal size a page asked for, within bounds; None unless both are integers."""
    if not (isinstance(width, int) and isinstance(height, int)) or isinstance(width, bool) \
            or isinstance(height, bool):
        return None
    return (min(max(width, MIN_COLUMNS), MAX_COLUMNS), min(max(height, MIN_ROWS), MAX_ROWS))


def size_from_query(width: str | None, height: str | None) -> tuple[int, int]:
    """The first terminal size, from the websocket URL's query, clamped (80x24 if absent
    or not a number; over-long digit strings are not parsed)."""
    def number(text: str | None, default: int) -> int:
        if text is None or not text.isdigit() or len(text) > 6:
            return default
        return int(text)

    size = clamp_size(number(width, 80), number(height, 24))
    assert size is not None
    return size
