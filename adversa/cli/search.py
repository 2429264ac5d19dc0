"""``adversa analyze`` and ``adversa tree``: one search from the shell, and its statistics.

Registered on the main group by `adversa.cli`. Both commands
build an `EngineConfig` and call `engine.run_search`, so they work for every
algorithm the engine knows; they only format what comes back.
"""

from __future__ import annotations

import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path

import click
from rich.markup import escape

from adversa.cli.common import (
    SECONDS,
    console,
    emit_json,
    fail,
    json_option,
    load_game,
    load_state,
    position_arguments,
)
from adversa.figures import MAX_DEPTH, MAX_WIDTH, Figure, move_names, narrowed, tree_figure
from adversa.files import write_text_atomic
from adversa.games import Game, OptionError, make_game
from adversa.games.base import M, S, TreeFileError, parse_assignments
from adversa.games.registry import SomeGame, evaluation_of, game_names
from adversa.games.tree import resolve_tree_file
from adversa.jsontypes import JsonObject, JsonValue
from adversa.presentation import (
    bound_mark,
    cut_reason,
    database_text,
    display_score,
    distance_note,
    format_count,
    format_number,
    format_seconds,
    line_text,
    path_text,
    pruned_paths,
    result_verdict,
    root_score_text,
    show_score,
)
from adversa.search.config import PARAMS, EngineConfig, EngineSpecError
from adversa.search.engine import algorithms_for, default_engine, engine_for, run_search
from adversa.search.stats import Iteration, Score, SearchResult, TraceNode

TREE_DEPTH = 64
"""Depth given to tree searches: more than any textbook tree is high, so "full depth"."""

TRACE_LIMIT = 200_000
"""Trace cap for ``adversa tree`` (the engine parameter's maximum)."""


def engine_config(
    game: Game[S, M],
    algorithm: str | None,
    engine_spec: str | None,
    values: dict[str, float | str],
    options: Sequence[str],
) -> EngineConfig:
    """The engine from ``--engine`` or ``--algorithm``/``--option``, plus depth/time values.

    Without either: alphabeta where it fits; otherwise the game's default engine (its
    registration's, bounded: backgammon's searches one ply), not an algorithm's own default
    depth, which for a dice game can run for minutes.
    """
    if engine_spec is not None and algorithm is not None:
        raise click.UsageError("give either --engine or --algorithm, not both")
    values.update(option_values(options))
    if engine_spec is not None:
        base = engine_for(game, engine_spec)
        return base.with_values(**values) if values else base
    if algorithm is None:
        fitting = algorithms_for(game)
        if "alphabeta" not in fitting and (default := default_engine(game)) is not None:
            return default.with_values(**values) if values else default
        algorithm = "alphabeta" if "alphabeta" in fitting else (fitting or ["random"])[0]
    return EngineConfig.create(algorithm.lower(), values)


def option_values(options: Sequence[str]) -> dict[str, str]:
    """``["tt=64", "pvs=off"]`` (the ``--option`` flags) as a dict."""
    try:
        values = parse_assignments(options, "tt=64")
    except OptionError as error:
        raise EngineSpecError(f"engine option {error}") from None
    return values


def score_json(score: Score | None) -> JsonValue:
    """A score for JSON: a number, a list (one per player) or null."""
    if isinstance(score, tuple):
        return list(score)
    return score


def stats_json(result: SearchResult) -> dict[str, float]:
    snapshot = result.snapshot
    figures: dict[str, float] = {
        "nodes": snapshot.nodes,
        "leaves": snapshot.leaves,
        "cutoffs": snapshot.cutoffs,
        "pruned": snapshot.pruned,
        "tt_probes": snapshot.tt_probes,
        "tt_hits": snapshot.tt_hits,
        "tt_stores": snapshot.tt_stores,
        "tt_fill": snapshot.tt_fill,
        "depth": snapshot.completed_depth,
        "seldepth": snapshot.seldepth,
        "seconds": snapshot.elapsed,
        "nps": snapshot.nps,
    }
    mass = snapshot.mass_searched
    if mass is not None:  # a chance search's own figures (the panel's two chance rows)
        figures |= {"chance_nodes": snapshot.chance_nodes, "mass_searched": mass,
                    "star1_cuts": snapshot.star1_cuts, "star2_cuts": snapshot.star2_cuts,
                    "filtered": snapshot.filtered}
    if snapshot.probcut_cuts:  # nodes ProbCut cut (the panel's "ProbCut"), where it cut any
        figures["probcut_cuts"] = snapshot.probcut_cuts
    return figures


