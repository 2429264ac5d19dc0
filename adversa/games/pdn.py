"""Portable Draughts Notation for checkers: FEN positions and game records.

The app saves and loads checkers games as PDN, and engine matches write one
record per game, so other checkers programs can read them. A record looks like::

    [Event "adversa match"]
    [Date "2026.11.21"]
    [Black "alphabeta depth=8"]
    [White "mcts time=1"]
    [Result "1-0"]

    1. 11-15 23-19 2. 8-11 22-17 3. 15x24 28x19 1-0

``1-0`` means Black (the first player) won, ``0-1`` White, ``1/2-1/2`` a draw,
``*`` an unfinished game. A game that does not start from the initial position
carries ``[SetUp "1"]`` and ``[FEN "W:W18,24:B12,K22"]``; when White moves first
the move text starts ``1... 24-19``.

FEN here is PDN's: side to move, then each colour's squares, ``K`` marking kings,
e.g. ``B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29``. The parser also takes a
trailing ``.``, spaces, lower case, surrounding quotes and square ranges such as
``1-12`` (a PDN extension); the writer lists squares numerically, men first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypeAlias

from adversa.games.base import (
    AdversaError,
    Game,
    InvalidMoveError,
    InvalidPositionError,
    whole_number,
)
from adversa.games.game_records import RESULTS, checked_result, default_tags, move_note
from adversa.games.registry import RecordFormat, RecordText

if TYPE_CHECKING:
    from adversa.games.checkers import CheckersMove, CheckersState

CheckersGame: TypeAlias = "Game[CheckersState, CheckersMove]"
"""The rules PDN reads and writes: any game of checkers' states and moves (it needs only
the protocol, so the checkers module may import this one)."""

SIDES = ("B", "W")
"""FEN letter per player: 0 = Black, 1 = White."""
MEN_PER_SIDE = 12
_FEN_EXAMPLE = "e.g. B:W21-32:B1-12 (side to move, then each colour's squares, K for kings)"
_FEN_ITEM = re.compile(r"(K?)(\d+)(?:-K?(\d+))?")


# --------------------------------------------------------------------------- FEN


def parse_fen(text: str) -> tuple[int, dict[int, str]]:
    """``(player to move, square → 'b'/'w'/'B'/'W')`` from a PDN FEN string.

    Raises `InvalidPositionError` saying what is wrong and what was expected.
    """

    def fail(problem: str) -> InvalidPositionError:
        return InvalidPositionError(f"position {text!r} is not a checkers FEN: {problem}; "
                                    f"expected {_FEN_EXAMPLE}")

    compact = re.sub(r"\s+", "", text).strip("\"'").upper().rstrip(".")
    fields = compact.split(":")
    if len(fields) != 3:
        raise fail(f"found {len(fields)} ':'-separated field(s) instead of 3")
    side, *sections = fields
    if side not in SIDES:
        raise fail(f"the side to move is {side!r}, not B or W")
    pieces: dict[int, str] = {}
    colours_seen: set[str] = set()
    for section in sections:
        colour, squares = section[:1], section[1:]
        if colour not in SIDES:
            raise fail(f"a colour section starts with {colour!r} instead of B or W")
        if colour in colours_seen:
            raise fail(f"colour {colour} is listed twice")
        colours_seen.add(colour)
        for item in squares.split(",") if squares else ():
            match = _FEN_ITEM.fullmatch(item)
            if not match:
                raise fail(f"{item!r} is not a square (1-32), a king (K10) or a range (1-12)")
            king, last = match.group(1), match.group(3)
            first = whole_number(match.group(2), InvalidPositionError, "square")
            end = whole_number(last, InvalidPositionError, "square") + 1 if last else first + 1
            for square in range(first, end):
                if not 1 <= square <= 32:
                    raise fail(f"square {square} is not between 1 and 32")
                if square in pieces:
                    raise fail(f"square {square} is listed twice")
                pieces[square] = colour.lower() if not king else colour
    for colour, crown_row in (("b", range(29, 33)), ("w", range(1, 5))):
        crowned = [s for s in crown_row if pieces.get(s) == colour]
        if crowned:
            name = "black" if colour == "b" else "white"
            raise fail(f"a {name} man on square {crowned[0]} would already be a king "
                       f"(write K{crowned[0]})")
        count = sum(1 for p in pieces.values() if p.lower() == colour)
        if count > MEN_PER_SIDE:
            raise fail(f"{count} {colour.upper()} pieces; a side has at most {MEN_PER_SIDE}")
    return SIDES.index(side), pieces


def format_fen(player: int, pieces: Mapping[int, str]) -> str:
    """PDN FEN, White's squares first, each colour's men then kings, numerically sorted."""
    sections = []
    for colour in ("W", "B"):
        men = sorted(s for s, p in pieces.items() if p == colour.lower())
        kings = sorted(s for s, p in pieces.items() if p == colour)
        sections.append(colour + ",".join([*map(str, men), *(f"K{s}" for s in kings)]))
    return ":".join([SIDES[player], *sections])


# --------------------------------------------------------------------------- moves

_MOVE_TEXT = re.compile(r"\s*\d{1,2}(?:\s*[-x]\s*\d{1,2})+\s*", re.IGNORECASE)


def parse_move_text(text: str) -> tuple[int, ...]:
    """The squares of a move in PDN notation (``11-15``, ``15x24x31``), not yet checked
    against a position; `InvalidMoveError` when it is not that notation."""
    if not _MOVE_TEXT.fullmatch(text):
        raise InvalidMoveError(
            f"move {text!r} is not checkers notation: expected squares 1-32 joined "
            "by '-' (a step, e.g. 11-15) or 'x' (a capture, e.g. 15x24 or 15x24x31)"
        )
    squares = tuple(int(square) for square in re.findall(r"\d+", text))
    for square in squares:
        if not 1 <= square <= 32:
            raise InvalidMoveError(f"move {text!r}: square {square} is not between 1 and 32")
    return squares


def shortens(squares: tuple[int, ...], path: tuple[int, ...]) -> bool:
    """Whether ``squares`` is ``path`` with some middle landing squares left out."""
    if len(squares) < 2 or squares[0] != path[0] or squares[-1] != path[-1]:
        return False
    remaining = iter(path[1:-1])
    return all(square in remaining for square in squares[1:-1])


# --------------------------------------------------------------------------- game records

_TAG = re.compile(r'\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_TOKEN = re.compile(
    r'(?P<tag>\[[^\]]*\])|(?P<comment>\{[^}]*\})|(?P<result>1-0|0-1|1/2-1/2|\*)(?![\d\-xX])'
    r"|(?P<number>\d+\.(?:\.\.)?)|(?P<move>\d+(?:[-xX]\d+)+)[!?]*|(?P<open>\()|(?P<close>\))"
    r"|(?P<other>\S+)"
)


@dataclass(frozen=True)
class PdnGame:
    """One game read from PDN: its tags, where it starts, and its moves."""

    tags: dict[str, str]
    start: CheckersState
    moves: tuple[CheckersMove, ...]
    result: str
    """One of `RESULTS`, from the move text's end (or the Result tag)."""
    states: tuple[CheckersState, ...] = field(repr=False, default=())
    """``start`` followed by the state after each move."""
    notes: tuple[str, ...] = ()
    """The comment after each move, "" where there is none (several are joined)."""

    @property
    def final_state(self) -> CheckersState:
        return self.states[-1] if self.states else self.start


