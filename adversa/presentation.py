"""How scores, traces and comparisons are written for people, once for CLI and app.

The search and match packages count and return typed records and never format
them; this module turns them into text: scores in the evaluation's units, the
reasons of cuts in a trace, comparison rows. ``adversa compare`` and the compare
screen build their cells here, so the two show the same numbers the same way, and
so do the live panel and the shell's tables for scores, counts and times.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from adversa.jsontypes import JsonObject, JsonValue
from adversa.numbers import plain_number as plain_number
from adversa.search.stats import (
    RootMove,
    Score,
    SearchResult,
    Snapshot,
    TraceNode,
    expected_score,
)

if TYPE_CHECKING:  # the match layer uses this module to write its values
    from adversa.games.base import Outcome
    from adversa.match.compare import CompareRow, Disagreement

ShowNumber = Callable[[float], str]
"""How a number is written in a trace's reason text: `format_number` (the search's own
numbers) or a screen's formatter in the evaluator's units (the tree explorer)."""

# --------------------------------------------------------------------------- numbers

# --------------------------------------------------------------------------- lines


def line_text(
    moves: Sequence[str], movers: Sequence[int], names: Sequence[str], *, limit: int | None = None
) -> str:
    """A line of play (a principal variation) as people read it, saying who moves.

    A line whose every move is by the next player in seat order reads as a score sheet
    does, the moves alone (``11-15 23-19 8-11``): the reader knows whose turn it is. A
    line where one player moves twice running (Kalah's extra turn) or chance acts (a
    roll) names the mover wherever the mover changes:
    ``South 3 5 · North 2``, ``Player 1 roll · chance 4 · Player 1 hold``. ``movers``
    (`SearchResult.pv_movers`; a player, or -1 for chance) may be shorter than
    ``moves`` or empty when unknown: those moves are then shown alone. ``limit``
    shows the first moves and ``…`` for the rest. ``names[p]`` names player ``p``.
    """
    shown = list(moves if limit is None else moves[:limit])
    more = " …" if limit is not None and len(moves) > limit else ""
    known = list(movers[: len(shown)])
    seats = max(len(names), 1)
    alternates = all(mover >= 0 for mover in known) and all(
        later == (earlier + 1) % seats for earlier, later in itertools.pairwise(known)
    )
    if alternates or len(known) < len(shown):
        return " ".join(shown) + more
    groups: list[str] = []
    for index, (move, mover) in enumerate(zip(shown, known, strict=True)):
        if index and mover == known[index - 1]:
            groups[-1] += f" {move}"
        else:
            who = "chance" if mover < 0 else names[mover] if mover < len(names) else f"#{mover}"
            groups.append(f"{who} {move}")
    return " · ".join(groups) + more


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
        return "(" + ", ".join(plain_number(value) for value in score) + ")"
    if win_value is not None and abs(score) >= win_value:
        return "win" if score > 0 else "loss"
    return plain_number(score * scale, signed=signed)


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


# --------------------------------------------------------------------------- verdicts

BAR_HEURISTIC_LIMIT = 0.95
"""A heuristic value fills at most this share of the eval bar: only a proven win fills it."""
BAR_SENSITIVITY = 300.0
"""The bar grows with log(1 + 300·|v|) for a value v on the win-is-1 scale: a checkers man
(0.01) moves it a quarter of the way to full, three men 40 %, tic-tac-toe's e(n) = 1
(1/9) 60 %; only a proven win fills it."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """Who is better, in words, and the first player's share of an eval bar (0..1;
    None when a bar would say nothing: no score yet, N-player vectors, textbook trees)."""

    text: str
    share: float | None
    short: str = ""
    """The text without its unit (``+0.174 (Player 2 better)``), for a line too narrow
    for ``text``; empty when the text has no unit to drop."""


def _share_for(seat: int, share: float) -> float:
    """``share`` is the advantage of ``seat``; the bar shows the first player's."""
    return share if seat == 0 else 1.0 - share


