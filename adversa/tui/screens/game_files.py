"""The game screen's files: save, load, and the question before unsaved moves are lost.

Kept apart from `adversa.tui.screens.game` (the flow of play) because each is a dialog
and its answer; the screen's actions call these with itself.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from adversa import settings
from adversa.games import AdversaError
from adversa.tui.screens import named
from adversa.tui.screens.dialogs import (
    ConfirmDialog,
    PathDialog,
    default_save_path,
    ensure_saves_folder,
    save_help,
    save_suffix,
)

if TYPE_CHECKING:
    from adversa.match.session import GameSession
    from adversa.tui.screens.game import GameScreen


def confirm_discard(screen: GameScreen, then: Callable[[], None]) -> None:
    """Run ``then`` at once, or after the player confirms discarding unsaved moves.

    A game counts as unsaved when it has moves since it was started, saved or loaded
    and is not over; No (or Esc) leaves it exactly as it was.
    """
    session = screen.session
    if len(session.notations) == screen.saved_moves or session.is_over:
        then()
        return

    count = len(session.notations) - screen.saved_moves
    unsaved = f"{count} move{'' if count == 1 else 's'}" if count > 0 else "It is"

    def answered(discard: bool | None) -> None:
        if discard:  # discarded: not offered under Resume either
            settings.forget_autosave()
            then()

    screen.app.push_screen(
        ConfirmDialog(f"Discard the game in progress? {unsaved} not saved."), answered)


def save_game(screen: GameScreen) -> None:
    """Ask for a path and write the game there (JSON, or the game's own record format)."""

    name = screen.session.game_name

    def save(path: Path | None) -> None:
        if path is None:
            return
        try:
            ensure_saves_folder(path)
            screen.session.save(path)
        except (AdversaError, OSError) as error:
            screen.notify(f"Could not save: {error}", severity="error", markup=False)
            return
        screen.saved_moves = len(screen.session.notations)
        screen.notify(f"Saved to {path}", title="Saved", markup=False)

    screen.app.push_screen(
        PathDialog("Save game as", default_save_path(name), "Save",
                   suffix=save_suffix(name), help_text=save_help(name)), save)


def load_game(screen: GameScreen) -> None:
    """Pick a file (`LoadDialog` reads it and refuses a bad one, this game untouched) and
    play it in a new game screen."""
    from adversa.tui.screens.load_dialog import LoadDialog

    def load(loaded_file: tuple[Path, GameSession] | None) -> None:
        if loaded_file is None:
            return
        path, session = loaded_file
        screen.stop_search()
        session.autosave()  # the autosave is the loaded game now, not the one left
        # A loaded game counts as saved (`GameScreen.saved_moves` starts at its length).
        screen.app.switch_screen(named.named_screen(screen.app, named.GAME, session,
                                                    rng=screen.rng))
        screen.app.notify(f"Loaded {path}", title="Loaded", markup=False)

    screen.app.push_screen(LoadDialog(), load)
