"""A view with axes on some of its sides, without pyqtgraph's PlotItem.

A PlotItem also builds an options panel, a context menu and buttons, none of which this
app shows: 3–7 ms each, and the window has seven plots. ``PlainPlot`` is a view and its
axes, with the few PlotItem methods the app uses; ``CellAxes`` is a heatmap's: rows
downwards, row names on the left and column names on top.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem

#: (row, column) of each side's axis around the view at (1, 1).
UPRIGHT = Qt.AlignmentFlag.AlignLeft  # marks an upright name's spec
PLACES = {"top": (0, 1), "left": (1, 0), "right": (1, 2), "bottom": (2, 1)}


def ticks(names: Sequence[str], shown: tuple[float, float], step: int, offset: int
          ) -> list[tuple[float, str]]:  # fmt: skip
    """Return (centre, name) of the named cells from ``shown[0]`` to ``shown[1]``.

    The named cells are those whose index is ``offset`` more than a multiple of ``step``,
    counted from the matrix's first cell: they stay put while the view pans.
    """
    first = max(0, math.floor(shown[0]))
    last = min(len(names), math.ceil(shown[1]))
    start = first + (offset - first) % step
    return [(i + 0.5, names[i]) for i in range(start, last, step)]


class QuietAxis(pg.AxisItem):
    """An axis that typesets its title only while it shows one, drawn from a cached picture.

    pyqtgraph sets the (hidden) title again as HTML on every change of pen, font or style:
    38 times while one heatmap was built, a millisecond each time. Axes change far less
    often than what they frame, yet their names and numbers were drawn again on every
    repaint (a third of a heatmap's). Exports draw them afresh
    (``gui.export.figures.export_mode``), so their text stays text in SVG and PDF.
    """

    def __init__(self, orientation: str) -> None:
        super().__init__(orientation)
        self.upright = False
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    def _updateLabel(self) -> None:  # noqa: N802 (pyqtgraph's name)
        if self.label.isVisible():
            super()._updateLabel()
        else:
            self._adjustSize()
            self.picture = None
            self.update()

    def fit_text_again(self) -> None:
        """Measure the room for the names afresh (after a new font).

        pyqtgraph's axis widens at once for longer text but narrows only when the text is
        more than 10 px smaller: back from a larger type (Ctrl+-), a chart's axis kept 8 px
        of the large type's room.
        """
        if self.orientation in ("left", "right"):
            self.textWidth = 0
        else:
            self.textHeight = 0
        self._adjustSize()
        self.picture = None
        self.update()

    def set_upright(self, upright: bool) -> None:
        """Turn a top axis's names a quarter, reading upwards; or back (text_fit's "across")."""
        if upright != self.upright:
            self.upright = upright
            self.picture = None
            self.update()

    def generateDrawSpecs(self, p: QPainter) -> tuple[Any, ...] | None:  # noqa: N802
        """Return pyqtgraph's specs, with each upright name's box where it is turned."""
        specs: tuple[Any, ...] | None = super().generateDrawSpecs(p)
        if not self.upright or specs is None or not self._tickLevels:
            return specs
        axis_spec, tick_specs, _ = specs
        bounds = self.mapRectFromParent(self.geometry())
        low, high = self.range
        scale = bounds.width() / (high - low) if high != low else 0.0
        metrics = QFontMetricsF(self.style["tickFont"] or p.font())
        line, bottom = metrics.height(), bounds.bottom() - self.style["tickTextOffset"][1]
        texts = []
        for value, name in self._tickLevels[0]:
            x = (value - low) * scale
            width = metrics.horizontalAdvance(name) + 1
            texts.append((QRectF(x - line / 2, bottom - width, line, width), UPRIGHT, name))
        return axis_spec, tick_specs, texts

    def drawPicture(self, p: QPainter, axisSpec: Any, tickSpecs: Any, textSpecs: Any  # noqa: N802, N803
                    ) -> None:  # fmt: skip
        """Draw as pyqtgraph does, the upright names turned."""
        if not self.upright:
            super().drawPicture(p, axisSpec, tickSpecs, textSpecs)
            return
        super().drawPicture(p, axisSpec, tickSpecs, [])  # the line, and the font set
        p.setPen(self.textPen())
        metrics = QFontMetricsF(p.font())
        for rect, _, text in textSpecs:
            ink = metrics.tightBoundingRect(text)
            p.save()
            p.translate(rect.center().x(), rect.bottom())
            p.rotate(-90)  # reading upwards, its first letter by the cells
            # the ink centred on its column, whatever room the font keeps above its letters
            p.drawText(QPointF(0, -(ink.top() + ink.bottom()) / 2), text)
            p.restore()


class PlainPlot(pg.GraphicsLayout):
    """A fixed ViewBox (no mouse, no menu) with an axis on each of ``sides``."""

    def __init__(self, sides: Sequence[str] = ("left", "bottom"), invert_y: bool = False) -> None:
        super().__init__()
        self.setContentsMargins(0, 0, 0, 0)
        self.setSpacing(0)
        self.view = pg.ViewBox(enableMenu=False, defaultPadding=0.0, invertY=invert_y)
        self.view.setMouseEnabled(x=False, y=False)
        # the owner sets the ranges: auto-range asked every item for its bounds on each add
        self.view.disableAutoRange()
        self.axes = {side: QuietAxis(side) for side in sides}
        for side, axis in self.axes.items():
            axis.linkToView(self.view)
            self.addItem(axis, *PLACES[side])
        self.addItem(self.view, 1, 1)

    @property
    def vb(self) -> pg.ViewBox:
        """Return the view, under PlotItem's name for it."""
        return self.view

    def getViewBox(self) -> pg.ViewBox:  # noqa: N802 (as PlotItem's)
        """Return the view, as PlotItem.getViewBox does."""
        return self.view

    def fit_text_again(self) -> None:
        """Let every axis measure its text's room afresh (new names, a new type)."""
        for axis in self.axes.values():
            axis.fit_text_again()

    def getAxis(self, side: str) -> QuietAxis:  # noqa: N802 (as PlotItem's)
        """Return the axis on ``side`` (one of the ``sides`` it was built with)."""
        return self.axes[side]

    def addItem(self, item: QGraphicsItem, row: int | None = None, col: int | None = None,  # noqa: N802
                **kwargs: object) -> None:  # fmt: skip
        """Items without a place go into the view, as with PlotItem.addItem."""
        if row is None and col is None and not isinstance(item, pg.GraphicsWidget):
            self.view.addItem(item)
        else:
            super().addItem(item, row=row, col=col, **kwargs)

    def removeItem(self, item: QGraphicsItem) -> None:  # noqa: N802 (as PlotItem's)
        """Remove ``item`` from the view if it was added there, else from the layout."""
        if item.parentItem() is self.view.childGroup:
            self.view.removeItem(item)
        else:
            super().removeItem(item)

    def setXRange(self, low: float, high: float, padding: float = 0.0) -> None:  # noqa: N802
        """Show x from ``low`` to ``high`` (no padding unless asked)."""
        self.view.setXRange(low, high, padding=padding)

    def setYRange(self, low: float, high: float, padding: float = 0.0) -> None:  # noqa: N802
        """Show y from ``low`` to ``high`` (no padding unless asked)."""
        self.view.setYRange(low, high, padding=padding)

    def setLabel(self, side: str, text: str) -> None:  # noqa: N802 (as PlotItem's)
        """Set the title of the axis on ``side``."""
        self.axes[side].setLabel(text)

    def addLine(self, y: float, pen: QPen) -> pg.InfiniteLine:  # noqa: N802 (as PlotItem's)
        """Add a horizontal line at ``y`` across the view, left out of its bounds."""
        line = pg.InfiniteLine(pos=y, angle=0, pen=pen)
        self.view.addItem(line, ignoreBounds=True)
        return line


