"""OpenSpiel's ``checkers`` seen through adversa's board, and its C++ MCTS bot as an opponent.

OpenSpiel draws the same 8×8 board with White (``o``, player 0) at the bottom moving first
and Black (``+``, player 1) at the top; adversa has Black on 1–12 at the top moving first.
Turning the board half a turn maps one onto the other: adversa's player p is OpenSpiel's
player p, adversa's square at (row, col) is OpenSpiel's cell (7 − row, 7 − col), adversa's
Black pieces are OpenSpiel's ``o``/``8`` and its White pieces ``+``/``*``. Crowning rows
and the directions men move in map across too.

An OpenSpiel action is one step or one single jump, ``((row·8 + col)·4 + direction)·2 +
type`` (type 1 a jump; direction 0 up-left, 1 up-right, 2 down-right, 3 down-left); a
multi-jump is several jump actions by the same player, whose turn ends when no further
jump is possible or a man is crowned.

OpenSpiel's states cannot be set up from a position (its ``SetCustomBoard`` is not in
the Python binding), so a position is reached by replaying the game's moves from the
start. Its rules differ from adversa's (ACF) in the draw rule only:
`SPIEL_NO_CAPTURE_PLIES` actions without a capture draw the game (man moves do not reset
the count, there is no repetition rule), where adversa draws after 80 plies without a
capture or a man move, or on the third repetition.

The games are refereed by adversa's rules, so the adapter's replay sets OpenSpiel's count
back to 0 wherever it can (`reset_no_capture_count`) and the bot plays on past OpenSpiel's
draw. When the count reaches 40 anyway the adapter reports `RulesEnded` and the match
adjudicates a draw (and counts it).
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from itertools import pairwise
from typing import Any

from adversa.games.checkers import Checkers, CheckersMove, CheckersState
from adversa.games.checkers_board import square_at, square_coordinates

from .base import OpponentError, RulesEnded

SPIEL_NO_CAPTURE_PLIES = 40
"""OpenSpiel's ``kMaxMovesWithoutCapture``: actions (single steps or jumps) since a capture."""

DIRECTIONS = ((-1, -1), (-1, 1), (1, 1), (1, -1))
"""OpenSpiel's direction index → (row step, column step), in its own orientation."""

LETTERS = {"o": "b", "8": "B", "+": "w", "*": "W"}
"""OpenSpiel's piece characters → adversa's (Black is OpenSpiel's White, and so on)."""


def spiel_cell(square: int) -> tuple[int, int]:
    """OpenSpiel's (row, col) of adversa's square (the board turned half a turn)."""
    row, col = square_coordinates(square)
    return 7 - row, 7 - col


def square_of_cell(row: int, col: int) -> int:
    square = square_at(7 - row, 7 - col)
    if square is None:
        raise ValueError(f"OpenSpiel cell ({row}, {col}) is not a dark square")
    return square


def step_action(start: int, land: int) -> int:
    """The OpenSpiel action for one step or single jump between adversa squares."""
    return _action(spiel_cell(start), spiel_cell(land))


def path_actions(path: Sequence[int]) -> list[int]:
    """The OpenSpiel actions that play an adversa move (one per step or jump)."""
    return [step_action(a, b) for a, b in pairwise(path)]


def action_squares(action: int) -> tuple[int, int]:
    """(start, landing) adversa squares of one OpenSpiel action."""
    rest, jump = divmod(action, 2)
    rest, direction = divmod(rest, 4)
    row, col = divmod(rest, 8)
    dr, dc = DIRECTIONS[direction]
    reach = jump + 1
    return square_of_cell(row, col), square_of_cell(row + dr * reach, col + dc * reach)


def spiel_pieces(spiel_state: Any) -> dict[int, str]:
    """adversa's square → piece map of an OpenSpiel checkers state (from its board text)."""
    rows = str(spiel_state).splitlines()[:8]
    pieces = {}
    for row, line in enumerate(rows):
        for col, char in enumerate(line[-8:]):
            if char in LETTERS:
                pieces[square_of_cell(row, col)] = LETTERS[char]
    return dict(sorted(pieces.items()))


Cell = tuple[int, int]

APPROACH_FROM = 30
"""From this no-capture count on, a reset may walk pieces together (it costs a search)."""

MAX_APPROACH_STEPS = 8
"""How many stand-in steps `reset_no_capture_count` may make to bring two pieces together."""


