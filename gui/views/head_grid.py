"""The head grid: one small picture of A per head, on one shared colour scale.

Clicking a head makes it the one the four steps, the hand calculation, the dial and the
mixing view show. Drawn in one paint (see gui.plots.thumbnails), so that 16 heads of 512
tokens cost an edit a few milliseconds, not 16 views' repaints.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QImage,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from gui.model.numbers import format_number
from gui.model.state import AttentionState
from gui.plots.thumbnails import shrunk, thumbnail
from gui.support.language import Retranslating
from gui.views.drawn_when_shown import DrawnWhenShown

SELECTED = QColor("#C0392B")  # the frame of the head the other views show
GAP = 10  # pixels between heads
THUMBNAIL = 96  # the most pixels a side of a head's picture has


class HeadGrid(Retranslating, DrawnWhenShown):
    """Every head's weights A side by side; subscribes to the result and the heads."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setObjectName("headGrid")
        self.setMouseTracking(True)
        self.setMinimumSize(160, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._images: list[QImage] = []
        self._high = 1.0
        self._places: list[QRectF] = []  # where each head's picture is drawn
        self._caption = ""
        state.result_changed.connect(self._on_result_changed)
        state.selected_head_changed.connect(lambda _h: self.update())
        state.view.font_scale_changed.connect(lambda _s: self.update())
        self.retranslate()
        self._on_result_changed()

    # ------------------------------------------------------------------ reading
    def weights(self) -> list[np.ndarray]:
        """Return each head's A (one matrix with a single head)."""
        heads = self.state.heads_result
        return (
            [h.weights for h in heads.heads] if heads is not None else [self.state.result.weights]
        )

    @property
    def high(self) -> float:
        """Return the weight of the top colour: the largest of every head (one scale)."""
        self.catch_up()
        return self._high

    def head_at(self, point: QPointF) -> int | None:
        """Return the head (from 0) drawn at ``point``, or None."""
        return next((i for i, rect in enumerate(self._places) if rect.contains(point)), None)

    # ------------------------------------------------------------------ slots
    def retranslate(self) -> None:
        """Set the caption again in the current language."""
        self._caption = self.tr("A of every head on one scale, 0 to {0}; click a head to open it")
        self.setToolTip(
            self.tr("Click a head: the four steps, the dial and the mixing view show it")
        )
        self.update()

    def _on_result_changed(self) -> None:
        if self.shown_or_owed():  # drawn when shown: a hidden grid costs an edit nothing
            self.draw()

    def draw(self) -> None:
        """Make every head's picture again, on the scale of the largest weight of all."""
        small = [shrunk(a, THUMBNAIL) for a in self.weights()]  # each block its largest
        self._high = max(float(max(a.max() for a in small)), 1e-12)  # the largest of all
        self._images = [thumbnail(a, self._high, THUMBNAIL) for a in small]
        self.update()

    # ------------------------------------------------------------------ painting
    def _font(self, scale: float = 1.0) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * self.state.view.font_scale * scale)
        return font

    def _layout(self, caption_height: float, label_height: float) -> list[QRectF]:
        count = len(self._images)
        columns = max(1, math.ceil(math.sqrt(count * self.width() / max(self.height(), 1))))
        columns = min(columns, count)
        rows = math.ceil(count / columns)
        room_w = (self.width() - GAP * (columns + 1)) / columns
        room_h = (self.height() - caption_height - GAP * (rows + 1)) / rows - label_height
        side = max(8.0, min(room_w, room_h))
        used = rows * (side + label_height + GAP) - GAP  # the grid's height, centred
        first = max(GAP, (self.height() - caption_height - used) / 2)
        places = []
        for i in range(count):
            row, col = divmod(i, columns)
            left = GAP + col * (room_w + GAP) + (room_w - side) / 2
            top = first + row * (side + label_height + GAP) + label_height
            places.append(QRectF(left, top, side, side))
        return places

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        """Draw each head's picture, its name, the selected head's frame and the caption."""
        self.catch_up()  # seen again: its pictures first
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("white"))
        label_font, caption_font = self._font(1.0), self._font(0.9)
        label_height = painter.fontMetrics().height() * 1.6 * self.state.view.font_scale
        caption = self._caption.format(format_number(self._high, self.state.precision))
        painter.setFont(caption_font)
        caption_rect = painter.boundingRect(QRect(4, 0, self.width() - 8, self.height()),
                                            Qt.TextFlag.TextWordWrap, caption)  # fmt: skip
        self._places = self._layout(caption_rect.height() + 6, label_height)
        selected = self.state.selected_head if len(self._images) > 1 else 0
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        for i, (image, rect) in enumerate(zip(self._images, self._places, strict=True)):
            painter.drawImage(rect, image)
            painter.setFont(label_font)
            painter.setPen(QColor("#222222"))
            name = self.tr("head {0}").format(i + 1)
            painter.drawText(QRectF(rect.left() - GAP / 2, rect.top() - label_height,
                                    rect.width() + GAP, label_height),
                             Qt.AlignmentFlag.AlignCenter, name)  # fmt: skip
            if i == selected and len(self._images) > 1:
                painter.setPen(QPen(SELECTED, 3))
                painter.drawRect(rect.adjusted(-2, -2, 2, 2))
        painter.setFont(caption_font)
        painter.setPen(QColor("#444444"))
        bottom = QRect(4, self.height() - caption_rect.height() - 4, self.width() - 8,
                       caption_rect.height())  # fmt: skip
        painter.drawText(bottom, Qt.TextFlag.TextWordWrap, caption)
        painter.end()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Ask for room for a 2 × 2 grid of heads."""
        return QSize(320, 300)

    # ------------------------------------------------------------------ mouse
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """Open the head under the mouse in every other view."""
        head = self.head_at(event.position())
        if head is not None:
            self.state.select_head(head)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """Name the head under the mouse and its largest weight."""
        head = self.head_at(event.position())
        if head is not None:
            largest = format_number(float(self.weights()[head].max()), self.state.precision)
            text = self.tr("head {0}: largest weight {1}").format(head + 1, largest)
            QToolTip.showText(event.globalPosition().toPoint(), text, self)
        super().mouseMoveEvent(event)
