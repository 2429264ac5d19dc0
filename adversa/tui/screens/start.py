"""The start screen: pick a game, its options, who plays each seat and the clock.

Every form here is generated from declarations — game options from
``Game.OPTIONS``, algorithms from the ones that fit the game, engine settings
from ``config.PARAMS`` — so a new game or a new engine switch appears without
touching this file. The last choices per game are remembered in the config
dir, and an autosaved game in progress is offered for resuming.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Header, Input, Label, Select, Static

from adversa.games import AdversaError, Game, Option, game_class, game_names, make_game
from adversa.games.base import M, S
from adversa.games.options import OptionValue
from adversa.games.registry import SomeGame
from adversa.games.tree import bundled_trees
from adversa.match.seats import OutsideSeat
from adversa.match.session import (
    HUMAN,
    GameSession,
    autosaved_record,
    default_players,
    describe_record,
    parse_player,
    player_text,
)
from adversa.search.config import PARAMS, EngineConfig
from adversa.search.engine import algorithms_for, default_engine
from adversa.settings import Settings
from adversa.tui.checkbox import ClearCheckbox
from adversa.tui.classroom import refused_in_classroom
from adversa.tui.clock import ClockField
from adversa.tui.host import game_host
from adversa.tui.players import fit_player
from adversa.tui.screens import named


def available_games() -> list[tuple[str, str]]:
    """(title, name) of every registered game, in menu order."""
    return [(game_class(name).title or name, name) for name in game_names()]


COMPACT_WIDTH = 100
"""Below this many columns a seat lists its settings in one column (`StartScreen.on_resize`)."""


class OptionField(Horizontal):
    """One game option as a labelled field; `value_text` is its text form."""

    def __init__(self, option: Option, value: str) -> None:
        super().__init__(classes="field")
        self.option = option
        self.initial = value

    def compose(self) -> ComposeResult:
        option = self.option
        yield Label(option.name, classes="field-label").with_tooltip(option.help)
        if option.kind == "bool":
            yield ClearCheckbox(value=self.initial == "true", classes="field-value")
        elif option.kind == "path" or option.choices:
            # A path option offers the bundled trees by name (the game accepts names);
            # a remembered custom file stays on offer too.
            choices = bundled_trees() if option.kind == "path" else list(
                option.choices or ()
            )
            if self.initial and self.initial not in choices:
                choices.insert(0, self.initial)
            yield Select([(choice, choice) for choice in choices],
                         value=self.initial if self.initial in choices else Select.NULL,
                         allow_blank=not choices, classes="field-value")
        else:
            yield Input(self.initial, classes="field-value",
                        type="integer" if option.kind == "int" else "text")

    def value_text(self) -> str:
        if self.option.kind == "bool":
            return "true" if self.query_one(Checkbox).value else "false"
        if self.option.kind == "path" or self.option.choices:
            value = self.query_one(Select).value
            return "" if value is Select.NULL else str(value)
        return self.query_one(Input).value.strip()


DEFAULT_ROOM = 18
"""Cells for the default engine on the "Use default" button: what a seat's box has beside
"Use default: " at 80 columns (``α-β d20 2s …``; the whole text is in its tooltip). The
whole text was cut mid-setting even at 120 columns (``aspiration=0.0``)."""


SeatPlayer = EngineConfig | None
"""Who a seat form shows: a human or one of adversa's engines (an outside engine is named
with ``play --player`` or the game's Engine settings)."""


