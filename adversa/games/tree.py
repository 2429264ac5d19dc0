"""Textbook game trees read from JSON: the lecture figures as playable games.

File format (see README, "Games and notation")
    * A **leaf** is a number (two players, MAX gets ``v`` and MIN ``-v``), or an
      object ``{"value": 3}`` / ``{"value": [1, 2, 6]}`` (one value per player).
    * An **inner node** is ``{"player": P, "children": [...]}`` where P is
      ``"max"`` (player 0), ``"min"`` (player 1), ``"chance"`` or a player index.
      Chance nodes may give ``"probabilities"`` (one per child, summing to 1;
      uniform when absent).
    * Every node may carry a ``"label"``: the name of the move leading to it
      (default: its 1-based position, ``"1"``, ``"2"`` …) and a ``"comment"``.
    * **Shorthand**: a bare list is an inner node, and an inner node without
      ``"player"`` takes the player after its nearest deciding ancestor (MAX at
      the root; MAX↔MIN; player p → p+1 with N players). So
      ``[[3,12,8],[2,4,6],[14,5,2]]`` is the classic three-ply MAX/MIN tree.
    * The file may wrap the tree: ``{"title": "...", "description": "...",
      "tree": ...}``.

Players: vector leaves fix N (every leaf the same length); otherwise N = 2.
Positions are paths of 1-based child positions (``root``, ``2``, ``2.1``) and
moves are child labels. Errors are `TreeFileError` naming the place in the file,
``tree.json: root.children[2][0]: expected …``.

The ``file`` option takes a path or the name of a bundled tree in
``assets/trees`` (default ``three-ply``), so ``adversa moves tree`` works out of
the box.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, TypeGuard

from adversa.files import UserFileError, read_user_text, user_path
from adversa.games.base import (
    CHANCE,
    Game,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    Option,
    Outcome,
    TreeFileError,
    illegal_move_message,
    whole_number,
)
from adversa.games.registry import GameEntry, SolveLimits

BUNDLED_TREES = Path(__file__).resolve().parents[2] / "assets" / "trees"
"""The directory of the trees shipped with adversa (lecture examples)."""

MAX_TREE_PLIES = 64
"""Deepest tree a file may hold: the depth-limited searches go at most 64 plies (the engines'
``depth`` bound), so a deeper chain was cut at 64 and valued 0 by minimax and alpha-beta while
the solver said 7."""

DEFAULT_TREE = "three-ply"
_INNER_KEYS = frozenset({"player", "children", "probabilities", "label", "comment"})
_LEAF_KEYS = frozenset({"value", "label", "comment"})
_WRAPPER_KEYS = frozenset({"title", "description", "tree", "comment"})
_SHAPE = 'expected a number, a list or an object with "value" or "children"'

TreePath = tuple[int, ...]
"""A state: 0-based child indices from the root (the empty tuple is the root)."""


@dataclass(frozen=True, slots=True)
class TreeNode:
    """One node of a loaded tree, for search (through the game) and the tree explorer.

    ``kind`` is ``"max"``, ``"min"`` (two-player trees), ``"player"`` (N > 2),
    ``"chance"`` or ``"leaf"``. ``player`` is who chooses here; for a leaf it is
    the player who would be next (so `to_move` is defined everywhere), and None
    for chance nodes. ``value`` is the utility vector of a leaf.
    """

    kind: str
    player: int | None
    label: str
    path: TreePath
    children: tuple[TreeNode, ...] = ()
    probabilities: tuple[float, ...] = ()
    value: tuple[float, ...] | None = None
    comment: str = ""

    @property
    def is_leaf(self) -> bool:
        return self.value is not None


def bundled_trees() -> list[str]:
    """Names of the bundled trees (usable as ``--set file=NAME``)."""
    return sorted(path.stem for path in BUNDLED_TREES.glob("*.json"))


def resolve_tree_file(file: str) -> Path:
    """A path as given if it exists, else the bundled tree of that name."""
    given = user_path(file)
    if given.is_file():
        return given
    bundled = BUNDLED_TREES / f"{file.removesuffix('.json')}.json"
    if "/" not in file and bundled.is_file():
        return bundled
    raise TreeFileError(
        f"tree file {file!r} not found; expected a JSON file or a bundled tree: "
        f"{', '.join(bundled_trees())}"
    )


class TreeGame(Game[TreePath, int]):
    """A game whose whole tree is given: leaves are utilities, inner nodes say who moves."""

    name: ClassVar[str] = "tree"
    title: ClassVar[str] = "Textbook tree"
    description: ClassVar[str] = (
        "A game tree from a JSON file (MAX/MIN, chance and N-player nodes), "
        "for following minimax, alpha-beta, expectiminimax and max^n by hand."
    )
    fixed_move_order: ClassVar[bool] = True
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option(
            "file",
            "path",
            DEFAULT_TREE,
            "A tree JSON file, or a bundled tree: three-ply, expectiminimax, "
            "expectiminimax-scaled, maxn-three-player.",
        ),
    )

    def __init__(self, **options: object) -> None:
        super().__init__(**options)
        given = self.option("file", str)
        path = resolve_tree_file(given)
        source = path.name if path.parent == BUNDLED_TREES else given
        try:
            text = read_user_text(path, "tree file")
        except UserFileError as error:
            raise TreeFileError(str(error)) from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise TreeFileError(
                f"{source}: not valid JSON: {error.msg} at line {error.lineno} "
                f"column {error.colno}"
            ) from None
        except RecursionError:
            raise TreeFileError(f"{source}: the tree is too deep to load") from None
        except ValueError as error:  # a number of more than 4,300 digits
            raise TreeFileError(f"{source}: {str(error)[:120]}") from None
        self._load(data, source)

    @classmethod
    def from_data(cls, data: object, source: str = "<tree>") -> TreeGame:
        """Build a tree game from already-parsed JSON (tests, the tree explorer): any value,
        checked node by node as a file's is."""
        game = cls.__new__(cls)
        Game.__init__(game)
        game.options["file"] = source
        game._load(data, source)
        return game

    def _load(self, data: object, source: str) -> None:
        self.source = source
        self.tree_title = ""
        self.tree_description = ""
        if isinstance(data, dict) and "tree" in data:
            unknown = sorted(set(data) - _WRAPPER_KEYS)
            if unknown:
                raise TreeFileError(
                    f"{source}: unknown key {unknown[0]!r} at the top; expected "
                    '"title", "description", "tree"'
                )
            self.tree_title = _text(data.get("title", ""), source, "title")
            self.tree_description = _text(data.get("description", ""), source, "description")
            data = data["tree"]
        builder = _Builder(source, _leaf_width(data))
        try:
            self.root = builder.node(data, "root", (), "root", None)
        except RecursionError:
            raise TreeFileError(f"{source}: the tree is too deep to load") from None
        self._nodes = builder.nodes
        height = max(len(path) for path in self._nodes)
        if height > MAX_TREE_PLIES:
            raise TreeFileError(
                f"{source}: the tree is {height} plies deep; expected at most {MAX_TREE_PLIES}"
            )
        self._num_players = builder.players
        self.vector_leaves = builder.width is not None
        leaves = [node.value for node in self._nodes.values() if node.value is not None]
        self._bounds = (min(min(v) for v in leaves), max(max(v) for v in leaves))
        # These are class-level facts for every other game; a tree decides them per file.
        self.has_chance = any(  # type: ignore[misc]
            node.kind == "chance" for node in self._nodes.values()
        )
        self.zero_sum = self._num_players == 2 and all(  # type: ignore[misc]
            math.isclose(sum(value), 0.0, abs_tol=1e-9) for value in leaves
        )

    # ---- players and flow -------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._num_players

    def player_name(self, player: int) -> str:
        if self._num_players == 2:
            return ("MAX", "MIN")[player]
        return f"Player {player + 1}"

    def node(self, state: TreePath) -> TreeNode:
        """The node at a state (its kind, label, children, probabilities, value)."""
        return self._nodes[state]

    def initial_state(self) -> TreePath:
        return ()

    def to_move(self, state: TreePath) -> int:
        node = self._nodes[state]
        return CHANCE if node.player is None else node.player

    def legal_moves(self, state: TreePath) -> list[int]:
        """Child indices in file order; at a chance node, its outcomes."""
        return list(range(len(self._nodes[state].children)))

    def chance_outcomes(self, state: TreePath) -> list[tuple[int, float]]:
        return list(enumerate(self._nodes[state].probabilities))

    def result(self, state: TreePath, move: int) -> TreePath:
        return (*state, move)

    def is_terminal(self, state: TreePath) -> bool:
        return self._nodes[state].value is not None

    def utility(self, state: TreePath) -> tuple[float, ...]:
        value = self._nodes[state].value
        if value is None:
            raise ValueError(f"position {self.format_position(state)} is not a leaf")
        return value

    def utility_bounds(self) -> tuple[float, float]:
        return self._bounds

    def outcome(self, state: TreePath) -> Outcome | None:
        value = self._nodes[state].value
        if value is None:
            return None
        shown = _number(value[0]) if not self.vector_leaves else (
            "(" + ", ".join(_number(v) for v in value) + ")"
        )
        return Outcome(None, f"leaf {shown}", value)

    # ---- notation -----------------------------------------------------------

    def format_move(self, state: TreePath, move: int) -> str:
        return self._nodes[state].children[move].label

    def parse_move(self, state: TreePath, text: str) -> int:
        wanted = text.strip().lower()
        if not wanted:
            raise InvalidMoveError("empty move; expected the label of a child")
        children = self._nodes[state].children
        for index, child in enumerate(children):
            if child.label.lower() == wanted:
                return index
        raise IllegalMoveError(
            illegal_move_message(text, [child.label for child in children])
        )

    def format_position(self, state: TreePath) -> str:
        return ".".join(str(index + 1) for index in state) if state else "root"

    def parse_position(self, text: str) -> TreePath:
        cleaned = text.strip()
        if cleaned.lower().startswith("root"):
            cleaned = cleaned[4:].lstrip(".")
        path: TreePath = ()
        for part in cleaned.split(".") if cleaned else []:
            children = self._nodes[path].children
            if not (part.isascii() and part.isdigit()) or not 1 <= whole_number(
                    part, InvalidPositionError, "position: child") <= len(children):
                where = self.format_position(path)
                choices = f"1–{len(children)}" if children else "none: it is a leaf"
                raise InvalidPositionError(
                    f"position {text!r}: {part!r} is not a child of {where}; expected "
                    f"dot-separated child positions (e.g. 2.1), here {choices}"
                )
            path = (*path, int(part) - 1)
        return path

    def render(self, state: TreePath, max_lines: int = 40) -> str:
        """The subtree below ``state``, one node per line, indented by depth."""
        lines: list[str] = []
        self._render(self._nodes[state], 0, "", lines, max_lines + 1)
        if len(lines) > max_lines:
            lines[max_lines:] = ["…"]
        return "\n".join(lines)

    def _render(
        self, node: TreeNode, depth: int, chance: str, lines: list[str], limit: int
    ) -> None:
        if len(lines) >= limit:
            return
        head = f"{'  ' * depth}{node.label}{chance}"
        if node.value is not None:
            shown = _number(node.value[0]) if not self.vector_leaves else ", ".join(
                _number(v) for v in node.value
            )
            lines.append(f"{head}: {shown}")
            return
        who = "chance" if node.player is None else self.player_name(node.player)
        lines.append(f"{head}: {who}")
        for index, child in enumerate(node.children):
            odds = f" (p={_number(node.probabilities[index])})" if node.player is None else ""
            self._render(child, depth + 1, odds, lines, limit)


