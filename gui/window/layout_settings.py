"""What the window keeps between starts.

Its geometry, its docks and toolbars (QSettings) and the display precision.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

from gui.model.state import AttentionState
from gui.support.settings import setting_bytes, setting_int

LAYOUT_VERSION = 1  # of QMainWindow.saveState(): bump it when the docks change
GEOMETRY_KEY, LAYOUT_KEY, PRECISION_KEY = "window/geometry", "window/layout", "view/precision"


def restore_window_settings(window: QMainWindow, state: AttentionState) -> None:
    """Give back the window's geometry, its docks and toolbars, and the display precision."""
    geometry = setting_bytes(GEOMETRY_KEY)
    if not geometry.isEmpty():
        window.restoreGeometry(geometry)
    layout = setting_bytes(LAYOUT_KEY)
    if not layout.isEmpty():
        window.restoreState(layout, LAYOUT_VERSION)
    state.set_precision(setting_int(PRECISION_KEY, state.precision))


def save_window_settings(window: QMainWindow, state: AttentionState) -> None:
    """Keep the window's geometry and layout and the display precision for the next start."""
    settings = QSettings()
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.setValue(LAYOUT_KEY, window.saveState(LAYOUT_VERSION))
    settings.setValue(PRECISION_KEY, state.precision)
    settings.sync()
