"""The strength benchmark's match loop (benchmarks/bench_strength.py) with stand-in
opponents: adversa's rules referee every move, a peer's own draw rule becomes an
adjudicated draw, pairs of games share an opening with colours swapped. adversa plays on
a node budget, so nothing here depends on the machine's speed; no real match is run."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from adversa.games import make_game
from adversa.games.checkers import Checkers, CheckersMove, CheckersState
from adversa.match.openings import resolve_openings
from adversa.search.engine import engine_for

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import bench_strength  # noqa: E402
from opponents import OpponentError, RulesEnded  # noqa: E402

GAME: Checkers = make_game("checkers")  # type: ignore[assignment]
CONFIG = engine_for(GAME, "default nodes=50 time=3600")
OPENINGS = resolve_openings(GAME, "ballot", 2, 0)


class Scripted:
    """A stand-in peer: the first legal move, or what ``answer`` says at move ``at``."""

    name = "scripted"
    description = "scripted"

    def __init__(self, at: int = 10_000, answer: str = "legal") -> None:
        self.at, self.answer, self.calls, self.games = at, answer, 0, 0

    def new_game(self) -> None:
        self.games += 1

    def choose(self, state: CheckersState, moves: Sequence[str]) -> CheckersMove:
        self.calls += 1
        if self.calls >= self.at and self.answer == "illegal":
            return GAME.legal_moves(GAME.initial_state())[0]  # 9-13 from the start
        if self.calls >= self.at and self.answer == "rules":
            raise RulesEnded("the peer's own draw rule")
        return GAME.legal_moves(state)[0]

    def close(self) -> None:
        pass


def test_pairs_share_an_opening_with_colours_swapped() -> None:
    tasks = bench_strength.plan_tasks(OPENINGS, 6)
    assert [task.adversa_player for task in tasks] == [0, 1, 0, 1, 0, 1]
    assert tasks[0].opening == tasks[1].opening != tasks[2].opening == tasks[3].opening
    assert len({task.opening for task in bench_strength.plan_tasks(OPENINGS, 400)}) > 100


def test_a_game_is_played_to_its_end_under_adversas_rules() -> None:
    peer = Scripted()
    result = bench_strength.play(GAME, CONFIG, peer, bench_strength.plan_tasks(OPENINGS, 1)[0],
                                 200)
    assert peer.games == 1 and result.points in (0.0, 0.5, 1.0)
    state = GAME.initial_state()
    for text in result.moves:
        state = GAME.result(state, GAME.parse_move(state, text))
    assert GAME.is_terminal(state) or result.reason.startswith("adjudicated")
    assert result.engine_moves["opponent"] == peer.calls


def test_an_illegal_move_by_a_peer_stops_the_run_with_its_position() -> None:
    task = bench_strength.plan_tasks(OPENINGS, 2)[1]
    with pytest.raises(OpponentError, match=r"game 2: opponent played .* not a legal move in"):
        bench_strength.play(GAME, CONFIG, Scripted(at=3, answer="illegal"), task, 200)


def test_the_peers_own_rule_ending_the_game_is_an_adjudicated_draw() -> None:
    task = bench_strength.plan_tasks(OPENINGS, 1)[0]
    result = bench_strength.play(GAME, CONFIG, Scripted(at=2, answer="rules"), task, 200)
    assert result.points == 0.5
    assert result.reason == "adjudicated a draw: the peer's own draw rule"


def test_the_summary_rates_adversa_from_its_points() -> None:
    points = [1.0] * 10 + [0.5] * 8 + [0.0] * 2
    results = [bench_strength.GameResult(i, "o", i % 2, score, "r", [], 1.0,
                                         {"adversa": 1.0, "opponent": 2.0},
                                         {"adversa": 4, "opponent": 4})
               for i, score in enumerate(points)]
    settings = bench_strength.Settings("previous", "default time=0.3", 0.3, None, None,
                                       "238f68b", 0, 200)
    data = bench_strength.summary(settings, "peer", results, 10.0, False)
    assert (data["wins"], data["draws"], data["losses"], data["score"]) == (10, 8, 2, 0.7)
    assert data["elo"] == 147.2  # −400·log10(1/0.7 − 1)
    assert 0 < data["elo_lower"] < data["elo"] < data["elo_upper"]
    assert data["as_black"] == {"wins": 5, "draws": 4, "losses": 1}
    assert data["seconds_per_move"] == {"adversa": 0.25, "opponent": 0.5}
    assert "Elo +147.2 [" in bench_strength.report_lines(data)[1]


def test_without_an_opponent_it_runs_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    """``make bench`` runs every script without arguments; a match takes hours."""
    assert bench_strength.main([]) == 0
    assert "nothing run" in capsys.readouterr().out


def test_an_unknown_revision_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_strength.main(["--opponent", "previous", "--revision", "no-such-commit",
                                "--games", "2"]) == 2
    error = capsys.readouterr().err.strip()
    assert error.startswith("bench_strength.py: error: --revision 'no-such-commit' is not a commit")
    assert "\n" not in error
