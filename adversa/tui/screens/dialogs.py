"""Small modal dialogs: ask for a file path (save), confirm a choice; where saves go.

Loading has its own dialog with a file picker (`load_dialog`)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label

from adversa.files import UserFileError, user_path
from adversa.games.registry import entry, record_formats


def saves_folder() -> Path:
    """Where the save dialog proposes to write and the load dialog starts looking: the
    current directory, the one the user started adversa in (``adversa play`` in a
    course folder saves there)."""
    return Path.cwd()


def default_save_path(game_name: str) -> str:
    """A fresh file name in the saves folder, in the game's own record format when it
    has one (PDN for checkers), else JSON."""
    record_format = entry(game_name).record
    suffix = ".json" if record_format is None else record_format.suffix
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return str(saves_folder() / f"adversa-{game_name}-{stamp}{suffix}")


def formats_help() -> str:
    """ "JSON game record, or .pdn (PDN …) for checkers": every game's own format."""
    own = [f"{suffix} ({registration.record.name}) for {registration.name}"
           for suffix, registration in record_formats().items()
           if registration.record is not None]
    return "JSON game record" + "".join(f", or {text}" for text in own)


class PathDialog(ModalScreen[Path | None]):
    """Ask for a path; dismisses with the expanded `Path`, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, initial: str, action_label: str) -> None:
        super().__init__()
        self.dialog_title = title
        self.initial = initial
        self.action_label = action_label

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Label(self.dialog_title, classes="dialog-title")
            yield Label(formats_help(), classes="dialog-help")
            yield Input(self.initial, placeholder="path/to/game.json", id="path")
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.action_label, variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#path", Input).focus()

    @on(Input.Submitted, "#path")
    @on(Button.Pressed, "#ok")
    def _accept(self) -> None:
        text = self.query_one("#path", Input).value.strip()
        if not text:
            self.notify("Type a file path first.", severity="warning")
            return
        try:
            path = user_path(text)
        except UserFileError as error:
            self.notify(str(error), title="Not a path", severity="error", markup=False)
            return
        self.dismiss(path)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)


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
