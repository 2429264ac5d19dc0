"""The benchmark scripts name only adversa modules and names that exist.

The scripts are not run by the suite (they take minutes to hours) and mypy checks only
``adversa/``, so a module removed or renamed in the package would break a script
unnoticed until someone ran it (bench_compare.py imported the removed
``adversa.tui.processes``). This reads each script's ``from adversa… import …`` lines
and resolves them.
"""

from __future__ import annotations

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
SCRIPTS = sorted(BENCHMARKS.rglob("*.py"))


def adversa_imports(script: Path) -> list[tuple[str, str]]:
    """(module, name) for every ``from adversa… import name`` in ``script``."""
    tree = ast.parse(script.read_text(encoding="utf-8"))
    return [
        (node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
        and node.module.split(".")[0] == "adversa"
        for alias in node.names
    ]


def test_there_are_scripts_to_check() -> None:
    assert any(adversa_imports(script) for script in SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: str(path.relative_to(BENCHMARKS)))
def test_every_adversa_import_of_a_benchmark_resolves(script: Path) -> None:
    for module_name, name in adversa_imports(script):
        module = importlib.import_module(module_name)
        assert hasattr(module, name) or importlib.util.find_spec(
            f"{module_name}.{name}") is not None, f"{module_name}.{name} does not exist"
