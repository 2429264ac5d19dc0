"""American checkers: perft against published counts, the rules on hand-built
positions, the draw rules, notation, and the bitboard generator checked against a
plain coordinate-based reference generator along random playouts."""

from __future__ import annotations

import random
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from narrowing import known

from adversa.games import checkers, checkers_board, checkers_movegen, make_game
from adversa.games.base import (
    CAPTURE_PENDING,
    FINISHED,
    SETTLED,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from adversa.games.checkers import (
    Checkers,
    CheckersMove,
    CheckersState,
    square_at,
    square_coordinates,
    zobrist_key,
)

GAME = Checkers()
PUBLISHED_PERFT = [7, 49, 302, 1469, 7361, 36768, 179740, 845931]
"""Leaf counts from the initial position, depths 1–8 (Aart Bik's checkers perft)."""


def position(fen: str) -> CheckersState:
    return GAME.parse_position(fen)


def legal(fen_or_state: str | CheckersState) -> list[str]:
    state = position(fen_or_state) if isinstance(fen_or_state, str) else fen_or_state
    return GAME.format_moves(state, GAME.legal_moves(state))


def play(state: CheckersState, *moves: str) -> CheckersState:
    for text in moves:
        state = GAME.result(state, GAME.parse_move(state, text))
    return state


# --------------------------------------------------------------------------- perft


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_from_the_initial_position_matches_the_published_counts(depth: int) -> None:
    assert GAME.perft(GAME.initial_state(), depth) == PUBLISHED_PERFT[depth - 1]


def test_perft_agrees_with_generating_and_applying_every_move() -> None:
    def walk(state: CheckersState, depth: int) -> int:
        if depth == 0:
            return 1
        return sum(walk(GAME.result(state, m), depth - 1) for m in GAME.legal_moves(state))

    for fen in ("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", "W:W14,15,22,23,K32:BK10,3"):
        state = position(fen)
        assert GAME.perft(state, 4) == walk(state, 4)


@pytest.mark.parametrize(
    ("fen", "counts"),
    [
        ("B:W10,22,26,28,29,30,32:B1,3,5,7,11,12", (1830, 10738)),
        ("B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29", (5836, 40745)),
        ("W:W14,15,22,23,26,K32:BK10,3,5,6,19", (245, 1181)),
    ],
)
def test_perft_with_kings_matches_an_independent_generator(
    fen: str, counts: tuple[int, int]
) -> None:
    """Depth 5 and 6 counts from py-draughts 1.10.1's bitboard core with captures
    forced (see benchmarks/bench_perft.py), a generator written independently."""
    state = position(fen)
    assert (GAME.perft(state, 5), GAME.perft(state, 6)) == counts


def test_the_key_tells_the_side_to_move_apart() -> None:
    black_to_move, white_to_move = position("B:W21-32:B1-12"), position("W:W21-32:B1-12")
    assert GAME.transposition_key(black_to_move) != GAME.transposition_key(white_to_move)
    assert black_to_move != white_to_move


def test_registry_builds_checkers() -> None:
    game = make_game("checkers")
    assert isinstance(game, Checkers)
    assert game.player_name(0) == "Black" and game.player_name(1) == "White"
    assert game.to_move(game.initial_state()) == 0


# --------------------------------------------------------------------------- rules


def test_a_capture_is_compulsory() -> None:
    state = position("B:W18:B9,14")
    assert legal(state) == ["14x23"]
    assert not GAME.is_quiet(state)
    assert GAME.is_quiet(position("B:W18:B9,13"))


def test_capture_sequences_of_different_lengths_are_both_offered() -> None:
    assert legal("B:W14,15,22:B10") == ["10x17x26", "10x19"]


def test_a_multi_jump_can_branch() -> None:
    assert legal("B:W15,23,24:B10") == ["10x19x26", "10x19x28"]


def test_crowning_ends_the_move_even_when_a_king_could_jump_on() -> None:
    state = position("B:W26,27:B22")
    assert legal(state) == ["22x31"]
    after = GAME.result(state, GAME.legal_moves(state)[0])
    assert GAME.pieces(after) == {27: "w", 31: "B"}
    assert legal("B:W26,27:BK22") == ["22x31x24"]


def test_a_quiet_move_to_the_far_row_crowns() -> None:
    after = play(position("B:W5:B27"), "27-32")
    assert GAME.pieces(after)[32] == "B"


def test_kings_move_and_capture_backwards_but_men_do_not() -> None:
    assert legal("B:W14:BK18") == ["18x9"]
    assert legal("B:W32:BK18") == ["18-14", "18-15", "18-22", "18-23"]
    assert legal("W:WK15:B19") == ["15x24"]
    assert legal("B:W14:B18") == ["18-22", "18-23"]


def test_a_king_can_jump_round_a_square_back_to_its_start() -> None:
    state = position("B:W14,15,22,23:BK10")
    assert legal(state) == ["10x17x26x19x10", "10x19x26x17x10"]
    move = GAME.legal_moves(state)[0]
    assert GAME.captured_squares(move) == (14, 22, 23, 15)
    assert GAME.pieces(GAME.result(state, move)) == {10: "B"}


@pytest.mark.parametrize(
    ("fen", "winner"),
    [("B:W25,30:B21", 1), ("B:W25:B", 1), ("W:W:B1", 0), ("W:W29:BK25,22", 0)],
)
def test_a_side_without_a_legal_move_loses(fen: str, winner: int) -> None:
    state = position(fen)
    assert GAME.legal_moves(state) == []
    assert GAME.is_terminal(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner == winner and outcome.reason == "no legal move"
    assert GAME.utility(state)[winner] == 1.0 and GAME.utility(state)[1 - winner] == -1.0


def test_threefold_repetition_draws_on_the_third_occurrence() -> None:
    shuffle = ("1-6", "32-28", "6-1", "28-32")
    state = play(position("B:WK32:BK1"), *shuffle)  # second occurrence
    assert not GAME.is_terminal(state) and GAME.outcome(state) is None
    state = play(state, *shuffle[:3])
    assert not GAME.is_terminal(state)
    state = play(state, shuffle[3])  # third occurrence, Black to move again
    assert GAME.is_terminal(state) and GAME.legal_moves(state) == []
    assert GAME.leaf_status(state) == FINISHED  # a king could still step: the rule decides
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winner is None
    assert outcome.reason == "threefold repetition" and GAME.utility(state) == (0.0, 0.0)


def _quiet_king_walk(state: CheckersState, plies: int, seed: int) -> list[CheckersState]:
    """States after ``plies`` non-capturing king moves that never repeat a position
    three times (depth-first with random order, so it always finds one)."""
    rng = random.Random(seed)

    def extend(path: list[CheckersState]) -> list[CheckersState] | None:
        if len(path) > plies:
            return path
        here = path[-1]
        moves = [m for m in GAME.legal_moves(here) if not m.captured and m.moved & here.kings]
        rng.shuffle(moves)
        for move in moves:
            found = extend([*path, GAME.result(here, move)])
            if found:
                return found
        return None

    walk = extend([state])
    assert walk is not None
    return walk[1:]


def test_forty_moves_each_without_capture_or_man_move_draw() -> None:
    start = position("B:WK29,K30,K31:BK2,K3,K4")
    walk = _quiet_king_walk(start, 80, seed=7)
    assert all(not GAME.is_terminal(state) for state in walk[:79])
    assert len(walk[78].history) == 79
    final = walk[79]
    outcome = GAME.outcome(final)
    assert outcome is not None and outcome.reason == "40-move rule" and outcome.winner is None
    assert GAME.legal_moves(final) == []
    assert GAME.leaf_status(final) == FINISHED


def test_a_man_move_or_a_capture_resets_the_forty_move_count() -> None:
    walk = _quiet_king_walk(position("B:WK29,K30,26:BK2,K3,5"), 60, seed=3)
    state = walk[-1]  # 60 quiet plies, Black to move
    assert len(state.history) == 60
    man = next(m for m in GAME.legal_moves(state) if not m.moved & state.kings)
    assert GAME.result(state, man).history == ()
    capture_position = position("W:WK30,26:BK2,K22,5")
    assert GAME.result(capture_position, GAME.legal_moves(capture_position)[0]).history == ()


# --------------------------------------------------------------------------- notation


def test_moves_format_and_parse_back() -> None:
    state = position("B:W14,15,22,23,K32:B10,K1")
    for move in GAME.legal_moves(state):
        assert GAME.parse_move(state, GAME.format_move(state, move)) == move
    assert GAME.parse_move(GAME.initial_state(), " 11 - 15 ").path == (11, 15)


def test_a_short_capture_is_accepted_when_unambiguous() -> None:
    state = position("B:W15,23,24,30:B10")  # 10x19x26 and 10x19x28 both pass 19
    assert GAME.parse_move(state, "10x26").path == (10, 19, 26)
    state = position("B:W15,23,27:B10")
    assert GAME.parse_move(state, "10x19x26").path == (10, 19, 26)


def test_an_ambiguous_short_capture_names_the_candidates() -> None:
    state = position("B:W14,15,22,23:B10")
    with pytest.raises(AmbiguousMoveError, match=r"10x17x26.*10x19x26"):
        GAME.parse_move(state, "10x26")
    assert GAME.parse_move(state, "10x17x26").path == (10, 17, 26)


def test_bad_moves_say_what_was_wrong() -> None:
    state = GAME.initial_state()
    with pytest.raises(IllegalMoveError, match=r"legal moves: 9-13, 9-14, 10-14, 10-15, 11-15"):
        GAME.parse_move(state, "11-17")
    with pytest.raises(InvalidMoveError, match="not checkers notation"):
        GAME.parse_move(state, "11-15x")
    with pytest.raises(InvalidMoveError, match="not checkers notation"):
        GAME.parse_move(state, "e3-d4")
    with pytest.raises(InvalidMoveError, match="between 1 and 32"):
        GAME.parse_move(state, "11-40")


def test_positions_format_and_parse_back() -> None:
    initial = GAME.initial_state()
    assert GAME.format_position(initial) == (
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    )
    fen = "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29"
    assert GAME.format_position(position(fen)) == fen
    assert position(" b : w21-32 : b1-12 . ") == initial
    assert position('"B:W21-32:B1-12"') == initial
    assert position("W:B1,2:WK3") == position("W:WK3:B1,2")


@pytest.mark.parametrize(
    ("fen", "complaint"),
    [
        ("", "3"),
        ("B:W21-32", "3"),
        ("X:W21:B1", "side to move"),
        ("B:W21:W1", "listed twice"),
        ("B:W21:Z1", "B or W"),
        ("B:W33:B1", "between 1 and 32"),
        ("B:W5:B5", "listed twice"),
        ("B:W1a:B2", "not a square"),
        ("B:W21:B30", "already be a king"),
        ("B:W2:B10", "already be a king"),
        ("B:W8-21:B1", "at most 12"),
    ],
)
def test_malformed_positions_are_rejected(fen: str, complaint: str) -> None:
    with pytest.raises(InvalidPositionError, match=complaint):
        GAME.parse_position(fen)


def test_render_draws_the_board() -> None:
    lines = GAME.render(position("W:WK32:B1")).splitlines()
    assert lines[1].startswith("|   b   .   .   . |")
    assert lines[8].startswith("| .   .   .   W   |")
    assert lines[-1] == "White to move"


def test_board_accessors() -> None:
    assert square_coordinates(1) == (0, 1) and square_coordinates(5) == (1, 0)
    assert square_coordinates(32) == (7, 6)
    assert all(square_at(*square_coordinates(s)) == s for s in range(1, 33))
    assert square_at(0, 0) is None and square_at(8, 1) is None
    state = position("B:WK20,24:B1")
    assert GAME.pieces(state) == {1: "b", 20: "W", 24: "w"}
    move = GAME.legal_moves(position("B:W15,23,24:B10"))[0]
    assert GAME.move_path(move) == (10, 19, 26) and GAME.captured_squares(move) == (15, 23)
    assert GAME.is_capture(state, move)


# --------------------------------------------------------------------------- reference


def reference_moves(state: CheckersState) -> set[tuple[tuple[int, ...], frozenset[int]]]:
    """Every legal move as (path, captured squares), by walking (row, col) directly."""
    board = {(square_coordinates(s)): p for s, p in GAME.pieces(state).items()}
    mine = "b" if state.player == 0 else "w"
    forward = 1 if mine == "b" else -1
    crown_row = 7 if mine == "b" else 0

    def steps(piece: str) -> list[tuple[int, int]]:
        rows = (1, -1) if piece.isupper() else (forward,)
        return [(dr, dc) for dr in rows for dc in (-1, 1)]

    def dark(row: int, col: int) -> int:
        """The number of a dark square on the board (every square a piece stands on)."""
        return known(square_at(row, col))

    captures: set[tuple[tuple[int, ...], frozenset[int]]] = set()

    def jump(at: tuple[int, int], piece: str, path: list[int], taken: list[tuple[int, int]],
             empty_start: tuple[int, int]) -> None:
        extended = False
        for dr, dc in steps(piece):
            over, land = (at[0] + dr, at[1] + dc), (at[0] + 2 * dr, at[1] + 2 * dc)
            victim = board.get(over)
            free = land == empty_start or (land not in board and square_at(*land) is not None)
            if victim and victim.lower() != mine and over not in taken and free:
                extended = True
                new_path = [*path, dark(*land)]
                if piece.islower() and land[0] == crown_row:
                    victims = frozenset(dark(*o) for o in [*taken, over])
                    captures.add((tuple(new_path), victims))
                else:
                    jump(land, piece, new_path, [*taken, over], empty_start)
        if not extended and taken:
            captures.add((tuple(path), frozenset(dark(*o) for o in taken)))

    quiet: set[tuple[tuple[int, ...], frozenset[int]]] = set()
    for (row, col), piece in board.items():
        if piece.lower() != mine:
            continue
        jump((row, col), piece, [dark(row, col)], [], (row, col))
        for dr, dc in steps(piece):
            target = square_at(row + dr, col + dc)
            if target is not None and (row + dr, col + dc) not in board:
                quiet.add(((dark(row, col), target), frozenset()))
    return captures or quiet


def status_from_moves(moves: list[CheckersMove]) -> int:
    """What `Checkers.leaf_status` must say, judged from the full move list."""
    if not moves:
        return FINISHED
    return CAPTURE_PENDING if any(move.captured for move in moves) else SETTLED


def crowned_where_due(placement: dict[int, str]) -> dict[int, str]:
    """A man cannot stand on the row where it would have been crowned: make it a king."""
    return {square: piece.upper() if (piece == "b" and square >= 29)
            or (piece == "w" and square <= 4) else piece for square, piece in placement.items()}


@settings(max_examples=150, deadline=None)
@given(placement=st.dictionaries(st.integers(1, 32), st.sampled_from("bwBW"),
                                 min_size=2, max_size=24),
       player=st.sampled_from([0, 1]))
def test_random_positions_match_the_reference_and_every_move_keeps_the_key_exact(
    placement: dict[int, str], player: int
) -> None:
    """Arbitrary placements, many kings: multi-jumps, king tours and captured kings
    that playouts from a few openings rarely reach."""
    state = GAME.state_from_pieces(crowned_where_due(placement), player)
    moves = GAME.legal_moves(state)
    generated = {(m.path, frozenset(GAME.captured_squares(m))) for m in moves}
    assert len(generated) == len(moves)
    assert generated == reference_moves(state)
    assert GAME.is_quiet(state) == (not any(m.captured for m in moves))
    # What `captures_forced` promises the search: all of a position's moves capture, or none.
    assert GAME.captures_forced and len({GAME.is_capture(state, m) for m in moves}) <= 1
    assert GAME.is_terminal(state) == (not moves)
    assert GAME.leaf_status(state) == status_from_moves(moves)
    assert GAME.perft(state, 1) == len(moves)
    for move in moves:
        after = GAME.result(state, move)
        assert after.key == zobrist_key(after.black, after.white, after.kings, after.player)
        assert not after.black & after.white


def test_the_board_and_generator_modules_are_importable_from_checkers() -> None:
    """Other modules import everything from `adversa.games.checkers`; the split keeps that."""
    for module in (checkers_board, checkers_movegen):
        for name, value in vars(module).items():
            if name.startswith("_") or isinstance(value, ModuleType):
                continue
            if getattr(value, "__module__", module.__name__) != module.__name__:
                continue  # imported from elsewhere (typing, __future__)
            assert name in checkers.__all__, name
            assert getattr(checkers, name) is value, name


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), start=st.sampled_from([
    "B:W21-32:B1-12",
    "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29",
    "W:W14,15,22,23,26,K32:BK10,3,5,6,19",
]))
def test_generator_matches_reference_and_keys_stay_exact(seed: int, start: str) -> None:
    rng = random.Random(seed)
    state = position(start)
    for _ in range(120):
        moves = GAME.legal_moves(state)
        assert state.key == zobrist_key(state.black, state.white, state.kings, state.player)
        assert GAME.transposition_key(state) == (
            (state.key, state.history) if state.history else state.key)
        assert GAME.is_terminal(state) == (not moves) == (GAME.outcome(state) is not None)
        if not moves:
            break
        generated = {(m.path, frozenset(GAME.captured_squares(m))) for m in moves}
        assert len(generated) == len(moves)
        assert generated == reference_moves(state)
        assert GAME.is_quiet(state) == (not any(GAME.is_capture(state, m) for m in moves))
        assert GAME.leaf_status(state) == status_from_moves(moves)
        assert GAME.perft(state, 1) == len(moves)
        move = rng.choice(moves)
        assert GAME.parse_move(state, GAME.format_move(state, move)) == move
        if move.captured:
            short = f"{move.path[0]}x{move.path[-1]}"
            try:
                assert GAME.parse_move(state, short) == move
            except AmbiguousMoveError as error:
                assert GAME.format_move(state, move) in str(error)
        after = GAME.result(state, move)
        assert GAME.parse_position(GAME.format_position(after)).key == after.key
        state = after
