"""``adversa arena`` and ``adversa compare``: engines against engines, from the shell.

Registered on the main group by `adversa.cli`. Like every
subcommand they only parse and print; the work is in `adversa.match.arena`,
`adversa.match.elo` and `adversa.match.compare`, which the app uses too.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from adversa.cli.common import (
    SECONDS,
    console,
    emit_json,
    json_option,
    load_game,
    load_state,
    position_arguments,
)
from adversa.match.arena import (
    GameRecord,
    MatchError,
    MatchPlan,
    MatchState,
    RecordWriter,
    build_plan,
    match_summary,
    run_match,
)
from adversa.match.compare import (
    CompareRow,
    check_engine_count,
    comparison_json,
    disagreement,
    run_comparison,
    summary_rows,
)
from adversa.match.elo import elo_estimate, likelihood_of_superiority, parse_sprt
from adversa.match.openings import resolve_openings
from adversa.search.config import EngineConfig, EngineSpecError


def parse_engines(specs: Sequence[str]) -> list[EngineConfig]:
    """Each ``--engine`` text as an `EngineConfig`, errors naming the bad one."""
    engines = []
    for spec in specs:
        try:
            engines.append(EngineConfig.parse(spec))
        except EngineSpecError as error:
            raise EngineSpecError(f"--engine {spec!r}: {error}") from None
    return engines


# --------------------------------------------------------------------------- arena


def format_elo(value: float) -> str:
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    return f"{value:+.1f}"


def elo_text(state: MatchState) -> str:
    """``+190.9 ± 45.3`` (or ``+∞`` when every game was won)."""
    estimate = elo_estimate(state.tally)
    if estimate is None:
        return "—"
    if math.isinf(estimate.elo) or math.isinf(estimate.error):
        return format_elo(estimate.elo)
    return f"{format_elo(estimate.elo)} ± {estimate.error:.1f}"


def standings_table(state: MatchState) -> Table:
    """The live table: engine A's results against engine B so far."""
    tally = state.tally
    table = Table(title=f"{state.plan.game.name}: engine A vs engine B", title_justify="left")
    for column in ("engine A", "engine B", "W", "D", "L", "score", "Elo (A − B)"):
        table.add_column(column, justify="left" if column.startswith("engine") else "right")
    score = "—" if tally.score is None else f"{100 * tally.score:.1f}%"
    table.add_row(
        state.plan.engines[0].text,
        state.plan.engines[1].text,
        str(tally.wins),
        str(tally.draws),
        str(tally.losses),
        score,
        elo_text(state),
    )
    return table


def final_report(state: MatchState, out: Path | None) -> list[str]:
    """The lines printed when the match ends (or is interrupted)."""
    tally = state.tally
    a, b = (engine.text for engine in state.plan.engines)
    lines = [f"{a}  vs  {b}  ({state.plan.game.name}, {tally.games} games)"]
    if tally.games == 0:
        lines.append("No game finished.")
    else:
        assert tally.score is not None
        lines.append(
            f"  {a}: {tally.wins} wins, {tally.draws} draws, {tally.losses} losses"
            f" — score {tally.score:.3f} ({100 * tally.score:.1f}%)"
        )
        estimate = elo_estimate(tally)
        if estimate is not None:
            if math.isinf(estimate.elo):
                never = "lost" if estimate.elo > 0 else "won"
                lines.append(
                    f"  Elo difference: {format_elo(estimate.elo)} (no game {never}: "
                    "the logistic model has no finite value)"
                )
            else:
                lines.append(
                    f"  Elo difference: {elo_text(state)} "
                    f"(95% interval {format_elo(estimate.lower)} … {format_elo(estimate.upper)})"
                )
        superiority = likelihood_of_superiority(tally)
        if superiority is not None:
            lines.append(f"  LOS (A stronger than B): {100 * superiority:.1f}%")
    test = state.sprt
    if test is not None:
        verdict = {
            "H1": f"H1 accepted: A is at least {test.elo1:g} Elo stronger",
            "H0": f"H0 accepted: A is not {test.elo1:g} Elo stronger",
            "continue": "no verdict yet (more games needed)",
        }[test.verdict]
        lines.append(
            f"  SPRT [{test.elo0:g}, {test.elo1:g}] α=β=0.05: LLR {test.llr:.3f} "
            f"(bounds {test.lower_bound:.3f}, {test.upper_bound:.3f}) — {verdict}"
        )
    if state.interrupted:
        lines.append(f"Interrupted: kept {tally.games} of {state.plan.games} games.")
    if out is not None:
        lines.append(f"Records and summary.json in {out}")
    return lines


@click.command("arena")
@click.argument("game_name", metavar="GAME")
@click.option("--engine", "engine_specs", multiple=True, metavar="SPEC",
              help="An engine, e.g. 'alphabeta depth=6'; give exactly two.")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="A game option (see 'adversa games').")
