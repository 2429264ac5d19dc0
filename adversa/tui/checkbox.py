"""A checkbox whose "off" is visibly empty.

Textual's `Checkbox` draws the same ``X`` inside the box whether it is on or
off; only the colour changes, which on a projector (or a monochrome terminal)
reads as "on" either way. `ClearCheckbox` draws the ``X`` only when checked.

The start screen uses it without a label: the option's name is already beside
it, a fixed "on" contradicted an empty box, and in a narrow seat form even
"on"/"off" did not fit (``▐X▌ o``). Textual shows focus on the label, so with no
label the box itself takes the cursor colours when focused.
"""

from __future__ import annotations

from typing import ClassVar

from textual.content import Content
from textual.widgets import Checkbox


class ClearCheckbox(Checkbox):
    """A `Checkbox` with an empty box when off.

    CSS type selectors and handlers written for ``Checkbox`` (and its
    ``Checkbox.Changed`` message) apply to it unchanged.
    """

    DEFAULT_CSS: ClassVar[str] = """
    ClearCheckbox:focus > .toggle--button,
    ClearCheckbox.-on:focus > .toggle--button {
        color: $block-cursor-foreground;
        background: $block-cursor-background;
    }
    """

    ON_GLYPH = "X"
    OFF_GLYPH = " "

    @property
    def BUTTON_INNER(self) -> str:  # type: ignore[override]  # a class attribute in Textual
        """The glyph inside the box, read by `ToggleButton` each time it renders
        (the ``value`` reactive repaints on change)."""
        return self.ON_GLYPH if self.value else self.OFF_GLYPH

    def render(self) -> Content:
        """Without a label, only the box: Textual pads even an empty label with two
        blanks that its width calculation leaves out, so the box was cut to ``X…``."""
        drawn = super().render()
        return drawn if self.label else drawn[: len(self.BUTTON_LEFT + " " + self.BUTTON_RIGHT)]
