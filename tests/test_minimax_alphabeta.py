"""Minimax and alpha-beta against hand-worked examples and known game values.

The three-ply tree is AIMA's Fig. 5.2 (minimax value 3; in-order alpha-beta
evaluates 7 of the 9 leaves and prunes the 2nd and 3rd leaf of the middle
subtree). Tic-tac-toe is a draw; the depth-2 e(n) values are the lectures'.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from clocks import StepClock
from narrowing import known, made, scalar

from adversa.games import make_game
from adversa.games.base import Game, M, S
from adversa.games.nim import Nim
from adversa.games.registry import evaluation_of
from adversa.games.tree import TreeGame, TreePath
from adversa.presentation import cut_reason, pruned_paths, root_score_text
from adversa.search.alphabeta import AlphaBetaSearch
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search
from adversa.search.enhancements import (
    LMR_FIRST_MOVE,
    LMR_MIN_DEPTH,
    LMR_MOST_MOVES,
    Enhancements,
    late_move_reductions,
)
from adversa.search.request import SearchRequest
from adversa.search.stats import POLL_INTERVAL, Reporter, SearchResult

THREE_PLY = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def search(game: Game[S, M], spec: str, state: S | None = None, **kwargs: Any) -> SearchResult[M]:
    start = game.initial_state() if state is None else state
    return run_search(game, start, EngineConfig.parse(spec), **kwargs,
                      evaluation=evaluation_of(game))


# --------------------------------------------------------------------------- textbook trees


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_three_ply_tree_value_is_3(algorithm: str) -> None:
    game = TreeGame.from_data(THREE_PLY)
    result = search(game, f"{algorithm} depth=3")
    assert result.value == 3
    assert result.best_move_text == "1"
    assert result.pv == ("1", "1")


def test_minimax_evaluates_every_leaf_of_the_three_ply_tree() -> None:
    result = search(TreeGame.from_data(THREE_PLY), "minimax depth=3 trace=100")
    assert result.snapshot.leaves == 9
    assert pruned_paths(result.trace) == []


def test_alphabeta_three_ply_evaluates_7_leaves_and_prunes_2_2_and_2_3() -> None:
    result = search(TreeGame.from_data(THREE_PLY), "alphabeta depth=3 trace=100")
    assert result.snapshot.leaves == 7
    assert pruned_paths(result.trace) == ["2.2", "2.3"]
    middle = next(node for node in result.trace if node.path == (2,))
    assert middle.pruned == (2, 3)
    assert cut_reason(middle) == "cut: 2 ≤ α = 3"
    assert middle.alpha == 3
    assert result.snapshot.cutoffs == 1
    assert result.snapshot.pruned == 2


def test_alphabeta_prunes_the_same_without_a_trace() -> None:
    result = search(TreeGame.from_data(THREE_PLY), "alphabeta depth=3")
    assert (result.snapshot.leaves, result.snapshot.pruned) == (7, 2)


@pytest.mark.parametrize("spec", ["alphabeta depth=3", "alphabeta depth=3 trace=100"])
def test_alphabeta_marks_pruned_root_scores_as_upper_bounds(spec: str) -> None:
    """Move 2 is cut after its first leaf, so its 2 only bounds its value from above;
    move 3 sees all three leaves (14, 5, then 2 ≤ α at the last one skips nothing),
    so its 2 is exact."""
    result = search(TreeGame.from_data(THREE_PLY), spec)
    shown = [(root.move, root.score, root.bound) for root in result.snapshot.root_moves]
    assert shown == [("1", 3, None), ("2", 2, "upper"), ("3", 2, None)]
    assert [root_score_text(root, result.snapshot) for root in result.snapshot.root_moves] == [
        "3",
        "≤ 2",
        "2",
    ]


@pytest.mark.parametrize("spec", ["alphabeta depth=12", "alphabeta depth=12 trace=100"])
def test_leaves_at_a_min_root_are_exact_not_bounds(spec: str) -> None:
    """Node 1 of the three-ply tree is a MIN node over leaves: nothing below a leaf can
    be cut, so its moves' values are exact — as the tree explorer shows them."""
    game = TreeGame.from_data(THREE_PLY)
    result = search(game, spec, state=game.parse_position("1"))
    shown = [(root.move, root.score, root.bound) for root in result.snapshot.root_moves]
    assert shown == [("1", 3, None), ("2", 12, None), ("3", 8, None)]


def test_bounds_at_a_min_root_are_lower_bounds_in_max_terms() -> None:
    """Tree values are MAX's; at a MIN root a move whose subtree was cut is shown as
    "no lower than". MIN picks among MAX nodes worth 12, 6 and 14: the third is cut
    after its first leaf (14 ≥ β = 6), the second is searched in full."""
    game = TreeGame.from_data({"player": "min", "children": THREE_PLY})
    result = search(game, "alphabeta depth=3")
    shown = [root_score_text(root, result.snapshot) for root in result.snapshot.root_moves]
    assert shown == ["12", "6", "≥ 14"]
    assert result.best_move_text == "2"


