"""The compare screen: two to four engines search one position side by side.

Each column is an engine text form (an editable Input) above a `SearchPanel`,
fed by an `EngineRunner` of its own — its own worker group, so starting,
stopping or restarting one engine never touches the others. Under the panels a
summary table (the rows of `adversa.match.compare`, the same numbers as
``adversa compare``) is updated live and stays after the searches end: best
move, value, nodes, time, pruned branches, effective branching factor, nodes
as a ratio of the first engine's, and whether the engines agree.

Keys: Enter in an engine's box restarts that engine with the text typed;
ctrl+t stops the engine whose box has focus; ctrl+r restarts them all;
ctrl+n adds an engine (up to four), a copy of the focused one to edit;
ctrl+g sends the focused engine to the game screen as the player to move (when
the screen was opened from a game); escape goes back.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, Static

from adversa.games.base import CHANCE, AdversaError, Game, M, S
from adversa.match.compare import (
    MAX_ENGINES,
    CompareError,
    CompareRow,
    check_engine_count,
    disagreement,
    summary_row,
)
from adversa.match.session import GameSession, Player
from adversa.presentation import COMPARE_CAPTION, COMPARE_COLUMNS, agreement_text, compare_cells
from adversa.search.config import PARAMS, EngineConfig
from adversa.search.engine import default_engine, engine_for, why_not
from adversa.search.stats import Score, Snapshot
from adversa.tui.engine_settings import engine_seat
from adversa.tui.panel import SearchPanel
from adversa.tui.runner import (
    EngineRunner,
    IterationDone,
    SearchFailed,
    SearchFinished,
    SearchFunction,
    SearchProgress,
    SearchStarted,
)

SUMMARY_COLUMNS: tuple[tuple[str, str], ...] = (
    ("engine", "engine"),
    ("state", "state"),
    *COMPARE_COLUMNS,
)
"""(column key, heading) of the summary table: the CLI's columns, and each engine's state."""

SendPlayer = Callable[[EngineConfig], str]
"""Puts an engine the user chose in the game's engine seat; returns that seat's name."""


ENGINE_CELL_WIDTH = 24
"""The summary's engine column is cut to this many characters (the whole text is in the
engine's field above its panel), so that four engines' figures fit 120 columns."""


NARROW_WIDTH = 100
"""Below this many columns the summary table leaves out `NARROW_DROPPED`."""
NARROW_DROPPED = ("pruned", "depth", "ebf", "ratio")
"""The summary's last columns (so they can be put back at the end), least telling first
to go: each engine's panel above shows its pruned count and depth."""


def summary_cells(row: CompareRow | None, config: EngineConfig, state: str) -> list[Text]:
    """One summary-table row as plain Text cells (no markup: moves may contain brackets)."""
    # The state column already says "stopped": the time cell's "(stopped)" would only
    # widen it past 80 columns.
    figures = (compare_cells(dataclasses.replace(row, stopped=False)) if row is not None
               else ["—"] * (len(SUMMARY_COLUMNS) - 2))
    engine = Text(config.text, no_wrap=True, overflow="ellipsis")
    engine.truncate(ENGINE_CELL_WIDTH, overflow="ellipsis")
    return [engine, *(Text(cell) for cell in [state, *figures])]


class EngineColumn:
    """One engine of the comparison: its config, runner and latest figures."""

    def __init__(self, index: int, config: EngineConfig, runner: EngineRunner) -> None:
        self.index = index
        self.config = config
        self.runner = runner
        self.snapshot_row: tuple[Snapshot, str | None, Score | None, bool] | None = None
        """(snapshot, best move, value, stopped) of the latest figures."""
        self.state = "waiting"


