"""The Textual app: a start screen, a game screen and the engine runner between
the game and the search.

Looks: the theme is remembered in the settings file (the palette's "Change theme"
saves it); ``theme=`` overrides it for one run. ``no_color=True`` (``adversa play
--no-color``) asks for what Textual already does when ``NO_COLOR`` is set: its
monochrome output filter, with the boards drawing highlights as marks.

`AdversaApp` takes an optional ready-made `GameSession` (``adversa play`` opens
the game directly) and an optional ``engine_search`` function with the shape of
`engine.run_search`, which tests replace with a fast fake so Pilot never waits
on a real search.

A closed terminal ends the app (`AdversaApp.quit_if_terminal_gone`): where the hang-up
signal does not reach it (run under ``make play``, whose make keeps the signal to
itself), Textual would read end-of-file from the dead terminal in a loop, at full CPU,
for ever.
"""

from __future__ import annotations

import gc
import os
import random
import signal
import sys
from collections.abc import Iterable
from typing import Any

from textual import events
from textual.app import App, SystemCommand
from textual.filter import Monochrome, NoColor
from textual.screen import Screen

from adversa import settings as settings_module
from adversa.match.session import GameSession
from adversa.settings import Settings
from adversa.tui.runner import SearchFunction
from adversa.tui.screens import named
from adversa.tui.screens.game import GameScreen
from adversa.tui.screens.help import HelpScreen
from adversa.tui.screens.named import ScreenFactory
from adversa.tui.screens.start import StartScreen
from adversa.tui.screens.too_small import TooSmallScreen, too_small
from adversa.tui.themes import DEFAULT_THEME, HIGH_CONTRAST_CSS, THEMES

GAME_COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("Undo", "Take back the last move (and the engine's reply)", "undo"),
    ("Redo", "Replay what undo took back", "redo"),
    ("Hint", "Ask the engine for your best move", "hint"),
    ("Flip board", "View the board from the other side", "flip"),
    ("New game", "Start again with the same players", "new_game"),
    ("Save game", "Write the game to a file (JSON, or the game's own format)", "save"),
    ("Load game", "Open a saved game", "load"),
    ("Pause / go", "Engine vs engine: pause or continue", "toggle_pause"),
    ("Step", "Engine vs engine: play one move", "step"),
    ("Start screen", "Choose another game or other players", "menu"),
    ("Engine settings", "Change the engine's algorithm, depth or time; the game goes on "
     "from this position", "engine_settings"),
    ("Compare engines", "Search this position with 2-4 engines side by side", "compare"),
    ("Search tree", "Step through the search tree of the first plies (α/β, cuts)", "explore"),
    ("Build the endgame database", "Solve the endings the engine can then play perfectly "
     "(checkers: up to 4 pieces, about a minute)", "build_endgame"),
    ("Build the larger endgame database", "More endings played perfectly (checkers: up to "
     "5 pieces, about 15 minutes and 1.5 GB of memory)", "build_larger_endgame"),
    ("Keys", "Show every key", "help"),
)
"""Command-palette entries for the game screen: (title, help, screen action)."""


