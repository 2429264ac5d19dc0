"""A search's periodic snapshot is built only for someone listening: building one
formats the line in the game's notation, work a benchmark or a match would waste."""

from __future__ import annotations

from itertools import count

import pytest

from adversa.search.stats import Reporter, SearchEvent


def polled(reporter: Reporter, built: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    original = reporter.snapshot

    def counting_snapshot(*, finished: bool = False) -> object:
        built.append(1)
        return original(finished=finished)

    monkeypatch.setattr(reporter, "snapshot", counting_snapshot)
    for _ in range(10):
        reporter.poll()


def test_no_snapshot_is_built_when_nobody_listens(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = count()
    reporter = Reporter("alphabeta", "alphabeta", snapshot_period=1.0,
                        clock=lambda: float(next(ticks)))
    built: list[int] = []
    polled(reporter, built, monkeypatch)
    assert built == []


def test_a_listener_hears_a_snapshot_each_period(monkeypatch: pytest.MonkeyPatch) -> None:
    ticks = count()
    heard: list[SearchEvent] = []
    reporter = Reporter("alphabeta", "alphabeta", snapshot_period=1.0,
                        clock=lambda: float(next(ticks)), on_event=heard.append)
    built: list[int] = []
    polled(reporter, built, monkeypatch)
    assert len(built) == len(heard) >= 5