def iteration_json(iteration: Iteration) -> JsonObject:
    return {
        "depth": iteration.depth,
        "seconds": iteration.seconds,
        "nodes": iteration.nodes,
        "score": score_json(iteration.score),
        "pv": list(iteration.pv),
        "pv_movers": list(iteration.pv_movers),
        "ebf": iteration.ebf,
    }


def stat_text(name: str, value: float) -> str:
    """A `stats_json` figure as the app's search panel writes it: the TT's fill as a
    percentage, times in seconds (``0.25s``), counts and speeds in whole numbers."""
    if name in ("tt_fill", "mass_searched"):
        return f"{value:.1%}"
    if name == "seconds":
        return format_seconds(value)
    return format_count(value)


ANALYZE_MAX_SECONDS = 60.0
"""`analyze`'s default bound on a search without a time budget: a teacher's deep
example finishes well inside it, a depth no machine can reach stops."""


def value_note(result: SearchResult) -> str:
    """How to read the value: win/loss distance, or the heuristic in its own units."""
    distance = distance_note(result)
    if distance is not None:
        return f"  ({distance})"
    unit = result.snapshot.score_unit
    return f" {unit}" if unit and result.value is not None else ""


@click.command()
@position_arguments
@click.option("--algorithm", "-a", default=None, help="Algorithm: " + ", ".join(PARAMS) + ".")
@click.option("--depth", "-d", type=int, default=None, help="Plies to search.")
@click.option("--time", "-t", "seconds", type=SECONDS, default=None,
              help="Seconds to think (replaces a time= in --engine).")
@click.option(
    "--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
    help="An engine option, e.g. -o tt=64 -o quiescence=off.",
)
@click.option(
    "--engine", "-e", "engine_spec", default=None, metavar="SPEC",
    help="The engine as text, e.g. 'alphabeta depth=10 tt=64', or 'default' (the game's "
    "default engine) (instead of --algorithm). With neither: alphabeta where it fits, else "
    "the game's default engine (backgammon: 'expectiminimax depth=2 star2=on candidates=16 "
    "margin=0.32' with the trained network, a tenth of a second).",
)
@click.option(
    "--max-time", "max_seconds", type=click.FloatRange(0, 86_400), default=ANALYZE_MAX_SECONDS,
    show_default=True, metavar="SECONDS",
    help="Stop a search that has no time budget of its own after this many seconds (the "
    "output then says it was stopped, and shows the deepest finished pass); 0: never.",
)
@json_option
def analyze(
    game_name: str,
    position: str | None,
    settings: Sequence[str],
    line: str,
    algorithm: str | None,
    depth: int | None,
    seconds: float | None,
    options: Sequence[str],
    engine_spec: str | None,
    max_seconds: float,
    as_json: bool,
) -> None:
    """Search one position of GAME and show the best move, value, PV and statistics.

    A search with no time budget (no --time, no time= in --engine) stops after --max-time
    seconds all the same, so a depth too deep for the game cannot hang the command.
    """
    game = load_game(game_name, settings)
    state = load_state(game, position, line)
    values: dict[str, float | str] = {}
    if depth is not None:
        values["depth"] = depth
    if seconds is not None:
        values["time"] = seconds
    config = engine_config(game, algorithm, engine_spec, values, options)
    should_stop = None
    if config.time_budget is None and max_seconds > 0:
        deadline = time.monotonic() + max_seconds
        should_stop = lambda: time.monotonic() >= deadline  # noqa: E731
    if as_json:
        result = run_search(game, state, config, evaluation=evaluation_of(game),
                            should_stop=should_stop)
    else:
        with console.status(f"searching with {config.text} …"):
            result = run_search(game, state, config, evaluation=evaluation_of(game),
                                should_stop=should_stop)
    if as_json:
        emit_json(
            {
                "game": game.name,
                "position": game.format_position(state),
                "engine": config.text,
                "best_move": result.best_move_text,
                "value": score_json(result.value),
                "raw_value": result.raw_value,
                **({"win_in_plies": result.win_in_plies}
                   if result.win_in_plies is not None else {}),
                **({"loss_in_plies": result.loss_in_plies}
                   if result.loss_in_plies is not None else {}),
                **({"database_plies": result.database_plies}
                   if result.database_plies is not None else {}),
                "pv": list(result.pv),
                "pv_movers": list(result.pv_movers),
                "stopped": result.stopped,
                "stats": dict(stats_json(result)),
                "iterations": [iteration_json(it) for it in result.iterations],
                "root_move_count": result.snapshot.total_root_moves,
                "root_moves": [
                    {"move": rm.move, "score": score_json(rm.score), "visits": rm.visits}
                    for rm in result.snapshot.root_moves
                ],
            }
        )
        return
    print_analysis(game, state, config, result)


