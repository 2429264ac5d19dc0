"""Declared settings and their text forms: `Option`, the KEY=VALUE reader, whole numbers.

A game's options (``--set piles=1,3``) and an engine's parameters (``--engine depth=6``)
are both declared as `Option`s and read through here, so a value means the same on the
command line, in the app's forms and in saved files. `adversa.games.base` re-exports
these names with the protocol.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TypeAlias, TypeVar

from adversa.errors import AdversaError
from adversa.games.errors import OptionError
from adversa.jsontypes import JsonValue

OptionValue: TypeAlias = "int | float | bool | str | tuple[int, ...] | None"
"""A setting's value, by `Option.kind`: a number, a flag, a text or a path, a tuple of
whole numbers (``int-list``), or None for "not set"."""

OptionT = TypeVar("OptionT", int, float, bool, str)

_ASCII_INTEGER = re.compile(r"[+-]?[0-9]+")
"""A whole number as people type it; `int` alone also takes '٣' and '1_000'."""

MAX_NUMBER_DIGITS = 100
"""Most digits a whole number typed by a user may have. Python refuses to convert more than
4,300 digits at all (a guard against quadratic conversion), which used to surface as a
`ValueError` traceback; below this bound a number is read and the game's own bound ("a pile
larger than 1000") names what was expected."""


def whole_number(digits: str, error: type[AdversaError], what: str) -> int:
    """``digits`` (ASCII digits, optionally signed, already checked by the caller's pattern)
    as an int; more than `MAX_NUMBER_DIGITS` digits raise ``error`` naming ``what``."""
    if len(digits.strip().lstrip("+-").lstrip("0")) > MAX_NUMBER_DIGITS:
        shown = digits.strip()[:12]
        raise error(
            f"{what} {shown}… has {len(digits.strip())} characters; "
            f"expected a whole number of at most {MAX_NUMBER_DIGITS} digits"
        )
    return int(digits)


_SCALAR_KIND_TYPES: dict[str, tuple[type, ...]] = {
    "int": (int,), "float": (int, float), "bool": (bool,), "str": (str,), "path": (str,),
}
"""The Python types a value given typed (not as text) may have, by `Option.kind`."""

_TRUE_WORDS = ("on", "true", "yes", "1")
_FALSE_WORDS = ("off", "false", "no", "0")


