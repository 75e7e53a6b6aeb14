"""What the window keeps between starts.

Its geometry and whether it was maximised, the regions' arrangement (gui.window.workspace),
the display precision and the weights' colour scale.
"""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QMainWindow

from gui.model.state import AttentionState
from gui.model.view_settings import WEIGHT_SCALES
from gui.support.settings import setting_bytes, setting_int, setting_str
from gui.window.workspace import Arrangement, Workspace

# "window/layout" held QMainWindow.saveState() of the docks before the regions: left unread
GEOMETRY_KEY, MAXIMISED_KEY = "window/geometry", "window/maximised"
ARRANGEMENT_KEY = "window/regions"
PRECISION_KEY, WEIGHT_SCALE_KEY = "view/precision", "view/weight_scale"
TITLE_BAR = 32  # px a window manager's title bar may take above the window (openbox: 20)


def restore_window_settings(
    window: QMainWindow, workspace: Workspace, state: AttentionState
) -> None:
    """Give back the window's geometry, its regions, the precision and weight scale.

    A maximised window comes back maximised; an arrangement that no longer fits the
    window is dropped for the default (``Workspace.arrange``).
    """
    geometry = setting_bytes(GEOMETRY_KEY)
    if not geometry.isEmpty():
        window.restoreGeometry(geometry)
    elif (screen := window.screen()) is not None:  # the first start: as high as the screen
        room = screen.availableGeometry()  # with a title bar (on a 1280×720 screen the
        height = min(window.height(), room.height() - TITLE_BAR)  # status bar was below it)
        window.resize(window.width(), height)
    if setting_int(MAXIMISED_KEY, 0):
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
    kept = QSettings().value(ARRANGEMENT_KEY, [], type=list)
    arrangement = Arrangement.from_list(kept)
    if arrangement is not None:
        workspace.arrange(arrangement)
    state.set_precision(setting_int(PRECISION_KEY, state.precision))
    scale = setting_str(WEIGHT_SCALE_KEY, state.view.weight_scale)
    if scale in WEIGHT_SCALES:  # a word from another version is left alone
        state.view.set_weight_scale(scale)


def save_window_settings(window: QMainWindow, workspace: Workspace, state: AttentionState) -> None:
    """Keep the window's geometry and regions, the precision and weight scale for next time."""
    settings = QSettings()
    settings.setValue(GEOMETRY_KEY, window.saveGeometry())
    settings.setValue(MAXIMISED_KEY, int(window.isMaximized()))
    settings.setValue(ARRANGEMENT_KEY, workspace.arrangement().to_list())
    settings.setValue(PRECISION_KEY, state.precision)
    settings.setValue(WEIGHT_SCALE_KEY, state.view.weight_scale)
    settings.sync()
