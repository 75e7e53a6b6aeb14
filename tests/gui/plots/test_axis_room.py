"""An axis gives back the room a larger type took: pyqtgraph narrows an axis only for text
more than 10 px smaller, so after presenter mode the plots kept part of its room."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtGui import QFont, QGuiApplication

from gui.plots.cell_axes import PlainPlot
from gui.plots.text_scale import scaled_font, style_axis
from tests.gui.isolation import next_frame


def test_a_plots_axis_narrows_again_after_a_larger_type(qtbot):
    widget = pg.GraphicsLayoutWidget()
    qtbot.addWidget(widget)
    plot = PlainPlot()
    widget.addItem(plot)
    widget.resize(300, 200)
    widget.show()
    axis = plot.getAxis("left")
    axis.setTicks([[(0.0, "0"), (0.5, "0.50"), (1.0, "1.00")]])
    plot.view.setYRange(0, 1)
    base = QFont(QGuiApplication.font())

    def width_with(scale: float) -> float:
        style_axis(axis, scaled_font(base, scale))
        for _ in range(3):  # the axis measures its text as it paints, then lays out again
            widget.grab()
            next_frame()
        return axis.width()

    normal = width_with(1.0)
    assert width_with(1.3) > normal  # a few px wider: less than pyqtgraph's 10
    assert width_with(1.0) == normal
