"""Figures side by side under one caption: a comparison's A | B | B − A of one step.

A :class:`FigureRow` is drawn by drawing each of its figures (each with its own caption,
"A", "B" or "B − A") into its place, left to right, top-aligned: PNG and PDF through
:func:`gui.export.figures.paint_captioned`, so every part keeps the sharp cells, wide
pens and export mode of a figure of its own; SVG through :func:`gui.export.svg.row_svg`,
which nests each part's own SVG.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, QSizeF
from PySide6.QtGui import QColor, QPainter

from gui.export.captions import Caption, CaptionLayout, lay_out
from gui.export.figures import Figure, paint_captioned

GAP = 16.0  # between two figures of a row, in pixels


@dataclass(frozen=True)
class FigureRow:
    """Figures drawn side by side, their tops level, under the row's ``caption``."""

    name: str  # file stem, e.g. "compare-3-weights"
    title: str  # shown in the dialogs, translated
    parts: tuple[Figure, ...]
    caption: Caption | None = None  # above the whole row: the step, and what differs

    def caption_layout(self) -> CaptionLayout | None:
        """Return the caption laid out across the row's width, None without one."""
        return None if self.caption is None else lay_out(self.caption, self.size().width())

    def size(self) -> QSizeF:
        """Return the size of the parts side by side with their captions, in pixels."""
        sizes = [part.outer_size() for part in self.parts]
        width = sum(size.width() for size in sizes) + GAP * max(len(sizes) - 1, 0)
        return QSizeF(width, max((size.height() for size in sizes), default=0.0))

    def outer_size(self) -> QSizeF:
        """Return the size of the row with its caption, in pixels."""
        layout = self.caption_layout()
        size = self.size()
        return QSizeF(size.width(), size.height() + (0.0 if layout is None else layout.height))

    def places(self) -> list[QRectF]:
        """Return where each part goes within ``size()``, in the row's pixels."""
        rects, x = [], 0.0
        for part in self.parts:
            size = part.outer_size()
            rects.append(QRectF(QPointF(x, 0.0), size))
            x += size.width() + GAP
        return rects

    def background(self) -> QColor:
        """Return white, the heatmaps' background: the gaps between them too."""
        return QColor("white")

    def dpi(self) -> int:
        """Return the resolution the parts are drawn at: one PDF unit per pixel."""
        return self.parts[0].dpi() if self.parts else 96

    def paint(self, painter: QPainter, target: QRectF, vector: bool) -> None:
        """Draw every part into its place within ``target``, scaled with it."""
        painter.fillRect(target, self.background())
        size = self.size()
        scale_x = target.width() / max(size.width(), 1.0)
        scale_y = target.height() / max(size.height(), 1.0)
        for part, place in zip(self.parts, self.places(), strict=True):
            left, top = target.left() + place.left() * scale_x, target.top() + place.top() * scale_y
            rect = QRectF(left, top, place.width() * scale_x, place.height() * scale_y)
            paint_captioned(part, painter, rect, vector)
