"""Which cell of a heatmap is under the mouse, and that cell in words (its tooltip).

Plain functions of the heatmap's numbers and geometry: the heatmap owns the view, the
matrix and the signals, and asks these for the arithmetic and the text.
"""

from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QCoreApplication, QPointF, QRectF

from gui.plots.heatmap_text import Shown


def cell_under(
    point: QPointF, area: QRectF, shown: Shown, shape: tuple[int, int]
) -> tuple[int, int]:
    """Return (row, column) of the cell at ``point``, (-1, -1) outside the cells.

    ``area`` is where the ``shown`` cells are drawn, in the same coordinates as ``point``.
    """
    rows, cols = shape
    if rows == 0 or cols == 0 or not area.contains(point):
        return (-1, -1)
    (y0, y1), (x0, x1) = shown
    col = math.floor(x0 + (point.x() - area.left()) / area.width() * (x1 - x0))
    row = math.floor(y0 + (point.y() - area.top()) / area.height() * (y1 - y0))
    return (min(max(row, 0), rows - 1), min(max(col, 0), cols - 1))


def cell_words(
    matrix: np.ndarray,
    names: tuple[tuple[str, ...], tuple[str, ...]],
    row: int,
    col: int,
    mask: np.ndarray | None = None,
    dropped: np.ndarray | None = None,
) -> str:
    """Return "[row token, column token] = value" of a cell, "" outside the matrix.

    The names in full and the true value, whatever the size and the colour scale; a
    dropped or masked cell says so (in the heatmap's words, translated).
    """
    rows, cols = matrix.shape
    if not (0 <= row < rows and 0 <= col < cols):
        return ""
    value = float(matrix[row, col])
    shown = "−∞" if value == -np.inf else f"{value:.4g}"
    if dropped is not None and dropped[row, col]:
        text = QCoreApplication.translate("Heatmap", "{0} (dropped by dropout; crossed hatch)")
        shown = text.format(shown)
    elif mask is not None and not mask[row, col]:
        shown = QCoreApplication.translate("Heatmap", "{0} (masked; slanting hatch)").format(shown)
    return f"[{names[0][row]}, {names[1][col]}] = {shown}"


__all__ = ["cell_under", "cell_words"]
