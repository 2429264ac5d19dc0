"""What a search can spend on a game's exact oracle (`Game.endgame_probe`).

An oracle that computes its answers (Othello's endgame solver) rather than looking
them up costs time that grows steeply with the position, so the game must know the
search's budget to decide whether to answer at all, and must be able to give up when
the search is told to stop. The search fills this in once, at its root, from its own
clock and limits; the game never reads a wall clock of its own, so a test that injects
a fake clock into the search drives the oracle with it too.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass


def never_stop() -> bool:
    """A stop check that never asks to stop: the default of a search or solve unlimited
    by its caller (one shared function, for the games and the search alike)."""
    return False


@dataclass(frozen=True, slots=True)
class ProbeBudget:
    """The search's limits as they stand when it asks for its oracle.

    ``seconds`` is the time the search has left (None: no time limit), ``nodes`` the
    nodes it may still visit (None: no node limit). ``should_stop`` turns True once the
    search must end (a Stop request, its deadline or its node budget): an oracle that
    works long polls it and gives up, answering "unknown". ``clock`` is the search's
    own clock, for an oracle that keeps a deadline or measures its speed.
    """

    seconds: float | None = None
    nodes: int | None = None
    should_stop: Callable[[], bool] = never_stop
    clock: Callable[[], float] = time.perf_counter

    @property
    def unlimited(self) -> bool:
        """No time and no node limit: a fixed-depth search, which has no budget to share."""
        return self.seconds is None and self.nodes is None
