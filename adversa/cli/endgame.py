"""``adversa endgame``: build the checkers endgame database, say what it holds, look a
position up.

Registered on the main group by `adversa.cli`. The work is done by
`adversa.games.checkers_endgame_build` (retrograde analysis) and
`adversa.games.checkers_endgame_index` (the index, the file, probing); this module
parses arguments, shows a progress bar and formats the answers. Every game module loads
only when a command runs, so ``adversa --help`` stays quick.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from adversa.cli.common import console, fail
from adversa.presentation import plural

if TYPE_CHECKING:
    from adversa.games.checkers import CheckersState
    from adversa.games.checkers_endgame_index import EndgameDatabase

MAX_PIECES, DEFAULT_PIECES, MAX_KING_PIECES = 5, 4, 5
"""The largest database this command builds and its default (kept in step with the index
module's, which is not imported here so that ``adversa --help`` stays quick)."""


@click.group("endgame")
def endgame() -> None:
    """The checkers endgame database: exact results, with distances, for every position
    of a few pieces (see 'adversa endgame build --help')."""


@endgame.command("build")
@click.option("--pieces", type=click.IntRange(2, MAX_PIECES), default=DEFAULT_PIECES,
              show_default=True,
              help="Solve every position with this many pieces or fewer (men and kings, "
              "either side to move). 5 takes about 15 minutes of CPU, 1.5 GB of memory while "
              "it runs, and 187 MB.")
@click.option("--kings", "king_pieces", type=click.IntRange(2, MAX_KING_PIECES), default=None,
              help="Also solve the kings-only positions with this many pieces or fewer: 5 "
              "adds three kings against two and four against one (the build takes 2.6 "
              "times as long as four pieces alone; 15 MB).")
def build_command(pieces: int, king_pieces: int | None) -> None:
    """Build the checkers endgame database by retrograde analysis.

    Values are game-theoretic (win, loss or draw with best play, and the plies to the end),
    ignoring the draw rules; the engine uses a win only where it ends inside the 40-move
    rule. The file goes to the user data directory (ADVERSA_DATA_DIR overrides it) and is
    replaced whole, so an interrupted build leaves the old database in place. Four pieces
    take a minute or two, and 7.5 MB.
    """
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from adversa.files import write_bytes_atomic
    from adversa.games.checkers_endgame_build import build, total_positions
    from adversa.games.checkers_endgame_index import database_path

    target = database_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"cannot create the data directory {str(target.parent)!r} ({error.strerror})")
    started = time.perf_counter()
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
               TextColumn("{task.percentage:>3.0f}%"), TimeElapsedColumn())
    kings = king_pieces or pieces
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task(f"solving {_extent(pieces, kings)}",
                            total=total_positions(pieces, kings))
        database = build(pieces, lambda done: bar.advance(task, done), kings)
    data = database.to_bytes()
    write_bytes_atomic(target, data)
    seconds = time.perf_counter() - started
    console.print(f"built {len(database.tables)} tables of {_extent(pieces, kings)} "
                  f"({_size(len(data))}) in {seconds:.0f} s: {target}", soft_wrap=True)


@endgame.command("info")
def info_command() -> None:
    """Where the database is and what it holds."""
    from adversa.games.checkers_endgame_index import HOLE, database_path

    target = database_path()
    if not target.exists():
        console.print(f"no database at {target}; build one with 'adversa endgame build'",
                      soft_wrap=True)
        return
    database = _load(target)
    positions = sum(len(table) - bytes(table).count(HOLE) for table in database.tables.values())
    console.print(f"{target}: {len(database.tables)} tables of "
                  f"{_extent(database.pieces, database.king_pieces)}, "
                  f"{positions:,} positions with Black to move (White to move: the same, "
                  f"turned round), {_size(target.stat().st_size)}", soft_wrap=True)


@endgame.command("verify")
@click.option("--sample", type=click.IntRange(1, 10_000_000), default=20_000, show_default=True,
              help="Positions checked per table and side to move (all of a smaller table).")
