"""The ``adversa`` command: the app with no arguments, tools as subcommands.

One module per command group, each importing only `adversa.cli.common`:
`games` (games, moves, perft), `search` (analyze, tree), `solve`, `match` (arena,
compare), `tournament`, `endgame` (the checkers endgame database), `serve` (the app
in a web browser). These modules only parse arguments and format output; the work is done by
`adversa.games`, `adversa.search` and `adversa.match`. `uci` speaks the UCI protocol,
making adversa's chess engine usable from chess GUIs.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from adversa import __version__
from adversa.cli import endgame, games, match, search, serve, solve, tournament, uci
from adversa.cli.common import AdversaGroup, game_arguments, load_game
from adversa.games import parse_settings


@click.group(cls=AdversaGroup, invoke_without_command=True)
@click.version_option(__version__, prog_name="adversa")
@click.option("--classroom", is_flag=True, hidden=True,
              help="The app as `adversa serve` runs it for a class: no saving or loading "
              "of files on the server.")
@click.pass_context
def main(ctx: click.Context, classroom: bool) -> None:
    """Play games against adversarial search, and watch the search think.

    With no command, opens the app.
    """
    if ctx.invoked_subcommand is None:
        from adversa.tui.app import run_app

        run_app(classroom=classroom)


@main.command()
@game_arguments
@click.option(
    "--player",
    "players",
    multiple=True,
    metavar="SPEC",
    help="Who plays each seat, in order: 'human', 'default' (the game's default engine), "
    "an engine such as 'alphabeta depth=9', or an outside engine such as 'uci:stockfish' "
    "or 'external:python3 my_engine.py' (docs/engine-protocol.md). Missing seats: a human "
    "first, the default engine after.",
)
@click.option("--theme", metavar="NAME",
              help="Colour theme, e.g. 'high-contrast' (remembered from the app otherwise).")
@click.option("--no-color", "no_color", is_flag=True,
              help="No colour: shapes and marks only (also when NO_COLOR is set).")
@click.option("--big", is_flag=True,
              help="Presentation mode, for a projector: large board, few numbers, the "
              "engine's line drawn on the board (P toggles it in the app).")
@click.option("--clock", "clock_text", metavar="BASE+INC",
              help="A game clock for each side, e.g. 300+3: seconds for the game, plus "
              "seconds after each move; engines budget their moves, a flag fall loses.")
def play(game_name: str, position: str | None, settings: Sequence[str],
         players: Sequence[str], theme: str | None, no_color: bool, big: bool,
         clock_text: str | None) -> None:
    """Open the app on GAME directly (bad players are reported before it starts)."""
    from adversa.match.session import GameSession, parse_player
    from adversa.search.timeman import TimeControl, TimeControlError
    from adversa.tui.app import run_app
    from adversa.tui.themes import theme_names

    if theme is not None and theme not in theme_names():
        raise click.UsageError(
            f"unknown theme {theme!r}; expected one of: {', '.join(theme_names())}"
        )

    try:
        control = TimeControl.parse(clock_text) if clock_text is not None else None
    except TimeControlError as error:
        raise click.UsageError(f"--clock: {error.detail}") from None
    game = load_game(game_name, settings)
    if len(players) > game.num_players:
        raise click.UsageError(
            f"{len(players)} --player options for a {game.num_players}-player game"
        )
    seats = [parse_player(game, spec) for spec in players]
    run_app(GameSession(game_name, parse_settings(settings), seats, position, control),
            theme=theme, no_color=no_color, big=big)


# The subcommands are attributes of their modules, never of this package, so that
# ``adversa.cli.solve`` stays the module (tests patch names inside it).
for command in (games.games, games.moves, games.perft_command, search.analyze,
                search.tree_command, solve.solve, match.arena, match.compare,
                endgame.endgame, serve.serve, tournament.tournament, uci.uci_command):
    main.add_command(command)
