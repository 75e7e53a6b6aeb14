"""Typed reads of QSettings.

``QSettings.value`` needs ``type=`` to convert what it stored, and its stubs say ``object``
whatever it returns.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths

#: No setting the app writes is longer: a path, a sentence (100,000 characters at most).
MAX_SETTING_CHARS = 100_000
#: The whole numbers the app keeps (a flag, decimals) are small; Qt's int is 32 bits.
INT_RANGE = range(-(2**31), 2**31)


def setting_str(key: str, default: str = "") -> str:
    """Return the text stored under ``key``, else ``default`` (also for one past reason)."""
    value = QSettings().value(key, default, type=str)
    if not isinstance(value, str) or len(value) > MAX_SETTING_CHARS:
        return default
    return value


def setting_int(key: str, default: int) -> int:
    """Return the whole number stored under ``key``, else ``default``.

    Read as it was stored, not through ``type=int``: Qt turned "abc" into 0 and a
    100-digit number into an OverflowError out of the window's start.
    """
    value = QSettings().value(key, default)
    if isinstance(value, str) and 0 < len(value.strip()) <= 12:
        text = value.strip()
        value = int(text) if text.lstrip("+-").isdigit() else default
    if type(value) is not int or value not in INT_RANGE:
        return default
    return value


def setting_bytes(key: str) -> QByteArray:
    """Return the bytes stored under ``key`` (a window's geometry), else empty bytes."""
    value = QSettings().value(key, QByteArray(), type=QByteArray)
    return value if isinstance(value, QByteArray) else QByteArray()


def setting_texts(key: str) -> list[str]:
    """Return the list of texts stored under ``key`` (anything else in it is dropped)."""
    value = QSettings().value(key, [], type=list)
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []


def start_folder(key: str) -> Path:
    """Return where a file dialog opens: the folder remembered under ``key``, if it exists.

    Else the user's documents folder, if it exists, else the home folder. Never "" (a file
    dialog then opens in the program's folder) nor a folder that is gone (Qt then opens its
    parent with the missing name typed in, "Directory not found" on OK).
    """
    remembered = setting_str(key)
    if remembered and Path(remembered).is_absolute() and Path(remembered).is_dir():
        return Path(remembered)
    documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
    if documents and Path(documents).is_dir():
        return Path(documents)
    return Path.home()


def remember_folder(key: str, folder: str | Path) -> None:
    """Remember ``folder`` under ``key``: the next file dialog of its kind opens there."""
    QSettings().setValue(key, str(Path(folder)))