def print_analysis(game: Game[S, M], state: S, config: EngineConfig,
                   result: SearchResult) -> None:
    from rich.table import Table

    snapshot = result.snapshot
    console.print(f"[bold]{escape(game.title)}[/] — engine [cyan]{escape(config.text)}[/]")
    console.print(f"best move  [bold green]{escape(result.best_move_text or '—')}[/]")
    shown = show_score(result.snapshot, result.value)
    console.print(f"value      [bold]{shown}[/]{value_note(result)}")
    names = [game.player_name(seat) for seat in range(game.num_players)]
    mover = game.to_move(state)
    if mover >= 0:  # the same words as the app's eval bar: "+14 pts (Black better)"
        console.print(f"verdict    {result_verdict(result, mover=mover, names=names).text}")
    known = database_text(result)
    if known is not None:
        console.print(f"database   {known.removeprefix('database: ')}")
    console.print(f"PV         {escape(line_text(result.pv, result.pv_movers, names)) or '—'}")
    if result.stopped:
        console.print("[yellow]stopped by the time budget (or by --max-time)[/]")
    stats = Table(title="Statistics", show_header=False, box=None)
    stats.add_column(style="dim")
    stats.add_column(justify="right")
    for name, value in stats_json(result).items():
        stats.add_row(name.replace("_", " "), stat_text(name, value))
    console.print(stats)
    if snapshot.iterations:
        table = Table(title="Iterations")
        score_header = f"score ({snapshot.score_unit})" if snapshot.score_unit else "score"
        for column in ("depth", "seconds", "nodes", score_header, "PV"):
            table.add_column(column, justify="left" if column == "PV" else "right")
        for iteration in snapshot.iterations:
            table.add_row(
                str(iteration.depth),
                format_seconds(iteration.seconds),
                f"{iteration.nodes:,}",
                show_score(snapshot, iteration.score),
                escape(line_text(iteration.pv, iteration.pv_movers, names)),
            )
        console.print(table)
    if snapshot.root_moves:
        bounded = any(root_move.bound for root_move in snapshot.root_moves)
        total = snapshot.total_root_moves
        listed = len(snapshot.root_moves)
        moves = Table(title="Root moves" + (" (≤ ≥: a bound)" if bounded else ""),
                      caption=None if listed == total
                      else f"the best {listed} of {format_count(total)}")
        moves.add_column("move")
        moves.add_column(
            f"score ({snapshot.score_unit})" if snapshot.score_unit else "score", justify="right"
        )
        moves.add_column("visits", justify="right")
        for root_move in snapshot.root_moves:
            moves.add_row(
                escape(root_move.move),
                root_score_text(root_move, snapshot),
                "" if root_move.visits is None else str(root_move.visits),
            )
        console.print(moves)


# --------------------------------------------------------------------------- tree


def tree_config(algorithm: str, options: Sequence[str], depth: int = TREE_DEPTH) -> EngineConfig:
    """Full depth (or ``depth`` plies of a game) and a full trace, for every algorithm
    that has those parameters."""
    algorithm = algorithm.lower()
    if algorithm not in PARAMS:
        raise EngineSpecError(
            f"unknown algorithm {algorithm!r}; expected one of: {', '.join(PARAMS)}"
        )
    declared = {param.name for param in PARAMS[algorithm]}
    values: dict[str, float | str] = {}
    if "depth" in declared:
        values["depth"] = depth
    if "trace" in declared:
        values["trace"] = TRACE_LIMIT
    values.update(option_values(options))
    return EngineConfig.create(algorithm, values)


def trace_json(node: TraceNode) -> JsonObject:
    return {
        "order": node.order,
        "path": path_text(node.path),
        "move": node.move,
        "kind": node.kind,
        "alpha": node.alpha,
        "beta": node.beta,
        "value": score_json(node.value),
        "probability": node.probability,
        "pruned": [path_text((*node.path, child)) for child in node.pruned],
        "reason": cut_reason(node),
        "on_pv": node.on_pv,
    }


PRUNED_SHOWN = 24
"""Pruned subtrees listed in the text report: a chance tree cuts hundreds, which would bury
the figure line under them (``--json`` has every one)."""

GAME_DEPTH = 2
"""Plies searched from a game position when ``--depth`` is not given."""

