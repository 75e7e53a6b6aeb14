"""Central finite differences, the reference every analytic gradient is checked against."""

from __future__ import annotations

import numpy as np

#: Central differences: error O(h²) from the step, O(ε·L/h) from rounding, both ~1e-10 here.
STEP = 1e-5
#: The worst relative error seen, ‖numeric − analytic‖∞ / ‖analytic‖∞, for the report.
WORST: dict[str, float] = {}


def numeric_gradient(loss, matrix: np.ndarray) -> np.ndarray:
    """∂loss/∂matrix by central differences, one entry at a time (``matrix`` is restored)."""
    gradient = np.zeros_like(matrix)
    for index in np.ndindex(matrix.shape):
        kept = matrix[index]
        matrix[index] = kept + STEP
        up = loss()
        matrix[index] = kept - STEP
        down = loss()
        matrix[index] = kept
        gradient[index] = (up - down) / (2 * STEP)
    return gradient


def assert_matches(analytic: np.ndarray, numeric: np.ndarray, name: str, rtol=1e-6) -> None:
    scale = max(float(np.abs(analytic).max()), float(np.abs(numeric).max()), 1e-12)
    error = float(np.abs(analytic - numeric).max()) / scale
    WORST[name] = max(WORST.get(name, 0.0), error)
    assert error <= rtol, f"{name}: relative error {error:.2e}"
