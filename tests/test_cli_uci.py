"""``adversa uci`` as a real UCI engine: python-chess's engine module starts
``python -m adversa uci`` as a subprocess and plays through the protocol."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import chess
import chess.engine
import pytest
from narrowing import known

from adversa.cli.uci import serve

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def engine() -> Iterator[chess.engine.SimpleEngine]:
    environment = dict(os.environ, PYTHONPATH=str(ROOT))
    started = chess.engine.SimpleEngine.popen_uci([sys.executable, "-m", "adversa", "uci"],
                                                  env=environment, cwd=str(ROOT))
    yield started
    started.quit()


def test_python_chess_identifies_adversa_and_gets_a_legal_move(
        engine: chess.engine.SimpleEngine) -> None:
    assert engine.id["name"] == "adversa"
    board = chess.Board()
    board.push_san("e4")
    played = engine.play(board, chess.engine.Limit(depth=2), info=chess.engine.INFO_ALL)
    assert known(played.move) in board.legal_moves
    assert played.info["depth"] == 2 and played.info["nodes"] > 0
    assert "pv" in played.info and played.info["pv"][0] == played.move


def test_a_mate_in_one_is_found_and_reported_as_mate(engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
    info = engine.analyse(board, chess.engine.Limit(depth=2))
    assert info["pv"][0] == chess.Move.from_uci("d1d8")
    assert info["score"].relative == chess.engine.Mate(1)


def test_a_position_with_moves_is_searched_from_after_the_moves(
        engine: chess.engine.SimpleEngine) -> None:
    board = chess.Board()
    for san in ("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"):
        board.push_san(san)
    played = engine.play(board, chess.engine.Limit(depth=2))
    assert played.move == chess.Move.from_uci("h5f7")  # Scholar's mate


def test_the_session_answers_isready_stop_and_quit_in_order() -> None:
    commands = io.StringIO("uci\nisready\nposition startpos moves e2e4\n"
                           "go nodes 300\nisready\nstop\nquit\n")
    output = io.StringIO()
    serve(commands, output)
    lines = output.getvalue().splitlines()
    assert lines[:4] == ["id name adversa", "id author the adversa project", "uciok",
                         "readyok"]
    assert lines[-1].startswith("bestmove ")
    assert chess.Move.from_uci(lines[-1].split()[1]) in chess.Board(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").legal_moves


def test_a_bad_position_is_refused_in_an_info_string() -> None:
    output = io.StringIO()
    serve(io.StringIO("position fen nonsense\nquit\n"), output)
    assert output.getvalue().startswith("info string refused position: ")
