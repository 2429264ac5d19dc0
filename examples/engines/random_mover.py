#!/usr/bin/env python3
"""A complete adversa engine: plays a random legal move (docs/engine-protocol.md)."""
import random
import sys

legal: list[str] = []
for line in sys.stdin:
    word, _, rest = line.strip().partition(" ")
    if word == "protocol":
        print("name random mover", "ready", sep="\n", flush=True)
    elif word == "legal":
        legal = rest.split()
    elif word == "go":
        print("move", random.choice(legal), flush=True)
    elif word == "quit":
        break
