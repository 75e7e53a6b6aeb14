"""Typed reads of QSettings.

``QSettings.value`` needs ``type=`` to convert what it stored, and its stubs say ``object``
whatever it returns.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings


def setting_str(key: str, default: str = "") -> str:
    """Return the text stored under ``key``, else ``default``."""
    value = QSettings().value(key, default, type=str)
    return value if isinstance(value, str) else default


def setting_int(key: str, default: int) -> int:
    """Return the whole number stored under ``key``, else ``default``."""
    value = QSettings().value(key, default, type=int)
    return value if isinstance(value, int) else default


def setting_bytes(key: str) -> QByteArray:
    """Return the bytes stored under ``key`` (a window's geometry), else empty bytes."""
    value = QSettings().value(key, QByteArray(), type=QByteArray)
    return value if isinstance(value, QByteArray) else QByteArray()


def setting_texts(key: str) -> list[str]:
    """Return the list of texts stored under ``key`` (anything else in it is dropped)."""
    value = QSettings().value(key, [], type=list)
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []
