"""Backgammon rules and notation, checked against OpenSpiel and against gnubg's IDs."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from adversa.games.backgammon import Backgammon
from adversa.games.backgammon_moves import BAR, START, BackgammonState, Play, pip_count, plays
from adversa.games.backgammon_notation import position_id, sides_from_id
from adversa.games.base import (
    CHANCE,
    AdversaError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    play_line,
)

GAME = Backgammon()


def state_of(x_side: list[int], o_side: list[int], player: int, dice: tuple[int, int]
             ) -> BackgammonState:
    """A position from two sides given as {point: count} lists (off is the rest)."""
    sides = []
    for side in (x_side, o_side):
        counts = list(side)
        counts[0] = 15 - sum(counts[1:])
        sides.append(tuple(counts))
    mover, opponent = (sides[0], sides[1]) if player == 0 else (sides[1], sides[0])
    return BackgammonState(mover, opponent, player, (max(dice), min(dice)), False)


def side(**points: int) -> list[int]:
    counts = [0] * (BAR + 1)
    for name, count in points.items():
        counts[BAR if name == "bar" else int(name.lstrip("p"))] = count
    return counts


# --------------------------------------------------------------------------- rules


def test_start_position_id_and_pips() -> None:
    state = GAME.initial_state()
    assert GAME.format_position(state) == "4HPwATDgc/ABMA opening"
    assert pip_count(START) == 167
    assert GAME.to_move(state) == CHANCE
    assert sum(p for _, p in GAME.chance_outcomes(state)) == pytest.approx(1)
    assert len(GAME.chance_outcomes(state)) == 30


def test_the_21_rolls_sum_to_one_with_doubles_half_as_likely() -> None:
    state = GAME.result(GAME.result(GAME.initial_state(), (3, 1)),
                        GAME.legal_moves(GAME.result(GAME.initial_state(), (3, 1)))[0])
    outcomes = dict(GAME.chance_outcomes(state))
    assert len(outcomes) == 21
    assert sum(outcomes.values()) == pytest.approx(1)
    assert outcomes[(4, 4)] == pytest.approx(1 / 36) and outcomes[(4, 2)] == pytest.approx(1 / 18)


def test_opening_roll_higher_die_starts_with_both() -> None:
    start = GAME.initial_state()
    x_starts = GAME.result(start, (5, 2))
    o_starts = GAME.result(start, (2, 5))
    assert (GAME.to_move(x_starts), x_starts.dice) == (0, (5, 2))
    assert (GAME.to_move(o_starts), o_starts.dice) == (1, (5, 2))


def test_bar_checker_must_enter_first() -> None:
    state = state_of(side(bar=1, p6=14), side(p6=15), 0, (6, 1))
    # 6 is blocked (O's 6-point is X's 19), so only the 1 enters; then the 6 may move on.
    found = {tuple(play.steps) for play in plays(state.mover, state.opponent, (6, 1))}
    assert all(steps[0] == (BAR, 24) for steps in found)


def test_closed_board_means_no_play() -> None:
    state = state_of(side(bar=1, p6=14), side(p1=2, p2=2, p3=2, p4=2, p5=2, p6=5), 0, (6, 6))
    found = GAME.legal_moves(state)
    assert len(found) == 1 and not found[0].steps  # type: ignore[union-attr]
    assert GAME.format_move(state, found[0]) == "-"


def test_larger_die_must_be_played_when_only_one_can() -> None:
    # X's last checker is on 8 and O holds X's 1-point: 8/2 or 8/7 can be played,
    # but not both dice (2/1 and 7/1 are blocked), so the 6 must be played.
    state = state_of(side(p8=1), side(p24=2), 0, (6, 1))
    assert [GAME.format_move(state, play) for play in GAME.legal_moves(state)] == ["8/2"]
    # With X's 2-point blocked too, only the 1 can be played, and it must be.
    state = state_of(side(p8=1), side(p24=2, p23=2), 0, (6, 1))
    assert [GAME.format_move(state, play) for play in GAME.legal_moves(state)] == ["8/7"]


def test_bear_off_needs_every_checker_home_and_overshoot_only_from_the_highest() -> None:
    state = state_of(side(p7=1, p3=1), side(p24=2), 0, (6, 5))
    texts = {GAME.format_move(state, play) for play in GAME.legal_moves(state)}
    assert "7/1 3/off" in texts or "7/2 3/off" in texts  # home first, then bear off
    state = state_of(side(p5=1, p2=1), side(p19=2), 0, (6, 1))
    texts = {GAME.format_move(state, play) for play in GAME.legal_moves(state)}
    assert "5/off 2/1" in texts and "5/4 2/off" not in texts


def test_gammon_and_backgammon_scores() -> None:
    # X bears off its last checker; O has borne off none.
    state = state_of(side(p1=1), side(p1=15), 0, (2, 1))
    after = GAME.result(state, GAME.parse_move(state, "1/off"))
    assert GAME.utility(after) == (2.0, -2.0)
    state = state_of(side(p1=1), side(p20=15), 0, (2, 1))  # O's 20 is in X's home board
    after = GAME.result(state, GAME.parse_move(state, "1/off"))
    assert GAME.utility(after) == (3.0, -3.0)
    state = state_of(side(p1=1), side(p1=1), 0, (2, 1))
    after = GAME.result(state, GAME.parse_move(state, "1/off"))
    assert GAME.utility(after) == (1.0, -1.0)
    assert GAME.outcome(after).reason == "single game"  # type: ignore[union-attr]


# --------------------------------------------------------------------------- notation


def test_position_id_round_trip_on_random_positions() -> None:
    rng = random.Random(4)
    for state in random_states(rng, 60):
        mover, opponent = sides_from_id(position_id(state.mover, state.opponent))
        assert (mover, opponent) == (state.mover, state.opponent)
        assert GAME.parse_position(GAME.format_position(state)) == state


def test_position_id_orders_the_sides_as_gnubg_does() -> None:
    # Seen in gnubg 1.07: after the opening 65 played 24/13, it shows 4HPwAyDgc/ABMA
    # with the other side to roll (the side not on roll is encoded first).
    state = play_line(GAME, GAME.initial_state(), "65: 24/13")
    assert GAME.format_position(state) == "4HPwAyDgc/ABMA O"


def test_twenty_six_point_form_parses_to_the_start() -> None:
    text = "0,-2,0,0,0,0,5,0,3,0,0,0,-5,5,0,0,0,-3,0,-5,0,0,0,0,2,0 opening"
    assert GAME.parse_position(text) == GAME.initial_state()


def test_move_line_with_rolls_and_plays() -> None:
    state = play_line(GAME, GAME.initial_state(), "31: 8/5 6/5 52: 13/8 13/11")
    assert state.player == 0 and not state.dice
    assert state.mover[5] == 2 and state.mover[8] == 2 and state.opponent[13] == 3


def test_every_legal_play_formats_and_parses_back() -> None:
    rng = random.Random(7)
    for state in random_states(rng, 40):
        if not state.dice:
            continue
        for play in GAME.legal_moves(state):
            assert GAME.parse_move(state, GAME.format_move(state, play)) == play


def test_hits_are_starred_and_chains_merge() -> None:
    # O has a blot on X's 7-point (O's 18): with 6-1 from 13, one order hits on the way.
    state = state_of(side(p13=2, p6=13), side(p18=1, p1=14), 0, (6, 1))
    texts = {GAME.format_move(state, play) for play in GAME.legal_moves(state)}
    assert {"13/12 13/7*", "13/7*/6", "13/6"} <= texts
    hitting = GAME.parse_move(state, "13/7*/6")
    quiet = GAME.parse_move(state, "13/6")
    assert hitting != quiet
    assert hitting.opponent[BAR] == 1 and quiet.opponent[BAR] == 0  # type: ignore[union-attr]
    assert GAME.parse_move(state, "13/12 12/6") == quiet
    assert GAME.parse_move(state, "13/7 7/6") == hitting  # gnubg's tuples: one die a step


@pytest.mark.parametrize(
    ("text", "error", "says"),
    [
        ("8/5 6/5 4/1", IllegalMoveError, "not legal"),
        ("8-5", InvalidMoveError, "expected a play like"),
        ("5/8", InvalidMoveError, "backwards"),
    ],
)
def test_bad_plays_get_one_line(text: str, error: type[AdversaError], says: str) -> None:
    state = GAME.result(GAME.initial_state(), (3, 1))
    with pytest.raises(error, match=says) as raised:
        GAME.parse_move(state, text)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(
    "text", ["", "4HPwATDgc/ABM", "4HPwATDgc/ABMA Z", "4HPwATDgc/ABMA X 71", "1,2,3 X",
             "//////////////"])
def test_bad_positions_get_one_line(text: str) -> None:
    with pytest.raises(InvalidPositionError, match="expected") as raised:
        GAME.parse_position(text)
    assert "\n" not in str(raised.value)


def test_bad_rolls_get_one_line() -> None:
    with pytest.raises(AdversaError, match="chance outcomes: 12"):
        play_line(GAME, GAME.initial_state(), "33")
    with pytest.raises(AdversaError, match="chance outcome"):
        play_line(GAME, GAME.initial_state(), "37")


# --------------------------------------------------------------------------- oracle


def random_states(rng: random.Random, count: int) -> list[BackgammonState]:
    """States from random games (openings, contact, bar, bear-off, doubles), mixed."""
    found: list[BackgammonState] = []
    while len(found) < count:
        state = GAME.initial_state()
        while not GAME.is_terminal(state) and len(found) < count:
            if GAME.to_move(state) == CHANCE:
                outcomes = GAME.chance_outcomes(state)
                state = GAME.result(state, rng.choice(outcomes)[0])
            else:
                if rng.random() < 0.3:
                    found.append(state)
                state = GAME.result(state, rng.choice(list(GAME.legal_moves(state))))
        found.append(state)
    return found[:count]


def _openspiel_sides(state: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """X's and O's sides of an OpenSpiel backgammon state, in adversa's numbering.

    OpenSpiel's x (player 0) moves from position 0 to 23 and o the other way; the
    borne-off counts are its "Scores" and the bar holds the rest of the fifteen."""
    scores = re.search(r"Scores, X: (\d+), O: (\d+)", str(state))
    assert scores is not None
    result = []
    for player in (0, 1):
        counts = [0] * (BAR + 1)
        for position in range(24):
            counts[24 - position if player == 0 else position + 1] = state.board(player, position)
        counts[0] = int(scores.group(player + 1))
        counts[BAR] = 15 - sum(counts)
        result.append(tuple(counts))
    return result[0], result[1]


def _openspiel_turn_results(state: Any) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every position OpenSpiel's actions reach at the end of the mover's turn."""
    player = state.current_player()
    reached = set()
    stack = [state]
    while stack:
        current = stack.pop()
        for action in current.legal_actions():
            child = current.child(action)
            if child.is_terminal() or child.current_player() != player:
                reached.add(_openspiel_sides(child))
            else:
                stack.append(child)
    return reached


