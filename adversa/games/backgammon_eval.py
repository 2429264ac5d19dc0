"""A hand-written backgammon evaluation: an estimated winning chance, as equity.

The lectures ask that a chance game's evaluation be a positive linear transform of
the probability of winning (expectiminimax averages values, so only such a scale
keeps the choices right). This one estimates the side on roll's winning chance ``p``
and returns ``2p − 1``, strictly inside the utility range (−3, 3); gammons and
backgammons are scored only where the search reaches the end of a game.

* **Race** (no checker of one side is behind a checker of the other): each side's
  expected number of rolls to bear off. Checkers in the home board are looked up
  in the one-sided bear-off database (`backgammon_bearoff`, exact); checkers still
  outside are first walked to the six-point at 8.17 pips a roll (the mean roll,
  doubles counted four times). The winning chance is a logistic of the lead in
  rolls, with half a roll for being on roll.
* **Contact**: a logistic of a linear score made of the pip-count lead (as a share
  of the race length), points made in the home board and the outfield (most on
  the 4–9 points a prime is built from), the longest prime, anchors in the
  opponent's home board, checkers on the bar (worse against a closed board), whether
  the side on roll's dice hit an opposing blot (with no dice known: how many of the
  36 rolls would), the rolls with which the opponent would hit the side's own blots,
  and checkers stacked deep or far back. The weights were set by hand and checked in matches
  against the pip-count player (benchmarks/bench_backgammon.py).

Speed: a leaf costs a few loops over 26 counts; the shot table (`_SHOT_MASKS`) is
computed once, as 36-bit masks of the rolls that cover each distance.
With the dice rolled (a search's leaves), the roll itself is used (`win_chance`).
"""

from __future__ import annotations

import math

from adversa.games.backgammon_bearoff import expected_rolls
from adversa.games.backgammon_moves import BAR, BackgammonState, Play, Roll, Side, pip_count
from adversa.games.base import Game
from adversa.games.evaluation import Evaluator

MEAN_ROLL_PIPS = 8.17
"""Average pips of a roll, doubles counted four times: 294 / 36."""


def _shot_masks() -> tuple[int, ...]:
    """For each distance 1–24, the rolls (bit ``6·(a−1) + (b−1)`` for dice a, b) that
    reach it directly or with both dice (or three or four of a double), ignoring
    blocks: the usual shot count of backgammon books."""
    masks = [0] * 25
    for first in range(1, 7):
        for second in range(1, 7):
            bit = 1 << (6 * (first - 1) + (second - 1))
            reach = {first, second, first + second}
            if first == second:
                reach.update({3 * first, 4 * first})
            for distance in reach:
                if distance <= 24:
                    masks[distance] |= bit
    return tuple(masks)


_SHOT_MASKS = _shot_masks()


def _shot_mask(attacker: Side, target: Side) -> int:
    """The rolls (a 36-bit mask, see `_shot_masks`) with which ``attacker`` hits a blot
    of ``target``.

    A target blot on its own point ``b`` is the attacker's point ``25 − b``; an
    attacker checker on its point ``a`` (25 for the bar) reaches it at distance
    ``a − (25 − b)``. Blocks in between are ignored.
    """
    blots = [BAR - point for point in range(1, BAR) if target[point] == 1]
    if not blots:
        return 0
    sources = [point for point in range(1, BAR + 1) if attacker[point]]
    if attacker[BAR]:
        sources = [BAR]  # a checker on the bar must enter before anything can hit
    mask = 0
    for blot in blots:
        for source in sources:
            distance = source - blot
            if 0 < distance <= 24:
                mask |= _SHOT_MASKS[distance]
    return mask


def _roll_bit(dice: tuple[int, ...]) -> int:
    return 1 << (6 * (dice[0] - 1) + (dice[1] - 1))


def _prime(side: Side, low: int, high: int) -> int:
    """The longest run of made points (2+ checkers) among points ``low``–``high``."""
    best = run = 0
    for point in range(low, high + 1):
        run = run + 1 if side[point] >= 2 else 0
        best = max(best, run)
    return best


