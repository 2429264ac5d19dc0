"""The game screen's keys: what each does, and when the footer shows it.

Kept apart from `adversa.tui.screens.game` (the flow of play) so that a newcomer looking
for "which key does what, and when" finds one short module.
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding, BindingType

from adversa.games.registry import entry_of
from adversa.match.session import GameSession
from adversa.tui.classroom import (
    REFUSAL_ACTION,
    hidden_in_classroom,
    in_classroom,
    refusal_binding,
)

GAME_BINDINGS: list[BindingType] = [
    # Help and Quit first: the footer shows the bindings in this order, and at 80
    # columns it ends about the eighth key.
    Binding("question_mark", "help", "Help", key_display="?"),
    Binding("q", "quit", "Quit"),
    Binding("u,ctrl+z", "undo", "Undo"),
    Binding("e", "engine_settings", "Engine"),
    Binding("r,ctrl+y", "redo", "Redo", show=False),
    Binding("v", "next_view", "View"),
    Binding("h,H", "hint", "Hint"),
    Binding("f", "flip", "Flip", show=False),
    Binding("colon,slash", "focus_input", "Type move", key_display=":"),
    Binding("escape", "focus_board", "Board", show=False),
    Binding("p,space", "toggle_pause", "Pause/Go", key_display="p"),
    Binding("s", "step", "Step"),
    Binding("plus,equals_sign", "faster", "Faster", key_display="+"),
    Binding("minus", "slower", "Slower", key_display="-"),
    Binding("n", "new_game", "New game"),
    Binding("ctrl+s", "save", "Save"),
    Binding("ctrl+o", "load", "Load", show=False),
    refusal_binding("ctrl+s", "save"),
    refusal_binding("ctrl+o", "load"),
    Binding("m", "menu", "Menu", show=False),
    Binding("P,f5", "presentation", "Present", show=False, key_display="P"),
    Binding("c", "compare", "Compare"),
    Binding("t", "explore", "Tree"),
]


def key_shown(action: str, *, app: App[None], session: GameSession, reviewing: bool,
              narrow: bool) -> bool:
    """Show the engine-vs-engine keys only in games without a human, and the
    human's keys (hint, type a move) only in games with one.

    Nothing is dimmed as the game goes on (undo with no move, hint on the
    engine's turn): each change of a key's state rebuilds the footer, a
    layout pass of the whole screen, and at a search start that stalled the
    screen for up to a second while the engine thread held the GIL
    (benchmarks/bench_tui.py). Such keys say why they cannot act instead.

    In classroom mode the file actions are hidden, and their keys answered by a
    notification (`adversa.tui.classroom`).
    """
    if action == REFUSAL_ACTION:
        return in_classroom(app)
    if hidden_in_classroom(app, action):
        return False
    if action == "step":
        return not session.has_human or reviewing
    if action in ("toggle_pause", "faster", "slower"):
        return not session.has_human
    if action == "next_view":
        return narrow
    if action in ("hint", "focus_input"):
        return session.has_human
    if action in ("build_endgame", "build_larger_endgame"):
        tables = entry_of(session.game).endgame
        return tables is not None and (action == "build_endgame" or bool(tables.larger))
    return True
