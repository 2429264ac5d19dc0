"""Is the app ever frozen while the engine thinks? Frame gaps and key latency.

Runs the real app headless (``App.run_test``) on a checkers game, human against
``alphabeta time=5``, and measures while the engine's 5-second search runs in
an engine process driven by the engine runner's thread worker:

* **frame gap**: the longest interval between two ticks of a 20 ms
  ``set_interval`` timer on the UI loop (a frozen loop shows as a long gap);
* **key latency**: from posting a key event (``f``, flip the board) to the app
  exactly as the terminal driver does, to the moment the board has redrawn
  flipped (its ``render_line`` runs during the screen update);

and the same two figures with the app idle, as the baseline of the same run, and for
the ``--after`` seconds (3) after the engine's move lands — when the dead search used to
be collected on the UI thread.
It also reports the search's nodes/s inside the app against the same search
run bare (no UI) in the same run — what hosting the engine in the app costs.

    .venv/bin/python benchmarks/bench_tui.py [--seconds 5] [--keys 8] [--after 3] [--json]

Targets: longest frame gap < 50 ms and key latency < 100 ms during the search and after
it. ``--json`` prints ``search_gap_ms``, ``after_move_gap_ms``, ``idle_gap_ms`` and
``key_latency_ms`` (the worst of the search and after-move phases) instead of the table.
Exit status 1 when a target is missed. Pilot's own ``press`` is not used for
timing: it waits for the CPU to go idle, which never happens during a search.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from textual import events

from adversa.games.registry import evaluation_of
from adversa.match.session import GameSession
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import SearchResult
from adversa.tui.app import AdversaApp
from adversa.tui.boards import BoardView, SomeBoard
from adversa.tui.screens.game import GameScreen

TICK = 0.02
FRAME_GAP_TARGET = 0.050
KEY_LATENCY_TARGET = 0.100
OPENING_MOVE = "11-15"


@dataclass
class Probe:
    """Timer ticks and key-to-redraw latencies recorded on the UI loop."""

    ticks: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    key_posted: float | None = None
    expect_flipped: bool = False

    def tick(self) -> None:
        self.ticks.append(time.perf_counter())

    def gaps(self, start: float, end: float) -> list[float]:
        return [gap for _, gap in self.gap_starts(start, end)]

    def gap_starts(self, start: float, end: float) -> list[tuple[float, float]]:
        """(tick time, gap to the next tick) for the ticks between start and end."""
        inside = [t for t in self.ticks if start <= t <= end]
        return [(a, b - a) for a, b in itertools.pairwise(inside)]

    def board_rendered(self, board: SomeBoard) -> None:
        if self.key_posted is not None and board.flipped == self.expect_flipped:
            self.latencies.append(time.perf_counter() - self.key_posted)
            self.key_posted = None


def instrument_board(probe: Probe) -> None:
    """Note the first board redraw after each key (wraps `render_line` for this run)."""
    original = BoardView.render_line

    def render_line(self: SomeBoard, y: int) -> Any:
        if y == 0:
            probe.board_rendered(self)
        return original(self, y)

    BoardView.render_line = render_line  # type: ignore[method-assign]


async def press_flip(app: AdversaApp, screen: GameScreen, probe: Probe) -> None:
    """Post ``f`` like the terminal driver does; wait for the redraw (or 1 s)."""
    probe.expect_flipped = not screen.board.flipped
    probe.key_posted = time.perf_counter()
    app.post_message(events.Key("f", "f"))
    deadline = time.perf_counter() + 1.0
    while probe.key_posted is not None and time.perf_counter() < deadline:
        await asyncio.sleep(0.002)
    if probe.key_posted is not None:
        probe.latencies.append(float("inf"))
        probe.key_posted = None


async def measure_app(config: EngineConfig, keys: int, after: float) -> dict[str, Any]:
    session = GameSession("checkers", {}, [None, config])
    probe = Probe()
    instrument_board(probe)
    app = AdversaApp(session)
    results: list[SearchResult] = []
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.set_interval(TICK, probe.tick)
        await pilot.pause(0.5)

        idle_start = time.perf_counter()
        for _ in range(keys):
            await press_flip(app, screen, probe)
            await asyncio.sleep(0.1)
        idle_end = time.perf_counter()
        idle_latencies, probe.latencies = probe.latencies, []

        move = session.game.parse_move(session.state, OPENING_MOVE)
        screen.play_human_move(move)
        runner = screen.runner
        assert runner is not None
        for _ in range(100):
            if runner.running:
                break
            await asyncio.sleep(0.01)
        assert runner.running, "the engine did not start"
        search_start = time.perf_counter()
        pause = max(0.1, config.time_budget * 0.8 / keys) if config.time_budget else 0.3
        for _ in range(keys):
            await asyncio.sleep(pause)
            if not runner.running:
                break
            await press_flip(app, screen, probe)
        while runner.running:
            await asyncio.sleep(0.01)
        search_end = time.perf_counter()
        snapshot = screen.panel.last_snapshot
        if snapshot is not None:
            results.append(SearchResult(None, None, None, (), snapshot))
        search_latencies, probe.latencies = probe.latencies, []
        after_start = time.perf_counter()
        while time.perf_counter() - after_start < after:
            await press_flip(app, screen, probe)
            await asyncio.sleep(0.2)
        after_end = time.perf_counter()
    return {
        "idle_gaps": probe.gaps(idle_start, idle_end),
        "idle_latencies": idle_latencies,
        "search_gaps": probe.gaps(search_start, search_end),
        "search_latencies": search_latencies,
        "after_gaps": probe.gaps(after_start, after_end),
        "after_latencies": probe.latencies,
        "search_seconds": search_end - search_start,
        "search_start": search_start,
        "search_gap_starts": probe.gap_starts(search_start, search_end),
        "app_nps": results[0].snapshot.nps if results else 0.0,
        "app_nodes": results[0].snapshot.nodes if results else 0,
        "moves": list(session.notations),
    }


def bare_search(config: EngineConfig) -> SearchResult:
    session = GameSession("checkers", {}, [None, None])
    session.play_text(OPENING_MOVE)
    return run_search(session.game, session.state, config, evaluation=evaluation_of(session.game))


def ms(seconds: float) -> str:
    return f"{seconds * 1000:7.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="search time budget")
    parser.add_argument("--keys", type=int, default=8, help="key presses per phase")
    parser.add_argument("--after", type=float, default=3.0,
                        help="seconds measured after the engine's move lands")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    os.environ["ADVERSA_CONFIG_DIR"] = tempfile.mkdtemp(prefix="adversa-bench-")
    config = EngineConfig.parse(f"alphabeta depth=40 time={args.seconds:g}")

    bare = bare_search(config)
    app = asyncio.run(measure_app(config, args.keys, args.after))

    idle_gap = max(app["idle_gaps"], default=0.0)
    search_gap = max(app["search_gaps"], default=float("inf"))
    after_gap = max(app["after_gaps"], default=float("inf"))
    idle_key = max(app["idle_latencies"], default=0.0)
    search_key = max(app["search_latencies"], default=float("inf"))
    after_key = max(app["after_latencies"], default=float("inf"))
    ok = (max(search_gap, after_gap) <= FRAME_GAP_TARGET
          and max(search_key, after_key) <= KEY_LATENCY_TARGET)
    if args.json:
        print(json.dumps({
            "search_gap_ms": round(search_gap * 1000, 1),
            "after_move_gap_ms": round(after_gap * 1000, 1),
            "idle_gap_ms": round(idle_gap * 1000, 1),
            "key_latency_ms": round(max(search_key, after_key) * 1000, 1),
            "idle_key_latency_ms": round(idle_key * 1000, 1),
            "targets_met": ok,
        }, indent=2))
        return 0 if ok else 1
    print(f"adversa TUI responsiveness — checkers, human vs '{config.text}', "
          f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f} (other processes stretch every gap)")
    print(f"search in the app: {app['search_seconds']:.2f} s, {app['app_nodes']:,} nodes, "
          f"engine reply {app['moves'][1:2]}")
    print()
    print(f"{'':28}{'idle':>12}{'searching':>12}{'ratio':>8}")
    print(f"{'20 ms timer, longest gap':28}{ms(idle_gap):>12}{ms(search_gap):>12}"
          f"{search_gap / idle_gap if idle_gap else 0:>7.2f}x")
    print(f"{'20 ms timer, median gap':28}{ms(statistics.median(app['idle_gaps'])):>12}"
          f"{ms(statistics.median(app['search_gaps'])):>12}")
    print(f"{'key → redraw, worst':28}{ms(idle_key):>12}{ms(search_key):>12}"
          f"{search_key / idle_key if idle_key else 0:>7.2f}x")
    print(f"{'key → redraw, median':28}{ms(statistics.median(app['idle_latencies'])):>12}"
          f"{ms(statistics.median(app['search_latencies'])):>12}")
    late = [(start - app["search_start"], gap) for start, gap in app["search_gap_starts"]
            if gap >= FRAME_GAP_TARGET]
    print(f"  ({len(app['search_latencies'])} keys and {len(app['search_gaps']) + 1} timer ticks "
          f"during the search; gaps ≥ {FRAME_GAP_TARGET * 1000:.0f} ms: {len(late)}"
          + (", at " + ", ".join(f"+{at:.2f}s ({gap * 1000:.0f} ms)" for at, gap in late)
             if late else "") + ")")
    print(f"{'after the move: longest gap':28}{ms(after_gap):>24}   "
          f"key → redraw worst {ms(after_key).strip()} ({args.after:g} s after the reply)")
    bare_nps = bare.snapshot.nps
    print(f"{'search nodes/s':28}{bare_nps:>12,.0f}{app['app_nps']:>12,.0f}"
          f"{app['app_nps'] / bare_nps if bare_nps else 0:>7.2f}x   (bare run_search vs in app)")
    print()
    print(f"targets: frame gap < {FRAME_GAP_TARGET * 1000:.0f} ms, key latency < "
          f"{KEY_LATENCY_TARGET * 1000:.0f} ms: {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
