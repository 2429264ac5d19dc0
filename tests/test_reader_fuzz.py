"""A fuzz of the readers of files a user (or a stranger) hands adversa (issue 33): saved
games (JSON records, PDN, PGN), textbook trees and openings files.

Each reader must answer a value or one of adversa's own errors (`AdversaError`, which the
CLI prints as one line and the app as a notification): never another exception, never
a hang (an alarm far beyond what these small inputs need), never memory past a stated
bound (`tracemalloc`). ``FUZZ_EXAMPLES=1500`` runs a longer hunt than the suite's.
The inputs are built from the formats' own pieces, so that most
get past the first check and reach the deeper parts of each reader. The settings file
and the endgame database header have their fuzzes beside their other tests
(`test_user_file_faults.py`, `test_checkers_endgame_hostile.py`).
"""

from __future__ import annotations

import json
import os
import signal
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adversa.errors import AdversaError
from adversa.games import make_game
from adversa.match.openings import read_openings_file
from adversa.match.session import RECORD_FORMAT, GameSession

MEMORY_BOUND = 64 * 1024 * 1024
"""Bytes a reader may allocate at its peak for one of these inputs (a few KB each)."""
HANG_SECONDS = 60
"""An alarm, not a timing: each input takes milliseconds; only a loop that never ends
reaches it, on a machine however busy."""

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


class Hang(Exception):
    """A reader ran past `HANG_SECONDS`."""


@contextmanager
def bounded() -> Iterator[None]:
    """Fail on a hang or on memory past `MEMORY_BOUND`; let `AdversaError` pass."""
    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"no answer within {HANG_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(HANG_SECONDS)
    tracemalloc.start()
    try:
        try:
            yield
        except AdversaError as error:
            assert "\n" not in str(error).strip(), "one line, as the CLI prints it"
        _, peak = tracemalloc.get_traced_memory()
        assert peak < MEMORY_BOUND, f"peak {peak:,} bytes"
    finally:
        tracemalloc.stop()
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def json_values(keys: list[str], leaves: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.recursive(
        leaves, lambda inner: st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(keys), inner, max_size=4), max_leaves=25)


# ---- saved games ---------------------------------------------------------------------

RECORD_KEYS = ["format", "version", "game", "options", "start", "moves", "players",
               "result", "clock", "control", "left", "flagged", "piles", "k"]
SCALARS = (st.none() | st.booleans() | st.integers(-5, 10**6) | st.floats(allow_nan=True)
           | st.sampled_from(["tictactoe", "nim", "pig", "checkers", "chess", "othello",
                              "backgammon", "connect4", "human", "alphabeta depth=2", "b2",
                              "roll", "1", "11-15", "e4", "d3", "60+1", "3,4,5", "x" * 50,
                              "[/]", "[link=http://x]y[/link]", "9" * 5000]))


@st.composite
def records(draw: st.DrawFn) -> dict[str, Any]:
    """A record with the right format marker and fuzzed fields, so the checks after the
    first one are reached."""
    fields = draw(st.dictionaries(st.sampled_from(RECORD_KEYS),
                                  json_values(RECORD_KEYS, SCALARS), max_size=8))
    return {"format": RECORD_FORMAT, **fields} if draw(st.booleans()) else fields


@FUZZ
@given(records())
def test_any_json_save_loads_or_is_refused_in_one_line(tmp_path: Path,
                                                      record: dict[str, Any]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    with bounded():
        GameSession.load(path)


@FUZZ
@given(st.lists(st.sampled_from(["tictactoe", "nim", "pig", "connect4"]), min_size=1,
                max_size=1),
       st.lists(st.sampled_from(["b2", "a1", "c3", "1:1", "0:3", "roll", "hold", "1", "6",
                                 "4", "7", "x", ""]), max_size=30))
def test_saves_with_any_moves_replay_or_are_refused(tmp_path: Path, game: list[str],
                                                   moves: list[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": RECORD_FORMAT, "version": 2, "game": game[0],
                                "moves": moves}))
    with bounded():
        GameSession.load(path)


