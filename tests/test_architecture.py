"""The house rules, checked: dependencies point one way and no module imports in a circle.

``errors``/``files`` → ``games`` → ``search`` → ``match`` → ``presentation`` → ``figures``
→ ``cli``/``tui``: a module imports from its own layer and the layers below, never above,
and the command line and the app do not import each other (the CLI only starts the app,
through its entry points). The layer rule counts every import, inside functions and under
``TYPE_CHECKING`` too, since an upward import there is an upward tie all the same; the
cycle check counts module-level imports only (one inside a function runs late or never,
so it cannot make a cycle at import time). Imports are read from the source with `ast`,
not by importing.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "adversa"

LAYERS = {
    "errors": 0, "numbers": 0,
    "files": 1,
    "settings": 2, "games": 2,
    "search": 3,
    "match": 4,
    "presentation": 5,
    "figures": 6,
    "cli": 7, "tui": 7,
}
"""A module may import from the layers below its own, and from its own package; never above,
nor across to another package of its layer (``cli`` ⇄ ``tui``)."""

APP_ENTRY_POINTS = {
    "adversa.tui.app",
    "adversa.tui.screens.compare",
    "adversa.tui.screens.tree_explorer",
    "adversa.tui.themes",
}
"""What the CLI may import of the app: the modules that start it (``adversa``, ``adversa
compare``, ``adversa tree --explore``) and the names of its themes (``--theme``). Always
inside the command that needs them, so that ``adversa --help`` loads nothing of Textual."""

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


def every_import(source: str) -> set[str]:
    """Every ``adversa`` module ``source`` imports, wherever the import statement is (in a
    function, under ``TYPE_CHECKING``): ``from a.b import c`` counts ``a.b`` and ``a.b.c``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.startswith("adversa.")}


def package(name: str) -> str | None:
    parts = name.split(".")
    return parts[1] if len(parts) > 1 else None


def wrong_imports(name: str, source: str) -> list[str]:
    """The imports of module ``name`` (its ``source``) that break the layer rules."""
    own = layer(name)
    wrong = []
    for target in sorted(every_import(source)):
        theirs = layer(target)
        if own is None or theirs is None or package(target) == package(name):
            continue
        if package(name) == "cli" and any(
            target == point or target.startswith(point + ".") for point in APP_ENTRY_POINTS
        ):
            continue
        if theirs >= own:
            wrong.append(target)
    return wrong


@pytest.mark.parametrize("name", sorted(MODULES))
def test_imports_point_down_the_layers(name: str) -> None:
    wrong = wrong_imports(name, MODULES[name].read_text(encoding="utf-8"))
    assert not wrong, f"{name} imports {wrong}"


@pytest.mark.parametrize(("name", "source"), [
    ("adversa.games.fake", "def board():\n    from adversa.tui.boards import BOARDS\n"),
    ("adversa.search.fake", "def f():\n    import adversa.match.arena\n"),
    ("adversa.files", "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from adversa.games.base import Game\n"),
    ("adversa.match.fake", "def f():\n    from adversa.presentation import line_text\n"),
    ("adversa.tui.fake", "def f():\n    from adversa.cli.common import fail\n"),
    ("adversa.cli.fake", "def f():\n    from adversa.tui.panel import SearchPanel\n"),
])
def test_the_rule_sees_an_upward_import_wherever_it_is(name: str, source: str) -> None:
    """Upward imports inside a function, under ``TYPE_CHECKING``, as ``import x.y``, and
    across ``cli`` ⇄ ``tui`` are all refused."""
    assert wrong_imports(name, source)


def test_the_cli_may_start_the_app_and_a_module_may_import_its_own_package() -> None:
    starts_the_app = "def f():\n    from adversa.tui.app import run_app\n"
    assert not wrong_imports("adversa.cli.fake", starts_the_app)
    assert not wrong_imports("adversa.tui.fake", "from adversa.tui.panel import SearchPanel\n")
    assert not wrong_imports("adversa.figures.fake", "from adversa.presentation import line_text\n")


DOTTED_NAME = re.compile(r"\badversa(?:\.\w+)+")


def upward_names(name: str, text: str) -> list[str]:
    """The modules above ``name``'s layer (or across ``cli`` ⇄ ``tui``) that ``text`` names
    anywhere, strings and docstrings included: the import rules on dotted names."""
    return sorted({
        found.group(0) for found in DOTTED_NAME.finditer(text)
        if wrong_imports(name, f"import {found.group(0)}\n")
    })


@pytest.mark.parametrize("name", sorted(n for n in MODULES if layer(n) is not None))
def test_no_module_names_a_layer_above_it_even_in_strings(name: str) -> None:
    """A registration that named its board as ``"adversa.tui.boards.x:Board"`` was an upward
    tie no import check sees (the app now finds a game's board by the game's name); a
    docstring that sends the reader upward is the same tie in prose."""
    named = upward_names(name, MODULES[name].read_text(encoding="utf-8"))
    assert not named, f"{name} names {named}"


def test_the_string_rule_sees_a_board_named_by_its_path() -> None:
    registration = 'ENTRY = GameEntry(board="adversa.tui.boards.checkers:CheckersBoard")\n'
    assert upward_names("adversa.games.fake", registration) == ["adversa.tui.boards.checkers"]
    assert upward_names("adversa.tui.fake", "`adversa.games.base.Game`") == []


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


MAX_MODULE_LINES = 600
"""Longest module: past this a file holds more than one concept, and a newcomer looking for
one of them cannot find it by the file's name. Split by concept, not by line number."""


def test_no_module_is_longer_than_the_house_allows() -> None:
    lengths = {name: len(path.read_text(encoding="utf-8").splitlines())
               for name, path in MODULES.items()}
    too_long = sorted(f"{name} ({lines} lines)" for name, lines in lengths.items()
                      if lines > MAX_MODULE_LINES)
    assert not too_long, f"over {MAX_MODULE_LINES} lines: {', '.join(too_long)}"
