"""What the app keeps between starts: the window's layout and the display precision (in
QSettings), and the session it was closed with (a file path, or an untitled session
kept in the app's data folder)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray, QSettings

from engine import Preset, read_preset, write_preset
from gui.session.autosave import app_data_dir

if TYPE_CHECKING:
    from gui.window.main_window import MainWindow

LAYOUT_VERSION = 1  # of QMainWindow.saveState(): bump it when the docks change
GEOMETRY_KEY, LAYOUT_KEY, PRECISION_KEY = "window/geometry", "window/layout", "view/precision"
LAST_FILE_KEY = "session/last_file"
LAST_SESSION_FILE = "last-session.json"


def restore_window_settings(window: MainWindow) -> None:
    """The window's geometry, its docks and toolbars, and the display precision."""
    settings = QSettings()
    geometry = settings.value(GEOMETRY_KEY, QByteArray(), type=QByteArray)
    if not geometry.isEmpty():
        window.restoreGeometry(geometry)
    layout = settings.value(LAYOUT_KEY, QByteArray(), type=QByteArray)
    if not layout.isEmpty():
        window.restoreState(layout, LAYOUT_VERSION)
    window.state.set_precision(settings.value(PRECISION_KEY, window.state.precision, type=int))


def save_window_settings(window: MainWindow) -> None:
    if window.has_variance_panel() and window.tabs.currentWidget() is window.variance:
        window.tabs.setCurrentIndex(0)  # the experiment tab hides the docks: save them shown
    settings = QSettings()
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.setValue(LAYOUT_KEY, window.saveState(LAYOUT_VERSION))
    settings.setValue(PRECISION_KEY, window.state.precision)
    settings.sync()


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
    except (OSError, TypeError, ValueError):
        pass  # only a convenience for the next start; the session was settled before


def last_session() -> Preset | Path | None:
    """The untitled session kept at the last close, else the file it was closed with.
    Raises engine.PresetError if the kept session cannot be read."""
    kept = app_data_dir() / LAST_SESSION_FILE
    if kept.is_file():
        return read_preset(kept)
    stored = QSettings().value(LAST_FILE_KEY, "", type=str)
    return Path(stored) if stored and Path(stored).is_file() else None
