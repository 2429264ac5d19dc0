"""One search to run, as `run_search` hands it to an algorithm: a `SearchRequest`.

Every algorithm module's ``search`` and every search object's constructor take the same
five things: the game's rules, the position, the engine, the reporter and the evaluation.
They travel together as one typed record, generic in the game's state and move types,
so that a search's moves keep the game's type from `run_search` to its `SearchResult`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic

from adversa.games.base import Game, M, S
from adversa.games.evaluation import Evaluation
from adversa.search.config import EngineConfig
from adversa.search.stats import Reporter


@dataclass(frozen=True, slots=True)
class SearchRequest(Generic[S, M]):
    """The search of ``state`` in ``game`` with ``config``, reporting to ``reporter`` and
    judging positions at its horizon by ``evaluation``."""

    game: Game[S, M]
    state: S
    config: EngineConfig
    reporter: Reporter
    evaluation: Evaluation[S, M]
