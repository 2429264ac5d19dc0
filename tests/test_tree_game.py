"""Textbook trees: the bundled lecture files, the shorthand, labels, chance and
N-player trees, positions, and errors that name the bad place in the file."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from narrowing import known, made

from adversa.games import CHANCE, IllegalMoveError, InvalidPositionError, TreeFileError
from adversa.games.tree import BUNDLED_TREES, TreeGame, bundled_trees

TREES = Path(__file__).resolve().parents[1] / "assets" / "trees"


def backed_up(game: TreeGame, state: tuple[int, ...] = ()) -> tuple[float, ...]:
    """Reference expectiminimax / max^n over the node structure (first of equal values)."""
    node = game.node(state)
    if node.value is not None:
        return node.value
    children = [backed_up(game, (*state, index)) for index in range(len(node.children))]
    if node.player is None:
        return tuple(
            sum(p * child[i] for p, child in zip(node.probabilities, children, strict=True))
            for i in range(game.num_players)
        )
    best = children[0]
    for child in children[1:]:
        if child[node.player] > best[node.player]:
            best = child
    return best


def test_the_bundled_directory_is_the_assets_directory() -> None:
    assert BUNDLED_TREES == TREES
    assert set(bundled_trees()) >= {
        "three-ply", "expectiminimax", "expectiminimax-scaled", "maxn-three-player",
    }
    help_text = TreeGame.OPTIONS[0].help
    assert all(name in help_text for name in bundled_trees())


@pytest.mark.parametrize("name", bundled_trees())
def test_every_bundled_tree_loads_by_name_and_by_path(name: str) -> None:
    by_name = TreeGame(file=name)
    by_path = TreeGame(file=str(TREES / f"{name}.json"))
    assert by_name.root == by_path.root
    assert by_name.tree_title


def test_default_file_is_the_classic_three_ply_tree() -> None:
    game = made("tree", TreeGame)
    assert game.options["file"] == "three-ply"
    assert game.num_players == 2 and game.zero_sum and not game.has_chance
    assert game.fixed_move_order
    root = game.node(())
    assert root.kind == "max" and [child.kind for child in root.children] == ["min"] * 3
    leaves = [[known(leaf.value)[0] for leaf in child.children] for child in root.children]
    assert leaves == [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
    assert backed_up(game) == (3.0, -3.0)
    assert game.utility_bounds() == (-14.0, 14.0)


def test_expectiminimax_trees_reproduce_the_lecture_arithmetic() -> None:
    game = TreeGame(file="expectiminimax")
    scaled = TreeGame(file="expectiminimax-scaled")
    for tree in (game, scaled):
        assert tree.has_chance and tree.zero_sum
        assert tree.format_moves((), tree.legal_moves(())) == ["a1", "a2"]
        assert tree.to_move((0,)) == CHANCE and tree.chance_outcomes((0,)) == [(0, 0.9), (1, 0.1)]
    values = [backed_up(game, (move,))[0] for move in (0, 1)]
    assert math.isclose(values[0], 2.1) and math.isclose(values[1], 1.3)
    scaled_values = [backed_up(scaled, (move,))[0] for move in (0, 1)]
    assert math.isclose(scaled_values[0], 21.0) and math.isclose(scaled_values[1], 40.9)
    # Same leaf order, different choice: that is the point of the pair.
    assert values[0] > values[1] and scaled_values[0] < scaled_values[1]


def test_maxn_tree_backs_up_the_lecture_vector() -> None:
    game = TreeGame(file="maxn-three-player")
    assert game.num_players == 3 and not game.zero_sum and not game.has_chance
    assert [game.node(path).player for path in ((), (0,), (0, 0))] == [0, 1, 2]
    assert game.node(()).kind == "player"
    assert backed_up(game) == (1.0, 2.0, 6.0)
    assert backed_up(game, (1,)) == (1.0, 5.0, 2.0)  # A is indifferent: 1 either way


def test_shorthand_alternates_max_and_min_by_depth() -> None:
    game = TreeGame.from_data([[[1, 2], [3]], 4], source="mem")
    assert game.node(()).kind == "max"
    assert game.node((0,)).kind == "min"
    assert game.node((0, 0)).kind == "max"
    assert game.node((1,)).value == (4.0, -4.0)
    assert game.to_move((0, 0)) == 0 and game.to_move((0,)) == 1


def test_alternation_continues_across_chance_nodes() -> None:
    game = TreeGame.from_data({"children": [{"player": "chance", "children": [[1, 2], [3]]}]})
    assert game.node(()).kind == "max"
    assert game.node((0, 0)).kind == "min"
    assert game.chance_outcomes((0,)) == [(0, 0.5), (1, 0.5)]


def test_labels_name_moves_and_default_to_positions() -> None:
    game = TreeGame.from_data(
        {
            "player": "max",
            "children": [{"label": "left", "value": 1}, 2, {"label": "Go", "value": 3}],
        }
    )
    assert game.format_moves((), game.legal_moves(())) == ["left", "2", "Go"]
    assert game.parse_move((), "LEFT") == 0 and game.parse_move((), "go") == 2
    with pytest.raises(IllegalMoveError, match="legal moves: left, 2, Go"):
        game.parse_move((), "1")
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.parse_move((1,), "1")


def test_positions_are_dotted_child_paths() -> None:
    game = TreeGame(file="three-ply")
    assert game.parse_position("") == game.parse_position("root") == ()
    assert game.parse_position("2.1") == (1, 0) == game.parse_position("root.2.1")
    assert game.format_position((1, 0)) == "2.1" and game.format_position(()) == "root"
    assert game.utility(game.parse_position("3.1")) == (14.0, -14.0)
    for text in ("4", "2.4", "1.1.1", "x", "2..1"):
        with pytest.raises(InvalidPositionError):
            game.parse_position(text)


def test_vector_trees_need_vectors_everywhere() -> None:
    game = TreeGame.from_data({"player": 0, "children": [{"value": [1, -1]}, {"value": [0, 0]}]})
    assert game.num_players == 2 and game.zero_sum
    general = TreeGame.from_data({"player": 1, "children": [{"value": [1, 2]}, {"value": [0, 0]}]})
    assert not general.zero_sum and general.to_move(()) == 1


@pytest.mark.parametrize(
    ("data", "where", "expected"),
    [
        ([[3, 12, 8], [2, "x", 6]], "root[1][1]", "expected a number, a list or an object"),
        ({"children": [1, {"kids": []}]}, "root.children[1]", 'with "value" or "children"'),
        ({"player": "max", "children": []}, "root.children", "non-empty list"),
        ({"player": "maybe", "children": [1]}, "root", '"max", "min", "chance"'),
        (
            {"player": "chance", "probabilities": [0.5, 0.4], "children": [1, 2]},
            "root.probabilities",
            "sum to 0.9; expected 1",
        ),
        (
            {"player": "chance", "probabilities": [1], "children": [1, 2]},
            "root.probabilities",
            "expected 2 non-negative numbers",
        ),
        ({"player": "max", "probabilities": [1], "children": [1]}, "root", "only for chance"),
        ([{"value": [1, 2, 3]}, {"value": [1, 2]}], "root[1].value", "list of 3 numbers"),
        ([{"value": [1, 2, 3]}, 4], "root[1]", "list of 3 numbers"),
        ({"player": "max", "children": [{"value": [1, 2, 3]}]}, "root", "two-player tree"),
        ([1, {"value": 2, "label": 3}], "root[1]", "label"),
        ([{"value": 1, "label": "a"}, {"value": 2, "label": "A"}], "root[1]", "used twice"),
        ([1, {"value": 2, "extra": 1}], "root[1]", "unknown key 'extra'"),
        ([1, True], "root[1]", "expected a number"),
    ],
)
def test_bad_trees_name_the_path(data: Any, where: str, expected: str) -> None:
    with pytest.raises(TreeFileError) as caught:
        TreeGame.from_data(data, source="tree.json")
    message = str(caught.value)
    assert message.startswith(f"tree.json: {where}: "), message
    assert expected in message and "\n" not in message


def test_bad_files_give_one_line_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"tree": [1, 2,', encoding="utf-8")
    with pytest.raises(TreeFileError, match=r"broken.json: not valid JSON: .* line 1"):
        TreeGame(file=str(broken))
    nested = tmp_path / "nested.json"
    nested.write_text(json.dumps({"tree": [[1, 2], [3, None]]}), encoding="utf-8")
    with pytest.raises(TreeFileError, match=r"nested.json: root\[1\]\[1\]: expected"):
        TreeGame(file=str(nested))
    with pytest.raises(TreeFileError, match="not found; expected a JSON file or a bundled tree"):
        TreeGame(file=str(tmp_path / "missing.json"))
    wrapped = tmp_path / "wrapped.json"
    wrapped.write_text(json.dumps({"tree": [1], "name": "x"}), encoding="utf-8")
    with pytest.raises(TreeFileError, match="unknown key 'name' at the top"):
        TreeGame(file=str(wrapped))


def test_absurdly_deep_files_are_refused_cleanly(tmp_path: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "1" + "]" * 100_000, encoding="utf-8")
    with pytest.raises(TreeFileError, match=r"deep\.json: the tree is too deep to load"):
        TreeGame(file=str(deep))


def test_render_shows_players_probabilities_and_leaves() -> None:
    text = TreeGame(file="expectiminimax").render(())
    assert text.splitlines()[:3] == ["root: MAX", "  a1: chance", "    1 (p=0.9): MIN"]
    assert "      1: 2" in text
