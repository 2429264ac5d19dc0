"""The one Game protocol that search, CLI and TUI use, and the values around it.

Every game in adversa is a *rules object* (an instance of a `Game` subclass, built
from its options) plus *states* that are immutable and hashable. The rules object
answers every question about a state; states carry no behaviour. This is the
shape of AIMA's ``Game``/``StochasticGame`` and of OpenSpiel's game/state split,
with two adversa-specific additions:

* utilities are **vectors**, one entry per player, so two-player and N-player
  search share one code path (OpenSpiel's ``returns()``);
* text notation is part of the protocol (`parse_move`/`format_move`,
  `parse_position`/`format_position`), with ``parse(format(x)) == x``, so the CLI
  and the TUI never contain game-specific code.

Players are numbered ``0 .. num_players - 1``. A state where chance acts (a die
roll, a chance node of a textbook tree) has ``to_move(state) == CHANCE``; its
successors come from `chance_outcomes`, and `result` applies an outcome exactly
like a move.

**What utilities mean.** ``utility(s)[p]`` is how good the finished game ``s`` is
for player ``p``; every search maximises the utility of the player it plays for,
so the numbers must say everything the player cares about. Every utility lies
within `Game.utility_bounds` ``(low, high)``, and so does every heuristic value an
evaluator gives a non-terminal state (strictly inside). Four shapes exist:

* *Win, draw or loss* (the default): a two-player zero-sum game returns
  ``(+1, -1)``, ``(0, 0)`` or ``(-1, +1)`` and keeps the bounds ``(-1, 1)``. Searches
  score a forced win by its distance (a faster win is better, see
  the search's ``common`` module).
* *A margin* (`Game.margin_utilities`): the result says by how much the winner
  won — discs or seeds ahead, a gammon worth 2 and a backgammon 3. Utilities are
  whole numbers, zero-sum (``(+m, -m)``), ``+m`` for the winner; the bounds are
  ``(-M, M)`` with ``M`` the largest margin. A search prefers the larger margin,
  and among equal margins the faster win (the slower loss).
* *Chance*: where chance acts the search takes the probability-weighted mean, so a
  utility must be worth its value on average too (a gammon is twice a single game,
  not merely "better"); expectiminimax prunes with the bounds, which must be true
  bounds.
* *N players, or any value*: the utility vector is the players' own numbers (Pig's
  points race, a textbook tree's leaf values); max^n maximises each player's own
  entry. Textbook trees (`Game.fixed_move_order`) keep raw leaf values: no distance
  bonus, so the lecture's numbers come out unchanged.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import ClassVar, Generic, TypeVar

# The protocol's vocabulary is importable from here in one line: the errors a game raises
# (`games.errors`) and the declared options (`games.options`) live in their own modules.
from adversa.errors import AdversaError as AdversaError
from adversa.games.errors import AmbiguousMoveError as AmbiguousMoveError
from adversa.games.errors import IllegalMoveError as IllegalMoveError
from adversa.games.errors import InvalidMoveError as InvalidMoveError
from adversa.games.errors import InvalidPositionError as InvalidPositionError
from adversa.games.errors import OptionError as OptionError
from adversa.games.errors import TreeFileError as TreeFileError
from adversa.games.errors import UnknownGameError as UnknownGameError
from adversa.games.options import MAX_NUMBER_DIGITS as MAX_NUMBER_DIGITS
from adversa.games.options import Option as Option
from adversa.games.options import OptionT, OptionValue, int_list_option, option_of
from adversa.games.options import parse_assignments as parse_assignments
from adversa.games.options import whole_number as whole_number
from adversa.games.probe_budget import ProbeBudget as ProbeBudget

CHANCE: int = -1
"""`Game.to_move` returns this for a state where chance, not a player, acts."""

SETTLED, CAPTURE_PENDING, FINISHED = 0, 1, 2
"""What `Game.leaf_status` says of a position at a search's horizon: the game goes on
and nothing is pending (judge it statically); a capture is pending (quiescence
extends it); the game is over (score it by its utility)."""

S = TypeVar("S", bound=Hashable)  # a game's state type
M = TypeVar("M", bound=Hashable)  # a game's move (and chance outcome) type
RulesT = TypeVar("RulesT")  # a rules class, for `rules_of`


# --------------------------------------------------------------------------- outcome


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: a value, like python-chess's ``Outcome``.

    ``winner`` is the winning player's index, or ``None`` for a draw (and for
    textbook trees, whose leaves have values rather than winners). ``reason`` is a
    short phrase for the UI ("three in a row", "no legal move", "threefold
    repetition", "40-move rule", "reached 100 points").
    """

    winner: int | None
    reason: str
    utilities: tuple[float, ...] = field(default=())


