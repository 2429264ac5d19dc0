"""Search-tree figures (`adversa.figures`, ``adversa tree --svg``): read back, laid out, rendered.

The SVG is parsed with `xml.etree` (well-formed; the node groups carry their kind,
``pv``, ``pruned`` and path), checked against a lecture's worked example, measured
for overlapping labels on trees of up to 40 leaves, and rendered with cairosvg
where it is installed (the ``figures`` extra).
"""

from __future__ import annotations

import ast
import itertools
import json
import random
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from adversa.cli import main
from adversa.figures import LEAF_LIMIT, FigureError, move_names, narrowed, tree_figure
from adversa.figures.layout import text_width
from adversa.games import make_game
from adversa.games.registry import evaluation_of, make_vector_evaluator
from adversa.search.config import EngineConfig
from adversa.search.engine import run_search

DATA = Path(__file__).resolve().parent / "data"
LECTURE_TREE = DATA / "lecture-alphabeta-idea.json"
SVG = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float, str]


def run(*args: str) -> Any:
    return CliRunner().invoke(main, list(args))


def draw(tmp_path: Path, *args: str) -> ET.Element:
    """``adversa tree ARGS --svg`` into ``tmp_path``, parsed (so it is well-formed XML)."""
    out = tmp_path / "figure.svg"
    outcome = run("tree", *args, "--svg", str(out))
    assert outcome.exit_code == 0, outcome.output
    return ET.fromstring(out.read_bytes())


def node_groups(svg: ET.Element) -> dict[str, ET.Element]:
    return {group.attrib["data-path"]: group for group in svg.iter(f"{SVG}g")
            if "node" in group.get("class", "").split()}


def marked(svg: ET.Element, mark: str) -> set[str]:
    return {path for path, group in node_groups(svg).items()
            if mark in group.attrib["class"].split()}


def texts(svg: ET.Element, role: str) -> list[str]:
    return [text.text or "" for text in svg.iter(f"{SVG}text") if text.get("class") == role]


# --------------------------------------------------------------------------- the lecture's answer


def test_the_lecture_example_reads_as_the_notes_answer_it(tmp_path: Path) -> None:
    """Simi's notes: max(min(3,12,8), min(2,x,y), min(14,5,2)) = 3 and x, y are pruned."""
    svg = draw(tmp_path, str(LECTURE_TREE), "--algorithm", "alphabeta")
    groups = node_groups(svg)
    assert groups["root"].attrib["data-value"] == "3"
    assert [groups[path].attrib["data-value"] for path in ("1", "2", "3")] == ["3", "2", "2"]
    assert marked(svg, "pruned") == {"2.2", "2.3"}  # x and y
    assert marked(svg, "pv") == {"root", "1", "1.1"}
    assert len(groups) == 11 + 2  # visited nodes and the two pruned stubs
    assert texts(svg, "reason") == ["cut", "2 ≤ α = 3"]
    assert "[3, ∞]" in texts(svg, "window")  # the middle MIN node is entered with α = 3
    assert {"max", "min", "leaf"} <= set(groups["root"].attrib["class"].split()) | set(
        groups["1"].attrib["class"].split()) | set(groups["1.1"].attrib["class"].split())


def test_minimax_prunes_nothing_and_reads_the_hidden_leaves(tmp_path: Path) -> None:
    svg = draw(tmp_path, str(LECTURE_TREE), "--algorithm", "minimax")
    groups = node_groups(svg)
    assert marked(svg, "pruned") == set()
    assert len(groups) == 13
    assert groups["2"].attrib["data-value"] == "-60" and groups["root"].attrib["data-value"] == "3"
    assert not any("cut" in group.get("class", "") for group in svg.iter(f"{SVG}line"))


def test_shapes_follow_the_textbook(tmp_path: Path) -> None:
    """▲ MAX (apex up), ▼ MIN (apex down), ○ chance, square leaves."""
    svg = draw(tmp_path, "expectiminimax", "--algorithm", "expectiminimax")
    groups = node_groups(svg)

    def corners(path: str) -> list[tuple[float, float]]:
        polygon = groups[path].find(f"{SVG}polygon")
        assert polygon is not None
        return [(float(x), float(y)) for x, y in
                (point.split(",") for point in polygon.attrib["points"].split())]

    apex_up = corners("root")
    assert apex_up[0][1] < apex_up[1][1] == apex_up[2][1]
    apex_down = corners("1.1")
    assert apex_down[2][1] > apex_down[0][1] == apex_down[1][1]
    assert groups["1"].find(f"{SVG}circle") is not None and "chance" in groups["1"].attrib["class"]
    assert groups["1.1.1"].find(f"{SVG}rect") is not None
    assert "1 · p=0.9" in texts(svg, "move")
    legend = " ".join(texts(svg, "legend"))
    assert "MAX node" in legend and "chance node" in legend and "principal variation" in legend


