"""When a search in play hands Othello to the exact solver, and how it lets go.

A search asks for the solver once, at its root (`Othello.endgame_probe`), and the
solver then answers every position below it: the root's children each get a full
solve, sharing one table. That costs about three times a lone solve of the root and
grows about twofold with each empty square (`TAKEOVER_NODES`), so whether it fits
depends on the budget. The plan:

1. **How many nodes the budget buys** (`affordable_nodes`): the time left times the
   solver's node rate (`SolverPace`, measured in this process on the search's own
   clock), and the search's node budget in solver nodes (`SOLVER_NODES_PER_NODE`),
   the smaller of the two, of which the estimate may use `PLAN_SHARE`.
2. **The most empties that fit** (`takeover_empties`): the largest count whose
   estimated cost is within that share. Positions vary tenfold at one count, so the
   estimate is a median and the share leaves room for the worse half.
3. **A solve that overruns lets go** (`SolverProbe`): past `LIMIT_SHARE` of the time
   or nodes, or when the search is told to stop, the solver gives up and answers
   "unknown" from then on, so the search keeps its heuristic values for the rest of
   its time and never claims an exact result it has not proved.

A search without a time or node limit (a fixed depth) takes over at
`UNBUDGETED_EMPTIES`, about a second.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from adversa.games.othello_bitboard import Geometry
from adversa.games.othello_solver import EndgameSolver, SolveStopped
from adversa.games.probe_budget import ProbeBudget

TAKEOVER_NODES = (21_200, 2.14)
"""``(nodes at 10 empties, growth per empty)``: the median cost of a takeover (every
root move's child solved, then the root) at 10 empties and its growth with each empty
more, fitted to the medians of ``bench_othello_endgame.py --takeover 10 12 14 16`` (7
positions each: 16,141, 107,677, 795,175 and 1,302,942 nodes with the solver of
02d0dc3, which visits more nodes a second than the one before; RESULTS.md). Positions
from random games are easier than played ones, which is one more reason for the share
(`PLAN_SHARE`) and the fallback (`LIMIT_SHARE`)."""

DEFAULT_RATE = 250_000.0
"""Solver nodes a second assumed before this process has measured its own: about half
what this machine measured under load, so that a slower machine's first solve does
not overrun."""

MEASURED_AFTER = 0.2
"""Seconds of solving after which the measured rate replaces `DEFAULT_RATE`."""

SOLVER_NODES_PER_NODE = 6
"""Solver nodes worth one node of the search's budget: the solver visits about this
many nodes in the time the search visits one (it has no evaluation to compute; measured
while writing this, under load 4: 85,000 nodes a second for a timed search of middle-
game positions, 550,000 for the solver's takeovers), so a node-budgeted search hands
over about where a timed one of equal speed does."""

PLAN_SHARE = 0.4
"""Part of the affordable nodes that a takeover's median cost may use."""

LIMIT_SHARE = 0.8
"""Part of the time (or nodes) left after which a takeover lets go: the rest is the
heuristic search's, so an overrun still ends in a searched move."""

UNBUDGETED_EMPTIES = 12
"""Takeover point of a search with no time or node limit (a fixed depth, as before
budgets were consulted): about 100,000 nodes, a fraction of a second, at the median."""

MAX_EMPTIES = 100
"""More empties than any board has (10 × 10 − 4): a huge allowance stops here."""


@dataclass(slots=True)
class SolverPace:
    """The solver's speed in this process: nodes and seconds of every solve so far, on
    the clock of the search that asked for it."""

    nodes: int = 0
    seconds: float = 0.0

    def record(self, nodes: int, seconds: float) -> None:
        self.nodes += nodes
        self.seconds += max(0.0, seconds)

    @property
    def rate(self) -> float:
        """Nodes a second: the measured rate once there is enough of it to trust."""
        if self.seconds < MEASURED_AFTER:
            return DEFAULT_RATE
        return self.nodes / self.seconds


PACE = SolverPace()
"""This process's solver pace. Not the rules object's: the app sends a copy of the rules
to its engine process for each search, and what one search measured would be lost."""


def takeover_cost(empties: int) -> float:
    """The estimated (median) solver nodes of a takeover at ``empties`` empty squares."""
    at_ten, growth = TAKEOVER_NODES
    return at_ten * growth ** (empties - 10)


def affordable_nodes(budget: ProbeBudget, pace: SolverPace) -> float:
    """Solver nodes the budget buys: the smaller of its time's and its nodes' worth
    (infinite for an unlimited budget)."""
    nodes = math.inf
    if budget.seconds is not None:
        nodes = budget.seconds * pace.rate
    if budget.nodes is not None:
        nodes = min(nodes, budget.nodes * SOLVER_NODES_PER_NODE)
    return nodes


def takeover_empties(budget: ProbeBudget, pace: SolverPace) -> int:
    """The most empty squares at which a search with ``budget`` should hand its
    positions to the solver (0: not even the last one)."""
    if budget.unlimited:
        return UNBUDGETED_EMPTIES
    allowance = PLAN_SHARE * affordable_nodes(budget, pace)
    empties = 0
    while takeover_cost(empties + 1) <= allowance and empties < MAX_EMPTIES:
        empties += 1
    return empties


class SolverProbe:
    """The search's oracle: each position's exact margin from one solver (one table
    for the whole search), until a solve overruns or the search stops; then None."""

    def __init__(self, board: Geometry, budget: ProbeBudget, pace: SolverPace) -> None:
        self.budget = budget
        self.pace = pace
        affordable = affordable_nodes(budget, pace)
        self.deadline = (None if budget.seconds is None
                         else budget.clock() + LIMIT_SHARE * budget.seconds)
        self.node_limit = None if math.isinf(affordable) else LIMIT_SHARE * affordable
        self.solver = EndgameSolver(board, self.should_stop)
        self.unfinished = False
        """Whether a solve was given up: the probe answers None from then on."""

    def should_stop(self) -> bool:
        """The solver's poll: the search's stop, or this probe's own share spent."""
        budget = self.budget
        return (budget.should_stop()
                or (self.deadline is not None and budget.clock() >= self.deadline)
                or (self.node_limit is not None and self.solver.nodes >= self.node_limit))

    def __call__(self, mine: int, theirs: int) -> int | None:
        """The mover's exact final margin, or None once a solve was given up."""
        if self.unfinished:
            return None
        solver, clock = self.solver, self.budget.clock
        nodes, started = solver.nodes, clock()
        try:
            return solver.solve(mine, theirs)
        except SolveStopped:
            self.unfinished = True
            return None
        finally:
            self.pace.record(solver.nodes - nodes, clock() - started)
