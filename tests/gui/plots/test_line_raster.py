"""Lines drawn by NumPy into an image: where they should be, later over earlier, no gaps."""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QColor, QImage, QPainter

from gui.plots.line_raster import LineRaster, packed

RED, BLUE = packed(*np.array([[255], [0], [0]])), packed(*np.array([[0], [0], [255]]))


def drawn(starts, ends, colours, size=(100, 60), width=80.0):
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor("white"))
    painter = QPainter(image)
    raster = LineRaster()
    raster.draw(painter, 10.0, width, size[1], np.array(starts, float), np.array(ends, float),
                np.concatenate(colours))  # fmt: skip
    painter.end()
    return image


def test_a_line_runs_from_its_start_to_its_end():
    image = drawn([5.0], [50.0], [RED])
    assert image.pixelColor(10, 5).name() == "#ff0000"
    assert image.pixelColor(89, 50).name() == "#ff0000"
    assert image.pixelColor(9, 5).name() == "#ffffff"  # left of the band: untouched
    assert image.pixelColor(50, 5).name() == "#ffffff"


def test_the_later_line_covers_the_earlier_where_they_cross():
    image = drawn([0.0, 59.0], [59.0, 0.0], [RED, BLUE])
    colours = {image.pixelColor(x, y).name() for x in range(48, 53) for y in range(27, 33)}
    assert "#0000ff" in colours
    assert image.pixelColor(49, 29).name() in ("#0000ff", "#ff0000")
    middle = [image.pixelColor(x, y).name() for x in (49, 50) for y in (29, 30)]
    assert "#0000ff" in middle


def test_a_steep_line_has_no_gaps():
    image = drawn([0.0], [59.0], [RED], width=20.0)  # 59 rows over 20 columns
    rows = {y for x in range(100) for y in range(60) if image.pixelColor(x, y).name() == "#ff0000"}
    assert rows == set(range(60))
