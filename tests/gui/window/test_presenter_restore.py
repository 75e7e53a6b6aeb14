"""Leaving presenter mode gives back the very layout: the window, every dock, every splitter.

Whatever happened while presenting: larger or smaller text (Ctrl+= / Ctrl+-), the steps,
the panels taking turns as tabs on a short screen.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCharFormat, QTextCursor


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


SUBSCRIPT = QTextCharFormat.VerticalAlignment.AlignSubScript


def wraps(document):
    """True if a line of the calculation breaks in two (its own breaks are U+2028)."""
    block = document.begin()
    while block.isValid():
        if block.layout().lineCount() > block.text().count("\u2028") + 1:
            return True
        block = block.next()
    return False


def split_subscripts(browser):
    """The places where a line of the calculation starts with a subscript (k | 猫)."""
    splits = []
    document = browser.document()
    block = document.begin()
    while block.isValid():
        layout = block.layout()
        for index in range(1, layout.lineCount()):
            start = block.position() + layout.lineAt(index).textStart()
            cursor = QTextCursor(document)
            cursor.setPosition(start + 1)  # the format of the line's first character
            if cursor.charFormat().verticalAlignment() == SUBSCRIPT:
                splits.append(block.text())
        block = block.next()
    return splits


def test_a_larger_step_at_720p_keeps_each_symbol_with_its_subscript_and_boxes_whole(window, qtbot):
    """One Ctrl+= at 1280×720: three columns so narrow that "k" ended a line, "猫" began one."""
    window.presenter.toggle_action.setChecked(True)
    window.showNormal()
    window.setGeometry(0, 0, 1280, 720)
    qtbot.waitUntil(lambda: window.size().toTuple() == (1280, 720))
    window.presenter.go_to_step(1)
    qtbot.keyClick(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(300)
    browser = window.explanation.browser
    assert not split_subscripts(browser)
    # side by side only where each box keeps its lines whole (one column may wrap)
    assert "<td" not in browser.toHtml() or not wraps(browser.document())
    window.presenter.toggle_action.setChecked(False)


def below(widget, other, parent):
    """The gap from ``other``'s bottom to ``widget``'s top, in ``parent``'s coordinates."""
    top = widget.mapTo(parent, widget.rect().topLeft()).y()
    return top - other.mapTo(parent, other.rect().bottomLeft()).y()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_smaller_text_while_presenting_never_lays_the_dials_caption_over_its_buttons(
    window, qtbot, size
):
    """One Ctrl+- at 1280×720: the caption lay over the Play button, the bars squashed."""
    window.presenter.toggle_action.setChecked(True)
    window.showNormal()
    window.setGeometry(0, 0, *size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    window.presenter.go_to_step(1)
    window.docks["temperature"].raise_()
    qtbot.wait(100)
    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
        qtbot.wait(200)
        dial = window.dial
        if dial.caption.isVisible():
            assert below(dial.caption, dial.play_button, dial) >= 0
        assert below(dial.play_button, dial.entry, dial) >= 0
        # and room for the chart itself, beside its title and readout
        assert dial.bars.plot.height() >= 5 * dial.fontMetrics().height()
    window.presenter.toggle_action.setChecked(False)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_larger_text_while_presenting_stops_at_the_largest_step_that_fits(window, qtbot, size):
    """Three Ctrl+= at 1280×720 turned the names sideways and cut "③ w…": refused instead."""
    window.presenter.toggle_action.setChecked(True)
    window.showNormal()
    window.setGeometry(0, 0, *size)
    qtbot.waitUntil(lambda: window.size().toTuple() == size)
    window.presenter.go_to_step(3)
    chosen = window.presenter.scale
    for _ in range(3):
        qtbot.keyClick(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
        qtbot.wait(100)
    assert chosen < window.presenter.scale == window.presenter.largest_scale() < 2.0
    assert window.statusBar().currentMessage()  # says why
    qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert window.presenter.scale == chosen
    window.presenter.toggle_action.setChecked(False)


@pytest.mark.parametrize("front", ["heads", "mixing"])
def test_leaving_gives_back_a_tab_groups_height_exactly(window, qtbot, front):
    """Two heads: the Mixing tab and the heads' share the column below the dial.

    With either in front, the column came back 1 px off (the group's tab bar).
    """
    window.load_built_in("two-heads")
    window.resize(1280, 720)
    qtbot.wait(200)
    window.docks[front].raise_()
    before = settled(window, qtbot)
    assert front in before[1]
    window.presenter.toggle_action.setChecked(True)
    window.showNormal()
    window.setGeometry(0, 0, 1280, 720)
    qtbot.wait(100)
    qtbot.keyClick(window, Qt.Key.Key_Equal, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(100)
    qtbot.keyClick(window, Qt.Key.Key_Escape)
    qtbot.wait(400)
    assert layout(window) == before