def result_text(winner: int | None) -> str:
    """A two-player game's result as PGN and PDN write it, from the first player's side:
    ``1-0``, ``0-1``, or ``1/2-1/2`` for a draw (``winner`` None)."""
    if winner is None:
        return "1/2-1/2"
    return "1-0" if winner == 0 else "0-1"


# --------------------------------------------------------------------------- the protocol


class Game(Generic[S, M]):
    """The rules of one game, built from its options. Subclasses fill in every method.

    Contract, for every state ``s`` reachable from `initial_state`:

    * ``is_terminal(s)`` is true exactly when ``legal_moves(s)`` is empty and
      ``to_move(s) != CHANCE`` — or earlier, when a draw rule ends the game.
    * ``utility(s)`` is defined only for terminal states and returns one float per
      player, within `utility_bounds`; two-player zero-sum games return ``(+1, -1)``,
      ``(0, 0)`` or ``(-1, +1)``, margin games (`margin_utilities`) ``(+m, -m)``;
      textbook trees return their leaf values (see the module docstring).
    * ``result(s, m)`` returns a **new** state and never mutates ``s``; it does not
      check legality (callers that take user input use `parse_move`, which does).
    * ``chance_outcomes(s)`` is defined only when ``to_move(s) == CHANCE`` and
      returns ``(outcome, probability)`` pairs whose probabilities sum to 1.
    * ``format_move``/``parse_move`` and ``format_position``/``parse_position`` are
      inverse: ``parse_move(s, format_move(s, m)) == m``.
    """

    name: ClassVar[str] = ""
    """Registry name, used on the command line (``tictactoe``, ``checkers`` …)."""

    title: ClassVar[str] = ""
    """Human title for menus ("Tic-tac-toe (m,n,k)")."""

    description: ClassVar[str] = ""
    """One sentence for ``adversa games`` and the start screen."""

    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    """Options the game declares; `__init__` receives them as keyword arguments."""

    zero_sum: ClassVar[bool] = True
    """True for two-player zero-sum games (negamax/alpha-beta apply)."""

    has_chance: ClassVar[bool] = False
    """True when some states are chance states (expectiminimax applies)."""

    fixed_move_order: ClassVar[bool] = False
    """True when searches must take moves in the given order (textbook trees, so
    that alpha-beta's cuts match a hand-worked lecture example)."""

    margin_utilities: ClassVar[bool] = False
    """True when a finished two-player game's utility is a margin, ``(+m, -m)`` with
    ``m`` a whole number up to ``utility_bounds()[1]`` (discs, seeds, gammon points),
    rather than ±1 for a win (see the module docstring). Searches then rank a proven
    result by its margin first and its distance second, and show margins as numbers."""

    mate_distances: ClassVar[bool] = False
    """True where a proven result is a mate and players count its distance in the
    winner's moves ("mate in 3", five plies away), as chess players do; otherwise a
    distance is shown in plies."""

    captures_forced: ClassVar[bool] = False
    """True when a position with a capture has no other legal move (checkers' rule):
    searches then need not sort captures from quiet moves, since there never are both."""

    interned_moves: ClassVar[bool] = False
    """True when every move `legal_moves` returns is a shared object, so equal moves are
    one object (chess: a table of all moves, built once): move ordering then finds the
    table's move and the killers in a list by identity, not by ``==`` (a Python-level
    call a move for a dataclass move)."""

    def __init__(self, **options: object) -> None:
        self.options: dict[str, OptionValue] = resolve_options(type(self), options)

    def option(self, name: str, kind: type[OptionT]) -> OptionT:
        """The resolved option ``name``, typed (``self.option("size", int)``)."""
        return option_of(self.options, name, kind)

    def int_list_option(self, name: str) -> tuple[int, ...]:
        """The resolved ``"int-list"`` option ``name``, typed (Nim's piles)."""
        return int_list_option(self.options, name)

    # ---- players and flow -------------------------------------------------

    @property
    def num_players(self) -> int:
        """How many players take part (2 for most games, 2–4 for Pig, N for trees)."""
        return 2

    def player_name(self, player: int) -> str:
        """A short display name for a player ("X", "Black", "Player 2")."""
        return f"Player {player + 1}"

    def initial_state(self) -> S:
        raise NotImplementedError

    def to_move(self, state: S) -> int:
        """The player to move, or `CHANCE`."""
        raise NotImplementedError

    def legal_moves(self, state: S) -> Sequence[M]:
        """The legal moves in a deterministic order (empty when terminal)."""
        raise NotImplementedError

    def result(self, state: S, move: M) -> S:
        """The state after a move or a chance outcome."""
        raise NotImplementedError

    def is_terminal(self, state: S) -> bool:
        raise NotImplementedError

    def utility(self, state: S) -> tuple[float, ...]:
        """One value per player, for a terminal state."""
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        if not self.is_terminal(state):
            return None
        values = self.utility(state)
        best = max(values)
        winners = [p for p, v in enumerate(values) if v == best]
        winner = winners[0] if len(winners) == 1 else None
        return Outcome(winner, "game over", tuple(values))

    def chance_outcomes(self, state: S) -> Sequence[tuple[M, float]]:
        """``(outcome, probability)`` pairs at a chance state."""
        raise NotImplementedError(f"{self.name} has no chance states")

    # ---- search helpers (optional; defaults are correct for any game) -------

    def transposition_key(self, state: S) -> Hashable:
        """A key for transposition tables: equal keys must have equal futures.

        Contract: two states with the same key have the same legal moves, results
        and outcomes from here on, *including* every rule that looks at how the
        position was reached (repetition, move counters), so a stored value is exact
        for every path to the key. Defaults to the state itself. Checkers returns its
        incremental Zobrist int, paired with its draw-rule history when it has one.
        Chess keys on the board alone, trading exactness for transpositions (see
        `Chess.transposition_key`).
        """
        return state

    def is_capture(self, state: S, move: M) -> bool:
        """True for a move that captures (move ordering: captures first)."""
        return False

    def move_class(self, state: S, move: M) -> int:
        """How early move ordering should try ``move``: 0 for a quiet move, more to go first.

        Alpha-beta cuts most when the best move comes first, and the game knows which of
        its moves are forcing: a capture, a move that moves again (Kalah's sowing into
        the store), a promotion, a check. The search tries the table's move first, then
        the moves of higher class before lower (ties in the game's order), then the
        quiet ones by its killer and history tables, which learn only from quiet moves
        (class 0). Default: 1 for a capture (`is_capture`), else 0.
        """
        return 1 if self.is_capture(state, move) else 0

    def split_forcing(self, state: S, moves: Sequence[M]) -> tuple[list[M], list[M]]:
        """``moves`` in the two stages move ordering plays them in: the captures, best
        first (`order_captures`), and the quiet rest in the given order.

        The default asks `is_capture` of every move, and the search sorts by
        `move_class` without it. A game that can tell a capture from its board in one
        pass over the list (chess: a bitboard test of the target square, where each
        `is_capture` is a call into python-chess) overrides it, and the search's move
        ordering then splits every node's moves with it.
        """
        captures = [move for move in moves if self.is_capture(state, move)]
        taken = set(captures)
        quiet = [move for move in moves if move not in taken]
        return list(self.order_captures(state, captures)), quiet

    def order_captures(self, state: S, captures: Sequence[M]) -> Sequence[M]:
        """``captures`` best first, as the game judges them (chess: MVV-LVA, the most
        valuable victim taken by the least valuable attacker). Move ordering and
        quiescence search them in this order. Default: the order given."""
        return captures

    def quiescence_moves(self, state: S) -> tuple[Sequence[M], bool]:
        """The moves quiescence search tries in a position where a capture is pending,
        best first, and whether the mover may instead "stand pat" on the static value.

        Default: the captures (`is_capture`) in `order_captures`' order, standing pat
        unless every move is a capture; ``((), False)`` where the game is over. A game
        whose library generates captures directly (chess) answers without generating
        and filtering every move, and may search all evasions of a check.
        """
        moves = self.legal_moves(state)
        if self.captures_forced:
            return moves, False
        captures = self.order_captures(state, [m for m in moves if self.is_capture(state, m)])
        return captures, len(captures) < len(moves)

    def capture_gain(self, state: S, move: M) -> float:
        """At most how much the quiescence move ``move`` can raise the mover's static
        value, in utility units (the victim, a promotion, and a margin for what the
        evaluation's other terms can swing), for delta pruning: a capture that could not
        lift the stand-pat value to alpha even so is not searched. Default infinite: no
        bound known, nothing pruned."""
        return math.inf

    def in_check(self, state: S) -> bool:
        """True where the side to move is under a threat it must answer at once (chess:
        a check that leaves at most two replies); a search extends the move that made
        it by a ply (check extension), so the forced reply is not cut off by the
        horizon. Default: never."""
        return False

    def is_quiet(self, state: S) -> bool:
        """False while a capture is pending (quiescence search extends such states)."""
        return True

    def leaf_status(self, state: S) -> int:
        """`FINISHED`, else `CAPTURE_PENDING` or `SETTLED`: both tests of a horizon position.

        Searches ask this of every position at their horizon, so a game whose two
        tests share work (checkers: one unpacking of the bitboards, one mask of the
        empty squares) should answer it in one step; this default asks both.

        `CAPTURE_PENDING` may over-report where the exact test costs more than it saves:
        a game may answer it where a capture only possibly pends (chess: the mover
        attacks something), provided its quiescence then finds nothing worth playing
        and returns the static value, so values are unchanged. It must never answer
        `SETTLED` where `is_quiet` is False, nor differ from `is_terminal` on `FINISHED`.
        """
        if self.is_terminal(state):
            return FINISHED
        return SETTLED if self.is_quiet(state) else CAPTURE_PENDING

    def null_move(self, state: S) -> S | None:
        """The position with the turn passed to the opponent, for null-move pruning; None
        where passing could mislead (in check, or in endings where being forced to move
        loses: zugzwang). Default None: the game never allows the search to pass."""
        return None

    def forward_prunable(self, state: S) -> bool:
        """True where the static value is a fair guess of what the side to move can hold,
        so futility pruning may decide a node near the horizon by it: not where a threat
        must be answered at once, nor where being forced to move may itself lose
        (zugzwang). Chess: not in check, and the mover has a piece besides pawns and
        king. Default: never (futility pruning then costs one call a node and cuts
        nothing)."""
        return False

    def forcing_moves(self, state: S, moves: Sequence[M]) -> list[M]:
        """The moves of ``moves`` that can change the static value by more than a quiet
        move can, so futility pruning still searches them one ply above the horizon:
        captures and promotions, and (chess) checks, whose reply quiescence searches.
        Default: the captures (`is_capture`)."""
        return [move for move in moves if self.is_capture(state, move)]

    def needs_full_width(self, state: S) -> bool:
        """True where forward pruning (late move reductions) is unsafe from ``state`` on.

        In some endings one tempo decides the game, and a reduced search of the "late"
        moves misses exactly the quiet manoeuvre that wins (two kings against one). A
        search asks once, at its root. Default: never.
        """
        return False

    def endgame_probe(self, root: S,
                      budget: ProbeBudget) -> Callable[[S], tuple[float, int] | None] | None:
        """An exact oracle for some positions (an endgame database, a solver), or None.

        The oracle maps a state to ``(value for the player to move, plies to the end of
        the game)`` — the value in the utility scale (+1 win, 0 draw, −1 loss; plies 0 for
        a draw) — or None for a state it does not know. A search asks for it once, with
        its ``root`` and what it can spend (``budget``), so a game without one (or whose
        database is not built, or none of whose positions the search can reach from
        ``root``, or whose solver would not finish in the budget) costs nothing per node.
        An oracle that computes its answers polls ``budget.should_stop`` and answers None
        once it gives up: never a value it has not proved. It must answer only where the
        draw rules cannot change the result it gives. Default: none.
        """
        return None

    def utility_bounds(self) -> tuple[float, float]:
        """Lowest and highest utility any player can get, ``(-1, 1)`` for win/draw/loss.

        Every evaluator stays strictly inside them; expectiminimax prunes chance nodes
        with them, MCTS scales its exploration by them, and a margin game's ``high`` is
        its largest margin."""
        return (-1.0, 1.0)

    # ---- notation -----------------------------------------------------------

    def format_move(self, state: S, move: M) -> str:
        raise NotImplementedError

    def parse_move(self, state: S, text: str) -> M:
        """Parse a move and check it is legal in ``state``.

        Raises `InvalidMoveError` for text not in the notation, `IllegalMoveError`
        (naming the legal moves) for a move not legal here, and
        `AmbiguousMoveError` for a short form that matches several moves.
        """
        raise NotImplementedError

    def format_position(self, state: S) -> str:
        raise NotImplementedError

    def parse_position(self, text: str) -> S:
        """Raises `InvalidPositionError` with what was expected."""
        raise NotImplementedError

    def render(self, state: S) -> str:
        """A short multi-line text picture of the state (CLI, logs, tests)."""
        return self.format_position(state)

    def split_line(self, line: str) -> list[str]:
        """A move line as the texts of its moves, for `play_line`: words split on spaces
        and commas. A game whose one move is several words (backgammon's play ``8/5 6/5``
        after its roll ``31``) splits its own way."""
        return line.replace(",", " ").split()

    # ---- helpers shared by the games ----------------------------------------

    def find_move(self, state: S, text: str) -> M:
        """Match ``text`` against the formatted legal moves (for simple notations).

        Games whose notation is exactly `format_move` of the legal moves use this
        inside `parse_move` after checking that the text is well-formed.
        """
        moves = self.legal_moves(state)
        wanted = text.strip().lower()
        for move in moves:
            if self.format_move(state, move).lower() == wanted:
                return move
        raise IllegalMoveError(illegal_move_message(text, self.format_moves(state, moves)))

    def format_moves(self, state: S, moves: Iterable[M]) -> list[str]:
        return [self.format_move(state, move) for move in moves]


