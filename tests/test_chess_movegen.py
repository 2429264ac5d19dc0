"""Chess's own legal-move generator and its memos against python-chess, the referee:
the same moves in the same order, the same answer to "is there a move", and the same
search with the memos cold or warm."""

from __future__ import annotations

import pickle
import random

import chess
import pytest
from chess_positions import TRICKY, positions

from adversa.games import chess_memo
from adversa.games.chess import Chess
from adversa.games.chess_captures import attacked_squares, is_checked
from adversa.games.chess_movegen import (
    PLAIN_MOVES,
    has_legal_move,
    legal_move_list,
    passed,
    played,
)
from adversa.games.registry import evaluation_of
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search


def test_the_legal_moves_are_python_chess_s_in_its_order() -> None:
    boards = positions(seed=11, plies=80)
    assert len(boards) > 500
    for board in boards:
        expected = tuple(board.generate_legal_moves())
        assert legal_move_list(board) == expected, board.fen()
        assert legal_move_list(board, board.is_check()) == expected, board.fen()


def test_there_is_a_legal_move_exactly_when_python_chess_finds_one() -> None:
    boards = positions(seed=12, plies=80)
    assert any(not any(board.generate_legal_moves()) for board in boards)
    for board in boards:
        expected = any(board.generate_legal_moves())
        assert has_legal_move(board) == has_legal_move(board, board.is_check()) == expected, \
            board.fen()


@pytest.mark.parametrize(("fen", "leaves"), [
    (TRICKY[2], (14, 191, 2_812, 43_238)),  # the published counts of perft positions 3–5
    (TRICKY[3], (6, 264, 9_467, 422_333)),
    (TRICKY[4], (44, 1_486, 62_379)),
])
def test_perft_of_the_tricky_positions_gives_the_published_counts(
        fen: str, leaves: tuple[int, ...]) -> None:
    game = Chess()
    state = game.parse_position(fen)
    assert tuple(game.perft(state, depth) for depth in range(1, len(leaves) + 1)) == leaves


def test_the_moves_out_of_check_are_python_chess_s_in_its_order() -> None:
    """Random games from endings full of checks (rooks, queens, a bishop and knight
    that give double checks), every position in check compared."""
    endings = ("1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1", "8/8/3k4/8/2Q5/8/5K2/q7 w - - 0 1",
               "4k3/8/8/8/8/8/3N4/R2BK3 w - - 0 1", "r3k3/8/8/8/8/8/8/4K2R b - - 0 1")
    chooser = random.Random(17)
    checked = 0
    for fen in endings:
        for _game in range(8):
            board = chess.Board(fen)
            for _ply in range(60):
                moves = list(board.generate_legal_moves())
                if not moves:
                    break
                if board.is_check():
                    checked += 1
                    assert legal_move_list(board, True) == tuple(moves), board.fen()
                    assert has_legal_move(board, True), board.fen()
                checks = [move for move in moves if board.gives_check(move)]
                board.push(chooser.choice(checks if checks and chooser.random() < 0.7
                                          else moves))
    assert checked > 300


def test_the_attacked_squares_are_python_chess_s() -> None:
    for board in positions(seed=7, plies=40):
        for colour in chess.COLORS:
            expected = sum(1 << square for square in chess.SQUARES
                           if board.is_attacked_by(colour, square))
            assert attacked_squares(board, colour) == expected, (board.fen(), colour)


def test_moves_without_promotion_are_shared_objects() -> None:
    moves = legal_move_list(chess.Board())
    assert all(move is PLAIN_MOVES[64 * move.from_square + move.to_square] for move in moves)


def test_equal_moves_of_any_two_lists_are_one_object() -> None:
    """Promotions, en passant and the moves out of check included: move ordering finds
    a move by identity (`Game.interned_moves`)."""
    seen: dict[chess.Move, chess.Move] = {}
    kinds = set()
    for board in positions(seed=3, plies=60):
        for move in legal_move_list(board):
            assert seen.setdefault(move, move) is move, (board.fen(), move)
            kinds.add((bool(move.promotion), board.is_en_passant(move), board.is_check()))
    assert {(True, False, False), (False, True, False), (False, False, True)} <= kinds


