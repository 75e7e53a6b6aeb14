"""Losses that say how far a head is from its goal, each with its gradient.

- :func:`cross_entropy`: of the chosen rows of A against a :class:`Goal`'s target rows,
  L = −(1/n) Σ_{i chosen} Σ_j t_ij log a_ij (n chosen rows), ∂L/∂a_ij = −t_ij / (n·a_ij);
  its least value is the targets' own entropy (0 for one-hot targets), not 0;
- :func:`squared_error`: of Z against a target Z, L = (1/N) Σ (z_ij − target_ij)² over the
  N numbers of the chosen rows (every row by default), ∂L/∂z_ij = 2 (z_ij − target_ij)/N.

Each returns a :class:`Loss` whose ``d_weights`` or ``d_context`` goes straight into
:func:`engine.lesson.backward.backward`. Through the softmax the cross-entropy's gradient
becomes ∂L/∂(S/τ) = (A − T)/n on a chosen row whose target sums to 1: the log undoes the
softmax's exponential, so it does not vanish when A is nearly one-hot (the squared error's
does; see :mod:`engine.lesson.training`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..messages import InputError, Message
from ._checks import Matrix, as_matrix
from .backward import check_shape
from .goals import Goal

#: The smallest weight a logarithm is taken of: the smallest normal float64. A weight of
#: exactly 0 on a target key (underflowed, e.g. at τ → 0) then costs −t·log(2.2e-308) ≈
#: 708·t instead of infinity, and its gradient −t/2.2e-308 stays finite (it reaches S as
#: a·(g − Σ) = 0: a weight of 0 cannot move). Masked keys are refused, not floored.
SMALLEST_WEIGHT = float(np.finfo(np.float64).tiny)


@dataclass(frozen=True, eq=False)
class Loss:
    """A loss's value and its gradient on A or on Z (the other is None).

    Attributes
    ----------
    value : float
        L.
    d_weights : (L_q, L_k) array or None
        ∂L/∂A, for a loss on the weights.
    d_context : (L_q, d_v) array or None
        ∂L/∂Z, for a loss on the context.
    """

    value: float
    d_weights: Matrix | None = None
    d_context: Matrix | None = None


def cross_entropy(weights: ArrayLike, goal: Goal, mask: NDArray[np.bool_] | None = None) -> Loss:
    """Return the cross-entropy of the chosen rows of A against the goal's target rows.

    Parameters
    ----------
    weights : (L_q, L_k) matrix
        A, each row a softmax (before dropout).
    goal : Goal
        The target rows and which rows are chosen.
    mask : (L_q, L_k) bool array, optional
        The forward pass's mask: a goal may not put weight on a hidden key.

    Returns
    -------
    Loss
        L, averaged over the chosen rows, and ∂L/∂A (0 on the rows not chosen).

    Raises
    ------
    InputError
        A ValueError: for a goal of another shape, or one that puts weight on a key the
        mask hides, or on a row the mask hides entirely.
    """
    a = as_matrix(weights, "A")
    check_shape(goal.targets, Message("the goal"), a, "A")
    _check_visible(goal, mask)
    rows = list(goal.rows)
    t = goal.targets[rows]  # (n, L_k)
    a_rows = np.maximum(a[rows], SMALLEST_WEIGHT)  # (n, L_k)
    count = len(rows)
    taken = t > 0.0  # 0·log a is 0, even where a is 0
    value = -float(np.sum(t[taken] * np.log(a_rows[taken]))) / count
    d_weights = np.zeros_like(a)  # (L_q, L_k)
    d_weights[rows] = -t / a_rows / count  # ∂L/∂a_ij = −t_ij / (n·a_ij)
    return Loss(value, d_weights=d_weights)


def squared_error(context: ArrayLike, target: ArrayLike, rows: Sequence[int] | None = None) -> Loss:
    """Return the mean squared error of Z against a target Z.

    Parameters
    ----------
    context : (L_q, d_v) matrix
        Z (the output Concat·W_o, or the concat, with several heads).
    target : (L_q, d_v) matrix
        The Z wanted.
    rows : sequence of int, optional
        The rows that count; every row when not given.

    Returns
    -------
    Loss
        L, the mean over the chosen rows' numbers, and ∂L/∂Z.

    Raises
    ------
    InputError
        A ValueError: for a target of another shape, or a row outside the queries.
    """
    z = as_matrix(context, "Z")
    wanted = as_matrix(target, Message("the target Z"))
    check_shape(wanted, Message("the target Z"), z, "Z")
    chosen = list(range(z.shape[0])) if rows is None else [int(row) for row in rows]
    for row in chosen:
        if not 0 <= row < z.shape[0]:
            raise InputError(
                Message("row {row} is outside the {rows} queries", row=row, rows=z.shape[0])
            )
    if not chosen:
        raise InputError(Message("the goal chooses no row: no query has a target"))
    difference = z[chosen] - wanted[chosen]  # (n, d_v)
    count = difference.size
    d_context = np.zeros_like(z)  # (L_q, d_v)
    d_context[chosen] = 2.0 * difference / count
    return Loss(float(np.sum(difference * difference)) / count, d_context=d_context)


def _check_visible(goal: Goal, mask: NDArray[np.bool_] | None) -> None:
    if mask is None:
        return
    check_shape(mask, Message("the mask"), goal.targets, Message("the goal"))
    for row in goal.rows:
        hidden = np.flatnonzero((goal.targets[row] > 0.0) & ~mask[row])
        if hidden.size:
            raise InputError(
                Message(
                    "the goal for row {row} puts weight on key {key}, which the mask hides",
                    row=row,
                    key=int(hidden[0]),
                )
            )
