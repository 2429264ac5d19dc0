"""Portable Game Notation for chess: the game's record format, through ``chess.pgn``.

The app saves and loads chess games as PGN and engine matches write one record per
game, so any chess program can read them. python-chess writes and parses the text
(tags, SAN move text, comments, ``[SetUp "1"]``/``[FEN …]`` for other starts);
this module maps it onto adversa's records: the comment after each move is the move's
note, where match records keep the clock as ``{[%clk 0:04:58.2]}``, the convention
lichess and chess.com use.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

import chess
import chess.pgn

from adversa.games.base import AdversaError, Game
from adversa.games.game_records import checked_result, default_tags, move_note
from adversa.games.registry import RecordFormat, RecordText

if TYPE_CHECKING:
    from adversa.games.chess_state import ChessState

PGN_COLUMNS = 80
"""Move text is wrapped to lines of at most this many characters, as PGN recommends."""


class PgnError(AdversaError):
    """A PGN text that holds no game, or one whose moves are not legal."""


def write_pgn(game: Game[ChessState, chess.Move], start: ChessState, moves: Sequence[chess.Move],
              tags: Mapping[str, str], result: str | None, notes: Sequence[str]) -> str:
    """One game record; ``result`` None: what the final position says (``*`` if not over).

    Tags given override the defaults (Event, Date = today, White, Black); ``notes[i]``,
    when not empty, is the comment after move ``i``.
    """
    record = chess.pgn.Game()
    for name, value in (default_tags() | dict(tags)).items():
        record.headers[name] = value
    if start.board.fen() != chess.STARTING_FEN:
        record.setup(start.board)
    node: chess.pgn.GameNode = record
    state = start
    for index, move in enumerate(moves):
        node = node.add_variation(move)
        note = move_note(notes, index)
        if note:
            node.comment = note
        state = game.result(state, move)
    record.headers["Result"] = checked_result(result, game, state, "PGN")
    exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True,
                                        columns=PGN_COLUMNS)
    return record.accept(exporter) + "\n"


def read_pgn(game: Game[ChessState, chess.Move], text: str) -> RecordText[ChessState, chess.Move]:
    """The first game of ``text``: its start, moves, tags and the comment after each move.

    Raises `PgnError` naming the problem: no game in the text, a bad FEN tag, or the
    first move that is not legal (python-chess stops there and reports it).
    """
    unbalanced = variation_imbalance(text)
    if unbalanced is not None:
        raise PgnError(unbalanced)
    try:
        record = chess.pgn.read_game(io.StringIO(text))
    except IndexError:  # python-chess on a variation before any move, e.g. "( e5 ) e4"
        raise PgnError("PGN move text has a variation '(' where no move has been played "
                       "yet; a variation follows the move it replaces") from None
    if record is None or (not record.headers.get("Event") and not any(record.mainline())
                          and not record.errors):
        raise PgnError("the text holds no PGN game; expected tags like [Event \"…\"] "
                       "and move text like 1. e4 e5 2. Nf3")
    if record.errors:
        raise PgnError(f"PGN game: {record.errors[0]}")
    start = game.parse_position(record.board().fen())
    moves = tuple(node.move for node in record.mainline())
    notes = tuple(node.comment for node in record.mainline())
    tags = dict(record.headers)
    return RecordText(start, moves, tags, notes)


def variation_imbalance(text: str) -> str | None:
    """Why the variations' parentheses of ``text`` do not balance, or None when they do.

    python-chess's reader fails with an `IndexError` on a ``)`` that closes nothing (the
    fuzz in ``tests/test_reader_fuzz.py`` found it), so they are counted first, outside
    ``{…}`` comments, ``;`` comments and tag lines, as the reader reads them."""
    depth = 0
    in_comment = False
    for line in text.splitlines():
        if not in_comment and line.lstrip().startswith(("[", "%")):
            continue  # a tag pair or an escaped line: its brackets are not variations
        for character in line:
            if in_comment:
                in_comment = character != "}"
            elif character == "{":
                in_comment = True
            elif character == ";":
                break  # the rest of the line is a comment
            elif character == "(":
                depth += 1
            elif character == ")":
                if not depth:
                    return "PGN move text has a ')' that closes no variation '('"
                depth -= 1
    if depth:
        return "PGN move text has a variation '(' that is never closed by ')'"
    return None


PGN_FORMAT = RecordFormat(
    name="PGN (Portable Game Notation)",
    suffix=".pgn",
    seat_tags=("White", "Black"),
    write=write_pgn,
    read=read_pgn,
)
"""Chess's record format, as its registration declares it."""