def verdict(
    score: Score | None,
    snapshot: Snapshot,
    *,
    mover: int = 0,
    names: Sequence[str] = ("side to move", "opponent"),
    win_in_plies: int | None = None,
    loss_in_plies: int | None = None,
    proven: bool = False,
) -> Verdict:
    """A search's root score in words: ``+80 pts (Black better)``, ``White wins in 7
    plies``, ``Even``, ``Draw`` (``proven``: the solver's exact 0).

    ``score`` is from the point of view of ``mover`` (the player to move at the root),
    as every search reports it; the words always name the side they are about, so the
    sign never has to be decoded: the number is that side's advantage, in the
    evaluator's units.
    """
    if score is None:
        return Verdict("–", None)
    if isinstance(score, tuple) or len(names) != 2:
        return Verdict(display_score(score), None)
    other = 1 - mover
    if snapshot.mate_distances and (win_in_plies or loss_in_plies):
        winner = mover if win_in_plies else other
        moves = mate_moves(win_in_plies or loss_in_plies or 0)
        return Verdict(f"{names[winner]} mates in {moves}", _share_for(winner, 1.0))
    if win_in_plies is not None:
        return Verdict(f"{names[mover]} wins in {_plies(win_in_plies)}", _share_for(mover, 1.0))
    if loss_in_plies is not None:
        return Verdict(f"{names[other]} wins in {_plies(loss_in_plies)}", _share_for(other, 1.0))
    win = snapshot.win_value
    if win is not None and abs(score) >= win:
        winner = mover if score > 0 else other
        return Verdict(f"{names[winner]} wins", _share_for(winner, 1.0))
    shown = plain_number(abs(score * snapshot.score_scale))
    if not snapshot.signed:  # a textbook tree: the lecture's number, for the root player
        return Verdict(f"{display_score(score, snapshot.score_scale, signed=False)} "
                       f"for {names[mover]}", None)
    if shown == "0":
        return Verdict("Draw" if proven else "Even", 0.5)
    better = mover if score > 0 else other
    unit = f" {snapshot.score_unit}" if snapshot.score_unit else ""
    text = f"+{shown}{unit} ({names[better]} better)"
    short = f"+{shown} ({names[better]} better)" if unit else ""
    expected = expected_score(score, snapshot)
    if expected is not None:  # one scale for every engine's bar: the expected result
        share = min(BAR_HEURISTIC_LIMIT, max(1.0 - BAR_HEURISTIC_LIMIT, expected))
        return Verdict(text, _share_for(mover, share), short)
    # An evaluation nobody fitted to results says nothing about odds: its bar grows
    # with the advantage, on a log scale (`BAR_SENSITIVITY`), measured against a win
    # or, in a margin game, the widest win (a 3-disc lead in Othello filled 95 %).
    edge = abs(score) / (win or snapshot.utility_limit or 1.0)
    lean = math.log1p(min(edge, 1.0) * BAR_SENSITIVITY) / math.log1p(BAR_SENSITIVITY)
    share = 0.5 + (BAR_HEURISTIC_LIMIT - 0.5) * lean
    return Verdict(text, _share_for(better, share), short)


def plural(count: int, one: str, many: str) -> str:
    """``1 ply``, ``15 plies``, ``1 draw``: a count with the word that agrees with it."""
    return f"{count:,} {one if count == 1 else many}"


def _plies(count: int) -> str:
    return plural(count, "ply", "plies")


def mate_moves(plies: int) -> int:
    """The mating side's moves in a mate ``plies`` plies from the root, as chess players
    count "mate in N": the mover mates on an odd ply, the opponent on an even one, and
    either way the mating side has made ``⌈plies / 2⌉`` moves."""
    return (plies + 1) // 2


def distance_note(result: SearchResult) -> str | None:
    """A proven result's distance: ``mate in 3``/``mated in 2`` where the game counts
    mates (`Snapshot.mate_distances`), else ``forced win in 5 plies``/``forced loss in
    4 plies``; None for a value that is not proven."""
    win, loss = result.win_in_plies, result.loss_in_plies
    if result.snapshot.mate_distances and (win or loss):
        return f"mate in {mate_moves(win)}" if win else f"mated in {mate_moves(loss or 0)}"
    if win is not None:
        return f"forced win in {_plies(win)}"
    if loss is not None:
        return f"forced loss in {_plies(loss)}"
    return None


