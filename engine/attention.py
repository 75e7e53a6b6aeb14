"""Scaled dot-product attention in the lesson's four steps.

① scores S = QKᵀ   ② scale S/τ (τ = √d_k by default)   ③ softmax by row → weights A
④ context Z = A·V
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ._checks import Matrix, as_matrix, check_temperature
from ._rows import for_row_blocks, range_block, scale_block, softmax_block

_FLOAT_MAX = float(np.finfo(np.float64).max)


@dataclass(frozen=True, eq=False)
class AttentionResult:
    """Every intermediate of one attention computation, so that views never redo the math.

    Attributes
    ----------
    q, k, v : the inputs, (L_q, d_k), (L_k, d_k), (L_k, d_v).
    scores : S = QKᵀ, (L_q, L_k).
    scaled : S/τ with masked cells at −inf, (L_q, L_k).
    weights : A = softmax of each row of ``scaled``; masked cells are exactly 0.
    context : Z = A·V, (L_q, d_v).
    temperature : τ, the divisor of step ②.
    d_k : the width of q and k.
    mask : allowed (query, key) pairs, (L_q, L_k) bool, or None when every pair is allowed.
    entropy : per row, the entropy of the row of A in bits (0 for a fully masked row),
        computed when first read; views read one row with :meth:`row_entropy`.
    max_weight : per row, the largest weight (0 for a fully masked row).
    fully_masked_rows : per row, True where no key was allowed (weights and context 0).
    score_ranges : per row of S, (L_q, 4): the smallest and largest score, then the
        smallest and largest score of an allowed key (+inf and −inf when none is); see
        :meth:`value_range`.
    """

    q: Matrix
    k: Matrix
    v: Matrix
    scores: Matrix
    scaled: Matrix
    weights: Matrix
    context: Matrix
    temperature: float
    d_k: int
    mask: NDArray[np.bool_] | None
    max_weight: NDArray[np.float64]
    fully_masked_rows: NDArray[np.bool_]
    score_ranges: Matrix

    @cached_property
    def entropy(self) -> NDArray[np.float64]:
        """Per row, the entropy of the row of A in bits (0 for a fully masked row)."""
        return self._entropy_of(slice(None))

    def row_entropy(self, row: int) -> float:
        """The entropy in bits of row ``row`` of A, the same number as ``entropy[row]``:
        one row is all the dial shows, and all rows cost a pass over A on every edit."""
        row = range(self.scores.shape[0])[row]  # −1 is the last row; IndexError outside
        return float(self._entropy_of(slice(row, row + 1))[0])

    def _entropy_of(self, rows: slice) -> NDArray[np.float64]:
        s = self.scores[rows]
        allowed = None if self.mask is None else self.mask[rows]
        count = s.shape[0]
        weights, entropy = np.empty_like(s), np.empty(count)
        largest, empty = np.empty(count), np.empty(count, dtype=np.bool_)

        def work(block: slice) -> None:
            softmax_block(s[block], self.temperature, None if allowed is None else allowed[block],
                          weights[block], largest[block], empty[block], entropy[block])  # fmt: skip

        for_row_blocks(count, s.shape[1], work)
        return entropy

    @property
    def is_standard_scaling(self) -> bool:
        """True when τ is the lesson's √d_k."""
        return math.isclose(self.temperature, math.sqrt(self.d_k), rel_tol=1e-12)

    def value_range(self, name: str) -> tuple[float, float]:
        """(smallest, largest) value of ``"scores"`` (every cell) or of ``"scaled"`` (the
        allowed cells; (inf, −inf) when there is none), without a pass over the matrix:
        a heatmap's colours need them on every edit. Exactly the extremes of the matrix:
        dividing by τ > 0 keeps the order of the numbers."""
        if name == "scores":
            return float(self.score_ranges[:, 0].min()), float(self.score_ranges[:, 1].max())
        if name != "scaled":
            raise ValueError(f"value_range is for 'scores' or 'scaled', not {name!r}")
        low, high = float(self.score_ranges[:, 2].min()), float(self.score_ranges[:, 3].max())
        if low > high:
            return (math.inf, -math.inf)
        with np.errstate(over="ignore"):
            ends = np.clip(np.array([low, high]) / self.temperature, -_FLOAT_MAX, _FLOAT_MAX)
        return float(ends[0]), float(ends[1])


#: S = QKᵀ is computed this many keys (columns) at a time. A new key then needs only its
#: block again, and that block comes out bit for bit as in a full computation: the same
#: product of the same shapes. (One column computed on its own can differ in the last bit,
#: which a tiny τ magnifies into visibly different weights.)
KEY_BLOCK = 256


