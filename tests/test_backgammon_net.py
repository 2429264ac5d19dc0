"""The TD(λ)-trained backgammon network: its file, its values and its training script."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from adversa.games import make_game
from adversa.games.backgammon import Backgammon
from adversa.games.backgammon_eval import race_win_chance, win_chance
from adversa.games.backgammon_moves import BAR, START, BackgammonState, Side, plays
from adversa.games.backgammon_net import (
    INPUTS,
    OUTPUTS,
    LeafNet,
    Network,
    consistent,
    encode,
    equity_of,
    net_evaluator,
    network_from_bytes,
    network_to_bytes,
    shipped_network,
)
from adversa.games.base import OptionError
from adversa.games.registry import evaluation_of, make_evaluator
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

SCRIPT = Path(__file__).parent.parent / "benchmarks" / "train_backgammon_td.py"


def side(points: dict[int, int]) -> Side:
    counts = [0] * (BAR + 1)
    for point, count in points.items():
        counts[point] = count
    counts[0] = 15 - sum(counts[1:])
    return tuple(counts)


def test_shipped_weights_load_with_the_encoding_sizes() -> None:
    network = shipped_network()
    assert len(network.input_rows) == INPUTS
    assert len(network.output_rows) == OUTPUTS
    assert shipped_network() is network  # read once


def test_weights_file_round_trips_and_wrong_sizes_are_refused() -> None:
    network = shipped_network()
    again = network_from_bytes(network_to_bytes(network))
    assert again.outputs(START, START) == pytest.approx(network.outputs(START, START), abs=1e-6)
    with pytest.raises(ValueError, match="expected"):
        network_from_bytes(network_to_bytes(network)[:-4])


def test_encoding_uses_tesauro_units() -> None:
    active = dict(encode(START, START))
    # Five checkers on the six-point: three units on and (5 − 3) / 2 in the fourth.
    assert [active.get(20 + unit) for unit in range(4)] == [1.0, 1.0, 1.0, 1.0]
    assert active[2 * 98] == pytest.approx(1.0)  # the start's 167 pips
    bar = side({6: 5, 8: 3, 13: 5, BAR: 2})
    assert dict(encode(bar, START))[96] == 1.0


def test_values_are_deterministic_probabilities_and_equity_is_inside_the_range() -> None:
    network = shipped_network()
    rng = random.Random(3)
    game = make_game("backgammon")
    state = game.initial_state()
    for _ in range(60):
        if game.is_terminal(state):
            break
        state = game.result(state, rng.choice(list(game.legal_moves(state))))
        chances = network.outputs(state.mover, state.opponent)
        assert chances == network.outputs(state.mover, state.opponent)
        assert all(0.0 <= chance <= 1.0 for chance in chances)
        assert -3.0 < network.equity(state.mover, state.opponent) < 3.0


def test_equity_is_points_per_game() -> None:
    assert equity_of((1.0, 0.0, 0.0, 0.0, 0.0)) == 1.0
    assert equity_of((0.0, 0.0, 0.0, 1.0, 0.0)) == -2.0
    assert equity_of((0.5, 0.1, 0.0, 0.1, 0.0)) == 0.0
    assert -3.0 < equity_of((1.0, 1.0, 1.0, 0.0, 0.0)) < 3.0  # strictly inside


def test_net_prefers_an_obviously_better_position() -> None:
    network = shipped_network()
    # A race: the mover bears off its last two checkers; the opponent is still at the start.
    winning = side({1: 2})
    assert network.equity(winning, START) > 0.5
    assert network.equity(START, winning) < -0.5
    # Contact: the same position, with the mover's back checkers home instead of on the bar.
    safe = side({6: 7, 8: 3, 13: 5})
    on_bar = side({6: 5, 8: 3, 13: 5, BAR: 2})
    closed = side({1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 24: 2})
    assert network.equity(safe, closed) > network.equity(on_bar, closed)


def test_evaluation_option_selects_the_net_in_search() -> None:
    game = make_game("backgammon", {"evaluation": "net"})
    assert isinstance(game, Backgammon)
    state = BackgammonState(START, START, 0, (3, 1), False)
    evaluator = make_evaluator(game)
    expected = shipped_network().equity(START, START)
    assert evaluator(state, 0) == pytest.approx(expected)
    assert evaluator(state, 1) == pytest.approx(-expected)
    config = EngineConfig.parse("expectiminimax depth=1 star1=on")
    first = run_search(game, state, config, evaluation=evaluation_of(game))
    second = run_search(game, state, config, evaluation=evaluation_of(game))
    assert first.best_move == second.best_move
    assert first.value == second.value


def test_unknown_evaluation_is_refused_in_one_line() -> None:
    with pytest.raises(OptionError, match="hand, net"):
        make_game("backgammon", {"evaluation": "oracle"})


def _training_script() -> ModuleType:
    pytest.importorskip("numpy", reason="training needs numpy (the bench extra)")
    spec = importlib.util.spec_from_file_location("train_backgammon_td", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_one_tiny_training_game_runs_and_moves_the_weights(tmp_path: Path) -> None:
    script = _training_script()
    out = tmp_path / "net.bin"
    assert script.main(["--games", "1", "--hidden", "4", "--check", "0", "--out", str(out)]) == 0
    trained = network_from_bytes(out.read_bytes())
    untrained: Network = script.Trainer(4, 1, 0.1, 0.7).network()
    assert trained.hidden == 4
    assert trained.outputs(START, START) != pytest.approx(untrained.outputs(START, START))


def random_network(hidden: int, seed: int) -> Network:
    rng = random.Random(seed)

    def row(size: int) -> tuple[float, ...]:
        return tuple(rng.uniform(-1.0, 1.0) for _ in range(size))

    return Network(tuple(row(hidden) for _ in range(INPUTS)), row(hidden),
                   tuple(row(hidden) for _ in range(OUTPUTS)), row(OUTPUTS))


def random_positions(count: int, seed: int) -> list[tuple[Side, Side]]:
    """Positions of random games (bar and bear-off ones among them), side on roll first."""
    rng = random.Random(seed)
    mover, opponent = START, START
    found: list[tuple[Side, Side]] = []
    while len(found) < count:
        play = rng.choice(plays(mover, opponent, (rng.randint(1, 6), rng.randint(1, 6))))
        if play.mover[0] == 15:
            mover, opponent = START, START
            continue
        mover, opponent = play.opponent, play.mover
        found.append((mover, opponent))
    return found


@pytest.mark.parametrize("network", [shipped_network(), random_network(7, seed=4)],
                         ids=["shipped", "random"])
def test_the_leaf_tables_give_the_networks_outputs(network: Network) -> None:
    leaf = LeafNet(network)
    positions = random_positions(400, seed=9)
    assert any(mover[BAR] for mover, _ in positions)
    assert any(mover[0] for mover, _ in positions)
    for mover, opponent in positions:
        assert leaf.outputs(mover, opponent) == pytest.approx(
            network.outputs(mover, opponent), abs=1e-12)


def test_an_evaluator_of_folded_weights_equals_one_of_the_weights() -> None:
    game = make_game("backgammon", {"evaluation": "net"})
    assert isinstance(game, Backgammon)
    network = random_network(5, seed=6)
    plain = net_evaluator(game, network, race_chance=race_win_chance).function
    folded = net_evaluator(game, LeafNet(network), race_chance=race_win_chance).function
    for mover, opponent in random_positions(100, seed=2):
        state = BackgammonState(mover, opponent, 1, (), False)
        assert folded(state, 1) == plain(state, 1) == -plain(state, 0)
    assert plain(BackgammonState(START, START, 0, (), False), 0) == pytest.approx(
        network.equity(START, START), abs=1e-12)


@pytest.mark.parametrize("network", [shipped_network(), random_network(7, seed=4)],
                         ids=["shipped", "random"])
def test_chances_are_coherent_a_gammon_never_likelier_than_its_win(network: Network) -> None:
    """The random network's raw sigmoids break these orders; the outputs must not."""
    leaf = LeafNet(network)
    for mover, opponent in random_positions(300, seed=12):
        for chances in (network.outputs(mover, opponent), leaf.outputs(mover, opponent)):
            win, win_gammon, win_backgammon, lose_gammon, lose_backgammon = chances
            assert all(0.0 <= chance <= 1.0 for chance in chances)
            assert win >= win_gammon >= win_backgammon
            assert 1.0 - win >= lose_gammon >= lose_backgammon