def test_the_position_memo_is_emptied_when_it_reaches_its_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chess_memo, "POSITION_LIMIT", 3)
    chess_memo.forget_all()
    records = [chess_memo.facts_of(key) for key in range(3)]
    assert [chess_memo.facts_of(key) for key in range(3)] == records  # the same records
    fourth = chess_memo.facts_of(3)
    assert chess_memo.facts_memo == {3: fourth}
    assert chess_memo.facts_of(0) is not records[0]
    chess_memo.forget_all()


def test_states_of_one_position_share_its_facts_also_across_a_pickle() -> None:
    """Two paths to one position read one record (`chess_memo.PositionFacts`); a state
    sent to another process takes that process's record, not a copy of the sender's."""
    game = Chess()
    chess_memo.forget_all()
    start = game.initial_state()
    out_and_back = start
    for uci in ("g1f3", "g8f6", "f3g1", "f6g8"):
        out_and_back = game.result(out_and_back, chess.Move.from_uci(uci))
    assert out_and_back.facts is start.facts
    game.legal_moves(start)
    assert start.facts.moves is not None
    copied = pickle.loads(pickle.dumps(start))
    assert copied.facts is start.facts and copied == start
    chess_memo.forget_all()
    fresh = pickle.loads(pickle.dumps(start))
    assert fresh.facts is not start.facts and fresh.facts.moves is None
    assert game.legal_moves(fresh) == game.legal_moves(start)


def test_a_remembered_move_result_keeps_the_clocks_of_its_own_path() -> None:
    """The same position reached with different halfmove clocks: each result's board
    is the one python-chess builds from that path, clocks included."""
    game = Chess()
    chess_memo.forget_all()
    start = game.initial_state()
    knights_out_and_back = game.result(game.result(game.result(game.result(
        start, chess.Move.from_uci("g1f3")), chess.Move.from_uci("g8f6")),
        chess.Move.from_uci("f3g1")), chess.Move.from_uci("f6g8"))
    assert knights_out_and_back.key == start.key
    assert knights_out_and_back.clock == 4
    for state in (start, knights_out_and_back):
        child = game.result(state, chess.Move.from_uci("e2e4"))
        expected = state.board.copy()
        expected.push(chess.Move.from_uci("e2e4"))
        assert child.board.fen() == expected.fen()
        again = game.result(state, chess.Move.from_uci("g1f3"))
        expected = state.board.copy()
        expected.push(chess.Move.from_uci("g1f3"))
        assert again.board.fen() == expected.fen()
        assert again.clock == expected.halfmove_clock


@pytest.mark.parametrize("fen", [TRICKY[1], TRICKY[-1]])
def test_a_search_with_warm_memos_repeats_the_cold_one_node_for_node(fen: str) -> None:
    game = Chess()
    state = game.parse_position(fen)
    config = EngineConfig.parse("alphabeta depth=4 nullmove=on lmr=on")
    chess_memo.forget_all()
    cold = run_search(game, state, config, evaluation=evaluation_of(game))
    assert chess_memo.facts_memo and chess_memo.children_kept
    warm = run_search(game, state, config, evaluation=evaluation_of(game))
    assert (warm.snapshot.nodes, warm.value, warm.best_move) == (
        cold.snapshot.nodes, cold.value, cold.best_move)


