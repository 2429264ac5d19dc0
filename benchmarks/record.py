"""Run a benchmark command and keep its raw output for RESULTS.md, word for word.

    .venv/bin/python benchmarks/record.py NAME -- nice -n 10 .venv/bin/python benchmarks/SCRIPT …

Writes ``benchmarks/results/NAME.txt``: the command as typed (shell-quoted, so it can be
pasted back), the UTC time, the commit and the load average, then everything the command
printed (stdout and stderr, also echoed here as it comes), then its exit status. A figure
in RESULTS.md cites that file, so anyone can see what the run really printed and run it
again. Run it from the repository root.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"
NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
"""A results file's name: lower case, digits, ``_`` and ``-`` (it becomes NAME.txt)."""


def commit() -> str:
    """The short hash of the checked-out commit, with ``+changes`` if the tree differs."""
    head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True, check=True).stdout.strip()
    return f"{head}+changes" if dirty else head


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", help="results file name, without .txt (e.g. solve)")
    parser.add_argument("command", nargs=argparse.REMAINDER,
                        help="the command to run, after --")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not NAME.fullmatch(args.name):
        parser.error(f"NAME takes lower-case letters, digits, _ and -, got {args.name!r}")
    if not command:
        parser.error("give the command to run after --, e.g. -- .venv/bin/python "
                     "benchmarks/bench_solve.py")

    load = " ".join(f"{value:.2f}" for value in os.getloadavg())
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    header = [f"$ {shlex.join(command)}", f"# {when}, commit {commit()}, load average {load}"]
    RESULTS.mkdir(exist_ok=True)
    target = RESULTS / f"{args.name}.txt"
    with target.open("w", encoding="utf-8") as output:
        output.write("\n".join(header) + "\n")
        output.flush()
        try:
            process = subprocess.Popen(command, stdout=subprocess.PIPE,
                                       stderr=subprocess.STDOUT, text=True)
        except OSError as error:
            sys.exit(f"record.py: cannot run {command[0]!r}: {error.strerror}")
        assert process.stdout is not None  # asked for a pipe
        # Each line is written through at once, so a run stopped midway (a long match)
        # keeps what it printed, and its progress can be read meanwhile.
        for line in process.stdout:
            sys.stdout.write(line)
            sys.stdout.flush()
            output.write(line)
            output.flush()
        status = process.wait()
        output.write(f"# exit {status}\n")
    print(f"kept in benchmarks/results/{target.name}")
    sys.exit(status)


if __name__ == "__main__":
    main()
