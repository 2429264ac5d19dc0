"""Writing a laid-out tree as SVG text: shapes, edges, labels, title and legend.

Plain SVG 1.1 with no scripts, fonts or external references, so it opens in a
browser, Inkscape or a slide program and converts with cairosvg. Every text is
escaped (moves and titles come from user files). Each node is a ``<g>`` whose
``class`` names its kind (``max``, ``min``, ``chance``, ``leaf``, ``player``,
``pruned``) and ``pv`` when it lies on the principal variation, with
``data-path`` (``2.1``, ``root``) and ``data-value``: the figure can be read back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from adversa.figures.layout import (
    CAPTION_SIZE,
    FONT,
    MARGIN,
    SMALL_SIZE,
    TITLE_SIZE,
    VALUE_SIZE,
    Box,
    Placed,
    all_boxes,
    edge_anchor,
    edge_label_point,
    shape_size,
    text_width,
    walk,
)

FILLS = {"max": "#dce8fb", "min": "#fde3d8", "chance": "#fff4c7", "leaf": "#f3f3f3",
         "player": "#e3f4e6", "pruned": "#ffffff"}
STROKES = {"max": "#2b5797", "min": "#a2412a", "chance": "#8a6d00", "leaf": "#555555",
           "player": "#2f6b3a", "pruned": "#9a9a9a"}
PV_COLOUR = "#16883a"
EDGE_COLOUR = "#6b6b6b"
PRUNED_COLOUR = "#9a9a9a"
CUT_COLOUR = "#b35900"
TEXT_COLOUR = "#1e1e1e"
LEGEND_SIZE = 13

LEGEND_TEXT = {
    "max": "MAX node",
    "min": "MIN node",
    "chance": "chance node (expected value)",
    "player": "player node: P1, P2 … moves; value vector",
    "leaf": "leaf",
}
LEGEND_MIN_WIDTH = 520.0
"""The legend wraps to the tree's width, but no narrower than this."""


@dataclass(frozen=True)
class Figure:
    """A drawn tree: the SVG text, its size, and the label boxes the layout kept apart."""

    svg: str
    width: float
    height: float
    boxes: tuple[Box, ...]
    leaves: int
    """Leaf slots drawn (leaves and pruned stubs)."""


def _attrs(**values: str | float) -> str:
    return " ".join(f"{name.rstrip('_').replace('_', '-')}={quoteattr(_num(value))}"
                    for name, value in values.items())


def _num(value: str | float) -> str:
    return f"{value:.1f}" if isinstance(value, float) else str(value)


def _text(x: float, y: float, text: str, size: float, role: str, *, fill: str = TEXT_COLOUR,
          weight: str = "normal", anchor: str = "middle", style: str = "normal") -> str:
    """A text element; ``role`` is its class (``value``, ``window``, ``move``, ``reason`` …)."""
    attributes = _attrs(class_=role, x=x, y=y, font_size=size, fill=fill, font_weight=weight,
                        text_anchor=anchor, font_style=style)
    return f"<text {attributes}>{escape(text)}</text>"


