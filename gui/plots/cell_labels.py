"""The items a heatmap draws over its image, each painted in device pixels.

Every cell's label, the masked cells' hatch, and the outlines of the selected row and cell.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QFont, QGuiApplication, QPainter, QTransform

MASK_HATCH = "#6b6b6b"
DROPPED_HATCH = "#b34100"  # a darker Okabe–Ito vermillion: dropout, not the mask
LEAST_LABEL_PX, COMFORTABLE_LABEL_PX, MAX_LABEL_PX = 9, 11, 28
MIN_HATCH_PX = 4.0  # below this the hatch is noise; the grey fill alone says "masked"
# sRGB luminance where black and white text have the same contrast ratio (WCAG formula)
EQUAL_CONTRAST_LUMINANCE = 0.179


def format_label(value: float, digits: int) -> str:
    """Return the finite ``value`` as a cell label with ``digits`` decimals, never "-0.00"."""
    # adding 0.0 turns the -0.0 that round() gives for tiny negatives into 0.0
    return f"{round(value, digits) + 0.0:.{digits}f}"


def _luminance(rgb: np.ndarray) -> np.ndarray:
    channel = rgb / 255.0
    linear = np.where(channel <= 0.04045, channel / 12.92, ((channel + 0.055) / 1.055) ** 2.4)
    luminance: np.ndarray = linear @ np.array([0.2126, 0.7152, 0.0722])
    return luminance


def _fill_runs(painter: QPainter, transform: QTransform, cells: np.ndarray,
               origin: tuple[int, int], brush: QBrush) -> None:  # fmt: skip
    """Fill each run of True ``cells`` in a row (from ``origin``) with ``brush``."""
    edges = np.diff(np.pad(cells, ((0, 0), (1, 1))).astype(np.int8), axis=1)
    rows, starts = np.nonzero(edges == 1)
    ends = np.nonzero(edges == -1)[1]
    r0, c0 = origin
    for row, start, end in zip(rows.tolist(), starts.tolist(), ends.tolist(), strict=True):
        painter.fillRect(transform.mapRect(QRectF(c0 + start, r0 + row, end - start, 1)), brush)


class CellLabels(pg.GraphicsObject):
    """Every cell's value as text, and the hatch over masked cells, painted by one item.

    One item instead of a ``TextItem`` per cell keeps a 30×30 matrix responsive. It paints in
    device pixels so the text is crisp and never stretched with a non-square cell, and only
    the cells in view: zoomed into a 2048×2048 matrix, a few hundred.

    ``colour_of(values, rows)`` gives the values on the image's colour scale of cells in
    those rows (the weights by row, or their log), from which each text colour is picked;
    the labels show the values themselves.
    """

    def __init__(self, lut: np.ndarray,
                 colour_of: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None
                 ) -> None:  # fmt: skip
        super().__init__()
        self._lut = lut  # (256, 3) uint8: the image's colours, to pick a text colour per cell
        self._colour_of = colour_of
        self._digits = 2
        self.px = 0  # the numbers' size, the owner's choice (see text_fit.fit_cells)
        self.set_cells(np.zeros((0, 0)), None, (0.0, 1.0))

    def set_lut(self, lut: np.ndarray) -> None:
        """Pick each text colour against the colours ``lut`` from the next paint on."""
        self._lut = lut
        self.update()

    def set_cells(
        self,
        values: np.ndarray,
        shown: np.ndarray | None,
        levels: tuple[float, float],
        dropped: np.ndarray | None = None,
    ) -> None:
        """Label ``values`` where ``shown``, coloured as the image over ``levels``.

        ``shown`` None labels every cell; otherwise the cells not shown are hatched, those
        ``dropped`` (by dropout) crosswise, the masked ones slanting.
        """
        self.prepareGeometryChange()
        self._values, self._shown, self._levels = values, shown, levels
        self._dropped = dropped
        self._any_masked = shown is not None and not bool(shown.all())
        self.update()

    def set_levels(self, levels: tuple[float, float]) -> None:
        """Pick text colours for the image's new levels (another colour scale)."""
        self._levels = levels
        self.update()

    def set_style(self, px: int, digits: int) -> None:
        """Write every number in ``px`` pixels (0: none) with ``digits`` decimals."""
        if (px, digits) != (self.px, self._digits):
            self.px, self._digits = px, digits
            self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        """Return the matrix's rectangle: one unit per cell."""
        rows, cols = self._values.shape
        return QRectF(0, 0, cols, rows)

    def paint(self, painter: QPainter, *args: object) -> None:
        """Paint the hatch and the labels in device pixels, each only where cells are big enough."""
        transform = painter.transform()
        cell = transform.mapRect(QRectF(0, 0, 1, 1))
        # decided from one cell, so a 2048×2048 matrix never loops over its 4M cells
        hatch = self._any_masked and min(cell.width(), cell.height()) >= MIN_HATCH_PX
        px = self.px if self._values.size else 0
        if not hatch and px == 0:
            return
        block = self._in_view()
        painter.save()
        painter.resetTransform()
        if hatch:
            self._paint_hatch(painter, transform, block)
        if px:
            px = max(1, round(px * self._shrink(cell)))
            self._paint_labels(painter, transform, px, block)
        painter.restore()

    def _shrink(self, cell: QRectF) -> float:
        """Return how much smaller than on its view a cell is painted now (1: not smaller).

        A handout draws a figure smaller than its design size to fit the page: in device
        pixels, the numbers kept their size and overflowed their cells (the cells shrank,
        the text did not). Never larger: a PNG at 4× is drawn at the view's own size.
        """
        scene = self.scene()
        views = scene.views() if scene is not None else []
        if not views:
            return 1.0
        laid = self.deviceTransform(views[0].viewportTransform()).mapRect(QRectF(0, 0, 1, 1))
        if laid.width() <= 0 or laid.height() <= 0:
            return 1.0
        return float(min(1.0, cell.width() / laid.width(), cell.height() / laid.height()))

    def _in_view(self) -> tuple[int, int, int, int]:
        """(first row, end row, first column, end column) of the cells in view."""
        rows, cols = self._values.shape
        area = self.viewRect()  # the view's rectangle in cells; None outside a view
        if area is None:
            return (0, rows, 0, cols)
        return (max(0, math.floor(area.top())), min(rows, math.ceil(area.bottom())),
                max(0, math.floor(area.left())), min(cols, math.ceil(area.right())))  # fmt: skip

    def _paint_hatch(self, painter: QPainter, transform: QTransform,
                     block: tuple[int, int, int, int]) -> None:  # fmt: skip
        # one rectangle per run of masked cells in a row; the pattern lines up across them
        assert self._shown is not None  # only called when some cell is masked
        r0, r1, c0, c1 = block
        hidden = ~self._shown[r0:r1, c0:c1]
        dropped = None if self._dropped is None else self._dropped[r0:r1, c0:c1] & hidden
        if dropped is not None:  # dropout's zeros, told apart from the mask's
            hidden &= ~dropped
            brush = QBrush(pg.mkColor(DROPPED_HATCH), Qt.BrushStyle.DiagCrossPattern)
            _fill_runs(painter, transform, dropped, (r0, c0), brush)
        brush = QBrush(pg.mkColor(MASK_HATCH), Qt.BrushStyle.BDiagPattern)
        _fill_runs(painter, transform, hidden, (r0, c0), brush)

    def _paint_labels(self, painter: QPainter, transform: QTransform, px: int,
                      block: tuple[int, int, int, int]) -> None:  # fmt: skip
        font = QFont(QGuiApplication.font())
        font.setPixelSize(px)
        painter.setFont(font)
        r0, r1, c0, c1 = block
        shown = (np.ones((r1 - r0, c1 - c0), bool) if self._shown is None
                 else self._shown[r0:r1, c0:c1])  # fmt: skip
        rows, cols = np.nonzero(shown)
        rows, cols = rows + r0, cols + c0
        values = self._values[rows, cols]
        colours = values if self._colour_of is None else self._colour_of(values, rows)
        low, high = self._levels
        index = np.clip((colours - low) / (high - low) * len(self._lut), 0, len(self._lut) - 1)
        dark_text = _luminance(self._lut[index.astype(int), :3]) > EQUAL_CONTRAST_LUMINANCE
        pens = {True: pg.mkPen("#000000"), False: pg.mkPen("#ffffff")}
        for row, col, value, dark in zip(
            rows.tolist(), cols.tolist(), values.tolist(), dark_text.tolist(), strict=True
        ):
            painter.setPen(pens[dark])
            rect = transform.mapRect(QRectF(col, row, 1, 1))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, format_label(value, self._digits))


