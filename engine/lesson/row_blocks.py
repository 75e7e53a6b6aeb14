"""Steps ② and ③ row by row, in blocks of rows.

A row of S/τ and of A depends on the same row of S alone, so rows can be done in any
order. Every row gets the very same arithmetic whichever block it falls in, so the result
is identical, bit for bit, to doing all the rows at once. Blocks are small enough to stay
in a core's cache, so S is read from main memory once and the temporaries (S − max and
its exponential) never travel there. (Sharing the blocks between two threads measured no
faster on a two-core machine: these passes wait on memory, not on arithmetic.)
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
from numpy.typing import NDArray

from ._checks import Matrix

_LOG2E = 1.0 / math.log(2.0)
FLOAT_MAX = float(np.finfo(np.float64).max)
#: Elements per block: 64K float64 are 512 KB, which a core's cache holds.
BLOCK_ELEMENTS = 1 << 16


def row_blocks(rows: int, cols: int) -> Iterator[slice]:
    """Yield the blocks of rows of a (rows, cols) matrix, in order.

    Parameters
    ----------
    rows, cols : int
        The shape of the matrix.

    Yields
    ------
    slice
        The next block of rows: about ``BLOCK_ELEMENTS`` elements, at least one row.
    """
    per_block = max(1, BLOCK_ELEMENTS // max(cols, 1))
    for start in range(0, rows, per_block):
        yield slice(start, min(start + per_block, rows))


def softmax_rows(
    x: Matrix, temperature: float, allowed: NDArray[np.bool_] | None
) -> tuple[Matrix, NDArray[np.float64], NDArray[np.bool_]]:
    """Return the row softmax of x/τ, block by block, with what each row says of itself.

    Parameters
    ----------
    x : (L_q, L_k) array
        The rows to take the softmax of (the scores S, unscaled).
    temperature : float
        τ, a positive number.
    allowed : (L_q, L_k) bool array or None
        True where a cell takes part; None when all do.

    Returns
    -------
    weights : (L_q, L_k) array
        The softmax of each row of x/τ; cells not allowed are exactly 0.
    max_weight : (L_q,) array
        Each row's largest weight (0 for a row with no allowed cell).
    empty : (L_q,) bool array
        True for a row with no allowed cell (its weights are all 0).

    See Also
    --------
    softmax_block : the arithmetic of one block.
    """
    rows, cols = x.shape
    weights, max_weight = np.empty_like(x), np.empty(rows)  # (L_q, L_k), (L_q,)
    empty = np.empty(rows, dtype=np.bool_)
    for block in row_blocks(rows, cols):
        block_allowed = None if allowed is None else allowed[block]
        softmax_block(x[block], temperature, block_allowed,
                      weights[block], max_weight[block], empty[block])  # fmt: skip
    return weights, max_weight, empty


def scale_block(s: Matrix, tau: float, allowed: NDArray[np.bool_] | None, out: Matrix) -> None:
    """Step ② for a block of rows: out = S/τ, masked cells −inf, clipped to finite."""
    with np.errstate(over="ignore"):
        np.divide(s, tau, out=out)
    if tau < 1.0 and not np.isfinite(out).all():
        np.clip(out, -FLOAT_MAX, FLOAT_MAX, out=out)
    if allowed is not None:
        out[~allowed] = -np.inf


def softmax_block(
    x: Matrix,
    tau: float,
    allowed: NDArray[np.bool_] | None,
    weights: Matrix,
    max_weight: NDArray[np.float64],
    empty: NDArray[np.bool_],
    entropy: NDArray[np.float64] | None = None,
) -> None:
    """Do step ③ for a block of rows of x: the softmax of x/τ into ``weights``.

    With it, each row's largest weight into ``max_weight``, whether no key was allowed
    into ``empty`` and, when ``entropy`` is given, the row's entropy in bits into it.

    The row maximum is subtracted *before* dividing by τ, so a tiny τ cannot overflow:
    every shifted value is ≤ 0 and the row's maxima become exp(0) = 1, which makes
    τ → 0 tend to a one-hot on the maximum, ties sharing equally.
    """
    with np.errstate(over="ignore", under="ignore"):
        if allowed is None:
            row_max = x.max(axis=1, keepdims=True)  # (b, 1)
            shifted = np.subtract(x, row_max)  # (b, L_k), every entry ≤ 0
            empty[:] = False
        else:
            shifted = np.where(allowed, x, -np.inf)
            row_max = shifted.max(axis=1, keepdims=True)
            empty[:] = ~np.isfinite(row_max[:, 0])
            row_max[empty] = 0.0
            shifted -= row_max
        if tau != 1.0:
            shifted /= tau
        np.exp(shifted, out=weights)  # masked cells: exp(−inf) = 0
    total = weights.sum(axis=1)  # (b,), ≥ 1 on every row with an allowed key
    total[empty] = 1.0
    weights /= total[:, None]
    largest = 1.0 / total  # the row's maximum had exp(0) = 1
    largest[empty] = 0.0
    max_weight[:] = largest
    if entropy is None:
        return
    # Entropy from the log-sum-exp: H = log Σe^z − Σ a·z (no elementwise log needed).
    with np.errstate(invalid="ignore", over="ignore"):
        weighted = np.einsum("ij,ij->i", weights, shifted)
    bad = ~np.isfinite(weighted)
    if bad.any():  # 0 × (−inf) on masked cells or on values that underflowed to −inf
        rows = weights[bad]
        weighted[bad] = np.einsum("ij,ij->i", rows, np.where(rows > 0.0, shifted[bad], 0.0))
    bits = (np.log(total) - weighted) * _LOG2E
    np.maximum(bits, 0.0, out=bits)  # rounding can leave −1e-16
    bits[empty] = 0.0
    entropy[:] = bits


def range_block(s: Matrix, allowed: NDArray[np.bool_] | None, out: Matrix) -> None:
    """Write each row's extreme scores of a block of S into ``out`` (b, 4).

    They are the smallest and largest score, then those of the allowed keys (+inf and
    −inf for a row with none).
    """
    out[:, 0] = s.min(axis=1)
    out[:, 1] = s.max(axis=1)
    if allowed is None:
        out[:, 2:] = out[:, :2]
    else:
        out[:, 2] = np.where(allowed, s, np.inf).min(axis=1)
        out[:, 3] = np.where(allowed, s, -np.inf).max(axis=1)
