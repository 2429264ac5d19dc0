"""The errors a game raises on bad input, each one line naming what was wrong.

They derive from `AdversaError` (in `adversa.errors`, below every layer), which the CLI
and the app catch to show the message instead of a traceback; `adversa.games.base`
re-exports them with the protocol.
"""

from __future__ import annotations

from adversa.errors import AdversaError


class UnknownGameError(AdversaError):
    """A game name that is not in the registry."""


class OptionError(AdversaError):
    """A game option that does not exist or has a bad value."""


class InvalidPositionError(AdversaError):
    """A position string that does not parse, or describes an impossible state."""


class InvalidMoveError(AdversaError):
    """A move string that is not in the game's notation at all."""


class IllegalMoveError(AdversaError):
    """A well-formed move that is not legal in the given state."""


class AmbiguousMoveError(AdversaError):
    """A short move (e.g. checkers ``15x31``) that matches several legal moves."""


class TreeFileError(AdversaError):
    """A textbook-tree file that is unreadable or malformed; names the bad path."""