def rules_of(game: Game[S, M], rules: type[RulesT]) -> RulesT:
    """``game`` typed as the rules class ``rules``, so that code written for one game (its
    board, its evaluation) reads it through its typed accessors (``cell``, ``piles``,
    ``pieces`` …) and mypy checks every call; another game handed to it is a programming
    error, refused at once."""
    if not isinstance(game, rules):
        raise TypeError(f"expected the rules of {rules.__name__}, not {type(game).__name__}")
    return game


def illegal_move_message(text: str, legal: Sequence[str], limit: int = 12) -> str:
    """The one-line message for an illegal move, naming the legal alternatives."""
    if not legal:
        return f"move {text!r} is not legal: the game is over"
    shown = ", ".join(legal[:limit])
    more = f" and {len(legal) - limit} more" if len(legal) > limit else ""
    return f"move {text!r} is not legal here; legal moves: {shown}{more}"


def parse_action(game: Game[S, M], state: S, text: str) -> M:
    """A player's move at a player's turn, or a chance outcome (written as the game
    formats it, e.g. Pig's die face ``4``) where chance acts; raises `IllegalMoveError`
    naming what is allowed."""
    if game.to_move(state) != CHANCE:
        return game.parse_move(state, text)
    outcomes = [outcome for outcome, _ in game.chance_outcomes(state)]
    wanted = text.strip().lower()
    for outcome in outcomes:
        if game.format_move(state, outcome).lower() == wanted:
            return outcome
    names = ", ".join(game.format_move(state, outcome) for outcome in outcomes)
    raise IllegalMoveError(f"{text!r} is not a chance outcome here; chance outcomes: {names}")


