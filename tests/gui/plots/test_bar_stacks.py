"""One item for many bars (the mixing view's stacks, the dial's row) and the mixing view's
rule for keeping its range."""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from gui.plots.bar_stacks import BarStacks
from gui.views.mixing import keeps_range


def test_bars_go_up_or_down_from_their_bottoms_and_bound_every_bar():
    bars = BarStacks(pg.mkPen(None))
    bars.set_colours([QColor("red"), QColor("blue")])
    bottoms = np.array([[0.0, 0.0], [1.0, -0.5]])
    heights = np.array([[1.0, -0.5], [2.0, -1.5]])
    bars.set_bars(np.array([0.0, 1.0]), 0.5, bottoms, heights)
    assert bars.boundingRect() == QRectF(-0.25, -2.0, 1.5, 5.0)  # x −0.25…1.25, y −2…3
    image = QImage(40, 40, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setWindow(-1, 3, 3, -6)  # x −1…2, y 3 at the top down to −3
    bars.paint(painter, None)
    painter.end()

    def colour_at(x: float, y: float) -> str:
        return image.pixelColor(round((x + 1) / 3 * 40), round((3 - y) / 6 * 40)).name()

    assert colour_at(0.0, 0.5) == "#ff0000"  # group 0, bar 0: 0 → 1
    assert colour_at(0.0, 2.0) == "#0000ff"  # group 1, bar 0: 1 → 3
    assert colour_at(1.0, -0.25) == "#ff0000"  # group 0, bar 1: 0 → −0.5
    assert colour_at(1.0, -1.5) == "#0000ff"  # group 1, bar 1: −0.5 → −2
    assert colour_at(0.5, 0.5) == "#ffffff"  # between the bars


def test_fewer_groups_leave_no_old_bars_behind():
    bars = BarStacks(pg.mkPen(None))
    bars.set_bars(np.arange(3), 0.7, np.zeros((4, 3)), np.ones((4, 3)))
    bars.set_bars(np.arange(2), 0.7, np.zeros((1, 2)), np.ones((1, 2)))
    assert len(bars._rects) == 1
    assert bars.boundingRect() == QRectF(-0.35, 0.0, 1.7, 1.0)
    bars.set_bars(np.arange(0), 0.7, np.zeros((0, 0)), np.zeros((0, 0)))
    assert bars.boundingRect().isNull()


def test_the_mixing_range_stays_while_the_bars_fit_and_fill_half_of_it():
    assert keeps_range((-1.0, 3.0), (-0.5, 2.0))  # inside, and uses 2.5 of 4
    assert not keeps_range((-1.0, 3.0), (-0.5, 3.5))  # leaves at the top
    assert not keeps_range((-1.0, 3.0), (0.0, 1.0))  # uses a quarter
    assert not keeps_range((0.0, 0.0), (0.0, 1.0))  # nothing shown yet
