"""The fields of a saved game record (JSON), each read with one line for what is wrong.

A record comes from disk, where a person may have edited it, so every field is a
`JsonValue` checked with ``isinstance`` before use, and a bad one raises `RecordError`
naming the field and what was expected. `GameSession.from_record` (in ``session``)
reads a record with these.
"""

from __future__ import annotations

from collections.abc import Mapping

from adversa.games import AdversaError, game_class
from adversa.jsontypes import JsonValue
from adversa.search.timeman import TimeControl, TimeControlError


class RecordError(AdversaError):
    """A saved game that cannot be read back; the message names the problem."""


def typed_options(game_name: str, options: Mapping[str, JsonValue]) -> dict[str, object]:
    """Record options as values the game takes: typed JSON (``true``, ``5``, ``[1, 3]``)
    or the text form older records wrote; a bad one is refused with the option's own
    message. Names the game does not declare pass through for `make_game` to refuse."""
    declared = {option.name: option for option in game_class(game_name).OPTIONS}
    return {str(name): declared[name].from_json(value) if name in declared else value
            for name, value in options.items()}


def record_control(clock: JsonValue) -> TimeControl | None:
    """The time control of a record's ``"clock"`` (None for records without one)."""
    if clock is None:
        return None
    control = clock.get("control") if isinstance(clock, dict) else None
    if not isinstance(control, str):
        raise RecordError("game record 'clock' must be an object with a 'control' such as "
                          "\"300+3\"")
    try:
        return TimeControl.parse(control)
    except TimeControlError as error:
        raise RecordError(f"game record 'clock': {error}") from None


def clock_times(left: JsonValue, seats: int) -> list[tuple[float, ...]] | None:
    """A record's clock times, one tuple of ``seats`` seconds per position; None when
    ``left`` is anything else (not lists, a seat missing, a negative or absurd time)."""
    if not isinstance(left, list):
        return None
    history = []
    for times in left:
        if not isinstance(times, list):
            return None
        seconds = tuple(float(t) for t in times
                        if isinstance(t, int | float) and not isinstance(t, bool) and 0 <= t < 1e9)
        if len(seconds) != seats or len(times) != seats:
            return None
        history.append(seconds)
    return history
