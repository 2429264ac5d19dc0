"""The search-tree explorer: the tree a traced search visited, step by step.

For a search with a trace (textbook trees, tic-tac-toe, the first plies of any
game) the screen shows every visited node in a Textual ``Tree``: the move
leading to it, its kind (▲ MAX, ▼ MIN, ○ chance with the edge probabilities,
``player N`` with value vectors), its value and the α/β window it was entered
with. The principal variation is bold green; subtrees a cutoff skipped are
greyed with the condition that cut them (``cut: 2 ≤ α = 3``). Values, windows
and those conditions are written in the same units as the live panel (e(n) for
tic-tac-toe, points for checkers, ``win``/``loss`` for proven results; a
textbook tree's plain numbers as the lecture writes them). Children are
added when a node is expanded, so a trace of thousands of nodes opens at once;
the trace itself is capped (``trace=N``) and the screen says so when it was.

Stepping replays the search in visit order, like a lecture animation: at step
k, node k is the one being entered (its α and β are shown above the tree),
nodes entered earlier whose subtree is finished show their values, and nodes
not reached yet are dimmed. A node's subtree is finished at the step of its
last descendant, because the trace is a depth-first preorder. Keys: → / n
forward, ← / b back, home / end jump to start / end, m shows the other of
minimax and alpha-beta on the same position for contrast, f saves the tree as an
SVG figure for slides (`adversa.figures`) in the working directory.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar, NamedTuple, TypeAlias

from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, Header, Static, Tree
from textual.widgets.tree import TreeNode

from adversa.figures import MAX_DEPTH, MAX_WIDTH, narrowed, tree_figure
from adversa.figures import move_names as figure_move_names
from adversa.files import write_text_atomic
from adversa.games.base import AdversaError, Game, M, S
from adversa.games.tree import TreeGame
from adversa.presentation import (
    format_number,
    path_text,
)
from adversa.search.common import MAX_DEPTH as SEARCH_MAX_DEPTH
from adversa.search.config import PARAMS, EngineConfig
from adversa.search.engine import check_fits, why_not
from adversa.search.stats import SearchResult, TraceNode
from adversa.tui.classroom import classroom_check, refusal_binding, refused_in_classroom
from adversa.tui.runner import EngineRunner, SearchFailed, SearchFinished, SearchFunction
from adversa.tui.screens.dialogs import ensure_saves_folder, saves_folder
from adversa.tui.screens.tree_labels import (
    ShowValue,
    TraceView,
    kind_text,
    move_names,
    node_label,
    pruned_label,
    value_text,
    value_writer,
)

DEFAULT_TRACE_LIMIT = 5000
"""Nodes recorded when the explorer runs the search itself (a Tree stays fast
up to about 10,000 nodes)."""

CONTRAST = {"alphabeta": "minimax", "minimax": "alphabeta"}
"""The algorithm the ``m`` key switches to, for the same position and depth."""

class Visited(NamedTuple):
    """A tree entry for a node the search visited, by its path (1-based positions)."""

    path: tuple[int, ...]


class Pruned(NamedTuple):
    """A tree entry for a subtree cut under ``parent``: its child position, and the move
    that leads there where the game could name it."""

    parent: tuple[int, ...]
    position: int
    move: str | None


EntryKey: TypeAlias = Visited | Pruned
"""What a tree entry shows, kept as its data and as its key in `tree_nodes`."""


class ExplorerError(AdversaError):
    """A search that cannot be explored (its algorithm records no trace)."""


def traced_config(config: EngineConfig, limit: int = DEFAULT_TRACE_LIMIT) -> EngineConfig:
    """``config`` with tracing on; `ExplorerError` for algorithms that cannot trace."""
    if "trace" not in {param.name for param in PARAMS[config.algorithm]}:
        tracing = ", ".join(name for name, params in PARAMS.items()
                            if any(param.name == "trace" for param in params))
        raise ExplorerError(
            f"{config.algorithm} records no search tree; the explorer works with: {tracing}"
        )
    if config.whole("trace") > 0:
        return config
    return config.with_values(trace=limit)


# --------------------------------------------------------------------------- the screen


class TreeExplorerScreen(Screen[None]):
    """Explore (and step through) the tree of one traced search."""

    DEFAULT_CSS = """
    TreeExplorerScreen #explorer-info { height: auto; padding: 0 1; background: $boost; }
    TreeExplorerScreen #explorer-step { height: auto; padding: 0 1; }
    TreeExplorerScreen #explorer-tree { height: 1fr; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Priority: the Tree would otherwise take these keys to scroll sideways.
        Binding("right,n", "step(1)", "Forward", key_display="→", priority=True),
        Binding("left,b", "step(-1)", "Backward", key_display="←", priority=True),
        # Help and Close early: the footer shows the bindings in this order and is cut
        # at the screen's edge; ? lists them all.
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("escape,q", "back", "Close"),
        Binding("home", "jump(0)", "Start", priority=True, show=False),
        Binding("end", "jump(-1)", "End", priority=True, show=False),
        Binding("m", "contrast", "Minimax ⇄ α-β"),
        Binding("f", "figure", "Save SVG"),
        refusal_binding("f", "figure"),
        Binding("plus,equals_sign", "depth(1)", "Deeper", key_display="+"),
        Binding("minus", "depth(-1)", "Shallower", key_display="-"),
        Binding("w", "width(-1)", "Fewer moves"),
        Binding("W", "width(1)", "More moves", show=False),
    ]

    HELP_TITLE: ClassVar[str] = "Search tree explorer"
    KEY_HELP: ClassVar[dict[str, str]] = {
        "step(1)": "Next node the search visited",
        "step(-1)": "Previous node",
        "jump(0)": "The search's first node",
        "jump(-1)": "The search's last node",
        "contrast": "The same search with minimax or alpha-beta: what pruning saves",
        "depth(1)": "Search one ply deeper",
        "depth(-1)": "Search one ply shallower (a smaller tree, and figure)",
        "width(-1)": "Keep one move fewer at each node (a game position's tree)",
        "width(1)": "Keep one move more at each node",
        "figure": "Save the tree as an SVG figure (in the saves folder)",
        "help": "This help",
        "back": "Close the explorer",
    }
    """What the explorer's keys do, for the help screen (``?``)."""

    def __init__(
        self,
        game: Game[S, M],
        state: S,
        config: EngineConfig,
        *,
        result: SearchResult | None = None,
        search: SearchFunction | None = None,
    ) -> None:
        check_fits(game, config.algorithm)
        super().__init__()
        self.full_game = game
        """The game as given; `game` may keep only the most promising moves at each node."""
        self.width: int | None = None
        """Moves kept at each node (``w``/``W``), or None for all of them."""
        self.game = game
        self.position = state
        self.config = traced_config(config)
        self.result = result
        self.search = search
        self.view: TraceView | None = None
        self.show_value: ShowValue = format_number
        """Writes values as the shown search's panel would (`value_writer`)."""
        self.step = 0
        self.tree_nodes: dict[EntryKey, TreeNode[EntryKey]] = {}
        """Tree entries created so far, by what they show."""
        self.runner: EngineRunner | None = None
        self.figure_dir: Path | None = None
        """Where ``f`` writes figures: the working directory when None."""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="explorer-info")
        yield Static("", id="explorer-step")
        tree: Tree[EntryKey] = Tree(Text("searching…"), id="explorer-tree")
        yield tree
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "search tree"
        self.runner = EngineRunner(self, "explorer", self.search or getattr(
            self.app, "engine_search", None))
        if self.result is not None and self.result.trace:
            self.show(self.result)
        else:
            self._run(self.config)

    def on_unmount(self) -> None:
        if self.runner is not None:
            self.runner.cancel()

    def _run(self, config: EngineConfig) -> None:
        assert self.runner is not None
        self.config = config
        self.query_one("#explorer-info", Static).update(Text(f"searching with {config.text}…"))
        self.runner.start(self.game, self.position, config, "trace")

    @on(SearchFinished)
    def _finished(self, message: SearchFinished) -> None:
        message.stop()
        if self.runner is None or not message.is_current:
            return
        self.runner.done(message.search_id)
        self.show(message.result)

    @on(SearchFailed)
    def _failed(self, message: SearchFailed) -> None:
        message.stop()
        if self.runner is not None and message.is_current:
            self.runner.done(message.search_id)
            self.notify(f"The search failed: {message.error}", severity="error", markup=False)

    # ---- building the tree ----------------------------------------------------------

    def show(self, result: SearchResult) -> None:
        """Replace the shown tree with ``result``'s trace, at its last step."""
        self.result = result
        self.view = TraceView.build(result.trace)
        self.show_value = value_writer(result.snapshot)
        self.step = max(0, self.view.last_step)
        tree: Tree[EntryKey] = self.query_one("#explorer-tree", Tree)
        tree.clear()
        self.tree_nodes = {}
        root = self.view.root
        if root is None:
            tree.root.set_label(Text("the search recorded no nodes"))
            self._show_info()
            return
        tree.root.data = Visited(())
        self.tree_nodes[Visited(())] = tree.root
        self._populate(tree.root, root)
        tree.root.expand()
        self._refresh_labels()
        self._show_info()

    def _populate(self, entry: TreeNode[EntryKey], node: TraceNode) -> None:
        """Add ``node``'s visited children and its pruned subtrees under ``entry``."""
        assert self.view is not None
        if entry.children:
            return
        names = move_names(self.game, self.position, node.path) if node.pruned else None
        for child in self.view.children.get(node.path, []):
            grandchildren = bool(self.view.children.get(child.path)) or bool(child.pruned)
            visited = Visited(child.path)
            self.tree_nodes[visited] = entry.add(
                Text(""), data=visited, allow_expand=grandchildren, expand=False
            )
        for position in node.pruned:
            name = names[position - 1] if names and position <= len(names) else None
            cut = Pruned(node.path, position, name)
            self.tree_nodes[cut] = entry.add_leaf(Text(""), data=cut)

    @on(Tree.NodeExpanded)
    def _expanded(self, message: Tree.NodeExpanded[EntryKey]) -> None:
        message.stop()
        data = message.node.data
        if self.view is None or not isinstance(data, Visited):
            return
        node = self.view.by_path.get(data.path)
        if node is not None and not message.node.children:
            self._populate(message.node, node)
            self._refresh_labels()

    def _refresh_labels(self) -> None:
        view = self.view
        if view is None:
            return
        for key, entry in self.tree_nodes.items():
            if isinstance(key, Visited):
                entry.set_label(node_label(view.by_path[key.path], view, self.step,
                                           self.show_value))
            else:
                entry.set_label(pruned_label(view.by_path[key.parent], key.position, key.move,
                                             self.step, view, self.show_value))

    def _show_info(self) -> None:
        view, result = self.view, self.result
        if view is None or result is None:
            return
        visited = len(view.nodes)
        pruned = view.pruned_count(view.last_step)
        info = Text.assemble(
            (self.config.without("trace").text, "bold"),
            f"  ·  best {result.best_move_text or '—'}  "
            f"value {value_text(result.value, self.show_value)}",
            f"  ·  {visited:,} nodes traced, {pruned:,} subtrees pruned",
        )
        if self.width is not None:
            info.append(f"  ·  {self.width} most promising moves per node")
        if result.trace_truncated:
            info.append(f"  ·  trace capped at {visited:,} nodes: the tree is incomplete",
                        style="bold yellow")
        self.query_one("#explorer-info", Static).update(info)
        self._show_step()

    def _show_step(self) -> None:
        view = self.view
        if view is None or not view.nodes:
            return
        node = view.nodes[self.step]
        where = path_text(node.path)
        text = Text.assemble(
            (f"step {self.step + 1:,}/{len(view.nodes):,}", "bold"),
            f"  ·  at {where}",
            f" ({node.move})" if node.move else "",
            f"  {kind_text(node.kind)}",
        )
        if node.alpha is not None or node.beta is not None:
            text.append("  ·  ")
            show = self.show_value
            text.append(f"α = {show(node.alpha)}   β = {show(node.beta)}", style="bold cyan")
        text.append(f"  ·  pruned so far: {view.pruned_count(self.step):,}")
        self.query_one("#explorer-step", Static).update(text)

    # ---- stepping ---------------------------------------------------------------------

    def go_to(self, step: int) -> None:
        """Show the search as it stood when node ``step`` (visit order) was entered."""
        view = self.view
        if view is None or not view.nodes:
            return
        self.step = max(0, min(step, view.last_step))
        self._reveal(view.nodes[self.step].path)
        self._refresh_labels()
        self._show_step()

    def _reveal(self, path: tuple[int, ...]) -> None:
        """Expand the ancestors of ``path`` (populating lazily) and put the cursor on it."""
        assert self.view is not None
        tree = self.query_one("#explorer-tree", Tree)
        for depth in range(len(path)):
            entry = self.tree_nodes.get(Visited(path[:depth]))
            if entry is None:
                return
            self._populate(entry, self.view.by_path[path[:depth]])
            entry.expand()
        target = self.tree_nodes.get(Visited(path))
        if target is not None:
            tree.move_cursor(target)

    def action_step(self, delta: int) -> None:
        self.go_to(self.step + delta)

    def action_jump(self, where: int) -> None:
        if self.view is not None:
            self.go_to(self.view.last_step if where < 0 else where)

    def action_contrast(self) -> None:
        other = CONTRAST.get(self.config.algorithm)
        if other is None:
            self.notify("The contrast view compares minimax with alpha-beta.",
                        severity="warning")
            return
        depth = self.config.whole("depth")
        trace = self.config.whole("trace")
        self._run(EngineConfig.create(other, {"depth": depth, "trace": trace}))

    def action_depth(self, delta: int) -> None:
        """Search again one ply deeper or shallower: a game position 1 … the figures'
        `MAX_DEPTH` plies (what a figure can draw), a textbook tree as deep as it goes."""
        depth = self.config.whole("depth")
        deepest = SEARCH_MAX_DEPTH if self.full_game.fixed_move_order else MAX_DEPTH
        wanted = max(1, min(deepest, depth + delta))
        if wanted == depth:
            self.notify(f"The explorer searches 1 to {deepest} plies here.", severity="warning")
            return
        self._run(self.config.with_values(depth=wanted))

    def action_width(self, delta: int) -> None:
        """Search again keeping one move fewer or more at each node (`narrowed`): a game's
        tree small enough to read, and for ``f`` to draw."""
        if self.full_game.fixed_move_order:
            self.notify("A textbook tree keeps all its moves.", severity="warning")
            return
        moves = len(self.full_game.legal_moves(self.position))
        current = self.width or moves
        wanted = max(1, min(MAX_WIDTH, moves, current + delta))
        if wanted == current:
            self.notify(f"The explorer keeps 1 to {min(MAX_WIDTH, moves)} moves per node.",
                        severity="warning")
            return
        self.width = None if wanted >= moves else wanted
        self.game = self.full_game if self.width is None else narrowed(self.full_game, wanted)
        self._run(self.config)

    def action_help(self) -> None:
        from adversa.tui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """In classroom mode "Save SVG" is hidden and its key answered by a notification
        (`adversa.tui.classroom`)."""
        decided = classroom_check(self.app, action)
        return True if decided is None else decided

    def action_classroom_refusal(self, what: str) -> None:
        refused_in_classroom(self, what)

    def action_figure(self) -> None:
        """Write the shown search's tree as an SVG figure and say where (`adversa.figures`)."""
        result = self.result
        if result is None or not result.trace:
            self.notify("There is no search tree to draw yet.", severity="warning")
            return
        own_title = self.game.tree_title if isinstance(self.game, TreeGame) else ""
        title = own_title or f"{self.game.title}: search tree"
        caption = [f"{self.config.without('trace').text}  ·  value "
                   f"{value_text(result.value, self.show_value)}  ·  best move "
                   f"{result.best_move_text or '—'}"]
        folder = self.figure_dir or saves_folder()
        path = folder / f"adversa-tree-{self.game.name}-{time.strftime('%Y%m%d-%H%M%S')}.svg"
        try:
            figure = tree_figure(result, title, caption,
                                 names=figure_move_names(self.game, self.position))
            ensure_saves_folder(path)
            write_text_atomic(path, figure.svg)
        except (AdversaError, OSError) as error:
            smaller = "" if isinstance(error, OSError) else (
                " — make the tree smaller: - for fewer plies, w for fewer moves per node")
            self.notify(f"No figure: {error}{smaller}", severity="error", markup=False)
            return
        self.notify(f"Figure saved: {path}", title="Search tree", markup=False)

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss()
        else:
            self.app.exit()


