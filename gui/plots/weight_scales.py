"""The colour scales of the weights A: the weights as they are, by row, or on a log scale.

At 512 tokens a typical weight is about 1/512, and on the 0–1 scale the whole matrix is
the map's darkest colour. Divided by its row's largest weight, every row spans the whole
map; on a log scale, 0.0001 and 0.001 are as far apart as 0.1 and 1. The numbers (labels,
hover text) stay the true weights: only the colours follow the scale.
"""

from __future__ import annotations

import numpy as np

#: The scales, as gui.model.view_settings.WEIGHT_SCALES names them (plot items know no
#: model: a test checks that the two agree).
SCALES = ("absolute", "row", "log")
LOG_FLOOR_EXPONENT = -4  # weights below 10⁻⁴ get the lowest colour of the log scale
LOG_TICKS = [(float(e), f"{10.0**e:.{max(-e, 0)}f}") for e in range(LOG_FLOOR_EXPONENT, 1)]


def scale_levels(scale: str, top: float = 1.0) -> tuple[float, float]:
    """Return the values of the lowest and the highest colour on ``scale``.

    ``top`` is the largest weight there can be: 1 for A, 1/(1 − p) for A′ after dropout
    (its kept cells are divided by 1 − p: at p = 0.5 a 1.00 becomes 2.00). The row scale
    divides by each row's largest and stays 0 to 1.
    """
    if scale == "log":
        return (float(LOG_FLOOR_EXPONENT), float(np.log10(top)))
    return (0.0, 1.0) if scale == "row" else (0.0, float(top))


def row_largest(weights: np.ndarray) -> np.ndarray:
    """Return each row's largest weight (masked cells hold 0), 1 for a row of zeros.

    (rows,): one pass over the matrix, made once per new matrix, never per frame.
    """
    largest: np.ndarray = weights.max(axis=1, initial=0.0) if weights.size else np.ones(0)
    largest[largest <= 0] = 1.0
    return largest


def coloured(weights: np.ndarray, scale: str, largest: np.ndarray | None) -> np.ndarray:
    """Return ``weights`` (a block of rows) as the values their colours stand for on ``scale``.

    ``largest`` holds the largest weight of the row of each weight (``row_largest``, as
    (rows, 1) for a block); it is used only on the "row" scale.
    """
    if scale == "row" and largest is not None:
        by_row: np.ndarray = weights / largest
        return by_row
    if scale == "log":
        logs: np.ndarray = np.log10(np.maximum(weights, 10.0**LOG_FLOOR_EXPONENT))
        return logs
    return weights
