"""Backgammon notation: plays as GNU Backgammon and FIBS write them, positions as IDs.

Plays
    ``24/18 13/11``: each checker's start and end point in the mover's own numbering
    (1 is the mover's deepest home point), ``bar/22`` to enter, ``6/off`` to bear off,
    ``*`` after a point where a blot is hit, ``(2)`` for a move repeated, ``24/18*/13``
    for one checker that hits on its way. A checker that moves twice without hitting is
    written once (``24/13``). ``-`` is the play of a roll that cannot move. Parsing
    reads what the text means (where checkers end up, which points they pass and hit)
    and finds the legal play that matches it, so ``24/13`` and ``24/18 18/13`` are one.
Rolls
    Two digits, higher first (``31``). At the opening each side rolls one die and the
    digits are X's die then O's (``13``: O starts with 3 and 1).
Positions
    ``4HPwATDgc/ABMA X 31``: the **gnubg Position ID** (the side *not* on roll's
    checkers first, then the side on roll's: the order gnubg itself writes — after
    X's opening 65 played 24/13 gnubg shows ``4HPwAyDgc/ABMA`` with O to roll — though
    its manual's prose tells it the other way), then who is on roll and the dice;
    ``4HPwATDgc/ABMA opening`` is the start, before the opening roll. The readable
    **26-point form** replaces the ID by 26 comma-separated counts: index 0 is O's
    bar, 1–24 are the points in X's numbering (X's checkers positive, O's negative)
    and 25 is X's bar; checkers off the board are the rest of the fifteen. The start is
    ``0,-2,0,0,0,0,5,0,3,0,0,0,-5,5,0,0,0,-3,0,-5,0,0,0,0,2,0 opening``.
Move lines (``--moves``)
    Rolls and plays in turn: ``31: 8/5 6/5 52: 13/8 13/11`` (the colon is optional).
"""

from __future__ import annotations

import base64
import re
from collections import Counter

from adversa.games.backgammon_moves import (
    BAR,
    CHECKERS,
    BackgammonState,
    Play,
    Roll,
    Side,
    pip_count,
    plays,
)
from adversa.games.base import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    illegal_move_message,
)

PLAYER_LETTERS = ("X", "O")
NO_PLAY = "-"

# --------------------------------------------------------------------------- plays


def _hits(play: Play, before: Side) -> list[bool]:
    """For each step of ``play``, whether it hit (replayed on the opponent's side)."""
    opponent = list(before)
    hits = []
    for _, target in play.steps:
        hit = bool(target) and opponent[BAR - target] == 1
        if hit:
            opponent[BAR - target] = 0
        hits.append(hit)
    return hits


def _point(index: int) -> str:
    return "bar" if index == BAR else "off" if index == 0 else str(index)


def format_play(play: Play, opponent_before: Side) -> str:
    """``24/18*/13 8/5(2)``: chains per checker, hits starred, repeats counted."""
    if not play.steps:
        return NO_PLAY
    chains: list[list[tuple[int, bool]]] = []  # [(point, hit there)], starting point first
    for (source, target), hit in zip(play.steps, _hits(play, opponent_before), strict=True):
        chain = next((c for c in chains if c[-1][0] == source and source != 0), None)
        if chain is None:
            chains.append([(source, False), (target, hit)])
        elif chain[-1][1]:
            chain.append((target, hit))  # the hit on the way is shown: 24/18*/13
        else:
            chain[-1] = (target, hit)
    words = ["/".join(_point(point) + ("*" if hit else "") for point, hit in chain)
             for chain in chains]
    counted = Counter(words)
    ordered = sorted(counted, key=lambda word: _sort_key(word))
    return " ".join(word if counted[word] == 1 else f"{word}({counted[word]})"
                    for word in ordered)


def _sort_key(word: str) -> tuple[int, int]:
    points = [25 if p == "bar" else 0 if p == "off" else int(p)
              for p in word.replace("*", "").split("/")]
    return (-points[0], -points[-1])


