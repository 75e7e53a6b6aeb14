"""A heatmap's coloured cells, on the colour scale chosen.

The image of the part of the matrix in view, and the grey of its masked cells.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF

from gui.plots.weight_scales import SCALES, coloured, row_largest

MASK_FILL = (189, 189, 189, 255)
MAX_IMAGE_SIDE = 1024  # image pixels per side; more than any screen gives a heatmap
MIN_LAID_OUT = 16  # a view narrower than this (in pixels) has not been laid out yet
Part = tuple[int, int, int]  # (first, end, step) of the rows or the columns coloured


def visible_values(values: np.ndarray, mask: np.ndarray | None, dropped: np.ndarray | None,
                   known: tuple[float, float] | None
                   ) -> tuple[np.ndarray, np.ndarray | None, float, float]:  # fmt: skip
    """Return (display, shown, low, high): the cells to colour and their extremes.

    ``shown`` (None: every cell) is False where a cell is masked, dropped or not finite;
    ``display`` has 0 there (-inf would break the image's levels and rendering). ``known``
    are the extremes of the cells shown, when the caller knows them (the engine does): two
    passes over the matrix fewer on every edit.
    """
    if dropped is not None:
        dropped = np.asarray(dropped, bool)
        mask = ~dropped if mask is None else np.asarray(mask, bool) & ~dropped
    every_cell = mask is None or bool(np.all(mask))
    if known is not None:  # the caller vouches that the cells shown are finite
        low, high = known
    else:
        low, high = (float(values.min()), float(values.max())) if values.size else (0, 0)
        # finite extremes (NaN propagates to them) mean every value is finite
        every_cell = every_cell and math.isfinite(low) and math.isfinite(high)
    display, shown = values, None
    if not every_cell:
        shown = (
            np.isfinite(values) if mask is None else np.asarray(mask, bool) & np.isfinite(values)
        )
        display = np.where(shown, values, 0.0)
        if known is None:
            visible = values[shown]
            low, high = (float(visible.min()), float(visible.max())) if visible.size else (0, 0)
    if not low <= high:  # no cell shown
        low, high = 0.0, 0.0
    return display, shown, low, high


def image_part(count: int, shown: tuple[float, float], pixels: float, scale: float) -> Part:
    """Return (first, end, step): the cells along one side that the image colours.

    Where cells are smaller than a screen pixel, drawing keeps only some of them anyway;
    keeping every n-th row and column first, about as many as the view has pixels (never
    more than MAX_IMAGE_SIDE), saves colouring cells nobody sees: at 512 tokens in a
    170-pixel view, 29K instead of 262K on every edit and dial frame. Zoomed in, only the
    cells on screen and as many again on each side are coloured (so that a pan redraws
    the image only once it has moved that far), each kept cell standing for ``step``.
    ``pixels`` below MIN_LAID_OUT means a view not laid out yet; ``scale`` is device
    pixels per pixel times an export's scale, ∞ to keep up to MAX_IMAGE_SIDE cells.
    """
    low, high = max(0, math.floor(shown[0])), min(count, math.ceil(shown[1]))
    on_screen = max(high - low, 1)
    first, end = (0, count) if on_screen >= count else (max(0, low - on_screen),
                                                        min(count, high + on_screen))  # fmt: skip
    step = max(1, -(-(end - first) // MAX_IMAGE_SIDE))
    if pixels >= MIN_LAID_OUT and math.isfinite(scale):
        step = max(step, int(on_screen // (pixels * scale)))
    return (first // step * step, end, step)


class CellImage:
    """The image and the mask's overlay of a heatmap's ``view``, kept to the part in view.

    ``device_ratio`` gives the device pixels per pixel of the widget that shows them.
    """

    def __init__(self, view: pg.ViewBox, device_ratio: Callable[[], float]) -> None:
        self.image = pg.ImageItem(axisOrder="row-major")
        self.mask_image = pg.ImageItem(axisOrder="row-major")
        self._view = view
        self._device_ratio = device_ratio
        self._display = np.zeros((0, 0))  # the values coloured: masked cells set to 0
        self._shown: np.ndarray | None = None  # cells that are neither masked nor −inf
        self._levels = (0.0, 1.0)
        self._scale = SCALES[0]
        self._largest: np.ndarray | None = None  # each row's largest weight, "row" scale
        self._parts: tuple[Part, Part] = ((0, 0, 1), (0, 0, 1))
        self._export_scale = 1.0

    def set_cells(self, display: np.ndarray, shown: np.ndarray | None,
                  levels: tuple[float, float]) -> None:  # fmt: skip
        """Colour ``display`` over ``levels``; cells not ``shown`` (None: all are) are grey."""
        self._display, self._shown, self._levels = display, shown, levels
        self._largest = row_largest(display) if self._scale == "row" else None
        self._parts = self._wanted_parts()
        self._show()

    def set_scale(self, scale: str, levels: tuple[float, float]) -> None:
        """Colour the weights on ``scale`` (one of SCALES), over ``levels``."""
        self._scale, self._levels = scale, levels
        self._largest = row_largest(self._display) if scale == "row" else None
        self._show()

    def colour_values(self, values: np.ndarray, rows: np.ndarray | slice) -> np.ndarray:
        """Return weights as the values of their colours on the scale (``rows``: theirs)."""
        largest = None if self._largest is None else self._largest[rows]
        if largest is not None and isinstance(rows, slice):
            largest = largest[:, None]
        return coloured(values, self._scale, largest)

    def steps(self) -> tuple[int, int]:
        """Return every how many rows and columns a cell is coloured (see ``image_part``)."""
        return (self._parts[0][2], self._parts[1][2])

    def set_export_scale(self, scale: float) -> None:
        """Colour cells for ``scale`` times the view's pixels (∞: up to MAX_IMAGE_SIDE)."""
        self._export_scale = scale
        self.follow_view()

    def follow_view(self) -> None:
        """Colour the cells the view shows now, unless the image has them already."""
        parts = self._wanted_parts()
        if parts == self._parts:
            return
        (x0, x1), (y0, y1) = self._view.viewRange()
        covered = all(
            part[2] == old[2] and old[0] <= max(0, math.floor(low))
            and min(count, math.ceil(high)) <= old[1]
            for part, old, (low, high), count in zip(
                parts, self._parts, ((y0, y1), (x0, x1)), self._display.shape, strict=True)
        )  # fmt: skip
        if not covered:  # a pan within the cells coloured redraws nothing
            self._parts = parts
            self._show()

    def _wanted_parts(self) -> tuple[Part, Part]:
        rows, cols = self._display.shape
        (x0, x1), (y0, y1) = self._view.viewRange()
        scale = self._export_scale * self._device_ratio()
        return (image_part(rows, (y0, y1), self._view.height(), scale),
                image_part(cols, (x0, x1), self._view.width(), scale))  # fmt: skip

    def _show(self) -> None:
        (r0, r1, step_r), (c0, c1, step_c) = self._parts
        # each kept cell is drawn over the `step` cells from it on; the last ones stick out
        # past the matrix, where the view clips them
        rect = QRectF(c0, r0, -(-(c1 - c0) // step_c) * step_c, -(-(r1 - r0) // step_r) * step_r)
        rows, cols = slice(r0, r1, step_r), slice(c0, c1, step_c)
        if self._display.size:
            part = self._display[rows, cols]
            if self._scale != SCALES[0]:
                part = self.colour_values(part, rows)
            self.image.setImage(part, autoLevels=False, levels=self._levels, rect=rect)
        else:
            self.image.clear()
        if self._shown is not None:
            hidden = ~self._shown[rows, cols]
            overlay = np.zeros((*hidden.shape, 4), dtype=np.uint8)
            overlay[hidden] = MASK_FILL
            self.mask_image.setImage(overlay, autoLevels=False, rect=rect)
            self.mask_image.show()
        else:
            self.mask_image.hide()