def test_minimax_root_scores_are_exact() -> None:
    result = search(TreeGame.from_data(THREE_PLY), "minimax depth=3")
    shown = [(root.move, root.score, root.bound) for root in result.snapshot.root_moves]
    assert shown == [("1", 3, None), ("2", 2, None), ("3", 2, None)]


def test_trace_visits_in_preorder_and_marks_the_principal_variation() -> None:
    result = search(TreeGame.from_data(THREE_PLY), "alphabeta depth=3 trace=100")
    paths = [node.path for node in result.trace]
    assert paths == [(), (1,), (1, 1), (1, 2), (1, 3), (2,), (2, 1), (3,), (3, 1), (3, 2), (3, 3)]
    assert [node.path for node in result.trace if node.on_pv] == [(), (1,), (1, 1)]
    leaf = next(node for node in result.trace if node.path == (1, 2))
    assert (leaf.kind, leaf.alpha, leaf.beta, leaf.value) == ("leaf", float("-inf"), 3, 12)


def test_a_traced_game_search_is_the_textbook_one_with_the_same_value() -> None:
    game = make_game("tictactoe")
    state = game.parse_position("X.O/.X./...")
    traced = search(game, "alphabeta depth=3 trace=5000", state)
    plain = search(game, "alphabeta depth=3 ordering=off tt=0 id=off pvs=off", state)
    assert traced.value == plain.value
    assert len(traced.trace) == traced.snapshot.nodes
    assert sum(len(node.pruned) for node in traced.trace) == traced.snapshot.pruned > 0
    assert all(cut_reason(node) for node in traced.trace if node.pruned)


def test_trace_limit_truncates() -> None:
    result = search(TreeGame.from_data(THREE_PLY), "alphabeta depth=3 trace=4")
    assert len(result.trace) == 4
    assert result.trace_truncated
    assert result.value == 3


def test_node_player_decides_max_or_min_without_alternation() -> None:
    # MAX, then MAX again below the first child: 1st child is max(1, 9) = 9, not min.
    data = {"player": "max", "children": [{"player": "max", "children": [1, 9]}, 4]}
    game = TreeGame.from_data(data)
    for algorithm in ("minimax", "alphabeta"):
        result = search(game, f"{algorithm} depth=5 trace=50")
        assert result.value == 9
        assert result.best_move_text == "1"


def test_textbook_tree_at_a_max_node_cuts_on_v_at_least_beta() -> None:
    # MIN root; its first child (MAX) gives 5; in the second, MAX sees 7 ≥ β = 5 and cuts.
    data = {"player": "min", "children": [{"player": "max", "children": [5, 1]},
                                           {"player": "max", "children": [7, 3, 2]}]}
    result = search(TreeGame.from_data(data), "alphabeta depth=3 trace=50")
    assert pruned_paths(result.trace) == ["2.2", "2.3"]
    second = next(node for node in result.trace if node.path == (2,))
    assert cut_reason(second) == "cut: 7 ≥ β = 5"


# --------------------------------------------------------------------------- tic-tac-toe


def test_tictactoe_is_a_draw_with_full_depth_alphabeta() -> None:
    game = make_game("tictactoe")
    result = search(game, "alphabeta depth=9")
    assert result.value == 0
    assert not result.stopped
    assert len(result.pv) == 9


def test_tictactoe_plain_alphabeta_is_a_draw_too() -> None:
    game = make_game("tictactoe")
    plain = search(game, "alphabeta depth=9 ordering=off tt=0 id=off pvs=off")
    assert plain.value == 0


def test_depth_two_e_of_n_chooses_the_centre_with_value_plus_one() -> None:
    game = make_game("tictactoe")
    result = search(game, "minimax depth=2")
    assert result.best_move_text == "b2"
    assert result.raw_value == pytest.approx(1)
    scale = 9  # raw e(n) = value × 9 on the 3×3 board (8 lines + 1)
    raw = {rm.move: round(scalar(rm.score) * scale, 9) for rm in result.snapshot.root_moves}
    assert raw == {"b2": 1, "a1": -1, "a3": -1, "c1": -1, "c3": -1,
                   "a2": -2, "b1": -2, "b3": -2, "c2": -2}


def test_depth_two_alphabeta_agrees_on_the_centre() -> None:
    result = search(make_game("tictactoe"), "alphabeta depth=2")
    assert result.best_move_text == "b2"
    assert result.raw_value == pytest.approx(1)


