"""``adversa serve``: the app in a web browser, so a class can play without a terminal.

`textual-serve <https://github.com/Textual-Textualize/textual-serve>`_ runs a small web
server; every browser that opens the page gets its own copy of the app, started as a
subprocess that draws into an xterm.js terminal on the page. `adversa.cli.serve_app`
guards it (a token in the printed URL, Host and Origin checks, a cap on sessions and on
each app's memory, CPU and terminal size); `adversa.cli.serve_guard` holds the rules.

Bound beyond this machine the server runs in **classroom mode** unless told otherwise:
the app neither saves nor loads files on the server, and each page keeps its settings
and autosave to itself.

textual-serve is an optional extra (``pip install 'adversa[browser]'``) and is imported
only when the command runs, so ``adversa --help`` stays quick.
"""

from __future__ import annotations

import contextlib
import errno
import re
import socket

import click

from adversa.cli.common import fail
from adversa.cli.serve_guard import WILDCARD_HOSTS, Guard, is_loopback_host, new_token

DEFAULT_PORT = 8000
DEFAULT_MAX_SESSIONS = 12
DEFAULT_MAX_SESSIONS_PER_CLIENT = 3
"""A student with a couple of tabs open; a script opening pages in a loop is stopped."""
DEFAULT_SESSION_MEMORY_MB = 1536
DEFAULT_SESSION_CPU_SECONDS = 3600


def browser_url(host: str, port: int, token: str | None = None) -> str:
    """The address to type into a browser, with the token when there is one: a server
    listening on every interface is reached by this machine's name, not ``0.0.0.0``."""
    name = socket.gethostname() if host in WILDCARD_HOSTS else host
    if ":" in name:  # an IPv6 literal
        name = f"[{name}]"
    return f"http://{name}:{port}" + (f"/?token={token}" if token is not None else "")


def exposure_warning(classroom: bool) -> str:
    """The line printed when the server is reachable from other machines."""
    files = ("classroom mode: the app neither saves nor loads files here" if classroom
             else "--no-classroom: they can save and load files here as you")
    return ("adversa: warning: serving beyond this machine: anyone on the network who has "
            f"the address can play ({files})")


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


@click.command()
@click.option("--host", default="localhost", show_default=True,
              help="Where to listen: localhost for this machine only, 0.0.0.0 for every "
              "machine on the network (a class; classroom mode by default).")
@click.option("--port", type=click.IntRange(1, 65535), default=DEFAULT_PORT,
              show_default=True, help="The TCP port to listen on.")
@click.option("--token", metavar="TEXT",
              help="The access token in the URL (8-128 letters, digits, '-' or '_'); "
              "default: a new random one at each start.")
@click.option("--classroom/--no-classroom", default=None,
              help="Classroom mode: the app cannot save or load files on the server, "
              "and each page keeps its settings and autosave to itself. Default: on "
              "when --host reaches beyond this machine.")
@click.option("--max-sessions", type=click.IntRange(1, 200), default=DEFAULT_MAX_SESSIONS,
              show_default=True, help="Apps running at once (one per open page); past "
              "it a page is refused until another closes.")
@click.option("--max-sessions-per-client", type=click.IntRange(1, 200),
              default=DEFAULT_MAX_SESSIONS_PER_CLIENT, show_default=True,
              help="Apps running at once for pages from one network address; past it "
              "that address is refused until one of its pages closes.")
@click.option("--session-memory", type=click.IntRange(256, 65536), metavar="MB",
              default=DEFAULT_SESSION_MEMORY_MB, show_default=True,
              help="Address-space limit of each app process and of each engine process "
              "it starts, in MB.")
@click.option("--session-cpu", type=click.IntRange(10, 86400), metavar="SECONDS",
              default=DEFAULT_SESSION_CPU_SECONDS, show_default=True,
              help="CPU time each app process (and each engine process) may use, in "
              "seconds; the process ends past it.")
def serve(host: str, port: int, token: str | None, classroom: bool | None,
          max_sessions: int, max_sessions_per_client: int, session_memory: int,
          session_cpu: int) -> None:
    """Serve the app to web browsers, and print the address to open (with its token).

    Each browser tab gets its own copy of the app (the start screen), run by this
    Python. Only pages opened with the printed address get an app. Ctrl+C stops the
    server.
    """
    try:
        import textual_serve  # noqa: F401
    except ImportError:
        fail("serving needs the textual-serve package; install it with "
             "pip install 'adversa[browser]'")
    if token is not None and not re.fullmatch(r"[A-Za-z0-9_-]{8,128}", token):
        raise click.BadParameter("expected 8-128 letters, digits, '-' or '_'",
                                 param_hint="'--token'")
    check_port_free(host, port)
    local = is_loopback_host(host)
    if classroom is None:
        classroom = not local
    if not local:
        click.echo(exposure_warning(classroom), err=True)
    from adversa.cli.serve_app import GuardedServer, Limits

    guard = Guard(token or new_token(), host, port)
    limits = Limits(max_sessions, session_memory * 1024 * 1024, session_cpu,
                    per_client=max_sessions_per_client)
    server = GuardedServer(guard, limits, classroom=classroom,
                           url=browser_url(host, port, guard.token))
    try:
        server.serve()
    except OSError as error:  # lost the port to another program since the check
        fail(cannot_listen(host, port, error))
