"""ProbCut (Buro): cut a node when a shallow search says, with confidence, how a deep one ends.

A search ``d`` plies deep and one ``d − r`` plies deep from the same position are
strongly correlated in many games (Buro measured it on Logistello's evaluation):
``deep ≈ a · shallow + b``, with residuals of spread σ. So before searching a node
``depth`` plies deep the kernel may ask a search ``r`` plies shallower whether its value,
mapped through that line, clears beta by ``t · σ`` (then the deep search would very
likely fail high too, and the node returns beta) or falls ``t · σ`` below alpha (the node
returns alpha). Each question is a null-window search around the shallow value that the
prediction needs, so it costs a fraction of the deep search it may spare; when neither
cut is taken the node is searched as usual.

The game declares the model with its evaluation (`ProbCutModel` on `Evaluator.probcut`),
fitted by a script beside the game's benchmarks; this module names no game. Proven
bounds (a forced win or loss at the window's edge) are never cut on a guess. A cut
changes values, as any forward pruning does: the switch ``probcut=`` is off by default.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TypeAlias

from adversa.games.base import S
from adversa.games.evaluation import ProbCutModel
from adversa.search.common import INFINITY, PROVEN
from adversa.search.stats import Counters

KernelSearch: TypeAlias = Callable[[S, int, int, float, float, int], float]
"""The kernel's ``negamax(state, mover, depth, alpha, beta, ply)``."""

ProbCutStep: TypeAlias = Callable[[S, int, int, float, float, int], float | None]
"""``(state, mover, depth, alpha, beta, ply) → the node's value when cut, else None``."""


def probcut_step(model: ProbCutModel, raw_scale: float, search: KernelSearch[S],
                 counters: Counters) -> ProbCutStep[S]:
    """The ProbCut test for nodes at least ``model.deep`` plies from the horizon.

    ``raw_scale`` converts the search's values to the model's raw units (`Evaluator`);
    ``search`` is the kernel's own negamax, so the shallow searches share its table,
    ordering and counters; each cut taken adds one to ``counters.probcut_cuts``.
    """
    reduction = model.deep - model.shallow
    slope, intercept = model.slope, model.intercept
    confidence = model.threshold * model.sigma
    nextafter = math.nextafter

    def shallow_bound(edge: float, margin: float) -> float:
        """The shallow value (search units) whose prediction is ``edge`` + ``margin``."""
        return (edge * raw_scale + margin - intercept) / slope / raw_scale

    def probcut(state: S, mover: int, depth: int, alpha: float, beta: float,
                ply: int) -> float | None:
        shallow = depth - reduction
        if beta < PROVEN:
            bound = shallow_bound(beta, confidence)
            if search(state, mover, shallow, nextafter(bound, -INFINITY), bound, ply) >= bound:
                counters.probcut_cuts += 1
                return beta
        if alpha > -PROVEN:
            bound = shallow_bound(alpha, -confidence)
            if search(state, mover, shallow, bound, nextafter(bound, INFINITY), ply) <= bound:
                counters.probcut_cuts += 1
                return alpha
        return None

    return probcut
