"""Expectiminimax and expectimax on the lecture's chance tree (AIMA Fig. 5.12),
Star1 against plain expectiminimax on random trees, and Pig under a time budget.

The lecture (seeds/002, "Min-max con nodi chance"): MAX chooses a1 or a2; chance
then picks the first MIN node with probability 0.9 and the second with 0.1.
a1 is worth 0.9·2 + 0.1·3 = 2.1 and a2 0.9·1 + 0.1·4 = 1.3, so MAX plays a1.
Rescaling the leaves 1, 2, 3, 4 to 1, 20, 30, 400 keeps their order but flips
the choice (21 against 40.9): only a positive *linear* transform is safe.
"""

from __future__ import annotations

from typing import Any

import pytest
from clocks import StepClock
from hypothesis import given, settings
from hypothesis import strategies as st
from narrowing import known

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.games.tree import TreeGame
from adversa.presentation import cut_reason
from adversa.search.config import EngineConfig
from adversa.search.engine import AlgorithmError, run_search
from adversa.search.expectimax import ChanceMinimax
from adversa.search.maxn import MaxN
from adversa.search.request import SearchRequest
from adversa.search.stats import Iteration, Reporter, SearchResult, Snapshot


def lecture_tree(one: float, two: float, three: float, four: float) -> TreeGame:
    """AIMA Fig. 5.12 with leaf values 1..4 replaced by the given ones."""

    def chance(label: str, likely: float, unlikely: float) -> dict[str, Any]:
        return {
            "label": label,
            "player": "chance",
            "probabilities": [0.9, 0.1],
            "children": [
                {"player": "min", "children": [likely, likely]},
                {"player": "min", "children": [unlikely, unlikely]},
            ],
        }

    return TreeGame.from_data(
        {"player": "max", "children": [chance("a1", two, three), chance("a2", one, four)]}
    )


def search(game: Any, spec: str, state: Any = None, **kwargs: Any) -> SearchResult:
    if state is None:
        state = game.initial_state()
    return run_search(game, state, EngineConfig.parse(spec), **kwargs,
                      evaluation=evaluation_of(game))


def root_scores(result: SearchResult) -> dict[str, Any]:
    return {move.move: move.score for move in result.snapshot.root_moves}


@pytest.mark.parametrize("spec", ["expectiminimax", "expectiminimax star1=on"])
def test_lecture_tree_prefers_a1_worth_2_1(spec: str) -> None:
    result = search(lecture_tree(1, 2, 3, 4), spec)
    assert result.best_move_text == "a1"
    assert result.value == pytest.approx(0.9 * 2 + 0.1 * 3)
    assert root_scores(result)["a1"] == pytest.approx(2.1)
    if "star1" not in spec:  # Star1 only bounds a losing move
        assert root_scores(result)["a2"] == pytest.approx(0.9 * 1 + 0.1 * 4)


@pytest.mark.parametrize("spec", ["expectiminimax", "expectiminimax star1=on"])
def test_order_preserving_rescaling_flips_the_choice(spec: str) -> None:
    result = search(lecture_tree(1, 20, 30, 400), spec)
    assert result.best_move_text == "a2"
    assert result.value == pytest.approx(0.9 * 1 + 0.1 * 400)
    assert root_scores(result)["a1"] == pytest.approx(0.9 * 20 + 0.1 * 30)


@pytest.mark.parametrize(("name", "move", "value"), [
    ("expectiminimax", "a1", 2.1), ("expectiminimax-scaled", "a2", 40.9),
])
def test_bundled_lecture_trees_agree(name: str, move: str, value: float) -> None:
    result = search(make_game("tree", {"file": name}), "expectiminimax")
    assert result.best_move_text == move and result.value == pytest.approx(value)


def test_star1_cuts_the_losing_move_of_the_lecture_tree() -> None:
    plain = search(lecture_tree(1, 2, 3, 4), "expectiminimax trace=100")
    star1 = search(lecture_tree(1, 2, 3, 4), "expectiminimax star1=on trace=100")
    assert plain.snapshot.cutoffs == 0 and plain.snapshot.leaves == 8
    # a2's first MIN node fails low after its first leaf (1 ≤ α = 1.89), so a2 is
    # at most 0.9·1 + 0.1·4 = 1.3 ≤ 2.1 and its second outcome is never searched.
    assert star1.snapshot.leaves == 5
    assert star1.snapshot.cutoffs == 2
    assert star1.snapshot.pruned == 2
    chance_a2 = next(node for node in star1.trace if node.path == (2,))
    assert chance_a2.kind == "chance" and chance_a2.pruned == (2,)
    assert "Star1" in known(cut_reason(chance_a2))
    assert chance_a2.value == pytest.approx(1.3)
    assert [node.probability for node in star1.trace if node.path in ((1, 1), (1, 2))] == [
        0.9, 0.1,
    ]