def test_text_from_the_file_is_escaped(tmp_path: Path) -> None:
    tree = tmp_path / "odd.json"
    tree.write_text(json.dumps({"title": 'A & B <"tree">', "tree": {"player": "max", "children": [
        {"label": "<a&b>", "children": [1, 2]}, {"label": "'x'", "children": [3, 4]}]}}))
    svg = draw(tmp_path, str(tree))
    assert svg.find(f"{SVG}title") is not None
    assert 'A & B <"tree">' in texts(svg, "title")
    assert {"<a&b>", "'x'"} <= set(texts(svg, "move"))


# --------------------------------------------------------------------------- layout


def measure() -> Any:
    """The rendered width of a text: cairo's own metrics for the figure's font where
    cairocffi is installed, else the layout's estimate."""
    try:
        import cairocffi
    except (ImportError, OSError):  # OSError: the package is there, the cairo library is not
        return None
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, 10, 10)
    context = cairocffi.Context(surface)

    def width(text: str, size: float, bold: bool) -> float:
        weight = cairocffi.FONT_WEIGHT_BOLD if bold else cairocffi.FONT_WEIGHT_NORMAL
        context.select_font_face("DejaVu Sans", cairocffi.FONT_SLANT_NORMAL, weight)
        context.set_font_size(size)
        advance: float = context.text_extents(text)[4]
        return advance

    return width


def svg_boxes(svg: ET.Element) -> tuple[list[Box], list[tuple[Box, Box]]]:
    """Every label and node shape of a figure as a box, read from the SVG alone; and each
    node's value box with its shape box (the value sits inside its shape)."""
    rendered = measure()
    boxes: list[Box] = []
    inside: list[tuple[Box, Box]] = []

    def text_box(text: ET.Element) -> Box:
        size = float(text.attrib["font-size"])
        bold = text.attrib.get("font-weight") == "bold"
        content = text.text or ""
        width = text_width(content, size, bold)
        if rendered is not None:
            assert rendered(content, size, bold) <= width, f"estimate too small for {content!r}"
        x, y = float(text.attrib["x"]), float(text.attrib["y"])
        left = {"middle": x - width / 2, "end": x - width}.get(text.attrib["text-anchor"], x)
        return (left, y - 0.8 * size, left + width, y + 0.25 * size, content)

    def shape_box(group: ET.Element) -> Box:
        what = group.attrib["data-path"]
        for polygon in group.iter(f"{SVG}polygon"):
            points = [tuple(map(float, p.split(","))) for p in polygon.attrib["points"].split()]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            return (min(xs), min(ys), max(xs), max(ys), what)
        for circle in group.iter(f"{SVG}circle"):
            cx, cy, r = (float(circle.attrib[k]) for k in ("cx", "cy", "r"))
            return (cx - r, cy - r, cx + r, cy + r, what)
        rect = group.find(f"{SVG}rect")
        assert rect is not None
        x, y = float(rect.attrib["x"]), float(rect.attrib["y"])
        return (x, y, x + float(rect.attrib["width"]), y + float(rect.attrib["height"]), what)

    for group in node_groups(svg).values():
        shape = shape_box(group)
        boxes.append(shape)
        for text in group.iter(f"{SVG}text"):
            if text.get("class") == "value":
                inside.append((text_box(text), shape))
            else:
                boxes.append(text_box(text))
    for text in svg.iter(f"{SVG}text"):
        if text.get("class") in ("move", "title", "caption", "legend"):
            boxes.append(text_box(text))
    return boxes, inside


def overlapping(boxes: list[Box]) -> list[tuple[str, str]]:
    return [(a[4], b[4]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]]


