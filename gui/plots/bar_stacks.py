"""Groups of bars in one graphics item: one brush per group, every rectangle painted at once.

pyqtgraph's ``BarGraphItem`` is one item per group. With a group per token, each item
asked for its bounds several times on every paint and rebuilt its picture on every
change: 3 ms of each edit and of each frame of the dial went to that in the mixing view.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from pyqtgraph.Qt.internals import PrimitiveArray  # pyqtgraph is pinned (pyproject.toml)
from PySide6.QtCore import QRectF
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget


class BarStacks(pg.GraphicsObject):
    """Bars at ``x`` of one ``width``, one row of (bottom, height) per group.

    Parameters
    ----------
    pen : QPen
        The outline of every bar (``pg.mkPen(None)`` for none).
    filled : bool
        False: bars drawn as outlines only, each group's in its colour with ``pen``'s
        width and dashes (a comparison's A behind B's filled bars).
    """

    def __init__(self, pen: QPen, filled: bool = True) -> None:
        super().__init__()
        self._pen = QPen(pen)
        self._filled = filled
        self._pens: list[QPen] = []  # unfilled: each group's outline
        self._brushes: list[QBrush] = []
        self._rects: list[PrimitiveArray] = []
        self._bounds = QRectF()
        self.bottoms = np.zeros((0, 0))
        self.heights = np.zeros((0, 0))

    def set_colours(self, colours: Sequence[QColor]) -> None:
        """One colour per group: of its bars' fill, or of their outline if not ``filled``."""
        if self._filled:
            self._brushes = [QBrush(colour) for colour in colours]
        else:
            self._pens = [QPen(self._pen) for _ in colours]
            for pen, colour in zip(self._pens, colours, strict=True):
                pen.setColor(colour)
            self._brushes = [QBrush() for _ in colours]  # no fill
        self.update()

    def set_bars(self, x: np.ndarray, width: float | np.ndarray, bottoms: np.ndarray,
                 heights: np.ndarray) -> None:  # fmt: skip
        """Bars of group g from ``bottoms[g]`` up (or down) by ``heights[g]``, centred on x.

        ``x`` is (dims,) or (groups, dims); ``bottoms`` and ``heights`` are (groups, dims).
        """
        groups, dims = heights.shape
        self.bottoms, self.heights = bottoms, heights
        lefts = np.broadcast_to(np.asarray(x, dtype=np.float64) - width / 2, (groups, dims))
        lows = np.minimum(bottoms, bottoms + heights)
        while len(self._rects) < groups:
            self._rects.append(PrimitiveArray(QRectF, 4))
        del self._rects[groups:]
        for g, rects in enumerate(self._rects):
            rects.resize(dims)
            memory = rects.ndarray()
            memory[:, 0] = lefts[g]
            memory[:, 1] = lows[g]
            memory[:, 2] = width
            memory[:, 3] = np.abs(heights[g])
        self.prepareGeometryChange()
        if heights.size:
            left, right = float(lefts.min()), float(lefts.max() + np.max(width))
            low, high = float(lows.min()), float((lows + np.abs(heights)).max())
            self._bounds = QRectF(left, low, right - left, high - low)
        else:
            self._bounds = QRectF()
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        """Return the rectangle around every bar, as computed by ``set_bars``."""
        return QRectF(self._bounds)

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:  # fmt: skip
        """Paint every group's rectangles in one call each, with the group's brush or pen."""
        painter.setPen(self._pen)
        for g, (brush, rects) in enumerate(zip(self._brushes, self._rects, strict=False)):
            if not self._filled:
                painter.setPen(self._pens[g])
            painter.setBrush(brush)
            painter.drawRects(*rects.drawargs())