@click.option("--seed", type=int, default=0, show_default=True, help="Which random sample.")
def verify_command(sample: int, seed: int) -> None:
    """Check the built database against the rules: each sampled position's value must agree
    with the values after each of its legal moves (a win has a move to a loss one ply
    shorter, a loss only moves to wins, a draw a move to a draw and none to a loss).
    Exits 1 if any position disagrees."""
    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    from adversa.games.checkers_endgame_index import database_path
    from adversa.games.checkers_endgame_verify import sample_size, verify

    target = database_path()
    if not target.exists():
        fail(f"no endgame database at {str(target)!r}; build one with 'adversa endgame build'")
    database = _load(target)
    started = time.perf_counter()
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(),
               TextColumn("{task.percentage:>3.0f}%"), TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("checking", total=sample_size(database, sample))
        outcome = verify(database, sample, seed, lambda done: bar.advance(task, done))
    seconds = time.perf_counter() - started
    summary = (f"checked {outcome.positions:,} positions of {outcome.tables} tables "
               f"against the rules in {seconds:.0f} s")
    if outcome.passed:
        console.print(f"{summary}: every value agrees with its moves", soft_wrap=True)
        return
    for line in outcome.disagreements:
        console.print(line, soft_wrap=True, highlight=False)
    click.echo(f"adversa: error: {summary}: {outcome.failures:,} disagree (the first "
               f"{len(outcome.disagreements)} above); build the database again", err=True)
    sys.exit(1)  # checked and found wrong, where a usage error exits 2


@endgame.command("probe")
@click.argument("position")
def probe_command(position: str) -> None:
    """The database's value of a checkers POSITION (PDN FEN, e.g. 'W:WK5:BK1,K2'), and of
    each legal move."""
    from adversa.games import make_game
    from adversa.games.checkers_endgame_index import database_path, decode

    game = make_game("checkers")
    state = game.parse_position(position)
    target = database_path()
    if not target.exists():
        fail(f"no endgame database at {str(target)!r}; build one with 'adversa endgame build'")
    database = _load(target)

    def describe(child: CheckersState) -> str:
        if game.is_terminal(child):
            return f"{game.player_name(game.to_move(child))} has no move: lost"
        byte = database.lookup(child.black, child.white, child.kings, child.player == 1)
        if byte is None:
            return "not in the database"
        value, plies = decode(byte)
        mover = game.player_name(game.to_move(child))
        if not value:
            return "draw"
        return f"{mover} {'wins' if value > 0 else 'loses'} in {plural(plies, 'ply', 'plies')}"

    pieces = (state.black | state.white).bit_count()
    if pieces > database.reach:
        fail(f"the position has {pieces} pieces; the database holds {database.reach} or fewer")
    console.print(describe(state))
    for move in game.legal_moves(state):
        console.print(f"  {game.format_move(state, move)}: {describe(game.result(state, move))}")


def _load(target: Path) -> EndgameDatabase:
    """The database at ``target``, or the one-line error saying why it cannot be used."""
    from adversa.games.checkers_endgame_index import DatabaseFileError, EndgameDatabase

    try:
        database = EndgameDatabase.from_file(target)
        database.check_all()  # every table's checksum: a report must not vouch for a bad file
        return database
    except OSError as error:
        fail(f"endgame database {str(target)!r}: cannot be read ({error.strerror})")
    except DatabaseFileError as error:
        fail(f"endgame database {str(target)!r}: {error}")


def _extent(pieces: int, king_pieces: int) -> str:
    """What a database holds, in words: "up to 4 pieces (kings only: 5)"."""
    kings = f" (kings only: {king_pieces})" if king_pieces > pieces else ""
    return f"up to {pieces} pieces{kings}"


def _size(length: int) -> str:
    return f"{length / 1e6:.1f} MB" if length >= 1e5 else f"{length / 1e3:.1f} kB"
