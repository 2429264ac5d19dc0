"""The checkers endgame database: its index, its values (checked against the rules and the
exact search), its file, its command, and the search that probes it.

The tables are built once per session up to three pieces (a couple of seconds); every
value test checks them against the game's own rules (`Checkers.legal_moves`/`result`),
not against the builder's move handling.
"""

from __future__ import annotations

import random
from math import comb
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from narrowing import known

from adversa.cli import main
from adversa.cli.endgame import DEFAULT_PIECES as CLI_DEFAULT_PIECES
from adversa.cli.endgame import MAX_KING_PIECES as CLI_MAX_KING_PIECES
from adversa.cli.endgame import MAX_PIECES as CLI_MAX_PIECES
from adversa.games import make_game
from adversa.games.base import ProbeBudget
from adversa.games.checkers import Checkers, CheckersState, endgame_oracle
from adversa.games.checkers_board import SQUARE_BIT
from adversa.games.checkers_endgame_build import build
from adversa.games.checkers_endgame_index import (
    DEFAULT_PIECES,
    DRAW,
    FILE_NAME,
    HOLE,
    MAX_KING_PIECES,
    MAX_PIECES,
    EndgameDatabase,
    Signature,
    database_built,
    layout,
    load_database,
    reverse_bits,
    signature_of,
    signatures,
)
from adversa.games.checkers_endgame_verify import (
    check_position,
    state_of,
    table_states,
    value_of,
    verify,
)
from adversa.games.registry import evaluation_of
from adversa.search.engine import engine_for, run_search

GAME = Checkers()
SINGLE_CORNERS = SQUARE_BIT[4] | SQUARE_BIT[29]


@pytest.fixture(scope="session")
def database() -> EndgameDatabase:
    return build(3)


@pytest.fixture
def installed(database: EndgameDatabase, tmp_path: Path) -> EndgameDatabase:
    """The session's database written where the engine looks (the test's data dir)."""
    directory = tmp_path / "data"
    directory.mkdir()
    (directory / FILE_NAME).write_bytes(database.to_bytes())
    return database


def value(database: EndgameDatabase, state: CheckersState) -> tuple[float, int]:
    """The database's (value, plies) for the side to move; a finished game is lost in 0."""
    known = value_of(database, state)
    assert known is not None, GAME.format_position(state)
    return known


# --------------------------------------------------------------------------- the index


@given(st.sampled_from([s for n in range(2, MAX_PIECES + 1) for s in signatures(n)]),
       st.integers(min_value=0, max_value=10**9))
def test_an_index_and_its_position_convert_both_ways(signature: Signature, seed: int) -> None:
    shape = layout(signature)
    index = seed % shape.size
    position = shape.position(index)
    if position is None:  # a hole: two groups on one square
        return
    own, opp, kings = position
    assert shape.index(own, opp, kings) == index
    assert shape.turned_index(reverse_bits(own), reverse_bits(opp), reverse_bits(kings)) == index
    assert signature_of(own, opp, kings) == signature


def placements(signature: Signature) -> int:
    """The positions of a table counted another way: the groups placed one after another."""
    own_kings, own_men, opp_kings, opp_men = signature
    count = 0
    for black_men_on_5_to_28 in range(own_men + 1):
        # black men on 1-4 cannot clash with white men (5-32); on 5-28 they share 24 squares
        ways_black = comb(4, own_men - black_men_on_5_to_28) * comb(24, black_men_on_5_to_28)
        ways_white = comb(28 - black_men_on_5_to_28, opp_men)
        free = 32 - own_men - opp_men
        count += ways_black * ways_white * comb(free, own_kings) * comb(free - own_kings,
                                                                       opp_kings)
    return count


@pytest.mark.parametrize("signature", [(1, 0, 1, 0), (0, 1, 1, 0), (0, 1, 0, 1), (1, 1, 0, 1)])
def test_the_index_is_a_bijection_onto_the_positions_of_a_table(signature: Signature) -> None:
    shape = layout(signature)
    indices = [index for index, *_ in shape.positions()]
    assert indices == sorted(set(indices))
    assert all(shape.position(index) is not None for index in indices)
    holes = set(range(shape.size)) - set(indices)
    assert all(shape.position(index) is None for index in holes)
    assert len(indices) == placements(signature)


