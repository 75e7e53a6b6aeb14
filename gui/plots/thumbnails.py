"""Small pictures of large matrices: each block of cells shown by its largest value.

A head grid shows up to 16 matrices of up to 2048 × 2048 cells; drawn as QImages of at
most ``most`` × ``most`` pixels in one paint, they cost a few milliseconds, where 16
heatmaps would each cost a view's repaint.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from PySide6.QtGui import QImage

#: viridis, as the heatmap of A uses it
PROBABILITY_LUT = pg.colormap.get("viridis").getLookupTable(nPts=256, alpha=False)


def shrunk(matrix: np.ndarray, most: int) -> np.ndarray:
    """Return ``matrix`` with at most ``most`` rows and columns, each block its largest value.

    The largest, not the mean: a weight that stands out in a 512-token row stays visible.
    """
    rows, cols = matrix.shape
    step_r, step_c = -(-rows // most), -(-cols // most)  # ceil: blocks of step × step cells
    if step_r == 1 and step_c == 1:
        return matrix
    padded = np.full((-(-rows // step_r) * step_r, -(-cols // step_c) * step_c), -np.inf)
    padded[:rows, :cols] = matrix
    blocks = padded.reshape(padded.shape[0] // step_r, step_r, padded.shape[1] // step_c, step_c)
    result: np.ndarray = blocks.max(axis=(1, 3))
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
