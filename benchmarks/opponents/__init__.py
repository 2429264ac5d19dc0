"""Opponent adapters for the checkers strength match, one module per peer.

- `spiel`: OpenSpiel's C++ MCTS bot on OpenSpiel's own checkers (``open_spiel``);
- `draughts`: py-draughts' alpha-beta ``SimpleEngine`` with captures forced (``py-draughts``);
- `previous`: an earlier revision of adversa in a subprocess (``git`` and this repository).

Each peer is imported only when its adapter is built, so a missing one affects only
its own match.
"""

from .base import Opponent, OpponentError, RulesEnded

__all__ = ["Opponent", "OpponentError", "RulesEnded"]