def test_plays_equal_openspiel_on_random_games() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (pyspiel) is not installed: "
                                  "the oracle test needs the optional open_spiel package")
    rng = random.Random(29)
    oracle_game = pyspiel.load_game("backgammon")
    compared = doubles = bar = bear_off = 0
    for _ in range(6):
        state = oracle_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            player = state.current_player()
            dice = tuple(int(d) for d in re.search(r"Dice: (\d)(\d)", str(state)).groups())  # type: ignore[union-attr]
            x_side, o_side = _openspiel_sides(state)
            mine, theirs = (x_side, o_side) if player == 0 else (o_side, x_side)
            ours = {(play.mover, play.opponent) if player == 0 else (play.opponent, play.mover)
                    for play in plays(mine, theirs, (dice[0], dice[1]))}
            assert ours == _openspiel_turn_results(state), str(state)
            compared += 1
            doubles += dice[0] == dice[1]
            bar += mine[BAR] > 0
            bear_off += max(i for i in range(BAR + 1) if mine[i] or i == 0) <= 6
            while not state.is_terminal() and state.current_player() == player:
                state.apply_action(rng.choice(state.legal_actions()))
    assert compared > 200 and doubles > 20 and bar > 10 and bear_off > 10


def test_opening_play_counts_equal_openspiel() -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel (pyspiel) is not installed: "
                                  "the oracle test needs the optional open_spiel package")
    oracle_game = pyspiel.load_game("backgammon")
    start = oracle_game.new_initial_state()
    counted = {}
    for action, _ in start.chance_outcomes():
        state = start.child(action)
        dice = tuple(int(d) for d in re.search(r"Dice: (\d)(\d)", str(state)).groups())  # type: ignore[union-attr]
        roll = (max(dice), min(dice))
        ours = GAME.legal_moves(GAME.result(GAME.initial_state(), roll))
        counted[roll] = (len(ours), len(_openspiel_turn_results(state)))
    assert len(counted) == 15
    assert all(mine == theirs for mine, theirs in counted.values()), counted


def test_plays_are_distinct_positions() -> None:
    rng = random.Random(3)
    for state in random_states(rng, 80):
        if state.dice:
            found = GAME.legal_moves(state)
            assert len({(p.mover, p.opponent) for p in found}) == len(found)  # type: ignore[union-attr]
            assert all(isinstance(p, Play) for p in found)
