"""Classroom mode: the app served to a class (``adversa serve``) touches no server files.

A student at a browser is not the server's user: saving a game, loading one, writing a
search-tree figure or building an endgame database would read or write files on the
teacher's machine as the teacher. In classroom mode each of those actions is hidden
from the footer, the help screen and the command palette (`classroom_check`, asked
by each screen's ``check_action``), and its key, pressed anyway, is answered by a
notification (`refusal_binding`) while the game goes on.
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding
from textual.screen import Screen

FILE_ACTIONS: dict[str, str] = {
    "save": "Saving",
    "load": "Loading",
    "build_endgame": "Building a database",
    "build_larger_endgame": "Building a database",
    "figure": "Saving a figure",
}
"""The screen actions that read or write the server's files, and how a refusal names them."""

REFUSAL_ACTION = "classroom_refusal"


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


def classroom_check(app: App[None], action: str) -> bool | None:
    """What a screen's ``check_action`` answers for ``action`` because of classroom mode:
    the refusal key on only in classroom mode, a file action off there; None when
    classroom mode has no say (the screen decides)."""
    if action == REFUSAL_ACTION:
        return in_classroom(app)
    if hidden_in_classroom(app, action):
        return False
    return None


def hidden_in_classroom(app: App[None], action: str) -> bool:
    """Whether ``action`` is to be hidden and disabled because it touches files."""
    return action in FILE_ACTIONS and in_classroom(app)


def refusal_binding(key: str, action: str) -> Binding:
    """A hidden binding of ``key`` that answers, in classroom mode only, what the file
    ``action`` bound to the same key would have done: Textual tries a key's next binding
    when the screen's ``check_action`` disables the first, so the student who presses
    ctrl+s learns why nothing was saved."""
    return Binding(key, f"{REFUSAL_ACTION}({FILE_ACTIONS[action]!r})", "", show=False)
