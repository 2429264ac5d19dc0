"""The house rules, checked: dependencies point one way and no module imports in a circle.

`tui`/`cli` → `match` → `search` → `games`. Only module-level imports count (an import
inside a function or under ``TYPE_CHECKING`` runs late or never, so it cannot make
a cycle at import time); they are read from the source with `ast`, not by importing.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "adversa"

LAYERS = {"games": 0, "search": 1, "match": 2, "cli": 3, "tui": 3}
"""A module may import from its own layer and the layers below it, never above."""

GAME_WORDS = re.compile(
    r"\b(checkers|tictactoe|tic-tac-toe|grundy|nim|pig|connect ?(4|four)|draughts|ballot"
    r"|chess|reversi|othello|backgammon)\b",
    re.IGNORECASE,
)


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def top_level_imports(path: Path) -> set[str]:
    """Modules imported when ``path`` is imported (not in functions or TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(statements: list[ast.stmt]) -> None:
        for node in statements:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.If):
                if not (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)

    visit(tree.body)
    return found


MODULES = {module_name(path): path for path in PACKAGE.rglob("*.py")}
GRAPH = {
    name: {target for target in top_level_imports(path) if target in MODULES and target != name}
    for name, path in MODULES.items()
}


def layer(name: str) -> int | None:
    parts = name.split(".")
    return LAYERS.get(parts[1]) if len(parts) > 1 else None


def test_there_is_no_import_cycle() -> None:
    visiting: list[str] = []
    done: set[str] = set()

    def walk(name: str) -> None:
        if name in done:
            return
        assert name not in visiting, "import cycle: " + " → ".join(
            [*visiting[visiting.index(name):], name]
        )
        visiting.append(name)
        for target in sorted(GRAPH[name]):
            walk(target)
        visiting.pop()
        done.add(name)

    for name in sorted(GRAPH):
        walk(name)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_point_down_the_layers(name: str) -> None:
    own = layer(name)
    if own is None:
        return
    for path_import in top_level_imports(MODULES[name]) | {
        node.module
        for node in ast.walk(ast.parse(MODULES[name].read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("adversa.")
    }:
        target = layer(path_import)
        if target is not None:
            assert target <= own or (own == 3 and target == 3 and path_import.split(".")[1]
                                     == name.split(".")[1]), f"{name} imports {path_import}"


UPWARD_REFERENCE = re.compile(r"adversa\.(tui|cli|match|search)\b")


@pytest.mark.parametrize("name", sorted(n for n in MODULES if layer(n) == LAYERS["games"]))
def test_the_games_name_nothing_above_them_even_in_strings(name: str) -> None:
    """A registration that named its board as ``"adversa.tui.boards.x:Board"`` was an upward
    tie no import check sees; the app now finds a game's board by the game's name."""
    text = MODULES[name].read_text(encoding="utf-8")
    named = sorted({match.group(0) for match in UPWARD_REFERENCE.finditer(text)})
    assert not named, f"{name} names {named}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if layer(n) == LAYERS["search"]))
def test_the_search_names_no_game(name: str) -> None:
    text = MODULES[name].read_text(encoding="utf-8")
    named = sorted({match.group(0) for match in GAME_WORDS.finditer(text)})
    assert not named, f"{name} names {named}"


def test_the_command_line_loads_no_match_tooling_app_or_table_until_a_command_runs() -> None:
    """``adversa --help`` stays quick because these load only when a command needs them."""
    import subprocess
    import sys

    probe = ("import sys, adversa.cli; "
             "print(' '.join(name for name in sys.modules if name.startswith(("
             "'adversa.match', 'adversa.tui', 'textual', 'rich.table', 'rich.live'))))")
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True).stdout.split()
    assert loaded == []


POINTER_OUTSIDE = re.compile(r"(?<![\w.])(/work/|shared/reference|shared/seeds|\.\./shared)")


@pytest.mark.parametrize("name", sorted(MODULES))
def test_no_module_points_at_files_outside_the_repository(name: str) -> None:
    """A docstring that cites notes a reader of the repository does not have is a dead end."""
    text = MODULES[name].read_text(encoding="utf-8")
    found = sorted({match.group(0) for match in POINTER_OUTSIDE.finditer(text)})
    assert not found, f"{name} points outside the repository: {found}"