def test_the_fastest_win_is_preferred() -> None:
    game = make_game("tictactoe")
    # X to move: c1 wins at once; b3 (blocking O) wins too, but only on ply 3.
    state = game.parse_position("O.O/.../XX.")
    for spec in ("alphabeta depth=9", "minimax depth=9"):
        result = search(game, spec, state)
        assert result.best_move_text == "c1"
        assert result.value == 1
        assert result.win_in_plies == 1


@pytest.mark.parametrize("algorithm", ["alphabeta", "minimax"])
def test_slowest_loss_is_preferred_when_lost(algorithm: str) -> None:
    # Nim 2,2 is lost for the mover. Emptying a pile loses on ply 2; taking one lasts to ply 4.
    game = made("nim", Nim, {"piles": "2,2"})
    result = search(game, f"{algorithm} depth=10")
    assert result.value == -1
    assert result.loss_in_plies == 4
    after = game.result(game.initial_state(), known(result.best_move))
    assert sorted(game.piles(after)) == [1, 2]


# --------------------------------------------------------------------------- checkers


def test_checkers_quiescence_sees_the_pending_capture_at_depth_one() -> None:
    game = make_game("checkers")
    # Black's lone man must step next to White's man on 22 and is captured: a loss.
    state = game.parse_position("B:W22,30:B14")
    with_q = search(game, "alphabeta depth=1", state)
    without_q = search(game, "alphabeta depth=1 quiescence=off", state)
    exact = search(game, "minimax depth=3", state)
    assert exact.value == -1
    assert with_q.value == exact.value
    assert with_q.snapshot.seldepth > 1
    assert without_q.value != exact.value
    assert -1 < scalar(without_q.value) < 0


@pytest.mark.parametrize("algorithm", ["alphabeta", "minimax"])
def test_time_budget_is_kept_on_checkers(algorithm: str) -> None:
    """The search stops at its deadline (a step clock: 10 ms a read, a read a poll),
    with a completed iteration's move; minimax used to stop with no iteration at all."""
    game = make_game("checkers")
    result = search(game, f"{algorithm} depth=20 time=0.5", clock=StepClock(0.01))
    assert result.stopped
    assert 0.5 <= result.snapshot.elapsed <= 0.6
    assert result.best_move in game.legal_moves(game.initial_state())
    assert result.snapshot.completed_depth >= 1 and result.iterations
    last = result.iterations[-1]
    assert result.value == last.score and tuple(result.pv) == tuple(last.pv)


@pytest.mark.parametrize("algorithm", ["alphabeta", "minimax"])
def test_stop_request_returns_promptly_with_a_legal_move(algorithm: str) -> None:
    game = make_game("checkers")
    polls = iter(range(1_000_000))
    result = search(game, f"{algorithm} depth=30", should_stop=lambda: next(polls) >= 20)
    assert result.stopped
    assert result.snapshot.nodes <= 21 * POLL_INTERVAL + 64  # 20 polls of work, no more
    assert result.best_move in game.legal_moves(game.initial_state())


def test_immediate_stop_still_returns_a_legal_move() -> None:
    game = make_game("checkers")
    result = search(game, "alphabeta depth=12", should_stop=lambda: True)
    assert result.stopped
    assert result.best_move in game.legal_moves(game.initial_state())


def test_iterations_and_snapshots_are_reported() -> None:
    game = make_game("checkers")
    events: list[Any] = []
    result = search(game, "alphabeta depth=6", on_event=events.append)
    depths = [iteration.depth for iteration in result.iterations]
    assert depths == [1, 2, 3, 4, 5, 6]
    assert result.iterations[-1].pv == result.pv[: len(result.iterations[-1].pv)]
    assert events[-1] is result
    snapshot = result.snapshot
    assert snapshot.finished
    assert snapshot.tt_probes >= snapshot.tt_hits > 0
    assert 0 < snapshot.tt_fill <= 1
    assert {rm.move for rm in snapshot.root_moves} == set(
        game.format_moves(game.initial_state(), game.legal_moves(game.initial_state()))
    )


def test_search_without_id_runs_one_iteration() -> None:
    game = make_game("checkers")
    result = search(game, "alphabeta depth=5 id=off")
    assert [iteration.depth for iteration in result.iterations] == [5]


def test_beam_searches_only_the_best_moves() -> None:
    game = make_game("checkers")
    full = search(game, "alphabeta depth=4 id=off quiescence=off")
    beam = search(game, "alphabeta depth=4 id=off quiescence=off beam=2")
    assert beam.snapshot.nodes < full.snapshot.nodes
    assert len(beam.snapshot.root_moves) == 2


def test_alphabeta_refuses_games_with_chance() -> None:
    from adversa.games.base import AdversaError

    with pytest.raises(AdversaError, match="without chance"):
        search(make_game("pig"), "alphabeta depth=2")


# --------------------------------------------------------------------------- stopped searches


