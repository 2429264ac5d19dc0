"""adversa's checkers against OpenSpiel's ``checkers`` (open_spiel 2.0.2), an independent
implementation, through the mapping the strength benchmark's MCTS adapter uses
(benchmarks/opponents/spiel.py: the board turned half a turn, adversa's Black is
OpenSpiel's White ``o``, player numbers equal).

Agreed rules, checked here position by position on random games and by perft: Black
(OpenSpiel's player 0) moves first, captures are compulsory, a multi-jump must be
continued to its end and is one move (OpenSpiel: several jump actions by the same
player), a man crowned by a jump stops there, men step and jump forwards only, kings
both ways, a side without a legal move loses.

Rule differences found (so results are compared only where both rules apply):

- OpenSpiel draws after 40 *actions* without a capture (``kMaxMovesWithoutCapture``;
  man moves do not reset the count), i.e. 40 plies, 20 moves each. adversa (ACF) draws
  after 80 plies without a capture *or a man move*, so OpenSpiel's draw always comes
  first; a random game often reaches it while adversa plays on (a test below shows one).
- OpenSpiel has no repetition rule; adversa draws on the third repetition (it needs 40+
  plies of king moves, so in practice OpenSpiel's draw comes first again).
- OpenSpiel's perft counts at most 40 quiet plies, so perft is compared from positions
  where its count stays far below that.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest

from adversa.games import make_game
from adversa.games.checkers import Checkers, CheckersState

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel (pip install open_spiel, the 'oracle' extra) is the oracle"
)

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

from opponents.base import RulesEnded  # noqa: E402
from opponents.spiel import (  # noqa: E402
    SPIEL_NO_CAPTURE_PLIES,
    OpenSpielMcts,
    action_squares,
    path_actions,
    spiel_pieces,
    spiel_state_after,
)

GAME: Checkers = make_game("checkers")  # type: ignore[assignment]
SPIEL = pyspiel.load_game("checkers")

Board = tuple[tuple[int, str], ...]


def spiel_turns(mirror: Any) -> list[tuple[tuple[int, ...], Board]]:
    """Every whole turn of OpenSpiel's side to move: (path of squares, board after)."""
    player = mirror.current_player()
    turns: list[tuple[tuple[int, ...], Board]] = []

    def walk(state: Any, path: tuple[int, ...]) -> None:
        for action in state.legal_actions():
            start, land = action_squares(action)
            extended = (*path, land) if path else (start, land)
            child = state.child(action)
            if not child.is_terminal() and child.current_player() == player:
                walk(child, extended)
            else:
                turns.append((extended, tuple(spiel_pieces(child).items())))

    walk(mirror, ())
    return sorted(turns)


def adversa_turns(state: CheckersState) -> list[tuple[tuple[int, ...], Board]]:
    return sorted((move.path, tuple(GAME.pieces(GAME.result(state, move)).items()))
                  for move in GAME.legal_moves(state))


def spiel_perft(state: Any, depth: int) -> int:
    """Whole turns (a multi-jump is one) to ``depth``, like adversa's move-path perft."""
    if depth == 0:
        return 1
    player = state.current_player()

    def turns_from(node: Any) -> int:
        total = 0
        for action in node.legal_actions():
            child = node.child(action)
            if not child.is_terminal() and child.current_player() == player:
                total += turns_from(child)
            else:
                total += spiel_perft(child, depth - 1)
        return total

    return turns_from(state)


def random_game(seed: int) -> list[str]:
    """A random game's move texts, played in adversa, until either rule set ends it."""
    rng = random.Random(seed)
    state, moves = GAME.initial_state(), list[str]()
    quiet = 0
    while not GAME.is_terminal(state) and quiet < SPIEL_NO_CAPTURE_PLIES:
        move = rng.choice(GAME.legal_moves(state))
        moves.append(GAME.format_move(state, move))
        quiet = 0 if move.captured else quiet + 1
        state = GAME.result(state, move)
    return moves


def test_the_start_positions_and_first_mover_agree() -> None:
    mirror = SPIEL.new_initial_state()
    state = GAME.initial_state()
    assert spiel_pieces(mirror) == GAME.pieces(state)
    assert mirror.current_player() == GAME.to_move(state) == 0
    assert adversa_turns(state) == spiel_turns(mirror)


@pytest.mark.parametrize("seed", range(40))
def test_random_games_agree_position_by_position(seed: int) -> None:
    """Every position of a random game: the side to move, every move as a path of squares
    with the board it leaves, and at the end who won. Checked up to OpenSpiel's 40-ply
    no-capture draw, where the rules part (module docstring)."""
    rng = random.Random(seed)
    state, mirror = GAME.initial_state(), SPIEL.new_initial_state()
    quiet = 0  # plies since a capture: OpenSpiel's counter, since each jump resets it
    multi_jumps = 0
    while True:
        assert spiel_pieces(mirror) == GAME.pieces(state)
        if quiet >= SPIEL_NO_CAPTURE_PLIES:
            assert mirror.is_terminal() and list(mirror.returns()) == [0.0, 0.0]
            break
        outcome = GAME.outcome(state)
        if outcome is not None and outcome.reason == "threefold repetition":
            break  # OpenSpiel has no repetition rule
        assert mirror.is_terminal() == GAME.is_terminal(state)
        if GAME.is_terminal(state):
            assert list(mirror.returns()) == list(GAME.utility(state))
            break
        assert mirror.current_player() == GAME.to_move(state)
        assert spiel_turns(mirror) == adversa_turns(state)
        move = rng.choice(GAME.legal_moves(state))
        multi_jumps += len(move.path) > 2 and move.captured != 0
        for action in path_actions(move.path):
            mirror.apply_action(action)
        quiet = 0 if move.captured else quiet + 1
        state = GAME.result(state, move)


