"""The tournament screen: a tournament's standings and crosstable as its games finish,
and every finished game one key away in the replay viewer.

The games are played by ``adversa tournament --resume DIR`` in a process of its own
(`adversa.match.tournament_process`), never in the app: the screen stays responsive
however many games run. A thread worker watches the tournament's folder, reads each
new game's record once (`TournamentFolder.new_games`), computes the standings with
their ratings (a fit over every game, too slow for the UI thread with many engines)
and posts them as a `TournamentUpdate`; the screen only fills its tables.

Leaving the screen stops the tournament as Ctrl-C does: the folder keeps every
finished game, and opening the same folder again (or ``adversa tournament --resume``)
plays only what is missing.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Static
from textual.worker import get_current_worker

from adversa.games import AdversaError
from adversa.match.tournament import (
    FinishedGame,
    Tournament,
    build_tournament,
    crosstable,
    standings,
)
from adversa.match.tournament_files import TournamentFolder
from adversa.match.tournament_process import STOP_SECONDS, TournamentProcess
from adversa.tui.screens import named
from adversa.tui.screens.game import GameScreen
from adversa.tui.screens.game_keys import GAME_BINDINGS

WATCH_SECONDS = 0.25
"""How often the watcher looks for newly finished games."""


@dataclass(frozen=True, slots=True)
class Standings:
    """What the tables show, computed off the UI thread."""

    rows: tuple[tuple[str, ...], ...]
    """One row per engine, best first: place, engine, points/games, rating, the
    crosstable's cells against each engine in the same order."""
    games: tuple[FinishedGame, ...]
    """Every finished game, in order of number."""


def standings_rows(plan: Tournament, games: Sequence[FinishedGame]) -> Standings:
    """The standings with the crosstable beside them (a cell: the row engine's points
    against the column's, out of their games)."""
    count = len(plan.names)
    lines = standings(count, games)
    order = [line.engine for line in lines]
    table = crosstable(count, games)
    rows = []
    for place, line in enumerate(lines, start=1):
        cells = []
        for other in order:
            points, played = table[line.engine][other]
            cells.append("—" if other == line.engine else f"{points:g}/{played}" if played
                         else "")
        rating = "—" if line.rating is None else f"{line.rating:+.0f}"
        rows.append((str(place), plan.short_names[line.engine],
                     f"{line.points:g}/{line.games}", rating, *cells))
    return Standings(tuple(rows), tuple(sorted(games, key=lambda game: game.index)))


class TournamentUpdate(Message):
    """New standings from the watcher; ``running`` False with the last of them."""

    def __init__(self, standings: Standings, running: bool, error: str | None = None) -> None:
        super().__init__()
        self.standings = standings
        self.running = running
        self.error = error