def test_trace_marks_the_principal_variation_and_has_no_window_without_pruning() -> None:
    result = search(lecture_tree(1, 2, 3, 4), "expectiminimax trace=100")
    assert len(result.trace) == 15 and not result.trace_truncated
    assert [node.path for node in result.trace if node.on_pv] == [(), (1,)]
    assert all(node.alpha is None and node.beta is None for node in result.trace)
    truncated = search(lecture_tree(1, 2, 3, 4), "expectiminimax trace=4")
    assert len(truncated.trace) == 4 and truncated.trace_truncated


def test_depth_counts_decision_plies_not_chance_layers() -> None:
    # MAX and MIN are two decision plies; the chance layer between them is free.
    exact = search(lecture_tree(1, 2, 3, 4), "expectiminimax depth=2")
    assert exact.value == pytest.approx(2.1)
    assert exact.snapshot.seldepth == 3
    horizon = search(lecture_tree(1, 2, 3, 4), "expectiminimax depth=1")
    assert horizon.snapshot.leaves == 4  # the four MIN nodes, evaluated at the horizon


def test_time_budget_deepens_until_the_tree_is_exhausted() -> None:
    result = search(lecture_tree(1, 2, 3, 4), "expectiminimax time=10")
    assert [iteration.depth for iteration in result.iterations] == [1, 2]
    assert result.value == pytest.approx(2.1)
    assert not result.stopped


def test_expectimax_averages_the_opponent_where_expectiminimax_minimises() -> None:
    game = TreeGame.from_data(
        {"player": "max", "children": [
            {"label": "risky", "player": "min", "children": [0, 10]},
            {"label": "safe", "player": "min", "children": [3, 3]},
        ]}
    )
    minimising = search(game, "expectiminimax")
    assert (minimising.best_move_text, minimising.value) == ("safe", 3)
    averaging = search(game, "expectimax trace=20")
    assert (averaging.best_move_text, averaging.value) == ("risky", 5)  # (0 + 10) / 2
    opponent = next(node for node in averaging.trace if node.path == (1,))
    assert opponent.kind == "chance"
    assert [node.probability for node in averaging.trace if len(node.path) == 2][:2] == [
        0.5, 0.5,
    ]


# ---- Star1 never changes the value ------------------------------------------------------


def random_tree(draw: st.DrawFn, depth: int) -> Any:
    if depth == 0 or draw(st.integers(0, 4)) == 0:
        return draw(st.integers(-9, 9))
    kind = draw(st.sampled_from(["max", "min", "chance"]))
    count = draw(st.integers(1, 3))
    children = [random_tree(draw, depth - 1) for _ in range(count)]
    node: dict[str, Any] = {"player": kind, "children": children}
    if kind == "chance":
        weights = [draw(st.integers(1, 4)) for _ in range(count)]
        node["probabilities"] = [weight / sum(weights) for weight in weights]
    return node


@st.composite
def chance_trees(draw: st.DrawFn) -> Any:
    return {"player": "max", "children": [random_tree(draw, 3) for _ in range(draw(
        st.integers(2, 3)))]}


@settings(max_examples=80, deadline=None)
@given(tree=chance_trees())
def test_star1_gives_the_same_value_and_never_more_leaves(tree: Any) -> None:
    game = TreeGame.from_data(tree)
    plain = search(game, "expectiminimax depth=8")
    star1 = search(game, "expectiminimax depth=8 star1=on")
    assert star1.value == pytest.approx(plain.value, abs=1e-9)
    assert root_scores(plain)[known(star1.best_move_text)] == pytest.approx(plain.value, abs=1e-9)
    assert star1.snapshot.leaves <= plain.snapshot.leaves
    assert star1.snapshot.cutoffs >= 0


# ---- games ---------------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["expectiminimax time=0.3", "expectiminimax star1=on time=0.3",
                                  "expectimax time=0.3"])
def test_pig_gets_a_legal_move_within_the_time_budget(spec: str) -> None:
    game = make_game("pig")
    state = game.parse_position("scores=10,20;player=1;total=15")
    result = search(game, spec, state, clock=StepClock())
    assert result.best_move in game.legal_moves(state)
    assert result.iterations, "at least depth 1 completes in 0.3 s of step-clock time"
    assert 0.3 <= result.snapshot.elapsed <= 0.31
    assert isinstance(result.value, float)