EXPLORE_DEPTH = 3
"""Plies the explorer searches from a game position: the first plies are what a
student can read (tic-tac-toe's full tree has half a million nodes)."""


def explorer_for(game: Game[S, M], state: S, engine: EngineConfig | None
                 ) -> TreeExplorerScreen:
    """The explorer on a game position: ``engine``'s algorithm if it records a trace,
    else alpha-beta (or the first tracing algorithm that fits), a few plies deep."""
    if game.is_terminal(state):
        raise ExplorerError("the game is over: there is no search to explore")
    tracing = [name for name, params in PARAMS.items()
               if any(param.name == "trace" for param in params) and why_not(game, name) is None]
    if not tracing:
        raise ExplorerError(f"no algorithm that records a search tree fits {game.name}")
    algorithm = engine.algorithm if engine is not None and engine.algorithm in tracing else (
        "alphabeta" if "alphabeta" in tracing else tracing[0]
    )
    depth = EXPLORE_DEPTH
    if engine is not None and engine.algorithm == algorithm:
        depth = min(engine.whole("depth"), EXPLORE_DEPTH)
    config = EngineConfig.create(algorithm, {"depth": depth})
    return TreeExplorerScreen(game, state, config)


class TreeExplorerApp(App[None]):
    """``adversa tree … --explore``: the explorer on its own."""

    TITLE = "adversa"

    def __init__(self, game: Game[S, M], state: S, config: EngineConfig, *,
                 engine_search: SearchFunction | None = None) -> None:
        super().__init__()
        self.game = game
        self.position = state
        self.config = config
        self.engine_search = engine_search

    def get_default_screen(self) -> TreeExplorerScreen:
        """The explorer is the app's only screen, so escape or q quits (pushed on top of
        Textual's blank default screen, they used to leave that blank screen)."""
        return TreeExplorerScreen(self.game, self.position, self.config)


def run_tree_explorer(game: Game[S, M], state: S, config: EngineConfig) -> None:
    """Open the explorer for one search of ``state``; `AdversaError` when it cannot trace."""
    traced_config(config)
    check_fits(game, config.algorithm)
    TreeExplorerApp(game, state, config).run()