@pytest.mark.parametrize(("pieces", "published"), [
    (2, 6_972), (3, 261_224), (4, 7_092_774), (5, 148_688_232)])
def test_the_tables_hold_the_published_number_of_positions(pieces: int, published: int) -> None:
    """Schaeffer et al., "Checkers is solved" (Science, 2007), table 1, count the positions
    of n pieces regardless of the side to move, one side possibly bare. The tables hold
    those with both sides on the board; the bare ones are a side's pieces alone. Up to
    three pieces the tables' positions are enumerated, beyond that counted."""
    if pieces <= 3:
        both_sides = sum(sum(1 for _ in layout(signature).positions())
                         for signature in signatures(pieces))
    else:
        both_sides = sum(placements(signature) for signature in signatures(pieces))
    one_side = sum(comb(28, men) * comb(32 - men, pieces - men) for men in range(pieces + 1))
    assert both_sides + 2 * one_side == published


# --------------------------------------------------------------------------- the values


@pytest.mark.parametrize("white_to_move", [False, True])
@pytest.mark.parametrize("signature", [s for n in (2, 3) for s in signatures(n)])
def test_every_value_agrees_with_the_values_after_each_legal_move(
    database: EndgameDatabase, signature: Signature, white_to_move: bool
) -> None:
    """Checked on every position of the two-piece tables and 400 of each three-piece one,
    for both colours: together with the losses in 0 this pins every value down (by
    induction on the distance), so the whole retrograde analysis is checked."""
    states = list(table_states(signature, white_to_move))
    if sum(signature) == 3:
        states = random.Random(f"{signature}{white_to_move}").sample(states, 400)
    for state in states:
        assert check_position(database, state) is None


def test_colour_and_board_symmetry(database: EndgameDatabase) -> None:
    """Turning the board round and swapping colours keeps the value; so does reflecting a
    kings-only position in the long diagonal (rows ↔ columns), which the index knows
    nothing of."""
    reflect = {s: known(GAME.square_at(*reversed(GAME.square_coordinates(s))))
               for s in range(1, 33)}

    def reflected(mask: int) -> int:
        return sum(SQUARE_BIT[reflect[s]] for s in range(1, 33) if mask & SQUARE_BIT[s])

    for signature in [(1, 0, 1, 0), (2, 0, 1, 0), (1, 0, 2, 0), (0, 1, 1, 1)]:
        for index, own, opp, kings in layout(signature).positions():
            black = state_of(own, opp, kings, False)
            white = state_of(own, opp, kings, True)
            assert value(database, black) == value(database, white)
            if signature[1] == signature[3] == 0 and index % 7 == 0:
                mirror = state_of(reflected(own), reflected(opp), reflected(kings), False)
                assert value(database, mirror) == value(database, black)


def test_two_kings_beat_one_unless_the_lone_king_forks_or_a_king_is_stuck_in_a_corner(
    database: EndgameDatabase,
) -> None:
    """The lone king to move loses — unless it can capture now, or move to attack both
    kings at once (every reply leaves it a capture: one king against one), or one of the
    two kings sits in a single corner (squares 4 and 29), where the lone king can keep it
    shut in."""

    def forks(state: CheckersState) -> bool:
        for move in GAME.legal_moves(state):
            after = GAME.result(state, move)
            if all(not GAME.is_quiet(GAME.result(after, reply))
                   for reply in GAME.legal_moves(after)):
                return True
        return False

    checked = 0
    for state in table_states((1, 0, 2, 0)):
        if not GAME.is_quiet(state) or state.white & SINGLE_CORNERS or forks(state):
            continue
        assert value(database, state)[0] == -1.0, GAME.format_position(state)
        checked += 1
    assert checked > 10_000


def test_one_king_against_one_is_a_draw_except_where_the_exact_search_finds_a_win(
    database: EndgameDatabase,
) -> None:
    """Most king-against-king positions are drawn; the rest are won by driving the other
    king against the edge (or capturing it), and the exact search agrees, distance too."""
    values = [value(database, state) for state in table_states((1, 0, 1, 0))]
    assert sum(1 for v, _ in values if v == 0) > len(values) / 2
    cross_check(database, (1, 0, 1, 0), sample=12)


