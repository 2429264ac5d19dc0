"""Expectiminimax, expectimax and (through `maxn`) paranoid: minimax with averages.

One recursion, `ChanceMinimax`, values every node for one player, the
"viewer": the player who decides at the root (the *searcher*; player 0 at a
chance root) — except in a two-player zero-sum textbook tree, where it is MAX
(player 0) as in `minimax`, so a tree whose root is a MIN node still reports
its value in MAX's terms and the searcher minimises:

* a **chance** node is worth the probability-weighted mean of its outcomes;
* a node of the viewer is **MAX**;
* another player's node is **MIN** (``expectiminimax``, and ``paranoid`` for N
  players: everyone else is assumed to be against the root player);
* in ``expectimax`` a node of the searcher's opponent is instead the **mean**
  of its children: the opponent is modelled by a known stochastic policy, here
  the uniform one, so its node is a chance node with probability 1/k per move.

``depth`` counts decision plies only (AIMA's expectiminimax cutoff): chance
layers are always expanded, also at the horizon, so a position is never
evaluated with the die in the air — unless the evaluator values positions before
the dice (`Evaluator.values_before_chance`, a trained network), when a chance
node at the horizon is evaluated as it stands: the same value, far fewer leaves.
Values are the game's utilities (no "faster win" bonus: an expectation of
distance-adjusted scores would mean nothing), and the heuristic at the horizon is
the handed `Evaluation`'s evaluator.

**Star1** (Ballard 1983; Hauk, Buro & Schaeffer, "Rediscovering *-Minimax
Search", 2004) brings alpha-beta through chance nodes. With the utility range
``[L, U]`` known (`Game.utility_bounds`; the evaluator stays inside it), after
the outcomes before child ``i`` have summed to ``S`` and probability ``R`` is
still to come after it, the chance node's value is below ``α`` as soon as
``S + pᵢ·vᵢ + U·R ≤ α`` and above ``β`` as soon as ``S + pᵢ·vᵢ + L·R ≥ β``, so
child ``i`` is searched with the window ``((α − S − U·R)/pᵢ, (β − S − L·R)/pᵢ)``
clipped to ``[L, U]``, and the remaining outcomes are skipped (counted as
cutoffs/pruned) when it fails outside. MAX/MIN nodes then do ordinary
fail-soft alpha-beta. The root value is unchanged; only bounds on losing moves
differ. **Star2** (``star2=on``, which includes Star1) first *probes* each outcome:
where the viewer moves next, the outcome is worth at least its first move's value,
where the other side moves at most that; one move per outcome is searched, with a
window that fails just when those bounds alone decide the node (`_probe`), and the
bounds found narrow the Star1 windows after. With ``candidates=N`` a search deeper
than one ply searches only the N root moves whose positions evaluate best (strong
programs of dice games filter so), and with ``margin=M`` only those of them within M
of the best; the others count as pruned. ``star1`` is a
parameter of ``expectiminimax``; ``paranoid`` always
prunes (its MIN players make it an alpha-beta search); ``expectimax`` never
does (its averaging opponent has no bound to exploit).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adversa.games.base import CHANCE, Game, M, S
from adversa.search.common import (
    INFINITY,
    reporting_player,
    show_scores_in_evaluator_units,
)
from adversa.search.config import EngineConfig
from adversa.search.depth_limited import ROOT, DepthLimitedSearch, Edge
from adversa.search.passes import enter_node
from adversa.search.request import SearchRequest
from adversa.search.stats import SearchResult


def fits(game: Game[S, M], algorithm: str) -> str | None:
    """Both algorithms model one opponent: two players, with or without chance."""
    if game.num_players != 2:
        return f"{algorithm} needs a two-player game; this one has {game.num_players} players"
    return None


def search(request: SearchRequest[S, M]) -> SearchResult[M]:
    return ChanceMinimax(request).run()


@dataclass(frozen=True, slots=True)
class ChanceRules:
    """How `ChanceMinimax` values its nodes: the modes of the module docstring, read
    from an ``expectimax``, ``expectiminimax`` or ``paranoid`` engine (`of`)."""

    pruning: bool = False
    """Alpha-beta at MAX/MIN nodes and Star1 at chance nodes."""
    averaging: bool = False
    """MIN replaced by the mean (expectimax's uniform opponent)."""
    probing: bool = False
    """Star2: probe each chance outcome's first move for a bound before searching."""
    candidates: int = 0
    """Root filtering: keep the best ``candidates`` moves by their static value when the
    search goes deeper than one ply (0: keep every move)."""
    margin: float | None = None
    """With ``candidates``: also drop root moves whose static value trails the best one's
    by more than this (None: no margin), as strong programs filter."""

    @classmethod
    def of(cls, config: EngineConfig) -> ChanceRules:
        """The rules an engine asks for: expectimax averages, paranoid always prunes,
        expectiminimax prunes with ``star1`` or ``star2`` and filters with ``candidates``
        and ``margin``."""
        if config.algorithm == "expectimax":
            return cls(averaging=True)
        if config.algorithm == "paranoid":
            return cls(pruning=True)
        star2 = config.flag("star2")
        margin = config.get("margin")
        return cls(pruning=config.flag("star1") or star2, probing=star2,
                   candidates=config.whole("candidates"),
                   margin=None if margin is None else config.number("margin"))


class ChanceMinimax(DepthLimitedSearch[S, M, float]):
    """The expectiminimax recursion, by the rules its engine asks for (`ChanceRules`)."""

    def __init__(self, request: SearchRequest[S, M]) -> None:
        super().__init__(request)
        game, root = request.game, request.state
        rules = ChanceRules.of(request.config)
        self.pruning = rules.pruning
        self.averaging = rules.averaging
        self.probing = rules.probing
        self.candidates = rules.candidates
        self.margin = rules.margin
        self.root_indices: list[int] | None = None
        """The root moves the filter kept, as indices into the root's legal moves: the
        searched list is shorter, and the root's scores must go to the right moves."""
        evaluator = request.evaluation.evaluator(game)
        self.evaluate = evaluator.function
        self.values_before_chance = evaluator.values_before_chance
        """A chance node at the horizon is evaluated, not expanded (`Evaluator`)."""
        show_scores_in_evaluator_units(request.reporter, game, evaluator)
        self.low, self.high = game.utility_bounds()
        self.viewer = reporting_player(game, root)
        """Whose values the search reports; expectimax averages the other player."""
        self.root_minimizes = self.searcher != self.viewer

    def better(self, new: float, old: float) -> bool:
        if self.root_minimizes:
            return new < old
        return new > old

    def root_bound(self) -> str | None:
        """With pruning, a root move other than the best was only searched far enough
        to show it is no better: a bound from above, or from below when the searcher
        minimises (a textbook tree's MIN root, valued in MAX's terms). A chance root
        is searched with an infinite window, so its outcomes are exact."""
        if not self.pruning or self.root_is_chance:
            return None
        return "lower" if self.root_minimizes else "upper"

    def iterate(self, depth: int) -> float:
        self.root_indices = None  # the filter chooses again for each depth it applies to
        return self._value(self.root, depth, -INFINITY, INFINITY, 0,
                           None if self.recorder is None else ROOT)

    # ---- the recursion ---------------------------------------------------------------

    def _value(self, state: S, depth: int, alpha: float, beta: float, ply: int,
               at: Edge | None) -> float:
        """The node's value for the viewer; ``at`` is its place in the trace (None untraced)."""
        game = self.game
        enter_node(self.reporter, ply)
        if game.is_terminal(state):
            return self.leaf(game.utility(state)[self.viewer], ply, at, *self._window(alpha, beta))
        return self.tabled(state, depth, ply, alpha, beta,
                           lambda: self._expand(state, depth, alpha, beta, ply, at))

    def _expand(self, state: S, depth: int, alpha: float, beta: float, ply: int,
                at: Edge | None) -> float:
        """Value a non-terminal node by the rule for its kind (chance, horizon, MAX/MIN)."""
        game = self.game
        player = game.to_move(state)
        if player == CHANCE:
            if depth <= 0 and ply > 0 and self.values_before_chance:
                self.horizon_reached = True
                return self.leaf(self.evaluate(state, self.viewer), ply, at,
                                 *self._window(alpha, beta))
            return self._average(state, game.chance_outcomes(state), depth, alpha, beta, ply, at)
        if depth <= 0 and ply > 0:
            self.horizon_reached = True
            return self.leaf(self.evaluate(state, self.viewer), ply, at,
                             *self._window(alpha, beta))
        moves = game.legal_moves(state)
        if self.averaging and player != self.searcher:
            share = 1.0 / len(moves)
            return self._average(state, [(move, share) for move in moves], depth - 1, alpha,
                                 beta, ply, at)
        if (ply == 0 and self.candidates and depth > 1 and len(moves) > 1
                and (len(moves) > self.candidates or self.margin is not None)):
            self.root_indices = self._candidates(state, moves, player == self.viewer)
            moves = [moves[index] for index in self.root_indices]
        return self._decide(state, moves, player == self.viewer, depth - 1, alpha, beta, ply, at)

    def _candidates(self, state: S, moves: Sequence[M], maximizing: bool) -> list[int]:
        """The indices of the root moves worth a deep search: the best ``candidates`` by
        the static value of the position each leads to (strong programs of dice games
        filter so: every move at 0 ply, the few best deeper), in their given order; the
        rest are counted."""
        game, evaluate, viewer = self.game, self.evaluate, self.viewer

        def static(move: M) -> float:
            child = game.result(state, move)
            if game.is_terminal(child):
                return float(game.utility(child)[viewer])
            return evaluate(child, viewer)

        values = {index: static(move) for index, move in enumerate(moves)}
        ranked = sorted(values, key=values.__getitem__, reverse=maximizing)[: self.candidates]
        if self.margin is not None:
            best, margin = values[ranked[0]], self.margin
            ranked = [index for index in ranked if abs(values[index] - best) <= margin]
        kept = sorted(ranked)
        self.counters.filtered += len(moves) - len(kept)
        self.counters.pruned += len(moves) - len(kept)
        return kept

    def _window(self, alpha: float, beta: float) -> tuple[float | None, float | None]:
        """The window a trace shows: none when not pruning, where α and β mean nothing."""
        return (alpha, beta) if self.pruning else (None, None)

    def _decide(self, state: S, moves: Sequence[M], maximizing: bool, child_depth: int,
                alpha: float, beta: float, ply: int, at: Edge | None) -> float:
        """A MAX or MIN node: fail-soft alpha-beta when pruning, plain minimax otherwise."""
        game = self.game
        handle = -1
        if at is not None:
            handle = self.trace_enter(at, "max" if maximizing else "min",
                                      *self._window(alpha, beta))
        best = -INFINITY if maximizing else INFINITY
        best_child: int | None = None
        pruned: tuple[int, ...] = ()
        cut = False
        root_indices = self.root_indices if ply == 0 else None
        for index, move in enumerate(moves):
            if ply == 0:
                self.current_index = index if root_indices is None else root_indices[index]
            value = self._value(game.result(state, move), child_depth, alpha, beta, ply + 1,
                                None if at is None
                                else at.child(index, game.format_move(state, move)))
            if ply == 0:
                self.root_scored(index if root_indices is None else root_indices[index], value)
            if value > best if maximizing else value < best:
                best, best_child = value, index + 1
                self.pv_table[ply] = [move, *self.pv_table.get(ply + 1, ())]
            if not self.pruning:
                continue
            # The lecture's MAX/MIN cut, alike in `minimax.TextbookSearch` on purpose: a
            # shared function would be a call per child in both recursions.
            if best >= beta if maximizing else best <= alpha:
                cut = True
                pruned = self._cut(index, len(moves))
                break
            if maximizing:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
        if at is not None:
            self.trace_leave(handle, best, pruned=pruned, cut=cut, best_child=best_child)
        return best

    def _average(self, state: S, outcomes: Sequence[tuple[M, float]], depth: int,
                 alpha: float, beta: float, ply: int, at: Edge | None) -> float:
        """A chance node (or expectimax's uniform opponent): the weighted mean, with
        Star1 cutoffs when pruning (see the module docstring)."""
        game = self.game
        low, high = self.low, self.high
        handle = -1
        if at is not None:
            handle = self.trace_enter(at, "chance", *self._window(alpha, beta))
        count = len(outcomes)
        self.counters.chance_nodes += 1
        children = [game.result(state, outcome) for outcome, _ in outcomes]
        # Bounds on each outcome's value: the utility range, narrowed by Star2's probes.
        lower = [low] * count
        upper = [high] * count
        if self.probing and at is None and depth > 0:
            probed = self._probe(children, outcomes, lower, upper, depth, alpha, beta, ply)
            if probed is not None:
                return probed
        rest_low = sum(p * bound for (_, p), bound in zip(outcomes, lower, strict=True))
        rest_high = sum(p * bound for (_, p), bound in zip(outcomes, upper, strict=True))
        total = 0.0
        searched = 0.0  # the probability of the outcomes searched (the panel's "mass")
        pruned: tuple[int, ...] = ()
        cut = False
        self.pv_table[ply] = []  # a principal variation stops at chance: dice are not chosen
        for index, (outcome, chance) in enumerate(outcomes):
            if chance <= 0.0:
                continue  # an impossible outcome adds nothing and cannot be searched for bounds
            if ply == 0:
                self.current_index = index
            edge = None if at is None else at.child(index, game.format_move(state, outcome),
                                                    chance)
            child = children[index]
            searched += chance
            if not self.pruning:
                value = self._value(child, depth, -INFINITY, INFINITY, ply + 1, edge)
            else:
                # The outcomes after this one are worth at least rest_low, at most rest_high.
                rest_low -= chance * lower[index]
                rest_high -= chance * upper[index]
                fail_low = (alpha - total - rest_high) / chance
                fail_high = (beta - total - rest_low) / chance
                value = self._value(child, depth, max(fail_low, low), min(fail_high, high),
                                    ply + 1, edge)
                if value <= fail_low or value >= fail_high:
                    # The node's value is at most (fail low) or at least (fail high) this:
                    bound = total + chance * value + (rest_high if value <= fail_low
                                                      else rest_low)
                    cut = True
                    pruned = self._cut(index, count)
                    self.counters.star1_cuts += bool(pruned)
                    if ply == 0:
                        self.root_scored(index, value)
                    total = bound  # the node's value: a bound that already decides the parent
                    break
            if ply == 0:
                self.root_scored(index, value)
            total += chance * value
        self.counters.chance_mass += searched
        if at is not None:
            self.trace_leave(handle, total, pruned=pruned, cut=cut)
        return total

    def _probe(
        self,
        children: list[S],
        outcomes: Sequence[tuple[M, float]],
        lower: list[float],
        upper: list[float],
        depth: int,
        alpha: float,
        beta: float,
        ply: int,
    ) -> float | None:
        """Star2's probing phase (Ballard 1983): bound each outcome by one move, cut early.

        An outcome where the viewer moves is worth at least its first move's value, one
        where the other side moves at most that. Each probe searches only that first
        move, with a window that fails exactly when the bound alone decides the chance
        node (value ≥ β from the lower bounds, or ≤ α from the upper ones); inside the
        window its value is exact and narrows ``lower``/``upper`` for the Star1 phase.
        Returns the node's bound when a probe cuts, else None. Outcomes that are over or
        at the horizon are left to Star1: valuing them is already one step.
        """
        game, low, high = self.game, self.low, self.high
        sum_low = sum(p * bound for (_, p), bound in zip(outcomes, lower, strict=True))
        sum_high = sum(p * bound for (_, p), bound in zip(outcomes, upper, strict=True))
        if sum_low >= beta or sum_high <= alpha:
            return None  # the window is already decided either way: Star1 settles it at once
        for index, child in enumerate(children):
            chance = outcomes[index][1]
            if chance <= 0.0 or game.is_terminal(child):
                continue
            mover = game.to_move(child)
            if mover == CHANCE:
                continue
            first = game.legal_moves(child)[0]
            grandchild = game.result(child, first)
            if mover == self.viewer:
                need = (beta - (sum_low - chance * lower[index])) / chance
                value = self._value(grandchild, depth - 1, low, min(need, high), ply + 2, None)
                sum_low += chance * (max(value, lower[index]) - lower[index])
                lower[index] = max(value, lower[index])
                if sum_low >= beta:
                    return self._probe_cut(sum_low, len(children))
            else:
                need = (alpha - (sum_high - chance * upper[index])) / chance
                value = self._value(grandchild, depth - 1, max(need, low), high, ply + 2, None)
                sum_high -= chance * (upper[index] - min(value, upper[index]))
                upper[index] = min(value, upper[index])
                if sum_high <= alpha:
                    return self._probe_cut(sum_high, len(children))
        return None

    def _probe_cut(self, bound: float, count: int) -> float:
        """Count a chance node that Star2's probes decided: none of its outcomes searched."""
        self.counters.star2_cuts += 1
        self.counters.cutoffs += 1
        self.counters.pruned += count
        return bound

    def _cut(self, index: int, count: int) -> tuple[int, ...]:
        """Count a cutoff after child ``index`` of ``count``; the skipped 1-based children.

        One definition for every search (as on the blackboard and in
        `minimax.TextbookSearch`): a cutoff is a node where a cut skipped at least one
        child, and ``pruned`` counts the children skipped; a cut at the last child
        skips nothing and is not counted.
        """
        skipped = tuple(range(index + 2, count + 1))
        if skipped:
            self.counters.cutoffs += 1
            self.counters.pruned += len(skipped)
        return skipped