_SEGMENT = re.compile(r"(bar|25|[1-9]|1[0-9]|2[0-4])((?:/(?:off|0|[1-9]|1[0-9]|2[0-4])\*?)+)"
                      r"(?:\((\d)\))?")
_EXPECTED_PLAY = ("expected a play like 24/18 13/11, bar/22, 6/off, 13/11*, 8/5(2), "
                  "or - when the roll cannot be played")


def _read_play(text: str) -> tuple[Counter[int], set[int], set[int]] | None:
    """What a written play says: the net change of the mover's checkers per point, the
    points it says checkers land on (on the way or at the end), and the points it says
    are hit. None: a play of nothing (``-``)."""
    words = text.lower().replace(",", " ").split()
    if words in ([], [NO_PLAY]):
        return None
    change: Counter[int] = Counter()
    passed: set[int] = set()
    hit: set[int] = set()
    for word in words:
        match = _SEGMENT.fullmatch(word)
        if match is None:
            raise InvalidMoveError(f"play {text!r}: {word!r} is not a checker move; "
                                   f"{_EXPECTED_PLAY}")
        source = BAR if match.group(1) in ("bar", "25") else int(match.group(1))
        stops = match.group(2).split("/")[1:]
        repeat = int(match.group(3) or 1)
        points = [0 if stop.rstrip("*") in ("off", "0") else int(stop.rstrip("*"))
                  for stop in stops]
        if any(later >= earlier for earlier, later in zip([source, *points], points,
                                                          strict=False)):
            raise InvalidMoveError(f"play {text!r}: {word!r} moves backwards; checkers "
                                   f"move from higher points to lower ones; {_EXPECTED_PLAY}")
        change[source] -= repeat
        change[points[-1]] += repeat
        passed.update(point for point in points if point)
        hit.update(point for point, stop in zip(points, stops, strict=True)
                   if stop.endswith("*"))
    return change, passed, hit


def _change_of(play: Play, before: Side) -> Counter[int]:
    return Counter({index: after - was
                    for index, (after, was) in enumerate(zip(play.mover, before, strict=True))
                    if after != was})


def find_play(state: BackgammonState, text: str) -> Play:
    """The legal play that ``text`` describes; a one-line refusal names the legal ones."""
    legal = plays(state.mover, state.opponent, (state.dice[0], state.dice[1]))
    said = _read_play(text)
    if said is None:
        if legal[0].steps:
            raise IllegalMoveError(illegal_move_message(text, _formats(state, legal)))
        return legal[0]
    change, passed, hit = said
    change = Counter({point: n for point, n in change.items() if n})
    candidates = []
    for play in legal:
        if _change_of(play, state.mover) != change:
            continue
        landed = {target for _, target in play.steps}
        hits = {target for (_, target), was_hit in zip(play.steps, _hits(play, state.opponent),
                                                       strict=True) if was_hit}
        if passed <= landed and hit <= hits:
            candidates.append((play, hits == hit))
    exact = [play for play, same_hits in candidates if same_hits]
    found = exact or [play for play, _ in candidates]
    if len(found) == 1:
        return found[0]
    if not found:
        raise IllegalMoveError(illegal_move_message(text, _formats(state, legal)))
    raise AmbiguousMoveError(f"play {text!r} fits {len(found)} plays: "
                             f"{', '.join(_formats(state, found))}; write the points passed")


def _formats(state: BackgammonState, found: list[Play]) -> list[str]:
    return [format_play(play, state.opponent) for play in found]


# --------------------------------------------------------------------------- rolls


def format_roll(state: BackgammonState, roll: Roll) -> str:
    """``31``; at the opening X's die then O's, in that order."""
    return f"{roll[0]}{roll[1]}"


def format_action(state: BackgammonState, action: Play | Roll) -> str:
    if isinstance(action, Play):
        return format_play(action, state.opponent)
    return format_roll(state, action)


