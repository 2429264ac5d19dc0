"""``adversa solve``: the exact value of a small game and every move that keeps it.

Registered on the main group by `adversa.cli`. It runs the
``solve`` engine (`adversa.search.solve`) through `engine.run_search`, so the
same games are accepted and refused as anywhere else, with the same one-line
errors.
"""

from __future__ import annotations

from collections.abc import Sequence

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
from adversa.games import Game
from adversa.games.base import M, S
from adversa.games.registry import evaluation_of
from adversa.jsontypes import JsonValue
from adversa.presentation import line_text, plural
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.stats import Score, SearchResult


class _SolveCommand(click.Command):
    """Writes the solver's rule, gathered from every game's registration, under the help
    (only when help is shown, so that loading the CLI loads no game)."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from adversa.search.solve import rule

        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(rule())




def _plain(score: Score | None) -> JsonValue:
    """A value for JSON and text: whole numbers without ``.0``, vectors as lists."""
    if isinstance(score, tuple):
        return [_plain(component) for component in score]
    if isinstance(score, float) and score.is_integer():
        return int(score)
    return score


def _verdict(game: Game[S, M], state: S, result: SearchResult) -> str:
    """" — X, to move, wins in 5 plies" (or loses, or "a draw") for the board games;
    trees keep their bare numbers."""
    value = result.value
    if game.fixed_move_order or value not in (1, 0, -1):
        return ""
    if value == 0:
        return " — a draw"
    mover = game.player_name(game.to_move(state))
    plies = result.win_in_plies if value == 1 else result.loss_in_plies
    distance = "" if plies is None else f" in {plural(plies, 'ply', 'plies')}"
    return f" — {mover}, to move, {'wins' if value == 1 else 'loses'}{distance}"


@click.command(cls=_SolveCommand)
@position_arguments
@click.option(
    "--time", "-t", "seconds", type=SECONDS, default=None,
    help="Give up after this many seconds (default: no limit).",
)
@json_option
def solve(
    game_name: str, position: str | None, settings: Sequence[str], line: str,
    seconds: float | None,
    as_json: bool
) -> None:
    """Solve GAME exactly: its value with perfect play and every best move.

    The value is for the player to move: +1 win, 0 draw, -1 loss (textbook trees:
    the backed-up leaf value; N-player trees: one value per player). Only small
    games can be solved; the rule is below.
    """
    game = load_game(game_name, settings)
    state = load_state(game, position, line)
    config = EngineConfig.create("solve", {} if seconds is None else {"time": seconds})
    result = run_search(game, state, config, evaluation=evaluation_of(game))
    if result.stopped:
        fail(
            f"solve did not finish within {seconds:g} s; try a smaller position "
            "or a longer --time"
        )
    value = _plain(result.value)
    best_moves = list(result.best_moves)
    nodes = result.snapshot.nodes
    elapsed = result.snapshot.elapsed
    if as_json:
        emit_json(
            {
                "value": value,
                "best_moves": best_moves,
                "pv": list(result.pv),
                "pv_movers": list(result.pv_movers),
                "nodes": nodes,
                "seconds": round(elapsed, 4),
            }
        )
        return
    console.print(f"value       [bold]{value}[/]{_verdict(game, state, result)}")
    console.print(f"best moves  [bold green]{escape(', '.join(best_moves)) or '—'}[/]")
    names = [game.player_name(seat) for seat in range(game.num_players)]
    console.print(
        f"perfect play  {escape(line_text(result.pv, result.pv_movers, names)) or '—'}")
    console.print(f"[dim]{nodes:,} positions solved in {elapsed:.3f} s[/]")
