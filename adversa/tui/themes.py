"""The app's themes: Textual's own, plus a high-contrast one for projectors and low vision.

Textual already has the machinery (``App.theme``, ``App.register_theme``, a
"Change theme" command in the palette, ``NO_COLOR``); adversa only adds one
theme and the board colours that go with it. The theme sets the app's colours;
the boards' own fixed colours (the checkers squares) follow it through
`HIGH_CONTRAST_CSS`, keyed on the ``-theme-high-contrast`` class Textual puts on
the app while the theme is active.
"""

from __future__ import annotations

from textual.theme import BUILTIN_THEMES, Theme

HIGH_CONTRAST = Theme(
    name="high-contrast",
    primary="#3d9bff",
    secondary="#00e5ff",
    accent="#ffe600",
    warning="#ffb000",
    error="#ff4d4d",
    success="#00e000",
    foreground="#ffffff",
    background="#000000",
    surface="#000000",
    panel="#262626",
    dark=True,
    text_alpha=1.0,
    variables={
        "footer-key-foreground": "#ffe600",
        "block-cursor-background": "#ffe600",
        "block-cursor-foreground": "#000000",
        "input-selection-background": "#3d9bff 60%",
    },
)
"""White on black, saturated signal colours, no dimmed text (``text_alpha=1``)."""

HIGH_CONTRAST_CSS = """
.-theme-high-contrast CheckersBoard > .checkers--light { background: #d8d8d8; }
.-theme-high-contrast CheckersBoard > .checkers--dark { background: #767676; }
.-theme-high-contrast CheckersBoard > .checkers--black { color: #000000; }
.-theme-high-contrast CheckersBoard > .checkers--white { color: #ffffff; }
.-theme-high-contrast CheckersBoard > .checkers--number { color: #ffffff; }
.-theme-high-contrast CheckersBoard > .checkers--captured { color: #ffffff; }
.-theme-high-contrast CheckersBoard > .checkers--last-move { background: #806000; }
.-theme-high-contrast CheckersBoard > .checkers--hint { background: #00838f; }
.-theme-high-contrast CheckersBoard > .checkers--must-capture { background: #e00000; }
.-theme-high-contrast CheckersBoard > .checkers--selected { background: #0066ff; }
.-theme-high-contrast CheckersBoard > .checkers--target { background: #008a00; }
.-theme-high-contrast CheckersBoard > .checkers--cursor { background: #c000c0; }
"""
"""The checkers board in the high-contrast theme. Its pieces are black and white, and
only a square of middling lightness (relative luminance near 0.18) shows both at
4.5:1 or better: a mid grey for the dark squares (4.5 and 4.6), and for each
highlight a saturated colour of about that lightness (3.6:1 or better against both;
the highlights also get marks, see `BoardView.marks_highlights`)."""

THEMES = (HIGH_CONTRAST,)
"""adversa's own themes, registered on top of Textual's."""

DEFAULT_THEME = "textual-dark"


def theme_names() -> list[str]:
    """Every theme ``--theme`` accepts, Textual's and adversa's."""
    return [*(theme.name for theme in THEMES), *BUILTIN_THEMES]
