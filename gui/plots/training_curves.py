"""The loss curve and the size of the gradient at each stage, step by step (log scales).

The loss: B's line, and A's dashed beside it while a pinned setting trains too. The
gradient: ‖∂L/∂A‖, ‖∂L/∂S‖ (after passing back through the softmax), ‖∂L/∂Q‖ and ‖∂L/∂K‖,
one line each: where the softmax is nearly one-hot, ‖∂L/∂S‖ falls orders of magnitude
below ‖∂L/∂A‖ (the gradient cut off, 梯度断流).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont

from gui.plots.colour_bar import tick_text as linear_text
from gui.plots.colour_bar import tick_values
from gui.plots.text_scale import point_size, style_axis

#: the stages drawn, from the loss back to the inputs, and their colours (Okabe–Ito)
STAGES = (("weights", "#0072B2"), ("scores", "#D55E00"), ("q", "#009E73"), ("k", "#CC79A7"))
PROJECTED = {"q": "w_q", "k": "w_k"}  # in projection mode the W's learn
B_COLOUR, A_COLOUR = "#0072B2", "#D55E00"
TEXT, AXIS = "#333333", "#777777"  # pyqtgraph's default grey was faint on a projector


def _log10(values: Sequence[float]) -> np.ndarray:
    array = np.asarray(values, dtype=np.float64)
    with np.errstate(divide="ignore"):
        logs: np.ndarray = np.where(array > 0, np.log10(np.maximum(array, 1e-300)), np.nan)
    return logs


def tick_text(value: float) -> str:
    """Return a tick's text: "0.05", "2", "300" in plain digits, "2e-5" beyond."""
    if 1e-3 <= value < 1e4:
        return f"{value:.3g}"
    power = math.floor(math.log10(value))
    mantissa = float(f"{value / 10**power:.2g}")
    return f"{mantissa:g}e{power}"


def log_ticks(low: float, high: float) -> list[tuple[float, str]]:
    """Return (log10 value, "0.05") ticks on a log axis from 10^``low`` to 10^``high``.

    Whole powers over many decades (at most six of them); over fewer, 1, 2 and 5 times
    them, or every digit; over a narrow range, round values evenly spaced.
    """
    if not (math.isfinite(low) and math.isfinite(high)):
        return []
    low, high = min(low, high), max(low, high)
    first, last = math.floor(low), math.ceil(high)
    if last - first > 3:
        step = max(1, (last - first) // 5)
        return [(float(p), tick_text(10.0**p)) for p in range(first, last + 1, step)]
    slack = 1e-9 + (high - low) * 0.02
    for mantissas in ((1, 2, 5), range(1, 10)):
        values = [m * 10.0**p for p in range(first, last + 1) for m in mantissas]
        inside = [v for v in values if low - slack <= math.log10(v) <= high + slack]
        if len(inside) >= 3:
            return [(math.log10(v), tick_text(v)) for v in inside]
    values = [v for v in tick_values(10.0**low, 10.0**high, 4) if v > 0]
    if len(values) < 2:  # one value (a flat line): as it is
        return [(math.log10(v), f"{v:.3g}") for v in values]
    step = values[1] - values[0]
    texts = [linear_text(v, step) if step >= 1e-4 else f"{v:.6g}" for v in values]
    return list(zip([math.log10(v) for v in values], texts, strict=True))


def _darken(plot: pg.PlotWidget, legend: pg.LegendItem) -> None:
    """Draw the axes' text and the legend's in the dark grey of the rest of the text."""
    for side in ("left", "bottom"):
        axis = plot.getAxis(side)
        axis.setTextPen(pg.mkPen(TEXT))
        axis.setPen(pg.mkPen(AXIS))
        axis.labelStyle = {**axis.labelStyle, "color": TEXT}  # the axis's name
    legend.setLabelTextColor(TEXT)


def _style(plot: pg.PlotWidget, legend: pg.LegendItem, font: QFont) -> None:
    """Write the axes' ticks and titles and the legend in ``font`` (pyqtgraph draws them)."""
    for side in ("left", "bottom"):
        style_axis(plot.getAxis(side), font)
    legend.setLabelTextSize(f"{point_size(font):.4g}pt")
    for _, label in legend.items:  # the labels already there take the size too
        label.setText(label.text, size=f"{point_size(font):.4g}pt")


class LossPlot(pg.PlotWidget):
    """L over the steps, log scale: B's line, A's dashed (while pinned)."""

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)
        self.setObjectName("lossPlot")
        self.setBackground("w")
        self.setMouseEnabled(False, False)
        self.hideButtons()
        self.setMenuEnabled(False)
        self.getAxis("left").enableAutoSIPrefix(False)
        self.b_line = self.plot([], [], pen=pg.mkPen(B_COLOUR, width=2))
        self.a_line = self.plot([], [], pen=pg.mkPen(A_COLOUR, width=2, style=Qt.PenStyle.DashLine))
        self.legend = self.addLegend(offset=(-2, 2), labelTextSize="8pt", verSpacing=-6,
                                     brush=pg.mkBrush(255, 255, 255, 200))  # fmt: skip
        _darken(self, self.legend)
        self._a_shown = False  # A's line is in the legend
        self._names = ("", "")  # of B's line and A's

    def set_names(self, b: str, a: str, steps: str, loss: str) -> None:
        """Name the lines (B, A) and the axes, in the current language."""
        self._names = (b, a)
        self._name_lines()
        self.setLabel("bottom", steps)
        self.setLabel("left", loss)

    def set_text_font(self, font: QFont) -> None:
        """Write the ticks, the axes' names and the legend in ``font``."""
        _style(self, self.legend, font)

    def legend_entries(self) -> list[tuple[QColor, str]]:
        """Return the legend as colours and names: B's line, and A's while it has one."""
        b, a = self._names
        return [(QColor(B_COLOUR), b), *([(QColor(A_COLOUR), a)] if self._a_shown else [])]

    def _name_lines(self) -> None:
        """Fill the legend: B's line, and A's while it has a curve (a pin came or went)."""
        b, a = self._names
        self.legend.clear()
        self.legend.addItem(self.b_line, b)
        if self._a_shown:
            self.legend.addItem(self.a_line, a)

    def show_history(self, b: Sequence[float], a: Sequence[float]) -> None:
        """Draw the losses of B's steps and A's so far (log10)."""
        for line, losses in ((self.b_line, b), (self.a_line, a)):
            values = _log10(losses)
            line.setData(np.arange(len(values)), values)
        if bool(a) != self._a_shown:
            self._a_shown = bool(a)
            self._name_lines()
        both = [loss for loss in (*b, *a) if loss > 0]
        if both:
            ticks = log_ticks(math.log10(min(both)), math.log10(max(both)))
            self.getAxis("left").setTicks([ticks])


