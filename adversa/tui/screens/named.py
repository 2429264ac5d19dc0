"""Screens found by name, so that screens which open one another need not import one
another.

The game screen opens the start screen (menu) and help; the start screen opens the
game; loading a file opens a new game screen. Imported directly, those made a circle
of modules that only function-level imports kept from failing. Instead the app, at
the top of the import graph, registers its screen classes under names
(`AdversaApp.SCREEN_FACTORIES`, as Textual's ``SCREENS`` registers its once-per-app
screens), and a screen asks the app for one by name with the arguments it needs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

from textual.screen import Screen

ScreenFactory = Callable[..., Screen[None]]
"""A screen class (or function) that builds a fresh screen from its arguments."""

GAME = "game"
"""`GameScreen(session, rng=...)`: play one game."""
START = "start"
"""`StartScreen()`: choose a game and its players."""
HELP = "help"
"""`HelpScreen(origin)`: the keys of the screen it was opened from."""


@runtime_checkable
class ScreenDirectory(Protocol):
    """An app that builds its screens by name."""

    def screen_named(self, name: str, *arguments: object, **options: object) -> Screen[None]:
        """A new screen registered as ``name``, built from the arguments."""
        ...


def named_screen(app: object, name: str, *arguments: object, **options: object) -> Screen[None]:
    """The screen ``app`` registers as ``name``, built from the arguments.

    Raises LookupError when the app registers no screens or none by that name (a test
    app hosting a single screen)."""
    if not isinstance(app, ScreenDirectory):
        raise LookupError(f"{type(app).__name__} registers no screens by name; "
                          f"{name!r} cannot be opened from it")
    return app.screen_named(name, *arguments, **options)
