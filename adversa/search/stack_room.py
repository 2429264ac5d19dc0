"""Room for a deep recursion: start it at the beginning of a large frame-stack chunk.

CPython (3.11 on) keeps the frames of Python calls on a stack of chunks, 16 KB each
unless a frame needs more, and frees a chunk the moment the frame at its base returns.
A recursion whose busiest depths straddle a chunk boundary therefore maps and unmaps
memory on nearly every call made there, and touches fresh pages each time: the same
alpha-beta search, nodes and values identical, took 1.0 to 3.5 times as long depending
only on how many frames its caller already had (a depth-14 search; the time showed up
as system time and page faults, and in the game's own functions, never in a profile of
the search). Where the boundary falls is an accident of the caller, so a change to any
frame above the search — or a second frame per ply inside it — moved the search's speed
by tens of percent.

`call_with_room` takes the accident away: it calls the function from a frame that
reserves `ROOM_SLOTS` stack slots, more than any 16 KB chunk holds, so CPython gives that
frame a chunk of its own, sized with room to spare (128 KB), and the function's frames
start right after it, about 70 KB before the next boundary: some 90 plies of the alpha-
beta kernel. The reserved slots are never written, so they cost no page faults; the
chunk is freed once per call.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

Result = TypeVar("Result")

ROOM_SLOTS = 7200
"""Stack slots the calling frame reserves (8 bytes each). CPython sizes a new chunk as the
smallest 16 KB × 2ⁿ that holds the frame plus 1,000 slots: 7,200 slots ask for 128 KB."""


def call_with_room(function: Callable[..., Result], *args: Any) -> Result:
    """``function(*args)``, its frames starting near the beginning of a fresh chunk."""
    return function(*args)


# The reservation: a code object may declare more stack than its bytecode uses (CPython
# allocates the frame by the declared size and never reads the unused part).
call_with_room.__code__ = call_with_room.__code__.replace(
    co_stacksize=call_with_room.__code__.co_stacksize + ROOM_SLOTS)
