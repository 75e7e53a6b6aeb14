"""Shape and value checks shared by the engine's public functions.

Every message names the argument and says what was expected, in words a student
understands, because these errors reach the app's status bar and notebooks alike.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..messages import InputError, Message
from ..vocabulary import MIN_TEMPERATURE

Matrix = NDArray[np.float64]


def as_matrix(value: ArrayLike, name: str | Message) -> Matrix:
    """Return ``value`` as a finite, non-empty 2-D float64 array, or raise InputError."""
    try:
        array = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError) as error:
        raise InputError(
            Message("{matrix} must be a matrix of numbers ({reason})", matrix=name, reason=error)
        ) from None
    if array.ndim != 2:
        raise InputError(
            Message(
                "{matrix} must be a 2-D matrix (rows = tokens, columns = dimensions), "
                "but it has {ndim} dimension(s)",
                matrix=name,
                ndim=array.ndim,
            )
        )
    if array.shape[0] == 0 or array.shape[1] == 0:
        raise InputError(
            Message(
                "{matrix} is empty (shape {rows}×{cols})",
                matrix=name,
                rows=array.shape[0],
                cols=array.shape[1],
            )
        )
    if not np.isfinite(array).all():
        row, col = np.argwhere(~np.isfinite(array))[0]
        raise InputError(
            Message(
                "{matrix}[{row}, {col}] is {value}: every value must be a finite number",
                matrix=name,
                row=row,
                col=col,
                value=array[row, col],
            )
        )
    return array


def as_inputs(q: ArrayLike, k: ArrayLike, v: ArrayLike) -> tuple[Matrix, Matrix, Matrix]:
    """Return Q, K and V as matrices whose shapes fit together, or raise InputError."""
    q, k, v = as_matrix(q, "Q"), as_matrix(k, "K"), as_matrix(v, "V")
    if q.shape[1] != k.shape[1]:
        raise InputError(
            Message(
                "Q and K must have the same width d_k to take dot products, "
                "but Q is {q_rows}×{q_cols} and K is {k_rows}×{k_cols}",
                q_rows=q.shape[0],
                q_cols=q.shape[1],
                k_rows=k.shape[0],
                k_cols=k.shape[1],
            )
        )
    if v.shape[0] != k.shape[0]:
        raise InputError(
            Message(
                "V needs one row per key: K has {k_rows} rows but V has {v_rows}",
                k_rows=k.shape[0],
                v_rows=v.shape[0],
            )
        )
    return q, k, v


def check_temperature(temperature: float) -> float:
    """Return ``temperature`` as a float if it is a finite number ≥ MIN_TEMPERATURE."""
    if isinstance(temperature, bool):
        raise InputError(
            Message("temperature must be a number, not {temperature!r}", temperature=temperature)
        )
    try:
        tau = float(temperature)
    except (TypeError, ValueError):
        raise InputError(
            Message("temperature must be a number, not {temperature!r}", temperature=temperature)
        ) from None
    if not math.isfinite(tau) or tau <= 0.0:
        raise InputError(
            Message(
                "temperature must be a positive finite number, not {temperature}", temperature=tau
            )
        )
    if tau < MIN_TEMPERATURE:
        raise InputError(
            Message(
                "temperature must be at least {least:g}, not {temperature:g}",
                least=MIN_TEMPERATURE,
                temperature=tau,
            )
        )
    return tau


def check_projection(x: Matrix, w: Matrix, name: str) -> None:
    """Raise InputError unless ``w`` (W_q, W_k or W_v) has one row per column of X."""
    if w.shape[0] != x.shape[1]:
        raise InputError(
            Message(
                "{matrix} needs one row per column of X: X is {x_rows}×{x_cols} "
                "but {matrix} is {rows}×{cols}",
                matrix=name,
                x_rows=x.shape[0],
                x_cols=x.shape[1],
                rows=w.shape[0],
                cols=w.shape[1],
            )
        )
