"""Fixtures for the GUI tests: the app with its fonts, and a shown main window."""

from __future__ import annotations

import pyqtgraph as pg
import pytest

from gui import MainWindow, install_fonts


@pytest.fixture
def window(qtbot, qapp):
    pg.setConfigOptions(antialias=True, imageAxisOrder="row-major")
    install_fonts(qapp)
    window = MainWindow()
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.first_paint, timeout=5000):
        window.show()
    return window
