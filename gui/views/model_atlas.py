"""The atlas of a real model: A of every layer (rows) and head (columns) for one sentence.

One small picture per head on one shared colour scale (6 × 12 for all-MiniLM-L6-v2), in
one paint; a click opens that head in the four steps, the hand calculation, the dial and
the mixing view; a click on a layer's name (L1 … L6) opens its every head, side by side in
the heads' views. Above it, whose numbers they are and whether they are still the model's.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QImage, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from gui.model.model_run import ModelRun
from gui.model.numbers import format_number
from gui.support.language import Retranslating
from gui.views.drawn_when_shown import DrawnWhenShown

OPENED = QColor("#C0392B")  # the frame of the head the other views show
GAP = 4  # pixels between heads
THUMBNAIL = 64  # the most pixels a side of a head's picture has


class ModelAtlas(Retranslating, DrawnWhenShown):
    """Every layer's and head's A of the sentence; subscribes to the run and the state."""

    def __init__(self, run: ModelRun, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.run = run
        self.state = run.state
        self.setObjectName("modelAtlas")
        self.setMouseTracking(True)
        self.setMinimumSize(240, 160)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._images: list[list[QImage]] = []  # [layer][head]
        self._high = 1.0
        self._places: dict[tuple[int, int], QRectF] = {}
        self._layer_names: dict[int, QRectF] = {}  # where "L1" … are written: click to open
        self._empty = ""
        self._caption = ""
        run.ran.connect(self._on_ran)
        self.state.source_changed.connect(self.update)
        self.state.selected_head_changed.connect(lambda _head: self.update())
        self.state.view.font_scale_changed.connect(lambda _s: self.update())
        self.retranslate()

    # ------------------------------------------------------------------ reading
    @property
    def high(self) -> float:
        """Return the weight of the top colour: the largest of every head (one scale)."""
        self.catch_up()
        return self._high

    def head_at(self, point: QPointF) -> tuple[int, int] | None:
        """Return the (layer, head), from 0, drawn at ``point``, or None."""
        return next((key for key, rect in self._places.items() if rect.contains(point)), None)

    def layer_at(self, point: QPointF) -> int | None:
        """Return the layer, from 0, whose name is written at ``point``, or None."""
        return next((key for key, rect in self._layer_names.items() if rect.contains(point)),
                    None)  # fmt: skip

    def layer_name_place(self, layer: int) -> QRectF:
        """Return where the name of layer ``layer`` (from 0) is written."""
        return self._layer_names[layer]

    def place(self, layer: int, head: int) -> QRectF:
        """Return where head ``head`` of layer ``layer`` (from 0) is drawn."""
        return self._places[(layer, head)]

    # ------------------------------------------------------------------ slots
    def retranslate(self) -> None:
        """Set the caption again in the current language."""
        self._empty = self.tr(
            "File → Open a sentence… runs a real model and shows every layer's and head's "
            "weights A here"
        )
        self._missing = self.tr(
            "These numbers came from {0}, which is not on this computer, so its other "
            "heads cannot be shown. File → Open a model folder… (or installing the model) "
            "brings them here"
        )
        self._caption = self.tr(
            "A of every layer (rows) and head (columns) on one scale, 0 to {0}; "
            "click a head to open it, a layer's name (L1 …) to open all its heads"
        )
        self.setToolTip(
            self.tr(
                "Click a head: the four steps show its real Q, K and V. "
                "Click L1 … L6: the layer's every head, side by side"
            )
        )
        self.update()

    def _on_ran(self) -> None:
        if self.shown_or_owed():
            self.draw()

    def draw(self) -> None:
        """Make every head's picture again, on the scale of the largest weight of all."""
        forward = self.run.forward
        if forward is None:
            self._images, self._high = [], 1.0
        else:
            from gui.plots.thumbnails import shrunk, thumbnail  # with the first sentence

            weights = np.asarray(forward.weights, dtype=np.float64)  # (layers, heads, T, T)
            small = [[shrunk(a, THUMBNAIL) for a in layer] for layer in weights]
            self._high = max(float(max(a.max() for row in small for a in row)), 1e-12)
            self._images = [[thumbnail(a, self._high, THUMBNAIL) for a in row] for row in small]
        self.update()

    # ------------------------------------------------------------------ painting
    def _font(self, scale: float = 1.0) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * self.state.view.font_scale * scale)
        return font

    def _layout(self, top: float, bottom: float, label: float) -> dict[tuple[int, int], QRectF]:
        layers, heads = len(self._images), len(self._images[0])
        room_w = (self.width() - label - GAP * (heads + 1)) / heads
        room_h = (self.height() - top - bottom - label - GAP * (layers + 1)) / layers
        side = max(6.0, min(room_w, room_h))
        left = label + max(GAP, (self.width() - label - heads * (side + GAP)) / 2)
        places = {}
        for layer in range(layers):
            for head in range(heads):
                places[(layer, head)] = QRectF(
                    left + head * (side + GAP), top + label + layer * (side + GAP), side, side
                )
        return places

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        """Draw every head's picture, the layers' and heads' numbers and the caption."""
        self.catch_up()
        painter = QPainter(self)
        painter.fillRect(self.rect(), QColor("white"))
        painter.setFont(self._font(0.9))
        painter.setPen(QColor("#444444"))
        inner = QRect(6, 4, self.width() - 12, self.height() - 8)
        if not self._images:
            self._places = {}
            empty = self._missing.format(self.run.missing) if self.run.missing else self._empty
            painter.drawText(inner, Qt.TextFlag.TextWordWrap | Qt.AlignmentFlag.AlignCenter,
                             empty)  # fmt: skip
            painter.end()
            return
        caption = self._caption.format(format_number(self._high, self.state.precision))
        flags = Qt.TextFlag.TextWordWrap
        caption_rect = painter.boundingRect(inner, flags, caption)
        if caption_rect.height() > self.height() / 4:  # large text: the pictures come first
            painter.setFont(self._font(0.9 / max(self.state.view.font_scale, 1.0)))
            caption_rect = painter.boundingRect(inner, flags, caption)
        if caption_rect.height() > self.height() / 4:  # still too tall: the tooltip says it
            caption, caption_rect = "", QRect()
        caption_font = painter.font()
        painter.setFont(self._font(0.9))
        label = painter.fontMetrics().horizontalAdvance("L12") + 6
        self._places = self._layout(4, caption_rect.height() + 8, label)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform, False)
        opened = self.run.opened()
        for (layer, head), rect in self._places.items():
            painter.drawImage(rect, self._images[layer][head])
        painter.setPen(QColor("#222222"))
        unclipped = Qt.TextFlag.TextDontClip  # a number wider than its picture stays whole
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter | unclipped
        self._layer_names = {}
        for layer in range(len(self._images)):
            rect = self._places[(layer, 0)]
            beside = QRectF(rect.left() - label, rect.top(), label - 4, rect.height())
            painter.drawText(beside, right, f"L{layer + 1}")
            self._layer_names[layer] = beside
        heads = len(self._images[0])
        every = 1  # with little room, every second (third …) head is numbered
        room = self._places[(0, 0)].width() + GAP
        while every < heads and painter.fontMetrics().horizontalAdvance(f"H{heads}") > every * room:
            every += 1
        for head in range(0, heads, every):
            rect = self._places[(0, head)]
            above = QRectF(rect.left() - GAP, rect.top() - label, rect.width() + 2 * GAP, label)
            painter.drawText(above, Qt.AlignmentFlag.AlignCenter | unclipped, f"H{head + 1}")
        whole = self.run.opened_layer()
        if whole is not None and (whole, 0) in self._places:  # every head of it is open
            first, last = self._places[(whole, 0)], self._places[(whole, heads - 1)]
            painter.setPen(QPen(OPENED, 1.5, Qt.PenStyle.DashLine))
            painter.drawRect(first.united(last).adjusted(-3, -3, 3, 3))
        if opened is not None and opened in self._places:
            painter.setPen(QPen(OPENED, 3))
            painter.drawRect(self._places[opened].adjusted(-2, -2, 2, 2))
        painter.setPen(QColor("#444444"))
        painter.setFont(caption_font)
        bottom = QRect(6, self.height() - caption_rect.height() - 4, self.width() - 12,
                       caption_rect.height())  # fmt: skip
        painter.drawText(bottom, flags, caption)
        painter.end()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Ask for room for 6 × 12 small pictures."""
        return QSize(420, 300)

    # ------------------------------------------------------------------ mouse
    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """Open the head under the mouse in every other view."""
        place, layer = self.head_at(event.position()), self.layer_at(event.position())
        if place is not None:
            self.run.open_head(*place)
        elif layer is not None:
            self.run.open_layer(layer)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """Name the head under the mouse and its largest weight."""
        place, layer = self.head_at(event.position()), self.layer_at(event.position())
        forward = self.run.forward
        if layer is not None and forward is not None:
            text = self.tr("layer {0}: open its {1} heads side by side").format(
                layer + 1, forward.heads
            )
            QToolTip.showText(event.globalPosition().toPoint(), text, self)
        if place is not None and forward is not None:
            largest = format_number(float(forward.weights[place].max()), self.state.precision)
            text = self.tr("layer {0}, head {1}: largest weight {2}").format(
                place[0] + 1, place[1] + 1, largest
            )
            QToolTip.showText(event.globalPosition().toPoint(), text, self)
        super().mouseMoveEvent(event)