def random_tree(shape: list[int], rng: random.Random) -> Any:
    """A tree with ``shape[d]`` children per node at depth d, odd labels and values."""
    def label(index: int) -> str:
        return rng.choice(["a", "Nf", "11-1", "c4xd", "x", "long-move"]) + str(index)

    def grow(depth: int, index: int) -> Any:
        if depth == len(shape):
            return {"label": label(index), "value": rng.choice([3, -12, 0.5, 107, -2.25, 8])}
        return {"label": label(index),
                "children": [grow(depth + 1, child) for child in range(shape[depth])]}

    root = grow(0, 0)
    root.pop("label")
    return root


@pytest.mark.parametrize("shape", [[40], [4, 10], [10, 4], [2, 4, 5], [3, 3, 4], [2, 2, 2, 5]])
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_no_labels_overlap_up_to_forty_leaves(tmp_path: Path, shape: list[int],
                                              algorithm: str) -> None:
    tree = tmp_path / "tree.json"
    tree.write_text(json.dumps({"title": "random", "tree": random_tree(shape, random.Random(7))}))
    svg = draw(tmp_path, str(tree), "--algorithm", algorithm)
    boxes, inside = svg_boxes(svg)
    assert overlapping(boxes) == []
    for value, shape_box in inside:
        assert shape_box[0] <= value[0] and value[2] <= shape_box[2], value[4]
    width = float(svg.attrib["width"])
    assert all(box[0] >= 0 and box[2] <= width for box in boxes)


def test_leaves_are_evenly_spaced_and_parents_centred(tmp_path: Path) -> None:
    svg = draw(tmp_path, "three-ply", "--algorithm", "minimax")
    groups = node_groups(svg)

    def x(path: str) -> float:
        box = groups[path].find(f"{SVG}rect")
        box = groups[path].find(f"{SVG}polygon") if box is None else box
        assert box is not None
        if box.tag == f"{SVG}rect":
            return float(box.attrib["x"]) + float(box.attrib["width"]) / 2
        return sum(float(p.split(",")[0]) for p in box.attrib["points"].split()) / 3

    leaves = [x(f"{a}.{b}") for a in (1, 2, 3) for b in (1, 2, 3)]
    gaps = {round(right - left, 1) for left, right in itertools.pairwise(leaves)}
    assert len(gaps) == 1
    for parent in ("1", "2", "3"):
        assert x(parent) == pytest.approx(x(f"{parent}.2"), abs=0.2)
    assert x("root") == pytest.approx(x("2"), abs=0.2)


def test_a_tree_too_big_for_a_figure_is_refused() -> None:
    game = make_game("tictactoe")
    result = run_search(game, game.initial_state(), EngineConfig.create(
        "minimax", {"depth": 2, "trace": 1000}), evaluation=evaluation_of(game))
    with pytest.raises(FigureError, match=f"72 leaves .* at most {LEAF_LIMIT}"):
        tree_figure(result, "tic-tac-toe")
    assert tree_figure(result, "tic-tac-toe", limit=72).leaves == 72


# --------------------------------------------------------------------------- game positions


def test_a_game_position_is_drawn_a_few_plies_deep_and_capped(tmp_path: Path) -> None:
    svg = draw(tmp_path, "checkers", "--depth", "2", "--max-width", "3")
    groups = node_groups(svg)
    assert max(len(path.split(".")) for path in groups if path != "root") == 2
    root_children = [path for path in groups if path.count(".") == 0 and path != "root"]
    assert len(root_children) == 3
    captions = " ".join(texts(svg, "caption"))
    assert "each node keeps its 3 most promising moves by a one-ply look (the position has 7)" \
        in captions
    assert "position B:W21" in captions
    visited = [groups[path].attrib["data-value"] for path in root_children
               if "pruned" not in groups[path].attrib["class"]]
    assert float(groups["root"].attrib["data-value"]) == max(float(value) for value in visited)
    game = make_game("checkers")
    start = game.initial_state()
    kept = narrowed(game, 3).legal_moves(start)
    assert {game.format_move(start, move) for move in kept} <= set(texts(svg, "move"))


