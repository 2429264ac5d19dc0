"""The type of a JSON document, for every layer that writes or reads one.

`json.loads` returns an unchecked value; a reader that takes it as a `JsonValue` must
check each part with ``isinstance`` (or the ``json_*`` readers below) before using it,
which is what a file from disk (a save, the settings, a tournament's results) deserves,
since a person may have edited it. Writers build `JsonObject` values, so mypy checks
that only JSON goes in.

At the bottom of the house (it imports nothing of adversa), so the settings, the games'
record readers, the matches and the command line all name the same type.
"""

from __future__ import annotations

from typing import TypeAlias

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"
"""Every JSON value, as `json.loads` builds it (objects are dicts, arrays lists)."""

JsonObject: TypeAlias = "dict[str, JsonValue]"
"""A JSON object: what adversa's files hold at their top level."""


def json_int(value: JsonValue) -> int:
    """``value`` as a whole number; ValueError for anything else (``true`` included)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ValueError(f"expected a whole number, got {str(value)[:40]!r}")


def json_number(value: JsonValue) -> float:
    """``value`` as a number (a whole one too); ValueError for anything else."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    raise ValueError(f"expected a number, got {str(value)[:40]!r}")


def json_str(value: JsonValue) -> str:
    """``value`` as text; ValueError for anything else."""
    if isinstance(value, str):
        return value
    raise ValueError(f"expected text, got {str(value)[:40]!r}")


def json_list(value: JsonValue) -> list[JsonValue]:
    """``value`` as an array; ValueError for anything else."""
    if isinstance(value, list):
        return value
    raise ValueError(f"expected a list, got {str(value)[:40]!r}")


def json_object(value: JsonValue) -> JsonObject:
    """``value`` as an object; ValueError for anything else."""
    if isinstance(value, dict):
        return value
    raise ValueError(f"expected an object, got {str(value)[:40]!r}")
