"""One heatmap of one step of attention: the scores S, S/τ, the weights A or the context Z.

Built like pyqtgraph's ``examples/MatrixDisplayExample.py``: a row-major ``ImageItem`` in a
``PlotItem`` with ``invertY(True)``, token names as ticks and a linked ``ColorBarItem``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from pyqtgraph.GraphicsScene.mouseEvents import MouseClickEvent
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QFont, QFontMetricsF, QGuiApplication, QPainter, QTransform
from PySide6.QtWidgets import QWidget

KINDS = ("diverging", "probability")
BACKGROUND = "#ffffff"
HIGHLIGHT_BACKGROUND = "#e3effa"
HIGHLIGHT_BORDER = "#0072b2"  # Okabe–Ito blue: stands out for every kind of colour vision
AXIS_COLOUR = "#333333"
ROW_OUTLINE = "#111111"
CELL_OUTLINE = "#d55e00"  # Okabe–Ito vermillion
MASK_FILL = (189, 189, 189, 255)
MASK_HATCH = "#6b6b6b"
MIN_LABEL_PX, MAX_LABEL_PX = 7, 28
MIN_HATCH_PX = 4.0  # below this the hatch is noise; the grey fill alone says "masked"
TICK_FONT_SCALE = 1.3
# sRGB luminance where black and white text have the same contrast ratio (WCAG formula)
EQUAL_CONTRAST_LUMINANCE = 0.179


def format_label(value: float, digits: int) -> str:
    """Return the finite ``value`` as a cell label with ``digits`` decimals, never "-0.00"."""
    # adding 0.0 turns the -0.0 that round() gives for tiny negatives into 0.0
    return f"{round(value, digits) + 0.0:.{digits}f}"


def _luminance(rgb: np.ndarray) -> np.ndarray:
    channel = rgb / 255.0
    linear = np.where(channel <= 0.04045, channel / 12.92, ((channel + 0.055) / 1.055) ** 2.4)
    return linear @ np.array([0.2126, 0.7152, 0.0722])


class CellLabels(pg.GraphicsObject):
    """Every cell's value as text, and the hatch over masked cells, painted by one item.

    One item instead of a ``TextItem`` per cell keeps a 30×30 matrix responsive. It paints in
    device pixels so the text is crisp and never stretched with a non-square cell.
    """

    def __init__(self, lut: np.ndarray) -> None:
        super().__init__()
        self._lut = lut  # (256, 3) uint8: the image's colours, to pick a text colour per cell
        self._digits = 2
        self.set_cells(np.zeros((0, 0)), np.zeros((0, 0), dtype=bool), (0.0, 1.0))

    def set_cells(self, values: np.ndarray, shown: np.ndarray, levels: tuple[float, float]) -> None:
        """Label ``values`` where ``shown`` (else hatch), coloured as the image over ``levels``."""
        self.prepareGeometryChange()
        self._values, self._shown, self._levels = values, shown, levels
        self._any_masked = not bool(shown.all())
        visible = values[shown]
        largest = float(np.abs(visible).max()) if visible.size else 0.0
        # the widest label has the most integer digits and a minus sign; digits share a width
        self._widest_value = -largest if (visible < 0).any() else largest
        self._advance_per_px: float | None = None
        self.update()

    def set_digits(self, digits: int) -> None:
        """Show ``digits`` decimals in every label."""
        self._digits = digits
        self._advance_per_px = None
        self.update()

    def font_px(self, cell_width: float, cell_height: float) -> int:
        """Return the label pixel size for cells this big on screen, 0 if text would not fit."""
        if self._values.size == 0:
            return 0
        if self._advance_per_px is None:
            widest = format_label(self._widest_value, self._digits)
            font = QFont(QGuiApplication.font())
            font.setPixelSize(100)
            self._advance_per_px = QFontMetricsF(font).horizontalAdvance(widest) / 100
        px = min(MAX_LABEL_PX, 0.45 * cell_height, 0.8 * cell_width / self._advance_per_px)
        return int(px) if px >= MIN_LABEL_PX else 0

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        rows, cols = self._values.shape
        return QRectF(0, 0, cols, rows)

    def paint(self, painter: QPainter, *args: object) -> None:
        transform = painter.transform()
        cell = transform.mapRect(QRectF(0, 0, 1, 1))
        # decided from one cell, so a 2048×2048 matrix never loops over its 4M cells
        hatch = self._any_masked and min(cell.width(), cell.height()) >= MIN_HATCH_PX
        px = self.font_px(cell.width(), cell.height())
        if not hatch and px == 0:
            return
        painter.save()
        painter.resetTransform()
        if hatch:
            self._paint_hatch(painter, transform)
        if px:
            self._paint_labels(painter, transform, px)
        painter.restore()

    def _paint_hatch(self, painter: QPainter, transform: QTransform) -> None:
        # one rectangle per run of masked cells in a row; the pattern lines up across them
        edges = np.diff(np.pad(~self._shown, ((0, 0), (1, 1))).astype(np.int8), axis=1)
        rows, starts = np.nonzero(edges == 1)
        ends = np.nonzero(edges == -1)[1]
        brush = QBrush(pg.mkColor(MASK_HATCH), Qt.BrushStyle.BDiagPattern)
        for row, start, end in zip(rows.tolist(), starts.tolist(), ends.tolist(), strict=True):
            painter.fillRect(transform.mapRect(QRectF(start, row, end - start, 1)), brush)

    def _paint_labels(self, painter: QPainter, transform: QTransform, px: int) -> None:
        font = QFont(QGuiApplication.font())
        font.setPixelSize(px)
        painter.setFont(font)
        rows, cols = np.nonzero(self._shown)
        values = self._values[rows, cols]
        low, high = self._levels
        index = np.clip((values - low) / (high - low) * len(self._lut), 0, len(self._lut) - 1)
        dark_text = _luminance(self._lut[index.astype(int), :3]) > EQUAL_CONTRAST_LUMINANCE
        pens = {True: pg.mkPen("#000000"), False: pg.mkPen("#ffffff")}
        for row, col, value, dark in zip(
            rows.tolist(), cols.tolist(), values.tolist(), dark_text.tolist(), strict=True
        ):
            painter.setPen(pens[dark])
            rect = transform.mapRect(QRectF(col, row, 1, 1))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, format_label(value, self._digits))


class _Outline(pg.GraphicsObject):
    """A rectangle outlined in device pixels, with a white halo so it shows on any colour."""

    def __init__(self, colour: str, width: float) -> None:
        super().__init__()
        self._rect: QRectF | None = None
        self._colour = colour
        self._width = width

    def set_rect(self, rect: QRectF | None) -> None:
        self.prepareGeometryChange()
        self._rect = rect
        self.update()

    def boundingRect(self) -> QRectF:  # noqa: N802 (Qt's name)
        return QRectF(self._rect) if self._rect is not None else QRectF()

    def paint(self, painter: QPainter, *args: object) -> None:
        if self._rect is None:
            return
        device = painter.transform().mapRect(self._rect)
        # inset so the view's clipping never cuts the outline of an edge row in half
        inset = self._width / 2 + 1
        device.adjust(inset, inset, -inset, -inset)
        painter.save()
        painter.resetTransform()
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for colour, width in (("#ffffff", self._width + 2), (self._colour, self._width)):
            painter.setPen(pg.mkPen(colour, width=width))
            painter.drawRect(device)
        painter.restore()


class Heatmap(pg.GraphicsLayoutWidget):
    """A fixed, labelled heatmap of one matrix of the attention pipeline.

    Parameters
    ----------
    kind : str
        ``"diverging"`` (S, S/τ, Z): a colour-blind-safe blue–grey–yellow map with levels
        symmetric around 0; ``"probability"`` (A): viridis with levels fixed to (0, 1).
    parent : QWidget or None
        The Qt parent.
    """

    cell_clicked = Signal(int, int)
    cell_hovered = Signal(int, int)

    def __init__(self, kind: str, parent: QWidget | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        super().__init__(parent)
        self._kind = kind
        self._matrix = np.zeros((0, 0))
        self._hovered = (-1, -1)
        self._selected_row: int | None = None
        self._selected_cell: tuple[int, int] | None = None
        self.setBackground(BACKGROUND)

        self._plot = self.addPlot()
        self._view = self._plot.getViewBox()
        self._plot.invertY(True)
        self._plot.setDefaultPadding(0.0)
        self._plot.setMouseEnabled(x=False, y=False)
        self._plot.setMenuEnabled(False)
        self._plot.hideButtons()
        self._plot.showAxes((True, True, False, False), showValues=(True, True, False, False))
        # the app font carries the CJK glyphs; larger, so a classroom can read the tokens
        self._tick_font = QFont(QGuiApplication.font())
        self._tick_font.setPointSizeF(self._tick_font.pointSizeF() * TICK_FONT_SCALE)
        for side in ("left", "top"):
            self._style_axis(self._plot.getAxis(side), self._tick_font)
        self.ci.setContentsMargins(4, 4, 8, 10)
        self._row_names: list[str] = []
        self._col_names: list[str] = []

        # CET-CBD1: blue–grey–yellow, made to stay diverging for red-green colour blindness
        colormap = pg.colormap.get("viridis" if kind == "probability" else "CET-CBD1")
        self._lut = colormap.getLookupTable(nPts=256, alpha=False)
        self._image = pg.ImageItem(axisOrder="row-major")
        self._mask_image = pg.ImageItem(axisOrder="row-major")
        self._labels = CellLabels(self._lut)
        self._row_outline = _Outline(ROW_OUTLINE, 3)
        self._cell_outline = _Outline(CELL_OUTLINE, 4)
        for z, item in enumerate(
            (self._image, self._mask_image, self._labels, self._row_outline, self._cell_outline)
        ):
            item.setZValue(z)
            self._plot.addItem(item)

        self._bar = pg.ColorBarItem(
            values=(0, 1), colorMap=colormap, interactive=False, width=16, colorMapMenu=False
        )
        self._bar.setImageItem(self._image, insert_in=self._plot)
        for side in ("left", "top", "right", "bottom"):
            self._style_axis(self._bar.getAxis(side), QGuiApplication.font())

        self.scene().sigMouseClicked.connect(self._on_scene_clicked)
        self.scene().sigMouseMoved.connect(self._on_scene_mouse_moved)
        self._view.sigResized.connect(self._update_ticks)
        self.set_data(np.zeros((0, 0)), [], [])

    @staticmethod
    def _style_axis(axis: pg.AxisItem, font: QFont) -> None:
        axis.setPen(pg.mkPen(AXIS_COLOUR))
        axis.setTextPen(pg.mkPen(AXIS_COLOUR))
        axis.setTickFont(font)
        axis.setStyle(tickLength=0)

    def set_data(
        self,
        matrix: np.ndarray,
        row_names: Sequence[str],
        col_names: Sequence[str],
        mask: np.ndarray | None = None,
    ) -> None:
        """Show ``matrix`` with its rows and columns named.

        Parameters
        ----------
        matrix : np.ndarray
            (rows, cols) values; -inf (or any non-finite value) is drawn as masked.
        row_names, col_names : Sequence[str]
            One name per row (who asks) and per column (who is asked, or d0, d1, …).
        mask : np.ndarray or None
            (rows, cols) bool, True where attention is allowed; False cells are greyed and
            hatched, with no number, and left out of the levels.
        """
        values = np.array(matrix, dtype=np.float64)
        if values.ndim != 2:
            raise ValueError(f"matrix must be 2-D, got shape {values.shape}")
        rows, cols = values.shape
        if (len(row_names), len(col_names)) != values.shape:
            raise ValueError(f"{len(row_names)}×{len(col_names)} names for {values.shape}")
        allowed = np.ones_like(values, dtype=bool) if mask is None else np.asarray(mask, bool)
        if allowed.shape != values.shape:
            raise ValueError(f"mask shape {allowed.shape} != matrix shape {values.shape}")
        self._matrix = values
        shown = allowed & np.isfinite(values)
        levels = self._levels_for(values, shown)
        # the image gets 0 where a cell is masked: -inf would break its levels and rendering
        display = np.where(shown, values, 0.0)
        if values.size:
            self._image.setImage(display, autoLevels=False, levels=levels)
        else:
            self._image.clear()
        self._bar.setLevels(levels)
        if values.size and not shown.all():
            overlay = np.zeros((rows, cols, 4), dtype=np.uint8)
            overlay[~shown] = MASK_FILL
            self._mask_image.setImage(overlay, autoLevels=False)
            self._mask_image.show()
        else:
            self._mask_image.hide()
        self._labels.set_cells(display, shown, levels)
        self._row_names, self._col_names = list(row_names), list(col_names)
        self._update_ticks()
        self._view.setRange(xRange=(0, max(cols, 1)), yRange=(0, max(rows, 1)), padding=0)
        self._update_outlines()

    def _levels_for(self, values: np.ndarray, shown: np.ndarray) -> tuple[float, float]:
        if self._kind == "probability":
            return (0.0, 1.0)
        finite = np.abs(values[shown])
        # at least ±1e-12, so an all-zero matrix still has a usable (non-empty) range
        limit = max(float(finite.max()) if finite.size else 0.0, 1e-12)
        return (-limit, limit)

    def _update_ticks(self) -> None:
        # every n-th name only, with n from the room each one needs, so that labels never overlap
        metrics = QFontMetricsF(self._tick_font)
        widest = max((metrics.horizontalAdvance(name) for name in self._col_names), default=0)
        for side, names, room, length in (
            ("left", self._row_names, metrics.height(), self._view.height()),
            ("top", self._col_names, widest + metrics.averageCharWidth(), self._view.width()),
        ):
            step = max(1, math.ceil(len(names) * room / max(length, 1.0)))
            ticks = [(i + 0.5, names[i]) for i in range(0, len(names), step)]
            self._plot.getAxis(side).setTicks([ticks, []])

    def matrix(self) -> np.ndarray:
        """Return a copy of the matrix currently shown, -inf included."""
        return self._matrix.copy()

    def set_precision(self, digits: int) -> None:
        """Show ``digits`` decimals in the cell labels (2 by default)."""
        if not 0 <= digits <= 12:
            raise ValueError(f"digits must be in 0..12, not {digits}")
        self._labels.set_digits(digits)

    def set_selected_row(self, row: int | None) -> None:
        """Outline ``row`` (the selected query token), or nothing for None."""
        self._selected_row = row
        self._update_outlines()

    def set_selected_cell(self, cell: tuple[int, int] | None) -> None:
        """Outline ``cell`` = (row, col) (the one being explained), or nothing for None."""
        self._selected_cell = cell
        self._update_outlines()

    def _update_outlines(self) -> None:
        # kept across set_data, hidden while the row or cell lies outside the current shape
        rows, cols = self._matrix.shape
        row, cell = self._selected_row, self._selected_cell
        self._row_outline.set_rect(QRectF(0, row, cols, 1) if row in range(rows) else None)
        inside = cell is not None and cell[0] in range(rows) and cell[1] in range(cols)
        self._cell_outline.set_rect(QRectF(cell[1], cell[0], 1, 1) if inside else None)

    def set_highlighted(self, on: bool) -> None:
        """Tint the background and frame the cells, to echo a hovered part of the formula."""
        self.setBackground(HIGHLIGHT_BACKGROUND if on else BACKGROUND)
        self._view.setBorder(pg.mkPen(HIGHLIGHT_BORDER, width=3) if on else None)

    def label_font_size(self) -> float:
        """Return the pixel size of the cell labels at the current size, 0 when hidden."""
        rows, cols = self._matrix.shape
        if rows == 0 or cols == 0:
            return 0.0
        # the view always spans exactly the matrix, so its size gives a cell's size
        return float(self._labels.font_px(self._view.width() / cols, self._view.height() / rows))

    def _cell_at(self, scene_pos: QPointF) -> tuple[int, int]:
        rows, cols = self._matrix.shape
        # from the view's geometry, not mapSceneToView: the view's transform updates lazily
        area = self._view.mapRectToScene(self._view.rect())
        if rows == 0 or cols == 0 or not area.contains(scene_pos):
            return (-1, -1)
        col = int((scene_pos.x() - area.left()) / area.width() * cols)
        row = int((scene_pos.y() - area.top()) / area.height() * rows)
        return (min(row, rows - 1), min(col, cols - 1))

    def _on_scene_clicked(self, event: MouseClickEvent) -> None:
        row, col = self._cell_at(event.scenePos())
        if event.button() == Qt.MouseButton.LeftButton and row >= 0:
            self.cell_clicked.emit(row, col)

    def _on_scene_mouse_moved(self, scene_pos: QPointF) -> None:
        self._set_hovered(self._cell_at(scene_pos))

    def _set_hovered(self, cell: tuple[int, int]) -> None:
        if cell != self._hovered:
            self._hovered = cell
            self.cell_hovered.emit(*cell)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        super().leaveEvent(event)
        self._set_hovered((-1, -1))