GAME_WIDTH = 4
"""Moves kept at each node of a game position when ``--max-width`` is not given."""


@dataclass(frozen=True)
class TreeSource:
    """What ``adversa tree`` searches: a textbook tree, or the first plies of a game position
    with each node cut to its first ``width`` moves (``depth``/``width`` None for a tree)."""

    game: SomeGame
    """The tree or the game FILE names, known only when the command runs."""
    state: Hashable
    title: str
    depth: int | None = None
    width: int | None = None
    root_moves: int = 0
    """A game position's legal moves, before the width cap."""


def tree_source(
    file: str, position: str | None, line: str, settings: Sequence[str],
    depth: int | None, width: int | None,
) -> TreeSource:
    """FILE as a game name (when it is one and no such file exists) or a tree file."""
    if file in game_names() and file != "tree" and not Path(file).exists():
        depth = GAME_DEPTH if depth is None else depth
        width = GAME_WIDTH if width is None else width
        if not 1 <= depth <= MAX_DEPTH:
            fail(f"--depth {depth}: a game position's tree goes 1 to {MAX_DEPTH} plies deep "
                 "(deeper trees do not fit a figure; use 'adversa analyze' to search deeper)")
        if not 1 <= width <= MAX_WIDTH:
            fail(f"--max-width {width}: expected 1 to {MAX_WIDTH} moves kept at each node")
        game = load_game(file, settings)
        state = load_state(game, position, line)
        moves = 0 if game.is_terminal(state) else len(game.legal_moves(state))
        return TreeSource(narrowed(game, width), state, game.title, depth, width, moves)
    given = [flag for flag, value in (("--position", position), ("--moves", line),
                                      ("--set", settings), ("--depth", depth),
                                      ("--max-width", width)) if value]
    if given:
        fail(f"{', '.join(given)} {'apply' if len(given) > 1 else 'applies'} to a game "
             f"position ('adversa tree GAME …'), not to the tree file {file!r}")
    try:
        resolve_tree_file(file)
    except TreeFileError as error:
        games = ", ".join(name for name in game_names() if name != "tree")
        fail(f"{error}; or a game: {games}")
    game = make_game("tree", {"file": file})
    return TreeSource(game, game.initial_state(), getattr(game, "tree_title", "") or file)


def figure_caption(source: TreeSource, config: EngineConfig, result: SearchResult) -> list[str]:
    """The lines under a figure's title: the search, its answer, and any cap on the tree."""
    engine = config.without("trace", *(() if source.depth else ("depth",))).text
    pruned = len(pruned_paths(result.trace))
    lines = [
        f"{engine}  ·  value {show_score(result.snapshot, result.value)}  ·  "
        f"best move {result.best_move_text or '—'}",
        f"{result.snapshot.leaves} leaves evaluated  ·  {pruned} subtrees pruned",
    ]
    if source.width is not None:
        lines.insert(0, f"position {source.game.format_position(source.state)}")
        lines.append(f"{source.depth} plies  ·  each node keeps its {source.width} most promising "
                     f"moves by a one-ply look (the position has {source.root_moves})")
    return lines


def write_figure(source: TreeSource, config: EngineConfig, result: SearchResult,
                 path: str) -> Figure:
    title = source.title if source.depth is None else (
        f"{source.title}: {config.algorithm}, {source.depth} plies")
    figure = tree_figure(result, title, figure_caption(source, config, result),
                         names=move_names(source.game, source.state))
    write_text_atomic(path, figure.svg)
    return figure


@click.command("tree")
@click.argument("file", metavar="FILE|GAME")
@click.option("--algorithm", "-a", default="alphabeta", show_default=True,
              help="minimax, alphabeta, expectimax, expectiminimax, maxn, paranoid …")
@click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
              help="An engine option, e.g. -o star1=on.")
@click.option("--trace", "show_trace", is_flag=True, help="Show every visited node in order.")
@click.option("--explore", is_flag=True,
              help="Open the search-tree explorer: step through the search, α/β at each node.")
@click.option("--svg", "svg_path", default=None, metavar="PATH",
              help="Draw the searched tree as an SVG figure (PV in green, pruned subtrees "
              "faded with the cut condition).")
@click.option("--position", "-p", default=None,
              help="GAME: start from this position (game notation).")
@click.option("--moves", "line", default="", metavar="MOVES",
              help="GAME: play these moves first, e.g. --moves '11-15 23-19'.")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE",
              help="GAME: a game option, e.g. --set piles=1,3,5.")
