"""The root's probe plan (`othello_root.margin_by_null_windows`) against a root whose
moves' margins are known: whatever the guess, it ends on the best margin and a move
that reaches it, and a draw takes one probe."""

from __future__ import annotations

import random

import pytest

from adversa.games.othello_root import margin_by_null_windows


class KnownRoot:
    """A root whose moves have the given margins, probed as the solver's root search
    would answer (fail-soft: a move at or above beta ends the search with its value);
    it counts its probes."""

    def __init__(self, margins: dict[int, int]) -> None:
        self.margins = margins
        self.probes = 0

    def __call__(self, alpha: int, beta: int, first: int) -> tuple[int, int]:
        self.probes += 1
        order = sorted(self.margins, key=lambda move: move != first)
        best_move, best = order[0], -1000
        for move in order:
            if self.margins[move] > best:
                best_move, best = move, self.margins[move]
                if best >= beta:
                    break
        return best, best_move


@pytest.mark.parametrize("seed", range(30))
def test_the_probes_end_on_the_best_margin_whatever_the_guess(seed: int) -> None:
    rng = random.Random(seed)
    margins = {move: 2 * rng.randint(-32, 32) for move in range(rng.randint(1, 8))}
    best = max(margins.values())
    for guess in (-64, -10, 0, best, best + 2, 20, 64):
        root = KnownRoot(margins)
        margin, move = margin_by_null_windows(root, guess, rng.choice(list(margins)), 64)
        assert margin == best
        assert margins[move] == best


def test_a_draw_takes_one_probe() -> None:
    root = KnownRoot({1: -4, 2: 0, 3: -2})
    assert margin_by_null_windows(root, 12, 1, 64) == (0, 2)
    assert root.probes == 1
