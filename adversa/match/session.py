"""A game in progress, as the app and the command line see it — pure Python, no Textual.

`GameSession` owns the move list, undo/redo, who plays each seat, the clocks and the
game record (save, load, autosave). Keeping it free of widgets means every rule of
"what undo takes back" or "what a saved file contains" is unit-tested without
a terminal, the screen only draws what the session says, and the CLI builds one
without importing the app (it lives in `adversa.match` for that reason).

A *player* is ``None`` for a human, an `EngineConfig` for one of adversa's engines or
an `OutsideSeat` for an outside engine (``uci:stockfish``, ``external:./mine``); its
text form is ``human``, the engine's text form (``alphabeta depth=9``) or the seat's
spec, the same words ``adversa play --player`` accepts.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Hashable, Mapping, Sequence
from pathlib import Path
from typing import Any, Generic

from typing_extensions import TypeVar

from adversa import settings
from adversa.files import read_user_text, write_text_atomic
from adversa.games import CHANCE, AdversaError, Game, entry, make_game
from adversa.games.base import parse_action, result_text
from adversa.games.registry import record_formats
from adversa.jsontypes import JsonObject, JsonValue
from adversa.match.clock_notes import (
    TERMINATION_TAG,
    TIME_CONTROL_TAG,
    TIME_FORFEIT,
    clock_notes,
    clocks_from_notes,
)
from adversa.match.clocks import Clock, GameClock
from adversa.match.record_fields import RecordError, clock_times, record_control, typed_options
from adversa.match.seats import OutsideSeat, is_outside_spec, parse_seat
from adversa.numbers import plain_number
from adversa.search.config import EngineConfig
from adversa.search.engine import default_engine, engine_for
from adversa.search.timeman import ClockReading, TimeControl, TimeControlError

Player = EngineConfig | OutsideSeat | None
"""None is a human at the keyboard; an `EngineConfig` or `OutsideSeat` is an engine."""

HUMAN = "human"
RECORD_FORMAT = "adversa-game"
RECORD_VERSION = 2
"""2: options are typed JSON values (1 wrote them as text; both are read)."""


S = TypeVar("S", bound=Hashable, default=Any)
M = TypeVar("M", bound=Hashable, default=Any)
"""A session's game state and move. A session is made from a game's *name* (the start
screen's choice, ``adversa play GAME``, a saved file), so its game is chosen at run
time and Python has no type for "a session of some game": a plain `GameSession` is
one whose game's types are left unchecked, said here once. Inside, it keeps its game's
types (a state played is an ``S``, a move an ``M``), and a caller that builds one for a
known game may name them (``GameSession[ChessState, chess.Move]``)."""


# --------------------------------------------------------------------------- players


def parse_player(game: Game[S, M], text: str) -> Player:
    """``human``, ``default`` (the game's default engine), an engine text form checked to
    fit ``game``, or an outside engine's spec (its program found); raises AdversaError."""
    if text.strip().lower() == HUMAN:
        return None
    if is_outside_spec(text):
        return parse_seat(game, text)
    return engine_for(game, text)


def player_text(player: Player) -> str:
    return HUMAN if player is None else player.text


def default_players(game: Game[S, M], given: Sequence[Player] = ()) -> list[Player]:
    """Fill missing seats: seat 0 is a human, the others the default engine."""
    players = list(given[: game.num_players])
    while len(players) < game.num_players:
        players.append(None if not players else default_engine(game))
    return players


# --------------------------------------------------------------------------- the session


class GameSession(Generic[S, M]):
    """One game: rules, start position, moves played, moves undone, players."""

    def __init__(
        self,
        game_name: str,
        options: Mapping[str, object] | None = None,
        players: Sequence[Player] = (),
        position: str | None = None,
        time_control: TimeControl | None = None,
        clock: Clock = time.monotonic,
    ) -> None:
        self.game: Game[S, M] = make_game(game_name, options or {})
        declared = {option.name: option for option in self.game.OPTIONS}
        self.options: dict[str, str] = {
            name: declared[name].format(value) for name, value in self.game.options.items()
        }
        self.start_position = position
        start = self.game.initial_state() if position is None else self.game.parse_position(
            position
        )
        self.players: list[Player] = default_players(self.game, players)
        self.states: list[S] = [start]
        self.moves: list[M] = []
        self.notations: list[str] = []
        self.redo_stack: list[M] = []
        self.autosaves = True
        """False for a game only looked at (a tournament's game in the replay viewer): it
        must not replace the game the user left to come back to."""
        self.clock: GameClock | None = None
        """The players' clocks under ``time_control`` (None: no clock, as before)."""
        self.clock_history: list[tuple[float, ...]] = []
        """The clocks at the start of each ply of the history (played and undone), so
        a position taken back or replayed comes with its times."""
        if time_control is not None:
            self.clock = GameClock(time_control, self.game.num_players, clock)
            self.clock_history = [tuple(self.clock.left)]

    # ---- reading the position -------------------------------------------------

    @property
    def game_name(self) -> str:
        return self.game.name

    @property
    def state(self) -> S:
        return self.states[-1]

    @property
    def to_move(self) -> int:
        return self.game.to_move(self.state)

    @property
    def is_over(self) -> bool:
        return self.game.is_terminal(self.state) or self.lost_on_time is not None

    @property
    def lost_on_time(self) -> int | None:
        """The seat whose flag fell (its clock ran out), which ends the game."""
        return None if self.clock is None else self.clock.flagged

    @property
    def last_move(self) -> M | None:
        return self.moves[-1] if self.moves else None

    @property
    def has_human(self) -> bool:
        return any(player is None for player in self.players)

    def is_human_turn(self) -> bool:
        return self.lost_on_time is None and self._human_at(self.state)

    def engine_to_move(self) -> EngineConfig | OutsideSeat | None:
        """The engine that must move now, or None (human turn, chance, game over)."""
        if self.is_over or self.to_move == CHANCE:
            return None
        return self.players[self.to_move]

    def replace_failed_outside_engine(self) -> bool:
        """The outside engine to move failed (crashed, answered an illegal move, ran out
        of time): its seat goes to the game's default engine, or to a person when the
        game has none, so the game goes on from the same position. False (nothing
        changed) when the side to move is not an outside engine."""
        seat = self.to_move
        if seat == CHANCE or not isinstance(self.players[seat], OutsideSeat):
            return False
        self.players[seat] = default_engine(self.game)
        return True

    # ---- the clocks ---------------------------------------------------------------

    def start_clock(self) -> ClockReading | None:
        """The side to move's turn starts: its clock runs (nothing at chance or when the
        game is over); returns what its engine is told (None without a clock)."""
        if self.clock is None or self.is_over or self.to_move == CHANCE:
            return None
        self.clock.start(self.to_move)
        return self.clock.reading(self.to_move)

    def flag_fell(self) -> bool:
        """True when the running clock has reached zero (the game is then lost on time)."""
        return self.clock is not None and self.clock.check_flag() is not None

    def _restore_clock(self) -> None:
        """The clocks as they were at the start of the current ply (none running)."""
        if self.clock is not None:
            self.clock.set_left(self.clock_history[len(self.moves)])

    def legal_moves(self) -> Sequence[M]:
        if self.to_move == CHANCE:
            return ()
        return self.game.legal_moves(self.state)

    def refusal_text(self, error: AdversaError) -> str:
        """Why a typed move was refused, with the legal moves when the error does not list
        them (the first twelve), so the person can pick one without leaving the box."""
        text = str(error)
        if "legal" in text:
            return text
        legal = self.game.format_moves(self.state, self.legal_moves())
        return f"{text}; legal moves: {', '.join(legal[:12])}" + (" …" if len(legal) > 12 else "")

    def status_text(self) -> str:
        """Whose turn it is, or how the game ended, in one line."""
        if self.lost_on_time is not None:
            return f"{self.game.player_name(self.lost_on_time)} lost on time"
        outcome = self.game.outcome(self.state)
        if outcome is not None:
            if outcome.winner is not None:
                return f"{self.game.player_name(outcome.winner)} wins — {outcome.reason}"
            if outcome.utilities and len(set(outcome.utilities)) > 1:
                return f"Game over — {self._values_text(outcome.utilities)} ({outcome.reason})"
            return f"Draw — {outcome.reason}"
        seat = self.to_move
        if seat == CHANCE:
            return "Chance to move (rolling…)"
        player = self.players[seat]
        who = (self.human_label(seat).lower() if player is None
               else player.algorithm if isinstance(player, EngineConfig) else "outside engine")
        return f"{self.game.player_name(seat)} to move ({who})"

    def human_label(self, seat: int) -> str:
        """How a human seat is called: "You" when one person plays the engines; in a
        hotseat game each person by seat ("Player 1", "Player 2"), or "Human" when the
        game already names its seats that way (Pig)."""
        humans = sum(player is None for player in self.players)
        if humans <= 1:
            return "You"
        label = f"Player {seat + 1}"
        return "Human" if self.game.player_name(seat) == label else label

    def _values_text(self, utilities: tuple[float, ...]) -> str:
        """Leaf values without a winner (textbook trees): MAX's value when zero-sum."""
        if len(utilities) == 2 and utilities[0] == -utilities[1]:
            return f"value {plain_number(utilities[0])} for {self.game.player_name(0)}"
        return "values " + ", ".join(
            f"{self.game.player_name(seat)}: {plain_number(value)}"
            for seat, value in enumerate(utilities)
        )

    # ---- changing the position ---------------------------------------------------

    def play(self, move: M) -> None:
        """Apply a move (or a chance outcome) the caller knows to be legal.

        Under a clock the mover's clock stops and gains the increment; a move that
        comes after the mover's flag fell is not played: the game is lost on time.
        """
        mover = self.to_move
        if self.clock is not None and mover != CHANCE and not self.clock.moved(mover):
            return
        self._advance(move)
        if self.clock is not None:
            times = tuple(self.clock.left)
            if self.redo_stack:  # the same move as undone: what is ahead keeps its times
                self.clock_history[len(self.moves)] = times
            else:
                del self.clock_history[len(self.moves):]
                self.clock_history.append(times)

    def _advance(self, move: M) -> None:
        """One ply forward; the redo stack keeps what is still ahead when it is its move."""
        state = self.state
        self.notations.append(self.game.format_move(state, move))
        self.moves.append(move)
        self.states.append(self.game.result(state, move))
        if self.redo_stack and self.redo_stack[-1] == move:
            self.redo_stack.pop()
        else:
            self.redo_stack.clear()

    def play_text(self, text: str) -> M:
        """Parse a typed move (raises AdversaError, state unchanged) and play it."""
        move = self.game.parse_move(self.state, text)
        self.play(move)
        return move

    def roll(self, rng: random.Random) -> M:
        """At a chance state, draw an outcome by its probability and play it."""
        outcomes = self.game.chance_outcomes(self.state)
        values = [outcome for outcome, _ in outcomes]
        weights = [probability for _, probability in outcomes]
        outcome = rng.choices(values, weights)[0]
        self.play(outcome)
        return outcome

    def undo(self) -> int:
        """Take back plies; returns how many.

        With a human in the game, undo goes back to the previous position where
        a human was to move, so against an engine it takes back the engine's
        reply and the human's move together (and any dice rolled between).
        Without humans (engine vs engine) it takes back one ply.
        """
        undone = 0
        while self.moves:
            self.redo_stack.append(self.moves.pop())
            self.notations.pop()
            self.states.pop()
            undone += 1
            if not self.has_human or self._human_at(self.state):
                break
        self._restore_clock()
        return undone

    def redo(self) -> int:
        """Replay undone plies up to the next human turn; returns how many."""
        redone = 0
        while self.redo_stack:
            self._advance(self.redo_stack[-1])
            redone += 1
            if not self.has_human or self._human_at(self.state) or self.game.is_terminal(
                    self.state):
                break
        self._restore_clock()
        return redone

    def go_to(self, plies: int) -> None:
        """Show the position after ``plies`` plies of the game's history: back as undo
        goes (the moves taken back wait on the redo stack, so redo returns to them),
        forward by replaying the redo stack. ValueError outside the history."""
        if not 0 <= plies <= len(self.moves) + len(self.redo_stack):
            raise ValueError(f"no position after {plies} plies in this game's history")
        while len(self.moves) > plies:
            self.redo_stack.append(self.moves.pop())
            self.notations.pop()
            self.states.pop()
        while len(self.moves) < plies:
            self._advance(self.redo_stack[-1])
        self._restore_clock()

    def restart(self) -> None:
        del self.states[1:]
        self.moves.clear()
        self.notations.clear()
        self.redo_stack.clear()
        if self.clock is not None:
            del self.clock_history[1:]
            self._restore_clock()

    def _human_at(self, state: S) -> bool:
        if self.game.is_terminal(state):
            return False
        seat = self.game.to_move(state)
        return seat != CHANCE and self.players[seat] is None

    # ---- records --------------------------------------------------------------------

    def to_record(self) -> JsonObject:
        """The readable JSON record: everything needed to replay the game."""
        record: JsonObject = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game_name,
            "options": {option.name: option.to_json(self.game.options[option.name])
                        for option in self.game.OPTIONS if option.name in self.game.options},
            "start": self.start_position,
            "moves": list(self.notations),
            "players": [player_text(player) for player in self.players],
            "result": self.status_text() if self.is_over else None,
        }
        return record | self._clock_record()

    def _clock_record(self) -> JsonObject:
        """``"clock"``: the control, the clocks at the start of each ply played and, last,
        as they are now (a turn under way keeps the time it took), and a fallen flag."""
        if self.clock is None:
            return {}
        now = tuple(self.clock.remaining(seat) for seat in range(len(self.clock.left)))
        left = [*self.clock_history[: len(self.moves)], now]
        return {"clock": {"control": self.clock.control.text,
                          "left": [[round(seconds, 3) for seconds in times] for times in left],
                          "flagged": self.clock.flagged}}

    @classmethod
    def from_record(cls, record: Mapping[str, JsonValue]) -> GameSession:
        """Rebuild a session by replaying the record's moves; RecordError if it is bad."""
        if record.get("format") != RECORD_FORMAT:
            raise RecordError(f"not an adversa game record (expected format {RECORD_FORMAT!r})")
        version = record.get("version", 1)
        if not (isinstance(version, int) and not isinstance(version, bool)
                and 1 <= version <= RECORD_VERSION):
            raise RecordError(f"game record version {str(version)[:20]}: this adversa reads "
                              f"versions 1 to {RECORD_VERSION} (a newer one wrote it?)")
        game_name = record.get("game")
        moves = record.get("moves", [])
        if not isinstance(game_name, str) or not isinstance(moves, list):
            raise RecordError("game record needs a 'game' name and a 'moves' list")
        options = record.get("options") or {}
        start = record.get("start")
        recorded_players = record.get("players", [])
        if not isinstance(options, dict):
            raise RecordError("game record 'options' must be an object, e.g. {\"k\": \"3\"}")
        if start is not None and not isinstance(start, str):
            raise RecordError("game record 'start' must be a position string or null")
        if not isinstance(recorded_players, list):
            raise RecordError("game record 'players' must be a list, e.g. [\"human\", \"solve\"]")
        clock = record.get("clock")
        control = record_control(clock)
        session = cls(game_name, typed_options(game_name, options), (), start, control)
        seats = session.game.num_players
        if len(recorded_players) > seats:
            raise RecordError(f"game record 'players' lists {len(recorded_players)} players; "
                              f"{session.game.title} has {seats}")
        players = [parse_player(session.game, str(text)) for text in recorded_players]
        session.players = default_players(session.game, players)
        for number, text in enumerate(moves, start=1):
            try:
                session._advance(session.parse_recorded(str(text)))
            except AdversaError as error:
                raise RecordError(f"move {number} ({text!r}) of the record: {error}") from None
        if session.clock is not None:
            assert isinstance(clock, dict)  # `record_control` checked it
            session._loadclock_times(clock.get("left"), clock.get("flagged"))
        return session

    def _loadclock_times(self, left: JsonValue, flagged: JsonValue) -> None:
        """The record's clock times (one list per position, as `_clock_record` writes)."""
        assert self.clock is not None
        seats = self.game.num_players
        history = clock_times(left, seats)
        if history is None or len(history) != len(self.moves) + 1:
            raise RecordError(f"game record 'clock' 'left' must hold {len(self.moves) + 1} "
                              f"lists of {seats} seconds each: the clocks before each move "
                              "and now")
        if flagged is not None and (not isinstance(flagged, int) or isinstance(flagged, bool)
                                    or flagged not in range(seats) or history[-1][flagged] != 0):
            raise RecordError("game record 'clock' 'flagged' must be null or the seat number "
                              f"(0 to {seats - 1}) whose clock shows 0 left")
        self.clock_history = history
        self.clock.set_left(history[-1], flagged)

    def _movers(self) -> list[int]:
        """Who made each move of the history (`CHANCE` for a chance outcome)."""
        return [self.game.to_move(state) for state in self.states[:-1]]

    def parse_recorded(self, text: str) -> M:
        """A move of a record: a player's move, or a chance outcome at a chance state."""
        return parse_action(self.game, self.state, text)

    def save(self, path: Path) -> None:
        """Write the record: in the game's own format when the suffix is its (``.pdn`` for
        checkers), else as the JSON record every game has."""
        suffix = path.suffix.lower()
        own_format = entry(self.game_name).record
        if own_format is not None and suffix == own_format.suffix:
            tags = {seat: player_text(player)
                    for seat, player in zip(own_format.seat_tags, self.players, strict=True)}
            notes: list[str] = []
            result = None  # what the final position says
            if self.clock is not None:
                tags[TIME_CONTROL_TAG] = self.clock.control.text
                notes = clock_notes(self.clock_history, self._movers())
                if self.lost_on_time is not None and self.game.num_players == 2:
                    tags[TERMINATION_TAG] = TIME_FORFEIT
                    result = result_text(winner=1 - self.lost_on_time)
            text = own_format.write(self.game, self.states[0], self.moves, tags, result, notes)
        elif suffix in (formats := record_formats()):
            raise RecordError(f"{path.suffix} records {formats[suffix].name} games; "
                              f"save {self.game_name} as .json")
        else:
            text = json.dumps(self.to_record(), indent=2, ensure_ascii=False) + "\n"
        write_text_atomic(path, text)

    @classmethod
    def from_game_record(cls, game_name: str, text: str) -> GameSession:
        """A game from its own record format; seat tags that name engines become engines."""
        record_format = entry(game_name).record
        assert record_format is not None, "only games with a record format are read from one"
        game = make_game(game_name)
        record = record_format.read(game, text)
        players: list[Player] = []
        for seat in record_format.seat_tags:
            try:
                players.append(parse_player(game, record.tags.get(seat, HUMAN)))
            except AdversaError:
                players.append(None)  # a person's name, not an engine
        start = (None if record.start == game.initial_state()
                 else game.format_position(record.start))
        control = None
        if TIME_CONTROL_TAG in record.tags:
            try:
                control = TimeControl.parse(record.tags[TIME_CONTROL_TAG])
            except TimeControlError as error:
                raise RecordError(f"{TIME_CONTROL_TAG} tag: {error}") from None
        session = cls(game_name, {}, players, start, control)
        for move in record.moves:
            session._advance(move)
        if session.clock is not None:
            session.clock_history = clocks_from_notes(session.clock.control, game.num_players,
                                                      session._movers(), record.notes)
            forfeit = record.tags.get(TERMINATION_TAG) == TIME_FORFEIT
            session.clock.set_left(session.clock_history[-1],
                                   session.to_move if forfeit else None)
        return session

    @classmethod
    def load(cls, path: Path) -> GameSession:
        """Read a saved game (JSON record or PDN); an error names the path and the reason.

        Missing, directory, unreadable, binary and non-UTF-8 files are refused by
        `read_user_text`; truncated JSON, a record of something else, and moves that do
        not replay are refused here, each prefixed with the path.
        """
        text = read_user_text(path, "save file")
        try:
            own_format = record_formats().get(path.suffix.lower())
            if own_format is not None:
                return cls.from_game_record(own_format.name, text)
            try:
                record = json.loads(text)
            except ValueError as error:
                raise RecordError(f"not valid JSON: {error}") from None
            except RecursionError:
                raise RecordError("nested too deeply to be a game record") from None
            if not isinstance(record, dict):
                raise RecordError("does not hold a game record object")
            return cls.from_record(record)
        except RecordError as error:
            raise RecordError(f"save file {str(path)!r}: {error}") from None

    # ---- autosave ---------------------------------------------------------------------

    def autosave(self) -> None:
        """Keep the game in progress for next time; a finished game is forgotten.

        Only the app that owns the autosave writes it (`settings.owns_autosave`), and a
        failed write (a full disk) is noted once, never raised: autosave is a
        convenience that must not interrupt the game."""
        if not self.autosaves or not settings.owns_autosave():
            return
        record = None if self.is_over or not self.moves else self.to_record()
        settings.save_quietly(settings.AUTOSAVE_FILE, record, "The autosave")


def autosaved_record() -> JsonObject | None:
    """The autosaved game record, if there is one worth offering."""
    record = settings.read_json(settings.AUTOSAVE_FILE)
    if record is None or record.get("format") != RECORD_FORMAT:
        return None
    moves = record.get("moves")
    if not isinstance(moves, list) or not moves:
        return None
    return record


def describe_record(record: Mapping[str, JsonValue]) -> str:
    """One line for a resume button: game, players and moves so far."""
    players = record.get("players", [])
    moves = record.get("moves", [])
    who = " vs ".join(str(p) for p in players) if isinstance(players, list) else "?"
    count = len(moves) if isinstance(moves, list) else 0
    return f"{record.get('game')} — {who} — {count:,} {'move' if count == 1 else 'moves'}"
