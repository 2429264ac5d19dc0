"""The gnubg seat: it answers legal plays through one long-lived gnubg process."""

from __future__ import annotations

import random
import shutil
from collections.abc import Iterator

import pytest

from adversa.games import make_game
from adversa.games.base import CHANCE, play_line
from adversa.match.gnubg import GnubgEngine, open_engine
from adversa.match.seats import OutsideEngineError

GAME = make_game("backgammon")
INSTALLED = shutil.which("gnubg") or shutil.which("gnubg", path="/usr/games:/usr/local/games")
needs_gnubg = pytest.mark.skipif(
    INSTALLED is None, reason="GNU Backgammon (gnubg) is not installed: apt-get install gnubg")


@pytest.fixture(scope="module")
def gnubg() -> Iterator[GnubgEngine]:
    engine = open_engine("gnubg", GAME, {"ply": "0"})
    yield engine
    engine.close()


@needs_gnubg
def test_gnubg_plays_the_standard_opening_31(gnubg: GnubgEngine) -> None:
    state = play_line(GAME, GAME.initial_state(), "31")
    play = gnubg.choose_move(GAME, GAME.initial_state(), (), state, None)
    assert GAME.format_move(state, play) == "8/5 6/5"


@needs_gnubg
def test_gnubg_answers_a_legal_play_for_either_side_through_a_game(gnubg: GnubgEngine) -> None:
    rng = random.Random(2)
    state = GAME.initial_state()
    plays = 0
    while not GAME.is_terminal(state) and plays < 60:
        if GAME.to_move(state) == CHANCE:
            state = GAME.result(state, rng.choice(GAME.chance_outcomes(state))[0])
            continue
        play = gnubg.choose_move(GAME, GAME.initial_state(), (), state, None)
        assert play in GAME.legal_moves(state)
        state = GAME.result(state, play)
        plays += 1
    assert plays >= 20


def test_a_missing_program_is_named_with_how_to_install() -> None:
    with pytest.raises(OutsideEngineError, match=r"not on PATH.*apt-get install gnubg"):
        open_engine("gnubg-that-does-not-exist", GAME, {})


def test_bad_options_get_one_line() -> None:
    with pytest.raises(OutsideEngineError, match="expected 0, 1 or 2"):
        open_engine("gnubg", GAME, {"ply": "7"})
    with pytest.raises(OutsideEngineError, match="no option 'depth'"):
        open_engine("gnubg", GAME, {"depth": "1"})
    with pytest.raises(OutsideEngineError, match="backgammon only"):
        open_engine("gnubg", make_game("pig"), {})