class SeatForm(Vertical):
    """Who plays one seat: Human, or an algorithm with its settings.

    The settings explain themselves: the focused one's help (the text ``adversa analyze``
    and the engine errors use, from `config.PARAMS`) shows under the fields, and each
    label and field has it as a tooltip. "Use default" (or ctrl+d in the seat) puts the
    game's default engine in the seat, the one ``--player default`` means.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+d", "use_default", "Default"),
    ]

    DEFAULT_CSS = """
    SeatForm .param-help {
        height: auto;
        color: $text-muted;
        margin-top: 1;
    }
    SeatForm .param-help.-empty { display: none; }
    SeatForm .use-default { margin-top: 1; }
    """

    def __init__(self, seat: int, seat_name: str, algorithms: list[str], player: SeatPlayer,
                 *, narrow: bool = False, default: EngineConfig | None = None) -> None:
        super().__init__(classes="seat -narrow" if narrow else "seat")
        self.seat = seat
        self.seat_name = seat_name
        self.algorithms = algorithms
        self.player = player
        self.default = default
        """The game's default engine (`engine.default_engine`), for "Use default"."""

    def compose(self) -> ComposeResult:
        choices = [("Human", HUMAN)] + [(name, name) for name in self.algorithms]
        current = HUMAN if self.player is None else self.player.algorithm
        with Horizontal(classes="seat-row"):
            yield Label(self.seat_name, classes="seat-name")
            yield Select(choices, value=current, allow_blank=False, classes="seat-kind")
        yield Grid(*self._param_fields(self.player), classes="seat-params")
        yield Static("", classes="param-help -empty")
        if self.default is not None:
            yield Button(f"Use default: {fit_player(self.default.text, DEFAULT_ROOM)}",
                         compact=True, classes="use-default").with_tooltip(
                f"{self.default.text}: the engine this game is played against by default "
                "(ctrl+d in this seat)")

    def _param_fields(self, player: SeatPlayer) -> list[Horizontal]:
        if player is None:
            return []
        return [self._param_field(param, player.get(param.name))
                for param in PARAMS[player.algorithm]]

    @staticmethod
    def _param_field(param: Option, value: OptionValue) -> Horizontal:
        label = Label(param.name, classes="param-label").with_tooltip(param.help)
        if param.kind == "bool":
            field: Input | Checkbox = ClearCheckbox(value=bool(value), name=param.name)
        else:
            field = Input("" if value is None else param.format(value), name=param.name,
                          type="integer" if param.kind == "int" else "number")
        field.tooltip = param.help
        return Horizontal(label, field, classes="param")

    @on(Select.Changed, ".seat-kind")
    async def _kind_changed(self, event: Select.Changed) -> None:
        event.stop()
        kind = str(event.value)
        if (self.player is None and kind == HUMAN) or (
            self.player is not None and self.player.algorithm == kind
        ):
            return
        await self.set_player(None if kind == HUMAN else EngineConfig(kind))

    async def set_player(self, player: SeatPlayer) -> None:
        """Show ``player`` in the form: its kind in the picker, its settings in the fields."""
        self.player = player
        self.query_one(".seat-kind", Select).value = HUMAN if player is None else player.algorithm
        grid = self.query_one(".seat-params", Grid)
        await grid.remove_children()
        await grid.mount_all(self._param_fields(player))
        self.show_param_help(None)

    @on(Button.Pressed, ".use-default")
    async def action_use_default(self) -> None:
        """Put the game's default engine in this seat, its settings as it plays them."""
        if self.default is not None:
            await self.set_player(self.default)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """A settings field got the keys: say what it means under the fields."""
        self.show_param_help(event.widget.name)

    def show_param_help(self, name: str | None) -> None:
        """The help line for parameter ``name`` (nothing for None or another widget)."""
        line = self.query_one(".param-help", Static)
        declared = {} if self.player is None else {
            param.name: param for param in PARAMS[self.player.algorithm]}
        param = declared.get(name or "")
        text = "" if param is None else f"[b]{param.name}[/]: {escape(param.help)}"
        line.update(text)
        line.set_class(not text, "-empty")

    def param_help_text(self) -> str:
        """The help line as shown (for tests and the screen reader of a snapshot)."""
        return str(self.query_one(".param-help", Static).render())

    def player_text(self) -> str:
        """The seat's text form (``human`` or an engine); raises AdversaError if invalid."""
        chosen = self.query_one(".seat-kind", Select).value
        # A Select reads NULL until its own Mount handler has run (Textual sets the value
        # there); a form just rebuilt may be asked before, so its model answers then.
        if chosen is Select.NULL:
            kind = HUMAN if self.player is None else self.player.algorithm
        else:
            kind = str(chosen)
        if kind == HUMAN:
            return HUMAN
        fields: dict[str, str] = {}
        for field in self.query(".seat-params Input"):
            assert isinstance(field, Input) and field.name is not None
            fields[field.name] = field.value.strip()
        for box in self.query(".seat-params Checkbox"):
            assert isinstance(box, Checkbox) and box.name is not None
            fields[box.name] = "on" if box.value else "off"
        return EngineConfig.create(kind, self._given(kind, fields)).text

    def _given(self, kind: str, fields: dict[str, str]) -> dict[str, str]:
        """The fields that make the engine: an engine keeps what is given (see
        `EngineConfig`), so the form gives the depth it shows, what the seat's engine
        already had, and what differs from a default; empty fields mean "not set"."""
        before = self.player if self.player is not None and self.player.algorithm == kind else None
        given: dict[str, str] = {}
        for param in PARAMS[kind]:
            text = fields.get(param.name, "")
            if not text:
                continue
            shown_default = "" if param.default is None else param.format(param.default)
            if (param.name == "depth" or text != shown_default
                    or (before is not None and before.given(param.name))):
                given[param.name] = text
        return given


