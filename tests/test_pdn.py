"""PDN for checkers: FEN text, move text, and game records written and read back."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adversa.games.base import IllegalMoveError, InvalidMoveError, InvalidPositionError
from adversa.games.checkers import Checkers, CheckersMove, CheckersState
from adversa.games.game_records import result_token
from adversa.games.pdn import (
    format_fen,
    parse_fen,
    parse_move_text,
    read_pdn,
    read_pdn_games,
    write_pdn,
)

GAME = Checkers()


def random_game(seed: int, start: CheckersState, plies: int) -> list[CheckersMove]:
    rng = random.Random(seed)
    state, moves = start, []
    for _ in range(plies):
        legal = GAME.legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        state = GAME.result(state, move)
    return moves


@st.composite
def piece_maps(draw: st.DrawFn) -> dict[int, str]:
    squares = draw(st.lists(st.integers(1, 32), unique=True, max_size=24))
    pieces: dict[int, str] = {}
    for square in squares:
        colours = [c for c in "bw" if sum(p.lower() == c for p in pieces.values()) < 12]
        if not colours:
            break
        colour = draw(st.sampled_from(colours))
        crown_row = range(29, 33) if colour == "b" else range(1, 5)
        king = square in crown_row or draw(st.booleans())
        pieces[square] = colour.upper() if king else colour
    return pieces


@settings(max_examples=100, deadline=None)
@given(pieces=piece_maps(), player=st.integers(0, 1))
def test_fen_round_trip(pieces: dict[int, str], player: int) -> None:
    text = format_fen(player, pieces)
    assert parse_fen(text) == (player, pieces)
    for section in text.split(":")[1:]:
        items = [item for item in section[1:].split(",") if item]
        kinds = [item.startswith("K") for item in items]
        assert kinds == sorted(kinds)  # men first, then kings
        for king in (False, True):
            numbers = [int(i.lstrip("K")) for i, k in zip(items, kinds, strict=True) if k == king]
            assert numbers == sorted(numbers)


def test_fen_lists_squares_numerically_men_before_kings() -> None:
    pieces = {2: "b", 10: "b", 1: "B", 21: "w", 3: "W"}
    assert format_fen(0, pieces) == "B:W21,K3:B2,10,K1"
    assert parse_fen("B:W21,K3:B2,10,K1") == (0, pieces)


def test_fen_ranges_and_kings_in_ranges() -> None:
    assert parse_fen("W:WK1-2:B5-6") == (1, {1: "W", 2: "W", 5: "b", 6: "b"})


def test_move_text() -> None:
    assert parse_move_text("11-15") == (11, 15)
    assert parse_move_text("15x24x31") == (15, 24, 31)
    assert parse_move_text(" 15 X 31 ") == (15, 31)
    for bad in ("15", "15--19", "a-b", "11-15 22-18", ""):
        with pytest.raises(InvalidMoveError, match="not checkers notation"):
            parse_move_text(bad)
    with pytest.raises(InvalidMoveError, match="square 0"):
        parse_move_text("0-4")


@pytest.mark.parametrize("seed", range(6))
def test_game_records_round_trip(seed: int) -> None:
    start = GAME.initial_state()
    moves = random_game(seed, start, 200)
    tags = {"Event": "round trip", "Date": "2026.11.21", "Black": "alice", "White": 'bob "b"'}
    text = write_pdn(GAME, moves, tags=tags)
    assert "SetUp" not in text and text.startswith('[Event "round trip"]')
    assert "1. " + GAME.format_move(start, moves[0]) in text
    record = read_pdn(text)
    assert record.moves == tuple(moves)
    assert record.start == start
    assert record.tags["White"] == 'bob "b"' and record.tags["Black"] == "alice"
    assert record.result == result_token(GAME, record.final_state) == record.tags["Result"]


def test_a_record_from_a_position_carries_its_fen_and_starts_with_white() -> None:
    start = GAME.parse_position("W:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")
    moves = random_game(1, start, 9)
    text = write_pdn(GAME, moves, start=start, tags={"Date": "2026.11.21"})
    assert '[SetUp "1"]' in text and f'[FEN "{GAME.format_position(start)}"]' in text
    assert "\n1... " + GAME.format_move(start, moves[0]) + " 2. " in text
    record = read_pdn(text)
    assert record.start == start and record.moves == tuple(moves)


def test_results_name_the_winner_first_player_first() -> None:
    black_wins = GAME.parse_position("W:W:B1")
    assert result_token(GAME, black_wins) == "1-0"
    assert result_token(GAME, GAME.parse_position("B:W5:B")) == "0-1"
    assert result_token(GAME, GAME.initial_state()) == "*"
    text = write_pdn(GAME, [], start=GAME.parse_position("B:WK32:BK1"), result="1/2-1/2")
    assert read_pdn(text).result == "1/2-1/2"
    with pytest.raises(ValueError, match="not one of"):
        write_pdn(GAME, [], result="2-0")


def test_reading_skips_comments_and_variations_and_splits_games() -> None:
    text = """
[Event "one"]
1.11-15 {a quiet start} 23-19 (22-18 15x22) 2. 8-11! 22-17 *

[Event "two"]
[Result "0-1"]
1. 9-13 22-18 0-1
"""
    first, second = read_pdn_games(text)
    assert first.tags == {"Event": "one"} and first.result == "*"
    assert [GAME.format_move(s, m) for s, m in zip(first.states, first.moves, strict=False)] == [
        "11-15", "23-19", "8-11", "22-17"]
    assert second.result == "0-1" and len(second.moves) == 2


def test_bad_records_say_where() -> None:
    with pytest.raises(IllegalMoveError, match=r"game 1, ply 3 \(Black\).*'11-16'"):
        read_pdn("1. 11-15 23-19 2. 11-16 *")
    with pytest.raises(InvalidMoveError, match="'e4'"):
        read_pdn("1. e4 *")
    with pytest.raises(InvalidPositionError, match="FEN tag"):
        read_pdn('[FEN "B:W33:B1"]\n1. 1-5 *')
    with pytest.raises(InvalidMoveError, match="no game"):
        read_pdn("  ")


def test_a_note_after_a_move_is_written_as_a_comment_and_read_back() -> None:
    game = GAME
    state = game.initial_state()
    moves = []
    for text in ("11-15", "23-19", "8-11"):
        move = game.parse_move(state, text)
        moves.append(move)
        state = game.result(state, move)
    text = write_pdn(game, moves, notes=["[%clk 0:04:50.5]", "", "a {braced} note"])
    assert "11-15 {[%clk 0:04:50.5]} 23-19 2. 8-11 {a braced note}" in text
    record = read_pdn(text)
    assert record.notes == ("[%clk 0:04:50.5]", "", "a braced note")
    assert read_pdn("1. 11-15 {one} {two} 23-19 *").notes == ("one two", "")
    assert read_pdn("{before any move} 1. 11-15 *").notes == ("",)
