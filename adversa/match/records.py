"""A match's records: the JSON summary, and each game written in its own format.

`match_summary` is what ``--json`` prints and ``summary.json`` holds; `RecordWriter`
writes each game into ``--out DIR`` as it ends (PDN for checkers), so an
interrupted match leaves a consistent folder.

Each game is also appended, whole, as one JSON line to ``records.jsonl``: what
``arena --resume`` reads back (a PDN file does not keep every field), so a resumed
match neither plays a finished game again nor loses one. A folder holding another
match is refused unless ``--resume`` is given, and a summary written while the match
runs says ``"interrupted": true`` until the last game is in, so a summary left behind
by a killed run never claims a finished match.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from adversa.files import write_text_atomic
from adversa.games.base import Game, M, S
from adversa.games.registry import entry_of
from adversa.jsontypes import (
    JsonObject,
    JsonValue,
    json_int,
    json_list,
    json_number,
    json_object,
    json_str,
)
from adversa.match.arena import GameRecord, MatchError, MatchState
from adversa.match.clock_notes import TIME_CONTROL_TAG, clock_note
from adversa.match.elo import Tally, elo_estimate, likelihood_of_superiority
from adversa.search.timeman import TimeControl


def _finite(value: float | None, digits: int = 2) -> float | None:
    """JSON has no infinity: an unbounded Elo (all wins) is written as null."""
    if value is None or value != value or value in (float("inf"), float("-inf")):
        return None
    return round(value, digits)


def match_summary(state: MatchState) -> JsonObject:
    """The match's result as one JSON-ready dict (``--json``, ``summary.json``)."""
    tally = state.tally
    estimate = elo_estimate(tally)
    superiority = likelihood_of_superiority(tally)
    control = state.plan.time_control
    summary: JsonObject = {
        "game": state.plan.game.name,
        "engine_a": state.plan.engines[0].text,
        "engine_b": state.plan.engines[1].text,
        "games_planned": state.plan.games,
        "games": tally.games,
        "wins": tally.wins,
        "draws": tally.draws,
        "losses": tally.losses,
        "score": _finite(tally.score, 4),
        "elo": _finite(estimate.elo) if estimate else None,
        "elo_lower": _finite(estimate.lower) if estimate else None,
        "elo_upper": _finite(estimate.upper) if estimate else None,
        "elo_error": _finite(estimate.error) if estimate else None,
        "los": _finite(superiority, 4),
        "as_first_player": _tally_json(state.tally_as(0)),
        "as_second_player": _tally_json(state.tally_as(1)),
        "max_plies": state.plan.max_plies,
        "time_control": None if control is None else control.text,
        "lost_on_time": sum(record.lost_on_time for record in state.records),
        "seconds_per_move": {
            "engine_a": _finite(seconds_per_move(state, 0), 4),
            "engine_b": _finite(seconds_per_move(state, 1), 4),
        },
        "seed": state.plan.seed,
        "interrupted": not state.complete,
        "sprt": None,
    }
    test = state.sprt
    if test is not None:
        summary["sprt"] = {
            "elo0": test.elo0,
            "elo1": test.elo1,
            "alpha": 0.05,
            "beta": 0.05,
            "llr": round(test.llr, 4),
            "lower_bound": round(test.lower_bound, 4),
            "upper_bound": round(test.upper_bound, 4),
            "verdict": test.verdict,
        }
    return summary


def seconds_per_move(state: MatchState, engine: int) -> float | None:
    """Mean thinking time per move of engine A (0) or B (1) over the finished games."""
    seconds = sum(record.thinking[engine] for record in state.records)
    moves = sum(record.engine_moves[engine] for record in state.records)
    return seconds / moves if moves else None


def _tally_json(tally: Tally) -> JsonObject:
    return {"wins": tally.wins, "draws": tally.draws, "losses": tally.losses}


