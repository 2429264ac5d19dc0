"""The engine seat's settings, changed mid-game: the position and the moves stay.

A newcomer who finds the engine too strong (or too slow) should not have to leave the
game to change it. "Engine settings" (command palette) asks for the engine as text —
the form the start screen and ``--engine`` use (``alphabeta depth=4 time=1``) — checks
it fits the game, and puts it in the engine's seat; a refused text is one notification
and nothing changes. Compare's "Use in game" puts its engine in the same seat
(`engine_seat`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Button, Input, Label

from adversa.games import AdversaError
from adversa.match.seats import is_outside_spec, parse_seat
from adversa.match.session import Player
from adversa.search.engine import engine_for
from adversa.tui.classroom import refused_in_classroom
from adversa.tui.screens.dialogs import CancellableDialog, dialog_buttons

if TYPE_CHECKING:
    from adversa.tui.screens.game import GameScreen


def engine_seat(players: Sequence[Player], to_move: int) -> int:
    """The seat a newly chosen engine takes: the engine's when a person plays against
    one (the person keeps theirs), the side to move when engines play each other, and
    in a game between two people the seat of the one not to move."""
    engines = [seat for seat, player in enumerate(players) if player is not None]
    if len(engines) == 1:
        return engines[0]
    if not engines and len(players) == 2 and to_move in (0, 1):
        return 1 - to_move
    return to_move if to_move >= 0 else (engines or [0])[0]


class EngineDialog(CancellableDialog[str]):
    """Ask for an engine's text; dismisses with it (unchecked), or None when cancelled."""

    def __init__(self, seat_name: str, current: str) -> None:
        super().__init__()
        self.seat_name = seat_name
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="dialog"):
            yield Label(f"Engine for {self.seat_name}", classes="dialog-title")
            yield Label("algorithm and settings, e.g. alphabeta depth=4 time=1, or an "
                        "outside engine, e.g. uci:stockfish; the game goes on from here",
                        classes="dialog-help")
            yield Input(self.current, id="engine-text")
            yield dialog_buttons("Use")

    def on_mount(self) -> None:
        self.query_one("#engine-text", Input).focus()

    @on(Input.Submitted, "#engine-text")
    @on(Button.Pressed, "#ok")
    def _accept(self) -> None:
        self.dismiss(self.query_one("#engine-text", Input).value.strip())


def edit_engine(screen: GameScreen, then: Callable[[], None]) -> None:
    """Ask for the engine seat's new settings and apply them, keeping the position;
    ``then`` redraws and hands the turn on (the new engine plays if it is its turn)."""
    session = screen.session
    seat = engine_seat(session.players, session.to_move)
    current = session.players[seat]
    name = session.game.player_name(seat)

    def apply(text: str | None) -> None:
        if not text:
            return
        outside = is_outside_spec(text)
        if outside and refused_in_classroom(screen, "An outside engine (a program run on "
                                                    "the server)"):
            return
        try:
            config = parse_seat(session.game, text) if outside else engine_for(
                session.game, text)
        except AdversaError as error:
            screen.notify(f"Engine not changed: {error}", severity="error", markup=False)
            return
        screen.stop_search()
        session.players[seat] = config
        then()
        screen.notify(f"{config.text} now plays {name}.", markup=False)

    screen.app.push_screen(EngineDialog(name, "" if current is None else current.text), apply)
