"""Building the checkers endgame database by retrograde analysis.

Groups of tables are solved in `build_order` (a table and its colour-swapped twin
together, since a quiet move leads from one to the other); a move that leaves the group —
a capture, a crowning — lands in a table already solved, whose value is simply read.
For one group:

1. **Forward pass.** Every position's moves are generated once with the game's own move
   generator (forced captures, multi-jumps, crowning ends the move — the rules are not
   written twice). Moves that leave the group give a known value at once: the best win
   (fastest), whether a draw is available, and the slowest loss. Moves inside the group
   are counted, and stored as reversed edges (child → parent) in flat ``array('I')``s.
2. **Retrograde pass**, by distance, smallest first (a bucket per distance): a
   position lost in ``d`` makes each parent won in ``d + 1``; a position won in ``d``
   takes one from each parent's count of unresolved moves, and a parent left with none,
   no winning exit and no drawing exit is lost in ``max(d + 1, slowest exit loss)``.
   Processing buckets in order makes every win the fastest and every loss the slowest.
   What is never resolved is a draw.

Speed over elegance in `_forward`: it runs once per position (6.4 million for four
pieces), so every name it touches is a local and each move is a few XORs and four
dictionary lookups.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

from adversa.games.checkers_endgame_index import (
    DRAW,
    HOLE,
    MAX_DISTANCE,
    EndgameDatabase,
    Signature,
    build_order,
    layout,
    signature_of,
    swapped,
)
from adversa.games.checkers_movegen import black_moves

Progress = Callable[[int], None]
"""Called with how many more positions were solved (for a progress bar)."""


class DistanceOverflowError(Exception):
    """A distance beyond what one byte holds; never seen up to four pieces."""


def total_positions(pieces: int, king_pieces: int = 0) -> int:
    """The index size of every table `build` solves (holes included): the file's size."""
    return sum(layout(signature).size for group in build_order(pieces, king_pieces)
               for signature in group)


def build(pieces: int, progress: Progress | None = None, king_pieces: int = 0
          ) -> EndgameDatabase:
    """Every table with 2 to ``pieces`` pieces, and the kings-only ones up to
    ``king_pieces``, solved; ``progress`` hears of each chunk of positions."""
    tables: dict[Signature, bytes] = {}
    for group in build_order(pieces, king_pieces):
        tables.update(solve_group(group, tables, progress))
    return EndgameDatabase(pieces, max(pieces, king_pieces), tables)


def solve_group(group: tuple[Signature, ...], solved: dict[Signature, bytes],
                progress: Progress | None = None) -> dict[Signature, bytes]:
    """The tables of ``group`` (one signature or two swapped ones), given every table its
    moves can leave for in ``solved``."""
    offsets = {}
    total = 0
    for signature in group:
        offsets[signature] = total
        total += layout(signature).size
    values = bytearray([HOLE]) * total
    work = _Work(total)
    for signature in group:
        _forward(signature, offsets, values, work, solved, progress)
    _retrograde(values, work)
    return {signature: bytes(values[offset:offset + layout(signature).size])
            for signature, offset in offsets.items()}


class _Work:
    """A group's per-position scratch: unresolved-move counts, what the exits give, edges."""

    def __init__(self, total: int) -> None:
        self.count = bytearray(total)
        """Moves inside the group not yet known to lose for the mover."""
        self.exit_win = bytearray(total)
        """Fastest win through a move leaving the group (its distance), 0 if none."""
        self.exit_loss = bytearray(total)
        """Slowest loss through a move leaving the group, 0 if none."""
        self.exit_draw = bytearray(total)
        """1 when a move leaving the group draws."""
        self.children = array("I")
        self.parents = array("I")
        self.buckets: list[list[int]] = [[] for _ in range(MAX_DISTANCE + 2)]
        """Distance → positions resolved at that distance (pending)."""


