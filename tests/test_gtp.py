"""GTP seats: GRhino plays legal Othello moves through passes to the end; a missing
program, garbage and bad options are refused in one line."""

from __future__ import annotations

import random
import shutil

import pytest

from adversa.games import make_game
from adversa.games.base import AdversaError
from adversa.match.gtp import check, open_engine
from adversa.match.seats import GAME_ENGINE_FOLDERS, OutsideEngineError

GAME = make_game("othello")


def grhino_installed() -> bool:
    return any(shutil.which("gtp-rhino", path=folder) for folder in GAME_ENGINE_FOLDERS) or \
        shutil.which("gtp-rhino") is not None


@pytest.mark.skipif(not grhino_installed(),
                    reason="GRhino (gtp-rhino, Debian package grhino) is not installed")
def test_grhino_plays_whole_games_against_random_moves() -> None:
    rng = random.Random(7)
    engine = open_engine("gtp-rhino", GAME, {})
    assert engine.label == "GRhino (gtp-rhino)"
    infos: list[str] = []
    try:
        for seat in (0, 1):
            start = GAME.initial_state()
            state, moves = start, list[int]()
            while GAME.legal_moves(state):
                if GAME.to_move(state) == seat:
                    move = engine.choose_move(GAME, start, moves, state, None, infos.append)
                else:
                    move = rng.choice(GAME.legal_moves(state))
                assert move in GAME.legal_moves(state)
                moves.append(move)
                state = GAME.result(state, move)
            assert GAME.is_terminal(state)
    finally:
        engine.close()
        engine.close()  # twice is harmless
    assert infos and infos[0].startswith("GRhino (gtp-rhino): ")


def test_a_missing_program_says_where_it_looked_and_how_to_install() -> None:
    with pytest.raises(OutsideEngineError, match=r"not on PATH nor in /usr/games.*apt install"):
        check("no-such-othello-program", GAME, {})
    assert issubclass(OutsideEngineError, AdversaError)


def test_a_program_that_does_not_speak_gtp_is_refused() -> None:
    cat = shutil.which("cat")
    if cat is None:
        pytest.skip("no cat program to stand in for a non-GTP program")
    with pytest.raises(OutsideEngineError, match="expected '= …' or '\\? …'"):
        open_engine(cat, GAME, {})


def test_options_are_refused_naming_the_program_flags_instead() -> None:
    with pytest.raises(OutsideEngineError, match="takes no options"):
        check("gtp-rhino", GAME, {"level": "5"})
