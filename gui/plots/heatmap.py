"""One heatmap of one step of attention: the scores S, S/τ, the weights A or the context Z.

Built like pyqtgraph's ``examples/MatrixDisplayExample.py``: a row-major ``ImageItem`` with
``invertY(True)``, token names as ticks and a linked colour bar, but in lighter items of our
own (``CellAxes`` instead of a ``PlotItem``, ``ColourBar`` instead of a ``ColorBarItem``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from pyqtgraph.GraphicsScene.mouseEvents import MouseClickEvent
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent, QResizeEvent
from PySide6.QtWidgets import QWidget

from gui.plots.cell_axes import CellAxes
from gui.plots.cell_image import CellImage, visible_values
from gui.plots.cell_labels import CellLabels, Outline
from gui.plots.cell_pointing import cell_under, cell_words
from gui.plots.colour_bar import ColourBar, colours_of, symmetric_levels
from gui.plots.heatmap_text import AXIS_COLOUR, HeatmapText
from gui.plots.text_fit import round_step
from gui.plots.text_scale import scaled_font
from gui.plots.weight_scales import LOG_TICKS, SCALES, scale_levels

KINDS = ("diverging", "probability")
BACKGROUND = "#ffffff"
HIGHLIGHT_BACKGROUND = "#e3effa"
HIGHLIGHT_BORDER = "#0072b2"  # Okabe–Ito blue: stands out for every kind of colour vision
ROW_OUTLINE = "#111111"
CELL_OUTLINE = "#d55e00"  # Okabe–Ito vermillion
MAX_LEVEL = 1e300
OUTLINE_PX = 2


class Heatmap(pg.GraphicsLayoutWidget):
    """A labelled heatmap of one matrix of the attention pipeline, zoomed with the mouse.

    The wheel zooms and a drag pans within the matrix; a double-click or Home shows the
    whole matrix again. Each of these emits ``zoomed``, so that the owner can show the same
    rows (and columns) in the other heatmaps with ``show_cells``.

    Parameters
    ----------
    kind : str
        ``"diverging"`` (S, S/τ, Z): a colour-blind-safe blue–grey–yellow map with levels
        symmetric around 0; ``"probability"`` (A): viridis with levels fixed to (0, 1), or
        to the row's largest weight or a log scale (``set_weight_scale``).
    parent : QWidget or None
        The Qt parent.
    """

    cell_clicked = Signal(int, int)
    cell_hovered = Signal(int, int)
    zoomed = Signal()  # the user zoomed, panned, or went back to the whole matrix
    view_changed = Signal()  # the cells shown or the view's size changed: ticks may too

    def __init__(self, kind: str, parent: QWidget | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        super().__init__(parent)
        self._kind = kind
        self._highlighted = False
        self._highlight_colours: tuple[str, str] | None = None
        self._levels: tuple[float, float] | None = None
        self._held: tuple[float, float] | None = None  # levels kept for every new matrix
        self._shape: tuple[int, int] = (-1, -1)
        self._matrix: np.ndarray = np.zeros((0, 0))
        self._scale = SCALES[0]
        self._top = 1.0  # the largest weight: 1/(1 − p) for A′ after dropout
        self._placing = False  # set_data is fitting the view to a new shape
        self._hovered = (-1, -1)
        self._selected_row: int | None = None
        self._dropped: np.ndarray | None = None  # True where dropout dropped a weight
        self._mask: np.ndarray | None = None  # False where attention is not allowed
        self._selected_cell: tuple[int, int] | None = None
        # no names nor numbers fitted before the first size it is given (its own resize,
        # its layout's at the first show): fitted to a size it never has, 5 times each
        self._sized = False
        self.setBackground(BACKGROUND)

        self._plot = CellAxes()
        self.addItem(self._plot, row=0, col=0)
        self._view = self._plot.getViewBox()
        self.ci.setContentsMargins(4, 4, 8, 10)
        self._name_sources: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

        self._lut = colours_of(kind)
        self._cells = CellImage(self._view, self.devicePixelRatioF)
        self._image, self._mask_image = self._cells.image, self._cells.mask_image
        self._labels = CellLabels(self._lut, self._cells.colour_values)
        # on the cells' borders, 2 px (and a 1 px halo each side): every cell keeps 2 px of
        # each edge for them, the numbers' gap (7 tokens in 300 px: "−5.0" needs each px)
        self._row_outline = Outline(ROW_OUTLINE, OUTLINE_PX)
        self._cell_outline = Outline(CELL_OUTLINE, OUTLINE_PX)
        for z, item in enumerate(
            (self._image, self._mask_image, self._labels, self._row_outline, self._cell_outline)
        ):
            item.setZValue(z)
            self._plot.addItem(item)
        self._text = HeatmapText(self._plot, self._labels, (self._row_outline, self._cell_outline))

        self._bar = ColourBar(self._lut)
        self._bar.setImageItem(self._image)
        self.addItem(self._bar, row=0, col=1)
        self.set_font_scale(1.0)

        for action in self.scene().contextMenu:  # pyqtgraph's "Export..." (English only):
            action.deleteLater()  # the window's export offers what a figure can do
        self.scene().contextMenu = []
        self.scene().sigMouseClicked.connect(self._on_scene_clicked)
        self.scene().sigMouseMoved.connect(self._on_scene_mouse_moved)
        self._view.sigResized.connect(self._on_view_changed)
        self._view.sigRangeChanged.connect(self._on_view_changed)
        self._view.sigRangeChangedManually.connect(self.zoomed)
        self.set_data(np.zeros((0, 0)), [], [])

    def set_data(
        self,
        matrix: np.ndarray,
        row_names: Sequence[str],
        col_names: Sequence[str],
        mask: np.ndarray | None = None,
        value_range: tuple[float, float] | None = None,
        dropped: np.ndarray | None = None,
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
        value_range : (float, float) or None
            The smallest and largest value of the cells not masked, when the caller knows
            them (the engine does): two passes over the matrix fewer on every edit.
        dropped : np.ndarray or None
            (rows, cols) bool, True where dropout dropped a weight: greyed with no number
            like a masked cell, but cross-hatched, and the tooltip says which.
        """
        # Results are never changed in place: kept, not copied (a pass over 2048² costs ms)
        values = np.asarray(matrix, dtype=np.float64)
        if values.ndim != 2:
            raise ValueError(f"matrix must be 2-D, got shape {values.shape}")
        rows, cols = values.shape
        if (len(row_names), len(col_names)) != values.shape:
            raise ValueError(f"{len(row_names)}×{len(col_names)} names for {values.shape}")
        for name, cells in (("mask", mask), ("dropped", dropped)):
            if cells is not None and np.shape(cells) != values.shape:
                raise ValueError(f"{name} shape {np.shape(cells)} != matrix {values.shape}")
        if values.shape != self._matrix.shape:
            self._bar.fit_width_again()  # a new matrix: its colour bar may narrow again
        self._matrix = values
        known = (0.0, 1.0) if self._kind == "probability" else value_range
        display, shown, low, high = visible_values(values, mask, dropped, known)
        if (rows, cols) != self._shape:  # the whole new matrix, before its image is made
            self._shape = (rows, cols)
            self._placing = True
            self._view.setLimits(xMin=0, xMax=max(cols, 1), yMin=0, yMax=max(rows, 1),
                                 minXRange=1, minYRange=1)  # fmt: skip
            self._view.setRange(xRange=(0, max(cols, 1)), yRange=(0, max(rows, 1)), padding=0)
            # the new transform now, not as the view paints: items that follow it (the
            # labels, the outlines) then asked for a second paint of the whole view
            self._view.updateMatrix()
            self._placing = False
            self._update_outlines()
        self._set_levels(self._levels_for(low, high))
        self._cells.set_cells(display, shown, self._levels_or_unit())
        self._labels.set_cells(display, shown, self._levels_or_unit(), dropped)
        self._measure_numbers()
        self._mask, self._dropped = mask, dropped
        sources = (tuple(row_names), tuple(col_names))
        if sources != self._name_sources:  # not on every edit or frame of the dial
            self._name_sources = sources
            self._text.set_names(row_names, col_names)
        self._update_ticks()

    def _set_levels(self, levels: tuple[float, float]) -> None:
        if levels != self._levels:  # the colour bar's axis is costly to redraw
            self._levels = levels
            self._bar.setLevels(levels)

    def _levels_or_unit(self) -> tuple[float, float]:
        return self._levels if self._levels is not None else (0.0, 1.0)

    def _on_view_changed(self) -> None:
        if self._placing:
            return  # set_data makes the image once the view spans the new matrix
        self._cells.follow_view()
        self._update_ticks()
        self.view_changed.emit()

    def image_steps(self) -> tuple[int, int]:
        """Return every how many rows and columns a cell is coloured (see ``image_part``)."""
        return self._cells.steps()

    def set_image_scale(self, scale: float) -> None:
        """Colour cells for ``scale`` times the view's pixels (an export at 4×).

        ``math.inf`` keeps up to MAX_IMAGE_SIDE per side (vector exports), 1 is the screen.
        """
        self._cells.set_export_scale(scale)

    def hold_levels(self, levels: tuple[float, float] | None) -> None:
        """Colour every next matrix (from ``set_data``) over ``levels``; None: its own again.

        Held while τ plays: one colour keeps one value; beyond them, the end colour.
        """
        self._held = levels

    def _levels_for(self, low: float, high: float) -> tuple[float, float]:
        """Colour levels from the smallest and largest value shown."""
        if self._held is not None:
            return self._held
        if self._kind == "probability":
            return scale_levels(self._scale, self._top)
        # at most ±1e300, so the colour bar's range stays finite (S/τ can reach 1.8e308)
        return symmetric_levels(low, high, MAX_LEVEL)

    def set_weight_scale(self, scale: str, title: str = "", top: float = 1.0) -> None:
        """Colour the weights on ``scale`` (see SCALES) up to ``top``, named ``title`` on the bar.

        The labels and the hover text keep the true weights. Only for a "probability" map.
        """
        if scale not in SCALES:
            raise ValueError(f"scale must be one of {SCALES}, not {scale!r}")
        if self._kind != "probability":
            raise ValueError("only the weights have a choice of colour scale")
        self._bar.set_scale(title, LOG_TICKS if scale == "log" else None)
        if (scale, top) == (self._scale, self._top):
            return
        self._scale, self._top = scale, top
        self._set_levels(scale_levels(scale, top))
        self._measure_numbers()
        self._cells.set_scale(scale, self._levels_or_unit())
        self._labels.set_levels(self._levels_or_unit())

    def set_kind(self, kind: str) -> None:
        """Colour as ``kind`` (see the class) from the next ``set_data`` on: B − A of A."""
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
        if kind != self._kind:
            self._kind, self._lut, self._levels = kind, colours_of(kind), None
            for item in (self._labels, self._bar):
                item.set_lut(self._lut)
            if kind == "diverging":  # the true values, coloured as they are
                self._scale, self._top = SCALES[0], 1.0
                self._cells.set_scale(self._scale, self._levels_or_unit())

    def kind(self) -> str:
        """Return how it colours: one of KINDS."""
        return self._kind

    def weight_scale(self) -> str:
        """Return the colour scale of the weights (always "absolute" for other maps)."""
        return self._scale

    def shown_cells(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """Return (rows, columns) on screen: (first, end) of each, in cells."""
        (x0, x1), (y0, y1) = self._view.viewRange()
        return ((float(y0), float(y1)), (float(x0), float(x1)))

    def show_cells(self, rows: tuple[float, float] | None,
                   cols: tuple[float, float] | None = None) -> None:  # fmt: skip
        """Show the rows (first, end) and columns given, keeping the side given None.

        Never emits ``zoomed``: the owner calls it to follow another heatmap.
        """
        self._view.setRange(xRange=cols, yRange=rows, padding=0)
        self._view.updateMatrix()  # now, not as it paints (see set_data)

    def show_whole(self) -> None:
        """Show the whole matrix again."""
        rows, cols = self._matrix.shape
        self.show_cells((0, max(rows, 1)), (0, max(cols, 1)))

    def is_zoomed(self) -> bool:
        """Return True while only part of the matrix is on screen."""
        rows, cols = self._matrix.shape
        (y0, y1), (x0, x1) = self.shown_cells()
        whole = (0, max(rows, 1), 0, max(cols, 1))
        return not np.allclose((y0, y1, x0, x1), whole, atol=1e-6)

    def _reset_zoom(self) -> None:
        if self.is_zoomed():
            self.show_whole()
            self.zoomed.emit()

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt's name)
        """Home shows the whole matrix again."""
        if event.key() == Qt.Key.Key_Home:
            self._reset_zoom()
            event.accept()
        else:
            super().keyPressEvent(event)

    @property
    def _tick_font(self) -> QFont:  # the names' font at the text size, before the fit
        return self._text.tick_font

    @property
    def _row_names(self) -> list[str]:  # as the left axis writes them (shortened)
        return self._text.row_names

    def tick_steps(self) -> tuple[int, int]:
        """Return the steps between named rows and columns that this view needs."""
        fit = self._text.fit(self.shown_cells())
        return (round_step(fit.rows.step), round_step(fit.columns.step))

    def _measure_numbers(self) -> None:
        """Measure the widest number the colour scale allows, in each count of decimals.

        From the scale, not the values: the numbers keep their size while the dial plays.
        """
        if self._kind == "probability":
            widest = self._top
        else:
            low, high = self._levels_or_unit()
            widest = -max(abs(low), abs(high))
        if self._text.measure_numbers(widest):
            self._update_ticks()

    def name_size(self) -> int:
        """Return the pixel size this view's names need (see ``share_tick_steps``)."""
        fit = self._text.fit(self.shown_cells())
        return fit.rows.px or fit.columns.px

    def column_names_height(self) -> float:
        """Return the px its column names need, in the shared size, before any neighbour's."""
        return self._text.fit(self.shown_cells(), self._text.shared_size, 0.0).top

    def line_up_with(self, top: float, rows_beside: bool) -> None:
        """Start the cells ``top`` px down (a neighbour's); ``rows_beside``: name no rows.

        Two heatmaps side by side with their rows level: the left one's names serve both,
        and the right one's cells have that room (Z's "−1.5" in 7 × 8 at 1280×720).
        """
        if (top, rows_beside) != (self._text.least_top, self._text.rows_beside):
            self._text.least_top, self._text.rows_beside = top, rows_beside
            self._update_ticks()

    def share_tick_steps(self, rows: int, cols: int, size: int = 0) -> None:
        """Name every ``rows``-th row and ``cols``-th column at least, in ``size`` px (0: own).

        Heatmaps beside each other share their steps and size (the owner's choice), so
        that they name the same tokens alike and their cells stand one under the other.
        """
        if self._text.share_steps(rows, cols, size):
            self._update_ticks()

    def _update_ticks(self) -> None:
        if self._sized and hasattr(self, "_text"):
            self._text.write(self.shown_cells())

    def settle(self) -> None:
        """Lay the axes and the cells out now (new names' room), not when Qt gets to it."""
        self._plot.layout.activate()
        self.ci.layout.activate()

    def resizeEvent(self, event: QResizeEvent | None) -> None:  # noqa: N802 (Qt's name)
        """Lay the view out at the new size; from the first size on, fit names and numbers."""
        if event is not None:  # pyqtgraph calls it with None as it builds the view
            self._sized = True
        super().resizeEvent(event)

    def matrix(self) -> np.ndarray:
        """Return a copy of the matrix currently shown, -inf included."""
        shown: np.ndarray = self._matrix.copy()
        return shown

    def set_precision(self, digits: int) -> None:
        """Show ``digits`` decimals in the cell labels (2 by default)."""
        if not 0 <= digits <= 12:
            raise ValueError(f"digits must be in 0..12, not {digits}")
        self._text.set_digits(digits)
        self._measure_numbers()

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
        if row is not None and row in range(rows):
            self._row_outline.set_rect(QRectF(0, row, cols, 1))
        else:
            self._row_outline.set_rect(None)
        if cell is not None and cell[0] in range(rows) and cell[1] in range(cols):
            self._cell_outline.set_rect(QRectF(cell[1], cell[0], 1, 1))
        else:
            self._cell_outline.set_rect(None)
            cell = None

    def set_highlighted(
        self, on: bool, border: str = HIGHLIGHT_BORDER, background: str = HIGHLIGHT_BACKGROUND
    ) -> None:
        """Tint the background and frame the cells, to echo a lit part of the formula.

        The owner passes the step's own colours (its frame and its pale fill).
        """
        self._highlighted = on
        self._highlight_colours = (border, background) if on else None
        self.setBackground(background if on else BACKGROUND)
        self._view.setBorder(pg.mkPen(border, width=3) if on else None)

    def highlight_colours(self) -> tuple[str, str] | None:
        """Return (frame, fill) of the highlight, or None when not highlighted."""
        return self._highlight_colours

    def set_font_scale(self, scale: float) -> None:
        """Scale the names, the cell labels and the colour bar's values (Ctrl+= / Ctrl+-)."""
        self._text.set_font_scale(scale)
        self._bar.fit_width_again()  # larger or smaller values: its own width again
        self._bar.set_style(scaled_font(self._text.base_font, scale), AXIS_COLOUR)
        self._update_ticks()

    def colour_bar(self) -> ColourBar:
        """Return the colour scale beside the cells (its width is aligned by the owner)."""
        return self._bar

    def set_line_width(self, scale: float) -> None:
        """Outlines of the selected row and cell ``scale`` times as thick (the text size)."""
        self._row_outline.set_width(OUTLINE_PX * scale)
        self._cell_outline.set_width(OUTLINE_PX * scale)
        self._update_outlines()
        self._update_ticks()

    def is_highlighted(self) -> bool:
        """Return True while the heatmap is tinted (see ``set_highlighted``)."""
        return self._highlighted

    def label_font_size(self) -> float:
        """Return the pixel size of every cell's number, 0 when they are hidden."""
        return float(self._labels.px) if self._matrix.size else 0.0

    def cells_rect(self) -> QRectF:
        """Return where the cells are drawn, in this widget's coordinates."""
        area = self._view.mapRectToScene(self._view.rect())
        return QRectF(self.mapFromScene(area.topLeft()), self.mapFromScene(area.bottomRight()))

    def levels(self) -> tuple[float, float] | None:
        """Return the values coloured by the first and the last colour of the map."""
        return self._levels

    def colour_table(self) -> np.ndarray:
        """Return the map's 256 colours, (256, 3) RGB from the lowest level to the highest."""
        table: np.ndarray = self._lut.copy()
        return table

    def _cell_at(self, scene_pos: QPointF) -> tuple[int, int]:
        # from the view's geometry, not mapSceneToView: the view's transform updates lazily
        area = self._view.mapRectToScene(self._view.rect())
        return cell_under(scene_pos, area, self.shown_cells(), self._matrix.shape)

    def _on_scene_clicked(self, event: MouseClickEvent) -> None:
        if event.double():  # its first click has selected the cell already
            self._reset_zoom()
            return
        row, col = self._cell_at(event.scenePos())
        if event.button() == Qt.MouseButton.LeftButton and row >= 0:
            self.cell_clicked.emit(row, col)

    def _on_scene_mouse_moved(self, scene_pos: QPointF) -> None:
        self._set_hovered(self._cell_at(scene_pos))

    def _set_hovered(self, cell: tuple[int, int]) -> None:
        if cell != self._hovered:
            self._hovered = cell
            self.setToolTip(self.cell_text(*cell))  # readable even when labels are hidden
            self.cell_hovered.emit(*cell)

    def cell_text(self, row: int, col: int) -> str:
        """Return "[row token, column token] = value" of a cell, "" outside the matrix."""
        return cell_words(self._matrix, self._name_sources, row, col, self._mask, self._dropped)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """Forget the hovered cell when the mouse leaves (cell_hovered sends (-1, -1))."""
        super().leaveEvent(event)
        self._set_hovered((-1, -1))
