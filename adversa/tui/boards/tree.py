"""Textbook trees drawn the way the lecture draws them: root on top, leaves below.

Each node shows its kind (▲ MAX, ▼ MIN, ○ chance, a player number for N-player
trees) or, at a leaf, its value; edges carry the move label, or the probability
under a chance node. The path played so far is highlighted and the children of
the current node are the moves on offer. A tree too wide for the space is drawn
as an indented outline instead, with the branches off the path folded.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from adversa.games.base import Game, rules_of
from adversa.games.tree import TreeGame, TreeNode, TreePath
from adversa.presentation import plain_number
from adversa.tui.boards.base import BoardView, Canvas, Target

Path = tuple[int, ...]

_KIND_GLYPHS = {"max": "▲", "min": "▼", "chance": "○"}


def _number(value: float) -> str:
    """``3`` rather than ``3.0``, as the lecture writes leaf values and probabilities."""
    return plain_number(value)


@dataclass(slots=True)
class _Cell:
    char: str = " "
    names: tuple[str, ...] = ()
    target: Target | None = None


@dataclass(slots=True)
class _Picture:
    """A character grid the top-down layout paints into before it goes to the canvas."""

    width: int
    height: int
    rows: list[list[_Cell]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rows = [[_Cell() for _ in range(self.width)] for _ in range(self.height)]

    def put(self, x: int, y: int, text: str, names: tuple[str, ...],
            target: Target | None = None) -> None:
        for offset, char in enumerate(text):
            if 0 <= x + offset < self.width:
                self.rows[y][x + offset] = _Cell(char, names, target)


class TreeBoard(BoardView[TreePath, int]):
    """A textbook tree: choose a child of the current node by click, or ←/→ and Enter."""

    KEY_HELP: ClassVar[dict[str, str]] = {
        "cursor": "Move the cursor between the current node's children",
        "select": "Go down to the child at the cursor",
    }
    CLICK_HELP: ClassVar[str] = "Go down to the child you clicked"

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "tree--title",
        "tree--edge",
        "tree--label",
        "tree--max",
        "tree--min",
        "tree--chance",
        "tree--player-0",
        "tree--player-1",
        "tree--player-2",
        "tree--player-3",
        "tree--leaf",
        "tree--off-path",
        "tree--path",
        "tree--current",
        "tree--hint",
        "tree--cursor",
        "tree--legend",
    }

    DEFAULT_CSS = """
    TreeBoard > .tree--title { color: $foreground; text-style: bold; }
    TreeBoard > .tree--edge { color: $foreground 55%; }
    TreeBoard > .tree--label { color: $foreground-muted; }
    TreeBoard > .tree--max { color: $primary; text-style: bold; }
    TreeBoard > .tree--min { color: $error; text-style: bold; }
    TreeBoard > .tree--chance { color: $warning; text-style: bold; }
    TreeBoard > .tree--player-0 { color: $primary; text-style: bold; }
    TreeBoard > .tree--player-1 { color: $error; text-style: bold; }
    TreeBoard > .tree--player-2 { color: $success; text-style: bold; }
    TreeBoard > .tree--player-3 { color: $warning; text-style: bold; }
    TreeBoard > .tree--leaf { color: $foreground; text-style: bold; }
    TreeBoard > .tree--off-path { color: $foreground 30%; }
    TreeBoard > .tree--path { color: $accent; text-style: bold; }
    TreeBoard > .tree--current { background: $accent 35%; }
    TreeBoard > .tree--hint { background: $primary 45%; }
    TreeBoard > .tree--cursor { background: $accent; color: $background; }
    TreeBoard > .tree--legend { color: $foreground-muted; }
    """

    def __init__(self, game: Game[TreePath, int], **widget_options: str | None) -> None:
        super().__init__(game, **widget_options)
        self.rules = rules_of(game, TreeGame)
        self.cursor_child = 0

    @property
    def upside_down(self) -> bool:
        """A tree has no sides: `flipped` is ignored."""
        return False

    # ---- reading the game -------------------------------------------------

    def node(self, path: Path) -> TreeNode:
        return self.rules.node(path)

    def node_text(self, node: TreeNode) -> str:
        """What a node shows: its kind glyph, or its value at a leaf."""
        if node.value is not None:
            if self.rules.vector_leaves:
                return "(" + ",".join(_number(v) for v in node.value) + ")"
            return _number(node.value[0])
        if node.kind in _KIND_GLYPHS or node.player is None:  # only chance has no player
            return _KIND_GLYPHS[node.kind]
        return f"P{node.player + 1}"

    def edge_text(self, parent: TreeNode, index: int) -> str:
        """The label over the edge to child ``index``: its probability under chance."""
        if parent.kind == "chance":
            return _number(parent.probabilities[index])
        return parent.children[index].label

    def node_style(self, node: TreeNode) -> str:
        if node.value is not None:
            return "tree--leaf"
        if node.kind in ("max", "min", "chance") or node.player is None:
            return f"tree--{node.kind}"
        return f"tree--player-{node.player % 4}"

    # ---- input ----------------------------------------------------------------

    def reset_selection(self) -> None:
        count = len(self.legal_moves)
        self.cursor_child = min(self.cursor_child, count - 1) if count else 0

    def click_target(self, target: Target) -> None:
        if isinstance(target, tuple) and target[0] == "child":
            self.cursor_child = target[1]
            self.select_at_cursor()

    def move_cursor(self, rows: int, columns: int) -> None:
        if self.legal_moves:
            step = columns or rows
            self.cursor_child = min(max(self.cursor_child + step, 0), len(self.legal_moves) - 1)

    def select_at_cursor(self) -> None:
        if 0 <= self.cursor_child < len(self.legal_moves):
            self.choose(self.legal_moves[self.cursor_child])

    # ---- shared styling ------------------------------------------------------------

    def _relation(self, path: Path) -> str:
        """"path" (played so far), "ahead" (below the current node) or "off" (cut off)."""
        current: Path = self.state
        if path == current[: len(path)]:
            return "path"
        if path[: len(current)] == current:
            return "ahead"
        return "off"

    def _child_marks(self, path: Path) -> tuple[str, ...]:
        """Highlights for a node that may be a child of the current node (a move on offer)."""
        current: Path = self.state
        if not self.interactive or len(path) != len(current) + 1 or path[:-1] != current:
            return ()
        marks: tuple[str, ...] = ()
        if self.hint is not None and path[-1] == self.hint:
            marks += ("tree--hint",)
        if self.shows_cursor and path[-1] == self.cursor_child:
            marks += ("tree--cursor",)
        return marks

    def _target(self, path: Path) -> Target | None:
        current: Path = self.state
        if len(path) == len(current) + 1 and path[:-1] == current:
            return ("child", path[-1])
        return None

    def _node_names(self, node: TreeNode) -> tuple[str, ...]:
        relation = self._relation(node.path)
        names: tuple[str, ...] = (self.node_style(node),)
        if relation == "off":
            names += ("tree--off-path",)
        if node.path == self.state:
            names += ("tree--current",)
        return names + self._child_marks(node.path)

    def _edge_names(self, child_path: Path) -> tuple[str, ...]:
        relation = self._relation(child_path)
        if relation == "path":
            return ("tree--edge", "tree--path")
        if relation == "off":
            return ("tree--edge", "tree--off-path")
        return ("tree--edge",)

    # ---- drawing --------------------------------------------------------------------

    def draw(self, canvas: Canvas, width: int, height: int) -> None:
        root = self.node(())
        title = self.rules.tree_title
        extra = 2 + (2 if title else 0)
        picture = self._top_down(root, width, height - extra)
        if picture is not None:
            if title:
                shown = title if len(title) <= width else title[: max(0, width - 1)] + "…"
                canvas.write(shown, self.style_of("tree--title"))
                canvas.newline()
                canvas.newline()
            self._paint(canvas, picture)
        else:
            self._outline(canvas, root, height - 2)
        canvas.newline()
        self._legend(canvas, width)

    def _paint(self, canvas: Canvas, picture: _Picture) -> None:
        for row in picture.rows:
            run_text = ""
            run_key: tuple[tuple[str, ...], Target | None] | None = None
            for cell in row:
                key = (cell.names, cell.target)
                if key != run_key and run_text:
                    assert run_key is not None
                    canvas.write(run_text, self.style_of(*run_key[0]), run_key[1])
                    run_text = ""
                run_key = key
                run_text += cell.char
            if run_text and run_key is not None:
                canvas.write(run_text.rstrip() if not run_key[0] else run_text,
                             self.style_of(*run_key[0]), run_key[1])
            canvas.newline()

    def _top_down(self, root: TreeNode, width: int, height: int) -> _Picture | None:
        """Lay the tree out with leaves side by side, as big as fits; None if it cannot fit."""
        nodes: list[TreeNode] = []
        pending = [root]
        while pending:
            node = pending.pop()
            nodes.append(node)
            pending.extend(node.children)
        leaf_count = sum(1 for n in nodes if not n.children)
        depth = max(len(n.path) for n in nodes)
        widest = max(
            [len(self.node_text(n)) for n in nodes]
            + [len(self.edge_text(n, i)) for n in nodes for i in range(len(n.children))]
        )
        slot = min(max(widest + 2, 4, width // max(leaf_count, 1)), 12)
        if slot * leaf_count > width:
            slot = widest + 1
        level = min(max(height // max(depth, 1) if depth else 3, 3), 5)
        if slot * leaf_count > width or level * depth + 1 > height:
            return None
        centres: dict[Path, int] = {}
        leaves = 0

        def place(node: TreeNode) -> int:
            nonlocal leaves
            if not node.children:
                centre = leaves * slot + slot // 2
                leaves += 1
            else:
                xs = [place(child) for child in node.children]
                centre = (xs[0] + xs[-1]) // 2
            centres[node.path] = centre
            return centre

        place(root)
        picture = _Picture(leaves * slot, level * depth + 1)
        for node in nodes:
            self._paint_node(picture, node, centres, level)
        return picture

    def _paint_node(
        self, picture: _Picture, node: TreeNode, centres: dict[Path, int], level: int
    ) -> None:
        """A node, and below it the edges to its children: stem, bar, labels."""
        x = centres[node.path]
        y = level * len(node.path)
        text = self.node_text(node)
        target = self._target(node.path)
        picture.put(x - (len(text) - 1) // 2, y, text, self._node_names(node), target)
        if not node.children:
            return
        xs = [centres[child.path] for child in node.children]
        on_path = [c for c in node.children if self._relation(c.path) == "path"]
        bar = ("tree--edge", "tree--off-path") if on_path or self._relation(
            node.path) == "off" else ("tree--edge",)
        down = self._edge_names(on_path[0].path) if on_path else bar
        bar_y = y + level - 2
        for stem_y in range(y + 1, bar_y):
            picture.put(x, stem_y, "│", down)
        if len(xs) > 1:
            picture.put(xs[0], bar_y, "─" * (xs[-1] - xs[0] + 1), bar)
            for child in on_path:
                low, high = sorted((x, centres[child.path]))
                picture.put(low, bar_y, "─" * (high - low + 1), down)
            for index, child in enumerate(node.children):
                corner = "┌" if index == 0 else "┐" if index == len(xs) - 1 else "┬"
                picture.put(centres[child.path], bar_y, corner, self._edge_names(child.path))
            picture.put(x, bar_y, "┼" if x in xs else "┴", down)
        else:
            picture.put(x, bar_y, "│", down)
        for index, child in enumerate(node.children):
            label = self.edge_text(node, index)
            names = ("tree--label", *self._edge_names(child.path)[1:])
            child_x = centres[child.path]
            picture.put(child_x - (len(label) - 1) // 2, bar_y + 1, label, names,
                        self._target(child.path))

    def _outline(self, canvas: Canvas, root: TreeNode, height: int) -> None:
        """The fallback: one node per line. Branches off the played path are folded, and
        so is the subtree ahead below the deepest level that still fits ``height``; if
        even that is too tall, the lines shown follow the cursor."""
        current_depth = len(self.state)
        deepest = max(len(path) for path in self._paths(root)) - current_depth
        for depth_ahead in range(max(deepest, 1), 0, -1):
            lines = self._outline_lines(root, current_depth + depth_ahead)
            if len(lines) <= height:
                break
        height = max(height, 1)
        cursor_path = (*self.state, self.cursor_child)
        cursor_line = next((i for i, (_, n, _) in enumerate(lines) if n.path == cursor_path), 0)
        first = max(0, min(cursor_line - height // 2, len(lines) - height))
        edge = self.style_of("tree--edge")
        for guides, node, folded in lines[first : first + height]:
            target = self._target(node.path)
            canvas.write(guides, edge)
            if node.path:
                parent = self.node(node.path[:-1])
                label_names = ("tree--label", *self._edge_names(node.path)[1:])
                canvas.write(self.edge_text(parent, node.path[-1]) + " ",
                             self.style_of(*label_names), target)
            canvas.write(self.node_text(node), self.style_of(*self._node_names(node)), target)
            if folded:
                canvas.write(" …", self.style_of("tree--off-path"))
            canvas.newline()

    def _paths(self, node: TreeNode) -> list[Path]:
        found = [node.path]
        for child in node.children:
            found.extend(self._paths(child))
        return found

    def _outline_lines(self, root: TreeNode, fold_depth: int) -> list[tuple[str, TreeNode, bool]]:
        """(guides, node, folded) per line, nodes deeper than ``fold_depth`` folded."""
        lines: list[tuple[str, TreeNode, bool]] = []

        def visit(node: TreeNode, prefix: str, connector: str, child_prefix: str) -> None:
            relation = self._relation(node.path)
            folded = bool(node.children) and (
                relation == "off" or (relation == "ahead" and len(node.path) >= fold_depth)
            )
            lines.append((prefix + connector, node, folded))
            if folded:
                return
            for position, child in enumerate(node.children):
                last = position == len(node.children) - 1
                visit(child, child_prefix, "└─ " if last else "├─ ",
                      child_prefix + ("   " if last else "│  "))

        visit(root, "", "", "")
        return lines

    def _legend(self, canvas: Canvas, width: int) -> None:
        """One line of node glyphs, wrapped where the next entry would be cut off
        (three players' names do not fit a narrow board column)."""
        kinds: list[tuple[str, str]] = []
        if self.game.num_players == 2:
            kinds += [("▲", "MAX"), ("▼", "MIN")]
        else:
            kinds += [(f"P{p + 1}", self.game.player_name(p)) for p in range(self.game.num_players)]
        if self.rules.has_chance:
            kinds.append(("○", "chance"))
        legend = self.style_of("tree--legend")
        column = 0
        for position, (glyph, name) in enumerate(kinds):
            entry = glyph + " " + name
            if position and column + 3 + len(entry) > width:
                canvas.newline()
                column = 0
            elif position:
                canvas.write("   ", legend)
                column += 3
            canvas.write(entry, legend)
            column += len(entry)


BOARD = TreeBoard
"""The board `adversa.tui.boards` gives this game."""