def cross_check(database: EndgameDatabase, signature: Signature, sample: int) -> None:
    """Database values against an exact alpha-beta search (no database, a node cap):
    a decisive result must be found at the database's distance exactly."""
    game = make_game("checkers")
    rng = random.Random(str(signature))
    decisive = [state for state in table_states(signature)
                if value(database, state)[0] and 3 <= value(database, state)[1] <= 11]
    for state in rng.sample(decisive, min(sample, len(decisive))):
        result_value, plies = value(database, state)
        engine = engine_for(game, f"alphabeta depth={plies} nodes=400000")
        found = run_search(game, state, engine, evaluation=evaluation_of(game))
        assert not found.stopped, GAME.format_position(state)
        assert found.database_plies is None  # no database installed for this search
        distance = found.win_in_plies if result_value > 0 else found.loss_in_plies
        assert distance == plies, GAME.format_position(state)


def test_king_and_man_endings_agree_with_the_exact_search(database: EndgameDatabase) -> None:
    cross_check(database, (1, 1, 1, 0), sample=4)
    cross_check(database, (0, 1, 1, 1), sample=4)


# --------------------------------------------------------------------------- the file


def test_the_file_round_trips_and_a_damaged_one_counts_as_none(
    database: EndgameDatabase, tmp_path: Path
) -> None:
    path = tmp_path / "db"
    path.write_bytes(database.to_bytes())
    loaded = load_database(path)
    assert loaded is not None and loaded.tables == database.tables
    assert loaded.pieces == 3
    assert database_built(path)
    path.write_bytes(database.to_bytes()[:-10])  # truncated
    assert load_database(path) is None
    assert not database_built(path)
    path.write_bytes(b"something else")
    assert load_database(path) is None
    assert not database_built(path)
    path.write_bytes(b"")  # an empty file cannot even be mapped
    assert load_database(path) is None
    assert not database_built(path)
    assert load_database(tmp_path / "missing") is None
    assert not database_built(tmp_path / "missing")


def test_a_loaded_file_is_mapped_and_outlives_its_replacement(
    database: EndgameDatabase, tmp_path: Path
) -> None:
    """Loading maps the file (tables are views, not copies: five pieces are 187 MB in
    every engine process otherwise), and a rebuild renaming a new file over it leaves
    the tables of a search under way intact."""
    path = tmp_path / "db"
    path.write_bytes(database.to_bytes())
    loaded = EndgameDatabase.from_file(path)
    assert all(isinstance(table, memoryview) for table in loaded.tables.values())
    replacement = tmp_path / "new"
    replacement.write_bytes(build(2).to_bytes())
    replacement.replace(path)
    assert loaded.tables == database.tables
    assert loaded.lookup(SQUARE_BIT[1] | SQUARE_BIT[2], SQUARE_BIT[30], SQUARE_BIT[30],
                         False) == database.lookup(SQUARE_BIT[1] | SQUARE_BIT[2],
                                                   SQUARE_BIT[30], SQUARE_BIT[30], False)


def test_the_command_and_the_index_agree_on_the_largest_database() -> None:
    assert (CLI_MAX_PIECES, CLI_MAX_KING_PIECES, CLI_DEFAULT_PIECES) == (
        MAX_PIECES, MAX_KING_PIECES, DEFAULT_PIECES)


def test_adversa_endgame_build_writes_the_database_atomically_to_the_data_dir(
    tmp_path: Path,
) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["endgame", "build", "--pieces", "2"])
    assert result.exit_code == 0, result.output
    written = tmp_path / "data" / FILE_NAME
    assert "built 4 tables of up to 2 pieces (" in result.output
    loaded = load_database(written)
    assert loaded is not None and loaded.tables == build(2).tables
    assert [p.name for p in written.parent.iterdir()] == [FILE_NAME]  # no temporary left
    info = runner.invoke(main, ["endgame", "info"])
    assert info.exit_code == 0 and "4 tables of up to 2 pieces," in info.output
    probe = runner.invoke(main, ["endgame", "probe", "B:WK7:BK1"])
    assert probe.exit_code == 0
    assert probe.output.splitlines()[0] == "Black wins in 9 plies"