def test_a_dice_fan_with_star1_cuts_fits_side_by_side(tmp_path: Path) -> None:
    """Backgammon one ply deep: two plays, each over the 21 rolls, Star1 cutting the last
    rolls of the second. The rolls read as the lectures write their odds (1/18, 1/36), no
    labels overlap, and the leaves stay a slot apart: before the pruned stubs' tops were
    lined up with their siblings', their labels slid into the neighbours and the figure
    grew past 10,000 pixels to separate them."""
    # The hand-written evaluation: the network values a position before its roll, so a
    # search with it stops at the chance node and draws no fan (`values_before_chance`).
    svg = draw(tmp_path, "backgammon", "--set", "evaluation=hand", "-a", "expectiminimax",
               "-o", "star1=on", "-p", "E+eJASHgc/ABQg X 64", "--depth", "1",
               "--max-width", "2")
    assert marked(svg, "pruned") == {"2.19", "2.20", "2.21"}
    labels = texts(svg, "move")
    assert "31 · 1/18" in labels and "66 · 1/36" in labels
    boxes, _ = svg_boxes(svg)
    assert overlapping(boxes) == []
    assert float(svg.attrib["width"]) < 42 * 120


def test_a_long_list_of_cuts_is_shortened_in_text_and_whole_in_json() -> None:
    args = ("tree", "backgammon", "--set", "evaluation=hand", "-a", "expectiminimax",
            "-o", "star2=on",
            "-p", "sGfwATDgc/ABMA O 52", "--depth", "2", "--max-width", "3")
    text = run(*args)
    assert text.exit_code == 0, text.output
    document = json.loads(run(*args, "--json").output)
    pruned = document["pruned"]
    assert len(pruned) > 24
    line = text.output[text.output.index("pruned subtrees"):]
    assert f"… and {len(pruned) - 24} more (--json lists all)" in line
    assert pruned[23] in line and pruned[24] not in line.split("…")[0]


def test_narrowed_keeps_the_rules_and_the_most_promising_moves() -> None:
    game = make_game("connect4")
    narrow = narrowed(game, 2)
    state = narrow.initial_state()
    assert narrow.name == game.name and narrow.options == game.options
    kept = list(narrow.legal_moves(state))
    assert kept == [2, 3]  # the centre column, and of the two equal ones beside it the first
    after = narrow.result(state, kept[1])
    assert game.format_position(after) == game.format_position(game.result(state, kept[1]))
    names = move_names(narrow, state)
    assert names(()) == [game.format_move(state, move) for move in kept]
    assert names((5,)) is None


@pytest.mark.parametrize("name", ["chess", "othello", "checkers", "connect4"])
def test_the_moves_kept_are_those_a_one_ply_look_values_most(name: str) -> None:
    """Every kept move's position is worth at least every dropped one's to the mover,
    and the kept moves stay in the game's own order."""
    game = make_game(name)
    judge = make_vector_evaluator(game)
    state = game.initial_state()
    for ply in range(6):
        legal = list(game.legal_moves(state))
        kept = list(narrowed(game, 3).legal_moves(state))
        assert len(kept) == min(3, len(legal))
        assert kept == [move for move in legal if move in kept]
        mover = game.to_move(state)
        value = {legal.index(move): judge(game.result(state, move))[mover] for move in legal}
        kept_at = {legal.index(move) for move in kept}
        assert min(value[index] for index in kept_at) >= max(
            (value[index] for index in value if index not in kept_at), default=-1e9)
        state = game.result(state, legal[ply % len(legal)])


def test_a_chess_tree_from_the_start_shows_centre_pawns_not_rim_knights() -> None:
    game = make_game("chess")
    start = game.initial_state()
    kept = {game.format_move(start, move) for move in narrowed(game, 4).legal_moves(start)}
    assert kept & {"e4", "d4"} and not kept & {"Na3", "Nh3"}


@pytest.mark.parametrize(("args", "expected"), [
    (("checkers", "--depth", "4"), "--depth 4: a game position's tree goes 1 to 3 plies deep"),
    (("checkers", "--max-width", "9"), "--max-width 9: expected 1 to 8"),
    (("checkers", "--max-width", "0"), "--max-width 0: expected 1 to 8"),
    (("tictactoe", "--depth", "3", "--max-width", "8"), "leaves (counting pruned subtrees); a "
     f"figure holds at most {LEAF_LIMIT}"),
    (("three-ply", "--depth", "2"), "--depth applies to a game position"),
    (("three-ply", "-a", "mcts"), "mcts recorded no search tree to draw"),
    (("no-such-tree",), "or a game: tictactoe"),
])
def test_figure_errors_are_one_line(tmp_path: Path, args: tuple[str, ...], expected: str) -> None:
    out = tmp_path / "figure.svg"
    outcome = run("tree", *args, "--svg", str(out))
    assert outcome.exit_code == 2
    lines = outcome.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("adversa: error: ") and expected in lines[0]
    assert not out.exists()