def parse_action(state: BackgammonState, text: str) -> Play | Roll:
    """A play when the dice are rolled, else a roll (``31``, ``3-1``, ``31:``)."""
    if state.dice:
        return find_play(state, text)
    digits = text.strip().rstrip(":").replace("-", "")
    if not re.fullmatch(r"[1-6][1-6]", digits):
        raise InvalidMoveError(f"roll {text!r}: expected two dice 1–6, e.g. 31")
    first, second = int(digits[0]), int(digits[1])
    if state.opening:
        if first == second:
            raise IllegalMoveError(f"opening roll {text!r}: a tie is rolled again; expected "
                                   "X's die then O's, two different dice, e.g. 31")
        return (first, second)
    return (max(first, second), min(first, second))


def split_line(line: str) -> list[str]:
    """A move line as rolls and plays: ``31: 8/5 6/5 52: 13/8 13/11`` →
    ``["31", "8/5 6/5", "52", "13/8 13/11"]``; a roll with no play before the next
    roll (a roll that cannot be played) gets the play ``-``."""
    actions: list[str] = []
    play: list[str] | None = None
    for word in line.replace(",", " ").split():
        if re.fullmatch(r"[1-6]-?[1-6]:?", word):
            if play is not None:
                actions.append(" ".join(play) or NO_PLAY)
            actions.append(word.rstrip(":"))
            play = []
        elif play is None:
            actions.append(word)  # not after a roll: let the parser say what is wrong
        else:
            play.append(word)
    if play:
        actions.append(" ".join(play))
    return actions


# --------------------------------------------------------------------------- positions


def position_id(mover: Side, opponent: Side) -> str:
    """The gnubg Position ID: per side (the one not on roll first), points 1–24 and the
    bar, each as that many 1 bits and a 0, packed little-endian into 10 bytes, base64
    unpadded."""
    bits: list[int] = []
    for side in (opponent, mover):
        for index in range(1, BAR + 1):
            bits.extend([1] * side[index])
            bits.append(0)
    bits.extend([0] * (80 - len(bits)))
    key = bytes(sum(bits[byte * 8 + bit] << bit for bit in range(8)) for byte in range(10))
    return base64.b64encode(key).decode("ascii")[:14]