@pytest.mark.parametrize("fen", [TRICKY[1], TRICKY[-1]])
def test_memos_emptied_every_few_dozen_entries_change_no_node_of_a_search(
        fen: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Emptying the records and their children mid-search (at `POSITION_LIMIT` and
    `CHILD_LIMIT`) only costs work done again: the same nodes, value and move, and the
    children kept never exceed the limit."""
    game = Chess()
    config = EngineConfig.parse("alphabeta depth=4 nullmove=on lmr=on")
    chess_memo.forget_all()
    roomy = run_search(game, game.parse_position(fen), config, evaluation=evaluation_of(game))
    monkeypatch.setattr(chess_memo, "POSITION_LIMIT", 50)
    monkeypatch.setattr(chess_memo, "CHILD_LIMIT", 30)
    kept: list[int] = []
    remember_child = chess_memo.remember_child

    def counted(facts: chess_memo.PositionFacts, code: int,
                child: chess_memo.ChildFacts) -> chess_memo.ChildFacts:
        found = remember_child(facts, code, child)
        kept.append(chess_memo.children_kept)
        return found

    monkeypatch.setattr("adversa.games.chess.remember_child", counted)
    chess_memo.forget_all()
    cramped = run_search(game, game.parse_position(fen), config,
                         evaluation=evaluation_of(game))
    chess_memo.forget_all()
    assert (cramped.snapshot.nodes, cramped.value, cramped.best_move) == (
        roomy.snapshot.nodes, roomy.value, roomy.best_move)
    assert max(kept) == 30 and kept.count(1) > 1  # emptied, more than once


def board_fields(board: chess.Board) -> tuple[object, ...]:
    return (board.pawns, board.knights, board.bishops, board.rooks, board.queens,
            board.kings, tuple(board.occupied_co), board.occupied, board.promoted,
            board.castling_rights, board.ep_square, board.turn, board.halfmove_clock,
            board.fullmove_number, board.chess960, board.move_stack, board._stack)


def test_a_move_played_leaves_the_board_python_chess_s_push_leaves() -> None:
    boards = positions(seed=13, plies=60)
    moves_played = 0
    for board in boards:
        before = board_fields(board)
        for move in board.generate_legal_moves():
            after, irreversible = played(board, move)
            expected = board.copy(stack=False)
            expected.push(move)
            expected.move_stack.clear()
            expected._stack.clear()
            assert board_fields(after) == board_fields(expected), (board.fen(), move)
            assert irreversible == board.is_irreversible(move), (board.fen(), move)
            assert after.occupied_co is not board.occupied_co
            moves_played += 1
        assert board_fields(board) == before
    assert moves_played > 10_000


def test_a_pass_leaves_the_board_python_chess_s_null_move_leaves() -> None:
    for board in positions(seed=19, plies=30):
        before = board_fields(board)
        expected = board.copy(stack=False)
        expected.push(chess.Move.null())
        expected.move_stack.clear()
        expected._stack.clear()
        assert board_fields(passed(board)) == board_fields(expected), board.fen()
        assert board_fields(board) == before


def pushed(board: chess.Board, move: chess.Move) -> chess.Board:
    """python-chess's own board after ``move``, its stacks emptied as `played` leaves them."""
    expected = board.copy(stack=False)
    expected.push(move)
    expected.move_stack.clear()
    expected._stack.clear()
    return expected


def test_a_board_reached_by_another_move_is_shared_only_where_it_is_the_same() -> None:
    """King walks reach a position by several moves, and the search shares one board
    between them (`PositionFacts.board`); every state's board must still be the one
    python-chess's push leaves, fields and clocks, on random walks through endings with
    promotions, en passant and castling."""
    game = Chess()
    chess_memo.forget_all()
    paths_to: dict[int, set[tuple[int, chess.Move]]] = {}
    boards = []
    for fen in ("8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1", "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1",
                "8/1P4k1/8/8/2p5/8/1P3p2/4K3 w - - 0 1", "r3k3/8/8/8/1p6/8/P1P5/4K2R w Kq - 0 1"):
        for seed in range(40):
            chooser = random.Random(seed)
            state, board = game.parse_position(fen), chess.Board(fen)
            for _ply in range(40):
                moves = game.legal_moves(state)
                if not moves:
                    break
                move = chooser.choice(moves)
                child = game.result(state, move)
                expected = pushed(board, move)
                assert board_fields(child.board) == board_fields(expected), (board.fen(), move)
                paths_to.setdefault(id(child.position), set()).add((state.key, move))
                boards.append(child.position)  # kept alive: their ids stay theirs
                state, board = child, expected
    assert sum(len(paths) > 1 for paths in paths_to.values()) > 100


def test_a_promoted_piece_s_board_is_not_shared_with_a_piece_that_was_there_before() -> None:
    # The same key both ways: a queen on b8 by promotion, and by a queen's move.
    game = Chess()
    chess_memo.forget_all()
    promotion = game.result(game.parse_position("7k/1P6/8/8/8/8/8/K7 w - - 0 1"),
                            chess.Move.from_uci("b7b8q"))
    before = chess.Board("7k/2Q5/8/8/8/8/8/K7 w - - 0 1")
    queen_move = game.result(game.parse_position(before.fen()), chess.Move.from_uci("c7b8"))
    assert promotion.key == queen_move.key and promotion.position.promoted
    assert board_fields(queen_move.board) == board_fields(
        pushed(before, chess.Move.from_uci("c7b8")))


def test_check_is_python_chess_s_check() -> None:
    boards = [board for seed in range(17, 23) for board in positions(seed=seed, plies=80)]
    assert sum(board.is_check() for board in boards) > 150
    for board in boards:
        assert is_checked(board) == board.is_check(), board.fen()