@dataclass(frozen=True, slots=True)
class Option:
    """One declared setting — a game option or an engine parameter — with its text form.

    The CLI (``--set``, ``--engine``), the app's forms and saved files all go through
    `parse`/`format`/`validate`, so a value means the same everywhere and every
    refusal reads the same. ``kind`` is ``"int"``, ``"float"``, ``"bool"``, ``"str"``,
    ``"int-list"`` (comma separated, e.g. Nim piles ``1,3,5,7``) or ``"path"``.
    ``minimum``/``maximum`` bound numbers (``above`` makes the minimum exclusive:
    ``time`` must be more than 0); ``words`` are how a bool is written back
    (engines say ``on``/``off``, game options ``true``/``false``; both are read).
    A default of None means "not set" (e.g. no time limit) and is never parsed.
    """

    name: str
    kind: str
    default: OptionValue
    help: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] | None = None
    above: bool = False
    words: tuple[str, str] = ("true", "false")

    def parse(self, text: str) -> OptionValue:
        """Convert the text form (``name=text``) to a value, validated; `OptionError` if bad."""
        lowered = text.strip().lower()
        value: OptionValue
        if self.kind == "int":
            if not _ASCII_INTEGER.fullmatch(lowered):
                raise self._bad(text)
            value = whole_number(lowered, OptionError, f"option {self.name}:")
        elif self.kind == "float":
            try:
                value = float(lowered)
            except ValueError:
                raise self._bad(text) from None
            if not math.isfinite(value) or "_" in lowered:
                raise self._bad(text)
            value = value + 0.0  # -0.0 is 0.0
        elif self.kind == "bool":
            if lowered in _TRUE_WORDS:
                value = True
            elif lowered in _FALSE_WORDS:
                value = False
            else:
                raise self._bad(text)
        elif self.kind == "int-list":
            parts = [part.strip() for part in lowered.split(",") if part.strip() != ""]
            if not parts or not all(_ASCII_INTEGER.fullmatch(part) for part in parts):
                raise self._bad(text)
            value = tuple(whole_number(part, OptionError, f"option {self.name}:")
                          for part in parts)
        else:
            value = text
        return self.validate(value)

    def validate(self, given: object) -> OptionValue:
        """Check a value given typed (not as text) against the declared kind, bounds and
        choices; the value comes back as the option's type."""
        value = self._of_kind(given)
        numbers = value if isinstance(value, tuple) else (value,)
        if self.kind in ("int", "float", "int-list"):
            for number in numbers:
                if not isinstance(number, (int, float)):
                    continue  # None: "not set" has no bounds
                if self.minimum is not None and (
                    number <= self.minimum if self.above else number < self.minimum
                ):
                    relation = "more than" if self.above else "at least"
                    raise OptionError(
                        f"option {self.name!r}: {self._show(number)} is too small; "
                        f"expected {relation} {self._show(self.minimum)}"
                    )
                if self.maximum is not None and number > self.maximum:
                    raise OptionError(
                        f"option {self.name!r}: {self._show(number)} is too large; "
                        f"expected at most {self._show(self.maximum)}"
                    )
        if self.choices is not None and value not in self.choices:
            raise OptionError(
                f"option {self.name!r}: {value!r} is not one of {', '.join(self.choices)}"
            )
        return value

    def _of_kind(self, value: object) -> OptionValue:
        """``value`` if it has the type ``kind`` declares (None where the default is None,
        "not set"); otherwise the one-line refusal naming what was expected."""
        if value is None and self.default is None:
            return None
        if self.kind == "int-list" and isinstance(value, tuple):
            numbers = tuple(number for number in value if isinstance(number, int))
            if len(numbers) == len(value):
                return numbers
        scalar_types = _SCALAR_KIND_TYPES.get(self.kind, ())
        if isinstance(value, scalar_types) and isinstance(value, (int, float, str)):
            return value
        raise OptionError(f"option {self.name}={value!r}: expected {self._expected()}")

    def format(self, value: OptionValue) -> str:
        """The text form of a value, the inverse of `parse`."""
        if isinstance(value, tuple):
            return ",".join(str(v) for v in value)
        if self.kind == "bool":
            return self.words[0] if value else self.words[1]
        if self.kind == "float" and isinstance(value, (int, float)):
            return self._show(float(value))
        return str(value)

    def to_json(self, value: OptionValue) -> JsonValue:
        """The value for a JSON document: numbers, booleans and lists stay typed."""
        return list(value) if isinstance(value, tuple) else value

    def from_json(self, value: JsonValue) -> OptionValue:
        """A value read back from JSON (typed, or the text form older files wrote)."""
        if isinstance(value, str) and self.kind not in ("str", "path"):
            return self.parse(value)
        if isinstance(value, bool) != (self.kind == "bool"):
            raise OptionError(f"option {self.name}={value!r}: expected {self._expected()}")
        if self.kind == "int-list" and isinstance(value, list):
            return self.parse(",".join(str(item) for item in value))
        if isinstance(value, (list, dict)):
            raise OptionError(f"option {self.name}={value!r}: expected {self._expected()}")
        if self.kind == "float" and isinstance(value, int):
            value = float(value)
        return self.parse(self.format(value))

    @staticmethod
    def _show(number: float) -> str:
        """The shortest text that parses back to the same number ("2", "0.25", "1e-05")."""
        if isinstance(number, float):
            return repr(number).removesuffix(".0")
        return str(number)

    def _bad(self, text: str) -> OptionError:
        return OptionError(f"option {self.name}={text!r}: expected {self._expected()}")

    def _expected(self) -> str:
        return {
            "int": "a whole number",
            "float": "a finite number (e.g. 2 or 0.5)",
            "bool": f"{self.words[0]} or {self.words[1]}",
            "int-list": "a comma-separated list of whole numbers, e.g. 1,3,5",
        }.get(self.kind, "valid text")


def option_of(options: Mapping[str, OptionValue], name: str, kind: type[OptionT]) -> OptionT:
    """The resolved option ``name`` as the type its declaration gives it (``int`` for an
    ``"int"`` option …), so that a game reads its settings typed. A value of another type
    is a programming error (the option was declared with another kind), refused at once."""
    value = options[name]
    if not isinstance(value, kind):
        raise TypeError(f"option {name!r} is {value!r}, not {kind.__name__}")
    return value


def int_list_option(options: Mapping[str, OptionValue], name: str) -> tuple[int, ...]:
    """The resolved ``"int-list"`` option ``name`` (Nim's piles), typed."""
    value = options[name]
    if not isinstance(value, tuple):
        raise TypeError(f"option {name!r} is {value!r}, not a tuple of whole numbers")
    return value


def parse_assignments(words: Iterable[str], example: str) -> dict[str, str]:
    """``["piles=1,3", "misere=true"]`` → ``{"piles": "1,3", "misere": "true"}``.

    The one KEY=VALUE reader, for game options (``--set``) and engine parameters
    (``--engine``, ``--option``). A word without ``=``, an empty key or value, and a
    key given twice are refused: a repeated key would silently drop one of the two.
    ``example`` is shown in the message ("piles=1,3,5").
    """
    values: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise OptionError(f"{word!r} is not KEY=VALUE (e.g. {example})")
        if not value:
            raise OptionError(f"{key}= has no value (e.g. {example})")
        if key in values:
            raise OptionError(
                f"{key} is given twice ({key}={values[key]} and {key}={value}); give it once"
            )
        values[key] = value
    return values
