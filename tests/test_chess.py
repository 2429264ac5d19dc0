"""Chess through the Game protocol: python-chess's rules, immutable states, named draws,
SAN/UCI notation, FEN, and the evaluation's symmetry. Perft counts are the published
ones (chessprogramming.org), an oracle independent of both python-chess and adversa."""

from __future__ import annotations

import dataclasses
import pickle
import random

import chess
import chess.polyglot
import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.games.base import (
    CAPTURE_PENDING,
    SETTLED,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    play_line,
)
from adversa.games.chess import Chess
from adversa.games.chess_captures import PIECE_VALUES
from adversa.games.chess_eval import centipawns, chess_evaluator, game_phase, material_terms
from adversa.games.chess_memo import forget_all
from adversa.games.chess_state import ChessState, make_state
from adversa.games.perft import generic_perft, perft
from adversa.games.pgn import PGN_FORMAT, PgnError
from adversa.games.registry import evaluation_of, make_game
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@pytest.fixture
def game() -> Chess:
    built = make_game("chess")
    assert isinstance(built, Chess)
    return built


@pytest.mark.parametrize(("depth", "leaves"), [(1, 20), (2, 400), (3, 8902), (4, 197_281)])
def test_perft_from_the_start_matches_the_published_counts(game: Chess, depth: int,
                                                           leaves: int) -> None:
    assert perft(game, game.initial_state(), depth) == leaves


@pytest.mark.parametrize(("depth", "leaves"), [(1, 48), (2, 2039), (3, 97_862)])
def test_perft_of_kiwipete_matches_the_published_counts(game: Chess, depth: int,
                                                        leaves: int) -> None:
    assert perft(game, game.parse_position(KIWIPETE), depth) == leaves


def test_the_protocol_walk_counts_what_the_specialised_perft_counts(game: Chess) -> None:
    state = game.parse_position(KIWIPETE)
    assert generic_perft(game, state, 2) == perft(game, state, 2) == 2039


def test_result_leaves_the_state_it_was_given_unchanged(game: Chess) -> None:
    start = game.initial_state()
    fen = game.format_position(start)
    after = game.result(start, game.parse_move(start, "e4"))
    assert game.format_position(start) == fen
    assert after != start and after.key != start.key
    assert after.key == chess.polyglot.zobrist_hash(after.board)


def test_the_incremental_key_and_evaluation_match_a_full_count_on_random_games(game: Chess) -> None:
    chooser = random.Random(3)
    for start in (game.initial_state(), game.parse_position(KIWIPETE)):
        state = start
        for _ply in range(150):
            moves = game.legal_moves(state)
            if not moves:
                break
            # Prefer the moves that change the most: captures, castling, promotions.
            special = [move for move in moves if game.is_capture(state, move)
                       or state.board.is_castling(move)]
            state = game.result(state, chooser.choice(special or moves))
            assert state.key == chess.polyglot.zobrist_hash(state.board), state.fen
            assert (state.mg, state.eg) == material_terms(state.board), state.fen
            assert state.phase == game_phase(state.board), state.fen
            # Every field as the plain constructor computes it from the board and path
            # (`Chess.result` builds its states without it, and remembers their draws).
            built = make_state(state.board.copy(), state.history)
            assert ((state.key, state.history, state.clock, state.fullmove, state.mg,
                     state.eg, state.phase, state.draw)
                    == (built.key, built.history, built.clock, built.fullmove, built.mg,
                        built.eg, built.phase, built.draw)), state.fen