def line_movers(game: Game[S, M], state: S, line: Sequence[str]) -> tuple[int, ...]:
    """Who plays each move of ``line`` (moves as `Game.format_move` writes them) from
    ``state``: a player, or `CHANCE` for a chance outcome.

    A search's principal variation is text; this replays it, so that a line with a double
    move (Kalah's extra turn), a pass or a roll says who moves rather than leaving the
    reader to assume the players alternate. Each text is matched against the formatted
    legal moves (or outcomes), which needs nothing of the game beyond the protocol's core;
    the answer stops at the first text that matches none (a line is never longer than it
    is playable).
    """
    movers: list[int] = []
    for text in line:
        if game.is_terminal(state):
            break
        mover = game.to_move(state)
        choices = (
            [outcome for outcome, _ in game.chance_outcomes(state)]
            if mover == CHANCE else game.legal_moves(state)
        )
        played = next((move for move in choices if game.format_move(state, move) == text), None)
        if played is None:
            break
        movers.append(mover)
        state = game.result(state, played)
    return tuple(movers)


def play_line(game: Game[S, M], state: S, line: str) -> S:
    """The state after the moves of ``line`` ("M1 M2 …", spaces or commas) from ``state``.

    Each move goes through `parse_action`, so the history the draw rules keep is real.
    A bad move is refused naming its 1-based index, the move and what was legal.
    """
    for index, text in enumerate(game.split_line(line), start=1):
        try:
            action = parse_action(game, state, text)
        except AdversaError as error:
            raise type(error)(f"--moves: move {index} ({text!r}): {error}") from None
        state = game.result(state, action)
    return state


