"""The game screen's keys: what each does, and when the footer shows it.

Kept apart from `adversa.tui.screens.game` (the flow of play) so that a newcomer looking
for "which key does what, and when" finds one short module.
"""

from __future__ import annotations

from textual.app import App
from textual.binding import Binding, BindingType

from adversa.games.registry import entry_of
from adversa.match.session import GameSession
from adversa.tui.classroom import classroom_check, refusal_binding

GAME_KEY_HELP: dict[str, str] = {
    # What each action does, as the help screen lists it (its ``KEY_HELP``).
    "undo": "Undo (against an engine: your move and its reply)",
    "redo": "Redo what undo took back",
    "hint": "Hint: the engine's best move for you, shown on the board",
    "flip": "Flip the board",
    "focus_input": "Type a move in the game's notation",
    "focus_board": "Back to the board",
    "toggle_pause": "Engine vs engine: pause / go on",
    "step": "Engine vs engine: play one move; after going back in the move list: the engine plays",
    "next_view": "Narrow terminal: next view beside the board (search, iterations, moves)",
    "faster": "Engine vs engine: shorter delay between moves",
    "slower": "Engine vs engine: longer delay between moves",
    "new_game": "New game with the same players",
    "save": "Save the game (JSON record, or the game's own format)",
    "load": "Load a saved game",
    "menu": "Back to the start screen",
    "presentation": "Presentation mode (projector): big board, few numbers, the PV on the board",
    "compare": "Compare engines side by side on this position",
    "explore": "Explore the search tree of the first plies",
    "engine_settings": "Change the engine's algorithm, depth or time; the game goes on",
    "help": "This help",
    "quit": "Quit",
}

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
    # A priority binding runs as the app reads the key, before it passes the next keys of
    # a fast typist's burst (``:b2⏎``) to the focused board. Textual drops it while the
    # move box has the focus, which types the key (see `MoveInput`).
    Binding("colon,slash", "focus_input", "Type move", key_display=":", priority=True),
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
    decided = classroom_check(app, action)
    if decided is not None:
        return decided
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
