"""The load dialog: a file picker over the saves folder, with a path field for typing.

The tree shows folders and the files the app can read back — JSON records and every
game's own record format (`registry.record_formats`) — so the user picks rather than
remembers a name. Each file is read here, before the dialog closes: a refused file
(not a record, a move that does not replay) is named in a notification with the
reason, the dialog stays open for another choice, and the game behind it is untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, DirectoryTree, Input, Label, Static

from adversa.games import AdversaError
from adversa.games.registry import record_formats
from adversa.match.session import GameSession
from adversa.tui.screens.dialogs import (
    CancellableDialog,
    formats_help,
    saves_folder,
    typed_path,
)


def game_file_suffixes() -> set[str]:
    """Suffixes of the files a game can be loaded from: ``.json`` and each record format."""
    return {".json", *record_formats()}


class GameFileTree(DirectoryTree):
    """A directory tree of folders and game files; Enter or a double click opens a file,
    a single click only picks it (its path goes to the path field)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "open_cursor", "Open", show=False),
    ]

    DEFAULT_CSS = """
    GameFileTree {
        height: auto;
        min-height: 3;
        max-height: 40vh;  /* 9 rows on a 24-row terminal: the buttons stay in view */
        margin-top: 1;
        border: round $foreground 30%;
        border-subtitle-color: $foreground-muted;
    }
    GameFileTree:focus { border: round $accent; }
    """

    class Opened(Message):
        """The user opened ``path`` (Enter or double click on a file)."""

        def __init__(self, tree: GameFileTree, path: Path) -> None:
            super().__init__()
            self.tree = tree
            self.path = path

        @property
        def control(self) -> GameFileTree:
            return self.tree

    def filter_paths(self, paths: Iterable[Path]) -> Iterable[Path]:
        """Visible folders and game files; hidden entries and other files are left out."""
        suffixes = game_file_suffixes()
        return [path for path in paths if not path.name.startswith(".")
                and (path.is_dir() or path.suffix.lower() in suffixes)]

    def _file_at_cursor(self) -> Path | None:
        node = self.cursor_node
        if node is None or node.data is None or node.data.path.is_dir():
            return None
        return Path(node.data.path)

    def action_open_cursor(self) -> None:
        """Enter: open the file at the cursor; on a folder, fold or unfold it as usual."""
        path = self._file_at_cursor()
        if path is None:
            self.action_select_cursor()
        else:
            self.post_message(self.Opened(self, path))

    def on_click(self, event: events.Click) -> None:
        """The second click of a double click opens the file the first one picked."""
        if event.chain == 2:
            path = self._file_at_cursor()
            if path is not None:
                self.post_message(self.Opened(self, path))


class LoadDialog(CancellableDialog[tuple[Path, GameSession]]):
    """Pick a saved game; dismisses with (its path, the loaded session), or None when
    cancelled.

    ``load`` reads a file into a session (`GameSession.load`; tests may pass another);
    an `AdversaError` from it is shown and the dialog stays open.
    """

    DEFAULT_CSS = """
    LoadDialog #path-row { height: auto; }
    LoadDialog #path { width: 1fr; }
    LoadDialog #path-row Button { min-width: 10; margin-left: 1; }
    """

    def __init__(self, folder: Path | None = None,
                 load: Callable[[Path], GameSession] = GameSession.load) -> None:
        super().__init__()
        self.folder = folder if folder is not None else saves_folder()
        self.load = load

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Label("Load game", classes="dialog-title")
            # A Static, not a Label: the line wraps in the dialog instead of ending cut.
            yield Static(f"{formats_help()}.", classes="dialog-help")
            files = GameFileTree(self.folder, id="files")
            files.border_subtitle = "enter or double click: open"
            yield files
            # The path and the buttons share a row: on a 24-row terminal a row of its
            # own for the buttons pushed them out of the dialog.
            with Horizontal(id="path-row"):
                yield Input(placeholder="or type a file or folder path", id="path")
                yield Button("Load", variant="primary", id="ok")
                yield Button("Cancel", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#files", GameFileTree).focus()

    @on(DirectoryTree.FileSelected, "#files")
    def _picked(self, event: DirectoryTree.FileSelected) -> None:
        """A click (or Enter) on a file shows its path, ready to load or to edit."""
        event.stop()
        self.query_one("#path", Input).value = str(event.path)

    @on(GameFileTree.Opened, "#files")
    def _opened(self, event: GameFileTree.Opened) -> None:
        event.stop()
        self.query_one("#path", Input).value = str(event.path)
        self.open_path(event.path)

    @on(Input.Submitted, "#path")
    @on(Button.Pressed, "#ok")
    def _accept(self) -> None:
        path = typed_path(self, "Pick a file in the list, or type its path.", "Could not load")
        if path is None:
            return
        if path.is_dir():
            self.folder = path
            self.query_one("#files", GameFileTree).path = path
            return
        self.open_path(path)

    def open_path(self, path: Path) -> None:
        """Load ``path`` and close with the game; a refused file says why and stays here."""
        try:
            session = self.load(path)
        except AdversaError as error:
            self.notify(str(error), title="Could not load", severity="error", markup=False)
            return
        self.dismiss((path, session))
