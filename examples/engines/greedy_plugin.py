"""A Python plugin engine for any adversa game (``--engine python:greedy_plugin.py``).

It wins at once when it can, else avoids moves after which the opponent wins at
once, else plays at random (the same move every time in the same position). It sees
the game only through adversa's Game protocol.
"""

import random

NAME = "greedy plugin"


def choose_move(game, state, seconds):
    me = game.to_move(state)
    moves = list(game.legal_moves(state))
    # Seeded by the position, so a match with this plugin replays exactly.
    random.Random(game.format_position(state)).shuffle(moves)
    safe = []
    for move in moves:
        after = game.result(state, move)
        if game.is_terminal(after):
            outcome = game.outcome(after)
            if outcome is not None and outcome.winner == me:
                return move
            continue
        if not any(_wins_at_once(game, after, reply) for reply in game.legal_moves(after)):
            safe.append(move)
    return (safe or moves)[0]


def _wins_at_once(game, state, move):
    mover = game.to_move(state)
    after = game.result(state, move)
    if not game.is_terminal(after):
        return False
    outcome = game.outcome(after)
    return outcome is not None and outcome.winner == mover
