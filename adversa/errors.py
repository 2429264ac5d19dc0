"""The one error type every layer may raise for the user's input: at the bottom, importing
nothing of adversa, so that any module (the file helpers too) can use it without reaching
up into the games."""

from __future__ import annotations


class AdversaError(Exception):
    """Base of every error that is the user's input, not a bug.

    The message is one line that says what was wrong and what was expected; the
    CLI prints it as is (exit status 2) and the TUI shows it as a notification.
    """
