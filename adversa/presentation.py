"""How numbers from searches and matches are written for people, once for CLI and app.

The search and match packages count and return typed records; this module turns
them into text. ``adversa compare`` and the compare screen build their cells here,
so the two show the same numbers the same way, and so do the live panel and the
shell's tables for counts and times.
"""

from __future__ import annotations

from collections.abc import Sequence

from adversa.match.compare import CompareRow

COMPARE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("move", "move"),
    ("value", "value"),
    ("nodes", "nodes"),
    ("time", "time"),
    ("pruned", "pruned"),
    ("depth", "depth"),
    ("ebf", "b*"),
    ("ratio", "ratio"),
)
"""The figures of a comparison row, as (key, heading), after the engine's name."""

COMPARE_CAPTION = "b*: effective branching factor · ratio: nodes ÷ the first engine's nodes"


def format_count(count: float) -> str:
    """12345 → ``12,345``; from 100 million on compacted (``123M``) to keep widths fixed."""
    if count >= 100_000_000:
        return f"{count / 1_000_000:,.0f}M"
    return f"{round(count):,}"


def format_seconds(seconds: float) -> str:
    """A duration: ``0.25s``, ``12.40s``, ``1,234s`` (no false precision beyond 100 s)."""
    return f"{seconds:.2f}s" if seconds < 100 else f"{seconds:,.0f}s"


def format_ratio(ratio: float | None, digits: int = 3) -> str:
    return "—" if ratio is None else f"{ratio:.{digits}f}"


def compare_cells(row: CompareRow) -> list[str]:
    """One engine's figures in `COMPARE_COLUMNS` order (the CLI table and the screen)."""
    return [
        row.best_move or "—",
        row.value_text,
        format_count(row.nodes),
        format_seconds(row.seconds) + (" (stopped)" if row.stopped else ""),
        format_count(row.pruned),
        str(row.depth) if row.depth else "—",
        format_ratio(row.ebf, 2),
        format_ratio(row.nodes_ratio),
    ]


def agreement_text(reason: str | None) -> str:
    """"engines agree: yes", or "engines agree: no — " and the reason (`disagreement`)."""
    return "engines agree: yes" if reason is None else f"engines agree: no — {reason}"


def compare_rows_text(rows: Sequence[CompareRow]) -> list[list[str]]:
    """Every row as ``[engine, *compare_cells]``."""
    return [[row.engine, *compare_cells(row)] for row in rows]