@pytest.mark.parametrize(("arguments", "message"), [
    (["endgame", "build", "--pieces", "9"], "9 is not in the range 2<=x<=5"),
    (["endgame", "probe", "B:WK1:BK7"], "no endgame database at"),
    (["endgame", "probe", "B:W1:Bx"], "adversa: error:"),
])
def test_bad_input_is_one_line(arguments: list[str], message: str) -> None:
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("adversa: error:") and message in lines[0]


def test_a_damaged_database_is_reported_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / FILE_NAME).write_bytes(b"not a database")
    result = CliRunner().invoke(main, ["endgame", "info"])
    assert result.exit_code == 2
    assert result.output.strip() == (
        f"adversa: error: endgame database {str(tmp_path / 'data' / FILE_NAME)!r}: "
        "it is not an adversa checkers endgame database")


@pytest.fixture(scope="session")
def two_pieces() -> EndgameDatabase:
    """Small enough to check whole (a few thousand positions)."""
    return build(2)


def corrupted(database: EndgameDatabase) -> tuple[EndgameDatabase, CheckersState]:
    """The database with one won position's distance made two plies longer (still a win,
    so only the distances betray it), and that position."""
    signature = (1, 0, 1, 0)
    table = bytearray(database.tables[signature])
    for index, own, opp, kings in layout(signature).positions():
        if table[index] != DRAW and (table[index] - 1) & 1 and table[index] + 2 < HOLE:
            table[index] += 2
            tables = dict(database.tables) | {signature: bytes(table)}
            return (EndgameDatabase(database.pieces, database.king_pieces, tables),
                    state_of(own, opp, kings, False))
    raise AssertionError("no won position in the table")


def test_verify_finds_a_built_database_right_and_a_corrupted_one_wrong(
    database: EndgameDatabase, two_pieces: EndgameDatabase
) -> None:
    clean = verify(database, sample=300, seed=1)
    assert clean.passed and clean.failures == 0 and clean.disagreements == []
    assert clean.tables == len(database.tables)
    assert 300 < clean.positions <= 2 * 300 * len(database.tables)
    broken, position = corrupted(two_pieces)
    assert check_position(broken, position) is not None
    found = verify(broken, sample=10**6, report=10**6)  # all checked, all described
    assert not found.passed and found.failures == len(found.disagreements) >= 1
    assert len(verify(broken, sample=10**6, report=1).disagreements) == 1
    assert any(GAME.format_position(position) in line for line in found.disagreements)


def test_adversa_endgame_verify_says_whether_the_values_agree_with_the_rules(
    two_pieces: EndgameDatabase, tmp_path: Path
) -> None:
    runner = CliRunner()
    missing = runner.invoke(main, ["endgame", "verify"])
    assert missing.exit_code == 2 and "no endgame database" in missing.output
    (tmp_path / "data").mkdir()
    path = tmp_path / "data" / FILE_NAME
    path.write_bytes(two_pieces.to_bytes())
    good = runner.invoke(main, ["endgame", "verify", "--sample", "200"])
    assert good.exit_code == 0, good.output
    assert "tables against the rules" in good.output
    assert good.output.rstrip().endswith("every value agrees with its moves")
    broken, position = corrupted(two_pieces)
    path.write_bytes(broken.to_bytes())
    bad = runner.invoke(main, ["endgame", "verify", "--sample", "1000000"])
    assert bad.exit_code == 1 and "Traceback" not in bad.output
    assert GAME.format_position(position) in bad.output
    assert "build the database again" in bad.output


# --------------------------------------------------------------------------- the search


def test_the_engine_plays_as_before_without_a_database(monkeypatch: pytest.MonkeyPatch) -> None:
    game = make_game("checkers")
    assert game.endgame_probe(game.parse_position("B:WK14,K23:BK1,K3"), ProbeBudget()) is None
    state = game.parse_position("B:WK14,K23:BK1,K3")
    engine = engine_for(game, "alphabeta depth=6")
    first = run_search(game, state, engine, evaluation=evaluation_of(game))
    monkeypatch.setattr(Checkers, "endgame_probe", lambda self, root, budget: None)
    second = run_search(game, state, engine, evaluation=evaluation_of(game))
    assert first.database_plies is None
    assert (first.best_move, first.value, first.snapshot.nodes) == (
        second.best_move, second.value, second.snapshot.nodes)


