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
import tempfile
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


def read_user_text(path: str | os.PathLike[str], what: str = "file") -> str:
    """The text of ``path``, or a `UserFileError` saying why it is not a readable ``what``.

    ``what`` names the expected content ("save file", "openings file") in the message.
    """
    target = Path(path)
    if not target.exists():
        raise UserFileError(f"{what} {str(target)!r}: no such file")
    if target.is_dir():
        raise UserFileError(f"{what} {str(target)!r}: is a directory, expected a file")
    try:
        data = target.read_bytes()
    except OSError as error:
        raise UserFileError(f"{what} {str(target)!r}: cannot be read ({error.strerror})") from None
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
    """`write_text_atomic` for bytes (the endgame database)."""
    target = Path(path)
    if target.is_dir():
        raise UserFileError(f"{str(target)!r}: is a directory, expected a file to write")
    descriptor = None
    temporary = ""
    try:
        descriptor, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
        )
        with os.fdopen(descriptor, "wb") as stream:
            descriptor = None  # the stream owns it now
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
        temporary = ""
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
