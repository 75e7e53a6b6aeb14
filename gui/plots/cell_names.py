"""How a heatmap's rows and columns are named: in what size, and how the columns are written.

Every row and column is named whenever there is a reasonable way to do it: in the largest
type that fits (down to a legible least size), the names whole, else the long column names
cut short ("[CL…"), else the column names turned upright; only then every n-th name.
A new-user trial at 1280×720 saw a six-token sentence named "cat" above the columns and
[CLS], cat, fish beside the rows: a row had 20 px, the names' type needed 24.

The choice is made from the room of the cells and their axes together, which a new type
does not change (the axes take from the cells what they need): the names never flip
between two sizes as the axes and the cells share their room anew.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np
from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF

from gui.plots.cell_ticks import column_names, names_fit_side_by_side, tick_step

LEAST_NAME_PX = 10  # below this a class cannot read a name (scaled with the text size)
MEASURED_PX = 100  # names are measured once in this size, then scaled
TEXT_OFFSETS = (5.0, 2.0)  # pyqtgraph's room between an axis's text and its line (x, y)


@dataclass(frozen=True)
class NameFit:
    """How the names are written: their size, steps, and each shown column's text."""

    px: int  # the names' pixel size
    steps: tuple[int, int]  # every how many rows and columns a name is written
    columns: tuple[str, ...] | None  # each shown column's text, when every one is named
    upright: bool  # the column names turned a quarter, reading upwards
    height: float = 0.0  # the top axis's height for upright names


def measure(names: Sequence[str], font: QFont) -> np.ndarray:
    """Return each name's width in ``font`` at MEASURED_PX pixels (to be scaled)."""
    sized = QFont(font)
    sized.setPixelSize(MEASURED_PX)
    metrics = QFontMetricsF(sized)
    return np.array([metrics.horizontalAdvance(name) for name in names], dtype=float)


def sized(font: QFont, px: int) -> QFont:
    """Return ``font`` at ``px`` pixels."""
    copy = QFont(font)
    copy.setPixelSize(px)
    return copy


class NameRoom:
    """Fits the names of one heatmap to its room (see the module's docstring)."""

    def __init__(self) -> None:
        self.row_widths = np.zeros(0)  # at MEASURED_PX
        self.column_widths = np.zeros(0)
        self._fits: dict[tuple[object, ...], NameFit] = {}  # a view's own, and the shared

    def measure(self, rows: Sequence[str], columns: Sequence[str], font: QFont) -> None:
        """Measure the names afresh (new names, or a new family)."""
        self.row_widths, self.column_widths = measure(rows, font), measure(columns, font)
        self._fits.clear()

    def fit(self, columns: Sequence[str], shown: tuple[tuple[float, float], ...],
            room: tuple[float, float], font: QFont, least_px: int) -> NameFit:  # fmt: skip
        """Return how to write the names of the ``shown`` (rows, columns).

        ``room`` is (width, height) of the cells and their left and top axes together;
        ``font`` the names' largest type, ``least_px`` their smallest.
        """
        key = (tuple(columns), shown, room, font.toString(), least_px)
        if key not in self._fits:
            if len(self._fits) > 8:  # other rooms, zooms: only the latest are asked again
                self._fits.clear()
            self._fits[key] = self._fitted(columns, shown, room, font, least_px)
        return self._fits[key]

    def _fitted(self, columns: Sequence[str], shown: tuple[tuple[float, float], ...],
                room: tuple[float, float], font: QFont, least_px: int) -> NameFit:  # fmt: skip
        (y0, y1), (x0, x1) = shown
        rows, cols = max(y1 - y0, 1e-9), max(x1 - x0, 1e-9)
        first, last = max(math.floor(x0), 0), math.ceil(x1)
        largest = max(QFontInfo(font).pixelSize(), 1)
        sizes = range(largest, min(least_px, largest) - 1, -1)
        names = list(columns[first:last])
        thinned = self._thinned(sizes, (rows, cols), room, font)
        # rows too many to name each (16 tokens at 1280×720): every n-th row, and still
        # every column where one way fits, in the largest size keeping the rows' n
        for row_step in sorted({1, thinned.steps[0]}):
            for px in sizes:  # the largest size first, then the plainest way in it
                for way in ("whole", "cut", "upright"):
                    fit = self._try(way, px, names, (rows / row_step, cols), (first, last),
                                    room, font)  # fmt: skip
                    if fit is not None:
                        return replace(fit, steps=(row_step, 1))
        return thinned

    def _row_room(self, px: int) -> float:
        widest = float(self.row_widths.max(initial=0.0)) * px / MEASURED_PX
        return math.ceil(widest) + 1 + TEXT_OFFSETS[0]

    def _try(self, way: str, px: int, names: list[str], cells: tuple[float, float],
             span: tuple[int, int], room: tuple[float, float], font: QFont
             ) -> NameFit | None:  # fmt: skip
        metrics = QFontMetricsF(sized(font, px))
        line = metrics.height()
        widths = self.column_widths[span[0] : span[1]] * px / MEASURED_PX + 1
        cell_width = (room[0] - self._row_room(px)) / cells[1]
        if way == "upright":
            top = float(widths.max(initial=0.0)) + TEXT_OFFSETS[1] + 2
        else:
            top = math.ceil(line) + TEXT_OFFSETS[1]
        if line > (room[1] - top) / cells[0] or not names:
            return None
        if way == "whole":
            gap = max(4.0, metrics.averageCharWidth() / 2)
            if not names_fit_side_by_side(widths, cell_width, gap) and len(names) > 1:
                return None
            if len(names) == 1 and widths[0] > cell_width:
                return None
            return NameFit(px, (1, 1), tuple(names), False)
        if way == "cut":
            written = column_names(names, widths, (0, len(names)), cell_width * len(names),
                                   sized(font, px))  # fmt: skip
            return None if written is None else NameFit(px, (1, 1), tuple(written), False)
        if line > cell_width:  # upright names side by side, a line apart
            return None
        return NameFit(px, (1, 1), tuple(names), True, top)

    def _thinned(self, sizes: range, cells: tuple[float, float], room: tuple[float, float],
                 font: QFont) -> NameFit:  # fmt: skip
        """Every n-th name: the least n at the least size, in the largest size keeping it."""

        def steps(px: int) -> tuple[int, int]:
            metrics = QFontMetricsF(sized(font, px))
            widest = float(self.column_widths.max(initial=0.0)) * px / MEASURED_PX
            width = room[0] - self._row_room(px)
            height = room[1] - math.ceil(metrics.height()) - TEXT_OFFSETS[1]
            return (tick_step(cells[0], metrics.height(), height),
                    tick_step(cells[1], widest + metrics.averageCharWidth(), width))  # fmt: skip

        least = steps(sizes[-1])
        chosen = next(px for px in sizes if steps(px) == least)
        return NameFit(chosen, least, None, False)
