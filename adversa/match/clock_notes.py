"""Clocks in a text record: the time control as a tag, each move's clock as a note.

The convention of PGN, which PDN programs share: a ``[TimeControl "300+3"]`` tag, and
after each move a comment ``{[%clk 0:04:58.2]}`` with the mover's time left once the
move is made (its increment included), or ``{[%emt 0:00:00.3]}`` with the time the move
took. A clock game the app saves as ``.pdn`` keeps its clocks that way (the JSON record
has its own ``"clock"`` field), and one read back has the times of every position, so
undo and the move list bring them back as in a game played there; a match's records
note each engine move's time, and its clock under a time control.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from adversa.search.timeman import TimeControl

TIME_CONTROL_TAG = "TimeControl"
TERMINATION_TAG = "Termination"
TIME_FORFEIT = "time forfeit"
"""PGN's ``Termination`` value for a game lost on time."""

_CLOCK = re.compile(r"\[%clk\s+(\d+):([0-5]?\d):([0-5]?\d(?:\.\d+)?)\]")


def clock_note(seconds: float, command: str = "clk") -> str:
    """``[%clk h:mm:ss.t]`` (or ``%emt``, a move's time): seconds to a tenth."""
    tenths = round(max(0.0, seconds) * 10)
    hours, tenths = divmod(tenths, 36_000)
    minutes, tenths = divmod(tenths, 600)
    return f"[%{command} {hours}:{minutes:02d}:{tenths // 10:02d}.{tenths % 10}]"


def note_seconds(note: str) -> float | None:
    """The seconds of the first ``[%clk …]`` in a move's note, None when it has none."""
    match = _CLOCK.search(note)
    if match is None:
        return None
    hours, minutes, seconds = match.groups()
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


def clock_notes(history: Sequence[Sequence[float]], movers: Sequence[int]) -> list[str]:
    """Each move's note: its mover's clock after the move (``history[i + 1]``, the clocks at
    the start of the next ply); "" for a move of no seat (a chance outcome)."""
    return [clock_note(history[index + 1][mover]) if mover >= 0 else ""
            for index, mover in enumerate(movers)]


def clocks_from_notes(control: TimeControl, seats: int, movers: Sequence[int],
                      notes: Sequence[str]) -> list[tuple[float, ...]]:
    """The clocks at the start of each ply, rebuilt from the moves' notes: every clock
    starts with the control's base time, and a mover's clock is set from its move's note
    (a move without one adds the increment, as a move made in time would)."""
    left = [control.base] * seats
    history = [tuple(left)]
    for index, mover in enumerate(movers):
        if mover >= 0:
            seconds = note_seconds(notes[index]) if index < len(notes) else None
            left[mover] = seconds if seconds is not None else left[mover] + control.increment
        history.append(tuple(left))
    return history