def _points(*corners: tuple[float, float]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def _shape(node: Placed, stroke: str, width_px: float) -> str:
    """The node's outline: ▲ MAX, ▼ MIN, ○ chance, square leaf, rounded box otherwise."""
    x, y = node.x, node.y
    w, h = shape_size(node)
    paint = _attrs(fill=FILLS[node.kind], stroke=stroke, stroke_width=width_px)
    if node.kind == "max":
        points = _points((x, y - h / 2), (x + w / 2, y + h / 2), (x - w / 2, y + h / 2))
        return f'<polygon points="{points}" {paint} stroke-linejoin="round"/>'
    if node.kind == "min":
        points = _points((x - w / 2, y - h / 2), (x + w / 2, y - h / 2), (x, y + h / 2))
        return f'<polygon points="{points}" {paint} stroke-linejoin="round"/>'
    if node.kind == "chance":
        return f"<circle {_attrs(cx=x, cy=y, r=w / 2)} {paint}/>"
    radius = 2.0 if node.kind == "leaf" else 7.0
    dashes = ' stroke-dasharray="4 3"' if node.kind == "pruned" else ""
    return (f"<rect {_attrs(x=x - w / 2, y=y - h / 2, width=w, height=h, rx=radius)} "
            f"{paint}{dashes}/>")


def _value_baseline(node: Placed) -> float:
    """Where the value sits: in the wide part of a triangle, in the middle otherwise."""
    h = shape_size(node)[1]
    if node.kind == "max":
        return node.y + h / 2 - 6
    if node.kind == "min":
        return node.y - h / 2 + VALUE_SIZE + 1
    return node.y + VALUE_SIZE * 0.36


def _node(node: Placed) -> list[str]:
    classes = " ".join(["node", node.kind, *(["pv"] if node.on_pv else [])])
    where = ".".join(map(str, node.path)) or "root"
    stroke = PV_COLOUR if node.on_pv else STROKES[node.kind]
    parts = [f"<g {_attrs(class_=classes, data_path=where, data_value=node.value)}"
             + (' opacity="0.75"' if node.kind == "pruned" else "") + ">",
             _shape(node, stroke, 3.0 if node.on_pv else 1.6)]
    if node.value:
        parts.append(_text(node.x, _value_baseline(node), node.value, VALUE_SIZE, "value",
                           weight="bold", fill=PV_COLOUR if node.on_pv else TEXT_COLOUR))
    w, h = shape_size(node)
    if node.tag:
        parts.append(_text(node.x - w / 2 - 4, node.y + SMALL_SIZE * 0.35, node.tag,
                           SMALL_SIZE, "tag", fill=STROKES[node.kind], anchor="end", weight="bold"))
    if node.window:
        parts.append(_text(node.x, node.y + h / 2 + SMALL_SIZE + 1, node.window,
                           SMALL_SIZE, "window", fill="#4a4a4a"))
    for line, text in enumerate(node.reason):
        parts.append(_text(node.reason_x, node.y + h / 2 + 16 + line * (SMALL_SIZE + 3), text,
                           SMALL_SIZE, "reason", fill=CUT_COLOUR, style="italic"))
    parts.append("</g>")
    return parts


def _edge(parent: Placed, child: Placed) -> list[str]:
    top = edge_anchor(parent)
    bottom = child.y - shape_size(child)[1] / 2
    on_pv = parent.on_pv and child.on_pv
    pruned = child.kind == "pruned"
    colour = PV_COLOUR if on_pv else PRUNED_COLOUR if pruned else EDGE_COLOUR
    line = (f"<line {_attrs(x1=parent.x, y1=top, x2=child.x, y2=bottom, stroke=colour)} "
            f"stroke-width=\"{4.0 if on_pv else 1.6}\""
            + (' stroke-dasharray="6 4"' if pruned else "") + "/>")
    where = ".".join(map(str, child.path))
    parts = [f"<g {_attrs(class_='edge pv' if on_pv else 'edge', data_path=where)}>", line]
    if pruned:  # the cut mark: two short bars across the middle of the edge
        dx, dy = child.x - parent.x, bottom - top
        length = max((dx * dx + dy * dy) ** 0.5, 1.0)
        ux, uy = dx / length, dy / length
        for offset in (-3.0, 3.0):
            cx, cy = parent.x + dx * 0.45 + ux * offset, top + dy * 0.45 + uy * offset
            bar = _attrs(x1=cx - uy * 8, y1=cy + ux * 8, x2=cx + uy * 8, y2=cy - ux * 8,
                         stroke=CUT_COLOUR)
            parts.append(f'<line class="cut" {bar} stroke-width="2"/>')
    if child.edge:
        x, y = edge_label_point(parent, child)
        width = text_width(child.edge, SMALL_SIZE)
        backing = _attrs(x=x - width / 2 - 2, y=y - SMALL_SIZE * 0.85, width=width + 4,
                         height=SMALL_SIZE * 1.15)
        parts.append(f'<rect {backing} fill="#ffffff" fill-opacity="0.85"/>')
        parts.append(_text(x, y, child.edge, SMALL_SIZE, "move",
                           fill=PV_COLOUR if on_pv else PRUNED_COLOUR if pruned else "#333333"))
    parts.append("</g>")
    return parts


def _legend(kinds: Sequence[str], windows: bool, pruned: bool) -> list[tuple[str, str]]:
    """(mark, text) for each legend entry the figure needs, in drawing order."""
    entries = [(kind, LEGEND_TEXT[kind]) for kind in ("max", "min", "chance", "player", "leaf")
               if kind in kinds]
    entries.append(("pv", "principal variation"))
    if pruned:
        entries.append(("pruned", "pruned: never searched"))
    if windows:
        entries.append(("window", "window on entry"))
    return entries


def _mark_width(mark: str) -> float:
    return text_width(WINDOW_MARK, SMALL_SIZE) if mark == "window" else 22.0


WINDOW_MARK = "[α, β]"


def _legend_mark(mark: str, x: float, y: float) -> str:
    """A small sample of a legend entry, its left edge at ``x``, centred on ``y``."""
    if mark in FILLS:
        sample = Placed(path=(), kind=mark, edge=None, value="", window=None, on_pv=False)
        w, h = shape_size(sample)
        scale = 18 / max(w, h)
        return (f'<g transform="translate({x + 11:.1f},{y:.1f}) scale({scale:.3f})">'
                + _shape(sample, STROKES[mark], 1.6 / scale) + "</g>")
    if mark == "pv":
        stroke = _attrs(x1=x, y1=y, x2=x + 22, y2=y, stroke=PV_COLOUR)
        return f'<line {stroke} stroke-width="4"/>'
    return _text(x, y + 4, WINDOW_MARK, SMALL_SIZE, "legend", fill="#4a4a4a", anchor="start")


def _legend_rows(entries: Sequence[tuple[str, str]], width: float) -> list[list[tuple[str, str]]]:
    """The entries in rows no wider than ``width``."""
    rows: list[list[tuple[str, str]]] = [[]]
    used = 0.0
    for entry in entries:
        size = _entry_width(entry)
        if rows[-1] and used + size > width:
            rows.append([])
            used = 0.0
        rows[-1].append(entry)
        used += size
    return rows


def _entry_width(entry: tuple[str, str]) -> float:
    return _mark_width(entry[0]) + 8 + text_width(entry[1], LEGEND_SIZE) + 24


def draw(root: Placed, title: str, caption: Sequence[str]) -> Figure:
    """The SVG of a laid-out tree (`layout.layout`), with ``title`` and ``caption`` lines above
    and a legend below; the tree is shifted so everything starts at the margin."""
    nodes = walk(root)
    boxes = all_boxes(root)
    tree_left = min(box[0] for box in boxes)
    tree_span = max(box[2] for box in boxes) - tree_left
    kinds = {node.kind for node in nodes}
    entries = _legend(sorted(kinds), any(node.window for node in nodes), "pruned" in kinds)
    content = max([tree_span, LEGEND_MIN_WIDTH, text_width(title, TITLE_SIZE, bold=True)]
                  + [text_width(line, CAPTION_SIZE) for line in caption])
    shift = MARGIN + (content - tree_span) / 2 - tree_left
    for node in nodes:
        node.x += shift
        node.reason_x += shift
    boxes = all_boxes(root)
    width = content + 2 * MARGIN
    rows = _legend_rows(entries, content)
    legend_top = max(box[3] for box in boxes) + 40
    height = legend_top + len(rows) * (LEGEND_SIZE + 12) + MARGIN / 2

    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" {_attrs(width=width, height=height)} '
        f'viewBox="0 0 {width:.1f} {height:.1f}" font-family={quoteattr(FONT)}>',
        f"<title>{escape(title)}</title>",
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        _text(width / 2, MARGIN + TITLE_SIZE, title, TITLE_SIZE, "title", weight="bold"),
    ]
    for number, line in enumerate(caption, start=1):
        baseline: float = MARGIN + TITLE_SIZE + 8 + number * (CAPTION_SIZE + 6)
        out.append(_text(width / 2, baseline, line, CAPTION_SIZE, "caption", fill="#444444"))
    parents = {child.path: node for node in nodes for child in node.children}
    out.append('<g class="edges">')
    for node in nodes:
        if node.path in parents:
            out.extend(_edge(parents[node.path], node))
    out.append("</g>")
    out.append('<g class="nodes">')
    for node in nodes:
        out.extend(_node(node))
    out.append("</g>")
    out.append('<g class="legend">')
    for number, row in enumerate(rows):
        baseline = legend_top + number * (LEGEND_SIZE + 12) + LEGEND_SIZE
        x = width / 2 - sum(_entry_width(entry) for entry in row) / 2
        for mark, text in row:
            out.append(_legend_mark(mark, x, baseline - LEGEND_SIZE * 0.35))
            out.append(_text(x + _mark_width(mark) + 8, baseline, text, LEGEND_SIZE, "legend",
                             anchor="start", fill="#333333"))
            x += _entry_width((mark, text))
    out.append("</g>")
    out.append("</svg>")
    leaves = sum(1 for node in nodes if not node.children)
    return Figure("\n".join(out) + "\n", width, height, tuple(boxes), leaves)
