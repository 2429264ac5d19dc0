"""The game screen's move box: an `Input` where the key that opens it starts a new move.

``:`` (or ``/``) moves the focus to the box. After a refused move the box keeps the focus
and its text, selected, for correcting; a user who reaches for ``:`` again to type a new
move would otherwise get a literal colon in front of it (``:b3 is not a cell``). No
game's move starts with either character (Nim's ``1:3`` has its colon inside), so one
typed into an empty or fully selected box clears the box instead of being typed.
"""

from __future__ import annotations

from textual import events
from textual.widgets import Input

OPENING_KEYS = frozenset(":/")
"""The characters of the keys that focus the move box (`GameScreen`'s ``focus_input``)."""


class MoveInput(Input):
    """`Input` that swallows an opening ``:``/``/`` at the start of a new move."""

    def _starts_a_new_move(self) -> bool:
        start, end = sorted(self.selection)
        return not self.value or (start == 0 and end == len(self.value))

    async def _on_key(self, event: events.Key) -> None:
        if event.character in OPENING_KEYS and self._starts_a_new_move():
            event.stop()
            event.prevent_default()
            self.value = ""
            return
        await super()._on_key(event)
