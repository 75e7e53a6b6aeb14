"""Figures an export draws although the window never laid them out.

A view in a closed dock, or on a tab page behind the one shown, is never laid out: Qt sizes
only what it shows (QStackedLayout sizes its current page alone). Exported, such a figure
came out at its widget's first size, 100 × 30 pixels: the weights as lines showed one
token, their title over their note. Such a figure is drawn instead from a copy of its view,
laid out in the room the window would give it, never on screen, for the length of the
export.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

import pyqtgraph as pg
import shiboken6
from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtWidgets import QScrollArea, QWidget

from gui.views.heads_panel import HeadsPanel

W = TypeVar("W", bound=QWidget)
#: figure → a copy of its view, laid out, and the copy's plot
Copies = dict[str, Callable[[], tuple[QWidget, pg.GraphicsView]]]

BARS_ROOM = QSize(170, 250)  # the weight bars and their readout beside the dial, at 1280 × 720
MIXING_ROOM = QSize(380, 330)  # the mixing view's dock at 1280 × 720 (the window's sizes)
LINES_ROOM = QSize(240, 200)  # the least room the lines are drawn in


def never_laid_out(view: QWidget) -> bool:
    """Return True if ``view`` is out of sight, at a size it was never shown at."""
    return not view.isVisible() and view.testAttribute(Qt.WidgetAttribute.WA_PendingResizeEvent)


def shown_aside(widget: W, size: QSize) -> W:
    """Lay ``widget`` out at ``size``, as a window that is never on screen; return it."""
    widget.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen)
    widget.resize(size)
    widget.show()
    QCoreApplication.sendPostedEvents()  # its layout, now
    return widget


@contextmanager
def laid_out(
    views: dict[str, pg.GraphicsView], copies: Copies
) -> Iterator[dict[str, pg.GraphicsView]]:
    """Yield ``views``, each never laid out replaced by its copy (made by ``copies``).

    The copies are closed and deleted when the block ends.
    """
    views = dict(views)
    made: list[QWidget] = []
    try:
        for name, make in copies.items():
            if name in views and never_laid_out(views[name]):
                copy, views[name] = make()
                made.append(copy)
        yield views
    finally:
        for copy in made:
            copy.close()
            shiboken6.delete(copy)


def heads_page_room(heads: HeadsPanel, mixing: QWidget) -> QSize:
    """Return the room of a page of the heads' tabs: theirs if seen, else estimated.

    The heads' panel is a tab beside the mixing view's: behind it, its pages get the
    mixing view's room, less the heads' own tab bar and frame.
    """
    tabs = heads.tabs
    page = tabs.currentWidget()
    seen = heads.isVisible() and not heads.visibleRegion().isEmpty()
    if seen and isinstance(page, QScrollArea):
        return page.maximumViewportSize().expandedTo(LINES_ROOM)
    bar = tabs.tabBar().sizeHint().height()
    frame = tabs.sizeHint().height() - page.sizeHint().height() - bar  # above and below
    room = mixing.size() if not never_laid_out(mixing) else MIXING_ROOM
    return (room - QSize(frame, bar + frame)).expandedTo(LINES_ROOM)
