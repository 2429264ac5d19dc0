"""The ``mcts`` engine: Monte Carlo tree search with UCT (Kocsis & Szepesvári).

Each iteration walks down the tree choosing children by UCB1, adds one new
node, plays a random game from it (the *rollout*) and adds the result to every
node on the way back up. The best move is the most visited root child.

Three points that decide whether MCTS plays adversarial games correctly:

* **Whose reward.** Every node keeps the *sum of rewards of every player* (a
  vector), and a player choosing among children reads its own component. So the
  opponent maximises its own reward, not ours — the bug of mcts 1.0.4 (one
  scalar reward backed up unchanged, so the opponent "cooperates") cannot
  happen, and the same code
  serves two players, N players and chance nodes.
* **Chance.** At a chance state the next outcome is sampled by its probability
  (never chosen by UCB), so a node's mean is an expectation over the dice.
* **Scale.** Rewards are the utilities rescaled to 0..1 with
  `Game.utility_bounds`, the range the exploration constant ``c`` (default √2)
  is calibrated for. Reported scores are in the game's own utility scale again.

Rollouts play uniformly random moves with a local ``random.Random(seed)``, so a
fixed seed and an iteration budget give the same tree and the same move every
time. A rollout that reaches ``rollout`` plies without ending is scored by the
vector evaluator (the handed `Evaluation`'s), which keeps playouts of
long games bounded.

A root with a single legal move under a time budget gets `FORCED_REPLY_PLAYOUTS`
playouts and no more (`common.answers_at_once`): enough for a rough value and a
PV to show, where the clock would buy nothing to choose.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable, Iterable
from typing import Generic

from adversa.games.base import CHANCE, Game, M, S
from adversa.search.common import answers_at_once, final_result, reporting_player
from adversa.search.request import SearchRequest
from adversa.search.stats import (
    POLL_INTERVAL,
    ROOT_MOVES_SHOWN,
    Progress,
    RootMove,
    Score,
    SearchResult,
    SearchStopped,
)

FORCED_REPLY_PLAYOUTS = 64
"""Playouts for a single legal move under a time budget (a few milliseconds of a board game)."""

TERMINAL = -2
"""`_Node.player` of a finished position (no children to choose from)."""


def fits(game: Game[S, M], algorithm: str) -> str | None:
    """UCT needs nothing but legal moves and utilities: it fits every game."""
    return None


class _Node(Generic[S, M]):
    """One tree node: a state, who acts there, and the statistics of the moves into it.

    ``totals[p]`` is the sum of player ``p``'s 0..1 rewards over the ``visits``
    playouts through this node. ``untried`` lists the moves (decision node) not
    expanded yet, in random order; a chance node instead keeps its outcomes and
    their cumulative probabilities and creates a child when an outcome is first
    sampled.
    """

    __slots__ = (
        "children",
        "cumulative",
        "move",
        "outcomes",
        "parent",
        "player",
        "probability",
        "state",
        "totals",
        "untried",
        "visits",
    )

    def __init__(
        self,
        game: Game[S, M],
        state: S,
        parent: _Node[S, M] | None,
        move: M | None,
        rng: random.Random,
        probability: float | None = None,
    ) -> None:
        self.state = state
        self.parent = parent
        self.move = move
        self.probability = probability
        self.visits = 0
        self.totals = [0.0] * game.num_players
        self.children: list[_Node[S, M]] = []
        self.untried: list[M] = []
        self.outcomes: list[tuple[M, float]] = []
        self.cumulative: list[float] = []
        if game.is_terminal(state):
            self.player = TERMINAL
        else:
            self.player = game.to_move(state)
            if self.player == CHANCE:
                self.outcomes = list(game.chance_outcomes(state))
                self.cumulative = list(_running_sum(p for _, p in self.outcomes))
            else:
                self.untried = list(game.legal_moves(state))
                rng.shuffle(self.untried)


    @property
    def arrived_by(self) -> M:
        """The move (or chance outcome) into this node: every node but the root has one."""
        assert self.move is not None, "the root has no move into it"
        return self.move


def _running_sum(values: Iterable[float]) -> list[float]:
    total = 0.0
    sums: list[float] = []
    for value in values:
        total += value
        sums.append(total)
    return sums


def _sample(cumulative: list[float], rng: random.Random) -> int:
    """Index of an outcome drawn by probability (the last one absorbs rounding)."""
    draw = rng.random() * cumulative[-1]
    for index, bound in enumerate(cumulative):
        if draw < bound:
            return index
    return len(cumulative) - 1


class _Tree(Generic[S, M]):
    """The search tree, its budget and the four phases of an iteration."""

    def __init__(self, request: SearchRequest[S, M]) -> None:
        game, config = request.game, request.config
        self.game = game
        self.reporter = request.reporter
        self.counters = request.reporter.counters
        self.rng = random.Random(config.whole("seed"))
        self.c = config.number("c")
        self.rollout_limit = config.whole("rollout")
        low, high = game.utility_bounds()
        self.low = low
        self.span = (high - low) or 1.0
        self.cutoff_values: Callable[[S], tuple[float, ...]] = (
            request.evaluation.vector_evaluator(game))
        self.root = _Node(game, request.state, None, None, self.rng)
        self.iterations = 0
        self.tree_nodes = 1
        self.work = 0  # tree steps + rollout plies, the unit `poll` is spaced by

    def release(self) -> None:
        """Unlink every node from its parent once the search is over.

        Parent links make every node part of a reference cycle, so the tree would wait
        for the cyclic garbage collector, which then runs on whatever thread allocates
        next (in the app, the UI thread). Unlinked, the tree is freed at once by
        reference counting, on the search's own thread.
        """
        stack = [self.root]
        while stack:
            node = stack.pop()
            node.parent = None
            stack.extend(node.children)

    # ---- one iteration ---------------------------------------------------------

    def iterate(self) -> None:
        leaf = self._select_and_expand()
        rewards = self._rollout(leaf.state)
        node: _Node[S, M] | None = leaf
        while node is not None:
            node.visits += 1
            totals = node.totals
            for player, reward in enumerate(rewards):
                totals[player] += reward
            node = node.parent
        self.iterations += 1

    def _select_and_expand(self) -> _Node[S, M]:
        """Descend by UCB1 (sampling at chance nodes) until a node is added or the game ends."""
        rng, counters = self.rng, self.counters
        node = self.root
        depth = 0
        while True:
            counters.nodes += 1
            self.work += 1
            if node.player == TERMINAL:
                break
            if node.player == CHANCE:
                index = _sample(node.cumulative, rng)
                outcome, probability = node.outcomes[index]
                child = next((c for c in node.children if c.move == outcome), None)
                if child is None:
                    child = self._add(node, outcome, probability)
                    node, depth = child, depth + 1
                    counters.nodes += 1
                    break
                node, depth = child, depth + 1
                continue
            if node.untried:
                child = self._add(node, node.untried.pop(), None)
                node, depth = child, depth + 1
                counters.nodes += 1
                break
            node, depth = self._best_child(node), depth + 1
        if depth > counters.seldepth:
            counters.seldepth = depth
        return node

    def _add(self, parent: _Node[S, M], move: M, probability: float | None) -> _Node[S, M]:
        child = _Node(
            self.game, self.game.result(parent.state, move), parent, move, self.rng, probability
        )
        parent.children.append(child)
        self.tree_nodes += 1
        return child

    def _best_child(self, node: _Node[S, M]) -> _Node[S, M]:
        """UCB1 from the view of the player choosing here (its own reward component)."""
        player = node.player
        exploration = self.c * math.sqrt(math.log(node.visits))
        best = node.children[0]
        best_value = -math.inf
        for child in node.children:
            visits = child.visits
            value = child.totals[player] / visits + exploration / math.sqrt(visits)
            if value > best_value:
                best, best_value = child, value
        return best

    def _rollout(self, state: S) -> list[float]:
        """Play random moves to the end (or the ply limit); rewards per player, 0..1."""
        game, rng = self.game, self.rng
        plies = 0
        while not game.is_terminal(state):
            if plies >= self.rollout_limit:
                values = self.cutoff_values(state)
                break
            if game.to_move(state) == CHANCE:
                outcomes = game.chance_outcomes(state)
                index = _sample(_running_sum(p for _, p in outcomes), rng)
                state = game.result(state, outcomes[index][0])
            else:
                state = game.result(state, rng.choice(game.legal_moves(state)))
            plies += 1
        else:
            values = game.utility(state)
        self.work += plies
        self.counters.leaves += 1
        low, span = self.low, self.span
        return [(value - low) / span for value in values]

    # ---- reading the tree ----------------------------------------------------------

    def mean(self, node: _Node[S, M]) -> tuple[float, ...]:
        """A node's mean utility per player, in the game's own scale."""
        visits = node.visits or 1
        return tuple(self.low + self.span * total / visits for total in node.totals)

    def most_visited(self, node: _Node[S, M]) -> _Node[S, M] | None:
        """The most visited child (the first one on a tie), or None for a leaf."""
        best: _Node[S, M] | None = None
        for child in node.children:
            if best is None or child.visits > best.visits:
                best = child
        return best

    def principal_variation(self) -> tuple[str, ...]:
        """The most-visited path from the root, in notation."""
        line: list[str] = []
        node = self.root
        child = self.most_visited(node)
        while child is not None:
            line.append(self.game.format_move(node.state, child.arrived_by))
            node, child = child, self.most_visited(child)
        return tuple(line)


def search(request: SearchRequest[S, M]) -> SearchResult[M]:
    game, state, config, reporter = request.game, request.state, request.config, request.reporter
    # Playouts run until the time is up when a time budget is given without iterations;
    # otherwise the given (or default) number of iterations bounds them. 0: no count.
    timed_only = config.time_budget is not None and not config.given("iterations")
    budget = 0 if timed_only else config.whole("iterations")
    if game.to_move(state) != CHANCE and answers_at_once(
        config.time_budget, len(game.legal_moves(state))
    ):
        budget = min(budget, FORCED_REPLY_PLAYOUTS) if budget else FORCED_REPLY_PLAYOUTS
    tree = _Tree(request)
    root = tree.root
    viewer = reporting_player(game, state)
    reporter.mean_result = tuple(game.utility_bounds()) == (-1.0, 1.0)  # mean playout results

    def score_of(node: _Node[S, M]) -> Score:
        means = tree.mean(node)
        return means[viewer] if game.num_players == 2 else means

    def root_moves() -> tuple[RootMove, ...]:
        ranked = sorted(root.children, key=lambda child: -child.visits)[:ROOT_MOVES_SHOWN]
        return tuple(
            RootMove(
                game.format_move(state, child.arrived_by),
                score_of(child),
                visits=child.visits,
                probability=child.probability,
            )
            for child in ranked
        )

    def value_now() -> Score | None:
        """The most visited move's mean; at a chance root, the root's own mean (the expectation)."""
        best = tree.most_visited(root)
        if best is None:
            return None
        return score_of(root if root.player == CHANCE else best)

    def fields() -> Progress:
        pv = tree.principal_variation()
        return {
            "depth": len(pv),
            "completed_depth": len(pv),
            "score": value_now(),
            "pv": pv,
            "root_moves": root_moves(),
            "root_move_count": len(root.children),
            "current_move": pv[0] if pv else None,
        }

    reporter.snapshot_fields = fields
    next_poll = POLL_INTERVAL
    stopped = False
    try:
        while budget == 0 or tree.iterations < budget:
            if tree.work >= next_poll:
                next_poll = tree.work + POLL_INTERVAL
                reporter.poll()
            tree.iterate()
    except SearchStopped:
        stopped = True

    best = tree.most_visited(root)
    pv = tree.principal_variation()
    value = value_now()
    if value is not None:
        reporter.iteration_done(len(pv), value, pv, 0)
    if best is None:  # stopped before the first iteration: any legal move
        move = None if root.player == CHANCE else game.legal_moves(state)[0]
    else:
        move = None if root.player == CHANCE else best.move
    result = dataclasses.replace(final_result(game, state, reporter, move, value, pv, stopped),
                                 playouts=tree.iterations, tree_nodes=tree.tree_nodes)
    tree.release()
    return result
