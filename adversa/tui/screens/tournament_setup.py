"""Setting up a tournament from the app: its engines, games per pairing, format and jobs.

The start screen's game (with its options) is the tournament's game, and its seats'
engines start the list, with the game's random mover as a yardstick. Engines are
written as ``--engine`` takes them, one a line, outside engines included
(``external:python3 my_engine.py``). The settings are checked as the command checks
them (`build_tournament`: every engine fits the game, every program is found) before
the folder is created, so a refused tournament is one notification and nothing
written.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Label, Select, Static, TextArea

from adversa.games import AdversaError
from adversa.match.tournament import FORMATS, TournamentSettings, build_tournament
from adversa.match.tournament_files import TournamentFolder
from adversa.tui.screens.dialogs import CancellableDialog, dialog_buttons, saves_folder

TOURNAMENTS_FOLDER = "tournaments"
"""Under the saves folder: one folder per tournament started from the app."""


@dataclass(frozen=True, slots=True)
class TournamentStart:
    """A tournament whose folder is created, ready to run."""

    directory: Path
    jobs: int


def new_tournament_folder(game_name: str) -> Path:
    """A fresh folder for a tournament of ``game_name`` in the saves folder."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = saves_folder() / TOURNAMENTS_FOLDER / f"{game_name}-{stamp}"
    directory, number = base, 1
    while directory.exists():
        number += 1
        directory = base.with_name(f"{base.name}-{number}")
    return directory


def whole_number(text: str, name: str, least: int) -> int:
    """``text`` as a whole number ≥ ``least``; `AdversaError` naming the field otherwise."""
    try:
        value = int(text.strip())
    except ValueError:
        value = least - 1
    if value < least:
        raise AdversaError(f"{name} {text.strip()!r}: expected a whole number ≥ {least}")
    return value


class TournamentSetup(CancellableDialog[TournamentStart]):
    """Ask for the engines and the tournament's settings; dismiss with the created
    tournament, or None when cancelled."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g", "start", "Start", key_display="^g", priority=True),
    ]

    DEFAULT_CSS = """
    TournamentSetup #dialog { width: 76; max-width: 100%; height: auto; max-height: 100%; }
    TournamentSetup #engines { height: 6; }
    TournamentSetup .setup-row { height: auto; margin-top: 1; }
    TournamentSetup .setup-row Label { width: auto; padding: 1 1 0 0; }
    TournamentSetup .setup-row Input { width: 8; }
    TournamentSetup .setup-row Select { width: 20; }
    """

    def __init__(self, game_name: str, game_settings: tuple[str, ...],
                 engines: tuple[str, ...]) -> None:
        super().__init__()
        self.game_name = game_name
        self.game_settings = game_settings
        self.engines = engines

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Label(f"Tournament: {self.game_name}", classes="dialog-title")
            yield Static("Engines, one a line, as --engine takes them: alphabeta depth=4, "
                         "random, external:python3 my_engine.py, uci:stockfish",
                         classes="dialog-help")
            yield TextArea("\n".join(self.engines), id="engines", show_line_numbers=False,
                           tab_behavior="focus")
            with Horizontal(classes="setup-row"):
                yield Label("games per pairing")
                yield Input("2", id="games", type="integer")
                yield Label("jobs")
                yield Input("1", id="jobs", type="integer")
                yield Select([(name, name) for name in FORMATS], value=FORMATS[0],
                             allow_blank=False, id="format")
            yield dialog_buttons("Start", "start")

    def on_mount(self) -> None:
        self.query_one("#engines", TextArea).focus()

    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            start = self._create()
        except AdversaError as error:
            self.notify(str(error), title="Cannot start the tournament", severity="error",
                        markup=False)
            return
        self.dismiss(start)

    def _create(self) -> TournamentStart:
        engines = tuple(line.strip() for line in self.query_one("#engines", TextArea).text
                        .splitlines() if line.strip())
        games = whole_number(self.query_one("#games", Input).value, "games per pairing", 1)
        jobs = whole_number(self.query_one("#jobs", Input).value, "jobs", 1)
        settings = TournamentSettings(self.game_name, engines, self.game_settings,
                                      str(self.query_one("#format", Select).value), games)
        build_tournament(settings)  # every engine and setting checked before any file
        directory = new_tournament_folder(self.game_name)
        TournamentFolder(directory).create(settings)
        return TournamentStart(directory, jobs)
