"""The explorer's tree: a search trace indexed for display, and the label of each entry.

`TreeExplorerScreen` (`adversa.tui.screens.tree_explorer`) owns the Textual ``Tree`` and
the stepping; this module says what each visited node and each pruned subtree reads like
at a given step: its move, kind, value or bound, α/β window and cut condition, in the
units of the search that made the trace.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from rich.text import Text

from adversa.games.base import CHANCE, AdversaError, Game, M, S
from adversa.presentation import (
    bound_mark,
    cut_reason,
    format_number,
    path_text,
    plain_number,
    show_score,
)
from adversa.search.stats import Score, Snapshot, TraceNode

KIND_MARKS = {"max": "▲ MAX", "min": "▼ MIN", "chance": "○ chance", "leaf": "■ leaf"}

PV_STYLE = "bold green"
PRUNED_STYLE = "dim italic"
UNVISITED_STYLE = "dim"
CURRENT_STYLE = "reverse"



@dataclass
class TraceView:
    """A trace indexed for display: children of each node and when each finishes."""

    nodes: tuple[TraceNode, ...]
    by_path: dict[tuple[int, ...], TraceNode] = field(default_factory=dict)
    children: dict[tuple[int, ...], list[TraceNode]] = field(default_factory=dict)
    finished_at: dict[tuple[int, ...], int] = field(default_factory=dict)
    """Step at which a node's subtree is complete: the order of its last descendant."""

    @classmethod
    def build(cls, nodes: Sequence[TraceNode]) -> TraceView:
        view = cls(tuple(nodes))
        for node in view.nodes:
            view.by_path[node.path] = node
            view.children.setdefault(node.path, [])
            if node.path:
                view.children.setdefault(node.path[:-1], []).append(node)
            for depth in range(len(node.path) + 1):  # preorder: later nodes finish later
                view.finished_at[node.path[:depth]] = node.order
        return view

    @property
    def root(self) -> TraceNode | None:
        return self.by_path.get(())

    @property
    def last_step(self) -> int:
        return len(self.nodes) - 1

    def pruned_count(self, step: int) -> int:
        """Subtrees cut off by nodes finished at or before ``step``."""
        return sum(len(node.pruned) for node in self.nodes
                   if node.pruned and self.finished_at[node.path] <= step)


ShowValue = Callable[[float | None], str]
"""Writes one number (a value or a window edge) for the explorer."""


def value_writer(snapshot: Snapshot) -> ShowValue:
    """How the explorer writes the numbers of the search that made ``snapshot``.

    As the live panel does (`presentation.show_score`: the evaluator's units, so
    tic-tac-toe's ``0.111`` reads ``+1`` and checkers' values read in points,
    and proven results ``win``/``loss``), because a trace holds the search's raw
    scores. Numbers without units or wins — a textbook tree's — and the
    infinite edges of a window keep the lecture's form: ``3``, ``-∞``.
    """
    plain = snapshot.win_value is None and snapshot.score_scale == 1.0

    def show(value: float | None) -> str:
        if value is None or plain or math.isinf(value):
            return format_number(value)
        return show_score(snapshot, value)

    return show


def value_text(value: Score | None, show: ShowValue = format_number) -> str:
    """A node's value: ``·`` when unknown, a vector as ``(a, b, c)``, else ``show``'s form."""
    if value is None:
        return "·"
    if isinstance(value, tuple):
        return "(" + ", ".join(format_number(part) for part in value) + ")"
    return show(value)


def kind_text(kind: str) -> str:
    """A node's kind as the tree marks it: ``▲ MAX``, ``▼ MIN``, ``○ chance``, ``P2``."""
    return KIND_MARKS.get(kind, kind.replace("player ", "P"))


def node_label(node: TraceNode, view: TraceView, step: int,
               show: ShowValue = format_number) -> Text:
    """The Tree label of a visited node as the search stood at ``step``."""
    move = node.move if node.move is not None else "root"
    text = Text()
    if node.order > step:
        text.append(f"{move}  {kind_text(node.kind)}  (not reached yet)", style=UNVISITED_STYLE)
        return text
    finished = view.finished_at[node.path] <= step
    on_pv = node.on_pv and step == view.last_step
    text.append(move, style="bold " + (PV_STYLE if on_pv else ""))
    text.append(f"  {kind_text(node.kind)}")
    if node.probability is not None:
        text.append(f"  p={plain_number(node.probability)}", style="cyan")
    mark = (bound_mark(node) or "= ") if finished else "= "  # "≤ +3": only a bound
    text.append(f"  {mark}")
    text.append(value_text(node.value, show) if finished else "?", style="bold")
    if node.alpha is not None or node.beta is not None:
        text.append(f"  [α {show(node.alpha)}, β {show(node.beta)}]", style="dim")
    reason = cut_reason(node, show)
    if finished and reason:
        text.append(f"  {reason}", style="yellow")
    if node.order == step:
        text.append("  ◀ now", style="bold")
        text.stylize(CURRENT_STYLE, 0, len(move))
    return text


def pruned_label(parent: TraceNode, position: int, move: str | None, step: int,
                 view: TraceView, show: ShowValue = format_number) -> Text:
    """The greyed entry of a subtree that a cutoff at ``parent`` skipped."""
    where = path_text((*parent.path, position))
    name = f"{move} ({where})" if move else where
    if view.finished_at[parent.path] > step:
        return Text(f"{name}  …", style=UNVISITED_STYLE)
    reason = cut_reason(parent, show)
    return Text(f"✂ {name}  pruned — {reason or 'cut off'}", style=PRUNED_STYLE)


def move_names(game: Game[S, M], state: S, path: Sequence[int]) -> list[str] | None:
    """The moves (or chance outcomes) at the node reached by ``path``, in search order.

    Traced searches take children in the game's order, so position ``p`` of a
    path is ``legal_moves[p - 1]``. None when the path does not lead anywhere.
    """
    try:
        for position in path:
            options = children_of(game, state)
            state = game.result(state, options[position - 1])
        return [game.format_move(state, option) for option in children_of(game, state)]
    except (IndexError, AdversaError):
        return None


def children_of(game: Game[S, M], state: S) -> list[M]:
    """The moves, or chance outcomes, a traced search took from ``state``, in its order."""
    if game.is_terminal(state):
        return []
    if game.to_move(state) == CHANCE:
        return [outcome for outcome, _ in game.chance_outcomes(state)]
    return list(game.legal_moves(state))