def test_the_trainers_batch_inputs_are_the_encoding() -> None:
    script = _training_script()
    positions = random_positions(200, seed=15)
    rows = script.dense(positions)
    for row, (mover, opponent) in zip(rows, positions, strict=True):
        expected = [0.0] * INPUTS
        for index, value in encode(mover, opponent):
            expected[index] = value
        assert row.tolist() == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("flip", [False, True], ids=["first mover", "other side"])
def test_the_trainers_traces_are_the_gradients_of_its_predictions(flip: bool) -> None:
    """With λ = 0 a trace is the gradient of one prediction (flipped for the other side):
    checked against central differences of the forward pass, weight by weight."""
    script = _training_script()
    trainer = script.Trainer(3, 7, 0.1, 0.0)
    mover, opponent = random_positions(30, seed=2)[-1]
    row = script.dense([(mover, opponent)])[0]
    hidden, out = trainer.forward(row[None, :])
    trainer.trace(row, hidden[0], out[0], flip)

    def prediction() -> list[float]:
        outputs = trainer.forward(row[None, :])[1][0]
        seen = script.flipped(outputs) if flip else outputs
        return [float(value) for value in seen]

    step = 1e-6
    for weights, trace in ((trainer.w1, trainer.trace_w1), (trainer.b1, trainer.trace_b1),
                           (trainer.w2, trainer.trace_w2), (trainer.b2, trainer.trace_b2)):
        flat, traced = weights.reshape(-1), trace.reshape(OUTPUTS, -1)
        for index in range(0, flat.size, max(1, flat.size // 40)):
            kept = flat[index]
            flat[index] = kept + step
            above = prediction()
            flat[index] = kept - step
            below = prediction()
            flat[index] = kept
            slopes = [(high - low) / (2 * step) for high, low in zip(above, below, strict=True)]
            assert traced[:, index].tolist() == pytest.approx(slopes, abs=1e-6)


def test_a_pure_race_takes_its_winning_chance_from_the_bear_off_estimate() -> None:
    evaluator = make_evaluator(make_game("backgammon", {"evaluation": "net"}))
    mover, opponent = side({1: 3, 2: 4, 3: 2, 5: 3}), side({2: 5, 4: 4, 6: 4})
    assert race_win_chance(mover, opponent) is not None
    chances = shipped_network().outputs(mover, opponent)
    expected = equity_of(consistent(win_chance(mover, opponent), *chances[1:]))
    assert expected != pytest.approx(equity_of(chances))
    race = BackgammonState(mover, opponent, 0, (), False)
    assert evaluator(race, 0) == pytest.approx(expected)
    # In contact the network alone speaks.
    assert race_win_chance(START, START) is None
    contact = BackgammonState(START, START, 1, (), False)
    assert evaluator(contact, 1) == pytest.approx(shipped_network().equity(START, START))
