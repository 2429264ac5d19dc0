"""The rule-level subcommands: ``adversa games``, ``adversa moves`` and ``adversa perft``.

They need only `adversa.games` (no search), so a user can list the games, check a
position and its legal moves, and count move trees from the command line. Shared
argument handling and the error policy come from `adversa.cli.common`.
"""

from __future__ import annotations

import time

import click

from adversa.cli.common import (
    SECONDS,
    TimeLimitReached,
    console,
    emit_json,
    fail,
    json_option,
    load_game,
    load_state,
    position_arguments,
    time_limit,
)
from adversa.games import CHANCE, Game, Option, game_class, game_names
from adversa.games.base import M, S
from adversa.games.perft import perft, perft_divide, successors
from adversa.games.registry import SomeGame
from adversa.jsontypes import JsonObject
from adversa.presentation import plain_number


def _available_games() -> list[type[SomeGame]]:
    """The registered games' rules classes, in menu order."""
    return [game_class(name) for name in game_names()]


def _option_document(option: Option) -> JsonObject:
    return {
        "name": option.name,
        "kind": option.kind,
        "default": option.to_json(option.default),
        "minimum": option.minimum,
        "maximum": option.maximum,
        "choices": list(option.choices) if option.choices is not None else None,
        "help": option.help,
    }


def _option_summary(option: Option) -> str:
    """``width=3 (1–26)``: the text form of the default and its bounds or choices."""
    text = f"{option.name}={option.format(option.default)}"
    if option.choices:
        text += f" ({'|'.join(option.choices)})"
    elif option.minimum is not None or option.maximum is not None:
        low = "" if option.minimum is None else str(option.minimum)
        high = "" if option.maximum is None else str(option.maximum)
        text += f" ({low}–{high})"
    return text


@click.command()
@json_option
def games(as_json: bool) -> None:
    """List the games with their options (use them with --set KEY=VALUE)."""
    from rich.table import Table

    classes = _available_games()
    if as_json:
        emit_json(
            [
                {
                    "name": cls.name,
                    "title": cls.title,
                    "description": cls.description,
                    "has_chance": cls.has_chance,
                    "options": [_option_document(option) for option in cls.OPTIONS],
                }
                for cls in classes
            ]
        )
        return
    table = Table(title="Games", show_lines=True)
    table.add_column("Game", style="bold")
    table.add_column("Title and description")
    table.add_column("Options (default, bounds)")
    for cls in classes:
        options = "\n".join(
            f"{_option_summary(option)}\n  [dim]{option.help}[/dim]" for option in cls.OPTIONS
        )
        table.add_row(cls.name, f"{cls.title}\n[dim]{cls.description}[/dim]", options or "—")
    console.print(table)


def _state_header(game: Game[S, M], state: S) -> JsonObject:
    """What every position-level JSON document starts with."""
    mover = game.to_move(state)
    return {
        "game": game.name,
        "position": game.format_position(state),
        "to_move": "chance" if mover == CHANCE else mover,
        "terminal": game.is_terminal(state),
    }


@click.command()
@position_arguments
@json_option
def moves(
    game_name: str, position: str | None, settings: tuple[str, ...], line: str, as_json: bool
) -> None:
    """List the legal moves of GAME at a position (chance states: outcomes and odds)."""
    game = load_game(game_name, settings)
    state = load_state(game, position, line)
    document = _state_header(game, state)
    chance = game.to_move(state) == CHANCE
    listed = successors(game, state)
    texts = [game.format_move(state, move) for move in listed]
    odds = [p for _, p in game.chance_outcomes(state)] if chance else []
    document["moves"] = list(texts)
    if chance:
        document["probabilities"] = list(odds)
    outcome = game.outcome(state)
    if outcome is not None:
        document["outcome"] = {
            "winner": outcome.winner,
            "reason": outcome.reason,
            "utilities": list(outcome.utilities),
        }
    if as_json:
        emit_json(document)
        return
    if outcome is not None:
        if game.fixed_move_order:  # a textbook tree's leaf has a value, not a winner
            click.echo(f"a leaf: {outcome.reason.replace('leaf', 'value', 1)}; no moves")
        else:
            winner = ("draw" if outcome.winner is None
                      else f"{game.player_name(outcome.winner)} wins")
            click.echo(f"game over: {winner} ({outcome.reason}); no legal moves")
    elif chance:
        click.echo(f"chance to act: {len(listed)} outcomes")
        click.echo(
            "  ".join(
                f"{move} (p={plain_number(p)})"
                for move, p in zip(texts, odds, strict=True)
            )
        )
    else:
        mover = game.player_name(game.to_move(state))
        plural = "" if len(listed) == 1 else "s"
        click.echo(f"{mover} to move: {len(listed)} legal move{plural}")
        # A move written in several words (a backgammon play, 24/18 13/11) needs commas.
        spaced = any(" " in move for move in texts)
        click.echo((", " if spaced else " ").join(texts))