class TournamentScreen(Screen[None]):
    """Run (or continue) the tournament in ``directory`` and show it live."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
        Binding("enter", "open_game", "Replay game"),
        Binding("s", "stop", "Stop"),
        Binding("c", "continue_tournament", "Continue"),
        Binding("escape,b", "back", "Back", key_display="b"),
    ]

    DEFAULT_CSS = """
    TournamentScreen #tournament-status { height: auto; padding: 0 1; }
    TournamentScreen #standings { height: auto; max-height: 12; margin: 1 0 0 0; }
    TournamentScreen #games-title { height: 1; padding: 0 1; margin-top: 1;
                                    color: $text-muted; }
    TournamentScreen #games { height: 1fr; }
    """

    def __init__(self, directory: Path, jobs: int = 1) -> None:
        super().__init__()
        self.folder = TournamentFolder(directory)
        self.jobs = jobs
        self.plan: Tournament | None = None
        self.running = False
        self.shown = Standings((), ())
        self._stop = threading.Event()

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("starting…", id="tournament-status")
        yield DataTable(id="standings", cursor_type="none", zebra_stripes=True)
        yield Static("finished games (enter: replay)", id="games-title")
        yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = "adversa"
        self.sub_title = "Tournament"
        try:
            plan = build_tournament(self.folder.settings())
        except AdversaError as error:
            self._show_status(f"[$error]{error}[/]")
            self.notify(str(error), title="Cannot run the tournament", severity="error",
                        markup=False)
            return
        self.plan = plan
        table = self.query_one("#standings", DataTable)
        table.add_columns("#", "engine", "points", "rating",
                          *(str(place) for place in range(1, len(plan.names) + 1)))
        self.query_one("#games", DataTable).add_columns("game", "result", "plies", "first",
                                                        "second", "reason")
        self._start()
        self.query_one("#games", DataTable).focus()

    def _start(self) -> None:
        """Play the games the folder does not hold yet, watching them finish."""
        self._stop.clear()
        self.running = True
        self._show_progress()
        self.run_worker(self._watch, name="tournament-watch", group="tournament",
                        thread=True, exit_on_error=False)

    # ---- the watcher (a thread) ---------------------------------------------------

    def _watch(self) -> None:
        """Start the tournament's process, post standings as games finish, and stop the
        process when the screen goes (or `s` is pressed)."""
        plan = self.plan
        assert plan is not None
        worker = get_current_worker()
        seen: set[str] = set()
        games: list[FinishedGame] = []
        process = TournamentProcess(self.folder.directory, self.jobs)
        error: str | None = None
        try:
            while True:
                if self._stop.is_set() or worker.is_cancelled:
                    process.stop()
                ended = not process.running
                fresh = self.folder.new_games(seen)
                if fresh:
                    games.extend(fresh)
                    self.post_message(TournamentUpdate(standings_rows(plan, games), True))
                if ended:
                    break
                self._stop.wait(WATCH_SECONDS)
        except AdversaError as problem:  # a record the watcher cannot read
            error = str(problem)
        finally:
            process.stop()
            error = process.wait(STOP_SECONDS) or error
        self.post_message(TournamentUpdate(standings_rows(plan, games), False, error))

    # ---- showing it -----------------------------------------------------------------

    @on(TournamentUpdate)
    def _update(self, message: TournamentUpdate) -> None:
        self.running = message.running
        self._fill(message.standings)
        self._show_progress()
        if message.error is not None:
            self.notify(message.error, title="Tournament stopped", severity="error",
                        markup=False)
        elif not message.running:
            done = len(self.shown.games)
            planned = self.plan.planned if self.plan is not None else done
            self.notify(f"{done} of {planned} games played.",
                        title="Tournament over" if done == planned else "Tournament stopped")

    def _fill(self, shown: Standings) -> None:
        table = self.query_one("#standings", DataTable)
        table.clear()
        for row in shown.rows:
            table.add_row(*row)
        games = self.query_one("#games", DataTable)
        names = self.plan.short_names if self.plan is not None else ()
        listed = {int(str(key.value)) for key in games.rows}
        for game in shown.games:  # in the order they finished (jobs finish out of order)
            if game.index in listed:
                continue
            first, second = (game.engines if game.first_player == 0
                             else (game.engines[1], game.engines[0]))
            games.add_row(str(game.index + 1), game.result, str(game.plies), names[first],
                          names[second], game.reason, key=str(game.index))
        self.shown = shown

    def _show_progress(self) -> None:
        plan = self.plan
        if plan is None:
            return
        done = len(self.shown.games)
        state = ("[$accent]running[/] — s: stop" if self.running
                 else "[b]finished[/]" if done == plan.planned
                 else "[$warning]stopped[/] — c: continue")
        self._show_status(f"[b]{plan.game.name}[/] {plan.settings.format}: "
                          f"[b]{done}[/] of {plan.planned} games · {state}\n"
                          f"[$text-muted]{self.folder.directory}[/]")

    def _show_status(self, markup: str) -> None:
        self.query_one("#tournament-status", Static).update(markup)

    # ---- actions ----------------------------------------------------------------------

    def action_open_game(self) -> None:
        """The highlighted finished game in the replay viewer (the game screen at its
        last move: u/r or the move list step through it; b comes back here)."""
        table = self.query_one("#games", DataTable)
        if table.row_count == 0:
            self.notify("No game has finished yet.", severity="warning")
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        assert key is not None
        try:
            session = self.folder.replay(int(key))
        except AdversaError as error:
            self.notify(str(error), title="Cannot replay", severity="error", markup=False)
            return
        self.app.push_screen(ReplayScreen(session))

    @on(DataTable.RowSelected, "#games")
    def _row_chosen(self, message: DataTable.RowSelected) -> None:
        message.stop()
        self.action_open_game()

    def action_stop(self) -> None:
        if self.running:
            self._stop.set()
            self.notify("Stopping: the games in progress are dropped, the finished ones "
                        "kept.")

    def action_continue_tournament(self) -> None:
        """Continue a stopped tournament: only the games still missing are played."""
        if self.running or self.plan is None:
            return
        if len(self.shown.games) == self.plan.planned:
            self.notify("Every game of this tournament is played.")
            return
        self._start()

    def action_back(self) -> None:
        self._stop.set()
        self.app.switch_screen(named.named_screen(self.app, named.START))

    def on_unmount(self) -> None:
        """Leaving the screen stops the tournament (its finished games stay)."""
        self._stop.set()

    def action_help(self) -> None:
        self.app.push_screen(named.named_screen(self.app, named.HELP, self))

    def action_quit(self) -> None:
        self._stop.set()
        self.app.exit()


class ReplayScreen(GameScreen, inherit_bindings=False):
    """The game screen on a finished tournament game; ``b`` goes back to the tournament."""

    # Back first: the footer lists keys in binding order and at 80 columns ends about the
    # eighth, so appended after the game's keys it was never seen.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("b", "back", "Back"),
        *GAME_BINDINGS,
    ]

    def on_mount(self) -> None:
        super().on_mount()
        self.sub_title = f"{self.sub_title} · replay — b: back to the tournament"

    def action_back(self) -> None:
        self.stop_search()
        self.app.pop_screen()