def result_verdict(result: SearchResult, *, mover: int = 0,
                   names: Sequence[str] = ("side to move", "opponent")) -> Verdict:
    """`verdict` of a finished search: its value, mate distances, the solver's proofs."""
    return verdict(result.value, result.snapshot, mover=mover, names=names,
                   win_in_plies=result.win_in_plies, loss_in_plies=result.loss_in_plies,
                   proven=result.positions is not None)


def labelled_score(snapshot: Snapshot, score: Score | None) -> str:
    """`show_score` with its units, so values of different engines are not mistaken
    for one another: ``-1 pts``, ``+1 e(n)``, ``+0.029 mean`` (a mean playout result)."""
    text = with_unit(show_score(snapshot, score), snapshot)
    if text and text[-1].isdigit() and snapshot.mean_result:
        return f"{text} mean"
    return text


def with_unit(text: str, snapshot: Snapshot) -> str:
    """A number written for ``snapshot``'s search with the evaluator's unit after it
    (``+6 pts``, ``+1 e(n)``); words (``win``) and unitless values stay as they are."""
    if snapshot.score_unit and text and text[-1].isdigit():
        return f"{text} {snapshot.score_unit}"
    return text


def database_text(result: SearchResult) -> str | None:
    """``database: win in 7 plies`` (or ``loss in …``, ``draw``) when the root's value
    came from an endgame database, ``exact: win by 6`` when it came from an exact solver
    of a margin game (Othello's discs), else None."""
    plies = result.database_plies
    if plies is None:
        return None
    value = result.value
    source = "exact" if result.database_margin else "database"
    if not isinstance(value, int | float) or value == 0:
        return f"{source}: draw"
    if result.database_margin:
        return f"exact: {'win' if value > 0 else 'loss'} by {plain_number(abs(value))}"
    return f"database: {'win' if value > 0 else 'loss'} in {_plies(plies)}"


def outcome_verdict(outcome: Outcome, names: Sequence[str]) -> Verdict:
    """A finished game: ``Black won (no legal move)``, ``Draw (threefold repetition)``."""
    if outcome.winner is not None:
        share = 1.0 if outcome.winner == 0 else 0.0
        return Verdict(f"{names[outcome.winner]} won ({outcome.reason})",
                       share if len(names) == 2 else None)
    utilities = outcome.utilities
    if utilities and len(set(utilities)) > 1:
        values = ", ".join(f"{name} {plain_number(value)}"
                           for name, value in zip(names, utilities, strict=False))
        return Verdict(f"Game over: {values} ({outcome.reason})", None)
    return Verdict(f"Draw ({outcome.reason})", 0.5 if len(names) == 2 else None)


def format_number(value: float | None) -> str:
    """A compact number for traces and reasons: ``3``, ``-0.25``, ``∞``, ``·`` for none."""
    if value is None:
        return "·"
    return plain_number(value)


# --------------------------------------------------------------------------- traces


def path_text(path: Sequence[int]) -> str:
    """A node path as the tree explorer writes it: ``(2, 3)`` → ``"2.3"``, root → ``"root"``."""
    return ".".join(str(step) for step in path) if path else "root"


def pruned_paths(trace: Iterable[TraceNode]) -> list[str]:
    """Every pruned subtree of a trace as a dot-joined path, in visit order ("2.2", "2.3")."""
    return [path_text((*node.path, child)) for node in trace for child in node.pruned]