class Outline(pg.GraphicsObject):
    """A rectangle outlined in device pixels, with a white halo so it shows on any colour."""

    def __init__(self, colour: str, width: float) -> None:
        super().__init__()
        self._rect: QRectF | None = None
        self._colour = colour
        self._width = width

    def clear_px(self) -> float:
        """Return how far into its cells the outline and its halo reach, in device pixels.

        Drawn on the cells' borders, half of it lies in its cells: every cell keeps that
        much of its edge free of its number, so no outline ever covers a number or makes
        it smaller (the selected row's numbers were 17 px beside the others' 19).
        """
        return (self._width + 2) / 2

    def set_width(self, width: float) -> None:
        """Set the width of the outline in device pixels (the halo is 2 more)."""
        self._width = width
        self.update()

    def set_rect(self, rect: QRectF | None) -> None:
        """Outline ``rect`` (in cells), or nothing for None."""
        if rect == self._rect:
            return  # the same outline: repainting the view would cost a frame's share for nothing
        self.prepareGeometryChange()
        self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        """Return the outlined rectangle, empty when there is none."""
        return QRectF(self._rect) if self._rect is not None else QRectF()

    def paint(self, painter: QPainter, *args: object) -> None:
        """Paint the halo and the outline in device pixels, inset so the view never clips them."""
        if self._rect is None:
            return
        device = painter.transform().mapRect(self._rect)  # on the borders: see clear_px
        painter.save()
        painter.resetTransform()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for colour, width in (("#ffffff", self._width + 2), (self._colour, self._width)):
            painter.setPen(pg.mkPen(colour, width=width))
            painter.drawRect(device)
        painter.restore()