class AdversaApp(App[None]):
    """Play games against adversarial search, and watch the search think."""

    CSS_PATH = "app.tcss"
    CSS = HIGH_CONTRAST_CSS
    TITLE = "adversa"

    def __init__(
        self,
        session: GameSession | None = None,
        *,
        engine_search: SearchFunction | None = None,
        seed: int | None = None,
        theme: str | None = None,
        no_color: bool = False,
        big: bool = False,
        classroom: bool = False,
    ) -> None:
        super().__init__()
        self.big = big
        """Open game screens in presentation mode (``play --big``; `P` toggles it)."""
        self.classroom = classroom
        """Served to a class: nothing reads or writes the server's files (`tui.classroom`)."""
        for own_theme in THEMES:
            self.register_theme(own_theme)
        remembered = Settings.load().theme
        chosen = theme or remembered
        self.theme = chosen if chosen in self.available_themes else DEFAULT_THEME
        if no_color and not self.no_color:
            # Textual reads NO_COLOR once, in App.__init__; --no-color asks for the same
            # filter it would have added then.
            self.no_color = True
            self._filters.append(NoColor() if self.native_ansi_color else Monochrome())
        self.initial_session = session
        self.engine_search = engine_search
        self.endgame_offered: set[str] = set()
        """Games whose missing endgame database was mentioned in this run (once is enough)."""
        self.rng = random.Random(seed)
        self.screen_factories: dict[str, ScreenFactory] = {
            named.GAME: self._game_screen,
            named.START: StartScreen,
            named.HELP: HelpScreen,
        }
        """The screens other screens open by name (`adversa.tui.screens.named`)."""

    def screen_named(self, name: str, *arguments: object, **options: object) -> Screen[None]:
        """A new screen registered as ``name``, built from the arguments."""
        if name not in self.screen_factories:
            raise LookupError(f"no screen named {name!r}; expected one of: "
                              f"{', '.join(self.screen_factories)}")
        return self.screen_factories[name](*arguments, **options)

    def _game_screen(self, session: GameSession, *, rng: random.Random | None = None,
                     ) -> GameScreen:
        """A game screen rolling the app's seeded dice unless given its own."""
        return GameScreen(session, rng=rng or self.rng)

    def watch_theme(self, theme: str) -> None:
        """Remember a theme chosen in the app (the palette's "Change theme")."""
        settings = Settings.load()
        if self.is_running and settings.theme != theme:
            settings.theme = theme
            settings.save()

    def on_mount(self) -> None:
        if self.initial_session is not None:
            self.push_screen(GameScreen(self.initial_session, rng=self.rng))
        else:
            self.push_screen(StartScreen())
        self._check_size(self.size.width, self.size.height)
        self.call_after_refresh(freeze_startup_objects)
        self.show_file_notices()
        if not self.is_headless and terminal_open():
            self.set_interval(TERMINAL_CHECK_SECONDS, self.quit_if_terminal_gone)

    def quit_if_terminal_gone(self) -> None:
        """End the process as a hang-up would, once the terminal the app started in has
        closed: the searches are stopped first, and the game was autosaved at its last
        move, so nothing is lost. Not through Textual's shutdown: it writes to the
        terminal (mouse and screen modes off), and its output thread, dead since its
        first write to the closed terminal, left that write blocked for ever. An engine
        process ends by itself when the app's end of its pipe closes."""
        if not terminal_open():
            for screen in self.screen_stack:
                if isinstance(screen, GameScreen):
                    screen.stop_search()
            os._exit(HUNG_UP_STATUS)

    def show_file_notices(self) -> None:
        """Warn of faults met with the app's own files (`settings.notices`), once each."""
        settings_module.flush_notices(
            lambda message: self.notify(message, title="Files", severity="warning",
                                        markup=False, timeout=10))

    def on_resize(self, event: events.Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        """Cover the app with `TooSmallScreen` below the minimum size, uncover it above;
        the screens underneath keep their state (a search goes on)."""
        screen = self.screen
        if too_small(width, height):
            if isinstance(screen, TooSmallScreen):
                screen.show_size(width, height)
            else:
                self.push_screen(TooSmallScreen(width, height))
        elif isinstance(screen, TooSmallScreen):
            self.pop_screen()

    # Textual passes every screen here, whatever its result type, and declares it so itself.
    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's commands, then the screen's; a title the screen gives replaces
        Textual's (its "Keys" opens a generic key panel, ours the help screen)."""
        own: list[SystemCommand] = []
        if isinstance(screen, GameScreen):
            own = [SystemCommand(title, help_text, getattr(screen, f"action_{action}"))
                   for title, help_text, action in GAME_COMMANDS
                   if screen.check_action(action, ()) is not False]
        elif isinstance(screen, StartScreen):
            own = [SystemCommand("Keys", "Show every key of this screen",
                                 screen.action_help),
                   SystemCommand("Tournament", "Play engines against each other, every pairing "
                                 "a small match, with a live crosstable and ratings",
                                 screen.action_tournament)]
        titles = {command.title for command in own}
        yield from (command for command in super().get_system_commands(screen)
                    if command.title not in titles)
        yield from own

    async def action_quit(self) -> None:
        """Quit at once: cancel every running search first so no thread holds exit up."""
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.stop_search()
        self.exit()


TERMINAL_CHECK_SECONDS = 1.0
"""How often a running app checks that its terminal is still there."""

HUNG_UP_STATUS = 128 + signal.SIGHUP
"""The exit status of a process a hang-up ended, as a shell reports it."""

FULL_COLLECTION_THRESHOLD = 100
"""Young collections between two full ones (Python's default is 10), see below."""


def terminal_open() -> bool:
    """Whether standard input is still a terminal: a hung-up one no longer answers
    ``isatty`` (its attributes read fails), though its file stays open."""
    stdin = sys.__stdin__
    try:
        return stdin is not None and os.isatty(stdin.fileno())
    except ValueError:  # closed
        return False


def freeze_startup_objects() -> None:
    """Keep the cyclic collector off the UI thread's back.

    Everything alive after start-up (Textual's widgets and styles, the games' tables) is
    moved out of the collector's reach (`gc.freeze`): each full collection walked those
    hundreds of thousands of objects again, a 40–60 ms pause that
    `benchmarks/bench_tui.py` caught as an idle gap. With them frozen, the long-lived
    population looks small, so full collections would come ten times as often while an
    engine fills its table; the third threshold is raised to keep them as rare as before.
    """
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_THRESHOLD)


def run_app(
    session: GameSession | None = None, *, theme: str | None = None, no_color: bool = False,
    big: bool = False, classroom: bool = False,
) -> None:
    """Run the app: the start screen, or straight into ``session``; ``theme``,
    ``no_color``, ``big`` and ``classroom`` as in `AdversaApp`."""
    AdversaApp(session, theme=theme, no_color=no_color, big=big, classroom=classroom).run()
