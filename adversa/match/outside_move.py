"""One move by an outside engine, shaped as a search result for whoever shows searches.

`compare` and the app show a search as a `SearchResult` with its live `Snapshot`s; an
outside engine (``external:``, ``python:``, ``uci:``, ``gtp:``, ``gnubg:``) has neither
nodes nor a value, only a move and perhaps ``info`` lines. `outside_move` starts the
seat's engine for the one move, hands it the game so far, passes each info line on, and
returns the move as a result whose snapshot says only how long it took.

The engine is opened for each move and closed after it, not kept for the game: the
protocol sends the whole game every move, so nothing is lost, and a caller that undoes,
restarts or cancels never holds a half-used process. Starting a program costs a few
milliseconds (Stockfish ~50 ms), next to moves of a second.

The engine is asked on a thread of its own while the caller's thread polls
``should_stop``: a cancelled move (the user pressed undo) closes the engine at once,
which ends the program, rather than waiting out its thinking time.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from adversa.games.base import Game, M, S
from adversa.match.seats import OutsideEngineError, OutsideSeat, open_seat
from adversa.search.stats import Progress, Reporter, SearchResult, StopCallback
from adversa.search.timeman import ClockReading

STOP_POLL_SECONDS = 0.05
"""How often a waiting caller checks ``should_stop``."""

OUTSIDE_ALGORITHM = "outside"
"""The ``algorithm`` of an outside engine's snapshots (the panel shows no search figures)."""


def outside_seconds(seat: OutsideSeat, time_left: ClockReading | None) -> float | None:
    """An outside engine's time for this move: under a game clock a thirtieth of what
    is left plus most of the increment (it cannot budget a clock it is not shown),
    else the match's time per move or None (the seat's own)."""
    if time_left is None:
        return seat.seconds
    return max(0.01, time_left.remaining / 30 + 0.8 * time_left.increment)


def outside_move(
    game: Game[S, M],
    start: S,
    moves: Sequence[M],
    seat: OutsideSeat,
    *,
    should_stop: StopCallback | None = None,
    on_info: Callable[[str], None] | None = None,
    time_left: ClockReading | None = None,
) -> SearchResult[M]:
    """The move of ``seat``'s engine in the position ``moves`` after ``start``.

    Raises `OutsideEngineError` when the engine cannot start, crashes, answers an
    illegal move or runs out of time. A stop (``should_stop`` true) returns a result
    with no move and ``stopped`` set.
    """
    state = start
    for move in moves:
        state = game.result(state, move)
    seconds = outside_seconds(seat, time_left)
    reporter = Reporter(OUTSIDE_ALGORITHM, seat.spec, time_budget=seconds)
    engine = open_seat(seat, game)
    answer: list[M] = []
    failure: list[OutsideEngineError] = []

    def ask() -> None:
        try:
            answer.append(engine.choose_move(game, start, moves, state, seconds, on_info))
        except OutsideEngineError as error:
            failure.append(error)

    asking = threading.Thread(target=ask, name="outside-move", daemon=True)
    try:
        asking.start()
        while asking.is_alive():
            asking.join(STOP_POLL_SECONDS)
            if should_stop is not None and should_stop():
                return SearchResult(best_move=None, best_move_text=None, value=None, pv=(),
                                    snapshot=reporter.snapshot(finished=True), stopped=True)
    finally:
        engine.close()  # ends the program, so an abandoned `ask` returns soon after
    if failure:
        raise failure[0]
    if not answer:  # `ask` died of an error no seat should let through
        raise OutsideEngineError(f"{engine.label} gave no move")
    move = answer[0]
    text = game.format_move(state, move)
    reporter.snapshot_fields = lambda: Progress(pv=(text,), current_move=text)
    return SearchResult(best_move=move, best_move_text=text, value=None, pv=(text,),
                        snapshot=reporter.snapshot(finished=True))