@click.option("--games", default=20, show_default=True, type=int, help="Games to play.")
@click.option("--openings", "openings_spec", default=None, metavar="SOURCE",
              help="ballot (checkers default), initial (others' default), random:N or a FILE "
                   "with one opening per line.")
@click.option("--jobs", default=1, show_default=True, type=int,
              help="Games played at once, each in its own process.")
@click.option("--time-per-move", type=SECONDS, default=None, metavar="SECONDS",
              help="Override every engine's time budget.")
@click.option("--max-plies", type=int, default=None,
              help="Adjudicate a draw after this many plies (checkers 200, others 1000).")
@click.option("--sprt", "sprt_text", default=None, metavar="ELO0,ELO1",
              help="Stop when an SPRT (α=β=0.05) accepts H0 or H1.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Folder for every game record and summary.json.")
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
    max_plies: int | None,
    sprt_text: str | None,
    out: Path | None,
    seed: int,
    as_json: bool,
) -> None:
    """Play a match between two engines and rate them (wins, Elo, SPRT).

    Pairs of games start from the same opening with colours swapped.
    Ctrl-C stops the match and keeps the finished games.
    """
    game = load_game(game_name, settings)
    engines = parse_engines(engine_specs)
    if jobs < 1:
        raise MatchError(f"--jobs {jobs}: expected a whole number ≥ 1")
    try:
        hypotheses = parse_sprt(sprt_text) if sprt_text is not None else None
    except ValueError as error:
        raise MatchError(str(error)) from None
    openings = resolve_openings(game, openings_spec, (games + 1) // 2, seed)
    plan = build_plan(
        game, engines, games=games, openings=openings, max_plies=max_plies,
        time_per_move=time_per_move, seed=seed,
    )
    writer = RecordWriter(out, game) if out is not None else None
    if as_json or not console.is_terminal:  # no live display in pipes and scripts
        state = run_match(plan, jobs=jobs, sprt_hypotheses=hypotheses,
                          on_record=writer.write if writer else None)
    else:
        state = _run_with_display(plan, jobs, hypotheses, writer)
    if writer is not None:
        writer.write_summary(state)
    if as_json:
        emit_json(match_summary(state))
    else:
        console.print()
        for line in final_report(state, out):
            console.print(line, markup=False, highlight=False)


def _run_with_display(
    plan: MatchPlan, jobs: int, hypotheses: tuple[float, float] | None, writer: RecordWriter | None
) -> MatchState:
    """Run the match under a progress bar and the live standings table."""
    progress = Progress(
        TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=console,
    )
    bar = progress.add_task("games", total=plan.games)
    empty = MatchState(plan, sprt_hypotheses=hypotheses)
    with Live(Group(progress, standings_table(empty)), console=console,
              refresh_per_second=4) as live:

        def on_record(record: GameRecord, state: MatchState) -> None:
            if writer is not None:
                writer.write(record, state)
            progress.advance(bar)
            live.update(Group(progress, standings_table(state)))

        return run_match(plan, jobs=jobs, sprt_hypotheses=hypotheses, on_record=on_record)


# --------------------------------------------------------------------------- compare


def comparison_table(rows: Sequence[CompareRow]) -> Table:
    """The rich table ``adversa compare`` prints (the screen shows the same cells)."""
    from adversa.presentation import (
        COMPARE_CAPTION,
        COMPARE_COLUMNS,
        agreement_text,
        compare_rows_text,
    )

    table = Table(title=agreement_text(disagreement(rows)), title_justify="left",
                  caption=COMPARE_CAPTION, caption_justify="left")
    table.add_column("engine", ratio=1)
    for index, (_, heading) in enumerate(COMPARE_COLUMNS):
        table.add_column(heading, justify="left" if index == 0 else "right")
    for cells in compare_rows_text(rows):
        table.add_row(*cells)
    return table


@click.command("compare")
@position_arguments
@click.option("--engine", "engine_specs", multiple=True, metavar="SPEC",
              help="An engine, e.g. 'minimax depth=4'; give 2 to 4.")
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
    game = load_game(game_name, settings)
    state = load_state(game, position, line)
    engines = parse_engines(engine_specs)
    check_engine_count(len(engines))
    if not (as_json or as_table) and terminal_attached() and open_compare_screen(
        game, state, engines
    ):
        return
    rows = summary_rows(run_comparison(game, state, engines, parallel=not sequential))
    if as_json:
        emit_json(comparison_json(rows))
    else:
        console.print(comparison_table(rows))


def terminal_attached() -> bool:
    """True when a person is at a terminal. Piped or redirected (``adversa compare … |
    less``, a script), the app would paint escape codes into the pipe and wait for
    keys that never come, so the command prints the summary table instead."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def open_compare_screen(game: Any, state: Any, engines: Sequence[EngineConfig]) -> bool:
    """Open the app on the compare screen; False when the app cannot host it."""
    try:
        from adversa.tui.screens.compare import run_compare_app
    except ImportError:
        return False
    run_compare_app(game, state, list(engines))
    return True

