"""What a heatmap has painted on screen, cell by cell: the test of what people see, not of
the array handed to the plot."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication


def painted_indices(heatmap) -> np.ndarray:
    """Return, per cell, the index (0–255) of the map's colour painted there.

    The colour is read a fifth of the way into each cell, away from its number.
    """
    QCoreApplication.processEvents()
    image = heatmap.grab().toImage()
    ratio = image.devicePixelRatio()
    rows, cols = heatmap.matrix().shape
    area = heatmap.cells_rect()
    table = heatmap.colour_table().astype(float)
    found = np.empty((rows, cols), dtype=int)
    for row in range(rows):
        for col in range(cols):
            x = area.left() + (col + 0.2) * area.width() / cols
            y = area.top() + (row + 0.2) * area.height() / rows
            colour = image.pixelColor(int(x * ratio), int(y * ratio))
            rgb = np.array([colour.red(), colour.green(), colour.blue()], dtype=float)
            found[row, col] = int(np.argmin(((table - rgb) ** 2).sum(axis=1)))
    return found


def expected_indices(heatmap, values) -> np.ndarray:
    """Return the colour index each value should get at the heatmap's levels."""
    low, high = heatmap.levels()
    scaled = (np.asarray(values, dtype=float) - low) / (high - low) * 255
    return np.clip(np.rint(scaled), 0, 255).astype(int)


def assert_painted(heatmap, values, tolerance: int = 3) -> None:
    """Assert that every finite cell of ``values`` is painted in its colour (± tolerance)."""
    values = np.asarray(values, dtype=float)
    shown = np.isfinite(values)
    difference = np.abs(painted_indices(heatmap) - expected_indices(heatmap, values))
    assert (difference[shown] <= tolerance).all(), (
        f"painted colour indices\n{painted_indices(heatmap)}\nexpected\n"
        f"{expected_indices(heatmap, values)}"
    )


def distinct_colours(image, step: int = 4) -> int:
    """Return how many colours a grid of pixels (every ``step``-th) of ``image`` holds."""
    colours = {
        image.pixel(x, y) for x in range(0, image.width(), step)
        for y in range(0, image.height(), step)
    }  # fmt: skip
    return len(colours)


class _RecordingPainter:
    """Passes every call to ``painter`` and notes each text drawn: where, what, how large."""

    def __init__(self, painter, texts: list) -> None:
        self._painter, self._texts = painter, texts

    def drawText(self, *args):  # noqa: N802 (Qt's name)
        from PySide6.QtCore import QRectF
        from PySide6.QtGui import QFontInfo

        place = args[0]
        centre = place.center() if isinstance(place, QRectF) else place
        mapped = self._painter.transform().map(centre)
        self._texts.append((mapped, str(args[-1]), QFontInfo(self._painter.font()).pixelSize()))
        return self._painter.drawText(*args)

    def __getattr__(self, name):
        return getattr(self._painter, name)


def painted_numbers(heatmap) -> list[tuple[str, int]]:
    """Return (text, pixel size) of each number a heatmap paints inside its cells.

    Each item of gui.plots in the heatmap's scene paints once, as the view would paint it,
    through a painter that notes its ``drawText`` calls (a class's ``paint`` patched later
    is not called by Qt: PySide caches the override); a text counts where it is a number
    drawn within the cells' rectangle.
    """
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    QCoreApplication.processEvents()
    texts: list = []
    image = QImage(heatmap.viewport().size(), QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        for item in heatmap.scene().items():
            kind = type(item)
            if not (kind.__module__.startswith("gui.plots") and "paint" in vars(kind)):
                continue  # only our own items' text (pyqtgraph's axes play a QPicture)
            if not item.isVisible():
                continue
            painter.save()
            painter.setTransform(item.deviceTransform(heatmap.viewportTransform()))
            item.paint(_RecordingPainter(painter, texts), QStyleOptionGraphicsItem(), None)
            painter.restore()
    finally:
        painter.end()
    area = heatmap.cells_rect().adjusted(-1, -1, 1, 1)
    numbers = []
    for point, text, px in texts:
        plain = text.replace("−", "-").replace("∞", "inf")
        try:
            float(plain)
        except ValueError:
            continue
        if area.contains(point):
            numbers.append((text, px))
    return numbers
