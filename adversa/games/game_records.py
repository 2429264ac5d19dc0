"""What the text records of games share: PDN (checkers, `pdn`) and PGN (chess, `pgn`).

Both write a result from the first player's side, the same four result tokens, a
comment after a move in braces, and the same default tags; one definition of each keeps
the two formats from drifting apart.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from adversa.games.base import Game, result_text

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
"""First player won, second player won, draw, unfinished."""


def result_token(game: Game[Any, Any], state: Any) -> str:
    """The result a record writes for the game's last ``state``: ``*`` while it goes on."""
    outcome = game.outcome(state)
    return "*" if outcome is None else result_text(outcome.winner)


def checked_result(result: str | None, game: Game[Any, Any], state: Any, form: str) -> str:
    """``result``, or what ``state`` says when it is None; `ValueError` naming the record
    ``form`` ("PDN") for a token that is not one of `RESULTS`."""
    result = result_token(game, state) if result is None else result
    if result not in RESULTS:
        raise ValueError(f"{form} result {result!r} is not one of {', '.join(RESULTS)}")
    return result


def move_note(notes: Sequence[str], index: int) -> str:
    """The comment to write after move ``index`` ("" for none), without braces, which
    would end it early."""
    if index >= len(notes):
        return ""
    return notes[index].replace("{", "").replace("}", "").strip()


def default_tags() -> dict[str, str]:
    """The tags every record starts with (the caller's tags override them)."""
    return {"Event": "adversa game", "Date": datetime.date.today().strftime("%Y.%m.%d")}
