"""How scores, traces and comparisons are written for people, once for CLI and app.

The search and match packages count and return typed records and never format
them; this module turns them into text: scores in the evaluation's units, the
reasons of cuts in a trace, comparison rows. ``adversa compare`` and the compare
screen build their cells here, so the two show the same numbers the same way, and
so do the live panel and the shell's tables for scores, counts and times.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING

from adversa.search.stats import RootMove, Score, Snapshot, TraceNode

if TYPE_CHECKING:  # the match layer uses this module to write its values
    from adversa.match.compare import CompareRow

INFINITY = float("inf")

ShowNumber = Callable[[float], str]
"""How a number is written in a trace's reason text: `format_number` (the search's own
numbers) or a screen's formatter in the evaluator's units (the tree explorer)."""

# --------------------------------------------------------------------------- scores


def display_score(
    score: Score | None,
    scale: float = 1.0,
    win_value: float | None = None,
    *,
    signed: bool = True,
) -> str:
    """The one way scores are written for people (CLI tables, the live panel).

    Proven results read ``win``/``loss``; heuristic values are shown in the
    evaluator's units (``+1`` e(n) rather than the scaled ``+0.111``) with their
    sign; a textbook tree's numbers (``signed=False``) as the lecture writes them
    (``3``, ``-2``, ``2.1``); vectors as ``(1, 2, 6)``; unknown as ``—``.
    """
    if score is None:
        return "—"
    if isinstance(score, tuple):
        return "(" + ", ".join(f"{value:.4g}" for value in score) + ")"
    if win_value is not None and abs(score) >= win_value:
        return "win" if score > 0 else "loss"
    shown = score * scale + 0.0  # + 0.0 turns -0.0 into 0.0
    if not shown:
        return "0"
    return f"{shown:+.4g}" if signed else f"{shown:.4g}"


def show_score(snapshot: Snapshot, score: Score | None) -> str:
    """A score of ``snapshot``'s search as people read it, in the evaluator's units."""
    return display_score(score, snapshot.score_scale, snapshot.win_value, signed=snapshot.signed)


def root_score_text(root: RootMove, snapshot: Snapshot) -> str:
    """A root move's score with ``≤``/``≥`` when it is only a bound.

    A bound beyond which there is nothing — at most a loss, at least a win — is the
    result itself, and reads ``loss``/``win`` without a sign.
    """
    text = show_score(snapshot, root.score)
    score, win = root.score, snapshot.win_value
    if score is None or root.bound is None:
        return text
    if isinstance(score, float | int) and win is not None and (
        score <= -win if root.bound == "upper" else score >= win
    ):
        return text
    return ("≤ " if root.bound == "upper" else "≥ ") + text


def format_number(value: float | None) -> str:
    """A compact number for traces and reasons: ``3``, ``-0.25``, ``∞``, ``·`` for none."""
    if value is None:
        return "·"
    if value == INFINITY:
        return "∞"
    if value == -INFINITY:
        return "-∞"
    return f"{value:g}"


# --------------------------------------------------------------------------- traces


def path_text(path: Sequence[int]) -> str:
    """A node path as the tree explorer writes it: ``(2, 3)`` → ``"2.3"``, root → ``"root"``."""
    return ".".join(str(step) for step in path) if path else "root"


def pruned_paths(trace: Iterable[TraceNode]) -> list[str]:
    """Every pruned subtree of a trace as a dot-joined path, in visit order ("2.2", "2.3")."""
    return [path_text((*node.path, child)) for node in trace for child in node.pruned]


def cut_reason(node: TraceNode, show: ShowNumber = format_number) -> str | None:
    """Why a cut ended ``node``, from its value and the window it was entered with.

    At a MIN node the value fell to α or below (``"cut: 2 ≤ α = 3"``), at a MAX node
    it rose to β or above (``"cut: 5 ≥ β = 4"``): α is fixed inside a MIN node, β
    inside a MAX one. A chance node's Star1 cut compares the bound it recorded with
    the nearer window edge (a bound computed to equal α may come out a rounding error
    above it). None for a node without a cut. ``show`` writes the numbers: the search's
    own by default, a screen's in the evaluator's units.
    """
    value, alpha, beta = node.value, node.alpha, node.beta
    if not node.cut or not isinstance(value, float | int) or alpha is None or beta is None:
        return None
    if node.kind == "chance":
        if value - alpha <= beta - value:
            return f"Star1 cut: ≤ {show(value)} ≤ α = {show(alpha)}"
        return f"Star1 cut: ≥ {show(value)} ≥ β = {show(beta)}"
    if node.kind == "min":
        return f"cut: {show(value)} ≤ α = {show(alpha)}"
    return f"cut: {show(value)} ≥ β = {show(beta)}"


# --------------------------------------------------------------------------- comparisons

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
