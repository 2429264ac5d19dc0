"""``adversa tournament``: many engines, round robin or gauntlet, rated on one scale.

Registered on the main group by `adversa.cli`. The work is in
`adversa.match.tournament` (the games, standings, ratings) and
`adversa.match.tournament_files` (the folder and ``--resume``); this module parses the
options and shows the tournament live (a Rich progress bar, ETA and standings).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from adversa.cli.common import SECONDS, console, emit_json, json_option

SUMMARY_SECONDS = 1.0
"""How often (at most) the live standings and results.json/index.html are refreshed.
They are computed from every game (the ratings fit is ~0.3 s for 40 engines), so a
refresh after each of 80,000 games would cost more than the games; a refresh that
took t seconds waits at least 10·t for the next, keeping them under a tenth of the
work."""

if TYPE_CHECKING:
    from rich.table import Table

    from adversa.match.arena import GameRecord
    from adversa.match.tournament import FinishedGame, Tournament, TournamentRun
    from adversa.match.tournament_files import TournamentFolder


@click.command("tournament")
@click.argument("game_name", metavar="GAME", required=False)
@click.option("--engine", "engine_specs", multiple=True, metavar="SPEC",
              help="An engine: 'alphabeta depth=4', 'default', 'external:COMMAND' (the line "
                   "protocol, docs/engine-protocol.md), 'python:FILE.py'; two or more.")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="A game option (see 'adversa games').")
@click.option("--format", "tournament_format", default="round-robin", show_default=True,
              type=click.Choice(["round-robin", "gauntlet", "swiss"]),
              help="round-robin: everyone meets everyone; gauntlet: the first engine meets "
                   "each of the others; swiss: rounds pairing engines of similar scores.")
@click.option("--rounds", type=int, default=None,
              help="Swiss rounds (default: log2 of the number of engines, rounded up).")
@click.option("--games", default=2, show_default=True, type=int,
              help="Games per pairing (pairs share an opening, colours swapped).")
@click.option("--openings", "openings_spec", default=None, metavar="SOURCE",
              help="As for arena: a declared list, initial, random:N or a FILE.")
@click.option("--time-per-move", type=SECONDS, default=None, metavar="SECONDS",
              help="Every engine's time per move.")
@click.option("--clock", "clock_text", default=None, metavar="BASE+INC",
              help="A game clock for each engine instead, e.g. 60+0.5.")
@click.option("--max-plies", type=int, default=None,
              help="Adjudicate a draw after this many plies.")
@click.option("--jobs", default=1, show_default=True, type=int,
              help="Games played at once, each in its own process (with --backend ray: "
                   "games in flight on the cluster, default twice its CPUs).")
@click.option("--backend", default="local", show_default=True,
              type=click.Choice(["local", "ray"]),
              help="Where games are played: this machine, or a Ray cluster "
                   "(pip install 'adversa[ray]'; docs/tournaments.md).")
@click.option("--address", default=None, metavar="ADDRESS",
              help="With --backend ray: the cluster, e.g. ray://head:10001 or auto "
                   "(default: a Ray instance started on this machine).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for the settings, every game, results.json and index.html.")
@click.option("--resume", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Continue the tournament in this folder (its settings are used).")
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed for openings, random engines and dice.")
@json_option
def tournament(
    game_name: str | None,
    engine_specs: tuple[str, ...],
    settings: tuple[str, ...],
    tournament_format: str,
    rounds: int | None,
    games: int,
    openings_spec: str | None,
    time_per_move: float | None,
    clock_text: str | None,
    max_plies: int | None,
    jobs: int,
    backend: str,
    address: str | None,
    out: Path | None,
    resume: Path | None,
    seed: int,
    as_json: bool,
) -> None:
    """Play a tournament between engines and rate them all.

    Ctrl-C (or a killed process) keeps every finished game: continue with --resume DIR.
    At the end: standings with ratings (95 % intervals, likelihood of superiority), the
    crosstable, and DIR/index.html linking every game.
    """
    from adversa.match.arena import MatchError
    from adversa.match.runner import play_tasks
    from adversa.match.tournament import TournamentSettings, build_tournament, run_tournament
    from adversa.match.tournament_files import TournamentFolder as Folder

    if jobs < 1:
        raise MatchError(f"--jobs {jobs}: expected a whole number ≥ 1")
    if address is not None and backend != "ray":
        raise MatchError("--address names a Ray cluster: give it with --backend ray")
    if time_per_move is not None and clock_text is not None:
        raise MatchError("give --time-per-move or --clock, not both")
    if resume is not None:
        if game_name is not None or engine_specs or out is not None:
            raise MatchError("--resume DIR continues with the settings saved in DIR; give "
                             "only --jobs, --backend, --address and --json with it")
        resumed = Folder(resume)
        chosen, finished = resumed.settings(), resumed.finished()
        folder: TournamentFolder | None = resumed
    else:
        if game_name is None:
            raise MatchError("missing GAME: expected e.g. 'adversa tournament tictactoe "
                             "--engine random --engine default'")
        chosen = TournamentSettings(
            game_name, engine_specs, settings, tournament_format, games, openings_spec,
            time_per_move, clock_text, max_plies, seed, rounds)
        folder = Folder(out) if out is not None else None
        finished = []
    plan = build_tournament(chosen)
    play = play_tasks
    if backend == "ray":
        from adversa.match.ray_backend import RayBackend

        cluster = RayBackend(address)
        cluster.check_workers(chosen)  # before any game: a missing program is one line
        play = cluster.play_tasks
    if folder is not None and resume is None:
        folder.create(chosen)

    live = None if as_json or not console.is_terminal else _LiveDisplay(plan, len(finished))

    next_summary = [time.monotonic() + SUMMARY_SECONDS]

    def on_game(record: GameRecord, game: FinishedGame, run: TournamentRun) -> None:
        # The game's file at once (it is what --resume counts); the standings, which are
        # recomputed from every game, now and then (and at the end).
        if folder is not None:
            folder.write_game(plan, record, game.engines)
        if live is not None:
            live.advance()
        started = time.monotonic()
        if started >= next_summary[0]:
            if folder is not None:
                folder.write_results(plan, run.games)
            if live is not None:
                live.show(run.games)
            took = time.monotonic() - started
            next_summary[0] = time.monotonic() + max(SUMMARY_SECONDS, 10 * took)

    if live is not None:
        with live.live:
            run = run_tournament(plan, jobs=jobs, finished=finished, on_game=on_game, play=play)
    else:
        run = run_tournament(plan, jobs=jobs, finished=finished, on_game=on_game, play=play)
    if folder is not None:
        folder.write_results(plan, run.games, run.interrupted)
    if as_json:
        from adversa.match.tournament import summary

        emit_json(summary(plan, run.games, run.interrupted))
        return
    console.print(standings_table(plan, run.games))
    console.print(crosstable_table(plan, run.games))
    if run.interrupted:
        where = f"; continue with: adversa tournament --resume {folder.directory}" if (
            folder is not None) else ""
        console.print(f"Interrupted after {len(run.games)} of {plan.planned} games{where}",
                      markup=False, highlight=False)
    if folder is not None:
        console.print(f"Games and results in {folder.directory}; the page: "
                      f"{folder.directory / 'index.html'}", markup=False, highlight=False)


class _LiveDisplay:
    """The progress bar (games done of total, ETA) above the current standings."""

    def __init__(self, plan: Tournament, done: int) -> None:
        from rich.console import Group
        from rich.live import Live
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        self.plan = plan
        self.progress = Progress(TextColumn("games"), BarColumn(), MofNCompleteColumn(),
                                 TextColumn("ETA"), TimeRemainingColumn(), console=console)
        self.task = self.progress.add_task("games", total=plan.planned, completed=done)
        self.group = Group(self.progress, standings_table(plan, []))
        self.live = Live(self.group, console=console, refresh_per_second=4, transient=True)

    def advance(self) -> None:
        self.progress.update(self.task, advance=1)

    def show(self, games: list[FinishedGame]) -> None:
        from rich.console import Group

        self.live.update(Group(self.progress, standings_table(self.plan, games)))


def standings_table(plan: Tournament, games: list[FinishedGame]) -> Table:
    from rich.table import Table

    from adversa.match.tournament import standings

    table = Table(title=f"{plan.game.name} {plan.settings.format}: {len(games)} of "
                        f"{plan.planned} games", title_justify="left")
    for column in ("#", "engine", "games", "W", "D", "L", "points", "rating", "95 %", "LOS"):
        table.add_column(column, justify="left" if column == "engine" else "right")
    for place, line in enumerate(standings(len(plan.names), games), start=1):
        table.add_row(
            str(place), plan.short_names[line.engine], str(line.games), str(line.wins),
            str(line.draws), str(line.losses), f"{line.points:g}",
            "—" if line.rating is None else f"{line.rating:+.0f}",
            "—" if line.interval is None
            else f"{line.interval[0]:+.0f} … {line.interval[1]:+.0f}",
            "" if line.superiority is None else f"{100 * line.superiority:.0f}%")
    return table


def crosstable_table(plan: Tournament, games: list[FinishedGame]) -> Table:
    """Rows and columns in standings order; a cell: the row engine's points / games."""
    from rich.table import Table

    from adversa.match.tournament import crosstable, standings

    order = [line.engine for line in standings(len(plan.names), games)]
    table_data = crosstable(len(plan.names), games)
    table = Table(title="crosstable (row's points / games against the column)",
                  title_justify="left")
    table.add_column("engine")
    for place in range(1, len(order) + 1):
        table.add_column(str(place), justify="right")
    for place, i in enumerate(order, start=1):
        cells = []
        for j in order:
            points, played = table_data[i][j]
            cells.append("—" if i == j else f"{points:g}/{played}" if played else "")
        table.add_row(f"{place}. {plan.short_names[i]}", *cells)
    return table
