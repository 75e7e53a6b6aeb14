"""The app's window as the benchmarks open it, set up as main.py sets it up: offscreen
unless a display is set, the app's fonts, memory reuse and pyqtgraph options, 1280×720,
shown."""

from __future__ import annotations

import os
import sys

import common  # noqa: F401  (puts the project on sys.path)


def open_window() -> tuple[object, object]:
    """(the QApplication, a shown MainWindow on the lesson)."""
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    import pyqtgraph as pg
    from PySide6.QtWidgets import QApplication

    from gui import MainWindow, install_fonts
    from gui.support.malloc_tuning import reuse_freed_memory

    reuse_freed_memory()

    pg.setConfigOptions(antialias=True, imageAxisOrder="row-major")
    app = QApplication.instance() or QApplication(sys.argv[:1])
    install_fonts(app)
    window = MainWindow()
    window.resize(1280, 720)
    window.show()
    return app, window


def run_for(seconds: float) -> None:
    """Let the event loop run for ``seconds``."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    QTimer.singleShot(round(seconds * 1000), loop.quit)
    loop.exec()
