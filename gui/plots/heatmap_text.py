"""What a heatmap writes: the token names on its axes and the number in each cell.

Both are fitted to the room by ``text_fit.fit_cells`` (which names, at what size, cut or
upright; how many decimals at what size) and follow the text size (Ctrl+= / Ctrl+-). The
heatmap owns the view and the levels; this owns the texts and their measures.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF, QGuiApplication

from gui.plots.cell_axes import CellAxes
from gui.plots.cell_labels import (
    COMFORTABLE_LABEL_PX,
    LEAST_LABEL_PX,
    MAX_LABEL_PX,
    CellLabels,
    Outline,
    format_label,
)
from gui.plots.text_fit import AXIS_PAD, REFERENCE_PX, CellsFit, Names, fit_cells, round_step
from gui.plots.text_scale import scaled_font, sized, widths

AXIS_COLOUR = "#333333"
TICK_FONT_SCALE = 1.3
LEAST_NAME_PX = 10  # below this a class cannot read a name (grows with the text size)
NAME_CHARS = 12  # longer token names are shortened on the axes

#: The cells on screen: ((first row, end row), (first column, end column)), in cells.
Shown = tuple[tuple[float, float], tuple[float, float]]


def elide(name: str) -> str:
    """Return a token name short enough for an axis label (at most NAME_CHARS characters)."""
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


class HeatmapText:
    """The names on a heatmap's axes and the numbers in its cells, fitted to the room.

    Parameters
    ----------
    plot : CellAxes
        The heatmap's axes, which write the names.
    labels : CellLabels
        The heatmap's cell labels, which write the numbers.
    outlines : sequence of Outline
        The selection's outlines: every cell keeps their room clear of its number.
    """

    def __init__(self, plot: CellAxes, labels: CellLabels, outlines: Sequence[Outline]) -> None:
        self._plot, self._labels, self._outlines = plot, labels, tuple(outlines)
        # the app font carries the CJK glyphs; larger, so a classroom can read the tokens
        self.base_font = QFont(QGuiApplication.font())
        self.tick_font = QFont(self.base_font)
        self.font_scale = 1.0
        self.row_names: list[str] = []
        self.col_names: list[str] = []
        self._widths: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())  # the names'
        self._numbers: tuple[tuple[int, float], ...] = ()  # (decimals, widest's width)
        self._digits = 2
        self._written: tuple[object, ...] = ()  # what the names were last written for
        self._shared_steps = (1, 1, 0)  # the owner's least steps and largest name size
        # the owner's: the rows are named by the heatmap beside (not here), level with it
        self.rows_beside = False
        self.least_top = 0.0  # px of column names at least: the neighbour's, rows level

    def set_names(self, row_names: Sequence[str], col_names: Sequence[str]) -> None:
        """Name the rows and the columns (shortened, see ``elide``), measured if new."""
        names = ([elide(name) for name in row_names], [elide(name) for name in col_names])
        if names != (self.row_names, self.col_names):
            self.row_names, self.col_names = names
            self._measure_names()

    def set_font_scale(self, scale: float) -> None:
        """Write the names ``scale`` times their normal size (the numbers follow the fit)."""
        self.font_scale = scale
        self.tick_font = scaled_font(self.base_font, TICK_FONT_SCALE * scale)
        self._plot.set_name_font(self.tick_font, AXIS_COLOUR)
        self._measure_names()

    def set_digits(self, digits: int) -> None:
        """Write ``digits`` decimals at most (measured again by ``measure_numbers``)."""
        self._digits = digits
        self._numbers = ()

    def _measure_names(self) -> None:
        self._widths = (widths(self.row_names, self.tick_font),
                        widths(self.col_names, self.tick_font))  # fmt: skip

    def measure_numbers(self, widest: float) -> bool:
        """Measure ``widest`` in each count of decimals; return True if the widths changed."""
        # fewer decimals only while the largest value keeps two digits: Z of ±0.3 in whole
        # numbers read "0" in every cell (better no numbers, and the hover)
        magnitude = abs(widest)
        least = 0 if magnitude == 0 else max(0, 1 - math.floor(math.log10(magnitude)))
        counts = range(self._digits, min(least, self._digits) - 1, -1)
        font = QFont(QGuiApplication.font())
        numbers = tuple(zip(counts, widths([format_label(widest, d) for d in counts], font),
                            strict=True))  # fmt: skip
        if numbers == self._numbers:
            return False
        self._numbers = numbers
        return True

    def fit(self, shown: Shown, size: int = 0, least_top: float | None = None) -> CellsFit:
        """Fit names and numbers to the ``shown`` cells' room (names in ``size`` px; 0: own).

        The column names take ``least_top`` px at least (the owner's ``least_top`` if None).
        """
        (y0, y1), (x0, x1) = shown
        first_row, first_col = max(math.floor(y0), 0), max(math.floor(x0), 0)
        rows = slice(first_row, first_row if self.rows_beside else math.ceil(y1))
        cols = slice(first_col, math.ceil(x1))
        room = (float(self._plot.width()), float(self._plot.height()))
        largest = QFontInfo(self.tick_font).pixelSize()
        least = round(LEAST_NAME_PX * max(self.font_scale, 1.0) ** 0.5)
        names = (size, size) if size else (min(least, largest), largest)
        scale = max(self.font_scale, 1.0)
        numbers = (LEAST_LABEL_PX, round(COMFORTABLE_LABEL_PX * scale ** 0.5),
                   round(MAX_LABEL_PX * self.font_scale))  # fmt: skip
        metrics = QFontMetricsF(sized(self.tick_font, REFERENCE_PX))
        digits = QFontMetricsF(sized(QGuiApplication.font(), REFERENCE_PX))
        ink = digits.tightBoundingRect("0123456789-.").height() + 2  # antialiasing's rim
        margin = max(outline.clear_px() for outline in self._outlines)
        return fit_cells(
            room,
            Names(self._widths[0][rows], tuple(self.row_names[rows]), y1 - y0),
            Names(self._widths[1][cols], tuple(self.col_names[cols]), x1 - x0),
            self._numbers or ((self._digits, 0.0),),
            names,
            numbers,
            (metrics.height() / REFERENCE_PX, ink / REFERENCE_PX),
            margin,
            self.least_top if least_top is None else least_top,
        )

    def share_steps(self, rows: int, cols: int, size: int) -> bool:
        """Name every ``rows``-th row and ``cols``-th column at least, in ``size`` px (0: own).

        Return True if that changed (the names are then to be written again).
        """
        if (rows, cols, size) == self._shared_steps:
            return False
        self._shared_steps = (rows, cols, size)
        return True

    @property
    def shared_size(self) -> int:
        """Return the names' size the owner shares (0: this heatmap's own)."""
        return self._shared_steps[2]

    def write(self, shown: Shown) -> None:
        """Write the numbers' style and the names of the ``shown`` cells, as fitted."""
        rows, cols, size = self._shared_steps
        fit = self.fit(shown, size)
        self._labels.set_style(fit.numbers.px, fit.digits)
        steps = (max(round_step(fit.rows.step), rows), max(round_step(fit.columns.step), cols))
        (y0, y1), (x0, x1) = shown
        cells = (math.floor(y0), math.ceil(y1), math.floor(x0), math.ceil(x1))
        # the owner's steps and the cells too, not the fit alone: a zoom shares its steps in
        # two turns, the second with the same fit (every row then, not every 50th)
        if (fit, steps, cells) == self._written:
            return
        self._written = (fit, steps, cells)
        px = fit.rows.px or fit.columns.px or QFontInfo(self.tick_font).pixelSize()
        font = sized(self.tick_font, px)
        if font != self._plot.getAxis("top").style["tickFont"]:
            self._plot.set_name_font(font, AXIS_COLOUR)
        self._plot.set_axes_room(fit.left, fit.top)
        whole = steps[1] == 1 and fit.columns.complete
        self._plot.write_names(
            () if self.rows_beside else self.row_names,
            self.col_names,
            shown,
            steps,
            fit.columns.texts if whole else None,
            fit.top - AXIS_PAD[1] if fit.columns.way == "across" and whole else 0,
        )


__all__ = ["AXIS_COLOUR", "LEAST_NAME_PX", "NAME_CHARS", "HeatmapText", "Shown", "elide"]