def sides_from_id(text: str) -> tuple[Side, Side]:
    """The two sides of a gnubg Position ID: the side on roll, then the other."""
    expected = "expected a 14-character gnubg Position ID such as 4HPwATDgc/ABMA"
    if not re.fullmatch(r"[A-Za-z0-9+/]{14}", text):
        raise InvalidPositionError(f"position {text!r}: {expected}")
    key = base64.b64decode(text + "==")
    bits = [(key[index // 8] >> (index % 8)) & 1 for index in range(80)]
    sides: list[list[int]] = [[0] * (BAR + 1), [0] * (BAR + 1)]
    side, point = 0, 1
    for bit in bits:
        if side == 2:
            break
        if bit:
            sides[side][point] += 1
        else:
            point += 1
            if point > BAR:
                side, point = side + 1, 1
    return _finish(text, sides[1]), _finish(text, sides[0])


def _finish(text: str, counts: list[int]) -> Side:
    on_board = sum(counts)
    if on_board > CHECKERS:
        raise InvalidPositionError(f"position {text!r}: a side has {on_board} checkers; "
                                   f"expected at most {CHECKERS}")
    counts[0] = CHECKERS - on_board
    return tuple(counts)


def twenty_six(x_side: Side, o_side: Side) -> str:
    """The readable 26-point form (see the module docstring)."""
    fields = [-o_side[BAR]]
    for point in range(1, 25):
        fields.append(x_side[point] - o_side[BAR - point])
    fields.append(x_side[BAR])
    return ",".join(str(field) for field in fields)


def _sides_from_26(text: str, fields: list[str]) -> tuple[Side, Side]:
    expected = ("expected 26 comma-separated counts: O's bar, points 1–24 from X's side "
                "(X positive, O negative), X's bar")
    if len(fields) != 26 or not all(re.fullmatch(r"[+-]?\d+", f) for f in fields):
        raise InvalidPositionError(f"position {text!r}: {expected}")
    numbers = [int(f) for f in fields]
    x_side = [0] * (BAR + 1)
    o_side = [0] * (BAR + 1)
    o_side[BAR] = abs(numbers[0])
    x_side[BAR] = abs(numbers[25])
    for point in range(1, 25):
        count = numbers[point]
        if count > 0:
            x_side[point] = count
        else:
            o_side[BAR - point] = -count
    return _finish(text, x_side), _finish(text, o_side)


_EXPECTED_POSITION = ("expected a gnubg Position ID or the 26-point form, then 'opening', "
                      "or X or O and optionally the dice, e.g. '4HPwATDgc/ABMA X 31'")


def format_position(state: BackgammonState) -> str:
    """``<Position ID> X 31`` (see the module docstring)."""
    ident = position_id(state.mover, state.opponent)
    if state.opening:
        return f"{ident} opening"
    turn = PLAYER_LETTERS[state.player]
    return f"{ident} {turn} {state.dice[0]}{state.dice[1]}" if state.dice else f"{ident} {turn}"


def parse_position(text: str) -> BackgammonState:
    words = text.split()
    if not words or len(words) > 3:
        raise InvalidPositionError(f"position {text!r}: {_EXPECTED_POSITION}")
    board, rest = words[0], [word.upper() for word in words[1:]]
    dice: tuple[int, ...] = ()
    if rest == ["OPENING"]:
        player = 0
    elif rest and rest[0] in PLAYER_LETTERS and len(rest) <= 2:
        player = PLAYER_LETTERS.index(rest[0])
        if len(rest) == 2:
            if not re.fullmatch(r"[1-6][1-6]", rest[1]):
                raise InvalidPositionError(f"position {text!r}: dice {words[2]!r}: expected "
                                           "two dice 1–6, e.g. 31")
            dice = (max(int(rest[1][0]), int(rest[1][1])), min(int(rest[1][0]), int(rest[1][1])))
    else:
        raise InvalidPositionError(f"position {text!r}: {_EXPECTED_POSITION}")
    if "," in board:
        x_side, o_side = _sides_from_26(text, board.split(","))
        mover, opponent = (x_side, o_side) if player == 0 else (o_side, x_side)
    else:
        mover, opponent = sides_from_id(board)
    _check(text, mover, opponent)
    opening = rest == ["OPENING"]
    if opening and (mover[0] or opponent[0] or mover != opponent):
        raise InvalidPositionError(f"position {text!r}: 'opening' is only the starting "
                                   "position; expected X or O to be on roll")
    return BackgammonState(mover, opponent, player, dice, opening)


def _check(text: str, mover: Side, opponent: Side) -> None:
    for point in range(1, 25):
        if mover[point] and opponent[BAR - point]:
            raise InvalidPositionError(f"position {text!r}: both sides have checkers on "
                                       f"point {point}; expected one side per point")
    if mover[0] == CHECKERS and opponent[0] == CHECKERS:
        raise InvalidPositionError(f"position {text!r}: both sides have borne off every "
                                   "checker; expected at most one")


def render(state: BackgammonState) -> str:
    """The Position ID line, the 26-point form and the pip counts, for the CLI."""
    x_side, o_side = ((state.mover, state.opponent) if state.player == 0
                      else (state.opponent, state.mover))
    return "\n".join([
        format_position(state),
        twenty_six(x_side, o_side),
        f"pips X {pip_count(x_side)}  O {pip_count(o_side)}  "
        f"off X {x_side[0]}  O {o_side[0]}",
    ])
