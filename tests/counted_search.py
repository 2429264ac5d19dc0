"""An alpha-beta search with its counters, for the tests of switchable enhancements
(delta pruning, the check extension, futility): what they cut or extend is read from
`Counters`."""

from __future__ import annotations

from adversa.games.base import Game
from adversa.games.registry import evaluation_of
from adversa.search import alphabeta
from adversa.search.config import EngineConfig
from adversa.search.request import SearchRequest
from adversa.search.stats import Counters, Reporter, SearchResult


def search(game: Game[object, object], state: object,
           text: str) -> tuple[SearchResult, Counters]:
    """Alpha-beta as the engine ``text`` on ``state``, with the game's evaluation."""
    config = EngineConfig.parse(text)
    reporter = Reporter(config.algorithm, config.text)
    result = alphabeta.search(SearchRequest(game, state, config, reporter, evaluation_of(game)))
    return result, reporter.counters