PDN_PIECES = ['[Event "x"]', '[FEN "B:W21,22:B1,2"]', '[FEN "W:W"]', '[FEN "B:WK5000:B1"]',
              '[GameType "21"]', '[Result "*"]', "[", "]", '"', "1.", "2.", "11-15", "23-19",
              "8-11", "22-17", "9x18", "(", ")", "{note", "}", "*", "1-0", "0-1", "1/2-1/2",
              "\n", " ", "%", ";", "9" * 200]


@FUZZ
@given(st.lists(st.sampled_from(PDN_PIECES), max_size=60))
def test_any_pdn_save_loads_or_is_refused_in_one_line(tmp_path: Path,
                                                     pieces: list[str]) -> None:
    path = tmp_path / "game.pdn"
    path.write_text(" ".join(pieces))
    with bounded():
        GameSession.load(path)


PGN_PIECES = ['[Event "x"]', '[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]', '[FEN "nonsense"]',
              '[SetUp "1"]', '[Result "*"]', "[", "]", '"', "1.", "2...", "e4", "e5", "Nf3",
              "Nc6", "O-O", "exd5", "Qh5", "Qxf7#", "e8=Q", "(", ")", "{c", "}", "$1", "*",
              "1-0", "\n", ";", "%"]


@FUZZ
@given(st.lists(st.sampled_from(PGN_PIECES), max_size=60))
# What the fuzz found in python-chess's reader (an IndexError each): a ")" that closes
# nothing, and a variation before any move.
@example(["e5", ")", "e4"])
@example(["(", "e5", ")", "e4"])
def test_any_pgn_save_loads_or_is_refused_in_one_line(tmp_path: Path,
                                                     pieces: list[str]) -> None:
    path = tmp_path / "game.pgn"
    path.write_text(" ".join(pieces))
    with bounded():
        GameSession.load(path)


# ---- textbook trees ---------------------------------------------------------------------

TREE_KEYS = ["player", "children", "value", "label", "probabilities", "comment", "title",
             "tree", "description"]
TREE_LEAVES = (st.none() | st.booleans() | st.integers(-10**6, 10**6)
               | st.floats(allow_nan=True, allow_infinity=True)
               | st.sampled_from(["max", "min", "chance", "0", "7", "[/]", "a"]))


@FUZZ
@given(json_values(TREE_KEYS, TREE_LEAVES))
def test_any_tree_file_reads_and_searches_or_is_refused(tmp_path: Path, tree: Any) -> None:
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(tree))
    with bounded():
        game = make_game("tree", {"file": str(path)})
        state = game.initial_state()
        if not game.is_terminal(state):
            game.format_position(state)
            game.legal_moves(state) if game.to_move(state) >= 0 else game.chance_outcomes(state)


# ---- openings ---------------------------------------------------------------------------

OPENING_PIECES = ["b2", "a1", "c3", "a2", "b1", "X", "O", ".", "/", "XOX/.../...", "# note",
                  "\n", " ", "b2 b2", "zz", "9" * 200, "\t"]


@pytest.mark.parametrize("game_name", ["tictactoe", "connect4"])
@FUZZ
@given(pieces=st.lists(st.sampled_from([*OPENING_PIECES, "4", "1", "7", "8"]), max_size=40))
def test_any_openings_file_reads_or_is_refused(tmp_path: Path, game_name: str,
                                               pieces: list[str]) -> None:
    path = tmp_path / "openings.txt"
    path.write_text("".join(piece + (" " if index % 3 else "\n")
                            for index, piece in enumerate(pieces)))
    game = make_game(game_name)
    with bounded():
        openings = read_openings_file(game, path)
        assert openings  # an empty list is refused, not returned


def test_the_fuzz_harness_fails_on_a_foreign_exception() -> None:
    """The check itself: anything but `AdversaError` escapes `bounded`."""
    failing: Callable[[str], int] = int
    with pytest.raises(ValueError), bounded():
        failing("x")
