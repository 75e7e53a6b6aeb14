"""The view and the two named axes of a heatmap, without pyqtgraph's PlotItem.

A PlotItem also builds an options panel, a context menu and buttons, none of which a
heatmap shows: 7 ms each, a tenth of the app's start-up for its four heatmaps. This is a
view with row names on the left and column names on top, and nothing else.
"""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtWidgets import QGraphicsItem


class CellAxes(pg.GraphicsLayout):
    """A ViewBox (rows downwards, fixed by the caller) with a left and a top axis."""

    def __init__(self) -> None:
        super().__init__()
        self.setContentsMargins(0, 0, 0, 0)
        self.setSpacing(0)
        self.view = pg.ViewBox(enableMenu=False, defaultPadding=0.0, invertY=True)
        self.view.setMouseEnabled(x=False, y=False)
        self.axes = {"left": pg.AxisItem("left"), "top": pg.AxisItem("top")}
        for axis in self.axes.values():
            axis.linkToView(self.view)
        self.addItem(self.axes["top"], row=0, col=1)
        self.addItem(self.axes["left"], row=1, col=0)
        self.addItem(self.view, row=1, col=1)

    def getViewBox(self) -> pg.ViewBox:  # noqa: N802 (as PlotItem's)
        return self.view

    def getAxis(self, side: str) -> pg.AxisItem:  # noqa: N802 (as PlotItem's)
        return self.axes[side]

    def addItem(self, item: QGraphicsItem, row: int | None = None, col: int | None = None,  # noqa: N802
                **kwargs: object) -> None:  # fmt: skip
        """Items without a place go into the view, as with PlotItem.addItem."""
        if row is None and col is None and not isinstance(item, pg.GraphicsWidget):
            self.view.addItem(item)
        else:
            super().addItem(item, row=row, col=col, **kwargs)
