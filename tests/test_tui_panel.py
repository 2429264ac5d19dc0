"""The panel's root-move list: best first, the best and the searched move always shown."""

from __future__ import annotations

import dataclasses

from textual.app import App, ComposeResult
from textual.widgets import Static

from adversa.games import make_game
from adversa.search.stats import RootMove, Snapshot
from adversa.tui.panel import SearchPanel
from adversa.tui.rootlist import RootMovesList, ranked_roots, root_line

BASE = Snapshot(
    algorithm="alphabeta", config="alphabeta depth=4", elapsed=0.1, time_budget=None,
    depth=4, completed_depth=3, seldepth=4, nodes=1_000, leaves=800, cutoffs=10, pruned=20,
    tt_probes=0, tt_hits=0, tt_stores=0, tt_fill=0.0, nps=10_000.0, score=None, pv=(),
    root_moves=(), current_move=None, iterations=(),
)


def snapshot(*roots: RootMove, pv: tuple[str, ...] = (), current: str | None = None,
             finished: bool = False) -> Snapshot:
    return dataclasses.replace(BASE, root_moves=roots, pv=pv, current_move=current,
                               finished=finished)


def names(roots: list[RootMove]) -> list[str]:
    return [root.move for root in roots]


def test_scores_rank_best_first_with_bounds_by_their_number_and_unknowns_last() -> None:
    roots = (
        RootMove("a", 1.0, bound="upper"),  # at most 1: proven no better than the best
        RootMove("b"),                       # not searched yet
        RootMove("c", 3.0),
        RootMove("d", 3.0, bound="upper"),
        RootMove("e", -2.0),
        RootMove("f", 5.0, bound="lower"),   # at least 5: a fail-high, better than 3
    )
    assert names(ranked_roots(snapshot(*roots))) == ["f", "c", "d", "a", "e", "b"]


def test_equal_scores_put_the_principal_variation_first_then_generation_order() -> None:
    roots = tuple(RootMove(name, 0.0) for name in "pqrs")
    assert names(ranked_roots(snapshot(*roots, pv=("r", "p")))) == ["r", "p", "q", "s"]


def test_the_move_the_engine_would_play_leads_even_when_the_next_iteration_scores_it_lower(
) -> None:
    """tmux: a stopped checkers search listed its chosen 24-20 last (−3 from the unfinished
    iteration) under five moves bounded by the last completed one (≤ +2)."""
    roots = (RootMove("21-17", 2.0, bound="upper"), RootMove("22-18", 2.0, bound="upper"),
             RootMove("24-20", -3.0))
    assert names(ranked_roots(snapshot(*roots, pv=("24-20", "9-14")))) == [
        "24-20", "21-17", "22-18"]


def test_mcts_ranks_by_visits() -> None:
    roots = (RootMove("a", 0.9, visits=3), RootMove("b", 0.1, visits=40),
             RootMove("c", 0.5, visits=12))
    assert names(ranked_roots(snapshot(*roots))) == ["b", "c", "a"]


def test_vectors_and_chance_outcomes_keep_their_order_but_the_pv_move_leads() -> None:
    vectors = (RootMove("hold", (0.2, 0.8)), RootMove("roll", (0.6, 0.4)))
    assert names(ranked_roots(snapshot(*vectors, pv=("roll",)))) == ["roll", "hold"]
    outcomes = tuple(RootMove(str(face), 0.5 * face, probability=1 / 6) for face in range(1, 7))
    assert names(ranked_roots(snapshot(*outcomes, pv=("6",)))) == list("123456")


class PanelApp(App[None]):
    """A search panel alone, short enough that the root list must scroll."""

    def compose(self) -> ComposeResult:
        yield SearchPanel("Search")


async def test_every_root_move_is_listed_best_first_and_the_list_scrolls() -> None:
    """Was: the best eight and "… 40 more". A 48-stone Nim pile has 48 root moves."""
    game = make_game("nim", {"piles": "48"})
    state = game.initial_state()
    texts = [game.format_move(state, move) for move in game.legal_moves(state)]
    assert len(texts) == 48
    roots = tuple(RootMove(text, float(index == 40)) for index, text in enumerate(texts))
    app = PanelApp()
    async with app.run_test(size=(60, 30)) as pilot:
        panel = app.query_one(SearchPanel)
        panel.show_snapshot(snapshot(*roots, pv=(texts[40],), current=texts[47]))
        await pilot.pause()
        listed = panel.query_one(RootMovesList)
        assert sorted(listed.moves) == sorted(texts) and listed.moves[0] == texts[40]
        assert listed.virtual_size.height == 48
        assert 0 < listed.size.height < 48  # it does not fit: it must scroll
        title = str(panel.query_one("#panel-roots-title", Static).render())
        assert "root moves (48), searching " + texts[47] in title  # even when scrolled away
        first_line = listed.render_line(0).text
        assert texts[40] in first_line
        listed.focus()
        await pilot.press("end")
        await pilot.pause()
        assert listed.scroll_offset.y == 48 - listed.size.height
        assert listed.moves[-1] in listed.render_line(listed.size.height - 1).text


def test_the_move_being_searched_is_marked() -> None:
    roots = tuple(RootMove(f"m{index}", float(-index)) for index in range(12))
    live = snapshot(*roots, pv=("m0",), current="m10")
    assert root_line(roots[10], live, searching=True).plain.startswith("▶ m10")
    assert not root_line(roots[3], live, searching=False).plain.startswith("▶")


async def test_an_engine_too_long_for_the_panel_ends_in_an_ellipsis() -> None:
    """Was: the engine's text wrapped onto a hidden second line, so the panel showed
    ``… lmr=on lmrfrom=1`` as if that were the whole engine."""
    long = "alphabeta depth=64 time=2 lmr=on lmrfrom=1 nullmove=on futility=on"
    app = PanelApp()
    async with app.run_test(size=(50, 30)) as pilot:
        panel = app.query_one(SearchPanel)
        panel.show_snapshot(dataclasses.replace(BASE, config=long))
        await pilot.pause()
        shown = panel.query_one("#panel-config", Static)
        line = shown.render_line(0).text.rstrip()
        assert line.endswith("…") and long.startswith(line[:-1])
