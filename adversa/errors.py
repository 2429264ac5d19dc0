"""The one error type every layer may raise for the user's input: at the bottom, importing
nothing of adversa, so that any module (the file helpers too) can use it without reaching
up into the games."""

from __future__ import annotations

import re

_LONG_WORD = re.compile(r"\S{101,}")


def clip_long_words(message: str, keep: int = 40, most: int = 1000) -> str:
    """``message`` with every run of more than 100 non-blank characters cut to its first
    ``keep`` and the run's length, and the whole cut to ``most`` characters.

    Messages quote the user's input so they can see what was refused; a 3 MB line or a
    5,000-digit number quoted whole made a notification of megabytes."""
    clipped = _LONG_WORD.sub(
        lambda run: f"{run.group(0)[:keep]}…[{len(run.group(0))} characters]", message)
    return clipped if len(clipped) <= most else clipped[:most - 1] + "…"


class AdversaError(Exception):
    """Base of every error that is the user's input, not a bug.

    The message is one line that says what was wrong and what was expected; the
    CLI prints it as is (exit status 2) and the TUI shows it as a notification.
    Whatever of the input it quotes is clipped (`clip_long_words`).
    """

    def __str__(self) -> str:
        return clip_long_words(super().__str__())