def key_blocks(length_k: int) -> list[slice]:
    """The blocks of keys (columns of S) that :func:`scores` computes one at a time."""
    return [
        slice(start, min(start + KEY_BLOCK, length_k)) for start in range(0, length_k, KEY_BLOCK)
    ]


def scores_into(s: Matrix, q: Matrix, k: Matrix, blocks: list[slice]) -> None:
    """Columns ``blocks`` of S = QKᵀ, written into ``s``."""
    for block in blocks:
        np.matmul(q, k[block].T, out=s[:, block])  # (L_q, d_k) @ (d_k, b) -> (L_q, b)


def scores(q: Matrix, k: Matrix) -> Matrix:
    """Step ①: S = QKᵀ, the dot product of every query with every key."""
    s = np.empty((q.shape[0], k.shape[0]))
    scores_into(s, q, k, key_blocks(k.shape[0]))
    return s


def attend(weights: Matrix, v: Matrix) -> Matrix:
    """Step ④: Z = A·V, each query's weighted mix of the value vectors."""
    return weights @ v  # (L_q, L_k) @ (L_k, d_v) -> (L_q, d_v)


def causal_mask(length_q: int, length_k: int | None = None) -> NDArray[np.bool_]:
    """Allowed pairs of a causal mask: query i may look at keys 0..i (no peeking ahead)."""
    length_k = length_q if length_k is None else length_k
    return np.tri(length_q, length_k, dtype=np.bool_)


def _softmax_rows(
    x: Matrix, temperature: float, allowed: NDArray[np.bool_] | None
) -> tuple[Matrix, NDArray[np.float64], NDArray[np.bool_]]:
    """Row softmax of x/τ with each row's largest weight and the fully masked rows
    (see :func:`engine._rows.softmax_block`)."""
    rows, cols = x.shape
    weights, max_weight = np.empty_like(x), np.empty(rows)
    empty = np.empty(rows, dtype=np.bool_)

    def work(block: slice) -> None:
        softmax_block(
            x[block],
            temperature,
            None if allowed is None else allowed[block],
            weights[block],
            max_weight[block],
            empty[block],
        )

    for_row_blocks(rows, cols, work)
    return weights, max_weight, empty


