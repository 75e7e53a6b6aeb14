"""The session the app was closed with, for the next start.

A file path (in QSettings), or an untitled session kept in the app's data folder. (The
window's layout is kept by gui/window/layout_settings.py.)
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from engine import Preset, read_preset, write_preset
from engine.formats.files import remove_stale_temporaries
from gui.session.autosave import app_data_dir
from gui.support.settings import setting_str

LAST_FILE_KEY = "session/last_file"
LAST_SESSION_FILE = "last-session.json"


def remember_last_session(path: Path | None, untitled: Preset | None) -> None:
    """Remember the session's file, and keep an untitled session (None: forget it)."""
    QSettings().setValue(LAST_FILE_KEY, str(path) if path is not None else "")
    kept = app_data_dir() / LAST_SESSION_FILE
    try:
        if untitled is not None:
            kept.parent.mkdir(parents=True, exist_ok=True)
            write_preset(kept, untitled)
        else:
            kept.unlink(missing_ok=True)
    except Exception:
        pass  # only a convenience for the next start: the session was settled before, and
        # a window that is closing has nobody left to tell


def last_session() -> Preset | Path | None:
    """Return the untitled session kept at the last close, else the file it was closed with.

    None when there is neither (or the file is gone). Raises engine.PresetError if the kept
    session cannot be read.
    """
    kept = app_data_dir() / LAST_SESSION_FILE
    remove_stale_temporaries(kept)
    if kept.is_file():
        return read_preset(kept)
    stored = setting_str(LAST_FILE_KEY)
    return Path(stored) if stored and Path(stored).is_file() else None
