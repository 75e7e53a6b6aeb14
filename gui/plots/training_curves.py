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
from PySide6.QtGui import QColor

#: B's loss and A's (dashed), in these colours
LOSS_COLOURS = ("#0072B2", "#D55E00")
#: the stages drawn, from the loss back to the inputs, and their colours (Okabe–Ito)
STAGES = (("weights", "#56B4E9"), ("scores", "#CC79A7"), ("q", "#009E73"), ("k", "#000000"))
PROJECTED = {"q": "w_q", "k": "w_k"}  # in projection mode the W's learn


def _log10(values: Sequence[float]) -> np.ndarray:
    array = np.asarray(values, dtype=np.float64)
    with np.errstate(divide="ignore"):
        logs: np.ndarray = np.where(array > 0, np.log10(np.maximum(array, 1e-300)), np.nan)
    return logs


def log_ticks(low: float, high: float) -> list[tuple[float, str]]:
    """Return (log10 value, "10⁻³") ticks at whole powers from ``low`` to ``high``."""
    if not (math.isfinite(low) and math.isfinite(high)):
        return []
    first, last = math.floor(low), math.ceil(high)
    step = max(1, (last - first) // 5)
    return [(float(p), f"1e{p}") for p in range(first, last + 1, step)]


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
        self.b_line = self.plot([], [], pen=pg.mkPen("#0072B2", width=2))
        self.a_line = self.plot(
            [], [], pen=pg.mkPen("#D55E00", width=2, style=Qt.PenStyle.DashLine)
        )

    def set_names(self, steps: str, loss: str) -> None:
        """Name the axes, in the current language (the lines are named beside the plots)."""
        self.setLabel("bottom", steps)
        self.setLabel("left", loss)

    def show_history(self, b: Sequence[float], a: Sequence[float]) -> None:
        """Draw the losses of B's steps and A's so far (log10)."""
        for line, losses in ((self.b_line, b), (self.a_line, a)):
            values = _log10(losses)
            line.setData(np.arange(len(values)), values)
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

    def set_names(self, steps: str, size: str) -> None:
        """Name the axes (the lines are named beside the plots, in their colours)."""
        self.setLabel("bottom", steps)
        self.setLabel("left", size)

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
