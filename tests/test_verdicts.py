"""Numbers and verdicts for people: never scientific notation, and words that name the
side they are about (one formatter for the CLI and the app)."""

from __future__ import annotations

import dataclasses
import math
import re
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from narrowing import known

from adversa.cli import main
from adversa.games.base import Outcome
from adversa.games.registry import evaluation_of
from adversa.presentation import (
    display_score,
    format_number,
    outcome_verdict,
    plain_number,
    verdict,
)
from adversa.search.stats import Reporter, Snapshot

NAMES = ("Black", "White")


def snapshot(**fields: Any) -> Snapshot:
    return dataclasses.replace(Reporter("alphabeta", "alphabeta").snapshot(), **fields)


snapshot_of = snapshot


def no_exponent(text: str) -> bool:
    return "e-" not in text and "e+" not in text and not re.search(r"\d[eE]\d", text)


@pytest.mark.parametrize(("value", "expected"), [
    (4.69e-05, "0"), (-4.69e-05, "0"), (0.111, "0.111"), (1 / 9, "0.111"), (2.5, "2.5"),
    (3.0, "3"), (-2.0, "-2"), (12345.0, "12345"), (1e21, "1000000000000000000000"),
    (0.0015, "0.002"), (9.99995, "10"), (float("inf"), "∞"), (float("-inf"), "-∞"),
])
def test_plain_numbers(value: float, expected: str) -> None:
    assert plain_number(value) == expected


@given(st.floats(allow_nan=True, allow_infinity=True))
def test_no_number_is_ever_written_in_scientific_notation(value: float) -> None:
    for text in (plain_number(value), plain_number(value, signed=True), format_number(value),
                 display_score(value), display_score(value, 9.0, 1.0),
                 display_score((value, value, 0.5))):
        assert no_exponent(text), text


@given(st.floats(min_value=-0.999, max_value=0.999, allow_subnormal=True),
       st.sampled_from([0, 1]), st.sampled_from([1.0, 9.0, 10_000.0]))
def test_the_verdict_names_the_better_side_and_the_bar_leans_its_way(
    score: float, mover: int, scale: float
) -> None:
    """``score`` is the mover's; the words name whoever is better, the number is that
    side's advantage (always +), and the bar (the first player's share) leans the same way."""
    shown = verdict(score, snapshot(score_scale=scale, score_unit="pts", win_value=1.0),
                    mover=mover, names=NAMES)
    assert no_exponent(shown.text)
    assert shown.share is not None and 0.0 <= shown.share <= 1.0
    if shown.text == "Even":
        assert shown.share == 0.5
        return
    better = mover if score > 0 else 1 - mover
    assert shown.text.endswith(f"({NAMES[better]} better)") and shown.text.startswith("+")
    assert (shown.share > 0.5) == (better == 0)
    assert 0.05 <= shown.share <= 0.95  # only a proven result fills the bar


@pytest.mark.parametrize(("kwargs", "text", "share"), [
    ({"win_in_plies": 7}, "White wins in 7 plies", 0.0),
    ({"loss_in_plies": 4}, "Black wins in 4 plies", 1.0),
    ({"win_in_plies": 1}, "White wins in 1 ply", 0.0),
])
def test_mate_distances_name_the_winner(kwargs: dict[str, int], text: str, share: float) -> None:
    shown = verdict(1.0 if "win_in_plies" in kwargs else -1.0, snapshot(win_value=1.0),
                    mover=1, names=NAMES, win_in_plies=kwargs.get("win_in_plies"),
                    loss_in_plies=kwargs.get("loss_in_plies"))
    assert (shown.text, shown.share) == (text, share)


def test_even_draw_and_outcomes() -> None:
    assert verdict(0.0, snapshot(), names=NAMES).text == "Even"
    assert verdict(0.0, snapshot(), names=NAMES, proven=True).text == "Draw"
    assert verdict(4.69e-05, snapshot(score_scale=1.0), names=NAMES).text == "Even"
    assert verdict((0.5, 0.25, 0.25), snapshot(), names=NAMES).share is None
    draw = outcome_verdict(Outcome(None, "threefold repetition", (0.0, 0.0)), NAMES)
    assert (draw.text, draw.share) == ("Draw (threefold repetition)", 0.5)
    won = outcome_verdict(Outcome(1, "no legal move", (-1.0, 1.0)), NAMES)
    assert (won.text, won.share) == ("White won (no legal move)", 0.0)


def test_analyze_prints_the_same_verdict_as_the_app() -> None:
    """X (to move) has b3 and c3, O threatens nothing: X wins by force."""
    result = CliRunner().invoke(main, ["analyze", "tictactoe", "--position", "XX./OO./...",
                                       "--engine", "alphabeta depth=9"])
    assert result.exit_code == 0, result.output
    assert "verdict    X wins in 1 ply" in result.output
    assert no_exponent(result.output)


# ---- one scale for every engine's value (compare's "exp." column) --------------------


def test_expected_scores_put_every_kind_of_value_on_one_scale() -> None:
    from adversa.games import make_game
    from adversa.games.checkers_eval import CHECKERS_LOGISTIC_K, CHECKERS_SCALE
    from adversa.presentation import labelled_score
    from adversa.search.config import EngineConfig
    from adversa.search.engine import run_search
    from adversa.search.stats import expected_score

    game = make_game("checkers")
    snapshot = run_search(game, game.initial_state(),
                          EngineConfig.parse("alphabeta depth=2"),
                          evaluation=evaluation_of(game)).snapshot
    assert snapshot.logistic_k == CHECKERS_LOGISTIC_K and not snapshot.mean_result
    a_man = 100 / CHECKERS_SCALE
    assert expected_score(a_man, snapshot) == pytest.approx(
        1 / (1 + math.exp(-CHECKERS_LOGISTIC_K * 100)))
    assert expected_score(0.0, snapshot) == 0.5
    up_a_man = known(expected_score(a_man, snapshot))
    assert expected_score(-a_man, snapshot) == pytest.approx(1 - up_a_man)
    assert expected_score(1.0, snapshot) == 1.0 and expected_score(-1.0, snapshot) == 0.0
    assert labelled_score(snapshot, a_man) == "+100 pts"
    playouts = run_search(game, game.initial_state(),
                          EngineConfig.parse("mcts iterations=50 seed=1"),
                          evaluation=evaluation_of(game)).snapshot
    assert playouts.mean_result
    assert expected_score(0.2, playouts) == pytest.approx(0.6)
    assert labelled_score(playouts, 0.2) == "+0.2 mean"
    unfitted = dataclasses.replace(snapshot, logistic_k=None)
    assert expected_score(a_man, unfitted) is None
    assert expected_score((0.1, 0.2), snapshot) is None


@given(st.floats(-0.99, 0.99), st.floats(-0.99, 0.99))
def test_a_better_value_never_reads_as_a_worse_expected_result(low: float, high: float) -> None:
    from adversa.search.stats import expected_score

    snapshot = snapshot_of(score_scale=10_000.0, score_unit="pts", win_value=1.0,
                           logistic_k=0.0024)
    low, high = sorted((low, high))
    assert expected_score(low, snapshot) <= expected_score(high, snapshot)  # type: ignore[operator]
