"""A heatmap's colour scale: the colour map as a vertical strip beside an axis of values.

pyqtgraph's ColorBarItem does this too, but it is a whole PlotItem with menus and an
options panel: 8 ms to build each, a tenth of the app's start-up for four heatmaps. This
one is a view, a strip and an axis, and it is never interactive.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF

from .cell_axes import QuietAxis


class ColourBar(pg.GraphicsLayout):
    """The strip of ``lut`` colours from the low to the high level, and their values."""

    def __init__(self, lut: np.ndarray, width: float = 16) -> None:
        super().__init__()
        self.setContentsMargins(0, 0, 0, 0)
        self.setSpacing(0)
        self.view = pg.ViewBox(enableMenu=False, defaultPadding=0.0)
        self.view.setMouseEnabled(x=False, y=False)
        self.view.setFixedWidth(width)
        self.strip = pg.ImageItem(np.ascontiguousarray(lut[:, None, :3]), axisOrder="row-major")
        self.view.addItem(self.strip)
        self.axis = QuietAxis("right")
        self.axis.linkToView(self.view)
        self.addItem(self.view, row=0, col=0)
        self.addItem(self.axis, row=0, col=1)
        self._image: pg.ImageItem | None = None
        self._levels = (0.0, 1.0)
        self.setLevels(self._levels)

    def setImageItem(self, image: pg.ImageItem) -> None:  # noqa: N802 (as pyqtgraph's)
        """Colour ``image`` with this bar's colours and levels from now on."""
        self._image = image
        image.setLookupTable(self.strip.image[:, 0, :])
        image.setLevels(self._levels)

    def setLevels(self, levels: tuple[float, float]) -> None:  # noqa: N802 (as pyqtgraph's)
        low, high = float(levels[0]), float(levels[1])
        self._levels = (low, high)
        self.strip.setRect(QRectF(0.0, low, 1.0, high - low))
        self.view.setRange(xRange=(0.0, 1.0), yRange=(low, high), padding=0.0)
        if self._image is not None:
            self._image.setLevels(self._levels)

    def levels(self) -> tuple[float, float]:
        return self._levels

    def linked_image(self) -> pg.ImageItem | None:
        return self._image