def softmax(x: ArrayLike, axis: int = -1, temperature: float = 1.0) -> NDArray[np.float64]:
    """Numerically stable softmax of x/τ along ``axis``.

    Works for any finite input (±1e300 included) and any positive τ. Entries of −inf
    count as masked (weight exactly 0); a slice that is entirely −inf gives all zeros.
    """
    tau = check_temperature(temperature)
    array = np.asarray(x, dtype=np.float64)
    if array.size == 0:
        raise ValueError("softmax needs at least one value")
    if np.isnan(array).any() or np.isposinf(array).any():
        raise ValueError("softmax needs finite numbers (NaN or +inf found)")
    moved = np.moveaxis(array, axis, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    allowed = None if np.isfinite(rows).all() else np.isfinite(rows)
    weights, _, _ = _softmax_rows(rows, tau, allowed)
    return np.moveaxis(weights.reshape(moved.shape), -1, axis)


def project(
    x: ArrayLike, w_q: ArrayLike, w_k: ArrayLike, w_v: ArrayLike
) -> tuple[Matrix, Matrix, Matrix]:
    """Part A of the lesson: Q = X·W_q, K = X·W_k, V = X·W_v (one row per token)."""
    x = as_matrix(x, "X")
    weights = {name: as_matrix(w, name) for name, w in (("W_q", w_q), ("W_k", w_k), ("W_v", w_v))}
    for name, w in weights.items():
        if w.shape[0] != x.shape[1]:
            raise ValueError(
                f"{name} needs one row per column of X: X is {x.shape[0]}×{x.shape[1]} "
                f"but {name} is {w.shape[0]}×{w.shape[1]}"
            )
    if weights["W_q"].shape[1] != weights["W_k"].shape[1]:
        raise ValueError("W_q and W_k must have the same width d_k")
    with np.errstate(over="ignore", invalid="ignore"):
        q, k, v = (x @ w for w in weights.values())
    for name, matrix in (("Q", q), ("K", k), ("V", v)):
        if not np.isfinite(matrix).all():
            raise ValueError(f"{name} = X·W overflows: the numbers are too large")
    return q, k, v


def _combined_mask(
    mask: ArrayLike | None, causal: bool, shape: tuple[int, int]
) -> NDArray[np.bool_] | None:
    allowed: NDArray[np.bool_] | None = None
    if mask is not None:
        allowed = np.asarray(mask)
        if allowed.dtype != np.bool_:
            raise ValueError("mask must hold True (allowed) and False (hidden) values")
        if allowed.shape != shape:
            given = "×".join(str(n) for n in allowed.shape) or "a single value"
            raise ValueError(
                f"mask has shape {given}, but the scores are {shape[0]}×{shape[1]} (queries × keys)"
            )
    if causal:
        if shape[0] != shape[1]:
            raise ValueError(
                f"a causal mask needs as many queries as keys, not {shape[0]} and {shape[1]}"
            )
        tri = causal_mask(shape[0])
        allowed = tri if allowed is None else allowed & tri
    return allowed


def _checked_scores(q: Matrix, k: Matrix) -> Matrix:
    with np.errstate(over="ignore", invalid="ignore"):
        s = scores(q, k)
    # |q·k| ≤ d_k·max|q|·max|k|: only when that bound is near overflow is S checked.
    bound = q.shape[1] * float(np.abs(q).max()) * float(np.abs(k).max())
    if bound > 1e300 and not np.isfinite(s).all():
        raise ValueError("the scores q·k are too large for 64-bit numbers: make Q or K smaller")
    return s


def attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    *,
    temperature: float | None = None,
    causal: bool = False,
    mask: ArrayLike | None = None,
) -> AttentionResult:
    """softmax(QKᵀ/τ)·V with every intermediate.

    Parameters
    ----------
    q, k : (L_q, d_k) and (L_k, d_k) matrices, one row per token.
    v : (L_k, d_v) matrix; d_v may differ from d_k.
    temperature : τ of step ②; None means the standard √d_k, 1 the unscaled softmax.
    causal : hide future keys (query i sees keys 0..i).
    mask : optional (L_q, L_k) bool array, True where a query may look at a key.

    Raises
    ------
    ValueError
        For empty or non-finite matrices, mismatched shapes or a temperature ≤ 0.
    """
    q = as_matrix(q, "Q")
    k = as_matrix(k, "K")
    v = as_matrix(v, "V")
    if q.shape[1] != k.shape[1]:
        raise ValueError(
            f"Q and K must have the same width d_k to take dot products, "
            f"but Q is {q.shape[0]}×{q.shape[1]} and K is {k.shape[0]}×{k.shape[1]}"
        )
    if v.shape[0] != k.shape[0]:
        raise ValueError(f"V needs one row per key: K has {k.shape[0]} rows but V has {v.shape[0]}")
    d_k = q.shape[1]
    tau = math.sqrt(d_k) if temperature is None else check_temperature(temperature)
    allowed = _combined_mask(mask, causal, (q.shape[0], k.shape[0]))

    s = _checked_scores(q, k)  # ① (L_q, L_k)
    return _from_scores(q, k, v, s, tau, allowed)


def _from_scores(
    q: Matrix,
    k: Matrix,
    v: Matrix,
    s: Matrix,
    tau: float,
    allowed: NDArray[np.bool_] | None,
    ranges: Matrix | None = None,
) -> AttentionResult:
    """Steps ② to ④ from the scores of step ①; ② and ③ block by block of rows, so
    each block of S is read once while it is in the cache. ``ranges`` are S's row ranges
    when already known (the same S at another τ)."""
    rows, cols = s.shape
    scaled, a = np.empty_like(s), np.empty_like(s)
    max_weight, empty = np.empty(rows), np.empty(rows, dtype=np.bool_)
    known = ranges is not None
    score_ranges = ranges if ranges is not None else np.empty((rows, 4))

    def work(block: slice) -> None:
        block_allowed = None if allowed is None else allowed[block]
        scale_block(s[block], tau, block_allowed, scaled[block])  # ② (b, L_k)
        softmax_block(s[block], tau, block_allowed, a[block], max_weight[block], empty[block])  # ③
        if not known:
            range_block(s[block], block_allowed, score_ranges[block])

    for_row_blocks(rows, cols, work)
    z = attend(a, v)  # ④ (L_q, d_v)
    return AttentionResult(
        q=q,
        k=k,
        v=v,
        scores=s,
        scaled=scaled,
        weights=a,
        context=z,
        temperature=tau,
        d_k=q.shape[1],
        mask=allowed,
        max_weight=max_weight,
        fully_masked_rows=empty,
        score_ranges=score_ranges,
    )


def with_temperature(result: AttentionResult, temperature: float | None) -> AttentionResult:
    """The same attention at another τ, reusing the scores S = QKᵀ of ``result``.

    This is what the temperature dial needs on every frame: only steps ② to ④ change.
    """
    tau = math.sqrt(result.d_k) if temperature is None else check_temperature(temperature)
    return _from_scores(
        result.q, result.k, result.v, result.scores, tau, result.mask, result.score_ranges
    )