def test_a_move_played_again_at_other_clocks_gets_that_paths_clocks(game: Chess) -> None:
    # The knights' shuffle comes back to the start four plies later; Nf3 then leads to a
    # position already reached, whose remembered board had the clocks of the first time.
    # A rook ending's shuffle near the fifty-move limit must reach the rule on the second.
    for fen, line in ((chess.STARTING_FEN, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6"),
                      ("4k3/8/8/8/8/8/8/R3K3 w - - 94 80", "Ra2 Kd8 Ra1 Ke8 Ra2 Kd8")):
        state = game.parse_position(fen)
        board = chess.Board(fen)
        for san in line.split():
            move = board.parse_san(san)
            board.push(move)
            state = game.result(state, move)
            assert state.board.fen() == board.fen() and state.clock == board.halfmove_clock
            assert state == make_state(board.copy(stack=False), state.history)
        assert state.draw == ("" if fen == chess.STARTING_FEN else "fifty-move rule")


def test_states_share_a_board_and_keep_their_own_clocks_also_across_a_pass(
        game: Chess) -> None:
    # Nf3 from the start, then again after the knights' shuffle: one board for both (the
    # second path's clocks are not the board's), each state's own clocks in its FEN; a
    # pass from the second must count from that path's clocks too, as python-chess does.
    forget_all()  # the memo kept the first board until the second asks (far from full)
    start = game.initial_state()
    nf3 = chess.Move.from_uci("g1f3")
    first = game.result(start, nf3)
    state, board = start, chess.Board()
    for ply, san in enumerate(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"]):
        move = board.parse_san(san)
        board.push(move)
        state = game.result(state, move)
        if ply == 4:
            assert state.position is first.position
            assert (state.clock, state.fullmove) == (5, 3) != (first.clock, first.fullmove)
        assert state.fen == board.fen() and state.board.fen() == board.fen()
    passed = game.null_move(state)
    assert passed is not None
    board.push(chess.Move.null())
    assert passed.fen == board.fen() and passed.clock == board.halfmove_clock == 7


def plainly_losing(board: chess.Board, move: chess.Move) -> bool:
    """The definition quiescence leaves out, written from python-chess's public API: a
    capture (not a promotion) by a piece worth more than its victim (the engine's values:
    a bishop a little above a knight) onto an attacked square."""
    attacker = board.piece_type_at(move.from_square)
    victim = board.piece_type_at(move.to_square) or chess.PAWN  # en passant
    assert attacker is not None
    return (move.promotion is None and PIECE_VALUES[attacker] > PIECE_VALUES[victim]
            and board.is_attacked_by(not board.turn, move.to_square))


def test_quiescence_captures_are_the_legal_ones_not_plainly_losing_on_random_games(
        game: Chess) -> None:
    chooser = random.Random(5)
    checked = 0
    for start in (game.initial_state(), game.parse_position(KIWIPETE),
                  game.parse_position("4k3/1P4P1/8/3pP3/8/8/1p4p1/R3K2R w KQ d6 0 1")):
        state = start
        for _ply in range(120):
            moves = game.legal_moves(state)
            if not moves:
                break
            board = state.board
            expected = {move for move in board.generate_legal_captures()
                        if not plainly_losing(board, move)}
            expected |= {move for move in moves if move.promotion}
            if board.is_check():
                expected = {move for move in moves if board.is_capture(move)
                            and not plainly_losing(board, move)}
                expected |= {move for move in moves if move.promotion}
            found = game.quiescence_moves(state)[0] if not board.is_check() else None
            if found is not None:
                assert sorted(found, key=str) == sorted(expected, key=str), state.fen
                checked += 1
            special = [move for move in moves if game.is_capture(state, move)]
            state = game.result(state, chooser.choice(special or moves))
    assert checked > 200


def test_moves_are_shown_in_san_and_read_in_san_or_uci(game: Chess) -> None:
    start = game.initial_state()
    knight = game.parse_move(start, "Nf3")
    assert knight == game.parse_move(start, "g1f3") == chess.Move.from_uci("g1f3")
    assert game.format_move(start, knight) == "Nf3"
    promotion = game.parse_position("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
    move = game.parse_move(promotion, "e7e8q")
    assert game.format_move(promotion, move) == "e8=Q"


def test_bad_moves_are_refused_with_what_was_expected(game: Chess) -> None:
    start = game.initial_state()
    with pytest.raises(InvalidMoveError, match="expected SAN"):
        game.parse_move(start, "hello")
    with pytest.raises(IllegalMoveError, match=r"legal moves: .*Nf3"):
        game.parse_move(start, "e5")
    with pytest.raises(IllegalMoveError, match="not legal"):
        game.parse_move(start, "e2e5")
    knights = game.parse_position("4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1")
    with pytest.raises(AmbiguousMoveError, match="ambiguous"):
        game.parse_move(knights, "Nc3")
    assert game.format_move(knights, game.parse_move(knights, "Nbc3")) == "Nbc3"


def test_bad_positions_are_refused_naming_the_problem(game: Chess) -> None:
    with pytest.raises(InvalidPositionError, match="not a FEN"):
        game.parse_position("rnbqkbnr/pppppppp w")
    with pytest.raises(InvalidPositionError, match="not a legal chess position"):
        game.parse_position("8/8/8/8/8/8/8/8 w - - 0 1")
    assert game.parse_position("startpos") == game.initial_state()


def test_checkmate_is_a_win_for_the_side_that_gave_it(game: Chess) -> None:
    state = play_line(game, game.initial_state(), "f3 e5 g4 Qh4")
    outcome = game.outcome(state)
    assert outcome is not None and outcome.winner == 1 and outcome.reason == "checkmate"
    assert game.utility(state) == (-1.0, 1.0)
    assert game.legal_moves(state) == []


def test_stalemate_is_a_named_draw(game: Chess) -> None:
    state = game.parse_position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    outcome = game.outcome(state)
    assert outcome is not None and (outcome.winner, outcome.reason) == (None, "stalemate")


def test_the_third_occurrence_of_a_position_draws_by_threefold_repetition(game: Chess) -> None:
    shuffle = "Nf3 Nf6 Ng1 Ng8 "
    twice = play_line(game, game.initial_state(), shuffle)
    assert not game.is_terminal(twice)
    thrice = play_line(game, twice, shuffle)
    outcome = game.outcome(thrice)
    assert outcome is not None and outcome.reason == "threefold repetition"
    assert game.legal_moves(thrice) == []
    # A pawn move empties the history: no repetition can reach back past it.
    fresh = play_line(game, twice, "e4")
    assert fresh.history == ()


def test_the_hundredth_quiet_ply_draws_by_the_fifty_move_rule(game: Chess) -> None:
    state = game.parse_position("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    after = game.result(state, game.parse_move(state, "Ra2"))
    outcome = game.outcome(after)
    assert outcome is not None and outcome.reason == "fifty-move rule"
    mate = game.parse_position("4k3/R7/8/8/8/8/8/1R2K3 w - - 99 80")
    mated = game.result(mate, game.parse_move(mate, "Rb8"))
    mated_outcome = game.outcome(mated)
    assert mated_outcome is not None and mated_outcome.reason == "checkmate"


def test_bare_kings_draw_by_insufficient_material(game: Chess) -> None:
    state = game.parse_position("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1")
    after = game.result(state, game.parse_move(state, "Kxd2"))
    outcome = game.outcome(after)
    assert outcome is not None and outcome.reason == "insufficient material"


def test_quiescence_sees_captures_and_promotions_pending(game: Chess) -> None:
    assert game.leaf_status(game.initial_state()) == SETTLED
    exchange = play_line(game, game.initial_state(), "e4 d5")
    assert game.leaf_status(exchange) == CAPTURE_PENDING
    promotion = game.parse_position("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1")
    assert game.leaf_status(promotion) == CAPTURE_PENDING


def test_mvv_lva_puts_the_queen_capture_by_a_pawn_first(game: Chess) -> None:
    state = game.parse_position("4k3/8/8/3q4/1NP5/8/8/4K3 w - - 0 1")
    captures = [move for move in game.legal_moves(state) if game.is_capture(state, move)]
    ordered = game.order_captures(state, captures)
    assert game.format_move(state, ordered[0]) == "cxd5"


def test_the_evaluation_is_symmetric_and_counts_material(game: Chess) -> None:
    start = game.initial_state()
    assert centipawns(start.board) == 0
    position = game.parse_position(KIWIPETE)
    mirrored = game.parse_position(position.board.mirror().fen())
    assert centipawns(position.board) == -centipawns(mirrored.board)
    up_a_queen = game.parse_position("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    evaluator = chess_evaluator(game)
    assert evaluator(up_a_queen, 0) > 0.005 > -evaluator(up_a_queen, 1) - 0.01
    assert -1 < evaluator(up_a_queen, 1) < 0


def test_equal_positions_are_equal_states_with_equal_hashes(game: Chess) -> None:
    one = play_line(game, game.initial_state(), "e4 e5 d4")
    other = play_line(game, game.initial_state(), "d4 e5 e4")
    assert one == other and hash(one) == hash(other)
    assert game.transposition_key(one) == game.transposition_key(other) == one.key
    # The same board reached by quiet moves through different positions: the key is the
    # same, but the repetition histories differ, and with them what threefold can do.
    knights = play_line(game, game.initial_state(), "Nf3 Nf6 Nc3")
    other_knights = play_line(game, game.initial_state(), "Nc3 Nf6 Nf3")
    assert isinstance(knights, ChessState)
    assert knights.key == other_knights.key and knights != other_knights
    # The search shares their table entry all the same (`Chess.transposition_key`).
    assert game.transposition_key(knights) == game.transposition_key(other_knights)


def test_a_played_position_is_a_frozen_state_like_a_built_one(game: Chess) -> None:
    """`Chess.result` makes its states by the fast path (`chess_state.new_state`): they
    must be true `ChessState`s, equal to, hashed and pickled like one built by the
    constructor, and just as immutable."""
    played = play_line(game, game.initial_state(), "Nf3 Nf6 Ng1")
    built = make_state(played.board.copy(), played.history)
    assert type(played) is ChessState
    assert played == built and hash(played) == hash(built)
    assert pickle.loads(pickle.dumps(played)) == played
    with pytest.raises(dataclasses.FrozenInstanceError):
        played.key = 0  # type: ignore[misc]  # the point: it is refused


def test_cli_perft_and_a_bad_fen(game: Chess) -> None:
    runner = CliRunner()
    done = runner.invoke(main, ["perft", "chess", "--depth", "2", "-p", KIWIPETE])
    assert done.exit_code == 0, done.output
    assert "2,039" in done.output
    refused = runner.invoke(main, ["perft", "chess", "--depth", "1", "-p", "nonsense"])
    assert refused.exit_code == 2
    assert "not a FEN" in refused.output and "Traceback" not in refused.output


def test_a_pgn_record_round_trips_with_its_clock_comments(game: Chess) -> None:
    start = game.parse_position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    texts = ["Bc4", "Bc5", "c3", "Nf6"]
    moves, state = [], start
    for text in texts:
        move = game.parse_move(state, text)
        moves.append(move)
        state = game.result(state, move)
    notes = ["[%clk 0:04:58.2]", "", "[%clk 0:04:50]", "[%clk 0:04:41.5]"]
    text = PGN_FORMAT.write(game, start, moves, {"White": "adversa", "Black": "sunfish"},
                            None, notes)
    assert '[FEN "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]' in text
    assert "3. Bc4 { [%clk 0:04:58.2] } 3... Bc5" in text and text.rstrip().endswith("*")
    again = PGN_FORMAT.read(game, text)
    assert again.start == start and list(again.moves) == moves
    assert again.notes == tuple(notes) and again.tags["Black"] == "sunfish"


def test_a_finished_game_writes_its_result_and_a_bad_record_is_refused(game: Chess) -> None:
    start = game.initial_state()
    moves, state = [], start
    for text in ["f3", "e5", "g4", "Qh4#"]:
        moves.append(game.parse_move(state, text))
        state = game.result(state, moves[-1])
    assert PGN_FORMAT.write(game, start, moves, {}, None, []).rstrip().endswith("0-1")
    with pytest.raises(PgnError, match="illegal san"):
        PGN_FORMAT.read(game, '[Event "x"]\n\n1. e4 e5 2. Ke3 *\n')
    with pytest.raises(PgnError, match="no PGN game"):
        PGN_FORMAT.read(game, "")


def test_null_moves_pass_the_turn_except_in_check_and_in_pawn_endings(game: Chess) -> None:
    start = game.initial_state()
    passed = game.null_move(start)
    assert passed is not None and game.to_move(passed) == 1
    assert passed.key == chess.polyglot.zobrist_hash(passed.board)
    checked = game.parse_position("4k3/8/8/8/8/8/8/4RK2 b - - 0 1")
    assert game.null_move(checked) is None
    pawns = game.parse_position("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 1")
    assert game.null_move(pawns) is None


def test_null_move_pruning_searches_fewer_nodes_to_the_same_depth(game: Chess) -> None:
    state = game.parse_position(
        "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2NBPN2/PP3PPP/R2QK2R w KQ - 2 8")
    plain = run_search(game, state, EngineConfig.parse("alphabeta depth=4"),
        evaluation=evaluation_of(game))
    pruned = run_search(game, state, EngineConfig.parse("alphabeta depth=4 nullmove=on"),
        evaluation=evaluation_of(game))
    assert pruned.snapshot.nodes < plain.snapshot.nodes
