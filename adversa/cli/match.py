"""``adversa arena`` and ``adversa compare``: engines against engines, from the shell.

Registered on the main group by `adversa.cli`. Like every subcommand they only parse
and print: the work is in `adversa.match` (which the app uses too), the printing in
`adversa.cli.match_report`; both are imported when a command runs, not when the CLI
loads.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import click

from adversa.cli.common import (
    SECONDS,
    console,
    emit_json,
    json_option,
    load_game,
    load_state,
    position_arguments,
)
from adversa.games import Game
from adversa.games.base import AdversaError, M, S
from adversa.search.config import EngineConfig, EngineSpecError
from adversa.search.engine import engine_for

if TYPE_CHECKING:
    from adversa.match.compare import CompareRow
    from adversa.match.seats import Seat


def parse_seats(game: Game[S, M], specs: Sequence[str]) -> list[Seat]:
    """Like `parse_engines`, but a spec may also name an outside engine
    (``external:./my-engine``, ``python:my_engine.py``, ``uci:stockfish``…), checked now
    (its module, its program) and started only when a game needs it."""
    from adversa.match.seats import is_outside_spec, parse_seat

    seats: list[Seat] = []
    for spec in specs:
        if is_outside_spec(spec):
            try:
                seats.append(parse_seat(game, spec))
            except AdversaError as error:
                raise EngineSpecError(f"--engine {spec!r}: {error}") from None
        else:
            seats.extend(parse_engines(game, [spec]))
    return seats


def parse_engines(game: Game[S, M], specs: Sequence[str]) -> list[EngineConfig]:
    """Each ``--engine`` text as an `EngineConfig` for ``game`` (``default`` is the game's
    default engine), errors naming the bad one."""
    engines = []
    for spec in specs:
        try:
            engines.append(engine_for(game, spec))
        except EngineSpecError as error:
            raise EngineSpecError(f"--engine {spec!r}: {error}") from None
    return engines


@click.command("arena")
@click.argument("game_name", metavar="GAME")
@click.option("--engine", "engine_specs", multiple=True, metavar="SPEC",
              help="An engine, e.g. 'alphabeta depth=6', or 'default' (the game's default "
                   "engine, as the app plays; 'default time=0.3' overrides), or an outside "
                   "one: 'external:COMMAND', 'python:FILE.py'; give exactly two.")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="A game option (see 'adversa games').")
@click.option("--games", default=20, show_default=True, type=int,
              help="Games to play, 1 to 100,000.")
@click.option("--openings", "openings_spec", default=None, metavar="SOURCE",
              help="ballot (checkers default), initial (others' default), random:N or a FILE "
                   "with one opening per line.")
@click.option("--jobs", default=1, show_default=True, type=int,
              help="Games played at once, each in its own process.")
@click.option("--time-per-move", type=SECONDS, default=None, metavar="SECONDS",
              help="Override every engine's time budget.")
@click.option("--time-control", "time_control_text", default=None, metavar="BASE+INC",
              help="A game clock for each engine instead, e.g. 60+0.5: seconds for the "
                   "game, plus seconds after each move; the engines budget their moves, "
                   "and a flag fall loses.")
@click.option("--max-plies", type=int, default=None,
              help="Adjudicate a draw after this many plies (checkers 200, others 1000).")
@click.option("--sprt", "sprt_text", default=None, metavar="ELO0,ELO1",
              help="Stop when an SPRT (α=β=0.05) accepts H0 or H1.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for every game record and summary.json (refused if it holds "
              "another match, unless --resume).")
@click.option("--resume", is_flag=True,
              help="Continue the match in --out: its finished games count and are not "
              "played again (the same game, engines, games, seed and clocks are expected).")
@click.option("--seed", default=0, show_default=True, type=int,
              help="Seed for openings, random engines and dice.")
@json_option
def arena(
    game_name: str,
    engine_specs: tuple[str, ...],
    settings: tuple[str, ...],
    games: int,
    openings_spec: str | None,
    jobs: int,
    time_per_move: float | None,
    time_control_text: str | None,
    max_plies: int | None,
    sprt_text: str | None,
    out: Path | None,
    resume: bool,
    seed: int,
    as_json: bool,
) -> None:
    """Play a match between two engines and rate them (wins, Elo, SPRT).

    Pairs of games start from the same opening with colours swapped.
    Ctrl-C (or SIGTERM) stops the match and keeps the finished games; the exit status is
    then 130, and --resume continues it.
    """
    from adversa.cli.match_report import final_report, run_with_display
    from adversa.match.arena import (
        GameRecord,
        MatchError,
        MatchState,
        build_plan,
    )
    from adversa.match.elo import parse_sprt
    from adversa.match.openings import resolve_openings
    from adversa.match.records import RecordWriter, match_summary
    from adversa.match.runner import run_match, terminate_as_interrupt
    from adversa.search.timeman import TimeControl, TimeControlError

    game = load_game(game_name, settings)
    engines = parse_seats(game, engine_specs)
    if jobs < 1:
        raise MatchError(f"--jobs {jobs}: expected a whole number ≥ 1")
    try:
        hypotheses = parse_sprt(sprt_text) if sprt_text is not None else None
    except ValueError as error:
        raise MatchError(str(error)) from None
    try:
        time_control = (
            TimeControl.parse(time_control_text) if time_control_text is not None else None
        )
    except TimeControlError as error:
        raise MatchError(f"--time-control: {error.detail}") from None
    openings = resolve_openings(game, openings_spec, (games + 1) // 2, seed)
    plan = build_plan(
        game, engines, games=games, openings=openings, max_plies=max_plies,
        time_per_move=time_per_move, time_control=time_control, seed=seed,
    )
    if resume and out is None:
        raise MatchError("--resume needs --out, the folder of the match to continue")
    writer = RecordWriter(out, game) if out is not None else None
    done: list[GameRecord] = []
    if writer is not None:
        if resume:
            done = writer.finished_games(match_summary(MatchState(plan)))
        else:
            writer.refuse_another_match()
    with terminate_as_interrupt():
        if as_json or not console.is_terminal:  # no live display in pipes and scripts
            state = run_match(plan, jobs=jobs, sprt_hypotheses=hypotheses, done=done,
                              on_record=writer.write if writer else None)
        else:
            state = run_with_display(plan, jobs, hypotheses, writer, done)
        if writer is not None:
            writer.write_summary(state)
    if as_json:
        emit_json(match_summary(state))
    else:
        console.print()
        for line in final_report(state, out):
            console.print(line, markup=False, highlight=False)
    if state.interrupted:
        sys.exit(130)  # as a shell reports a Ctrl-C: scripts must not take it for a finish


@click.command("compare")
@position_arguments
@click.option("--engine", "engine_specs", multiple=True, metavar="SPEC",
              help="An engine, e.g. 'minimax depth=4', or 'default' (the game's default "
                   "engine), or an outside one ('external:COMMAND'); give 2 to 4.")
@click.option("--sequential", is_flag=True,
              help="Search one engine after another instead of in parallel processes.")
@click.option("--table", "as_table", is_flag=True,
              help="Print the summary table instead of opening the compare screen.")
@json_option
def compare(
    game_name: str,
    position: str | None,
    settings: tuple[str, ...],
    line: str,
    engine_specs: tuple[str, ...],
    sequential: bool,
    as_table: bool,
    as_json: bool,
) -> None:
    """Search one position with 2 to 4 engines and compare their work.

    Shows each engine's best move and value, whether they agree, nodes, time,
    pruned branches, effective branching factor and nodes relative to the first.
    """
    from adversa.cli.match_report import comparison_table
    from adversa.match.compare import (
        check_engine_count,
        disagreement,
        run_comparison,
        summary_rows,
    )
    from adversa.presentation import comparison_json

    game = load_game(game_name, settings)
    state = load_state(game, position, line)
    engines = parse_seats(game, engine_specs)
    check_engine_count(len(engines))
    own = [engine for engine in engines if isinstance(engine, EngineConfig)]
    # The compare screen follows searches as they think; outside engines get the table.
    if not (as_json or as_table) and len(own) == len(engines) and terminal_attached():
        shown = open_compare_screen(game, state, own)
        if shown is not None:  # closed: what it showed stays in the terminal
            if shown:
                console.print(comparison_table(shown))
            return
    rows = summary_rows(run_comparison(game, state, engines, parallel=not sequential))
    if as_json:
        emit_json(comparison_json(rows, disagreement(rows)))
    else:
        console.print(comparison_table(rows))


def terminal_attached() -> bool:
    """True when a person is at a terminal. Piped or redirected (``adversa compare … |
    less``, a script), the app would paint escape codes into the pipe and wait for
    keys that never come, so the command prints the summary table instead."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def open_compare_screen(game: Game[S, M], state: S,
                        engines: Sequence[EngineConfig]) -> list[CompareRow] | None:
    """Open the app on the compare screen and return its last rows; None when the app
    cannot host it."""
    try:
        from adversa.tui.screens.compare import run_compare_app
    except ImportError:
        return None
    return run_compare_app(game, state, list(engines))

