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
from PySide6.QtGui import QColor, QFont, QFontMetricsF

from gui.plots.colour_bar import tick_text as linear_text
from gui.plots.colour_bar import tick_values
from gui.plots.text_scale import point_size, style_axis

#: the stages drawn, from the loss back to the inputs, and their colours (Okabe–Ito, none
#: of them B's or A's loss colour: the two plots are named in one line where short)
STAGES = (("weights", "#56B4E9"), ("scores", "#CC79A7"), ("q", "#009E73"), ("k", "#000000"))
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


def log_ticks(low: float, high: float, most: int = 6) -> list[tuple[float, str]]:
    """Return (log10 value, "0.05") ticks on a log axis from 10^``low`` to 10^``high``.

    At most ``most`` (two at least): whole powers over many decades; over fewer, the first
    of whole powers, 1, 2 and 5 times them, or every digit (each thinned to ``most``) that
    gives three ticks, else two; over a narrow range, round values evenly spaced.
    """
    if not (math.isfinite(low) and math.isfinite(high)):
        return []
    low, high, most = min(low, high), max(low, high), max(most, 2)
    first, last = math.floor(low), math.ceil(high)
    if last - first > 3:
        step = max(1, math.ceil((last - first + 1) / most))
        return [(float(p), tick_text(10.0**p)) for p in range(first, last + 1, step)]
    slack = 1e-9 + (high - low) * 0.02
    fitting: list[list[float]] = []
    for mantissas in ((1,), (1, 2, 5), range(1, 10)):
        values = [m * 10.0**p for p in range(first, last + 1) for m in mantissas]
        inside = [v for v in values if low - slack <= math.log10(v) <= high + slack]
        fitting.append(inside[:: math.ceil(len(inside) / most)] if inside else [])  # thinned
    chosen = next((v for v in fitting if len(v) >= 3), None)
    chosen = chosen or next((v for v in fitting if len(v) >= 2), None)
    if chosen is not None:
        return [(math.log10(v), tick_text(v)) for v in chosen]
    values = [v for v in tick_values(10.0**low, 10.0**high, min(4, most)) if v > 0]
    if len(values) < 2:  # one value (a flat line): as it is
        return [(math.log10(v), f"{v:.3g}") for v in values]
    spacing = values[1] - values[0]
    texts = [linear_text(v, spacing) if spacing >= 1e-4 else f"{v:.6g}" for v in values]
    return list(zip([math.log10(v) for v in values], texts, strict=True))


