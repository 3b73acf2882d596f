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
    if is_stream(path):
        with _opened(path, binary) as file:
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
    """Whether ``path`` names no regular file of its own: a device, a pipe, or a link into ``/dev`` or ``/proc``
    (``/dev/stdout``, whatever standard output is)."""
    current = os.path.abspath(path)
    if current.startswith("/proc/"):
        return True
    for _ in range(40):  # links followed one at a time, as far as the system does
        if not os.path.islink(current):
            break
        current = os.path.join(os.path.dirname(current), os.readlink(current))
        if current.startswith(("/dev/", "/proc/")):
            return True
    return os.path.exists(path) and not os.path.isfile(path)


def _opened(path: str, binary: bool) -> IO[Any]:
    return open(path, "wb") if binary else open(path, "w", encoding="utf-8", newline="")
