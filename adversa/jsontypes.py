"""The type of a JSON document, for every layer that writes or reads one.

`json.loads` returns ``Any``; a reader that takes it as a `JsonValue` must check each
part with ``isinstance`` before using it, which is what a file from disk (a save, the
settings, a tournament's results) deserves, since a person may have edited it. Writers
build `JsonObject` values, so mypy checks that only JSON goes in.

At the bottom of the house (it imports nothing of adversa), so the settings, the games'
record readers, the matches and the command line all name the same type.
"""

from __future__ import annotations

from typing import TypeAlias

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"
"""Any JSON value, as `json.loads` builds it (objects are dicts, arrays lists)."""

JsonObject: TypeAlias = "dict[str, JsonValue]"
"""A JSON object: what adversa's files hold at their top level."""
