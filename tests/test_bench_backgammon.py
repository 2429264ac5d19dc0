"""The backgammon strength benchmark's pairing (benchmarks/bench_backgammon.py): the two
games of a pair deal each player the dice the other had, so luck cancels; no match is
run, only single games between stand-in players that are cheap and deterministic."""

from __future__ import annotations

import sys
from pathlib import Path

from adversa.games.backgammon import Backgammon
from adversa.games.backgammon_moves import BackgammonState, Play

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import bench_backgammon  # noqa: E402

GAME = Backgammon()


class FirstPlay:
    """Plays the first legal play and remembers the dice it was given."""

    def __init__(self) -> None:
        self.dice: list[tuple[int, ...]] = []

    def __call__(self, state: BackgammonState) -> Play:
        self.dice.append(state.dice)
        return GAME.plays(state)[0]


def test_the_second_game_of_a_pair_gives_each_player_the_others_dice() -> None:
    ours, theirs = FirstPlay(), FirstPlay()
    first = bench_backgammon.play_game(GAME, (ours, theirs), 7, adversa_seat=0)
    ours_again, theirs_again = FirstPlay(), FirstPlay()
    second = bench_backgammon.play_game(GAME, (theirs_again, ours_again), 7, adversa_seat=1)
    assert ours_again.dice == theirs.dice
    assert theirs_again.dice == ours.dice
    # Two copies of one deterministic player replay the same game: the pair cancels.
    assert first == -second != 0


def test_the_interval_is_taken_over_pairs() -> None:
    mean, margin = bench_backgammon.interval([1.0, -1.0, 2.0, -2.0, -1.0, 1.0])
    assert (mean, margin) == (0.0, 0.0)
    mean, margin = bench_backgammon.interval([1.0, 1.0, 1.0, -1.0])
    assert mean == 0.5 and margin > 0
