"""Tabs whose page is laid out at its final size before it is first shown.

Qt's ``QTabWidget`` sizes its page only once it is visible (in its show event, after the
page and everything in it were shown and laid out at a size left over from before). Every
heatmap and chart in the page was then laid out twice on the way to the window's first
paint, each time fitting its names and numbers again. ``PageTabs`` sizes the page (and
the tab bar) on every resize, hidden or not, as a layout would: Qt's own pass at the show
then finds nothing to change.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QStackedWidget, QStyle, QStyleOptionTabWidgetFrame, QTabWidget

_DIRECT = Qt.FindChildOption.FindDirectChildrenOnly


class PageTabs(QTabWidget):
    """A ``QTabWidget`` that lays its page and tab bar out when resized, even while hidden."""

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """Give the page and the tab bar their places for the new size, then as Qt does."""
        option = QStyleOptionTabWidgetFrame()
        self.initStyleOption(option)
        style = self.style()
        pages = self.findChild(QStackedWidget, options=_DIRECT)
        if pages is not None:
            pages.setGeometry(
                style.subElementRect(QStyle.SubElement.SE_TabWidgetTabContents, option, self)
            )
        self.tabBar().setGeometry(
            style.subElementRect(QStyle.SubElement.SE_TabWidgetTabBar, option, self)
        )
        super().resizeEvent(event)
