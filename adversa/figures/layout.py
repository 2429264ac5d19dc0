"""A traced search as a tree of placed nodes: what a figure draws, and where.

`build` turns a trace into `Placed` nodes (visited children in visit order, then
the stubs of the subtrees a cutoff skipped, the first stub carrying the reason).
`layout` is the tidy layout of hand-drawn trees: leaves and stubs evenly spaced
left to right in search order, each parent centred over its children. The
spacing grows until no two labels overlap (`overlaps` of `all_boxes` is empty),
so a figure stays readable at any size the cap allows. Label boxes are estimated
from the text length with a generous glyph width (`CHAR_WIDTH`), so the rendered
text lies inside them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from adversa.games.base import AdversaError
from adversa.presentation import cut_reason, display_score, format_number
from adversa.search.stats import Score, Snapshot, TraceNode


class FigureError(AdversaError):
    """A tree that cannot be drawn: no trace, or too many leaves for one figure."""


Names = Callable[[tuple[int, ...]], Sequence[str] | None]
"""The move names at the node a path leads to, in search order (for pruned stubs)."""

ShowNumber = Callable[[float | None], str]


def number_writer(snapshot: Snapshot) -> ShowNumber:
    """How a figure writes the numbers of the search that made ``snapshot``.

    As the tree explorer does: in the evaluator's units (``+1`` e(n), points,
    ``win``/``loss``) when the search has them, a textbook tree's plain numbers
    (``3``, ``2.1``) otherwise, and infinite window edges as ``∞``. Plain numbers
    keep four significant digits, so a window edge reads ``1.889``, not ``1.88889``.
    """
    plain = snapshot.win_value is None and snapshot.score_scale == 1.0

    def show(value: float | None) -> str:
        if value is None or math.isinf(value):
            return format_number(value)
        if plain:
            return display_score(value, signed=False)
        return display_score(value, snapshot.score_scale, snapshot.win_value,
                             signed=snapshot.signed)

    return show


# --------------------------------------------------------------------------- the model


@dataclass
class Placed:
    """One drawn node (or pruned stub) with its place in the figure."""

    path: tuple[int, ...]
    kind: str
    """``max``, ``min``, ``chance``, ``leaf``, ``player`` or ``pruned``."""
    edge: str | None
    """The label of the edge leading here (the move, and a chance edge's probability)."""
    value: str
    window: str | None
    on_pv: bool
    tag: str | None = None
    """Who chooses at an N-player node (``P2``), written beside its box."""
    reason: tuple[str, ...] = ()
    """For the first pruned stub under a parent: why the parent cut (two short lines)."""
    children: list[Placed] = field(default_factory=list)
    x: float = 0.0
    y: float = 0.0
    reason_x: float = 0.0
    """Where the reason is centred: under the middle of the parent's pruned stubs."""


def _shape_kind(kind: str) -> str:
    return kind if kind in ("max", "min", "chance", "leaf") else "player"


def build(trace: Sequence[TraceNode], show: ShowNumber = format_number,
          names: Names | None = None) -> Placed:
    """The drawn tree of a trace: visited children in visit order, then pruned stubs."""
    if not trace or trace[0].path != ():
        raise FigureError("the search recorded no tree to draw")
    nodes: dict[tuple[int, ...], Placed] = {}
    for node in trace:
        placed = Placed(
            path=node.path,
            kind=_shape_kind(node.kind),
            edge=_edge_text(node.move, node.probability),
            value=_value_text(node.value, show),
            window=None if node.kind == "leaf" or (node.alpha is None and node.beta is None)
            else f"[{show(node.alpha)}, {show(node.beta)}]",
            on_pv=node.on_pv,
            tag=node.kind.replace("player ", "P") if node.kind.startswith("player") else None,
        )
        nodes[node.path] = placed
        if node.path:
            nodes[node.path[:-1]].children.append(placed)
    for node in trace:
        if not node.pruned:
            continue
        reason = cut_reason(node, show) or "cut off"
        head, _, tail = reason.partition(": ")
        moves = names(node.path) if names is not None else None
        for index, position in enumerate(node.pruned):
            move = moves[position - 1] if moves and position <= len(moves) else str(position)
            nodes[node.path].children.append(Placed(
                path=(*node.path, position), kind="pruned", edge=move, value="",
                window=None, on_pv=False,
                reason=((head, tail) if tail else (head,)) if index == 0 else (),
            ))
    return nodes[()]


def _edge_text(move: str | None, probability: float | None) -> str | None:
    if probability is None:
        return move
    odds = probability_text(probability)
    return f"{move} · {odds}" if move else odds


def probability_text(probability: float) -> str:
    """A chance outcome's probability as a textbook writes it: ``p=0.9``, or ``1/18``
    where three digits would round it (dice odds), which also keeps a fan of 21 edge
    labels narrow enough to sit side by side."""
    short = f"{probability:.3g}"
    if abs(float(short) - probability) < 1e-12:
        return f"p={short}"
    fraction = Fraction(probability).limit_denominator(MAX_DENOMINATOR)
    if abs(float(fraction) - probability) < 1e-12:
        return f"{fraction.numerator}/{fraction.denominator}"
    return f"p={short}"


def _value_text(value: Score | None, show: ShowNumber) -> str:
    if value is None:
        return "·"
    if isinstance(value, tuple):
        return "(" + ", ".join(format_number(part) for part in value) + ")"
    return show(value)


def walk(root: Placed) -> list[Placed]:
    """Every drawn node in preorder."""
    found: list[Placed] = []
    stack = [root]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(reversed(node.children))
    return found


def leaf_slots(root: Placed) -> int:
    """How many leaf positions the layout spreads out (leaves and pruned stubs)."""
    return sum(1 for node in walk(root) if not node.children)


# --------------------------------------------------------------------------- geometry

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
VALUE_SIZE = 17
SMALL_SIZE = 13
TITLE_SIZE = 20
CAPTION_SIZE = 14
CHAR_WIDTH = 0.64
"""A generous average glyph width in ems for the sans-serif faces above, so estimated
label boxes contain the rendered text."""
LEVEL_HEIGHT = 132
MARGIN = 28
LABEL_ABOVE_CHILD = 9.0
"""A move label's baseline sits this far above its child, on the edge: near the child,
where sibling edges are furthest apart, so labels need the least spacing."""
MAX_DENOMINATOR = 100
"""Largest denominator an edge label writes as a fraction (dice odds are 1/36 … 1/6)."""


def text_width(text: str, size: float, bold: bool = False) -> float:
    return len(text) * size * (CHAR_WIDTH + (0.1 if bold else 0.0))


Box = tuple[float, float, float, float, str]
"""An axis-aligned box (left, top, right, bottom) and what it holds, for overlap checks."""


def text_box(x: float, y: float, text: str, size: float, what: str, bold: bool = False,
             anchor: str = "middle") -> Box:
    """The box of a text drawn at baseline ``y``: ascent 0.8 em, descent 0.25 em."""
    width = text_width(text, size, bold)
    left = {"middle": x - width / 2, "end": x - width}.get(anchor, x)
    return (left, y - 0.8 * size, left + width, y + 0.25 * size, what)


def shape_size(node: Placed) -> tuple[float, float]:
    """Width and height of a node's shape, wide enough for its value inside."""
    value = text_width(node.value, VALUE_SIZE, bold=True)
    if node.kind in ("max", "min"):
        return max(56.0, 1.85 * value + 12), 46.0
    if node.kind == "chance":
        diameter = max(44.0, value + 16)
        return diameter, diameter
    if node.kind == "pruned":
        return 32.0, 26.0
    return max(40.0, value + 16), 36.0


def edge_anchor(node: Placed) -> float:
    """Where edges leave a node: under its shape and its window line."""
    height = shape_size(node)[1]
    return node.y + height / 2 + (SMALL_SIZE + 6 if node.window else 2)


def edge_label_point(parent: Placed, child: Placed) -> tuple[float, float]:
    top = edge_anchor(parent)
    bottom = child.y - shape_size(child)[1] / 2
    baseline = bottom - LABEL_ABOVE_CHILD
    along = (baseline - SMALL_SIZE * 0.3 - top) / (bottom - top)
    return parent.x + (child.x - parent.x) * along, baseline


def node_boxes(node: Placed, parent: Placed | None) -> list[Box]:
    """The boxes of everything drawn for ``node``: shape, window, edge label, cut reason."""
    where = ".".join(map(str, node.path)) or "root"
    width, height = shape_size(node)
    boxes: list[Box] = [(node.x - width / 2, node.y - height / 2,
                         node.x + width / 2, node.y + height / 2, f"node {where}")]
    if node.tag:
        boxes.append(text_box(node.x - width / 2 - 4, node.y + SMALL_SIZE * 0.35, node.tag,
                              SMALL_SIZE, f"tag {where}", bold=True, anchor="end"))
    if node.window:
        boxes.append(text_box(node.x, node.y + height / 2 + SMALL_SIZE + 1, node.window,
                              SMALL_SIZE, f"window {where}"))
    if parent is not None and node.edge:
        x, y = edge_label_point(parent, node)
        boxes.append(text_box(x, y, node.edge, SMALL_SIZE, f"edge {where}"))
    for line, text in enumerate(node.reason):
        baseline = node.y + height / 2 + 16 + line * (SMALL_SIZE + 3)
        boxes.append(text_box(node.reason_x, baseline, text, SMALL_SIZE, f"reason {where}.{line}"))
    return boxes


def all_boxes(root: Placed) -> list[Box]:
    boxes: list[Box] = []
    stack: list[tuple[Placed, Placed | None]] = [(root, None)]
    while stack:
        node, parent = stack.pop()
        boxes.extend(node_boxes(node, parent))
        stack.extend((child, node) for child in node.children)
    return boxes


def overlaps(boxes: Sequence[Box], gap: float = 2.0) -> list[tuple[str, str]]:
    """Pairs of boxes that overlap (closer than ``gap``); empty for a readable figure."""
    found = []
    ordered = sorted(boxes)
    for index, (_, top, right, bottom, what) in enumerate(ordered):
        for other in ordered[index + 1:]:
            if other[0] >= right + gap:
                break  # sorted by left edge: no later box reaches back this far
            if other[1] < bottom + gap and top < other[3] + gap:
                found.append((what, other[4]))
    return found


def place(root: Placed, slot: float, top: float) -> None:
    """Tidy layout: leaves ``slot`` apart in preorder, parents centred over their children."""
    next_leaf = 0

    def visit(node: Placed, depth: int) -> None:
        nonlocal next_leaf
        node.y = top + depth * LEVEL_HEIGHT
        if not node.children:
            node.x = next_leaf * slot
            next_leaf += 1
            return
        for child in node.children:
            visit(child, depth + 1)
        node.x = (node.children[0].x + node.children[-1].x) / 2
        stubs = [child for child in node.children if child.kind == "pruned"]
        if stubs:
            stubs[0].reason_x = (stubs[0].x + stubs[-1].x) / 2
            # A stub's top in line with its tallest sibling's: with its edge ending lower,
            # its label (just above the child, on the edge) would slide sideways along a
            # slanted edge into the neighbour, at any leaf spacing.
            tallest = max(shape_size(child)[1] for child in node.children)
            for stub in stubs:
                stub.y -= (tallest - shape_size(stub)[1]) / 2

    visit(root, 0)


def layout(root: Placed, top: float = 0.0) -> None:
    """Place the tree with the narrowest leaf spacing at which no labels overlap."""
    slot = max([66.0] + [shape_size(node)[0] + 12 for node in walk(root) if not node.children])
    for _ in range(60):
        place(root, slot, top)
        if not overlaps(all_boxes(root)):
            return
        slot *= 1.12
    raise FigureError("the tree's labels do not fit side by side; draw a smaller tree")