def test_random_games_reach_the_interesting_cases() -> None:
    """The seeds above are not all quiet: between them they crown kings, make
    multi-jumps, and end both by a loss and by OpenSpiel's no-capture draw."""
    endings, kings, multi = set(), 0, 0
    for seed in range(40):
        moves = random_game(seed)
        state = GAME.initial_state()
        for text in moves:
            move = GAME.parse_move(state, text)
            multi += move.captured.bit_count() > 1
            state = GAME.result(state, move)
        kings += state.kings != 0
        endings.add("loss" if GAME.is_terminal(state) else "spiel draw")
    assert endings == {"loss", "spiel draw"} and kings > 0 and multi > 0


@pytest.mark.parametrize(("seed", "plies", "depth"), [(None, 0, 5), (3, 14, 4), (5, 30, 3),
                                                      (8, 50, 3)])
def test_perft_agrees(seed: int | None, plies: int, depth: int) -> None:
    """From the start and from positions of random games taken right after a capture
    (so OpenSpiel's no-capture count is 0 and cannot end its perft early)."""
    state, mirror = GAME.initial_state(), SPIEL.new_initial_state()
    if seed is not None:
        moves = random_game(seed)
        cut = max((i + 1 for i, text in enumerate(moves[:plies]) if "x" in text), default=0)
        mirror = spiel_state_after(SPIEL, GAME, moves[:cut])
        for text in moves[:cut]:
            state = GAME.result(state, GAME.parse_move(state, text))
    assert spiel_pieces(mirror) == GAME.pieces(state)
    assert spiel_perft(mirror, depth) == GAME.perft(state, depth)


def test_openspiel_draws_after_40_plies_without_a_capture_where_adversa_plays_on() -> None:
    """The rule difference the MCTS adapter reports as an adjudicated draw."""
    seed = next(seed for seed in range(100)
                if not GAME.is_terminal(_after(random_game(seed))))
    moves = random_game(seed)
    mirror = spiel_state_after(SPIEL, GAME, moves)
    state = _after(moves)
    assert mirror.is_terminal() and list(mirror.returns()) == [0.0, 0.0]
    assert not GAME.is_terminal(state)
    assert any("-" in text for text in moves[-SPIEL_NO_CAPTURE_PLIES:])  # man moves counted


def test_the_adapter_resets_openspiels_count_so_the_game_goes_on() -> None:
    """Where OpenSpiel's 40-ply draw would end the game and adversa's rules do not, the
    adapter's replay resets OpenSpiel's count (stand-in moves applied and undone;
    UndoAction leaves the count at 0) and OpenSpiel's moves are still adversa's, to the
    end. Random games reach OpenSpiel's draw with the kings far apart; a jump over a
    neighbour alone carries few of them on, walking pieces together carries them all."""
    long_games = [moves for moves in map(long_random_game, range(200))
                  if _first_spiel_draw(moves) is not None]
    carried, without_walks = 0, 0
    for moves in long_games:
        first_draw = _first_spiel_draw(moves)
        assert first_draw is not None
        try:
            spiel_state_after(SPIEL, GAME, moves, keep_going=True, approach_from=41)
            without_walks += 1
        except RulesEnded:
            pass
        for cut in (first_draw, len(moves)):
            mirror = spiel_state_after(SPIEL, GAME, moves[:cut], keep_going=True)
            state = _after(moves[:cut])
            assert spiel_pieces(mirror) == GAME.pieces(state)
            if not GAME.is_terminal(state):
                assert mirror.current_player() == GAME.to_move(state)
                assert spiel_turns(mirror) == adversa_turns(state)
        carried += 1
    assert len(long_games) >= 20 and carried == len(long_games) > 2 * without_walks


def long_random_game(seed: int) -> list[str]:
    """A random game played to the end by adversa's rules alone (at most 300 plies)."""
    rng = random.Random(seed)
    state, moves = GAME.initial_state(), list[str]()
    while not GAME.is_terminal(state) and len(moves) < 300:
        move = rng.choice(GAME.legal_moves(state))
        moves.append(GAME.format_move(state, move))
        state = GAME.result(state, move)
    return moves


def _first_spiel_draw(moves: list[str]) -> int | None:
    """The ply at which OpenSpiel's 40-ply no-capture draw would first end the game."""
    quiet = 0
    for ply, text in enumerate(moves, start=1):
        quiet = 0 if "x" in text else quiet + 1
        if quiet == SPIEL_NO_CAPTURE_PLIES:
            return ply
    return None


def _after(moves: list[str]) -> CheckersState:
    state = GAME.initial_state()
    for text in moves:
        state = GAME.result(state, GAME.parse_move(state, text))
    return state


def test_the_mcts_adapter_plays_a_legal_move_and_a_whole_multi_jump() -> None:
    bot = OpenSpielMcts(simulations=30, seed=1)
    bot.new_game()
    assert bot.choose(GAME.initial_state(), []) in GAME.legal_moves(GAME.initial_state())
    moves, state = _first_forced_multi_jump()
    chosen = bot.choose(state, moves)
    assert chosen in GAME.legal_moves(state) and chosen.captured.bit_count() > 1


def _first_forced_multi_jump() -> tuple[list[str], CheckersState]:
    """The first position of the random games above where every move is a multi-jump."""
    for seed in range(100):
        moves = random_game(seed)
        state = GAME.initial_state()
        for index, text in enumerate(moves):
            legal = GAME.legal_moves(state)
            if all(move.captured.bit_count() > 1 for move in legal):
                return moves[:index], state
            state = GAME.result(state, GAME.parse_move(state, text))
    raise AssertionError("no forced multi-jump in 100 random games")
