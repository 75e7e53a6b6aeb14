"""Shape and value checks shared by the engine's public functions.

Every message names the argument and says what was expected, in words a student
understands, because these errors reach the app's status bar and notebooks alike.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from .vocabulary import MIN_TEMPERATURE

Matrix = NDArray[np.float64]


def as_matrix(value: ArrayLike, name: str) -> Matrix:
    """Return ``value`` as a finite, non-empty 2-D float64 array, or raise ValueError."""
    try:
        array = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{name} must be a matrix of numbers ({error})") from None
    if array.ndim != 2:
        raise ValueError(
            f"{name} must be a 2-D matrix (rows = tokens, columns = dimensions), "
            f"but it has {array.ndim} dimension(s)"
        )
    if array.shape[0] == 0 or array.shape[1] == 0:
        raise ValueError(f"{name} is empty (shape {array.shape[0]}×{array.shape[1]})")
    if not np.isfinite(array).all():
        row, col = np.argwhere(~np.isfinite(array))[0]
        raise ValueError(
            f"{name}[{row}, {col}] is {array[row, col]}: every value must be a finite number"
        )
    return array


def check_temperature(temperature: float) -> float:
    """Return ``temperature`` as a float if it is a finite number ≥ MIN_TEMPERATURE."""
    if isinstance(temperature, bool):
        raise ValueError(f"temperature must be a number, not {temperature!r}")
    try:
        tau = float(temperature)
    except (TypeError, ValueError):
        raise ValueError(f"temperature must be a number, not {temperature!r}") from None
    if not math.isfinite(tau) or tau <= 0.0:
        raise ValueError(f"temperature must be a positive finite number, not {tau}")
    if tau < MIN_TEMPERATURE:
        raise ValueError(f"temperature must be at least {MIN_TEMPERATURE:g}, not {tau:g}")
    return tau