def line_game_shape(options: Mapping[str, OptionValue]) -> tuple[int, int, int]:
    """``width``, ``height`` and ``k`` of a k-in-a-row game's resolved options, refusing a
    ``k`` longer than the board's longer side (no line could ever be made)."""
    width, height, k = (option_of(options, name, int) for name in ("width", "height", "k"))
    if k > max(width, height):
        raise OptionError(
            f"option 'k': {k} in a row cannot fit on a {width}×{height} board; "
            f"expected k ≤ {max(width, height)}"
        )
    return width, height, k


def resolve_options(game_class: type[Game[S, M]], given: Mapping[str, object]
                    ) -> dict[str, OptionValue]:
    """Fill defaults and validate given option values (text, or typed) against the
    declarations."""
    declared = {option.name: option for option in game_class.OPTIONS}
    unknown = sorted(set(given) - set(declared))
    if unknown:
        names = ", ".join(declared) or "none"
        raise OptionError(
            f"{game_class.name} has no option {unknown[0]!r}; its options are: {names}"
        )
    resolved: dict[str, OptionValue] = {}
    for name, option in declared.items():
        if name in given:
            value = given[name]
            resolved[name] = option.parse(value) if isinstance(value, str) else option.validate(
                value
            )
        else:
            resolved[name] = option.default
    return resolved
