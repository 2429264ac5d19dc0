"""A tournament's games on a Ray cluster (``adversa tournament --backend ray``).

The unit of work is the same as on one machine: a `GameTask` (engines, opening,
colours, seed) becomes one Ray task that calls `arena.play_game` and returns its
`GameRecord`. The records come back to the process that started the tournament, which
writes every file exactly as a local run does (`tournament_files`), so ``--resume``
works the same and a folder may be continued with either backend.

Ray is an optional extra (``pip install 'adversa[ray]'``), imported only here and only
when the backend is chosen. ``--address`` names an existing cluster (``ray://head:10001``
through Ray Client, or ``auto`` on a node of the cluster); without it Ray starts a
private one on this machine.

The workers need adversa (the same version) and every outside engine as written: for
``external:``, ``uci:``, ``gtp:`` and ``gnubg:`` seats the program at the same path or
on their PATH, for ``python:`` seats the plugin file. `RayBackend.check_workers` runs on
every node the checks a local run makes before its first game (`seats.parse_seat`), so
a missing program is one line naming the node, not a tournament of forfeits.
"""

from __future__ import annotations

import socket
from collections.abc import Generator, Sequence
from types import ModuleType

from adversa import __version__
from adversa.games import make_game, parse_settings
from adversa.games.base import AdversaError
from adversa.match.arena import GameRecord, GameTask, MatchError, play_game
from adversa.match.seats import is_outside_spec, parse_seat
from adversa.match.tournament import TournamentSettings

INSTALL_HINT = "install it with: pip install 'adversa[ray]'"


def _ray() -> ModuleType:
    """The ``ray`` module; `MatchError` with the install hint when it is missing."""
    try:
        import ray
    except ImportError:
        raise MatchError(f"--backend ray needs the Python package 'ray'; {INSTALL_HINT}"
                         ) from None
    return ray


def node_problems(settings: TournamentSettings) -> list[str]:
    """What this machine lacks to play the tournament's outside engines (empty: nothing):
    each outside spec checked as a local run checks it before its first game."""
    game = make_game(settings.game_name, parse_settings(settings.game_settings))
    problems = []
    for spec in settings.engines:
        if is_outside_spec(spec):
            try:
                parse_seat(game, spec)
            except AdversaError as error:
                problems.append(str(error))
    return problems


def _node_check(settings: TournamentSettings) -> tuple[str, list[str]]:
    """A node's adversa version and its `node_problems` (a Ray task's body)."""
    return __version__, node_problems(settings)


CONNECT_SECONDS = 5.0
"""How long to wait for a cluster's port to answer (Ray itself retries for minutes)."""


def check_reachable(address: str) -> None:
    """A ``[ray://]HOST:PORT`` address answers on its port; `MatchError` at once if not,
    rather than Ray's minutes of retries. Other forms (``auto``) are left to Ray."""
    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), CONNECT_SECONDS).close()
    except OSError as error:
        raise MatchError(f"--address {address!r}: nothing answers there "
                         f"({error.strerror or error}); start the cluster's head with "
                         "'ray start --head' or check the address") from None


class RayBackend:
    """A connection to a Ray cluster that plays a tournament's games as Ray tasks."""

    def __init__(self, address: str | None = None) -> None:
        self.ray = _ray()
        if address is not None:
            check_reachable(address)
        if not self.ray.is_initialized():
            try:
                self.ray.init(address=address, include_dashboard=False, log_to_driver=False,
                              configure_logging=False)
            except (ConnectionError, RuntimeError, ValueError) as error:
                where = f"the Ray cluster at {address!r}" if address else "a local Ray instance"
                raise MatchError(f"--backend ray: cannot connect to {where}: "
                                 f"{str(error).splitlines()[0]}") from None
        self._play = self.ray.remote(num_cpus=1, max_retries=0)(play_game)

    def check_workers(self, settings: TournamentSettings) -> None:
        """Every alive node runs this adversa and can start the tournament's outside
        engines; else one `MatchError` naming the node and what it lacks."""
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        check = self.ray.remote(num_cpus=0)(_node_check)
        nodes = [node for node in self.ray.nodes() if node.get("Alive")]
        answers = self.ray.get([
            check.options(scheduling_strategy=NodeAffinitySchedulingStrategy(
                node["NodeID"], soft=False)).remote(settings)
            for node in nodes])
        for node, (version, problems) in zip(nodes, answers, strict=True):
            where = node.get("NodeManagerAddress", node["NodeID"])
            if version != __version__:
                raise MatchError(f"Ray node {where} runs adversa {version}, this is "
                                 f"{__version__}: install the same version on every node")
            if problems:
                raise MatchError(f"Ray node {where}: {problems[0]}")

    def play_tasks(self, tasks: Sequence[GameTask],
                   jobs: int) -> Generator[GameRecord, None, None]:
        """Records of ``tasks`` as their games finish on the cluster, at most ``jobs``
        games in flight (the cluster's CPUs, twice over, when ``jobs`` is 1: enough to
        keep every worker busy without queueing 80,000 tasks at once). Closing the
        generator cancels the games still in flight."""
        ray = self.ray
        window = jobs if jobs > 1 else max(1, int(2 * ray.cluster_resources().get("CPU", 1)))
        waiting = list(reversed(tasks))
        running: list[object] = []
        """Ray's references to the games in flight (Ray ships no types: only passed back)."""
        try:
            while waiting or running:
                while waiting and len(running) < window:
                    running.append(self._play.remote(waiting.pop()))
                done, running = ray.wait(running, num_returns=1)
                try:
                    record: GameRecord = ray.get(done[0])
                except ray.exceptions.RayError as error:
                    raise MatchError(f"a game failed on the Ray cluster: "
                                     f"{_first_line(error)}") from None
                yield record
        finally:
            for reference in running:
                ray.cancel(reference, force=True)


def _first_line(error: BaseException) -> str:
    cause = getattr(error, "cause", None)
    if isinstance(cause, AdversaError):
        return str(cause)
    text = str(error).strip().splitlines()
    return text[-1] if text else type(error).__name__
