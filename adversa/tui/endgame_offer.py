"""A game's endgame database in the app: say once that it is missing, build it on request.

Checkers' engine plays endings perfectly once ``adversa endgame build`` has solved
them; without the database it still plays, by search alone. A person who never read
the README should learn that, once, when a game against the engine starts, and be
able to build it without leaving the app: the palette's "Build the endgame database"
(or "Build the larger endgame database", checkers' five pieces) runs the same
command in a subprocess (its own process, so neither the interface nor a search in
progress waits for the GIL), and the engine uses the file as soon as it is there
(`Game.endgame_probe` looks for it at every search).
"""

from __future__ import annotations

import subprocess
import sys
from typing import TYPE_CHECKING

from textual.notifications import SeverityLevel
from textual.screen import Screen

from adversa.games.registry import EndgameTables, entry_of
from adversa.settings import Settings
from adversa.tui.classroom import in_classroom

if TYPE_CHECKING:
    from adversa.match.session import GameSession


def missing_tables(session: GameSession) -> EndgameTables | None:
    """The database the session's game could use and does not have, if any."""
    tables = entry_of(session.game).endgame
    return tables if tables is not None and not tables.built() else None


HINTED_KEY = "endgame_hinted"
"""The settings entry listing the games whose missing database was hinted at (once ever)."""


def hint_text() -> str:
    """One line, short enough for a notification at 80 columns: the palette's command
    says the rest (what it solves and what it costs)."""
    return "No endgame database: ctrl+p to build it"


def offer_once(screen: Screen[None], session: GameSession, offered: set[str]) -> None:
    """A one-line hint when an engine plays and the database is missing: once per game,
    ever (remembered in the settings), and once per app run should the settings be
    unwritable. Longer, it covered the search panel at 80×24 at every game's start.
    Never in classroom mode, where building one is refused."""
    if (session.game_name in offered or all(player is None for player in session.players)
            or in_classroom(screen.app)):
        return
    tables = missing_tables(session)
    if tables is None:
        return
    offered.add(session.game_name)
    remembered = Settings.load()
    hinted = remembered.data.get(HINTED_KEY)
    hinted = list(hinted) if isinstance(hinted, list) else []
    if session.game_name in hinted:
        return
    remembered.set_value(HINTED_KEY, [*hinted, session.game_name])
    remembered.save()
    screen.notify(hint_text(), timeout=8)


def build_in_background(screen: Screen[None], session: GameSession, *,
                        larger: bool = False) -> None:
    """Build the session's game's database (its `EndgameTables.larger` one when ``larger``)
    in a subprocess, notifying when it is done."""
    tables = entry_of(session.game).endgame
    if tables is not None and larger:
        tables = tables.larger
    if tables is None:
        kind = "larger endgame database" if larger else "endgame database"
        screen.notify(f"{session.game.title} has no {kind}.", severity="warning")
        return
    if tables.built():
        screen.notify(f"{tables.title[:1].upper()}{tables.title[1:]} is already built.")
        return
    screen.notify(f"Building {tables.title} ({tables.cost}); the engine uses it as soon "
                  "as it is ready.", title="Endgame database")

    def build() -> None:
        outcome = subprocess.run(
            [sys.executable, "-P", "-m", "adversa", *tables.command],  # -P: see search.process
            capture_output=True, text=True, check=False,
        )
        severity: SeverityLevel = "information"
        message = f"Built {tables.title}: the engine now plays those endings perfectly."
        if outcome.returncode != 0 or not tables.built():
            reason = (outcome.stderr.strip().splitlines() or ["no reason given"])[-1]
            severity, message = "error", f"Could not build {tables.title}: {reason}"
        screen.app.call_from_thread(screen.notify, message, title="Endgame database",
                                    severity=severity, timeout=15)

    screen.run_worker(build, thread=True, group="endgame-build", exclusive=True)
