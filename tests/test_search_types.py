"""The typed seams of the search: engine parameters read by type, the alpha-beta switches
read from their parameters, and the request a module's ``search`` receives."""

from __future__ import annotations

import pytest

from adversa.games import make_game
from adversa.games.registry import evaluation_of
from adversa.search import minimax
from adversa.search.config import ALGORITHMS, EngineConfig
from adversa.search.enhancements import SWITCHES, Enhancements
from adversa.search.request import SearchRequest
from adversa.search.stats import Reporter


def test_parameters_are_read_with_their_own_types() -> None:
    config = EngineConfig.parse("alphabeta depth=7 pvs=off aspiration=0.25")
    assert config.whole("depth") == 7
    assert config.flag("pvs") is False
    assert config.number("aspiration") == 0.25
    assert config.whole("trace") == 0  # a default, not given
    assert config.time_budget is None and config.node_budget is None


@pytest.mark.parametrize(("reader", "name"), [("whole", "pvs"), ("flag", "depth"),
                                              ("number", "quiescence")])
def test_a_parameter_read_as_another_type_is_a_programming_error(reader: str, name: str) -> None:
    config = EngineConfig.parse("alphabeta")
    with pytest.raises(TypeError, match=name):
        getattr(config, reader)(name)


def test_budgets_read_as_numbers() -> None:
    config = EngineConfig.parse("mcts time=1.5 nodes=2000")
    assert config.time_budget == 1.5
    assert config.node_budget == 2000 and isinstance(config.node_budget, int)
    assert EngineConfig.parse("random").time_budget is None  # random has no time parameter


def test_every_switch_of_the_kernel_is_an_alphabeta_parameter_and_back() -> None:
    switches = {parameter for _, parameter in SWITCHES}
    on_off = {option.name for option in ALGORITHMS["alphabeta"].params if option.kind == "bool"}
    assert switches == on_off - {"id"}  # iterative deepening is the driver's, not the kernel's


@pytest.mark.parametrize(("field", "parameter"), SWITCHES)
def test_each_parameter_turns_its_own_enhancement_on_and_off(field: str, parameter: str) -> None:
    for word, wanted in (("on", True), ("off", False)):
        enhancements = Enhancements.of(EngineConfig.parse(f"alphabeta {parameter}={word}"))
        assert getattr(enhancements, field) is wanted
        others = {name for name, _ in SWITCHES} - {field}
        default = Enhancements.of(EngineConfig.parse("alphabeta"))
        assert all(getattr(enhancements, name) == getattr(default, name) for name in others)


def test_sizes_come_from_their_parameters() -> None:
    enhancements = Enhancements.of(EngineConfig.parse("alphabeta tt=3 beam=5"))
    assert (enhancements.tt_megabytes, enhancements.beam) == (3, 5)


@pytest.mark.parametrize(("algorithm", "cuts"), [("minimax", False), ("alphabeta", True)])
def test_the_textbook_search_prunes_for_alphabeta_only(algorithm: str, cuts: bool) -> None:
    game = make_game("tree", {"file": "three-ply"})
    config = EngineConfig.parse(f"{algorithm} depth=3")
    reporter = Reporter(config.algorithm, config.text)
    result = minimax.search(SearchRequest(game, game.initial_state(), config, reporter,
                                          evaluation_of(game)))
    assert (result.snapshot.cutoffs > 0) is cuts
    assert result.value == 3  # the lecture's three-ply tree is worth 3 either way