RECORDS_FILE = "records.jsonl"
SUMMARY_FILE = "summary.json"
MATCH_FIELDS = ("game", "engine_a", "engine_b", "games_planned", "max_plies",
                "time_control", "seed")
"""What must agree between a folder's summary and the match resumed into it."""


class RecordWriter:
    """Writes each game as it ends, and the summary so far, into ``--out DIR``.

    Games are written in the game's own record format when it declares one
    (``game-0001.pdn`` for checkers, readable by other programs) and as
    ``game-0001.json`` otherwise; ``summary.json`` is rewritten
    after every game so an interrupted match leaves a consistent folder.
    """

    def __init__(self, directory: Path, game: Game[S, M]) -> None:
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise MatchError(
                f"--out {str(directory)!r}: cannot create the folder ({error.strerror})"
            ) from None
        self.directory = directory
        self.game = game

    def holds_a_match(self) -> bool:
        """Whether the folder already holds a match's files."""
        return any((self.directory / name).exists() for name in (SUMMARY_FILE, RECORDS_FILE)) \
            or any(self.directory.glob("game-*"))

    def refuse_another_match(self) -> None:
        """Without ``--resume``, a folder with a match in it is not written over."""
        if self.holds_a_match():
            raise MatchError(f"--out {str(self.directory)!r} holds another match; add "
                             "--resume to continue it, or choose an empty folder")

    def finished_games(self, summary: JsonObject) -> list[GameRecord]:
        """The games of the match in the folder (``--resume``), after checking that it is
        the match ``summary`` describes; an unfinished last line (a killed run) is
        dropped, and its game is played again."""
        try:
            before = json.loads((self.directory / SUMMARY_FILE).read_text(encoding="utf-8"))
        except FileNotFoundError:
            before = None
        except (OSError, ValueError, RecursionError) as error:
            raise MatchError(f"--resume: cannot read {SUMMARY_FILE} in "
                             f"{str(self.directory)!r} ({str(error)[:80]})") from None
        if before is not None:
            if not isinstance(before, dict):
                raise MatchError(f"--resume: {SUMMARY_FILE} is not a match summary")
            for name in MATCH_FIELDS:
                if before.get(name) != summary[name]:
                    raise MatchError(
                        f"--resume: the folder holds a different match ({name} "
                        f"{str(before.get(name))[:60]!r}, this one {str(summary[name])[:60]!r})")
        try:
            lines = (self.directory / RECORDS_FILE).read_text(encoding="utf-8").split("\n")
        except FileNotFoundError:
            return []
        except OSError as error:
            raise MatchError(f"--resume: cannot read {RECORDS_FILE} "
                             f"({error.strerror})") from None
        planned = json_int(summary["games_planned"])
        records: dict[int, GameRecord] = {}
        for line in lines:
            try:
                record = record_from_json(json_object(json.loads(line)))
            except (ValueError, KeyError, IndexError, RecursionError):
                continue  # the line a killed run left half-written
            if 0 <= record.index < planned:
                records[record.index] = record
        return list(records.values())

    def write(self, record: GameRecord, state: MatchState) -> Path:
        stem = f"game-{record.index + 1:04d}"
        text = game_as_record(self.game, record, state.plan.time_control)
        record_format = entry_of(self.game).record
        if text is not None and record_format is not None:
            path = self.directory / f"{stem}{record_format.suffix}"
            write_text_atomic(path, text)
        else:
            path = self.directory / f"{stem}.json"
            write_text_atomic(path, json.dumps(record.to_json(), indent=2) + "\n")
        self._append_record(record)
        self.write_summary(state)
        return path

    def _append_record(self, record: GameRecord) -> None:
        """One line, flushed to disk before the summary counts the game."""
        line = "\n" + json.dumps(record.to_json(), separators=(",", ":"))
        try:
            with (self.directory / RECORDS_FILE).open("a", encoding="utf-8") as stream:
                stream.write(line)
                stream.flush()
                os.fsync(stream.fileno())
        except OSError as error:
            raise MatchError(f"--out {str(self.directory)!r}: cannot write {RECORDS_FILE} "
                             f"({error.strerror})") from None

    def write_summary(self, state: MatchState) -> None:
        summary = match_summary(state)
        text = json.dumps(summary, indent=2, ensure_ascii=False) + "\n"
        write_text_atomic(self.directory / SUMMARY_FILE, text)


