"""The alpha-beta kernel's switches and the tuned constants of its enhancements.

`Enhancements` is what an ``alphabeta`` engine configuration turns on or off
(`Enhancements.of`); the constants below say where in the
tree each enhancement applies, and why there (`adversa.search.negamax` reads them).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from adversa.games.base import Game, M, S
from adversa.search.common import MAX_DEPTH
from adversa.search.config import EngineConfig
from adversa.search.stats import Counters

CapturePruner: TypeAlias = Callable[[S, Sequence[M], float, float], tuple[Sequence[M], float]]
"""``(state, captures, stand-pat value, alpha) → (captures to search, value so far)``."""

CheckExtensionTest: TypeAlias = Callable[[S], bool]
"""``state → whether it is searched a ply deeper`` (the game's `Game.in_check`)."""


@dataclass(frozen=True, slots=True)
class Enhancements:
    """Which alpha-beta enhancements are on (the ``alphabeta`` engine parameters)."""

    ordering: bool = True
    killers: bool = True
    history: bool = True
    tt_megabytes: int = 16
    etc: bool = True
    """Enhanced transposition cutoffs (with a table, and never with ``lmr``)."""
    quiescence: bool = True
    beam: int = 0
    pvs: bool = True
    lmr: bool = False
    lmr_from: int = 2
    """The index of the first move late move reductions reduce (`late_move_reductions`)."""
    null_move: bool = False
    delta_pruning: bool = True
    """Skip a quiescence capture that cannot reach alpha (games with `Game.capture_gain`)."""
    check_extension: bool = True
    """Search a move that gives check a ply deeper (games with `Game.in_check`)."""
    probcut: bool = False
    """ProbCut's forward cuts (evaluations with `Evaluator.probcut`: `adversa.search.probcut`)."""
    futility: bool = False
    """Futility pruning near the horizon (evaluations with `Evaluator.futility`:
    `adversa.search.futility`)."""

    @classmethod
    def of(cls, config: EngineConfig) -> Enhancements:
        """The enhancements an ``alphabeta`` engine asks for: each switch is the on/off
        parameter `SWITCHES` names, the table and the beam are sizes."""
        return cls(tt_megabytes=config.whole("tt"), beam=config.whole("beam"),
                   lmr_from=config.whole("lmrfrom"),
                   **{switch: config.flag(parameter) for switch, parameter in SWITCHES})


SWITCHES = (("ordering", "ordering"), ("killers", "killers"), ("history", "history"),
            ("etc", "etc"), ("quiescence", "quiescence"), ("pvs", "pvs"), ("lmr", "lmr"),
            ("null_move", "nullmove"), ("delta_pruning", "delta"), ("check_extension", "checkext"),
            ("probcut", "probcut"), ("futility", "futility"))
"""Each on/off field of `Enhancements` and the ``alphabeta`` parameter that switches it."""


NULL_MOVE_MIN_DEPTH = 3
"""Null-move pruning is tried where at least this many plies remain…"""

NULL_MOVE_REDUCTION = 3
"""…with a search this many plies shallower than a real move gets. R = 3 rather than the
classic 2: on the benchmark positions of the one game that passes (its bench script's
six) it reached the same depths in 10–40 % fewer nodes (an ending's depth 17 in 133,000
nodes, 203,000 with R = 2), and its tactical suite at 5,000 nodes a position kept 99 of
the first 150 solved (100 with R = 2)."""


LMR_FIRST_MOVE = 2
"""Late move reductions (``lmr=on``) start by default with the third move of a node,
after the TT move and the first killer (``lmrfrom=``), and spare captures…"""

LMR_MIN_DEPTH = 3
"""…and apply only where at least this many plies remain."""

LMR_MOST_MOVES = 63
"""Moves past this index share its reduction (positions with more moves are rare)."""


@functools.cache
def late_move_reductions(first: int = LMR_FIRST_MOVE) -> tuple[tuple[int, ...], ...]:
    """``[depth][index]``: plies a late move is reduced by, 0 where it is not reduced
    (before move ``first`` of a node, or where too few plies remain).

    The reduction grows with the log of the plies to go times the log of the move's
    index (``0.75 + ln d · ln i / 2``, at least 1, leaving at least one ply), the usual
    form of late move reductions: with 12 plies to go the third move loses one ply, the
    fourth two and the eighth three. A precomputed table because the search reads it
    for every late move.
    """
    def reduction(depth: int, index: int) -> int:
        if index < first or depth < LMR_MIN_DEPTH:
            return 0
        plies = int(0.75 + math.log(depth) * math.log(index) / 2)
        return max(1, min(plies, depth - 2))

    return tuple(tuple(reduction(depth, index) for index in range(LMR_MOST_MOVES + 1))
                 for depth in range(MAX_DEPTH + 1))


ETC_MIN_DEPTH = 5
"""Enhanced transposition cutoffs are tried where at least this many plies remain:
nearer the horizon a probe per child costs more than the nodes it saves
(benchmarks/bench_exact.py's sample positions measure it)."""

TT_MIN_DEPTH = 2
"""Without late move reductions the table is read and written where at least this many
plies remain. A node one ply above the horizon only judges its children statically,
which costs little more than the probe and store that could spare it. With ``lmr=on``
the table serves every depth (it spares more nodes there)."""


def game_hooks(game: Game[S, M], enhancements: Enhancements, counters: Counters
               ) -> tuple[CapturePruner[S, M] | None, CheckExtensionTest[S] | None]:
    """Delta pruning, and the test of the check extension, for ``game``: each None where
    it is switched off or the game supplies no test for it (`Game.capture_gain`,
    `Game.in_check`), so the kernel spends nothing on them then. Delta pruning counts
    what it prunes in ``counters.delta_pruned``.

    The check extension searches a position in check (inside the tree, not at its
    horizon, where quiescence answers checks) a ply deeper, so the forced reply does not
    use up the depth the move giving check was searched to. The kernel applies it at
    node entry, inline (a call a node saved), and counts ``counters.extensions``."""
    rules = type(game)
    capture_gain, in_check = game.capture_gain, game.in_check

    def prune_captures(state: S, captures: Sequence[M], static: float,
                       alpha: float) -> tuple[Sequence[M], float]:
        """Delta pruning: the captures whose largest gain could lift the stand-pat value
        ``static`` above ``alpha``, and the node's value so far: ``static``, raised to the
        best that a skipped capture could reach (no more than alpha, but the fail-soft
        value must not claim less than a skipped move might be worth)."""
        kept = []
        best = static
        for move in captures:
            hope = static + capture_gain(state, move)
            if hope > alpha:
                kept.append(move)
            elif hope > best:
                best = hope
        counters.delta_pruned += len(captures) - len(kept)
        return kept, best

    return (
        prune_captures if enhancements.delta_pruning
        and rules.capture_gain is not Game.capture_gain else None,
        in_check if enhancements.check_extension
        and rules.in_check is not Game.in_check else None,
    )
