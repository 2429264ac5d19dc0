"""Every figure in benchmarks/RESULTS.md traces to a kept raw output and the command that made it.

A results entry shows a command in a code block and links the file in
``benchmarks/results/`` holding what that command printed; the file repeats the command
on its first line (so a reader can paste it back), then the date, commit and load, and
ends with the command's exit status (`benchmarks/record.py` writes files of this shape).
A figure whose file is missing, an output no entry cites, or an entry whose command
differs from the one that was really run would each make a figure nobody can re-run.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
RESULTS_MD = BENCHMARKS / "RESULTS.md"
RAW_FILES = sorted((BENCHMARKS / "results").glob("*.txt"))
LINK = re.compile(r"\]\((results/[^)\s]+)\)")
CODE_BLOCK = re.compile(r"```\n(.*?)\n```", re.DOTALL)
HEADER = re.compile(r"# \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, commit [0-9a-f]{7,40}(\+changes)?, "
                    r"load average (\d+\.\d+|not recorded)")
"""A header written after the run, from its engineer's notes, says the load was not
recorded rather than invent one."""


def linked_files(text: str) -> list[str]:
    return LINK.findall(text)


def command_before(text: str, link: str) -> str:
    """The last code block before the first mention of ``link``: the entry's command."""
    position = text.index(f"]({link})")
    blocks = CODE_BLOCK.findall(text[:position])
    assert blocks, f"no command shown before the link to {link}"
    command: str = blocks[-1].strip()
    return command


def test_there_are_results_to_check() -> None:
    assert RAW_FILES and linked_files(RESULTS_MD.read_text(encoding="utf-8"))


def test_every_raw_output_is_cited_and_every_citation_exists() -> None:
    text = RESULTS_MD.read_text(encoding="utf-8")
    cited = set(linked_files(text)) - {"results/"}
    kept = {f"results/{path.name}" for path in RAW_FILES}
    assert cited - kept == set(), "RESULTS.md cites files that are not kept"
    assert kept - cited == set(), "raw outputs that no RESULTS.md entry cites"


@pytest.mark.parametrize("raw", RAW_FILES, ids=lambda path: path.name)
def test_a_raw_output_names_its_command_date_commit_and_exit(raw: Path) -> None:
    lines = raw.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("$ "), "the first line is the command"
    assert HEADER.match(lines[1]), f"the second line is the date, commit and load: {lines[1]!r}"
    # A run stopped by a signal ends with its negative status, as record.py's subprocess
    # reports it (``# exit -15``: stopped with SIGTERM).
    assert re.fullmatch(r"# exit -?\d+", lines[-1]), "the last line is the exit status"


@pytest.mark.parametrize("raw", RAW_FILES, ids=lambda path: path.name)
def test_the_entry_shows_the_command_that_was_run(raw: Path) -> None:
    text = RESULTS_MD.read_text(encoding="utf-8")
    link = f"results/{raw.name}"
    if link not in linked_files(text):
        pytest.skip("not cited (the test above fails)")
    ran = raw.read_text(encoding="utf-8").splitlines()[0].removeprefix("$ ")
    assert shlex.split(command_before(text, link)) == shlex.split(ran)


@pytest.mark.parametrize("raw", RAW_FILES, ids=lambda path: path.name)
def test_the_command_runs_a_script_that_exists(raw: Path) -> None:
    """A figure made by a script that was later renamed or removed can no longer be re-run."""
    words = shlex.split(raw.read_text(encoding="utf-8").splitlines()[0].removeprefix("$ "))
    scripts = [word for word in words if word.startswith("benchmarks/")]
    modules = [words[index + 1] for index, word in enumerate(words[:-1]) if word == "-m"]
    assert scripts or modules == ["adversa"], f"runs neither a benchmark nor adversa: {words}"
    for script in scripts:
        assert (BENCHMARKS.parent / script).is_file(), f"{script} is not in the repository"
    assert not any(word.startswith("/") for word in words), "a path outside the repository"