def test_the_search_takes_the_database_value_and_its_distance(installed: EndgameDatabase) -> None:
    game = make_game("checkers")
    state = game.parse_position("B:WK14:BK1,K3")  # two kings against one
    plies = value(installed, state)[1]
    result = run_search(game, state, engine_for(game, "default nodes=20000"),
                        evaluation=evaluation_of(game))
    assert result.database_plies == plies
    assert result.win_in_plies == plies and result.value == 1.0
    after = game.result(state, result.best_move)
    assert value(installed, after) == (-1.0, plies - 1)
    assert result.snapshot.nodes < 1000  # proven at depth 1


def test_with_the_database_the_engine_wins_in_exactly_the_database_distance(
    installed: EndgameDatabase,
) -> None:
    """Both sides play the database's line: the win takes exactly the distance, well
    inside the 40-move rule."""
    game: Any = make_game("checkers")
    engine = engine_for(game, "default nodes=20000")
    for text in ("B:WK14:BK1,K3", "W:WK5,K9:BK28", "B:WK30:BK1,K2"):
        state = game.parse_position(text)
        expected = value(installed, state)
        plies = 0
        while not game.is_terminal(state):
            state = game.result(state, run_search(game, state, engine,
                                                  evaluation=evaluation_of(game)).best_move)
            plies += 1
        outcome = game.outcome(state)
        assert outcome is not None and outcome.reason == "no legal move"
        assert plies == expected[1]


def test_the_oracle_refuses_a_win_the_40_move_rule_could_spoil(
    installed: EndgameDatabase,
) -> None:
    game: Any = make_game("checkers")
    probe = endgame_oracle(installed)
    state = game.parse_position("B:WK14:BK1,K3")
    plies = value(installed, state)[1]
    assert probe(state) == (1.0, plies)
    late = state._replace(history=tuple(range(80 - plies)))
    assert probe(late) == (1.0, plies)
    assert probe(state._replace(history=tuple(range(81 - plies)))) is None
    repeated = state._replace(history=(7, 7))
    assert probe(repeated) is None
    drawn = game.parse_position("B:WK18:BK1")
    assert value(installed, drawn) == (0.0, 0)
    assert probe(drawn._replace(history=tuple(range(79)))) == (0.0, 0)


def test_a_search_from_outside_the_database_proves_a_win_through_it(
    installed: EndgameDatabase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four pieces (not in the three-piece database): the forced capture leads into it, and
    a two-ply search already knows the whole win and its length."""
    game: Any = make_game("checkers")
    state = game.parse_position("B:WK18,K30:BK1,K14")
    (capture,) = game.legal_moves(state)
    after = value(installed, game.result(state, capture))
    assert after[0] == -1.0 and after[1] > 2
    result = run_search(game, state, engine_for(game, "alphabeta depth=2"),
                        evaluation=evaluation_of(game))
    assert result.database_plies is None
    assert result.win_in_plies == 1 + after[1]
    monkeypatch.setenv("ADVERSA_DATA_DIR", str(tmp_path / "elsewhere"))
    bare = run_search(game, state, engine_for(game, "alphabeta depth=2"),
                      evaluation=evaluation_of(game))
    assert bare.win_in_plies is None  # the proof came from the database


def test_a_search_far_from_the_database_does_not_probe_it(installed: EndgameDatabase) -> None:
    game: Any = make_game("checkers")
    assert game.endgame_probe(game.initial_state(), ProbeBudget()) is None
    assert game.endgame_probe(game.parse_position("B:W21,22,23,24,25,26:B1,2,3,4,5,6"),
                               ProbeBudget()) is not None


def test_kings_only_tables_beyond_the_full_ones_match_a_full_build(
    database: EndgameDatabase,
) -> None:
    extended = build(2, king_pieces=3)
    assert (extended.pieces, extended.king_pieces, extended.reach) == (2, 3, 3)
    three = {s for s in extended.tables if sum(s) == 3}
    assert three == {(2, 0, 1, 0), (1, 0, 2, 0)}
    for signature, table in extended.tables.items():
        assert table == database.tables[signature]
    again = EndgameDatabase.from_bytes(extended.to_bytes())
    assert again == extended