def reset_no_capture_count(mirror: Any, approach: bool = False) -> Any | None:
    """The same position with OpenSpiel's no-capture count at 0, or None if not found.

    OpenSpiel's ``UndoAction`` restores the board, the side to move and the result but
    not ``moves_without_capture_`` (nor a pending multi-jump), and ``apply_action`` does
    not check legality; so a jump by the side to move over an adjacent opposing piece
    (in any direction, legal or not) that ends the turn, applied and undone, leaves the
    position as it was with the count at 0 (tests/test_checkers_openspiel.py pins this
    behaviour of open_spiel 2.0.2). With ``approach``, where no piece has such a jump,
    two opposing pieces first walk towards each other (stand-in steps, taking turns,
    each undone afterwards like the jump).
    """
    player = mirror.current_player()
    owner = {spiel_cell(square): 0 if piece in "bB" else 1
             for square, piece in spiel_pieces(mirror).items()}
    mine = [cell for cell, side in owner.items() if side == player]
    theirs = [cell for cell, side in owner.items() if side != player]
    pairs: Sequence[tuple[Cell, Cell | None]] = [(x, None) for x in mine]
    if approach:
        nearest_first = sorted(((x, y) for x in mine for y in theirs), key=_distance)
        pairs = nearest_first
    for x, y in pairs:
        for steps, jump in _plans(owner, x, y):
            trial = mirror.clone()
            done = []
            for index, (start, end) in enumerate(steps):
                action = _action(start, end)
                trial.apply_action(action)
                done.append((player if index % 2 == 0 else 1 - player, action))
            action = _action(*jump)
            trial.apply_action(action)
            if trial.is_terminal() or trial.current_player() != player:  # the turn ended
                for mover, undone in [(player, action), *reversed(done)]:
                    trial.undo_action(mover, undone)
                return trial
    return None


def _distance(pair: tuple[Cell, Cell]) -> int:
    (r1, c1), (r2, c2) = pair
    return max(abs(r1 - r2), abs(c1 - c2))