class CellAxes(PlainPlot):
    """A heatmap's view (rows downwards) with a left and a top axis.

    The wheel zooms and a drag pans, within the limits the owner sets (the matrix).
    """

    def __init__(self) -> None:
        super().__init__(("left", "top"), invert_y=True)
        self.view.setMouseEnabled(x=True, y=True)

    def set_name_font(self, font: QFont, colour: str) -> None:
        """Write the names in ``font`` and ``colour`` (their room: ``set_axes_room``)."""
        for axis in self.axes.values():
            axis.setPen(pg.mkPen(colour))
            axis.setTextPen(pg.mkPen(colour))
            axis.setTickFont(font)
            axis.setStyle(tickLength=0)

    def set_axes_room(self, left: float, top: float) -> None:
        """Give the row names ``left`` px and the column names ``top`` px (text_fit's choice).

        Fixed, not measured by pyqtgraph from the text: its axes widen at once and narrow
        only for text 10 px shorter, so the cells' room lagged behind the names' size.
        """
        self.axes["left"].setWidth(math.ceil(left))
        self.axes["top"].setHeight(math.ceil(top))

    def write_names(self, rows: Sequence[str], columns: Sequence[str],
                    shown: tuple[tuple[float, float], tuple[float, float]], steps: Sequence[int],
                    written: Sequence[str] | None, upright: float) -> None:  # fmt: skip
        """Name every ``steps``-th of the ``shown`` (rows, columns).

        ``written`` replaces the shown columns' names (each named, long ones cut short);
        ``upright`` > 0 turns them upright in a top axis that tall.
        """
        (y0, y1), cells = shown
        self.axes["left"].setTicks([ticks(rows, (y0, y1), steps[0], 0), []])
        names = list(columns)
        if written is not None:
            first = max(math.floor(cells[0]), 0)
            names[first : first + len(written)] = written
        top = self.axes["top"]
        top.set_upright(written is not None and upright > 0)
        # on top, from half a step in: a name centred on the first column sticks out on
        # the left and is hidden
        top.setTicks([ticks(names, cells, steps[1], steps[1] // 2), []])
