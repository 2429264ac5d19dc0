"""The cyclic garbage collector, paused while a search runs.

A search allocates a few small containers per node (states, move lists, table
entries), and with a table or a game's memos many of them stay alive. CPython's cyclic
collector runs after every 700 surviving allocations and walks all the young survivors
(and, ever more often, everything long-lived), though a search makes almost no cycles
(its few, the kernel's closures, are broken by `Kernel.release` and the reporter's
reset). Pausing it measured a fifth to a third more nodes per CPU second in a game
whose rules keep memos; memory is freed by reference counting as before, and the
collector resumes when the search returns.

What the search allocated and kept (a game's memos above all) would then be one young
generation, which the collector walks whole at its next allocation: 0.2-0.3 s of CPU
after a 5 s search of an ending with memos, on whichever thread allocates next. It is moved
to the oldest generation instead (``gc.freeze`` then ``gc.unfreeze``, two list splices):
nothing is hidden from the collector, whose full passes still walk it, and a cycle
among it is still freed then. Not where a program has frozen objects of its own (the
app freezes its start-up objects): ``gc.unfreeze`` would thaw those too, so there the
collector walks the young generation as before.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """Run the body with the cyclic collector off, and turn it back on after if it was
    on before (a search inside another leaves it as it found it), with what the body
    kept in the oldest generation unless objects were frozen before."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            if not gc.get_freeze_count():
                gc.freeze()
                gc.unfreeze()
            gc.enable()