@pytest.mark.parametrize("spec", ["expectiminimax", "expectiminimax star1=on", "expectimax",
                                  "paranoid", "maxn"])
@pytest.mark.parametrize("position", ["scores=10,20;player=1;total=15",
                                      "scores=25,27;player=2;total=3"])
def test_transposition_table_keeps_the_fixed_depth_result(spec: str, position: str) -> None:
    game = make_game("pig", {"target": 30})
    state = game.parse_position(position)
    with_table = search(game, f"{spec} depth=4", state)
    without = search(game, f"{spec} depth=4 tt=off", state)
    traced = search(game, f"{spec} depth=4 trace=200000", state)  # a trace must show every node
    assert with_table.snapshot.tt_hits > 0
    assert without.snapshot.tt_probes == 0 and traced.snapshot.tt_probes == 0
    assert traced.snapshot.nodes == without.snapshot.nodes
    assert with_table.best_move == without.best_move
    assert with_table.value == pytest.approx(without.value, abs=1e-12)
    assert with_table.snapshot.nodes < without.snapshot.nodes


@pytest.mark.parametrize("searcher", ["expectiminimax", "maxn"])
def test_a_pass_answered_from_the_table_still_knows_it_met_the_horizon(searcher: str) -> None:
    # If table hits forgot that their value came from the horizon, iterative
    # deepening would stop as if the whole game had been seen.
    game = make_game("pig")
    state = game.parse_position("scores=10,20;player=1;total=15")
    config = EngineConfig.parse(f"{searcher} depth=3")
    reporter = Reporter(config.algorithm, config.text)
    request = SearchRequest(game, state, config, reporter, evaluation_of(game))
    engine: ChanceMinimax[object, object] | MaxN[object, object] = (
        ChanceMinimax(request) if searcher == "expectiminimax" else MaxN(request)
    )
    first = engine.iterate(3)
    assert engine.horizon_reached
    engine.horizon_reached = False
    hits_before = reporter.counters.tt_hits
    assert engine.iterate(3) == first
    assert reporter.counters.tt_hits - hits_before == len(game.legal_moves(state))  # all hits
    assert engine.horizon_reached


def test_iterative_deepening_on_pig_deepens_until_the_deadline() -> None:
    game = make_game("pig")
    state = game.parse_position("scores=10,20;player=1;total=15")
    result = search(game, "expectiminimax time=0.3", state, clock=StepClock())
    depths = [iteration.depth for iteration in result.iterations]
    assert depths == list(range(1, len(depths) + 1)) and len(depths) >= 3
    assert result.stopped


def test_pig_close_to_the_target_holds() -> None:
    game = make_game("pig", {"target": 20})
    state = game.parse_position("scores=18,19;player=1;total=5")
    assert search(game, "expectiminimax depth=2", state).best_move_text == "hold"


def test_a_stop_request_returns_a_legal_move() -> None:
    game = make_game("pig")
    state = game.initial_state()
    calls = iter(range(1_000_000))
    result = search(game, "expectiminimax depth=30", state, should_stop=lambda: next(calls) > 2)
    assert result.stopped
    assert result.best_move in game.legal_moves(state)


def test_three_players_are_refused_with_the_algorithms_that_fit() -> None:
    game = make_game("pig", {"players": 3})
    with pytest.raises(AlgorithmError) as error:
        search(game, "expectiminimax")
    message = str(error.value)
    assert "two-player" in message
    assert "algorithms for pig:" in message and "maxn" in message and "paranoid" in message
    assert "expectiminimax," not in message.split("algorithms for pig:")[1]


def test_live_events_carry_the_root_moves_and_end_with_the_result() -> None:
    game = make_game("pig")
    state = game.parse_position("scores=10,20;player=1;total=15")
    events: list[Any] = []
    result = search(game, "expectiminimax time=0.4", state, on_event=events.append,
                    clock=StepClock())
    snapshots = [event for event in events if isinstance(event, Snapshot)]
    assert snapshots, "a 0.4 s search sends a few snapshots"
    assert all({move.move for move in snap.root_moves} == {"roll", "hold"} for snap in snapshots)
    assert any(snap.completed_depth >= 1 and snap.score is not None for snap in snapshots)
    assert [event.depth for event in events if isinstance(event, Iteration)] == [
        iteration.depth for iteration in result.iterations
    ]
    assert events[-1] is result and result.snapshot.finished
