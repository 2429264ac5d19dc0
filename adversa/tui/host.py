"""What the game and start screens ask of the app that hosts them.

The screens cannot import the app (it imports them, to register them by name), so they
name what they use here, as a Protocol the app satisfies, and check it once where they
start rather than reaching for attributes mypy cannot see.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from adversa.tui.runner import SearchFunction


@runtime_checkable
class GameHost(Protocol):
    """An app that hosts game screens (`AdversaApp`)."""

    engine_search: SearchFunction | None
    """The search engines run with (None: the real one); tests inject a fake."""
    endgame_offered: set[str]
    """Games whose missing endgame database was mentioned in this run."""
    big: bool
    """Open game screens in presentation mode."""

    def show_file_notices(self) -> None:
        """Tell the user once about settings or saves that could not be read."""
        ...


def game_host(app: object) -> GameHost:
    """``app`` as a `GameHost`; an app without those attributes cannot host the screens."""
    if not isinstance(app, GameHost):
        raise TypeError(f"{type(app).__name__} cannot host adversa's game screens: it has "
                        "no engine_search, endgame_offered, big and show_file_notices")
    return app
