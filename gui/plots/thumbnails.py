"""Small pictures of large matrices: each block of cells shown by its largest value.

A head grid shows up to 16 matrices of up to 2048 × 2048 cells; drawn as QImages of at
most ``most`` × ``most`` pixels in one paint, they cost a few milliseconds, where 16
heatmaps would each cost a view's repaint.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtGui import QImage

from gui.plots.colour_bar import colours_of

#: viridis, as the heatmap of A uses it
PROBABILITY_LUT = colours_of("probability")  # read once, shared with the heatmaps


def _rows_max(matrix: np.ndarray, step: int) -> np.ndarray:
    """Return the largest value of each ``step`` rows (the last block may be shorter)."""
    rows = matrix.shape[0]
    whole = rows // step * step
    blocks: np.ndarray = matrix[:whole].reshape(rows // step, step, -1).max(axis=1)  # fast
    if whole == rows:
        return blocks
    return np.vstack([blocks, matrix[whole:].max(axis=0, keepdims=True)])


def shrunk(matrix: np.ndarray, most: int) -> np.ndarray:
    """Return ``matrix`` with at most ``most`` rows and columns, each block its largest value.

    The largest, not the mean: a weight that stands out in a 512-token row stays visible.
    Rows first, on the contiguous matrix, then the columns of the few rows left: 0.2 ms for
    512 × 512, where np.maximum.reduceat took 1.4 ms, 16 times over for a head grid.
    """
    rows, cols = matrix.shape
    step_r, step_c = -(-rows // most), -(-cols // most)  # ceil: blocks of step × step cells
    if step_r == 1 and step_c == 1:
        return matrix
    small = _rows_max(matrix, step_r) if step_r > 1 else matrix
    result: np.ndarray = _rows_max(np.ascontiguousarray(small.T), step_c).T if step_c > 1 else small
    return result


def thumbnail(matrix: np.ndarray, high: float, most: int = 96,
              lut: np.ndarray = PROBABILITY_LUT) -> QImage:  # fmt: skip
    """Return ``matrix`` coloured from 0 (the LUT's first colour) to ``high`` (its last).

    Parameters
    ----------
    matrix : (rows, cols) array
        Values from 0 up; NaN (a cell not shown) is drawn as 0.
    high : float
        The value of the top colour (> 0), the same for every thumbnail of one scale.
    most : int, optional
        The most pixels on each side.
    lut : (n, 3) uint8 array, optional
        The colours, low to high.
    """
    small = np.nan_to_num(shrunk(matrix, most), nan=0.0, neginf=0.0)
    index = np.clip(small / max(high, 1e-300) * (len(lut) - 1), 0, len(lut) - 1).astype(np.intp)
    rgb = np.ascontiguousarray(lut[index], dtype=np.uint8)  # (rows, cols, 3)
    height, width = rgb.shape[:2]
    image = QImage(rgb.data, width, height, 3 * width, QImage.Format.Format_RGB888)
    return image.copy()  # its own pixels: rgb goes when this function returns