class GradientPlot(pg.PlotWidget):
    """‖∂L/∂A‖, ‖∂L/∂S‖, ‖∂L/∂Q‖, ‖∂L/∂K‖ over the steps, log scale (B's)."""

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)
        self.setObjectName("gradientPlot")
        self.setBackground("w")
        self.setMouseEnabled(False, False)
        self.hideButtons()
        self.setMenuEnabled(False)
        self.getAxis("left").enableAutoSIPrefix(False)
        self.lines = {
            stage: self.plot([], [], pen=pg.mkPen(QColor(colour), width=2))
            for stage, colour in STAGES
        }
        self.legend = self.addLegend(offset=(-2, 2), labelTextSize="8pt", verSpacing=-6,
                                     brush=pg.mkBrush(255, 255, 255, 200))  # fmt: skip
        _darken(self, self.legend)
        self._names: dict[str, str] = {}

    def set_names(self, names: dict[str, str], steps: str, size: str) -> None:
        """Name the lines ("‖∂L/∂A‖" …) and the axes."""
        self._names = dict(names)
        self.legend.clear()
        for stage, line in self.lines.items():
            self.legend.addItem(line, names[stage])
        self.setLabel("bottom", steps)
        self.setLabel("left", size)

    def set_text_font(self, font: QFont) -> None:
        """Write the ticks, the axes' names and the legend in ``font``."""
        _style(self, self.legend, font)

    def legend_entries(self) -> list[tuple[QColor, str]]:
        """Return the legend as colours and names, one per stage."""
        return [(QColor(colour), self._names.get(stage, "")) for stage, colour in STAGES]

    def show_history(self, steps: Sequence[Mapping[str, float]], projection: bool) -> None:
        """Draw each stage's gradient size over the steps (log10): ``steps``' norms."""
        values: list[float] = []
        for stage, line in self.lines.items():
            key = PROJECTED.get(stage, stage) if projection else stage
            norms = [step.get(key, math.nan) for step in steps]
            line.setData(np.arange(len(norms)), _log10(norms))
            values += [n for n in norms if n > 0 and math.isfinite(n)]
        if values:
            ticks = log_ticks(math.log10(min(values)), math.log10(max(values)))
            self.getAxis("left").setTicks([ticks])
