"""Search-tree figures: a traced search drawn as an SVG for slides and handouts.

The tree explorer shows a trace on screen; a figure draws the same trace the way
textbooks do, so a lecturer can put the engine's own search on a slide: MAX nodes
as ▲, MIN nodes as ▼, chance nodes as ○, leaves as squares, each with its
backed-up value and (inside the tree) the α/β window it was entered with; moves on
the edges; the principal variation in bold green; subtrees a cutoff skipped drawn
faded and dashed, with a cut mark and the condition that cut them
(``cut`` / ``2 ≤ α = 3``); a legend of what is drawn.

`tree_figure` draws a search result's trace (`layout` places it, `svg` writes it).
`narrowed` limits a real game to its most promising moves at each node (a one-ply look
by the game's evaluation), so a shallow search of a game position fits on a slide; the
caller states the cap in the figure.

This package sits beside `adversa.presentation`: it reads search results and
games, and the command line and the app both call it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adversa.figures.layout import (
    CAPTION_SIZE,
    MARGIN,
    TITLE_SIZE,
    FigureError,
    Names,
    ShowNumber,
    build,
    layout,
    leaf_slots,
    number_writer,
    overlaps,
)
from adversa.figures.svg import Figure, draw
from adversa.games.base import CHANCE, AdversaError, Game, M, S
from adversa.games.evaluation import VectorEvalFunction
from adversa.games.registry import make_vector_evaluator
from adversa.search.stats import SearchResult

__all__ = [
    "LEAF_LIMIT", "MAX_DEPTH", "MAX_WIDTH", "Figure", "FigureError", "move_names",
    "narrowed", "number_writer", "overlaps", "tree_figure",
]

LEAF_LIMIT = 64
"""Most leaf slots (leaves plus pruned stubs) a figure draws: beyond that no slide
holds the labels at a readable size."""

MAX_DEPTH = 3
"""Deepest search of a game position drawn as a figure (a textbook tree has its own)."""

MAX_WIDTH = 8
"""Most moves per node a game-position figure may keep (``--max-width``)."""


def tree_figure(
    result: SearchResult,
    title: str,
    caption: Sequence[str] = (),
    *,
    names: Names | None = None,
    show: ShowNumber | None = None,
    limit: int = LEAF_LIMIT,
) -> Figure:
    """The figure of ``result``'s trace; `FigureError` when it has none or is too big.

    ``names`` gives the moves at a node (to name pruned subtrees; without it they
    read by position), ``show`` writes the numbers (by default as the search's
    panel would, `number_writer`).
    """
    if not result.trace:
        raise FigureError(
            f"{result.snapshot.algorithm} recorded no search tree to draw; figures work "
            "with the searches that keep a trace (minimax, alphabeta, expectimax, "
            "expectiminimax, maxn, paranoid)"
        )
    root = build(result.trace, show or number_writer(result.snapshot), names)
    leaves = leaf_slots(root)
    if leaves > limit:
        raise FigureError(
            f"the tree has {leaves} leaves (counting pruned subtrees); a figure holds at "
            f"most {limit}: search less deep or keep fewer moves per node"
        )
    if result.trace_truncated:
        caption = [*caption, f"trace capped at {len(result.trace):,} nodes: the tree is incomplete"]
    top = MARGIN + TITLE_SIZE + 8 + len(caption) * (CAPTION_SIZE + 6) + 44
    layout(root, top)
    return draw(root, title, caption)


def narrowed(game: Game[S, M], width: int) -> Game[S, M]:
    """``game`` with each decision limited to its ``width`` most promising legal moves.

    Promising by a one-ply look: each move's position judged by the game's declared
    evaluation, for the player who moves (`most_promising`). The first ``width`` moves of
    the generator's order would draw a chess tree of knight moves from the start, and
    of Othello's moves those nearest a1: a tree no teacher would show. The same rules,
    options, name and registration (evaluator included), so any search runs on it;
    chance outcomes are kept whole (their probabilities must sum to one). A figure of a
    real position draws this smaller tree and says so.
    """
    base = type(game)
    judge = make_vector_evaluator(game)

    def legal_moves(self: Game[S, M], state: S) -> Sequence[M]:
        return most_promising(self, state, base.legal_moves(self, state), width, judge)

    def reduce(self: Game[S, M]) -> tuple[object, ...]:
        # A class made here cannot be pickled by name: rebuild it in the engine process.
        return _rebuild_narrowed, (base, dict(self.options), width)

    narrow = type(f"{base.__name__}FirstMoves", (base,), {
        "legal_moves": legal_moves,
        "__reduce__": reduce,
        "__doc__": f"{base.__name__} keeping {width} moves at each node.",
    })
    smaller: Game[S, M] = narrow(**game.options)  # a subclass of the game's own class
    return smaller


def most_promising(game: Game[S, M], state: S, moves: Sequence[M], width: int,
                   judge: VectorEvalFunction[S]) -> Sequence[M]:
    """The ``width`` moves of ``moves`` whose positions ``judge`` values highest for the
    player to move, in ``moves``' own order (ties keep the earlier move; with a neutral
    evaluation these are simply the first ``width``)."""
    if len(moves) <= width:
        return moves
    mover = game.to_move(state)
    values = [judge(game.result(state, move))[mover] for move in moves]
    ranked = sorted(range(len(moves)), key=lambda index: -values[index])
    return [moves[index] for index in sorted(ranked[:width])]


def _rebuild_narrowed(base: type[Game[S, M]], options: Mapping[str, object],
                      width: int) -> Game[S, M]:
    """Unpickle a `narrowed` game (the tree explorer searches in an engine process)."""
    return narrowed(base(**options), width)


def move_names(game: Game[S, M], state: S) -> Names:
    """The move (or chance outcome) names at the node a trace path leads to from ``state``.

    Traced searches take children in the game's order, so position ``p`` of a path
    is the ``p``-th legal move (or outcome). None where the path leads nowhere.
    """

    def options(position: S) -> list[M]:
        if game.is_terminal(position):
            return []
        if game.to_move(position) == CHANCE:
            return [outcome for outcome, _ in game.chance_outcomes(position)]
        return list(game.legal_moves(position))

    def names(path: tuple[int, ...]) -> list[str] | None:
        position = state
        try:
            for step in path:
                position = game.result(position, options(position)[step - 1])
            return [game.format_move(position, option) for option in options(position)]
        except (IndexError, AdversaError):
            return None

    return names