def write_pdn(
    game: CheckersGame,
    moves: Sequence[CheckersMove],
    *,
    start: CheckersState | None = None,
    tags: Mapping[str, str] | None = None,
    result: str | None = None,
    notes: Sequence[str] = (),
) -> str:
    """One game record. ``result`` defaults to what the final state says.

    Tags given override the defaults (Event, Date = today, Black, White); SetUp and
    FEN are added when ``start`` is not the initial position. ``notes[i]``, when there
    is one and it is not empty, is written as a comment after move ``i`` (braces, which
    would end it, are dropped).
    """
    start = game.initial_state() if start is None else start
    state = start
    numbered: list[str] = []
    move_number = 1
    for index, move in enumerate(moves):
        if state.player == 0:
            numbered.append(f"{move_number}.")
        elif index == 0:
            numbered.append(f"{move_number}...")
        numbered.append(game.format_move(state, move))
        note = move_note(notes, index)
        if note:
            numbered.append(f"{{{note}}}")
        if state.player == 1:
            move_number += 1
        state = game.result(state, move)
    result = checked_result(result, game, state, "PDN")
    header = default_tags() | {"Black": "?", "White": "?"} | dict(tags or {})
    header["Result"] = result
    initial = game.initial_state()
    if (start.black, start.white, start.kings, start.player) != (
        initial.black, initial.white, initial.kings, initial.player
    ):
        header["SetUp"] = "1"
        header["FEN"] = game.format_position(start)
    lines = [f'[{name} "{_escape(value)}"]' for name, value in header.items()]
    lines.append("")
    lines.extend(_wrap([*numbered, result]))
    return "\n".join(lines) + "\n"


def read_pdn(text: str, game: CheckersGame) -> PdnGame:
    """The first game in ``text`` (see `read_pdn_games`); the others are not replayed."""
    return read_pdn_games(text, game, limit=1)[0]