@click.option("--depth", "-d", type=int, default=None,
              help=f"GAME: plies to search, 1 to {MAX_DEPTH} (default {GAME_DEPTH}).")
@click.option("--max-width", "-w", "width", type=int, default=None,
              help=f"GAME: keep the N most promising moves at each node (a one-ply look "
              f"by the game's evaluation), 1 to {MAX_WIDTH} "
              f"(default {GAME_WIDTH}).")
@json_option
def tree_command(
    file: str, algorithm: str, options: Sequence[str], show_trace: bool, explore: bool,
    svg_path: str | None, position: str | None, line: str, settings: Sequence[str],
    depth: int | None, width: int | None, as_json: bool,
) -> None:
    """Run ALGORITHM over the textbook tree in FILE (a path or a bundled tree name), or
    over the first plies of a GAME position (each node cut to its first moves).

    --svg draws the searched tree for slides: ▲ MAX, ▼ MIN, ○ chance, values, α/β
    windows, moves on the edges, the principal variation, pruned subtrees and why.
    """
    source = tree_source(file, position, line, settings, depth, width)
    game = source.game
    config = tree_config(algorithm, options, source.depth or TREE_DEPTH)
    if explore:
        from adversa.tui.screens.tree_explorer import run_tree_explorer

        run_tree_explorer(game, source.state, config)
        return
    result = run_search(game, source.state, config, evaluation=evaluation_of(game))
    pruned = pruned_paths(result.trace)
    figure = write_figure(source, config, result, svg_path) if svg_path else None
    if as_json:
        document: JsonObject = {
            "file": file,
            "engine": config.text,
            "value": score_json(result.value),
            "best_move": result.best_move_text,
            "leaves_evaluated": result.snapshot.leaves,
            "nodes": result.snapshot.nodes,
            "cutoffs": result.snapshot.cutoffs,
            "pruned": list(pruned),
            "pv": list(result.pv),
            "pv_movers": list(result.pv_movers),
        }
        if source.depth is not None:
            document.update(position=game.format_position(source.state), depth=source.depth,
                            max_width=source.width)
        if svg_path:
            document["svg"] = svg_path
        if show_trace:
            document["trace"] = [trace_json(node) for node in result.trace]
        emit_json(document)
        return
    console.print(f"[bold]{escape(source.title)}[/] — [cyan]{escape(config.text)}[/]")
    if source.width is not None:
        console.print(f"position          {escape(game.format_position(source.state))}  "
                      f"({source.width} most promising of {source.root_moves} moves at each node)",
                      soft_wrap=True)
    console.print(f"value             [bold]{show_score(result.snapshot, result.value)}[/]")
    console.print(f"best move         [bold green]{escape(result.best_move_text or '—')}[/]")
    names = [game.player_name(seat) for seat in range(game.num_players)]
    console.print(
        f"principal line    {escape(line_text(result.pv, result.pv_movers, names)) or '—'}")
    console.print(f"leaves evaluated  {result.snapshot.leaves}")
    shown = ", ".join(pruned[:PRUNED_SHOWN])
    more = f" … and {len(pruned) - PRUNED_SHOWN:,} more (--json lists all)" if len(
        pruned) > PRUNED_SHOWN else ""
    console.print(f"pruned subtrees   {escape(shown) + more if pruned else 'none'}")
    if figure is not None:
        console.print(f"figure            {svg_path} ({figure.leaves} leaves, "
                      f"{figure.width:.0f}×{figure.height:.0f})", markup=False, highlight=False,
                      soft_wrap=True)
    if show_trace:
        print_trace(result.trace, result.trace_truncated)


def print_trace(trace: Sequence[TraceNode], truncated: bool) -> None:
    from rich.table import Table

    table = Table(title="Visit order")
    numeric = {"#", "α", "β", "value"}
    for column in ("#", "node", "move", "kind", "α", "β", "value", "pruned", "why"):
        table.add_column(column, justify="right" if column in numeric else "left")
    for node in trace:
        value = node.value
        table.add_row(
            str(node.order + 1),
            escape(path_text(node.path)),
            escape(node.move or ""),
            node.kind,
            format_number(node.alpha),
            format_number(node.beta),
            display_score(value) if isinstance(value, tuple)
            else bound_mark(node) + format_number(value),
            escape(", ".join(path_text((*node.path, child)) for child in node.pruned)),
            escape(cut_reason(node) or ""),
            style="bold" if node.on_pv else None,
        )
    console.print(table)
    if truncated:
        console.print(f"[yellow]trace truncated at {len(trace)} nodes[/]")
