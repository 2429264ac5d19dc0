#!/usr/bin/env python3
"""A complete adversa engine: plays a random legal move (docs/engine-protocol.md).
An optional argument seeds the choices, so its games can be replayed."""
import random
import sys

rng = random.Random(sys.argv[1] if len(sys.argv) > 1 else None)
legal: list[str] = []
for line in sys.stdin:
    word, _, rest = line.strip().partition(" ")
    if word == "protocol":
        print("name random mover", "ready", sep="\n", flush=True)
    elif word == "legal":
        legal = rest.split()
    elif word == "go":
        print("move", rng.choice(legal), flush=True)
    elif word == "quit":
        break
