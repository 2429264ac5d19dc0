"""Where engine-match games start, so deterministic engines do not replay one game.

Two deterministic engines started from the same position play the same game every
time; engine testers therefore start each *pair* of games (colours swapped) from
a different opening (cutechess-cli ``-openings``/``-repeat``, Sunfish's
TESTING.md). adversa has three sources:

* **ballot** (checkers): the American Checker Federation's three-move ballot,
  the 156 openings tournament players draw from. The list is factual data: the
  174 three-move sequences the ACF numbers, minus the 18 it bars as lost for
  one side (ACF #3, 13, 26, 35, 44, 45, 48, 52, 77, 88, 94, 109, 114, 137, 145,
  156, 168, 171). Transcribed from the ballot tables shipped by pydraughts (MIT)
  and CheckerBoard, which agree on it; every entry is replayed through our own
  rules in the tests.
* **a file**: one opening per line, either moves in the game's notation from
  the initial position (``11-15 23-19 8-11``) or a position (``--position``
  notation); blank lines and ``#`` comments are skipped.
* **random:N**: N random legal plies from the initial position, seeded, for games
  without a ballot (tic-tac-toe, Nim).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adversa.files import read_user_text
from adversa.games.base import CHANCE, AdversaError, Game


class OpeningError(AdversaError):
    """An openings file or specification that cannot be used."""


ACF_THREE_MOVE_BALLOT: tuple[str, ...] = (
    "9-13 21-17 5-9", "9-13 21-17 6-9", "9-13 22-17 13x22", "9-13 22-18 6-9",
    "9-13 22-18 10-14", "9-13 22-18 10-15", "9-13 22-18 11-15", "9-13 22-18 11-16",
    "9-13 22-18 12-16", "9-13 23-18 5-9", "9-13 23-18 6-9", "9-13 23-18 10-15",
    "9-13 23-18 11-15", "9-13 23-18 11-16", "9-13 23-18 12-16", "9-13 23-19 5-9",
    "9-13 23-19 6-9", "9-13 23-19 10-14", "9-13 23-19 10-15", "9-13 23-19 11-16",
    "9-13 24-19 5-9", "9-13 24-19 6-9", "9-13 24-19 10-14", "9-13 24-19 11-15",
    "9-13 24-19 11-16", "9-13 24-20 5-9", "9-13 24-20 6-9", "9-13 24-20 10-14",
    "9-13 24-20 10-15", "9-13 24-20 11-15", "9-13 24-20 11-16", "9-14 22-17 5-9",
    "9-14 22-17 6-9", "9-14 22-17 11-15", "9-14 22-17 11-16", "9-14 22-18 5-9",
    "9-14 22-18 10-15", "9-14 22-18 11-15", "9-14 22-18 11-16", "9-14 23-18 14x23",
    "9-14 23-19 5-9", "9-14 23-19 11-16", "9-14 23-19 14-18", "9-14 24-19 5-9",
    "9-14 24-19 11-15", "9-14 24-19 11-16", "9-14 24-20 5-9", "9-14 24-20 10-15",
    "9-14 24-20 11-15", "9-14 24-20 11-16", "10-14 22-17 7-10", "10-14 22-17 9-13",
    "10-14 22-17 11-15", "10-14 22-17 11-16", "10-14 22-17 14-18", "10-14 22-18 6-10",
    "10-14 22-18 7-10", "10-14 22-18 11-15", "10-14 22-18 11-16", "10-14 22-18 12-16",
    "10-14 23-18 14x23", "10-14 23-19 6-10", "10-14 23-19 7-10", "10-14 23-19 11-15",
    "10-14 23-19 11-16", "10-14 23-19 14-18", "10-14 24-19 6-10", "10-14 24-19 7-10",
    "10-14 24-19 11-16", "10-14 24-19 14-18", "10-14 24-20 6-10", "10-14 24-20 7-10",
    "10-14 24-20 11-15", "10-14 24-20 11-16", "10-14 24-20 14-18", "10-15 21-17 6-10",
    "10-15 21-17 7-10", "10-15 21-17 9-13", "10-15 21-17 11-16", "10-15 21-17 15-18",
    "10-15 22-17 6-10", "10-15 22-17 7-10", "10-15 22-17 9-13", "10-15 22-17 11-16",
    "10-15 22-17 15-19", "10-15 22-18 15x22", "10-15 23-18 6-10", "10-15 23-18 7-10",
    "10-15 23-18 9-14", "10-15 23-18 11-16", "10-15 23-18 12-16", "10-15 23-19 6-10",
    "10-15 23-19 7-10", "10-15 23-19 11-16", "10-15 24-19 15x24", "10-15 24-20 6-10",
    "10-15 24-20 7-10", "10-15 24-20 15-19", "11-15 21-17 8-11", "11-15 21-17 9-13",
    "11-15 21-17 9-14", "11-15 21-17 15-19", "11-15 22-17 8-11", "11-15 22-17 9-13",
    "11-15 22-17 15-18", "11-15 22-17 15-19", "11-15 22-18 15x22", "11-15 23-18 8-11",
    "11-15 23-18 9-14", "11-15 23-18 10-14", "11-15 23-18 12-16", "11-15 23-18 15-19",
    "11-15 23-19 8-11", "11-15 23-19 9-13", "11-15 23-19 9-14", "11-15 24-19 15x24",
    "11-15 24-20 8-11", "11-15 24-20 12-16", "11-15 24-20 15-18", "11-16 21-17 7-11",
    "11-16 21-17 8-11", "11-16 21-17 9-13", "11-16 21-17 9-14", "11-16 21-17 16-20",
    "11-16 22-17 7-11", "11-16 22-17 8-11", "11-16 22-17 9-13", "11-16 22-17 16-20",
    "11-16 22-18 7-11", "11-16 22-18 8-11", "11-16 22-18 16-19", "11-16 22-18 16-20",
    "11-16 23-18 7-11", "11-16 23-18 8-11", "11-16 23-18 9-14", "11-16 23-18 10-14",
    "11-16 23-18 16-20", "11-16 23-19 16x23", "11-16 24-19 7-11", "11-16 24-19 8-11",
    "11-16 24-19 16-20", "11-16 24-20 7-11", "11-16 24-20 16-19", "12-16 21-17 9-13",
    "12-16 21-17 9-14", "12-16 21-17 16-19", "12-16 21-17 16-20", "12-16 22-17 16-19",
    "12-16 22-17 16-20", "12-16 22-18 16-19", "12-16 22-18 16-20", "12-16 23-18 16-19",
    "12-16 23-18 16-20", "12-16 24-19 16-20", "12-16 24-20 8-12", "12-16 24-20 10-15",
)
"""The 156 ACF three-move ballot openings, in ACF order (captures written ``x``)."""


@dataclass(frozen=True, slots=True)
class Opening:
    """A start for one pair of games: moves from a position (the initial one when None)."""

    name: str
    moves: tuple[str, ...] = ()
    position: str | None = None

    def start(self, game: Game[Any, Any]) -> tuple[Any, list[str]]:
        """The state after the opening and the move texts played to reach it.

        Raises `AdversaError` (from the game's parser) when a move is not legal.
        """
        state = game.initial_state() if self.position is None else game.parse_position(
            self.position
        )
        played: list[str] = []
        for text in self.moves:
            move = game.parse_move(state, text)
            played.append(game.format_move(state, move))
            state = game.result(state, move)
        return state, played


INITIAL = Opening("initial position")


def ballot_openings() -> list[Opening]:
    return [
        Opening(f"ACF ballot: {moves}", tuple(moves.split())) for moves in ACF_THREE_MOVE_BALLOT
    ]


def random_openings(game: Game[Any, Any], plies: int, count: int, seed: int) -> list[Opening]:
    """``count`` openings of ``plies`` random legal moves (fewer if the game ends first).

    Chance states are never entered by an opening: the walk stops before one.
    """
    rng = random.Random(seed)
    openings: list[Opening] = []
    for _ in range(count):
        state = game.initial_state()
        moves: list[str] = []
        for _ in range(plies):
            if game.is_terminal(state) or game.to_move(state) == CHANCE:
                break
            move = rng.choice(list(game.legal_moves(state)))
            # The game's terminal check after the move keeps openings from ending the game.
            after = game.result(state, move)
            if game.is_terminal(after):
                break
            moves.append(game.format_move(state, move))
            state = after
        openings.append(Opening(f"random: {' '.join(moves) or '(none)'}", tuple(moves)))
    return openings


def read_openings_file(game: Game[Any, Any], path: Path) -> list[Opening]:
    """Openings from a file, one a line: a move sequence or else a position."""
    lines = read_user_text(path, "openings file").splitlines()
    openings: list[Opening] = []
    for number, raw in enumerate(lines, start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        openings.append(_parse_opening_line(game, line, f"{path.name}:{number}"))
    if not openings:
        raise OpeningError(f"openings file {str(path)!r} has no openings (one per line expected)")
    return openings


def _parse_opening_line(game: Game[Any, Any], line: str, where: str) -> Opening:
    as_moves = Opening(f"{where}: {line}", tuple(line.split()))
    try:
        as_moves.start(game)
        return as_moves
    except AdversaError as move_error:
        as_position = Opening(f"{where}: {line}", (), line)
        try:
            as_position.start(game)
            return as_position
        except AdversaError:
            raise OpeningError(
                f"{where}: {line!r} is neither moves from the start nor a position ({move_error})"
            ) from None


def resolve_openings(
    game: Game[Any, Any], spec: str | None, count: int, seed: int
) -> Sequence[Opening]:
    """The openings for a match from ``--openings`` (None: the game's default).

    ``count`` is how many game pairs will be played (random openings draws that
    many); the default is the ballot (in an order shuffled by ``seed``) for
    checkers and the initial position otherwise.
    """
    if spec is None:
        spec = "ballot" if game.name == "checkers" else "initial"
    if spec == "ballot":
        if game.name != "checkers":
            raise OpeningError(
                f"the three-move ballot is for checkers; for {game.name} use "
                "--openings initial, random:N or a file"
            )
        ballot = ballot_openings()
        random.Random(seed).shuffle(ballot)  # a short match still samples varied first moves
        return ballot
    if spec == "initial":
        return [INITIAL]
    if spec.startswith("random:"):
        plies_text = spec.removeprefix("random:")
        if not plies_text.isdigit() or int(plies_text) < 1:
            raise OpeningError(
                f"--openings {spec!r}: expected random:N with N a whole number ≥ 1, e.g. random:2"
            )
        return random_openings(game, int(plies_text), max(1, count), seed)
    path = Path(spec)
    if not path.exists():
        raise OpeningError(
            f"--openings {spec!r}: no such file; expected ballot, initial, random:N or a file"
        )
    return read_openings_file(game, path)