def read_pdn_games(text: str, game: CheckersGame, limit: int | None = None) -> list[PdnGame]:
    """Every game in a PDN text, moves checked with `Checkers.parse_move`.

    Variations are skipped; a comment after a move is kept as that move's note
    (`PdnGame.notes`), others are skipped. Bad input raises the `AdversaError`
    subclass of the underlying problem, its message naming the game and move. With a
    ``limit``, only the first ``limit`` games are replayed (loading one game from a
    collection of thousands replayed them all).
    """
    games: list[PdnGame] = []
    raw: list[tuple[dict[str, str], list[str], dict[int, list[str]], str | None]] = []
    tags: dict[str, str] = {}
    moves: list[str] = []
    notes: dict[int, list[str]] = {}  # move index → the comments after it
    depth = 0
    for token in _TOKEN.finditer(text):
        kind, value = token.lastgroup, token.group(0)
        if depth and kind not in ("open", "close"):
            continue
        if kind == "comment":
            if moves:
                notes.setdefault(len(moves) - 1, []).append(value[1:-1].strip())
        elif kind == "open":
            depth += 1
        elif kind == "close":
            if not depth:
                raise InvalidMoveError("PDN text closes a variation with ')' that was never opened")
            depth -= 1
        elif kind == "tag":
            if moves:  # a tag after move text starts the next game
                raw.append((tags, moves, notes, None))
                tags, moves, notes = {}, [], {}
            match = _TAG.fullmatch(value)
            if match is None:
                raise InvalidMoveError(f"PDN tag {value!r} is not [Name \"value\"]")
            tags[match.group(1)] = match.group(2).replace('\\"', '"').replace("\\\\", "\\")
        elif kind == "move":
            moves.append(token.group("move"))
        elif kind == "result":
            raw.append((tags, moves, notes, value))
            tags, moves, notes = {}, [], {}
        elif kind == "other":
            raise InvalidMoveError(
                f"PDN text has {value!r} where a move (11-15, 15x24), a move number (1.) "
                "or a result (1-0, 0-1, 1/2-1/2, *) was expected"
            )
    if depth:  # everything after an unclosed "(" was skipped as a variation
        raise InvalidMoveError("PDN text has a variation '(' that is never closed by ')'")
    if tags or moves:
        raw.append((tags, moves, notes, None))
    if not raw:
        raise InvalidMoveError("PDN text has no game: expected tags like [Event \"...\"] and moves")
    for number, (game_tags, move_texts, move_notes, final) in enumerate(raw[:limit], start=1):
        written = tuple(" ".join(filter(None, move_notes.get(index, ())))
                        for index in range(len(move_texts)))
        games.append(_build_game(game, number, game_tags, move_texts, final, written))
    return games


def _build_game(game: CheckersGame, number: int, tags: dict[str, str], move_texts: list[str],
                final: str | None, notes: tuple[str, ...]) -> PdnGame:
    try:
        start = game.parse_position(tags["FEN"]) if "FEN" in tags else game.initial_state()
    except AdversaError as error:
        raise type(error)(f"PDN game {number}, FEN tag: {error}") from None
    states = [start]
    moves = []
    for ply, text in enumerate(move_texts):
        state = states[-1]
        try:
            move = game.parse_move(state, text)
        except AdversaError as error:
            raise type(error)(
                f"PDN game {number}, ply {ply + 1} ({game.player_name(state.player)}): {error}"
            ) from None
        moves.append(move)
        states.append(game.result(state, move))
    result = final or tags.get("Result", "*")
    if result not in RESULTS:
        result = "*"
    return PdnGame(tags, start, tuple(moves), result, tuple(states), notes)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _wrap(tokens: list[str], width: int = 79) -> list[str]:
    lines, line = [], ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > width:
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    if line:
        lines.append(line)
    return lines


def _write_record(game: CheckersGame, start: CheckersState, moves: Sequence[CheckersMove],
                  tags: Mapping[str, str], result: str | None, notes: Sequence[str]) -> str:
    return write_pdn(game, moves, start=start, tags=tags, result=result, notes=notes)


def _read_record(game: CheckersGame, text: str
                 ) -> RecordText[CheckersState, CheckersMove]:
    record = read_pdn(text, game)
    return RecordText(record.start, record.moves, record.tags, record.notes)


PDN_FORMAT = RecordFormat(
    name="PDN (Portable Draughts Notation)",
    suffix=".pdn",
    seat_tags=("Black", "White"),
    write=_write_record,
    read=_read_record,
)
"""Checkers' record format, as its registration declares it."""

