"""Files written whole or not at all, and files read only when they are files of a sane size.

:func:`write_atomic` writes into a temporary file beside the destination and renames it
over, so a full disk or a crash leaves the previous file as it was, never half of a new
one. :func:`read_bounded` refuses a device, a pipe or a file over a size limit before it
reads a byte of it: ``/dev/zero`` would be read until memory runs out, and a named pipe
(FIFO) would block until someone writes to it.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import BinaryIO

from ..messages import InputError, Message

#: Opening a FIFO without O_NONBLOCK waits for a writer; with it, the open returns at once
#: and fstat can say what was opened. (POSIX only: 0 elsewhere.)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
#: Windows opens in text mode unless told otherwise, and would turn CR LF into LF.
_BINARY = getattr(os, "O_BINARY", 0)


class FileRefusedError(InputError):
    """A file that is not read at all; ``path`` names it.

    Parameters
    ----------
    path : Path
        The file that was refused.
    message : Message or str
        Why, in a sentence that names the file.
    """

    def __init__(self, path: Path, message: Message | str) -> None:
        super().__init__(message)
        self.path = path


class NotARegularFileError(FileRefusedError):
    """A device, a pipe or a socket: reading one might never end, or never start."""

    def __init__(self, path: Path) -> None:
        super().__init__(
            path, Message("{file} is not a file (a device, a pipe or a socket)", file=path.name)
        )


class FileTooLargeError(FileRefusedError):
    """A file over the size limit of its reader.

    Attributes
    ----------
    size : int or None
        Its size in bytes when it was opened, or None when it grew past the limit while
        it was being read (its size is then unknown).
    limit : int
        The largest size the reader accepts, in bytes.
    """

    def __init__(self, path: Path, size: int | None, limit: int) -> None:
        self.size, self.limit = size, limit
        super().__init__(path, self._sentence(path.name, size, limit))

    @staticmethod
    def _sentence(name: str, size: int | None, limit: int) -> Message:
        # Sizes are in MB against a limit of a megabyte or more, else in bytes.
        megabytes = limit >= 2**20
        if size is None and megabytes:
            return Message("{file} is over {most_mb} MB", file=name, most_mb=limit // 2**20)
        if size is None:
            return Message("{file} is over {most:,} bytes", file=name, most=limit)
        if megabytes:
            return Message(
                "{file} is {size_mb:,.0f} MB; at most {most_mb} MB",
                file=name,
                size_mb=size / 2**20,
                most_mb=limit // 2**20,
            )
        return Message(
            "{file} is {size:,} bytes; at most {most:,} bytes", file=name, size=size, most=limit
        )

    @property
    def description_message(self) -> Message:
        """Return how large the file is against the limit, without its name.

        Returns
        -------
        Message
            ``"is 1,024 MB; at most 256 MB"``, or ``"is over 256 MB"`` when the file grew
            while it was being read.
        """
        megabytes = self.limit >= 2**20
        if self.size is None and megabytes:
            return Message("is over {most_mb} MB", most_mb=self.limit // 2**20)
        if self.size is None:
            return Message("is over {most:,} bytes", most=self.limit)
        if megabytes:
            return Message(
                "is {size_mb:,.0f} MB; at most {most_mb} MB",
                size_mb=self.size / 2**20,
                most_mb=self.limit // 2**20,
            )
        return Message("is {size:,} bytes; at most {most:,} bytes", size=self.size, most=self.limit)

    @property
    def description(self) -> str:
        """Return :attr:`description_message` in English.

        Returns
        -------
        str
            ``"is 1,024 MB; at most 256 MB"``, or ``"is over 256 MB"``.
        """
        return str(self.description_message)


def open_regular(path: str | os.PathLike[str]) -> BinaryIO:
    """Open a regular file for reading in binary, refusing anything else unread.

    The file is opened without waiting (a FIFO with no writer would block the open
    forever), then what was opened is checked on its descriptor, so a file swapped for a
    pipe between a check and the open cannot slip through.

    Parameters
    ----------
    path : str or PathLike
        The file to open; a symbolic link is followed.

    Returns
    -------
    BinaryIO
        The open file, to be closed by the caller (it is a context manager).

    Raises
    ------
    NotARegularFileError
        For a device, a pipe or a socket.
    IsADirectoryError
        For a folder, as :func:`open` raises it.
    OSError
        When the file cannot be opened.
    """
    path = Path(path)
    handle = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY)
    try:
        mode = os.fstat(handle).st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            raise NotARegularFileError(path)
        if _NONBLOCK:
            os.set_blocking(handle, True)  # a file's reads then behave as open()'s would
        return open(handle, "rb")  # the caller closes it
    except BaseException:
        os.close(handle)
        raise


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """Return the whole content of a regular file of at most ``limit`` bytes.

    The size is checked before anything is read, and at most ``limit + 1`` bytes are ever
    read, so a file that grows while it is read is refused too.

    Parameters
    ----------
    path : str or PathLike
        The file to read; a symbolic link is followed.
    limit : int
        The largest size accepted, in bytes.

    Returns
    -------
    bytes
        The file's content.

    Raises
    ------
    FileTooLargeError
        For a file over ``limit`` bytes.
    NotARegularFileError
        For a device, a pipe or a socket.
    OSError
        When the file cannot be read (``IsADirectoryError`` for a folder).
    """
    path = Path(path)
    with open_regular(path) as stream:
        size = os.fstat(stream.fileno()).st_size
        if size > limit:
            raise FileTooLargeError(path, size, limit)
        data = stream.read(size + 1)  # a byte more than fstat said: has it grown?
        if len(data) > size:
            data += stream.read(limit + 1 - len(data))
    if len(data) > limit:
        raise FileTooLargeError(path, None, limit)
    return data


def shareable_mode(path: Path) -> int:
    """Return the permissions a new file gets anyway, or those of the file already there.

    Parameters
    ----------
    path : Path
        The file about to be written.

    Returns
    -------
    int
        ``path``'s permission bits if it exists, else 0o666 less the umask.
    """
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: str | os.PathLike[str], data: bytes, *, suffix: str = "") -> None:
    """Write ``data`` to ``path`` whole or not at all.

    The data goes into a temporary file beside ``path`` (named ``.{name}.…{suffix}``),
    reaches the disk (fsync), gets the permissions ``path`` would get (see
    :func:`shareable_mode`) and is then renamed over ``path``. On any failure, an
    interruption included, the temporary file is removed and ``path`` is untouched.

    Parameters
    ----------
    path : str or PathLike
        The destination; its folder must exist.
    data : bytes
        The whole content of the file.
    suffix : str, optional
        The end of the temporary file's name.

    Raises
    ------
    OSError
        When the file cannot be written; ``path`` is then as it was.
    """
    path = Path(path)
    remove_stale_temporaries(path)  # what a killed write left beside it
    handle, temporary = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}.", suffix=suffix + TEMPORARY_MARK, dir=path.parent
    )
    os.close(handle)
    try:
        write_synced(Path(temporary), data)
        os.chmod(temporary, shareable_mode(path))  # mkstemp makes it owner-only
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


#: The end of every temporary file's name: the app's own, and no other program's.
TEMPORARY_MARK = ".attention-lab-tmp"
#: Where the writer's process cannot be asked about (Windows), a temporary file this old is
#: surely left over from a write that was killed: none takes more than seconds.
STALE_SECONDS = 3600


def remove_stale_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporary files that killed writes of ``path`` left beside it.

    Only files of this app's own pattern (``.{name}.{pid}.….attention-lab-tmp``) are
    touched, and only when the process that wrote them is gone (on Windows, when they are
    over an hour old), so another copy of the app writing the same file is left alone.

    Returns
    -------
    list of Path
        The files removed.
    """
    path = Path(path)
    removed = []
    try:
        candidates = list(path.parent.glob(f".{glob_escape(path.name)}.*{TEMPORARY_MARK}"))
    except OSError:
        return []
    for candidate in candidates:
        pid_text = candidate.name[len(path.name) + 2 :].split(".", 1)[0]
        if pid_text.isdigit() and _is_stale(candidate, int(pid_text)):
            with contextlib.suppress(OSError):
                candidate.unlink()
                removed.append(candidate)
    return removed


def glob_escape(name: str) -> str:
    """Return ``name`` with the characters glob would read as a pattern made literal."""
    return "".join(f"[{c}]" if c in "*?[" else c for c in name)


def _is_stale(candidate: Path, pid: int) -> bool:
    if os.name != "posix":  # os.kill would end the process there, not ask about it
        try:
            return time.time() - candidate.stat().st_mtime > STALE_SECONDS
        except OSError:
            return False
    if pid == os.getpid():
        return False  # a write of this very process, under way in another thread
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return True
    except OSError:
        return False  # it exists (another user's): its file is not ours to judge
    return False


def write_synced(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (replacing it) and wait until it is on the disk.

    The one low-level write of every file the app saves: :func:`write_atomic` writes its
    temporary file with it, and Export all its staged files.
    """
    with open(path, "wb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())