class CompareScreen(Screen[None]):
    """Search one position with 2–4 engines at once and compare their work."""

    DEFAULT_CSS = """
    CompareScreen #compare-position { height: auto; padding: 0 1; background: $boost; }
    CompareScreen #compare-panels { height: 1fr; }
    CompareScreen .compare-column { width: 1fr; }
    CompareScreen .compare-spec { margin: 0 0; }
    CompareScreen #compare-agree { height: auto; padding: 0 1; }  /* wraps at 80 */
    CompareScreen #compare-legend { height: auto; padding: 0 1; }
    CompareScreen #compare-summary { height: auto; max-height: 8; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+r", "restart_all", "Restart all"),
        Binding("ctrl+t", "stop_focused", "Stop engine"),
        Binding("ctrl+n", "add_engine", "Add engine"),
        Binding("ctrl+g", "send_player", "Use in game"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(
        self,
        game: Game[S, M],
        state: S,
        engines: Sequence[EngineConfig],
        *,
        send_player: SendPlayer | None = None,
        search: SearchFunction | None = None,
    ) -> None:
        check_engine_count(len(engines))
        super().__init__()
        self.game = game
        self.position = state
        self.initial_engines = list(engines)
        self.send_player = send_player
        self.search = search
        self.columns: list[EngineColumn] = []
        self._search_function: SearchFunction | None = search

    # ---- layout -------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static(self._position_text(), id="compare-position")
        with Horizontal(id="compare-panels"):
            for index, config in enumerate(self.initial_engines):
                yield self._column_widgets(index, config)
        yield Static("", id="compare-agree")
        yield Static(Text(COMPARE_CAPTION,
                          style="dim"), id="compare-legend")
        table: DataTable[Text] = DataTable(id="compare-summary", cursor_type="row")
        yield table
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = "compare engines"
        search = self.search or getattr(self.app, "engine_search", None)
        table = self.query_one("#compare-summary", DataTable)
        for key, heading in SUMMARY_COLUMNS:
            table.add_column(heading, key=key)
        self._search_function = search
        for config in self.initial_engines:
            self._add_column(config)
        self.action_restart_all()

    def _column_widgets(self, index: int, config: EngineConfig) -> Vertical:
        return Vertical(
            Input(config.text, id=f"spec-{index}", classes="compare-spec",
                  placeholder="engine, e.g. alphabeta depth=6"),
            self._panel(index),
            classes="compare-column",
        )

    def _panel(self, index: int) -> SearchPanel:
        """A live panel whose verdicts name the players ("+2 pts (Black better)")."""
        panel = SearchPanel(f"Engine {index + 1}", id=f"panel-{index}")
        mover = self.game.to_move(self.position)
        if mover != CHANCE:
            panel.set_sides([self.game.player_name(seat)
                             for seat in range(self.game.num_players)], mover)
        return panel

    def _add_column(self, config: EngineConfig) -> EngineColumn:
        """A runner (its own worker group) and a summary row for one more engine."""
        index = len(self.columns)
        runner = EngineRunner(self, f"compare-{index}", self._search_function)
        column = EngineColumn(index, config, runner)
        self.columns.append(column)
        table = self.query_one("#compare-summary", DataTable)
        cells = summary_cells(None, config, "waiting")
        table.add_row(*(cell for (key, _), cell in zip(SUMMARY_COLUMNS, cells, strict=True)
                        if key in table.columns), key=str(index))
        return column

    def on_resize(self, event: events.Resize) -> None:
        """Below `NARROW_WIDTH` columns the summary leaves out its last figures (they were
        cut at 80 columns); the CLI's table says which, the panels show them."""
        narrow = event.size.width < NARROW_WIDTH
        table = self.query_one("#compare-summary", DataTable)
        if narrow == (NARROW_DROPPED[0] not in table.columns):
            return
        headings = dict(SUMMARY_COLUMNS)
        for key in NARROW_DROPPED:
            if narrow:
                table.remove_column(key)
            else:
                table.add_column(headings[key], key=key)
        self._refresh_summary()

    def on_unmount(self) -> None:
        for column in self.columns:
            column.runner.cancel()

    def _position_text(self) -> Text:
        mover = self.game.to_move(self.position)
        who = "chance" if mover == CHANCE else self.game.player_name(mover)
        text = Text.assemble(
            ("Position ", "bold"),
            self.game.format_position(self.position),
            ("  ·  to move: ", "dim"),
            who,
        )
        return text

    # ---- running ------------------------------------------------------------------

    def start(self, index: int, config: EngineConfig | None = None) -> None:
        """(Re)start one engine, optionally with a new configuration."""
        column = self.columns[index]
        if config is not None:
            column.config = config
        column.snapshot_row = None
        column.state = "searching"
        self.query_one(f"#panel-{index}", SearchPanel).clear(column.config.text)
        column.runner.start(self.game, self.position, column.config, "compare")
        self._refresh_summary()

    def stop(self, index: int) -> None:
        column = self.columns[index]
        if column.runner.running:
            column.runner.cancel()
            column.state = "stopped"
            self._refresh_summary()

    def _column_of(self, runner: EngineRunner) -> EngineColumn | None:
        for column in self.columns:
            if column.runner is runner:
                return column
        return None

    @on(SearchStarted)
    def _started(self, message: SearchStarted) -> None:
        message.stop()

    @on(SearchProgress)
    def _progress(self, message: SearchProgress) -> None:
        message.stop()
        column = self._column_of(message.runner)
        if column is None or not message.is_current:
            return
        snapshot = message.snapshot
        self.query_one(f"#panel-{column.index}", SearchPanel).show_snapshot(snapshot)
        best = snapshot.pv[0] if snapshot.pv else None
        column.snapshot_row = (snapshot, best, snapshot.score, False)
        self._refresh_summary()

    @on(IterationDone)
    def _iteration(self, message: IterationDone) -> None:
        message.stop()
        column = self._column_of(message.runner)
        if column is not None and message.is_current:
            self.query_one(f"#panel-{column.index}", SearchPanel).add_iteration(
                message.iteration
            )

    @on(SearchFinished)
    def _finished(self, message: SearchFinished) -> None:
        message.stop()
        column = self._column_of(message.runner)
        if column is None or not message.is_current:
            return
        column.runner.done(message.search_id)
        result = message.result
        self.query_one(f"#panel-{column.index}", SearchPanel).show_result(result)
        column.snapshot_row = (result.snapshot, result.best_move_text, result.value,
                               result.stopped)
        column.state = "stopped" if result.stopped else "done"
        self._refresh_summary()

    @on(SearchFailed)
    def _failed(self, message: SearchFailed) -> None:
        message.stop()
        column = self._column_of(message.runner)
        if column is None or not message.is_current:
            return
        column.runner.done(message.search_id)
        column.state = "failed"
        self.notify(f"Engine {column.index + 1} failed: {message.error}",
                    title="Engine error", severity="error", markup=False)
        self._refresh_summary()

    # ---- the summary --------------------------------------------------------------

    def rows(self) -> list[CompareRow | None]:
        """Each engine's current row (live or final), ratios against engine 1."""
        first = self.columns[0].snapshot_row
        first_nodes = first[0].nodes if first is not None else None
        rows: list[CompareRow | None] = []
        for column in self.columns:
            if column.snapshot_row is None:
                rows.append(None)
                continue
            snapshot, best, value, stopped = column.snapshot_row
            rows.append(summary_row(column.config.text, snapshot, best, value, stopped,
                                    first_nodes))
        return rows

    def _refresh_summary(self) -> None:
        table = self.query_one("#compare-summary", DataTable)
        rows = self.rows()
        for column, row in zip(self.columns, rows, strict=True):
            for (key, _), cell in zip(
                SUMMARY_COLUMNS, summary_cells(row, column.config, column.state), strict=True
            ):
                if key in table.columns:
                    table.update_cell(str(column.index), key, cell, update_width=True)
        self.query_one("#compare-agree", Static).update(self._agreement_text(rows))

    def _agreement_text(self, rows: Sequence[CompareRow | None]) -> Text:
        if any(column.state == "searching" for column in self.columns):
            return Text("engines agree: … (searching)", style="dim")
        finished = [row for row in rows if row is not None]
        if len(finished) < len(rows):
            return Text("engines agree: — (not every engine finished)", style="dim")
        reason = disagreement(finished)
        verdict, _, rest = agreement_text(reason).removeprefix("engines agree: ").partition(" ")
        style = "bold green" if reason is None else "bold red"
        return Text.assemble("engines agree: ", (verdict, style), f" {rest}" if rest else "")

    # ---- input and actions ----------------------------------------------------------

    @on(Input.Submitted, ".compare-spec")
    def _spec_submitted(self, message: Input.Submitted) -> None:
        message.stop()
        index = int((message.input.id or "spec-0").removeprefix("spec-"))
        try:
            config = engine_for(self.game, message.value)
        except AdversaError as error:
            self.notify(str(error), title="Engine not changed", severity="warning",
                        markup=False)
            return
        self.start(index, config)

    def _focused_index(self) -> int | None:
        """The engine whose box (or panel) has focus, if any."""
        if self.focused is None:
            return None
        for node in self.focused.ancestors_with_self:
            for prefix in ("spec-", "panel-"):
                if node.id and node.id.startswith(prefix):
                    return int(node.id.removeprefix(prefix))
        return None

    def action_restart_all(self) -> None:
        for column in self.columns:
            self.start(column.index)

    async def action_add_engine(self) -> None:
        """One more column (up to four), starting as a copy of the focused or last engine."""
        if len(self.columns) >= MAX_ENGINES:
            self.notify(f"At most {MAX_ENGINES} engines side by side.", severity="warning")
            return
        index = self._focused_index()
        config = self.columns[-1 if index is None else index].config
        column = self._add_column(config)
        await self.query_one("#compare-panels", Horizontal).mount(
            self._column_widgets(column.index, config)
        )
        self.start(column.index)
        self.query_one(f"#spec-{column.index}", Input).focus()

    def action_stop_focused(self) -> None:
        index = self._focused_index()
        if index is None:
            self.notify("Focus an engine's box first (Tab).", severity="warning")
            return
        self.stop(index)

    def action_send_player(self) -> None:
        if self.send_player is None:
            self.notify("Open compare from a game to send an engine to it.",
                        severity="warning")
            return
        index = self._focused_index()
        if index is None:
            self.notify("Focus an engine's box first (Tab).", severity="warning")
            return
        config = self.columns[index].config
        seat = self.send_player(config)
        self.notify(f"{config.text} now plays {seat}.", markup=False)
        self.dismiss()

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.dismiss()
        else:
            self.app.exit()