PERFT_SECONDS = 300.0
"""Default budget of ``adversa perft``: a count can grow past any patience."""


@click.command("perft")
@position_arguments
@click.option("--depth", "-d", type=click.IntRange(min=1), required=True, help="Plies to count.")
@click.option("--time", "-t", "budget", type=SECONDS, default=PERFT_SECONDS, show_default=True,
              help="Stop counting after this many seconds and report the depths done.")
@click.option("--divide", is_flag=True, help="Also count the leaves below each root move.")
@json_option
def perft_command(
    game_name: str,
    position: str | None,
    settings: tuple[str, ...],
    line: str,
    depth: int,
    budget: float,
    divide: bool,
    as_json: bool,
) -> None:
    """Count the leaves of GAME's move tree at depths 1..N (chance outcomes are plies).

    Counting grows about tenfold a ply, so it stops after --time seconds (default
    300) and reports the depths that finished.
    """
    from rich.table import Table

    game = load_game(game_name, settings)
    state = load_state(game, position, line)
    rows: list[tuple[int, int, float]] = []
    """Per depth counted: the depth, its leaves and the seconds it took."""
    divided: dict[str, int] = {}
    stopped_at: int | None = None
    with time_limit(budget):
        try:
            for ply in range(1, depth + 1):
                started = time.perf_counter()
                count = perft(game, state, ply)
                rows.append((ply, count, time.perf_counter() - started))
            if divide:
                divided = dict(perft_divide(game, state, depth))
        except TimeLimitReached:
            stopped_at = len(rows) + 1
    if stopped_at is not None and not rows:
        fail(f"perft depth 1 did not finish within {budget:g} s")
    seconds = sum(row[2] for row in rows)
    leaves = sum(row[1] for row in rows)
    document = _state_header(game, state) | {
        "depth": depth,
        "stopped_at_depth": stopped_at,
        "counts": [count for _, count, _ in rows],
        "seconds": seconds,
        "leaves_per_second": leaves / seconds if seconds > 0 else None,
        "per_depth": [{"depth": ply, "count": count, "seconds": taken}
                      for ply, count, taken in rows],
    }
    if divide and stopped_at is None:
        document["divide"] = dict(divided)
    if as_json:
        emit_json(document)
        return
    # The position on a line of its own: as the table's title it was broken mid-token
    # to the table's width.
    console.print(f"perft {game.name}  position {game.format_position(state)}", soft_wrap=True)
    table = Table()
    for heading in ("depth", "leaves", "seconds", "leaves/s"):
        table.add_column(heading, justify="right")
    for ply, count, taken in rows:
        rate = f"{count / taken:,.0f}" if taken > 0 else "—"
        table.add_row(str(ply), f"{count:,}", f"{taken:.3f}", rate)
    console.print(table)
    if stopped_at is not None:
        console.print(f"[yellow]stopped: depth {stopped_at} did not finish within "
                      f"{budget:g} s (raise --time to count deeper)[/]")
    if divide and stopped_at is None:
        split = Table(title=f"divide at depth {depth}")
        split.add_column("move")
        split.add_column("leaves", justify="right")
        for move, count in divided.items():
            split.add_row(move, f"{count:,}")
        split.add_row("[bold]total[/bold]", f"[bold]{sum(divided.values()):,}[/bold]")
        console.print(split)
