"""The ``random`` engine: a uniformly random legal move.

It is the baseline every other engine should beat, and the opponent a student
plays first. The choice comes from a local ``random.Random(seed)`` — never the
global generator — so the same seed gives the same move whatever else the
process is doing (engine matches replay exactly). At a chance state it samples
an outcome by its probability, so it can stand in for the dice too.
"""

from __future__ import annotations

import random

from adversa.games.base import CHANCE, Game, M, S
from adversa.search.common import final_result
from adversa.search.request import SearchRequest
from adversa.search.stats import RootMove, SearchResult


def fits(game: Game[S, M], algorithm: str) -> str | None:
    """Every game has legal moves to pick from."""
    return None


def search(request: SearchRequest[S, M]) -> SearchResult[M]:
    game, state, reporter = request.game, request.state, request.reporter
    rng = random.Random(request.config.whole("seed"))
    if game.to_move(state) == CHANCE:
        outcomes = list(game.chance_outcomes(state))
        move = rng.choices(
            [outcome for outcome, _ in outcomes], weights=[p for _, p in outcomes]
        )[0]
        root_moves = tuple(
            RootMove(game.format_move(state, outcome), probability=p) for outcome, p in outcomes
        )
    else:
        moves = list(game.legal_moves(state))
        move = rng.choice(moves)
        root_moves = tuple(RootMove(game.format_move(state, m)) for m in moves)
    reporter.counters.nodes += 1
    text = game.format_move(state, move)
    reporter.snapshot_fields = lambda: {
        "pv": (text,),
        "root_moves": root_moves,
        "current_move": text,
    }
    return final_result(game, state, reporter, move, None, (text,))
