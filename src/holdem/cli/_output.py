"""Files the commands write: each takes the place of its path only once the command has succeeded.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "results.json"
>>> with replaced_at_the_end(str(path)) as file:
...     _ = file.write("{}")
...     path.exists()
False
>>> path.read_text()
'{}'
"""

from __future__ import annotations

import contextlib
import errno
import os
from collections.abc import Iterator
from typing import IO, Any

__all__ = ["is_stream", "replaced_at_the_end"]


@contextlib.contextmanager
def replaced_at_the_end(path: str, *, binary: bool = False) -> Iterator[IO[Any]]:
    """A file that takes the place of ``path`` when the block ends well; until then ``path`` is left as it was.

    It is written under a hidden name in the same folder, so a failure or Ctrl-C leaves no half-written file,
    and it is created on entry, so a missing or read-only folder stops the command before its work.  A path
    that is no regular file (``/dev/stdout``, a pipe, a device) is written to as it is, never replaced.
    """
    if not path:
        raise FileNotFoundError(errno.ENOENT, "an empty output name: give the path of the file to write")
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if is_stream(path):  # appended to: /dev/stdout reopens what standard output is, maybe a file it adds to
        with _opened(path, binary, "a") as file:
            yield file
        return
    folder, name = os.path.split(path)
    part = os.path.join(folder, f".{name}.{os.getpid()}.part")
    try:
        file = _opened(part, binary)
    except OSError as error:
        raise OSError(error.errno, error.strerror, path) from None
    try:
        with file:
            yield file
        os.replace(part, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(part)
        raise


def is_stream(path: str) -> bool:
    """Whether ``path`` names no regular file of its own: a device, a pipe, or a link to a file descriptor
    (``/dev/stdout``, whatever standard output is)."""
    if os.path.exists(path) and not os.path.isfile(path):
        return True
    current = os.path.abspath(path)
    for _ in range(40):  # links followed one at a time, each in its folder's real place, as far as the system does
        folder = os.path.realpath(os.path.dirname(current))
        current = os.path.join(folder, os.path.basename(current))
        if current.startswith(("/proc/", "/dev/fd/")) or current in ("/dev/stdout", "/dev/stderr"):
            return True
        if not os.path.islink(current):
            return False
        current = os.path.join(folder, os.readlink(current))
    return False


def _opened(path: str, binary: bool, mode: str = "w") -> IO[Any]:
    return open(path, mode + "b") if binary else open(path, mode, encoding="utf-8", newline="")