def _action(start: Cell, end: Cell) -> int:
    """OpenSpiel's action moving the piece on ``start`` to ``end`` (a step or a jump)."""
    distance = abs(end[0] - start[0])
    direction = DIRECTIONS.index(((end[0] - start[0]) // distance,
                                  (end[1] - start[1]) // distance))
    return ((start[0] * 8 + start[1]) * 4 + direction) * 2 + distance - 1


def _plans(owner: dict[Cell, int], x: Cell,
           y: Cell | None) -> Iterator[tuple[list[tuple[Cell, Cell]], tuple[Cell, Cell]]]:
    """Ways for the piece on ``x`` to jump an opposing piece: at once (``y`` None: over any
    neighbour), or after ``x`` and ``y`` take turns stepping towards each other (breadth
    first, at most `MAX_APPROACH_STEPS` steps); each is (steps, jump)."""
    side = owner[x]

    def jumps(at: Cell, over_only: Cell | None,
              occupied: set[Cell]) -> Iterator[tuple[Cell, Cell]]:
        for dr, dc in DIRECTIONS:
            over, land = (at[0] + dr, at[1] + dc), (at[0] + 2 * dr, at[1] + 2 * dc)
            if (over_only in (None, over) and over in occupied and owner.get(over) != side
                    and 0 <= land[0] < 8 and 0 <= land[1] < 8 and land not in occupied):
                yield at, land

    if y is None:
        for jump in jumps(x, None, set(owner)):
            yield [], jump
        return
    others = set(owner) - {x, y}
    paths: dict[tuple[Cell, Cell, int], list[tuple[Cell, Cell]]] = {(x, y, 0): []}
    frontier = [(x, y)]
    for depth in range(MAX_APPROACH_STEPS + 1):
        following = []
        for here in frontier:
            at, target = here
            occupied = others | {at, target}
            if depth % 2 == 0:
                for jump in jumps(at, target, occupied):
                    yield paths[(*here, 0)], jump
            moving = at if depth % 2 == 0 else target
            for dr, dc in DIRECTIONS:
                to = (moving[0] + dr, moving[1] + dc)
                if not (0 <= to[0] < 8 and 0 <= to[1] < 8) or to in occupied:
                    continue
                there = (to, target) if depth % 2 == 0 else (at, to)
                key = (*there, (depth + 1) % 2)
                if key not in paths:
                    paths[key] = [*paths[(*here, depth % 2)], (moving, to)]
                    following.append(there)
        frontier = following


def spiel_state_after(spiel_game: Any, game: Checkers, moves: Sequence[str],
                      keep_going: bool = False, approach_from: int = APPROACH_FROM) -> Any:
    """OpenSpiel's state after adversa's move texts from the initial position.

    ``keep_going``: after every quiet move, reset OpenSpiel's no-capture count where
    `reset_no_capture_count` can (walking pieces together from ``approach_from`` on), so
    its 40-ply draw (not a rule in adversa's games) ends the game only after 40 plies in
    which that was never possible; the adapter reports that as `RulesEnded`. Resetting at
    every chance rather than only at the limit keeps the bot's view close to adversa's
    rules, which draw far later (80 plies without a capture or a man move) and which its
    search should not see coming 20 moves early.
    """
    state = game.initial_state()
    mirror = spiel_game.new_initial_state()
    quiet = 0  # OpenSpiel's count: every action but a jump adds one
    for text in moves:
        move = game.parse_move(state, text)
        if keep_going and mirror.is_terminal():
            raise RulesEnded(f"OpenSpiel's {SPIEL_NO_CAPTURE_PLIES}-ply no-capture draw "
                             "(its count could not be reset)")
        for action in path_actions(move.path):
            if action not in mirror.legal_actions():
                raise OpponentError(
                    f"OpenSpiel does not allow {text} in {game.format_position(state)} "
                    f"(action {action}); the mapping or the rules disagree"
                )
            mirror.apply_action(action)
        quiet = 0 if move.captured else quiet + 1
        state = game.result(state, move)
        if keep_going and quiet and not mirror.is_terminal():
            reset = reset_no_capture_count(mirror, approach=quiet >= approach_from)
            if reset is not None:
                mirror, quiet = reset, 0
    return mirror


class OpenSpielMcts:
    """OpenSpiel's C++ ``MCTSBot`` (UCT, random rollouts, solver on) on its own checkers.

    It plays a multi-jump one jump at a time, searching again before each jump (the
    tree's root is the position mid-capture); a position with a single legal action is
    answered without searching.
    """

    name = "openspiel-mcts"

    def __init__(self, simulations: int, seed: int, uct_c: float = 2.0,
                 max_memory_mb: int = 1000) -> None:
        import pyspiel

        self.simulations = simulations
        self.spiel_game = pyspiel.load_game("checkers")
        self.game = Checkers()
        evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
        self.bot = pyspiel.MCTSBot(self.spiel_game, evaluator, uct_c, simulations,
                                   max_memory_mb, True, seed, False)
        self.searches = 0
        self.search_seconds = 0.0
        """Searches made and the seconds they took (the calibration reads them)."""
        self.description = (f"OpenSpiel {_spiel_version()} MCTSBot, {simulations} simulations, "
                            f"uct_c={uct_c}, random rollouts, solve=True, seed={seed}")

    def new_game(self) -> None:
        """Nothing to reset: the bot builds a fresh tree for every decision."""

    def choose(self, state: CheckersState, moves: Sequence[str]) -> CheckersMove:
        mirror = spiel_state_after(self.spiel_game, self.game, moves, keep_going=True)
        if spiel_pieces(mirror) != self.game.pieces(state):
            raise OpponentError("OpenSpiel's replayed board differs from the game's")
        if mirror.is_terminal():
            raise RulesEnded(f"OpenSpiel's {SPIEL_NO_CAPTURE_PLIES}-ply no-capture draw "
                             "(its count could not be reset)")
        player = mirror.current_player()
        path: list[int] = []
        while not mirror.is_terminal() and mirror.current_player() == player:
            legal = mirror.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            else:
                started = time.perf_counter()
                action = self.bot.step(mirror)
                self.searches += 1
                self.search_seconds += time.perf_counter() - started
            start, land = action_squares(action)
            path.extend((start, land) if not path else (land,))
            mirror.apply_action(action)
        for move in self.game.legal_moves(state):
            if move.path == tuple(path):
                return move
        raise OpponentError(f"OpenSpiel's MCTS played {'x'.join(map(str, path))}, "
                            f"not a legal move in {self.game.format_position(state)}")

    def close(self) -> None:
        """Nothing to release."""


def _spiel_version() -> str:
    from importlib.metadata import version

    return version("open_spiel")
