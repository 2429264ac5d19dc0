"""Reading and writing the user's files: atomically, and with one-line refusals.

Every file adversa writes for the user (app saves, the autosave, arena records and
summaries, settings; the endgame database as bytes) goes through `write_text_atomic`
(`write_bytes_atomic`): the data is written to a temporary file in the same
directory, flushed to disk and renamed over the target, so a crash or a Ctrl-C
leaves either the old file or the new one, never half of one.

Every file adversa reads from the user (saves, openings, tree files) goes through
`read_user_text`, which turns each way a file can be wrong — missing, a directory,
unreadable, binary, not UTF-8 — into a `UserFileError` that names the path and the
reason, for the CLI's one-line error and the app's notification.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
from pathlib import Path

from adversa.errors import AdversaError


class UserFileError(AdversaError):
    """A file the user named that cannot be read or written; names the path and why."""


def user_path(text: str) -> Path:
    """The path the user typed, with ``~`` and ``~name`` expanded.

    ``~name`` for a user this machine does not know (``~0``) is a `UserFileError`,
    not the `RuntimeError` that `Path.expanduser` raises for it.
    """
    try:
        return Path(text).expanduser()
    except RuntimeError:
        user = text[1:].split("/", 1)[0]
        raise UserFileError(
            f"path {text!r}: there is no user {user!r} on this machine for '~{user}' "
            f"to stand for"
        ) from None


MAX_USER_FILE_BYTES = 8 * 2**20
"""Largest save, openings or tree file read: a game record is kilobytes, a PDN collection of
thousands of games a few megabytes; `--openings /dev/zero` used to read until memory ran out."""


def read_user_text(path: str | os.PathLike[str], what: str = "file") -> str:
    """The text of ``path``, or a `UserFileError` saying why it is not a readable ``what``.

    ``what`` names the expected content ("save file", "openings file") in the message.
    """
    target = Path(path)
    if not target.exists():
        raise UserFileError(f"{what} {str(target)!r}: no such file")
    if target.is_dir():
        raise UserFileError(f"{what} {str(target)!r}: is a directory, expected a file")
    if not target.is_file():  # a FIFO blocks the reader for ever, /dev/zero never ends
        raise UserFileError(f"{what} {str(target)!r}: is not a regular file")
    try:
        with target.open("rb") as stream:
            data = stream.read(MAX_USER_FILE_BYTES + 1)
    except OSError as error:
        raise UserFileError(f"{what} {str(target)!r}: cannot be read ({error.strerror})") from None
    if len(data) > MAX_USER_FILE_BYTES:
        raise UserFileError(
            f"{what} {str(target)!r}: is larger than {MAX_USER_FILE_BYTES // 2**20} MB, "
            "the most adversa reads"
        )
    if b"\x00" in data:
        raise UserFileError(f"{what} {str(target)!r}: is a binary file, expected UTF-8 text")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UserFileError(
            f"{what} {str(target)!r}: is not UTF-8 text (bad byte at offset {error.start})"
        ) from None


def write_text_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the new one, whole.

    Raises `UserFileError` (naming the path) when the directory is missing or not
    writable, or the target is a directory.
    """
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: str | os.PathLike[str], data: bytes) -> None:
    """`write_text_atomic` for bytes (the endgame database).

    A symbolic link is written through (its target is replaced, the link stays); an
    existing file keeps its permissions, a new one gets the usual ones (0666 less the
    umask), not the temporary file's 0600. Temporary files left by a writer that was
    killed (``kill -9``) an hour or more ago are removed."""
    target = Path(path)
    if target.is_symlink():
        target = target.resolve()
    if target.is_dir():
        raise UserFileError(f"{str(target)!r}: is a directory, expected a file to write")
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mode = 0o666 & ~current_umask()
    descriptor = None
    temporary = ""
    try:
        descriptor, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
        with os.fdopen(descriptor, "wb") as stream:
            descriptor = None  # the stream owns it now
            os.fchmod(stream.fileno(), mode)
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
        temporary = ""
        remove_stale_temporaries(target)
    except OSError as error:
        raise UserFileError(
            f"{str(target)!r}: cannot be written ({error.strerror or error})"
        ) from None
    finally:
        if descriptor is not None:
            os.close(descriptor)
        if temporary:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


STALE_SECONDS = 3600
"""A temporary file this old was left by a writer that died: no write takes an hour."""


def remove_stale_temporaries(target: Path) -> None:
    """Remove ``.<name>.*.tmp`` files beside ``target`` older than `STALE_SECONDS`."""
    cutoff = time.time() - STALE_SECONDS
    with contextlib.suppress(OSError):
        for leftover in target.parent.glob(f".{target.name}.*.tmp"):
            with contextlib.suppress(OSError):
                if leftover.stat().st_mtime < cutoff:
                    leftover.unlink()


def current_umask() -> int:
    """The process's umask, read without changing it where Linux tells it (/proc);
    elsewhere set and restored at once."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