def contrast_engine(game: Game[S, M], config: EngineConfig) -> EngineConfig | None:
    """An engine worth comparing with ``config``: minimax for alpha-beta (the lesson
    of pruning), alpha-beta for anything else; same depth and time where declared."""
    other = "minimax" if config.algorithm == "alphabeta" else "alphabeta"
    if why_not(game, other) is not None:
        return None
    declared = {param.name for param in PARAMS[other]}
    mine = {param.name for param in PARAMS[config.algorithm]}
    values: dict[str, float | None] = {name: config.get(name) for name in ("depth", "time")
              if name in declared & mine and config.get(name) is not None}
    return EngineConfig.create(other, values)


def comparison_engines(game: Game[S, M], players: Sequence[Player]) -> list[EngineConfig]:
    """The session's own engines (or the game's default engine), plus a contrast when
    alone; outside engines are left out (the screen runs searches, which they are not)."""
    chosen: list[EngineConfig] = []
    for player in players:
        if isinstance(player, EngineConfig) and player not in chosen:
            chosen.append(player)
    if not chosen:
        fallback = default_engine(game)
        if fallback is not None:
            chosen.append(fallback)
    if len(chosen) == 1:
        contrast = contrast_engine(game, chosen[0])
        if contrast is not None:
            chosen.append(contrast)
    return chosen[:MAX_ENGINES]


