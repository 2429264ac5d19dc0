"""Classroom mode: the app served to a class (``adversa serve``) touches no server files.

A student at a browser is not the server's user: saving a game, loading one, writing a
search-tree figure or building an endgame database would read or write files on the
teacher's machine as the teacher. In classroom mode each of those actions is refused
with a notification and the game goes on.
"""

from __future__ import annotations

from textual.app import App
from textual.screen import Screen


def in_classroom(app: App[None]) -> bool:
    """Whether ``app`` runs in classroom mode (``adversa --classroom``, set by the server)."""
    return bool(getattr(app, "classroom", False))


def refused_in_classroom(screen: Screen[None], action: str) -> bool:
    """Notify and return True when ``screen``'s app is in classroom mode (``action`` is
    what was asked, e.g. "Saving"); False, silently, otherwise."""
    if not in_classroom(screen.app):
        return False
    screen.notify(f"{action} is off in classroom mode: this app runs on a shared server "
                  "and does not read or write its files.", title="Classroom",
                  severity="warning")
    return True