# --------------------------------------------------------------------------- loading


def _number(value: float) -> str:
    """``3`` rather than ``3.0`` for whole numbers, as the lecture writes them."""
    return str(int(value)) if value == int(value) else f"{value:g}"


def _text(value: object, source: str, key: str) -> str:
    if not isinstance(value, str):
        raise TreeFileError(f"{source}: {key}: expected text")
    return value


def _is_number(value: object) -> TypeGuard[int | float]:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
    )


def _leaf_width(data: object) -> int | None:
    """The length of the first vector leaf, or None when no leaf is a vector.

    A first, forgiving pass: the builder checks every node properly afterwards,
    but it needs to know the number of players before it meets the first leaf.
    """
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, list):
            pending.extend(reversed(item))
        elif isinstance(item, dict):
            value = item.get("value")
            if isinstance(value, list):
                return len(value)
            children = item.get("children")
            if isinstance(children, list):
                pending.extend(reversed(children))
    return None


class _Builder:
    """Turns parsed JSON into `TreeNode` objects, checking everything on the way."""

    def __init__(self, source: str, width: int | None) -> None:
        self.source = source
        self.width = width
        self.players = 2 if width is None else width
        self.nodes: dict[TreePath, TreeNode] = {}
        if width is not None and width < 2:
            raise TreeFileError(
                f"{source}: leaves have {width} value(s); expected one per player, at least 2"
            )

    def error(self, where: str, message: str) -> TreeFileError:
        return TreeFileError(f"{self.source}: {where}: {message}")

    def node(
        self, data: object, where: str, path: TreePath, label: str, decider: int | None
    ) -> TreeNode:
        """Build the node ``data`` found at ``where``; ``decider`` is the nearest
        ancestor's deciding player (None at the root or under chance only)."""
        following = 0 if decider is None else (decider + 1) % self.players
        if isinstance(data, list):
            node = self.inner(data, {}, where, path, label, decider, where)
        elif isinstance(data, dict):
            label = self.label(data, where, label)
            comment = data.get("comment", "")
            if not isinstance(comment, str):
                raise self.error(where, "comment: expected text")
            if "value" in data:
                node = self.leaf(data, where, path, label, following, comment)
            elif "children" in data:
                node = self.inner(
                    data["children"], data, where, path, label, decider, f"{where}.children"
                )
            else:
                raise self.error(where, _SHAPE)
        elif _is_number(data):
            node = self.make_leaf(data, where, path, label, following, "")
        else:
            raise self.error(where, _SHAPE)
        self.nodes[path] = node
        return node

    def label(self, data: Mapping[str, object], where: str, default: str) -> str:
        if "label" not in data:
            return default
        label = data["label"]
        if not isinstance(label, str) or not label.strip() or label != label.strip():
            raise self.error(where, "label: expected non-empty text without surrounding spaces")
        return label

    def leaf(
        self, data: Mapping[str, object], where: str, path: TreePath, label: str, following: int,
        comment: str,
    ) -> TreeNode:
        unknown = sorted(set(data) - _LEAF_KEYS)
        if unknown:
            raise self.error(where, f'unknown key {unknown[0]!r}; a leaf has "value" and "label"')
        return self.make_leaf(data["value"], f"{where}.value", path, label, following, comment)

    def make_leaf(
        self, value: object, where: str, path: TreePath, label: str, following: int, comment: str
    ) -> TreeNode:
        if self.width is None:
            if not _is_number(value):
                raise self.error(where, "expected a number")
            utilities: tuple[float, ...] = (float(value), 0.0 - float(value))
        else:
            if (
                not isinstance(value, list)
                or len(value) != self.width
                or not all(_is_number(v) for v in value)
            ):
                raise self.error(
                    where,
                    f"expected a list of {self.width} numbers (one per player), like the other "
                    "leaves",
                )
            utilities = tuple(float(v) for v in value)
        return TreeNode("leaf", following, label, path, value=utilities, comment=comment)

    def inner(
        self,
        children: object,
        data: Mapping[str, object],
        where: str,
        path: TreePath,
        label: str,
        decider: int | None,
        children_where: str,
    ) -> TreeNode:
        unknown = sorted(set(data) - _INNER_KEYS)
        if unknown:
            raise self.error(
                where,
                f'unknown key {unknown[0]!r}; a node has "player", "children", '
                '"probabilities", "label"',
            )
        if not isinstance(children, list) or not children:
            raise self.error(children_where, "expected a non-empty list of children")
        following = 0 if decider is None else (decider + 1) % self.players
        player, kind = self.player(data.get("player"), where, following)
        # Chance does not decide, so below a chance node alternation continues from above it.
        child_decider = decider if player is None else player
        built = tuple(
            self.node(child, f"{children_where}[{index}]", (*path, index), str(index + 1),
                      child_decider)
            for index, child in enumerate(children)
        )
        seen: set[str] = set()  # a set: a list made 10^6 children a quadratic scan
        for index, child in enumerate(built):
            if child.label.lower() in seen:
                raise self.error(
                    f"{children_where}[{index}]",
                    f"label {child.label!r} is used twice; expected distinct labels",
                )
            seen.add(child.label.lower())
        probabilities = self.probabilities(data, where, len(built)) if kind == "chance" else ()
        if kind != "chance" and "probabilities" in data:
            raise self.error(where, '"probabilities" are only for chance nodes')
        comment = data.get("comment", "")  # text: `node` checked it
        return TreeNode(kind, player, label, path, built, probabilities,
                        comment=comment if isinstance(comment, str) else "")

    def player(self, given: object, where: str, following: int) -> tuple[int | None, str]:
        if given is None:
            player: int | None = following
        elif given == "chance":
            player = None
        elif given in ("max", "min"):
            if self.players != 2:
                raise self.error(
                    where, f"player {given!r} needs a two-player tree; use 0–{self.players - 1}"
                )
            player = 0 if given == "max" else 1
        elif isinstance(given, int) and not isinstance(given, bool) and (
            0 <= given < self.players
        ):
            player = given
        else:
            raise self.error(
                where,
                f'player {given!r}: expected "max", "min", "chance" or 0–{self.players - 1}',
            )
        if player is None:
            return None, "chance"
        if self.players == 2:
            return player, ("max", "min")[player]
        return player, "player"

    def probabilities(
        self, data: Mapping[str, object], where: str, count: int
    ) -> tuple[float, ...]:
        given = data.get("probabilities")
        if given is None:
            return (1.0 / count,) * count
        if (
            not isinstance(given, list)
            or len(given) != count
            or not all(_is_number(p) and p >= 0 for p in given)
        ):
            raise self.error(
                f"{where}.probabilities",
                f"expected {count} non-negative numbers, one per child",
            )
        if not math.isclose(sum(given), 1.0, abs_tol=1e-9):
            raise self.error(
                f"{where}.probabilities", f"they sum to {sum(given):g}; expected 1"
            )
        return tuple(float(p) for p in given)


# --------------------------------------------------------------------------- registration

ENTRY = GameEntry(
    rules=TreeGame,
    engines=("alphabeta depth=12", "expectiminimax depth=12", "maxn depth=12"),
    solve=SolveLimits(label="textbook trees"),
)
