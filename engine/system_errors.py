"""The operating system's reasons, as messages a catalogue can translate.

``OSError.strerror`` is the C library's English ("No such file or directory") whatever
language the user chose. Every caller that says why a file could not be read or written
(the engine's readers, the window's dialogs, the command line) passes :func:`system_reason`
instead, a :class:`Message` looked up like the engine's own: the common errno values each
have a template, in the C library's words; any other is "system error N: …" with the
system's own text, so nothing is lost.
"""

from __future__ import annotations

import errno

from .messages import Message

#: errno → the reason, for the errors a user of files meets (glibc's words in English).
REASONS: dict[int, Message] = {
    errno.ENOENT: Message("No such file or directory"),
    errno.EACCES: Message("Permission denied"),
    errno.EPERM: Message("Operation not permitted"),
    errno.EISDIR: Message("Is a directory"),
    errno.ENOTDIR: Message("Not a directory"),
    errno.ENOSPC: Message("No space left on device"),
    errno.EROFS: Message("Read-only file system"),
    errno.EEXIST: Message("File exists"),
    errno.ENAMETOOLONG: Message("File name too long"),
    errno.ELOOP: Message("Too many levels of symbolic links"),
    errno.EBUSY: Message("Device or resource busy"),
    errno.ETXTBSY: Message("Text file busy"),
    errno.EIO: Message("Input/output error"),
    errno.EINVAL: Message("Invalid argument"),
    errno.ENOTEMPTY: Message("Directory not empty"),
    errno.EXDEV: Message("Invalid cross-device link"),
    errno.EFBIG: Message("File too large"),
    errno.EMFILE: Message("Too many open files"),
    errno.ENFILE: Message("Too many open files in system"),
    errno.ENOMEM: Message("Cannot allocate memory"),
    errno.ENXIO: Message("No such device or address"),
    errno.ENODEV: Message("No such device"),
    errno.EAGAIN: Message("Resource temporarily unavailable"),
    errno.EINTR: Message("Interrupted system call"),
    errno.ETIMEDOUT: Message("Connection timed out"),
    errno.EPIPE: Message("Broken pipe"),
    errno.EBADF: Message("Bad file descriptor"),
}
if hasattr(errno, "EDQUOT"):  # not on Windows
    REASONS[errno.EDQUOT] = Message("Disk quota exceeded")


def system_reason(error: OSError) -> Message:
    """Return why ``error`` happened, as a message in the catalogue.

    Parameters
    ----------
    error : OSError
        What the operating system raised.

    Returns
    -------
    Message
        The reason for its errno (``"No such file or directory"``); for an errno without
        one, "system error N: <the system's text>"; for an OSError without an errno,
        "system error: <its text>".
    """
    known = REASONS.get(error.errno) if error.errno is not None else None
    if known is not None:
        return known
    if error.errno is not None:
        text = error.strerror or str(error)
        return Message("system error {number}: {text}", number=error.errno, text=text)
    return Message("system error: {text}", text=str(error))


__all__ = ["REASONS", "system_reason"]