def _forward(signature: Signature, offsets: dict[Signature, int], values: bytearray,
             work: _Work, solved: dict[Signature, bytes], progress: Progress | None) -> None:
    """Generate every position's moves once (see the module docstring, step 1)."""
    shape = layout(signature)
    base = offsets[signature]
    twin = swapped(signature)
    twin_shape = layout(twin)
    twin_base = offsets[twin]
    own_men_rank, opp_men_rank, own_kings_rank, opp_kings_rank = twin_shape.turned
    n2, n3, n4 = twin_shape.radices
    count, exit_win, exit_loss, exit_draw = (work.count, work.exit_win, work.exit_loss,
                                             work.exit_draw)
    add_child, add_parent = work.children.append, work.parents.append
    buckets = work.buckets
    reported = 0
    for index, own, opp, kings in shape.positions():
        here = base + index
        values[here] = DRAW
        moves = black_moves(own, opp, kings)
        if not moves:
            buckets[0].append(here)  # no move: lost now
            continue
        inside = 0
        best_win = 0
        slowest_loss = 0
        draw = 0
        for _path, moved, captured, kings_delta, _key in moves:
            white = opp ^ captured
            if not white:
                best_win = 1  # the last piece taken: the opponent cannot move
                continue
            black = own ^ moved
            new_kings = kings ^ kings_delta
            if not captured and (kings_delta == 0 or kings_delta == moved):
                theirs, mine = white & new_kings, black & new_kings
                add_child(twin_base + ((own_men_rank[white ^ theirs] * n2
                                        + opp_men_rank[black ^ mine]) * n3
                                       + own_kings_rank[theirs]) * n4 + opp_kings_rank[mine])
                add_parent(here)
                inside += 1
                continue
            child = signature_of(white, black, new_kings)
            byte = solved[child][layout(child).turned_index(white, black, new_kings)]
            if byte == DRAW:
                draw = 1
            elif byte & 1:  # the child's mover loses in byte - 1 (even): we win in byte
                if not best_win or byte < best_win:
                    best_win = byte
            elif byte > slowest_loss:  # the child's mover wins in byte - 1: we lose in byte
                slowest_loss = byte
        count[here] = inside
        if best_win:
            exit_win[here] = best_win
            buckets[best_win].append(here)
        elif draw:
            exit_draw[here] = 1
        elif not inside:
            buckets[slowest_loss].append(here)
        else:
            exit_loss[here] = slowest_loss
        if progress is not None and index - reported >= 65536:
            progress(index - reported)
            reported = index
    if progress is not None:
        progress(shape.size - reported)


def _retrograde(values: bytearray, work: _Work) -> None:
    """Resolve the group by distance (see the module docstring, step 2)."""
    starts = _reverse_edges(len(values), work)
    parents = work.parents
    count, exit_win, exit_loss, exit_draw = (work.count, work.exit_win, work.exit_loss,
                                             work.exit_draw)
    buckets = work.buckets
    for distance in range(MAX_DISTANCE + 1):
        byte = distance + 1
        for here in buckets[distance]:
            if values[here]:
                continue  # resolved at a smaller distance already
            values[here] = byte
            if distance & 1:  # won here: one more of each parent's moves loses for it
                for parent in parents[starts[here]:starts[here + 1]]:
                    if values[parent]:
                        continue
                    left = count[parent] - 1
                    count[parent] = left
                    if not left and not exit_win[parent] and not exit_draw[parent]:
                        buckets[max(byte, exit_loss[parent])].append(parent)
            else:  # lost here: every parent wins in one more
                later = buckets[byte]
                for parent in parents[starts[here]:starts[here + 1]]:
                    if not values[parent]:
                        later.append(parent)
        buckets[distance] = []
    if buckets[MAX_DISTANCE + 1]:
        raise DistanceOverflowError(f"a distance over {MAX_DISTANCE} plies")


def _reverse_edges(total: int, work: _Work) -> array[int]:
    """Sort the (child, parent) edges by child: ``parents[starts[c]:starts[c + 1]]`` are
    the parents of ``c`` (a counting sort; ``work.parents`` is replaced)."""
    starts = array("I", bytes(4 * (total + 1)))
    children = work.children
    for child in children:
        starts[child + 1] += 1
    running = 0
    for position in range(total + 1):
        running += starts[position]
        starts[position] = running
    fill = array("I", starts)
    ordered = array("I", bytes(4 * len(children)))
    for child, parent in zip(children, work.parents, strict=True):
        ordered[fill[child]] = parent
        fill[child] += 1
    work.parents = ordered
    work.children = array("I")
    return starts