def test_an_unwritable_figure_path_is_one_line(tmp_path: Path) -> None:
    outcome = run("tree", "three-ply", "--svg", str(tmp_path / "missing" / "figure.svg"))
    assert outcome.exit_code == 2
    assert outcome.output.count("\n") == 1 and "cannot be written" in outcome.output


def test_the_figure_is_reported_in_text_and_json(tmp_path: Path) -> None:
    out = tmp_path / "figure.svg"
    outcome = run("tree", "three-ply", "--svg", str(out))
    assert outcome.exit_code == 0 and f"figure            {out} (9 leaves" in outcome.output
    document = json.loads(run("tree", "checkers", "--svg", str(out), "--json").output)
    assert document["svg"] == str(out) and document["depth"] == 2 and document["max_width"] == 4


# --------------------------------------------------------------------------- rendering


def test_the_figure_renders_to_a_non_blank_image() -> None:
    try:
        import cairosvg
    except (ImportError, OSError) as error:  # OSError: no cairo library on the machine
        pytest.skip(f"cairosvg cannot render here ({error}); install the 'figures' extra "
                    "and the cairo library. The SVG is still checked as XML.")
    image_module = pytest.importorskip("PIL.Image", reason="Pillow comes with cairosvg")
    import io

    game = make_game("tree", {"file": "three-ply"})
    result = run_search(game, game.initial_state(),
                        EngineConfig.create("alphabeta", {"depth": 64, "trace": 100}),
                        evaluation=evaluation_of(game))
    figure = tree_figure(result, "Three-ply", ["alphabeta"],
                         names=move_names(game, game.initial_state()))
    png = cairosvg.svg2png(bytestring=figure.svg.encode())
    image = image_module.open(io.BytesIO(png)).convert("RGB")
    assert image.size == (round(figure.width), round(figure.height))
    pixels = [image.getpixel((x, y)) for x in range(image.width) for y in range(image.height)]
    inked = sum(1 for pixel in pixels if sum(pixel) < 600)
    assert inked > len(pixels) * 0.01
    green = sum(1 for r, g, b in pixels if g > 110 and r < 60 and b < 90)
    assert green > 200  # the principal variation is drawn in green


# --------------------------------------------------------------------------- layers


def test_figures_import_neither_the_app_nor_the_command_line() -> None:
    package = Path(__file__).resolve().parents[1] / "adversa" / "figures"
    for path in package.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith(("adversa.tui", "adversa.cli", "adversa.match",
                                                   "textual")), f"{path.name}: {node.module}"


# --------------------------------------------------------------------------- the explorer's key


def explorer_host(game: Any, config: EngineConfig, folder: Path) -> Any:
    """An app showing the explorer on an already finished search (no worker to wait for)."""
    from textual.app import App

    from adversa.tui.screens.tree_explorer import TreeExplorerScreen

    result = run_search(game, game.initial_state(), config, evaluation=evaluation_of(game))

    class Host(App[None]):
        def on_mount(self) -> None:
            screen = TreeExplorerScreen(game, game.initial_state(), config, result=result)
            screen.figure_dir = folder
            self.push_screen(screen)

    return Host()


async def test_the_explorer_saves_the_tree_as_a_figure(tmp_path: Path) -> None:
    game = make_game("tree", {"file": str(LECTURE_TREE)})
    app = explorer_host(game, EngineConfig.create("alphabeta", {"depth": 64, "trace": 100}),
                        tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        written = list(tmp_path.glob("adversa-tree-tree-*.svg"))
        assert len(written) == 1
        messages = [notification.message for notification in app._notifications]
        assert f"Figure saved: {written[0]}" in messages
    svg = ET.fromstring(written[0].read_bytes())
    assert marked(svg, "pruned") == {"2.2", "2.3"} and marked(svg, "pv") == {"root", "1", "1.1"}
    assert texts(svg, "title") == ["Potatura alfa-beta: l'idea (M. Simi, I giochi con "
                                   "avversario, 2011/12)"]


async def test_the_explorer_says_why_a_tree_is_too_big_to_draw(tmp_path: Path) -> None:
    app = explorer_host(make_game("tictactoe"),
                        EngineConfig.create("minimax", {"depth": 2, "trace": 1000}), tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        messages = [notification.message for notification in app._notifications]
        assert any(message.startswith("No figure: the tree has 72 leaves") for message in messages)
    assert list(tmp_path.iterdir()) == []
