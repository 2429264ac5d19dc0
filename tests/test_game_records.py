"""PDN and PGN write results, comments and default tags through one definition each."""

from __future__ import annotations

import re

import pytest

from adversa.games import make_game
from adversa.games.checkers import Checkers
from adversa.games.chess import Chess
from adversa.games.game_records import RESULTS, checked_result, move_note, result_token
from adversa.games.pdn import read_pdn, write_pdn
from adversa.games.pgn import read_pgn, write_pgn


def test_a_comment_loses_the_braces_that_would_end_it_early() -> None:
    assert move_note(["a {braced} note", ""], 0) == "a braced note"
    assert move_note(["a {braced} note", ""], 1) == ""
    assert move_note(["only one"], 5) == ""


def test_the_result_comes_from_the_position_when_none_is_given() -> None:
    checkers = make_game("checkers")
    won = checkers.parse_position("W:W:BK1")  # White to move with no piece: Black has won
    assert result_token(checkers, won) == "1-0"
    assert checked_result(None, checkers, checkers.initial_state(), "PDN") == "*"
    assert checked_result("1/2-1/2", checkers, won, "PDN") == "1/2-1/2"


@pytest.mark.parametrize("form", ["PDN", "PGN"])
def test_a_result_outside_the_four_tokens_is_refused_naming_the_format(form: str) -> None:
    checkers = make_game("checkers")
    with pytest.raises(ValueError, match=f"{form} result '2-0' is not one of 1-0, 0-1"):
        checked_result("2-0", checkers, checkers.initial_state(), form)
    assert len(RESULTS) == 4


def test_both_writers_start_from_the_same_default_tags_and_keep_a_braced_note() -> None:
    checkers, chess = Checkers(), Chess()
    pdn_start, pgn_start = checkers.initial_state(), chess.initial_state()
    pdn_move = checkers.legal_moves(pdn_start)[0]
    pgn_move = chess.legal_moves(pgn_start)[0]
    pdn = write_pdn(checkers, [pdn_move], notes=["a {braced} note"])
    pgn = write_pgn(chess, pgn_start, [pgn_move], {}, None, ["a {braced} note"])
    for text in (pdn, pgn):
        assert '[Event "adversa game"]' in text
        assert re.search(r'\[Date "\d{4}\.\d{2}\.\d{2}"\]', text)
        assert '[Result "*"]' in text
    assert read_pdn(pdn, checkers).notes == ("a braced note",)
    assert read_pgn(chess, pgn).notes == ("a braced note",)