def compare_screen_for(session: GameSession, *, send_back: bool = True) -> CompareScreen:
    """The compare screen on a game's current position; `AdversaError` when impossible.

    With ``send_back`` its "use in game" key makes the chosen engine the player to
    move in ``session`` (off for the start screen, which has no game yet).
    """
    game, state = session.game, session.state
    if game.is_terminal(state):
        raise CompareError("the game is over: there is no move to compare")
    seat = engine_seat(session.players, game.to_move(state))

    def use_in_game(config: EngineConfig) -> str:
        session.players[seat] = config
        return game.player_name(seat)

    engines = comparison_engines(game, session.players)
    can_send = send_back and game.to_move(state) != CHANCE
    return CompareScreen(game, state, engines, send_player=use_in_game if can_send else None)


class CompareApp(App[None]):
    """``adversa compare`` without ``--json``: the compare screen on its own."""

    TITLE = "adversa"

    def __init__(
        self,
        game: Game[S, M],
        state: S,
        engines: Sequence[EngineConfig],
        *,
        engine_search: SearchFunction | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.position = state
        self.engines = list(engines)
        self.engine_search = engine_search
        self.final_rows: list[CompareRow] = []
        """The engines' rows when the app was closed, for the shell to print."""

    def exit(
        self, result: None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """Keep the summary before the screen goes: ``adversa compare`` prints it."""
        screen = self.screen
        if isinstance(screen, CompareScreen):
            self.final_rows = [row for row in screen.rows() if row is not None]
        super().exit(result, return_code, message)

    def get_default_screen(self) -> CompareScreen:
        """The compare screen is the app's only screen, so escape quits (pushed on top
        of Textual's blank default screen, escape used to leave that blank screen)."""
        return CompareScreen(self.game, self.position, self.engines)


def run_compare_app(game: Game[S, M], state: S,
                    engines: Sequence[EngineConfig]) -> list[CompareRow]:
    """The compare screen on its own, each engine searching in an engine process of its
    own (`adversa.search.process`), so each gets a core; the rows it showed last."""
    app = CompareApp(game, state, engines)
    app.run()
    return app.final_rows
