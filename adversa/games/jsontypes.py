"""The type of a parsed JSON document, for the readers of saved files.

`json.loads` returns whatever the text holds; a reader that names this type instead of
``Any`` must narrow each value with ``isinstance`` before it uses it, which is exactly
where a hand-edited or hostile file is refused in one line. Defined here, at the bottom
of the package (it imports nothing), so games, matches and the app share one alias.
"""

from __future__ import annotations

from typing import TypeAlias

JsonValue: TypeAlias = "bool | int | float | str | list[JsonValue] | dict[str, JsonValue] | None"
"""Every value a JSON text can hold, as `json.loads` builds it."""

JsonObject: TypeAlias = "dict[str, JsonValue]"
"""A JSON object, the shape of every saved file adversa reads."""