class CurvePlot(pg.PlotWidget):
    """A plot of values over the steps on a log scale, its legend over the top right.

    The legend takes the top of the plot: the lines are drawn below it (the range is made
    taller by the legend's height), so that no legend ever covers the start of a curve.
    """

    def __init__(self, parent: object = None, columns: int = 1) -> None:
        super().__init__(parent)
        self.setBackground("w")
        self.setMouseEnabled(False, False)
        self.hideButtons()
        self.setMenuEnabled(False)
        self.getAxis("left").enableAutoSIPrefix(False)
        self.legend = self.addLegend(offset=(-2, 2), labelTextSize="8pt", verSpacing=-6,
                                     brush=pg.mkBrush(255, 255, 255, 200),
                                     colCount=columns)  # fmt: skip
        for side in ("left", "bottom"):
            axis = self.getAxis(side)
            axis.setTextPen(pg.mkPen(TEXT))
            axis.setPen(pg.mkPen(AXIS))
            axis.labelStyle = {**axis.labelStyle, "color": TEXT}  # the axis's name
        self.legend.setLabelTextColor(TEXT)
        self.getViewBox().enableAutoRange(y=False)
        self.getViewBox().sigResized.connect(self._fit_height)
        self._span: tuple[float, float] | None = None  # of the values drawn, log10
        self._columns = columns  # of the legend where the plot is wide enough
        self._wide = 0.0  # the legend's width in that many columns
        self._line = QFontMetricsF(self.font()).height()  # a tick's text, for their spacing

    def set_text_font(self, font: QFont) -> None:
        """Write the ticks, the axes' names and the legend in ``font``."""
        for side in ("left", "bottom"):
            style_axis(self.getAxis(side), font)
        self._line = QFontMetricsF(font).height()
        size = f"{point_size(font):.4g}pt"
        self.legend.setLabelTextSize(size)
        for _, label in self.legend.items:  # the labels already there take the size too
            label.setText(label.text, size=size)
        self.measure_legend()

    def measure_legend(self) -> None:
        """Measure the legend in its columns (new names, a new size), and fit it again."""
        if self._columns > 1:
            self.legend.setColumnCount(self._columns)
            self.legend.layout.activate()
            self.legend.updateSize()
            self._wide = self.legend.boundingRect().width()
        self._fit_height()

    def set_legend_shown(self, shown: bool) -> None:
        """Show the legend over the plot, or not (an export writes it above, in its caption)."""
        self.legend.setVisible(shown)
        self._fit_height()

    def show_values(self, values: Sequence[float]) -> None:
        """Tick the left axis for ``values`` (all that is drawn) and fit the range to them."""
        shown = [v for v in values if v > 0 and math.isfinite(v)]
        if not shown:
            self._span = None
            return
        self._span = (math.log10(min(shown)), math.log10(max(shown)))
        self._fit_height()

    def _fit_height(self) -> None:
        """Range the values in the height the legend leaves below it."""
        view = self.getViewBox()
        if self._columns > 1:  # in one column where the plot is too narrow for more
            self.legend.setColumnCount(self._columns if self._wide <= view.width() - 8 else 1)
        if self._span is None:
            return
        low, high = self._span
        span = max(high - low, 0.02)
        height = max(view.height(), 1.0)
        room = self._line * 0.6  # half a tick's text above the highest: not cut off
        legend = room + (self.legend.boundingRect().height() if self.legend.isVisible() else 0)
        free = max(height - legend, height * 0.4)  # a short plot keeps its lines readable
        below = span * 0.04
        view.setYRange(low - below, high + (span + below) * (height - free) / free, padding=0)
        most = int(free / (1.6 * self._line))  # the ticks' texts apart
        self.getAxis("left").setTicks([log_ticks(low, high, most)])


class LossPlot(CurvePlot):
    """L over the steps, log scale: B's line, A's dashed (while pinned)."""

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent)
        self.setObjectName("lossPlot")
        self.b_line = self.plot([], [], pen=pg.mkPen(B_COLOUR, width=2))
        self.a_line = self.plot([], [], pen=pg.mkPen(A_COLOUR, width=2, style=Qt.PenStyle.DashLine))
        self._a_shown = False  # A's line is in the legend
        self._names = ("", "")  # of B's line and A's

    def set_names(self, b: str, a: str, steps: str, loss: str) -> None:
        """Name the lines (B, A) and the axes, in the current language."""
        self._names = (b, a)
        self._name_lines()
        self.setLabel("bottom", steps)
        self.setLabel("left", loss)

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
        self._fit_height()

    def show_history(self, b: Sequence[float], a: Sequence[float]) -> None:
        """Draw the losses of B's steps and A's so far (log10)."""
        for line, losses in ((self.b_line, b), (self.a_line, a)):
            values = _log10(losses)
            line.setData(np.arange(len(values)), values)
        if bool(a) != self._a_shown:
            self._a_shown = bool(a)
            self._name_lines()
        self.show_values([*b, *a])


class GradientPlot(CurvePlot):
    """‖∂L/∂A‖, ‖∂L/∂S‖, ‖∂L/∂Q‖, ‖∂L/∂K‖ over the steps, log scale (B's)."""

    def __init__(self, parent: object = None) -> None:
        super().__init__(parent, columns=2)  # four names in two rows: less height
        self.setObjectName("gradientPlot")
        self.lines = {
            stage: self.plot([], [], pen=pg.mkPen(QColor(colour), width=2))
            for stage, colour in STAGES
        }
        self._names: dict[str, str] = {}

    def set_names(self, names: dict[str, str], steps: str, size: str) -> None:
        """Name the lines ("‖∂L/∂A‖" …) and the axes."""
        self._names = dict(names)
        self.legend.clear()
        for stage, line in self.lines.items():
            self.legend.addItem(line, names[stage])
        self.measure_legend()
        self.setLabel("bottom", steps)
        self.setLabel("left", size)

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
            values += norms
        self.show_values(values)
