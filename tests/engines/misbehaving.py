"""A protocol engine that misbehaves on purpose, as told by its first argument.

crash: exits when asked to move; illegal: answers a move that is not legal; silent:
never answers ``go``; flood: writes ``info`` lines forever; longline: one line with no
end; garbage: bytes that are not UTF-8 before its move; hog: allocates memory until the
limit stops it; late-ready: never says ``ready``. And one that behaves but takes its
time: slow sleeps a twentieth of a second before each move (so a tournament of it lasts
at least that long however fast the machine, for the interruption tests); and chatty
writes an ``info`` line before each move.
"""
import sys
import time

behaviour = sys.argv[1]
out = sys.stdout.buffer
for line in sys.stdin:
    word, _, rest = line.strip().partition(" ")
    if word == "protocol":
        if behaviour == "late-ready":
            time.sleep(3600)
        out.write(b"name " + behaviour.encode() + b"\nready\n")
        out.flush()
    elif word == "legal":
        legal = rest.split()
    elif word == "go":
        if behaviour == "crash":
            sys.exit(3)
        elif behaviour == "illegal":
            out.write(b"move z99\n")
        elif behaviour == "silent":
            time.sleep(3600)
        elif behaviour == "flood":
            while True:
                out.write(b"info thinking very hard\n")
        elif behaviour == "longline":
            while True:
                out.write(b"x" * 4096)
        elif behaviour == "garbage":
            out.write(b"\xff\xfe\xfa\n")
        elif behaviour == "chatty":
            out.write(b"info depth 1 considering " + legal[0].encode() + b"\n")
        elif behaviour == "slow":
            time.sleep(0.05)
        elif behaviour == "hog":
            hoard = [bytearray(64 * 1024 * 1024) for _ in range(1000)]
        out.write(b"move " + legal[0].encode() + b"\n")
        out.flush()
    elif word == "quit":
        break
