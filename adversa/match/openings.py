"""Where engine-match games start, so deterministic engines do not replay one game.

Two deterministic engines started from the same position play the same game every
time; engine testers therefore start each *pair* of games (colours swapped) from
a different opening (cutechess-cli ``-openings``/``-repeat``, Sunfish's
TESTING.md). adversa has four sources:

* **a list the game declares** by name in its registration (a three-move ballot,
  the openings tournament players draw from); a game's first list is its matches'
  default, shuffled by the match seed;
* **initial**: the initial position (the default of games without a list);
* **a file**: one opening per line, either moves in the game's notation from
  the initial position or a position (``--position`` notation); blank lines and
  ``#`` comments are skipped;
* **random:N**: N random legal plies from the initial position, seeded.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from adversa.files import read_user_text
from adversa.games.base import CHANCE, AdversaError, Game, M, S
from adversa.games.registry import OpeningList, entry_of


class OpeningError(AdversaError):
    """An openings file or specification that cannot be used."""


@dataclass(frozen=True, slots=True)
class Opening:
    """A start for one pair of games: moves from a position (the initial one when None)."""

    name: str
    moves: tuple[str, ...] = ()
    position: str | None = None

    def start(self, game: Game[S, M]) -> tuple[S, list[str]]:
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


def listed_openings(openings: OpeningList) -> list[Opening]:
    """A declared opening list as openings named "<list title>: <moves>"."""
    return [Opening(f"{openings.title}: {line}", tuple(line.split())) for line in openings.lines]


def random_openings(game: Game[S, M], plies: int, count: int, seed: int) -> list[Opening]:
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


def read_openings_file(game: Game[S, M], path: Path) -> list[Opening]:
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


def _parse_opening_line(game: Game[S, M], line: str, where: str) -> Opening:
    as_moves = Opening(f"{where}: {line}", tuple(line.split()))
    try:
        opening, (start, _) = as_moves, as_moves.start(game)
    except AdversaError as move_error:
        as_position = Opening(f"{where}: {line}", (), line)
        try:
            opening, (start, _) = as_position, as_position.start(game)
        except AdversaError:
            raise OpeningError(
                f"{where}: {line!r} is neither moves from the start nor a position ({move_error})"
            ) from None
    if game.is_terminal(start):  # a game over before the engines move says nothing of them
        raise OpeningError(f"{where}: {line!r} ends the game; an opening must leave it to play")
    return opening


def resolve_openings(
    game: Game[S, M], spec: str | None, count: int, seed: int
) -> Sequence[Opening]:
    """The openings for a match from ``--openings`` (None: the game's default).

    ``count`` is how many game pairs will be played (random openings draws that
    many); the default is the game's first declared list (in an order shuffled by
    ``seed``), else the initial position.
    """
    declared = entry_of(game).openings
    if spec is None:
        spec = next(iter(declared), "initial")
    if spec in declared:
        listed = listed_openings(declared[spec])
        random.Random(seed).shuffle(listed)  # a short match still samples varied starts
        return listed
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
        named = "".join(f"{name}, " for name in declared)
        raise OpeningError(
            f"--openings {spec!r}: no such file; expected {named}initial, random:N or a file"
        )
    return read_openings_file(game, path)
