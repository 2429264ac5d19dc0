"""The game screen: board, move list, move input, status and the live search panel.

The screen is the only place where the session (what happened), the board
(what it looks like) and the engine runner (what the engine is doing) meet.
Every change of position goes through `_position_changed`, which redraws,
autosaves and then decides who acts next: the human (board becomes
interactive), chance (a die is rolled), or an engine (a search starts — after
the redraw, so the human's move is on screen before the engine thinks).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.markup import escape
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Header, Input, Label, Static

from adversa.games import CHANCE, AdversaError
from adversa.match.session import GameSession
from adversa.presentation import outcome_verdict
from adversa.search.config import EngineConfig
from adversa.search.engine import default_engine
from adversa.tui.boards import BoardView, SomeBoard, home_seat, make_board
from adversa.tui.classroom import (
    refused_in_classroom,
)
from adversa.tui.clock import ClockBar
from adversa.tui.endgame_offer import build_in_background, offer_once
from adversa.tui.engine_settings import edit_engine
from adversa.tui.host import game_host
from adversa.tui.move_input import MoveInput
from adversa.tui.movelist import MoveList
from adversa.tui.panel import SearchPanel
from adversa.tui.players import PlayersHeader, Seat, engine_text
from adversa.tui.presentation_mode import Presentation
from adversa.tui.runner import (
    EngineInfo,
    EngineRunner,
    SearchFailed,
    SearchFinished,
    SearchProgress,
    SearchStarted,
)
from adversa.tui.screens import named
from adversa.tui.screens.game_files import confirm_discard, load_game, save_game
from adversa.tui.screens.game_keys import GAME_BINDINGS, GAME_KEY_HELP, key_shown
from adversa.tui.side import NARROW_WIDTH, WIDE_WIDTH, GameSide

SPEEDS: tuple[float, ...] = (0.0, 0.25, 0.5, 1.0, 2.0)
"""Delays (seconds) between engine moves in engine-vs-engine games, fastest first."""
DEFAULT_SPEED = 2
MIN_DELAY = 0.001


class GameScreen(Screen[None]):
    """Play one `GameSession`; search runs through an `EngineRunner`."""

    BINDINGS: ClassVar[list[BindingType]] = GAME_BINDINGS
    KEY_HELP: ClassVar[dict[str, str]] = GAME_KEY_HELP

    def __init__(self, session: GameSession, *, rng: random.Random | None = None) -> None:
        super().__init__()
        self.session = session
        self.rng = rng or random.Random()
        self.saved_moves = len(session.notations)
        """Moves the game had when it was last started, saved or loaded (see `_unless_unsaved`)."""
        self.runner: EngineRunner | None = None
        self.paused = not session.has_human
        """Engine-vs-engine games start paused, so the user sees the setup first."""
        self.speed = DEFAULT_SPEED
        self.hint_move: object = None
        self._search_ply: int | None = None
        self._timer: Timer | None = None
        self.reviewing = False
        """A human game moved back (move list) to where an engine is to move: the engine
        waits for `s` instead of playing over the moves the human is looking at."""

    # ---- layout -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        game = self.session.game
        yield Header()
        with Horizontal(id="game-main"):
            with Vertical(id="game-left"):
                yield Static("", id="status")
                yield ClockBar(self.session, id="clocks")
                yield PlayersHeader(id="players")
                yield make_board(game, id="board")
                with Horizontal(id="move-row"):
                    yield Label("Move", id="move-label")
                    yield MoveInput(placeholder=": then type a move", id="move-input")
                yield Static("", id="autoplay")
            yield GameSide(game, id="game-side")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "adversa"
        self.sub_title = self.session.game.title or self.session.game_name
        host = game_host(self.app)
        self.runner = EngineRunner(self, "search-game", host.engine_search)
        self.board.view_from(home_seat([player is None for player in self.session.players]))
        self.presentation = Presentation(self.board, self.query_one(GameSide))
        if host.big:
            self.presentation.toggle()
        self._position_changed(save=False)
        self.board.focus()
        offer_once(self, self.session, host.endgame_offered)

    def on_resize(self) -> None:
        """Below 110 columns the side shows one view at a time (`v`, or a click on the
        view bar): search summary, iterations or moves; from 160 on it takes half the width."""
        narrow = self.size.width < NARROW_WIDTH
        self.set_class(narrow, "-narrow")
        self.set_class(self.size.width >= WIDE_WIDTH, "-wide")
        if self.query_one(GameSide).set_narrow(narrow):
            self.refresh_bindings()  # `v` is shown only when narrow

    def action_next_view(self) -> None:
        self.query_one(GameSide).next_view()

    def action_show_view(self, view: str) -> None:
        """The view bar's clicks: show ``view`` beside the board on a narrow screen."""
        self.query_one(GameSide).show_view(view)

    def on_unmount(self) -> None:
        """Leaving the screen (menu, load, quit) must not leave a search running."""
        self._cancel_timer()
        if self.runner is not None:
            self.runner.cancel()

    @property
    def board(self) -> SomeBoard:
        return self.query_one("#board", BoardView)

    @property
    def panel(self) -> SearchPanel:
        return self.query_one("#panel", SearchPanel)

    # ---- the flow of the game ---------------------------------------------------

    def _position_changed(self, *, save: bool = True) -> None:
        """Redraw, autosave, and hand the turn to whoever acts next."""
        self.hint_move = None
        self.presentation.clear()
        if save:
            self.session.autosave()
            game_host(self.app).show_file_notices()
        self._redraw()
        self._schedule_next()

    def _redraw(self) -> None:
        session = self.session
        human = session.is_human_turn()
        self.board.show(
            session.state,
            last_move=session.last_move,
            legal_moves=session.legal_moves() if human else (),
            interactive=human,
            hint=self.hint_move,
        )
        self._show_status()
        self.query_one(MoveList).sync(session.states, session.notations)
        outcome = session.game.outcome(session.state)
        if outcome is not None:
            self.panel.show_verdict(outcome_verdict(outcome, self._names()))

    def _names(self) -> list[str]:
        game = self.session.game
        return [game.player_name(seat) for seat in range(game.num_players)]

    def _show_status(self) -> None:
        session = self.session
        status = escape(session.status_text())
        if session.is_over:
            status = f"[b $success]{status}[/]"
        elif self.reviewing:
            name = escape(session.game.player_name(session.to_move))
            status = (f"[b $warning]reviewing[/] · [b]{name}[/] (engine) to move — "
                      "s: engine plays, r: forward, u: back")
        elif self.runner is not None and self.runner.running and self.runner.purpose == "move":
            name = escape(session.game.player_name(session.to_move))
            status = f"[b]{name}[/] [$accent]is thinking…[/]"
        else:
            status = f"[b]{status}[/]"
        # A layout pass only for a result (which may wrap): during a search it would stall.
        self.query_one("#status", Static).update(status, layout=session.is_over)
        game = session.game
        self.query_one(PlayersHeader).show([
            Seat(game.player_name(seat),
                 session.human_label(seat) if player is None
                 else engine_text(player, clocked=session.clock is not None),
                 to_move=seat == session.to_move and not session.is_over)
            for seat, player in enumerate(session.players)
        ])
        autoplay = self.query_one("#autoplay", Static)
        autoplay.display = not session.has_human
        if not session.has_human:
            state = "[b $warning]paused[/] — p: go, s: step" if self.paused else "[b]playing[/]"
            autoplay.update(f"{state} · delay {SPEEDS[self.speed]:g}s (+/-)", layout=False)

    def _schedule_next(self) -> None:
        """Start whatever must happen next in this position (nothing on a human turn)."""
        self._cancel_timer()
        session = self.session
        if session.is_over:
            self.notify(session.status_text(), title="Game over", markup=False)
            return
        if session.to_move == CHANCE:
            if session.has_human or not self.paused:
                self._timer = self.set_timer(self._delay(), self._roll)
            return
        engine = session.engine_to_move()
        if engine is None:
            session.start_clock()  # a human's turn: their clock runs from now
            return
        if session.has_human:
            if self.reviewing:
                return  # jumped back through the moves: the engine waits for `s`
            pace = self.board.engine_pace()  # Pig: each roll stays on show for a moment
            if pace > 0:
                self._timer = self.set_timer(pace, self._start_engine)
            else:
                self.call_after_refresh(self._start_engine)
        elif not self.paused:
            self._timer = self.set_timer(self._delay(), self._start_engine)

    def _delay(self) -> float:
        """Seconds before the next automatic move (Textual timers need a positive delay)."""
        return max(MIN_DELAY, 0.0 if self.session.has_human else SPEEDS[self.speed])

    def _roll(self) -> None:
        self._timer = None
        if self.session.to_move == CHANCE and not self.session.is_over:
            self.session.roll(self.rng)
            self._position_changed()

    def _start_engine(self) -> None:
        self._timer = None
        engine = self.session.engine_to_move()
        if engine is None or self.runner is None:
            return
        self._search_ply = len(self.session.moves)
        # Under a clock the engine's time runs from here and it budgets the move itself.
        time_left = self.session.start_clock()
        self.runner.start(self.session.game, self.session.state, engine, "move", time_left,
                          history=(self.session.states[0], tuple(self.session.moves)))
        self._show_status()

    def stop_search(self) -> None:
        """Cancel any running search and pending engine move at once."""
        self._cancel_timer()
        if self.runner is not None and self.runner.running:
            self.runner.cancel()
            self._search_ply = None
            if self.is_mounted:
                self._show_status()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def play_human_move(self, move: object) -> None:
        """A move the human chose on the board (already one of the legal moves)."""
        if not self.session.is_human_turn():
            self.notify("Wait for your turn.", severity="warning")
            return
        self.stop_search()  # a running hint search is now stale
        self.session.play(move)
        self._set_reviewing(False)
        self._position_changed()

    def _set_reviewing(self, reviewing: bool) -> None:
        if reviewing != self.reviewing:
            self.reviewing = reviewing
            self.refresh_bindings()  # `s` is shown while reviewing (a user's act, not a search)

    @on(MoveList.Jump)
    def _jump(self, message: MoveList.Jump) -> None:
        """Go to the position after a ply of the move list, through the session's history
        (redo comes back); a search under way is cancelled first, as undo does."""
        message.stop()
        session = self.session
        searching = self.runner is not None and self.runner.running
        if message.plies == len(session.moves) and not searching:
            return
        self.stop_search()
        session.go_to(message.plies)
        self.panel.clear()
        if not session.has_human:
            self.paused = True
        self._set_reviewing(session.has_human and session.engine_to_move() is not None)
        self._position_changed()

    # ---- runner messages ----------------------------------------------------------

    @on(SearchStarted)
    def _search_started(self, message: SearchStarted) -> None:
        if not message.is_current or self.runner is None:
            return
        seat = self.session.to_move
        purpose = "Hint" if self.runner.purpose == "hint" else "Search"
        who = self.session.game.player_name(seat) if seat != CHANCE else ""
        self.panel.border_title = f"{purpose} · {who}" if who else purpose
        self.panel.set_sides(self._names(), seat)
        self.panel.clear(message.config.text)

    @on(SearchProgress)
    def _search_progress(self, message: SearchProgress) -> None:
        if message.is_current:
            self.panel.show_snapshot(message.snapshot)
            self.presentation.show_line(message.snapshot.pv)

    @on(EngineInfo)
    def _engine_info(self, message: EngineInfo) -> None:
        if message.is_current:
            self.panel.show_info(message.text)

    # IterationDone is not handled here: the iteration table is synced from each
    # snapshot (at most ten a second), because shallow iterations finish in a
    # burst and a table row each is a layout pass each.

    @on(SearchFinished)
    def _search_finished(self, message: SearchFinished) -> None:
        runner = self.runner
        if runner is None or not message.is_current:
            return
        purpose = runner.purpose
        runner.done(message.search_id)
        result = message.result
        self.panel.show_result(result)
        if result.best_move is None:
            self.notify("The engine found no move.", severity="error")
            self._after_engine_trouble()
            return
        if purpose == "hint":
            self.hint_move = result.best_move
            self.presentation.show_line(result.pv)
            self._redraw()
            self.notify(f"Hint: {result.best_move_text}", title="Hint", markup=False)
            return
        if self._search_ply != len(self.session.moves):
            return  # the position changed under the search
        self._search_ply = None
        self.session.play(result.best_move)
        self._position_changed()
        self.presentation.show_line(result.pv[1:])  # the reply the engine expects, and on

    @on(SearchFailed)
    def _search_failed(self, message: SearchFailed) -> None:
        if self.runner is None or not message.is_current:
            return
        self.runner.done(message.search_id)
        session = self.session
        if self.runner.purpose == "move" and session.replace_failed_outside_engine():
            # The game is kept: the seat's new player takes over from this position.
            player = session.players[session.to_move]
            self.notify(f"{message.error}. {session.game.player_name(session.to_move)} is now "
                        f"played by {'you' if player is None else player.text}.",
                        title="Outside engine failed", severity="error", markup=False)
            self._search_ply = None
            self._position_changed(save=False)
            return
        self.notify(f"The engine failed: {message.error}", title="Engine error",
                    severity="error", markup=False)
        self._after_engine_trouble()

    @on(ClockBar.Flagged)
    def _flag_fell(self) -> None:
        """A clock ran out while its side was to move: the game is over, a search stops."""
        self.stop_search()
        self._position_changed()

    def _after_engine_trouble(self) -> None:
        """The game waits, saying how to go on: ``s`` asks the engine again (``e`` may
        change it first); without a human, the match pauses."""
        self._search_ply = None
        if not self.session.has_human:
            self.paused = True
        self._set_reviewing(self.session.has_human and self.session.engine_to_move() is not None)
        self._show_status()

    # ---- input ----------------------------------------------------------------------

    @on(BoardView.MoveChosen)
    def _board_move(self, message: BoardView.MoveChosen) -> None:
        message.stop()
        self.play_human_move(message.move)

    @on(BoardView.MoveRefused)
    def _board_refusal(self, message: BoardView.MoveRefused) -> None:
        message.stop()
        self.notify(message.reason, title="Not a move", severity="warning", markup=False)

    @on(Input.Submitted, "#move-input")
    def _typed_move(self, message: Input.Submitted) -> None:
        """Play a typed move and hand the keys back to the board; a refused move keeps
        its text and the focus, so the user can correct it (the notification says why)."""
        text = message.value.strip()
        if not text:
            self.board.focus()  # Enter on an empty box: done typing
            return
        if not self.session.is_human_turn():
            self.notify("It is not your turn.", severity="warning")
            return
        try:
            move = self.session.game.parse_move(self.session.state, text)
        except AdversaError as error:
            self.notify(self.session.refusal_text(error), title="Move refused",
                        severity="warning", markup=False)
            message.input.select_all()  # kept for correcting, replaced by typing anew
            return
        message.input.value = ""
        self.board.focus()  # else the next q, u or t would be typed into the box
        self.play_human_move(move)

    # ---- actions ------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether the footer shows ``action``'s key here (see `game_keys.key_shown`)."""
        return key_shown(action, app=self.app, session=self.session, reviewing=self.reviewing,
                         narrow=self.has_class("-narrow"))

    def action_undo(self) -> None:
        if not self.session.moves:
            self.notify("Nothing to undo.")
            return
        self.stop_search()
        self.session.undo()
        self._set_reviewing(False)
        self.panel.clear()  # the last search was of a position no longer on the board
        if not self.session.has_human:
            self.paused = True
        self._position_changed()

    def action_redo(self) -> None:
        if not self.session.redo_stack:
            self.notify("Nothing to redo.")
            return
        self.stop_search()
        self.session.redo()
        self._set_reviewing(False)
        self.panel.clear()
        if not self.session.has_human:
            self.paused = True
        self._position_changed()

    def action_hint(self) -> None:
        if self.runner is None:
            return
        if self.session.is_over:
            self.notify("The game is over: there is no move to hint.", severity="warning")
            return
        if not self.session.is_human_turn():
            self.notify("A hint is for your turn.", severity="warning")
            return
        config = self._hint_engine()
        if config is None:
            self.notify("No engine can search this game.", severity="warning")
            return
        self.runner.start(self.session.game, self.session.state, config, "hint")

    def _hint_engine(self) -> EngineConfig | None:
        """The opponent's engine if there is one, else the game's default engine."""
        for player in self.session.players:
            if isinstance(player, EngineConfig):
                return player
        return default_engine(self.session.game)

    def action_presentation(self) -> None:
        """Presentation mode: big board, few numbers, the PV on the board."""
        self.presentation.toggle()

    def action_flip(self) -> None:
        self.board.flipped = not self.board.flipped

    def action_focus_input(self) -> None:
        """Move the focus to the move box at once: with `Screen.set_focus`, not
        `Widget.focus`, which defers the change to the app's queue, so the keys of the
        same burst would still go to the board (a real terminal's ``:b2⏎`` left ``2`` in
        the box). The binding is a priority one for the same reason."""
        self.set_focus(self.query_one("#move-input", Input))

    def action_focus_board(self) -> None:
        self.board.focus()

    def action_toggle_pause(self) -> None:
        self.paused = not self.paused
        if self.paused:
            self._cancel_timer()
        elif not (self.runner and self.runner.running):
            self._schedule_next()
        self._show_status()

    def action_step(self) -> None:
        """One engine move (or die roll) while paused, or the engine's move while reviewing."""
        if self.reviewing:
            self._set_reviewing(False)
            self._position_changed(save=False)
            return
        if not self.paused:
            self.paused = True
            self._show_status()
            return
        if self.runner is not None and self.runner.running:
            return
        if self.session.to_move == CHANCE:
            self._roll()
        else:
            self._start_engine()

    def action_faster(self) -> None:
        self.speed = max(0, self.speed - 1)
        self._show_status()

    def action_slower(self) -> None:
        self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        self._show_status()

    def _unless_unsaved(self, then: Callable[[], None]) -> None:
        confirm_discard(self, then)

    def action_new_game(self) -> None:
        self._unless_unsaved(self._new_game)

    def _new_game(self) -> None:
        self.stop_search()
        self.session.restart()
        self._set_reviewing(False)
        self.saved_moves = 0
        self.paused = not self.session.has_human
        self.panel.clear()
        self._position_changed()
        self.notify("New game.")

    def action_menu(self) -> None:
        self._unless_unsaved(self._menu)

    def _menu(self) -> None:
        self.stop_search()
        self.app.switch_screen(named.named_screen(self.app, named.START))

    def action_compare(self) -> None:
        """Compare engines on this position; the compare screen can send one back as a player."""
        from adversa.tui.screens.compare import compare_screen_for

        self._open_tool(lambda: compare_screen_for(self.session))

    def action_engine_settings(self) -> None:
        """Change the engine seat's algorithm, depth or time; the game goes on from here."""
        edit_engine(self, self._position_changed)

    def action_explore(self) -> None:
        """Step through the search tree of the first plies from this position."""
        from adversa.tui.screens.tree_explorer import explorer_for

        session = self.session
        engine = session.engine_to_move()
        config = engine if isinstance(engine, EngineConfig) else None
        self._open_tool(lambda: explorer_for(session.game, session.state, config))

    def _open_tool(self, build: Callable[[], Screen[None]]) -> None:
        """Push a compare/explorer screen; the game carries on when it closes."""
        try:
            screen = build()
        except AdversaError as error:
            self.notify(str(error), severity="warning", markup=False)
            return
        self.stop_search()
        self.app.push_screen(screen, lambda _: self._position_changed(save=False))

    def action_build_endgame(self) -> None:
        build_in_background(self, self.session)

    def action_build_larger_endgame(self) -> None:
        build_in_background(self, self.session, larger=True)

    def action_help(self) -> None:
        self.app.push_screen(named.named_screen(self.app, named.HELP, self))

    def action_quit(self) -> None:
        self.stop_search()
        self.app.exit()

    def action_classroom_refusal(self, what: str) -> None:
        refused_in_classroom(self, what)

    def action_save(self) -> None:
        save_game(self)

    def action_load(self) -> None:
        self._unless_unsaved(lambda: load_game(self))