class FreeOrderTree(TreeGame):
    """A tree the enhanced engine may search (iterative deepening, ordering)."""

    fixed_move_order: ClassVar[bool] = False


def stopped_after_two_root_moves(second_move_value: int) -> SearchResult:
    """Search A=[0,0], B=[v,v], C=[9 × 1100, −1]; stop inside C during iteration 2.

    Iteration 1 sees only inner nodes (no opinion), so it keeps A. The stop
    callable is polled every 1,024 nodes, which first happens inside C (MIN
    finds no cut among the 9s).
    """
    game = FreeOrderTree.from_data([[0, 0], [second_move_value] * 2, [9] * 1100 + [-1]])
    holder: dict[str, AlphaBetaSearch[TreePath, int]] = {}

    def stop() -> bool:
        search = holder["search"]
        return search.depth == 2 and len(search.scores) >= 2

    reporter = Reporter("alphabeta", "alphabeta depth=2", should_stop=stop)
    search = AlphaBetaSearch(SearchRequest(
        game, game.initial_state(), EngineConfig.parse("alphabeta depth=2"), reporter,
        evaluation_of(game),
    ))
    holder["search"] = search
    return search.run()


def test_a_stopped_search_answers_with_the_last_completed_iteration_even_if_a_move_improved(
) -> None:
    """One rule for every depth-limited search (issue 10): the answer is the last
    completed iteration's, even when the unfinished one had found "2" better."""
    result = stopped_after_two_root_moves(5)
    assert result.stopped
    assert result.snapshot.completed_depth == 1
    assert (result.best_move_text, result.value) == ("1", 0)
    assert result.value == result.iterations[-1].score


def test_a_stopped_search_otherwise_keeps_the_last_completed_iteration() -> None:
    result = stopped_after_two_root_moves(-5)
    assert result.stopped
    assert result.best_move_text == "1"
    assert result.iterations[-1].depth == 1
    assert result.value == result.iterations[-1].score
    # …and so do its root scores: iteration 2 had valued "1" and "2" before the stop.
    first_pass = {root.move: root.score for root in result.snapshot.root_moves}
    assert first_pass == {"1": 0, "2": 0, "3": 0}


# --------------------------------------------------------------------------- late move reductions


def test_late_move_reductions_search_fewer_nodes_on_checkers() -> None:
    game = make_game("checkers")
    full = search(game, "alphabeta depth=8")
    reduced = search(game, "alphabeta depth=8 lmr=on")
    assert reduced.snapshot.nodes < full.snapshot.nodes
    assert reduced.best_move in game.legal_moves(game.initial_state())


def test_late_move_reductions_still_solve_tictactoe() -> None:
    # A reduced move that looks better than alpha is re-searched at full depth, so
    # the draw (and the win in the position below) survive the reductions.
    game = make_game("tictactoe")
    assert search(game, "alphabeta depth=9 lmr=on").value == 0
    win = search(game, "alphabeta depth=9 lmr=on", game.parse_position("O.O/.../XX."))
    assert (win.best_move_text, win.value) == ("c1", 1)


def test_reductions_grow_with_depth_and_move_index_and_always_leave_a_ply() -> None:
    reductions = late_move_reductions()
    for depth, row in enumerate(reductions):
        assert len(row) == LMR_MOST_MOVES + 1
        for index, plies in enumerate(row):
            if index < LMR_FIRST_MOVE or depth < LMR_MIN_DEPTH:
                assert plies == 0
                continue
            assert 1 <= plies <= depth - 2  # the reduced search still looks a ply ahead
            assert plies >= row[index - 1] and plies >= reductions[depth - 1][index]
    assert reductions[12][LMR_FIRST_MOVE] < reductions[12][8] < reductions[40][40]


def test_lmrfrom_chooses_the_first_move_reduced() -> None:
    assert Enhancements.of(EngineConfig.parse("alphabeta lmr=on")).lmr_from == LMR_FIRST_MOVE
    earlier = Enhancements.of(EngineConfig.parse("alphabeta lmr=on lmrfrom=1")).lmr_from
    table, usual = late_move_reductions(earlier), late_move_reductions()
    assert earlier == 1 and table[12][1] == 1 and usual[12][1] == 0
    assert table[12][2:] == usual[12][2:]  # the later moves as before
    game = make_game("connect4")
    fewer = search(game, "alphabeta depth=8 lmr=on lmrfrom=1").snapshot.nodes
    assert fewer < search(game, "alphabeta depth=8 lmr=on").snapshot.nodes


def test_no_reduction_happens_in_shallow_searches() -> None:
    game = make_game("checkers")
    for depth in (1, 2):
        plain = search(game, f"alphabeta depth={depth}")
        reduced = search(game, f"alphabeta depth={depth} lmr=on")
        assert (reduced.value, reduced.snapshot.nodes) == (plain.value, plain.snapshot.nodes)