def record_from_json(data: JsonObject) -> GameRecord:
    """A game record from its `GameRecord.to_json` form (``records.jsonl``); KeyError or
    ValueError for a line that is not one (a half-written last line)."""
    def pair(field: JsonValue) -> tuple[float, float]:
        both = json_object(field)
        return json_number(both["engine_a"]), json_number(both["engine_b"])

    def whole_pair(field: JsonValue) -> tuple[int, int]:
        both = json_object(field)
        return json_int(both["engine_a"]), json_int(both["engine_b"])

    def optional_floats(values: JsonValue) -> tuple[float | None, ...]:
        """A list of numbers and nulls; null for the whole list is an empty one."""
        return tuple(None if value is None else json_number(value)
                     for value in ([] if values is None else json_list(values)))

    seats = json_list(data["players"])
    start, winner, clock_left = data["start_position"], data["winner"], data["clock_left"]
    return GameRecord(
        index=json_int(data["game"]) - 1, opening=json_str(data["opening"]),
        start_position=None if start is None else json_str(start),
        seats=(json_str(seats[0]), json_str(seats[1])),
        engine_a_player=json_int(data["engine_a_player"]),
        moves=tuple(json_str(move) for move in json_list(data["moves"])),
        opening_plies=json_int(data["opening_plies"]),
        winner=None if winner is None else json_int(winner),
        reason=json_str(data["reason"]), engine_a_points=json_number(data["engine_a_points"]),
        seconds=json_number(data["seconds"]), nodes=whole_pair(data["nodes"]),
        thinking=pair(data["thinking_seconds"]),
        engine_moves=whole_pair(data["engine_moves"]),
        clock_left=None if clock_left is None else pair(clock_left),
        move_seconds=optional_floats(data["move_seconds"]),
        move_clocks=optional_floats(data["move_clocks"]),
    )


def game_as_record(game: Game[S, M], record: GameRecord,
                   time_control: TimeControl | None = None) -> str | None:
    """The game in its own record format (PDN for checkers), None for games without one.

    The record keeps moves as text; they are replayed through the rules so the
    writer gets real moves (and numbers them from the right side to move). Each engine
    move is noted with its time (``[%emt …]``) and, under ``time_control``, the clock it
    left (``[%clk …]``), as PGN does.
    """
    record_format = entry_of(game).record
    if record_format is None:
        return None
    start = (
        game.initial_state()
        if record.start_position is None
        else game.parse_position(record.start_position)
    )
    state = start
    moves = []
    for text in record.moves:
        move = game.parse_move(state, text)
        moves.append(move)
        state = game.result(state, move)
    tags = {
        "Event": "adversa match",
        "Round": str(record.index + 1),
        **dict(zip(record_format.seat_tags, record.seats, strict=False)),
        "Opening": record.opening,
        "Termination": record.reason,
    }
    if time_control is not None:
        tags[TIME_CONTROL_TAG] = time_control.text
    return record_format.write(game, start, moves, tags, record.result_text, move_notes(record))


def move_notes(record: GameRecord) -> list[str]:
    """Each ply's note: the engine's time for the move and, when timed, its clock after it."""
    notes = []
    for index, seconds in enumerate(record.move_seconds):
        left = record.move_clocks[index] if index < len(record.move_clocks) else None
        parts = [] if seconds is None else [clock_note(seconds, "emt")]
        if left is not None:
            parts.append(clock_note(left))
        notes.append(" ".join(parts))
    return notes
