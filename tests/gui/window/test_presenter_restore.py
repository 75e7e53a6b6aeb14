"""Leaving presenter mode gives back the very layout: the window, every dock, every splitter.

Whatever happened while presenting: larger or smaller text (Ctrl+= / Ctrl+-), the steps,
the panels taking turns as tabs on a short screen.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt


def layout(window):
    """The window's rectangle and each shown dock's, with the least size it holds itself to."""
    docks = {
        name: (dock.geometry().getRect(), dock.minimumSize().toTuple())
        for name, dock in window.docks.items()
        if dock.isVisible() and dock.x() >= 0
    }
    return window.geometry().getRect(), docks


def settled(window, qtbot):
    before = layout(window)
    for _ in range(20):  # a dock just shown may take some turns to find its place
        qtbot.wait(50)
        if layout(window) == before:
            break
        before = layout(window)
    return before


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("steps", [+3, +1, -1])
def test_text_scaled_while_presenting_leaves_every_dock_as_it_was(window, qtbot, size, steps):
    """The dial's dock came back holding itself to the presenter's height (351 px, not 251).

    It lay over the Mixing dock's title, and the next layout of the window (a resize, the
    next start) squashed the mixing chart to a third of its height.
    """
    window.resize(*size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    before = settled(window, qtbot)
    chart = window.mixing.canvas.height()
    window.presenter.toggle_action.setChecked(True)
    window.showNormal()  # as if full screen on a screen of this size (offscreen: 800×800)
    window.setGeometry(0, 0, *size)
    qtbot.wait(100)
    for number in (1, 2, 3, 4):
        window.presenter.go_to_step(number)
    key = Qt.Key.Key_Equal if steps > 0 else Qt.Key.Key_Minus
    for _ in range(abs(steps)):
        qtbot.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)
        qtbot.wait(50)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.wait(300)
    assert layout(window) == before
    assert abs(window.mixing.canvas.height() - chart) <= 2
    # and the window laid out anew (a resize there and back, as the next start does)
    window.resize(size[0] - 40, size[1])
    qtbot.wait(50)
    window.resize(*size)
    qtbot.wait(100)
    assert abs(window.mixing.canvas.height() - chart) <= 2
