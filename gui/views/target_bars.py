"""A row of A's goal as bars the mouse drags: "猫 should look at 鱼" is [0.1, 0.1, 0.8].

Dragging a bar sets its weight where the mouse is (0 at the bottom, 1 at the top); the
others keep their proportions and share the rest, so the row always sums to 1. The current
row of A is drawn as outlines, for the distance still to go. Up to MOST_KEYS bars (a goal
for more keys is a task, not a drag).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFontMetricsF, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from gui.plots.token_colours import token_colour

MOST_KEYS = 16
LEAST_WEIGHT = 0.0


def dragged(values: np.ndarray, index: int, weight: float) -> np.ndarray:
    """Return ``values`` with ``values[index] = weight`` and the rest rescaled to sum to 1."""
    weight = min(max(weight, 0.0), 1.0)
    others = np.delete(values, index)
    rest = float(others.sum())
    if len(others) == 0:
        return np.ones(1)
    if rest <= 0:
        others = np.full(len(others), (1 - weight) / len(others))
    else:
        others = others * (1 - weight) / rest
    row: np.ndarray = np.insert(others, index, weight)
    return row


class TargetBars(QWidget):
    """The target row (filled bars) over the current row of A (outlines), by key."""

    changed = Signal(object)  # the new target row (an array summing to 1), once a drag ends

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("targetBars")
        self.setMinimumHeight(90)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setCursor(Qt.CursorShape.SizeVerCursor)
        self._names: tuple[str, ...] = ()
        self._target = np.zeros(0)
        self._current = np.zeros(0)
        self._dragging: int | None = None

    def set_row(self, names: Sequence[str], target: np.ndarray, current: np.ndarray) -> None:
        """Show ``target`` (the goal) and ``current`` (A's row now) for the keys ``names``."""
        if self._dragging is not None:
            return  # the drag's own values until it ends
        self._names = tuple(names)[:MOST_KEYS]
        self._target = np.asarray(target, dtype=np.float64)[:MOST_KEYS]
        self._current = np.asarray(current, dtype=np.float64)[:MOST_KEYS]
        self.update()

    def target(self) -> np.ndarray:
        """Return the target row shown."""
        shown: np.ndarray = self._target.copy()
        return shown

    def _plot_rect(self) -> QRectF:
        names = QFontMetricsF(self.font()).height() + 4
        return QRectF(4, names, self.width() - 8, self.height() - 2 * names - 2)

    def _bar_at(self, x: float) -> int | None:
        count = len(self._target)
        rect = self._plot_rect()
        if count == 0 or not rect.left() <= x <= rect.right():
            return None
        return min(int((x - rect.left()) / rect.width() * count), count - 1)

    def _weight_at(self, y: float) -> float:
        rect = self._plot_rect()
        return float((rect.bottom() - y) / max(rect.height(), 1.0))

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """Start dragging the bar under the mouse."""
        index = self._bar_at(event.position().x())
        if index is None or event.button() != Qt.MouseButton.LeftButton:
            return
        self._dragging = index
        self.mouseMoveEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """Set the dragged bar's weight where the mouse is."""
        if self._dragging is None:
            return
        weight = round(self._weight_at(event.position().y()), 2)
        self._target = dragged(self._target, self._dragging, weight)
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """End the drag: the goal is the row now."""
        if self._dragging is None:
            return
        self._dragging = None
        self.changed.emit(self._target.copy())

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        """Paint the target's bars, A's row as outlines, the values above, names below."""
        count = len(self._target)
        if count == 0:
            return
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = self._plot_rect()
        width = rect.width() / count
        metrics = QFontMetricsF(self.font())
        painter.setPen(QPen(QColor("#999999"), 1))
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        for index in range(count):
            left = rect.left() + index * width + width * 0.15
            bar = width * 0.7
            value = float(self._target[index])
            top = rect.bottom() - value * rect.height()
            colour = token_colour(index, count)
            painter.fillRect(QRectF(left, top, bar, rect.bottom() - top), colour)
            if index < len(self._current):
                now = rect.bottom() - float(self._current[index]) * rect.height()
                painter.setPen(QPen(QColor("#222222"), 1.5, Qt.PenStyle.DashLine))
                painter.drawRect(QRectF(left, now, bar, rect.bottom() - now))
            painter.setPen(QColor("#222222"))
            text = f"{value:.2f}"
            above = QRectF(left - 10, top - metrics.height() - 1, bar + 20, metrics.height())
            painter.drawText(above, Qt.AlignmentFlag.AlignCenter, text)
            name = metrics.elidedText(self._names[index] if index < len(self._names) else "",
                                      Qt.TextElideMode.ElideRight, width)  # fmt: skip
            below = QRectF(rect.left() + index * width, rect.bottom() + 2, width, metrics.height())
            painter.drawText(below, Qt.AlignmentFlag.AlignCenter, name)
        painter.end()