def bound_mark(node: TraceNode) -> str:
    """``"≤ "`` or ``"≥ "`` before a traced node's value when it is only a bound, else "".

    Alpha-beta proves a node's value only inside the window it was searched with: a
    value at or below α says the node is worth *at most* that (fail-low), at or above
    β *at least* that (fail-high) — the minimax value may be lower or higher. A leaf's
    value is its own, exact whatever the window.
    """
    value, alpha, beta = node.value, node.alpha, node.beta
    if node.kind == "leaf" or not isinstance(value, float | int):
        return ""
    if alpha is not None and value <= alpha:
        return "≤ "
    if beta is not None and value >= beta:
        return "≥ "
    return ""


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
    ("expected", "exp."),
    ("nodes", "nodes"),
    ("time", "time"),
    ("pruned", "pruned"),
    ("depth", "depth"),
    ("ebf", "b*"),
    ("ratio", "ratio"),
)
"""The figures of a comparison row, as (key, heading), after the engine's name."""

COMPARE_CAPTION = ("exp.: the side to move's expected result on one scale (100% a win, 50% "
                   "even) · b*: effective branching factor · ratio: nodes ÷ the first "
                   "engine's nodes")


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


def compare_value_text(row: CompareRow) -> str:
    """An engine's value as people read it, with its units (`labelled_score`)."""
    return labelled_score(row.units, row.value)


def compare_cells(row: CompareRow) -> list[str]:
    """One engine's figures in `COMPARE_COLUMNS` order (the CLI table and the screen)."""
    return [
        row.best_move or "—",
        compare_value_text(row),
        "—" if row.expected is None else f"{100 * row.expected:.0f}%",
        format_count(row.nodes),
        format_seconds(row.seconds) + (" (stopped)" if row.stopped else ""),
        format_count(row.pruned),
        str(row.depth) if row.depth else "—",
        format_ratio(row.ebf, 2),
        format_ratio(row.nodes_ratio),
    ]


def disagreement_text(reason: Disagreement) -> str:
    """Why engines disagree, naming the first engine that differs from the first one, with
    both moves or both values in the panel's units ("values differ: +0.12 (alphabeta
    depth=4) vs +0.30 (mcts)"), so a student sees what "no" is about."""
    first, other = reason.first, reason.other
    if reason.what == "no move" and other is not None:
        return f"{other.engine} chose no move"
    if first is None or other is None:
        return "no engine searched"
    if reason.what == "moves":
        return (f"moves differ: {first.best_move} ({first.engine}) vs "
                f"{other.best_move} ({other.engine})")
    return (f"values differ: {compare_value_text(first)} ({first.engine}) vs "
            f"{compare_value_text(other)} ({other.engine})")


def agreement_text(reason: Disagreement | None) -> str:
    """"engines agree: yes", or "engines agree: no — " and the reason (`disagreement`)."""
    if reason is None:
        return "engines agree: yes"
    return f"engines agree: no — {disagreement_text(reason)}"


def compare_row_json(row: CompareRow) -> JsonObject:
    """One engine's row for ``compare --json``: its numbers and its value as text."""
    value: JsonValue = list(row.value) if isinstance(row.value, tuple) else row.value
    return {
        "engine": row.engine,
        "best_move": row.best_move,
        "value": value,
        "value_text": compare_value_text(row),
        "expected": None if row.expected is None else round(row.expected, 4),
        "nodes": row.nodes,
        "seconds": round(row.seconds, 4),
        "pruned": row.pruned,
        "cutoffs": row.cutoffs,
        "depth": row.depth,
        "ebf": None if row.ebf is None else round(row.ebf, 3),
        "nodes_ratio": None if row.nodes_ratio is None else round(row.nodes_ratio, 4),
        "stopped": row.stopped,
    }


def comparison_json(rows: Sequence[CompareRow], reason: Disagreement | None) -> JsonObject:
    """``compare --json``: the rows, whether the engines agree (``reason`` is
    `compare.disagreement` of the rows) and why not."""
    return {"engines": [compare_row_json(row) for row in rows], "agree": reason is None,
            "disagreement": None if reason is None else disagreement_text(reason)}


def compare_rows_text(rows: Sequence[CompareRow]) -> list[list[str]]:
    """Every row as ``[engine, *compare_cells]``."""
    return [[row.engine, *compare_cells(row)] for row in rows]
