"""The variance experiment's four plots (pyqtgraph), drawn from one VarianceResult."""

from __future__ import annotations

import math

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QWidget

from engine import VarianceResult

UNSCALED = "#D55E00"  # Okabe–Ito vermillion
SCALED = "#0072B2"  # Okabe–Ito blue
THEORY = "#555555"


def _plot(
    layout: pg.GraphicsLayoutWidget, row: int, col: int, corner: tuple[int, int]
) -> pg.PlotItem:
    plot = layout.addPlot(row=row, col=col)
    plot.setMenuEnabled(False)
    plot.hideButtons()
    plot.setMouseEnabled(False, False)
    plot.showGrid(x=True, y=True, alpha=0.25)
    plot.addLegend(offset=corner, labelTextSize="9pt")  # a corner the data leaves free
    for side in ("left", "bottom"):
        plot.getAxis(side).enableAutoSIPrefix(False)
    return plot


class VariancePlots(pg.GraphicsLayoutWidget):
    """The variance experiment's four plots, drawn from one VarianceResult.

    The std of q·k against d_k (log–log, with √d_k), histograms of q·k for one d_k, the mean
    largest weight against d_k and the size of the softmax's gradient.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("variancePlots")
        self.setBackground("w")
        self.spread = _plot(self, 0, 0, (8, 8))
        self.histogram = _plot(self, 0, 1, (8, 8))
        self.winner = _plot(self, 1, 0, (-8, -8))
        self.gradient = _plot(self, 1, 1, (8, -8))
        self.spread.setLogMode(x=True, y=True)
        self.winner.setLogMode(x=True, y=False)
        self.gradient.setLogMode(x=True, y=False)
        self.winner.setYRange(0, 1, padding=0.02)
        for plot in (self.spread, self.winner, self.gradient):
            plot.setLabel("bottom", "d_k")
        self.histogram.setLabel("bottom", "q·k")
        self.result: VarianceResult | None = None
        self._histogram_d_k: int | None = None
        self.retranslate()

    def retranslate(self) -> None:
        """Set the titles and labels again, and redraw a result shown (its legends have words)."""
        self.spread.setTitle(
            QCoreApplication.translate("VariancePlots", "spread of q·k grows like √d_k")
        )
        self.histogram.setTitle(
            QCoreApplication.translate("VariancePlots", "q·k for one d_k: raw and ÷√d_k")
        )
        self.winner.setTitle(
            QCoreApplication.translate("VariancePlots", "mean largest weight of the candidates")
        )
        self.gradient.setTitle(
            QCoreApplication.translate("VariancePlots", "size of the softmax's gradient ‖J‖")
        )
        self.spread.setLabel("left", QCoreApplication.translate("VariancePlots", "std of q·k"))
        if self.result is not None:  # the legends carry words too
            self.show_result(self.result, self._histogram_d_k)

    def show_result(self, result: VarianceResult, histogram_d_k: int | None = None) -> None:
        """Draw ``result``: the three plots against d_k, and one d_k's histogram.

        The histogram is of ``histogram_d_k``, by default the last d_k of the run.
        """
        self.result = result
        d = np.array([row.d_k for row in result.rows], dtype=float)
        for plot in (self.spread, self.winner, self.gradient):
            plot.clear()
        curve = np.geomspace(d.min(), d.max(), 50) if len(d) > 1 else d
        self.spread.plot(curve, np.sqrt(curve), pen=pg.mkPen(THEORY, width=2, dash=[5, 4]),
                         name="√d_k")  # fmt: skip
        self.spread.plot(d, [r.std for r in result.rows], pen=None, symbol="o",
                         symbolBrush=UNSCALED, symbolSize=9,
                         name=QCoreApplication.translate("VariancePlots", "measured"))  # fmt: skip
        for plot, unscaled, scaled in (
            (self.winner, [r.max_weight_unscaled for r in result.rows],
             [r.max_weight_scaled for r in result.rows]),
            (self.gradient, [r.gradient_unscaled for r in result.rows],
             [r.gradient_scaled for r in result.rows]),
        ):  # fmt: skip
            unscaled_name = QCoreApplication.translate("VariancePlots", "unscaled")
            scaled_name = QCoreApplication.translate("VariancePlots", "÷ √d_k")
            plot.plot(d, unscaled, pen=pg.mkPen(UNSCALED, width=2), symbol="o",
                      symbolBrush=UNSCALED, name=unscaled_name)  # fmt: skip
            plot.plot(d, scaled, pen=pg.mkPen(SCALED, width=2), symbol="s",
                      symbolBrush=SCALED, name=scaled_name)  # fmt: skip
        # ticks at the measured d_k values themselves, not at powers of ten
        ticks = [[(math.log10(v), f"{v:g}") for v in d]]
        for plot in (self.spread, self.winner, self.gradient):
            plot.getAxis("bottom").setTicks(ticks)
            plot.setXRange(math.log10(d.min()) - 0.15, math.log10(d.max()) + 0.15, padding=0)
        top = max(max(r.gradient_scaled, r.gradient_unscaled) for r in result.rows)
        self.gradient.setYRange(0, top * 1.1)
        self.show_histogram(histogram_d_k if histogram_d_k is not None else int(d[-1]))

    def show_histogram(self, d_k: int) -> None:
        """Overlay the raw and scaled q·k histograms of one d_k of the last result."""
        self._histogram_d_k = d_k
        self.histogram.clear()
        if self.result is None:
            return
        chosen = next((h for h in self.result.histograms if h.d_k == d_k), None)
        if chosen is None:
            return
        density = chosen.counts / max(chosen.counts.sum(), 1)
        raw_width = np.diff(chosen.edges_raw)
        scaled_width = np.diff(chosen.edges_scaled)
        raw_name = QCoreApplication.translate("VariancePlots", "q·k (d_k = {0})").format(d_k)
        scaled_name = QCoreApplication.translate("VariancePlots", "q·k ÷ √d_k")
        self.histogram.plot(chosen.edges_raw, density / raw_width, stepMode="center",
                            fillLevel=0, brush=(213, 94, 0, 70), pen=pg.mkPen(UNSCALED, width=2),
                            name=raw_name)  # fmt: skip
        self.histogram.plot(chosen.edges_scaled, density / scaled_width, stepMode="center",
                            fillLevel=0, brush=(0, 114, 178, 70), pen=pg.mkPen(SCALED, width=2),
                            name=scaled_name)  # fmt: skip
        self.histogram.setLabel("left", QCoreApplication.translate("VariancePlots", "density"))
