"""A checkbox whose "off" is visibly empty.

Textual's `Checkbox` draws the same ``X`` inside the box whether it is on or
off; only the colour changes, which on a projector (or a monochrome terminal)
reads as "on" either way. `ClearCheckbox` draws the ``X`` only when checked.
"""

from __future__ import annotations

from textual.widgets import Checkbox


class ClearCheckbox(Checkbox):
    """A `Checkbox` with an empty box when off.

    CSS type selectors and handlers written for ``Checkbox`` (and its
    ``Checkbox.Changed`` message) apply to it unchanged.
    """

    ON_GLYPH = "X"
    OFF_GLYPH = " "

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # a class attribute in Textual
        """The glyph inside the box, read by `ToggleButton` each time it renders
        (the ``value`` reactive repaints on change)."""
        return self.ON_GLYPH if self.value else self.OFF_GLYPH
