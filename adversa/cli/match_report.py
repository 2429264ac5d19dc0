"""What ``adversa arena`` and ``adversa compare`` print: the live standings, the final
report with Elo, LOS and SPRT, and the comparison table.

Imported by the commands when they run, so that ``adversa --help`` loads neither rich's
tables nor the match tooling.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from rich.console import Group
from rich.live import Live
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from adversa.cli.common import console
from adversa.match.arena import GameRecord, MatchPlan, MatchState
from adversa.match.compare import CompareRow, disagreement
from adversa.match.elo import elo_estimate, likelihood_of_superiority
from adversa.match.records import RecordWriter, seconds_per_move
from adversa.match.runner import run_match
from adversa.presentation import (
    COMPARE_CAPTION,
    COMPARE_COLUMNS,
    agreement_text,
    compare_rows_text,
    plural,
)


def format_elo(value: float) -> str:
    if math.isinf(value):
        return "+∞" if value > 0 else "−∞"
    return f"{round(value, 1) + 0.0:+.1f}"  # + 0.0: a rounded -0.0 reads +0.0


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
            f"  {a}: {plural(tally.wins, 'win', 'wins')}, {plural(tally.draws, 'draw', 'draws')}, "
            f"{plural(tally.losses, 'loss', 'losses')}"
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
    lines.extend(_time_lines(state))
    if state.interrupted:
        lines.append(f"Interrupted: kept {tally.games} of {state.plan.games} games.")
    if out is not None:
        lines.append(f"Records and summary.json in {out}")
    return lines


def _time_lines(state: MatchState) -> list[str]:
    """Thinking time per move of each engine, and the time control's toll."""
    per_move = [seconds_per_move(state, engine) for engine in (0, 1)]
    if None in per_move:
        return []
    a, b = (f"{seconds:.3f} s" for seconds in per_move if seconds is not None)
    line = f"  Thinking per move: A {a}, B {b}"
    control = state.plan.time_control
    if control is not None:
        flagged = sum(record.lost_on_time for record in state.records)
        line += f" (time control {control.text}; games lost on time: {flagged})"
    return [line]


def run_with_display(
    plan: MatchPlan, jobs: int, hypotheses: tuple[float, float] | None,
    writer: RecordWriter | None, done: Sequence[GameRecord] = (),
) -> MatchState:
    """Run the match under a progress bar and the live standings table (``done``: the
    games a resumed match already has)."""
    progress = Progress(
        TextColumn("games"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        console=console,
    )
    bar = progress.add_task("games", total=plan.games, completed=len(done))
    empty = MatchState(plan, sprt_hypotheses=hypotheses)
    with Live(Group(progress, standings_table(empty)), console=console,
              refresh_per_second=4) as live:

        def on_record(record: GameRecord, state: MatchState) -> None:
            if writer is not None:
                writer.write(record, state)
            progress.advance(bar)
            live.update(Group(progress, standings_table(state)))

        return run_match(plan, jobs=jobs, sprt_hypotheses=hypotheses, on_record=on_record,
                         done=done)


DROPPED_FIRST = ("ratio", "ebf", "pruned", "depth", "expected")
"""The figures left out, in this order, when the table would not fit the terminal: a
number is never cut (``137,…``), and what is left out is named under the table."""
ENGINE_MIN_WIDTH = 8
"""The engine column's narrowest (or its longest word's width, when longer): its text
folds onto more lines, never cut."""
CELL_PADDING = 3
"""A column's cost beyond its text: a space either side and a rule."""


def comparison_table(rows: Sequence[CompareRow], width: int | None = None) -> Table:
    """The rich table ``adversa compare`` prints (the screen shows the same cells),
    fitted to ``width`` columns (the console's): figures whole, the engine's text
    folded, and the least telling figures dropped when they cannot all fit."""
    width = console.width if width is None else width
    texts = compare_rows_text(rows)
    needs = {key: max(len(heading), *(len(cells[index + 1]) for cells in texts))
             for index, (key, heading) in enumerate(COMPARE_COLUMNS)}
    engine_width = max(ENGINE_MIN_WIDTH, *(len(word) for cells in texts
                                           for word in cells[0].split()))
    shown = [key for key, _ in COMPARE_COLUMNS]
    for key in DROPPED_FIRST:
        used = 1 + engine_width + CELL_PADDING + sum(needs[k] + CELL_PADDING for k in shown)
        if used <= width:
            break
        shown.remove(key)
    headings = dict(COMPARE_COLUMNS)
    dropped = [headings[key] for key, _ in COMPARE_COLUMNS if key not in shown]
    caption = COMPARE_CAPTION + (
        f" · not shown at this width: {', '.join(dropped)}" if dropped else "")
    table = Table(title=agreement_text(disagreement(rows)), title_justify="left",
                  caption=caption, caption_justify="left")
    table.add_column("engine", ratio=1, overflow="fold", min_width=engine_width)
    for index, (key, heading) in enumerate(COMPARE_COLUMNS):
        if key in shown:
            table.add_column(heading, justify="left" if index == 0 else "right",
                             no_wrap=True, min_width=needs[key])
    keep = [0] + [index + 1 for index, (key, _) in enumerate(COMPARE_COLUMNS) if key in shown]
    for cells in texts:
        table.add_row(*(cells[index] for index in keep))
    return table