class StartScreen(Screen[None]):
    """Choose a game, its options and players; or resume the autosaved game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+g,ctrl+enter", "play", "Play", key_display="^g", priority=True),
        Binding("question_mark", "help", "Help", key_display="?"),
        Binding("f2", "compare", "Compare engines"),
        Binding("f3", "tournament", "Tournament"),
        Binding("ctrl+q", "quit", "Quit"),
    ]

    HELP_TITLE: ClassVar[str] = "Start screen"
    KEY_HELP: ClassVar[dict[str, str]] = {
        "play": "Play the game with the players chosen here",
        "help": "This help",
        "compare": "Compare the chosen engines side by side on the start position",
        "quit": "Quit",
    }
    """What the start screen's keys do, for the help screen (``?``)."""

    def __init__(self) -> None:
        super().__init__()
        self.settings = Settings.load()
        self.games = available_games()
        names = [name for _, name in self.games]
        last = self.settings.last_game
        self.game_name = last if last in names else (names[0] if names else "")
        self._seat_signature: tuple[int, tuple[str, ...]] | None = None
        self.shown_game = ""
        """The game whose forms are built and on screen; choosing a game rebuilds them in
        an async handler, so it lags `game_name` for a few turns of the event loop."""

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="start"):
            yield Static(
                "[b $accent]adversa[/]  play games against adversarial search — "
                "and watch the search think",
                id="start-title",
            )
            record = autosaved_record()
            if record is not None:
                yield Button(f"Resume  {describe_record(record)}", id="resume",
                             variant="success")
            with Horizontal(classes="field"):
                yield Label("game", classes="field-label")
                yield Select(self.games, value=self.game_name or Select.NULL,
                             allow_blank=False, id="game")
            yield Static("", id="game-description")
            yield Label("Options", id="options-title", classes="section-title")
            yield Vertical(id="options")
            yield Label("Players", classes="section-title")
            yield Horizontal(id="seats")
            yield Static("", id="start-error")
        # Under the scrolling form, so that at 80×24 the clock and Play are on screen
        # however long the form (a seat's settings) grows.
        with Horizontal(id="start-actions"):
            yield ClockField(classes="field")
            yield Button("Play", id="play", variant="primary")
        yield Footer()

    def on_resize(self, event: events.Resize) -> None:
        """A seat's settings in one column on a narrow screen: two columns of 80 / 2
        seats leave a number field two characters wide."""
        self.set_class(event.size.width < COMPACT_WIDTH, "-compact")

    async def on_mount(self) -> None:
        self.title = "adversa"
        self.sub_title = "new game"
        await self._show_game(self.game_name)
        # The first control has the keys (not the scrolling container around the form):
        # the resume button when there is a game to resume, else the game picker.
        first = self.query("#resume") or self.query("#game")
        first.first().focus()

    # ---- building the forms --------------------------------------------------------

    async def _show_game(self, name: str) -> None:
        self.game_name = name
        if not name:
            return
        cls = game_class(name)
        self.query_one("#game-description", Static).update(cls.description)
        remembered = self.settings.options_for(name)
        # A heading over nothing (checkers has no options) reads as a missing form.
        self.query_one("#options-title", Label).display = bool(cls.OPTIONS)
        options = self.query_one("#options", Vertical)
        await options.remove_children()
        await options.mount_all(
            OptionField(option, remembered.get(option.name, option.format(option.default)))
            for option in cls.OPTIONS
        )
        self._seat_signature = None
        await self._refresh_seats(remembered_players=True)
        self.shown_game = name

    def _current_game(self) -> SomeGame:
        return make_game(self.game_name, self._option_texts())

    def _option_texts(self) -> dict[str, str]:
        return {field.option.name: field.value_text() for field in self.query(OptionField)}

    async def _refresh_seats(self, *, remembered_players: bool = False) -> None:
        """Rebuild the seat forms when the options change the players or algorithms."""
        error = self.query_one("#start-error", Static)
        try:
            game = self._current_game()
        except AdversaError as problem:
            error.update(f"[$error]{problem}[/]")
            return
        error.update("")
        algorithms = algorithms_for(game)
        signature = (game.num_players, tuple(algorithms))
        if signature == self._seat_signature:
            return
        previous = [form.player for form in self.query(SeatForm)]
        players = self._initial_players(game, algorithms, previous, remembered_players)
        self._seat_signature = signature
        seats = self.query_one("#seats", Horizontal)
        await seats.remove_children()
        await seats.mount_all(
            SeatForm(seat, game.player_name(seat), algorithms, player,
                     narrow=len(players) > 2, default=default_engine(game))
            for seat, player in enumerate(players)
        )

    def _initial_players(
        self, game: Game[S, M], algorithms: list[str], previous: list[SeatPlayer],
        remembered: bool,
    ) -> list[SeatPlayer]:
        if remembered:
            try:
                parsed = [parse_player(game, text)
                          for text in self.settings.players_for(game.name)]
            except AdversaError:
                parsed = []
            # The forms show adversa's own engines; an outside one gives way to the default.
            chosen = [default_engine(game) if isinstance(player, OutsideSeat) else player
                      for player in parsed]
        else:
            chosen = [p for p in previous if p is None or p.algorithm in algorithms]
        # Seats filled with humans and the default engine: no outside seat to drop.
        return [player for player in default_players(game, chosen)
                if not isinstance(player, OutsideSeat)]

    # ---- events ---------------------------------------------------------------------

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if event.value is not Select.NULL and str(event.value) != self.game_name:
            await self._show_game(str(event.value))

    @on(Input.Changed, "#options Input")
    @on(Checkbox.Changed, "#options Checkbox")
    @on(Select.Changed, "#options Select")
    async def _option_changed(self) -> None:
        await self._refresh_seats()

    @on(Button.Pressed, "#play")
    def action_play(self) -> None:
        error = self.query_one("#start-error", Static)
        try:
            options = self._option_texts()
            game = make_game(self.game_name, options)
            texts = [form.player_text() for form in self.query(SeatForm)]
            players = [parse_player(game, text) for text in texts]
            control = self.query_one(ClockField).control()
            session = GameSession(self.game_name, options, players, time_control=control)
        except AdversaError as problem:
            error.update(f"[$error]{problem}[/]")
            self.notify(str(problem), title="Cannot start", severity="error", markup=False)
            return
        self.settings.remember(self.game_name, options, [player_text(p) for p in players])
        self.settings.save()
        game_host(self.app).show_file_notices()
        self._open(session)

    @on(Button.Pressed, "#resume")
    def _resume(self) -> None:
        record = autosaved_record()
        if record is None:
            return
        try:
            session = GameSession.from_record(record)
        except AdversaError as problem:
            self.notify(f"Cannot resume: {problem}", severity="error", markup=False)
            return
        self._open(session)

    def _open(self, session: GameSession) -> None:
        self.app.switch_screen(named.named_screen(self.app, named.GAME, session))

    def action_tournament(self) -> None:
        """Set up a tournament of this game: the seats' engines and a random mover to
        start the list; it runs on the tournament screen."""
        from adversa.tui.screens.tournament import TournamentScreen
        from adversa.tui.screens.tournament_setup import TournamentSetup, TournamentStart

        if refused_in_classroom(self, "A tournament (it writes its games to files)"):
            return
        try:
            options = self._option_texts()
            game = make_game(self.game_name, options)
            seats = [form.player_text() for form in self.query(SeatForm)]
        except AdversaError as problem:
            self.notify(str(problem), title="Cannot set up a tournament", severity="error",
                        markup=False)
            return
        engines = tuple(dict.fromkeys([*(text for text in seats if text != HUMAN), "random"]))

        def run(start: TournamentStart | None) -> None:
            if start is not None:
                self.app.switch_screen(TournamentScreen(start.directory, start.jobs))

        self.app.push_screen(TournamentSetup(
            game.name, tuple(f"{name}={value}" for name, value in options.items()), engines), run)

    def action_compare(self) -> None:
        """Compare the chosen engines (or a default and a contrast) on the start position."""
        from adversa.tui.screens.compare import compare_screen_for

        try:
            options = self._option_texts()
            game = make_game(self.game_name, options)
            players = [parse_player(game, form.player_text()) for form in self.query(SeatForm)]
            screen = compare_screen_for(GameSession(self.game_name, options, players),
                                        send_back=False)
        except AdversaError as problem:
            self.notify(str(problem), title="Cannot compare", severity="error", markup=False)
            return
        self.app.push_screen(screen)

    def action_help(self) -> None:
        self.app.push_screen(named.named_screen(self.app, named.HELP, self))
