"""The ``uci:`` seat: a real UCI program (Stockfish) plays through python-chess's engine
module. Tests that need Stockfish skip, saying so, where it is not installed (Debian:
``apt install stockfish``, which puts it in /usr/games)."""

from __future__ import annotations

import shutil

import chess
import chess.engine
import pytest

from adversa.games.registry import make_game
from adversa.match.seats import GAME_ENGINE_FOLDERS, OutsideEngineError
from adversa.match.uci import info_text, open_engine, short_count, uci_options

STOCKFISH = shutil.which("stockfish", path=":".join(["/usr/bin", *GAME_ENGINE_FOLDERS]))
needs_stockfish = pytest.mark.skipif(
    STOCKFISH is None, reason="Stockfish is not installed (apt install stockfish)")


@needs_stockfish
def test_stockfish_at_skill_zero_answers_a_legal_move_and_streams_its_info() -> None:
    game = make_game("chess")
    start = game.initial_state()
    moves = [game.parse_move(start, "e4")]
    state = game.result(start, moves[0])
    lines: list[str] = []
    engine = open_engine("stockfish", game, {"skill": "0", "Threads": "1"})
    try:
        assert engine.label.startswith("Stockfish") and "skill=0" in engine.label
        move = engine.choose_move(game, start, moves, state, 0.05, lines.append)
    finally:
        engine.close()
    assert move in game.legal_moves(state)
    assert any(line.startswith("depth ") and " pv " in line for line in lines), lines


@needs_stockfish
def test_stockfish_finds_the_mate_in_one_and_says_mate() -> None:
    game = make_game("chess")
    start = game.parse_position("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
    lines: list[str] = []
    engine = open_engine("stockfish", game, {"elo": "1500"})
    try:
        move = engine.choose_move(game, start, [], start, 0.1, lines.append)
    finally:
        engine.close()
    assert game.format_move(start, move) == "Rd8#"
    assert any("mate in 1" in line for line in lines), lines


def test_a_missing_program_is_named_with_how_to_install_it() -> None:
    with pytest.raises(OutsideEngineError, match=r"'no-such-engine-x' is not on PATH.*apt"):
        open_engine("no-such-engine-x", make_game("chess"), {})


def test_a_program_that_is_not_a_uci_engine_is_refused() -> None:
    with pytest.raises(OutsideEngineError, match="did not start as a UCI engine"):
        open_engine("true", make_game("chess"), {})


def test_other_games_are_refused_and_options_map_to_uci_names() -> None:
    with pytest.raises(OutsideEngineError, match="not connect4"):
        open_engine("stockfish", make_game("connect4"), {})
    assert uci_options({"skill": "3"}) == {"Skill Level": 3}
    assert uci_options({"elo": "1400", "Hash": "16"}) == {
        "UCI_LimitStrength": True, "UCI_Elo": 1400, "Hash": "16"}
    with pytest.raises(OutsideEngineError, match="whole number"):
        uci_options({"skill": "high"})


def test_a_missing_uci_program_is_refused_before_any_game() -> None:
    from click.testing import CliRunner

    from adversa.cli import main

    result = CliRunner().invoke(main, ["arena", "chess", "--engine", "uci:no-such-engine-x",
                                       "--engine", "random", "--games", "2"])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1
    assert "'no-such-engine-x' is not on PATH" in result.output


def test_an_info_line_is_short_enough_for_the_panel() -> None:
    """A strong engine's info (a 20-ply PV, seldepth, millions of nodes) became a line of
    150 characters, cut off in the panel's two lines; it now keeps what a person reads."""
    board = chess.Board()
    line: list[chess.Move] = []
    probe = board.copy()
    for _ in range(20):
        move = sorted(probe.legal_moves, key=lambda m: m.uci())[0]
        line.append(move)
        probe.push(move)
    info: chess.engine.InfoDict = {
        "depth": 24, "seldepth": 31, "nodes": 12_345_678, "nps": 1_234_567,
        "score": chess.engine.PovScore(chess.engine.Cp(35), chess.WHITE), "pv": line}
    text = info_text(board, info)
    assert text.startswith("depth 24 score +0.35 nodes 12M nps 1.2M pv 1. ")
    assert "seldepth" not in text
    assert text.count(".") - 2 == 4  # four move numbers: eight plies of the PV
    assert len(text) <= 90
    assert short_count(999) == "999" and short_count(12_000) == "12k"
