"""Small modal dialogs: ask for a file path (save), confirm a choice; where saves go.

Loading has its own dialog with a file picker (`load_dialog`)."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import ClassVar, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from adversa.files import UserFileError, user_path
from adversa.games.registry import entry, record_formats


def saves_folder() -> Path:
    """Where the save dialog proposes to write, tree figures go and the load dialog starts
    looking: an ``adversa`` folder in the user's documents (``~/Documents/adversa``), not
    the current directory, which with the README's workflow is a git working tree.
    ``ADVERSA_SAVES_DIR`` overrides it (tests point it at a tmp dir). Not created here:
    `ensure_saves_folder` does that when something is written there."""
    override = os.environ.get("ADVERSA_SAVES_DIR")
    if override:
        return Path(override)
    import platformdirs  # only when a file is saved or looked for

    return Path(platformdirs.user_documents_dir()) / "adversa"


def ensure_saves_folder(path: Path) -> None:
    """Create the saves folder when ``path`` is to be written in it (a folder the user
    typed is theirs: a missing one is an error to report, not to create)."""
    folder = saves_folder()
    if path.parent == folder:
        folder.mkdir(parents=True, exist_ok=True)


def save_suffix(game_name: str) -> str:
    """The suffix of a game's saves: its own record format's (``.pdn`` for checkers), else
    ``.json``."""
    record_format = entry(game_name).record
    return ".json" if record_format is None else record_format.suffix


def save_help(game_name: str) -> str:
    """The save dialog's one-line hint: this game's format only, and where saves go."""
    record_format = entry(game_name).record
    kind = "JSON game record" if record_format is None else record_format.name
    return f"{kind}; a name alone goes to {display_path(saves_folder())}"


def display_path(path: Path) -> str:
    """``~/Documents/adversa`` rather than the home folder spelled out."""
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except ValueError:
        return str(path)


def default_save_path(game_name: str) -> str:
    """A fresh file name in the saves folder, in the game's own record format when it
    has one (PDN for checkers), else JSON."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return str(saves_folder() / f"adversa-{game_name}-{stamp}{save_suffix(game_name)}")


def formats_help() -> str:
    """ "JSON game record, or .pdn (PDN …) for checkers": every game's own format."""
    own = [f"{suffix} ({registration.record.name}) for {registration.name}"
           for suffix, registration in record_formats().items()
           if registration.record is not None]
    return "JSON game record" + "".join(f", or {text}" for text in own)


Answer = TypeVar("Answer")


class CancellableDialog(ModalScreen[Answer | None]):
    """A dialog that Esc and its Cancel button (``#cancel``) close with None: the answer
    of every dialog whose person changed their mind (engine, path, load, tournament)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


def typed_path(dialog: ModalScreen[Answer], empty_hint: str, refusal_title: str) -> Path | None:
    """The path typed in ``dialog``'s ``#path`` input, expanded (`user_path`); None once
    the person has been told what is wrong (nothing typed, not a path)."""
    text = dialog.query_one("#path", Input).value.strip()
    if not text:
        dialog.notify(empty_hint, severity="warning")
        return None
    try:
        return user_path(text)
    except UserFileError as error:
        dialog.notify(str(error), title=refusal_title, severity="error", markup=False)
        return None


def dialog_buttons(action_label: str, action_id: str = "ok") -> Horizontal:
    """A dialog's row of buttons, for the mouse: its action (the primary one) and Cancel."""
    return Horizontal(Button(action_label, variant="primary", id=action_id),
                      Button("Cancel", id="cancel"), classes="dialog-buttons")


class PathDialog(CancellableDialog[Path]):
    """Ask for a path; dismisses with the expanded `Path`, or None when cancelled."""

    def __init__(self, title: str, initial: str, action_label: str, *,
                 suffix: str = "", help_text: str | None = None) -> None:
        """``suffix`` is added to a typed name without one (``game`` → ``game.json``), so
        the load picker, which lists game files by suffix, finds the file again; a bare
        name (no folder) goes to the saves folder."""
        super().__init__()
        self.dialog_title = title
        self.initial = initial
        self.action_label = action_label
        self.suffix = suffix
        self.help_text = formats_help() if help_text is None else help_text

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Label(self.dialog_title, classes="dialog-title")
            yield Label(self.help_text, classes="dialog-help")
            yield Input(self.initial, placeholder="path/to/game.json", id="path")
            yield dialog_buttons(self.action_label)

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    @on(Input.Submitted, "#path")
    @on(Button.Pressed, "#ok")
    def _accept(self) -> None:
        path = typed_path(self, "Type a file path first.", "Not a path")
        if path is None:
            return
        if self.suffix and not path.suffix:
            path = path.with_name(path.name + self.suffix)
        if self.suffix and path.parent == Path():  # a bare name: the saves folder
            path = saves_folder() / path
        self.dismiss(path)


class ConfirmDialog(ModalScreen[bool]):
    """Ask a yes/no question; dismisses with True for yes (``y``), False for no (``n``/Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes_label: str = "Discard") -> None:
        super().__init__()
        self.question = question
        self.yes_label = yes_label

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Label(self.question, classes="dialog-title")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes_label} (y)", variant="error", id="yes")
                yield Button("Keep playing (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed, "#yes")
    def _yes(self) -> None:
        self.dismiss(True)

    @on(Button.Pressed, "#no")
    def _no(self) -> None:
        self.dismiss(False)

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)
