"""Delta pruning in quiescence and the check extension: switchable (``delta=``,
``checkext=``), generic through `Game.capture_gain` and `Game.in_check`, counted, and
inert for a game that supplies neither (its node counts and values are unchanged)."""

from __future__ import annotations

import pytest
from counted_search import search

from adversa.games.registry import make_game

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITIONS = (
    KIWIPETE,
    "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2NBPN2/PP3PPP/R2QK2R w KQ - 2 8",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",  # WAC.001
    "r1b1kb1r/3q1ppp/pBp1pn2/8/Np3P2/5B2/PPP3PP/R2Q1RK1 w kq - 0 1",  # WAC.011
)


@pytest.mark.parametrize("fen", POSITIONS)
def test_delta_pruning_skips_captures_and_keeps_the_move_and_value(fen: str) -> None:
    game = make_game("chess")
    state = game.parse_position(fen)
    pruned, counted = search(game, state, "alphabeta depth=3 checkext=off")
    full, uncounted = search(game, state, "alphabeta depth=3 checkext=off delta=off")
    assert counted.delta_pruned > 0 and uncounted.delta_pruned == 0
    assert counted.nodes < uncounted.nodes
    assert (pruned.best_move, pruned.value) == (full.best_move, full.value)


def test_the_check_extension_searches_checks_deeper_and_counts_them() -> None:
    """Win at Chess #1, where some checks leave at most two replies (chess extends
    only such forcing checks: `Chess.in_check`)."""
    game = make_game("chess")
    state = game.parse_position(POSITIONS[2])
    _, extended = search(game, state, "alphabeta depth=3 delta=off")
    _, plain = search(game, state, "alphabeta depth=3 delta=off checkext=off")
    assert extended.extensions > 0 and plain.extensions == 0
    assert extended.nodes > plain.nodes


@pytest.mark.parametrize("name", ["connect4", "checkers"])
@pytest.mark.parametrize(("switched", "plain"), [
    ("alphabeta depth=6", "alphabeta depth=6 delta=off checkext=off"),
    ("alphabeta depth=6 futility=on", "alphabeta depth=6"),
])
def test_a_game_without_the_hooks_searches_exactly_as_before(name: str, switched: str,
                                                             plain: str) -> None:
    """Delta pruning, the check extension and futility pruning act only through a game's
    hooks: a game without them searches the same tree with them switched on."""
    game = make_game(name)
    state = game.initial_state()
    on, on_counts = search(game, state, switched)
    off, off_counts = search(game, state, plain)
    assert (on.best_move, on.value, on_counts.nodes) == (off.best_move, off.value,
                                                         off_counts.nodes)
    assert on_counts.delta_pruned == on_counts.extensions == on_counts.futility_cuts == 0
