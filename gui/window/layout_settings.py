"""What the window keeps between starts.

Its geometry, its docks and toolbars (QSettings), the display precision and the weights'
colour scale.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QMainWindow

from gui.model.state import AttentionState
from gui.model.view_settings import WEIGHT_SCALES
from gui.support.settings import setting_bytes, setting_int, setting_str

LAYOUT_VERSION = 2  # of QMainWindow.saveState(): bump it when the docks change (2: heads)
GEOMETRY_KEY, LAYOUT_KEY, PRECISION_KEY = "window/geometry", "window/layout", "view/precision"
WEIGHT_SCALE_KEY = "view/weight_scale"


def restore_window_settings(window: QMainWindow, state: AttentionState) -> None:
    """Give back the window's geometry, docks and toolbars, the precision and weight scale."""
    geometry = setting_bytes(GEOMETRY_KEY)
    if not geometry.isEmpty():
        window.restoreGeometry(geometry)
    layout = setting_bytes(LAYOUT_KEY)
    if not layout.isEmpty():
        window.restoreState(layout, LAYOUT_VERSION)
    state.set_precision(setting_int(PRECISION_KEY, state.precision))
    scale = setting_str(WEIGHT_SCALE_KEY, state.view.weight_scale)
    if scale in WEIGHT_SCALES:  # a word from another version is left alone
        state.view.set_weight_scale(scale)


def save_window_settings(window: QMainWindow, state: AttentionState) -> None:
    """Keep the window's geometry and layout, the precision and weight scale for next time."""
    settings = QSettings()
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.setValue(LAYOUT_KEY, window.saveState(LAYOUT_VERSION))
    settings.setValue(PRECISION_KEY, state.precision)
    settings.setValue(WEIGHT_SCALE_KEY, state.view.weight_scale)
    settings.sync()