def _structure(side: Side, other: Side) -> float:
    """The positional part of the contact score for ``side``, in pips-lead units."""
    home_points = sum(1 for point in range(1, 7) if side[point] >= 2)
    outfield_points = sum(1 for point in range(7, 10) if side[point] >= 2)
    prime = _prime(side, 1, 12)
    anchors = sum(1 for point in range(18, 25) if side[point] >= 2)
    advanced_anchor = 1 if side[20] >= 2 or side[21] >= 2 or side[19] >= 2 else 0
    # Checkers still in the opponent's home board are trapped behind its points.
    other_home = sum(1 for point in range(1, 7) if other[point] >= 2)
    back = sum(side[point] for point in range(19, 25))
    stacked = sum(max(0, side[point] - 3) for point in range(1, 13))
    deep = side[1] + side[2]
    return (
        3.0 * home_points
        + 2.0 * outfield_points
        + 2.5 * max(0, prime - 2) * math.sqrt(max(0, prime - 2))
        + 2.0 * anchors
        + 3.0 * advanced_anchor
        - 0.6 * back * other_home
        - 1.0 * stacked
        - 1.0 * deep
        - side[BAR] * (3.0 + 2.0 * other_home)
    )


def _race_rolls(side: Side) -> float:
    """Expected rolls to bear off: outside checkers walked to the six-point first."""
    outside = sum((point - 6) * side[point] for point in range(7, BAR + 1))
    home = [side[point] for point in range(1, 7)]
    home[5] += sum(side[point] for point in range(7, BAR + 1))
    return expected_rolls(tuple(home)) + outside / MEAN_ROLL_PIPS


def in_contact(mover: Side, opponent: Side) -> bool:
    """True while some checker of one side still has to pass one of the other's."""
    mover_back = max((point for point in range(1, BAR + 1) if mover[point]), default=0)
    opponent_back = max((point for point in range(1, BAR + 1) if opponent[point]), default=0)
    return mover_back + opponent_back > BAR


def race_win_chance(mover: Side, opponent: Side) -> float | None:
    """The side on roll's chance in a pure race, before its roll (None in contact): the
    network's evaluation takes its races from here (`backgammon_net.net_evaluator`)."""
    return None if in_contact(mover, opponent) else win_chance(mover, opponent)


def win_chance(mover: Side, opponent: Side, dice: tuple[int, ...] = ()) -> float:
    """The side on roll's estimated chance of winning, strictly between 0 and 1.

    With the mover's ``dice`` known (a search's leaves are positions with the dice
    rolled) the roll counts as it is: its pips in the race, and whether it hits a
    blot (1 or 0) instead of the share of the 36 rolls that would. Averaged over the
    21 rolls of the chance node above, that is the shot count again, so a one-ply
    search sees what the roll does, not the same static value 21 times.
    """
    roll_pips = (4 * dice[0] if dice[0] == dice[1] else dice[0] + dice[1]) if dice else 8.17
    if not in_contact(mover, opponent):
        lead = _race_rolls(opponent) - _race_rolls(mover) + roll_pips / MEAN_ROLL_PIPS - 0.5
        length = max(1.0, _race_rolls(mover))
        score = 2.2 * lead / math.sqrt(length)
    else:
        mover_pips, opponent_pips = pip_count(mover), pip_count(opponent)
        race = 100.0 * (opponent_pips - mover_pips + roll_pips) / max(
            mover_pips + opponent_pips, 1)
        position = _structure(mover, opponent) - _structure(opponent, mover)
        mask = _shot_mask(mover, opponent)
        # This roll hits or not (36 or 0 of 36), else the rolls that would.
        hits = (36.0 if mask & _roll_bit(dice) else 0.0) if dice else float(mask.bit_count())
        shots = hits - 0.5 * _shot_mask(opponent, mover).bit_count()
        score = (race + position + 0.35 * shots) / 12.0
    score = max(-30.0, min(30.0, score))
    return 1.0 / (1.0 + math.exp(-score))


def equity(state: BackgammonState, player: int) -> float:
    """``2p − 1`` for ``player`` where ``p`` is its estimated winning chance."""
    chance = win_chance(state.mover, state.opponent, state.dice)
    value = 2.0 * chance - 1.0
    value = max(-0.999, min(0.999, value))
    return value if player == state.player else -value


def backgammon_evaluator(
    game: Game[BackgammonState, Play | Roll],
) -> Evaluator[BackgammonState]:
    """The registration's evaluator, in points per game: the game option ``evaluation``
    picks `equity` (``hand``, this module) or the TD(λ)-trained network (``net``,
    `backgammon_net`, whose weights are read on first use)."""
    if game.options.get("evaluation") == "net":
        from adversa.games.backgammon_net import net_evaluator

        return net_evaluator(game, race_chance=race_win_chance)
    # 2·P(win) − 1 is an expected-score lead: its eval bar shows the winning chance.
    return Evaluator(equity, game, raw_name="equity", expected_lead=True)
