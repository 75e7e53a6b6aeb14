"""Scaled dot-product attention in the lesson's four steps, as the app runs it.

The four steps as the lesson writes them, one operation a line, are :func:`engine.four_steps`
(:mod:`engine.lesson.four_steps`); this module computes the same numbers with the checks,
the masks and the care that a large matrix and a tiny τ need. :func:`attention` checks its
inputs and does step ①; :func:`attention_from_scores` does steps ② to ④, ② and ③ a block of
rows at a time (see :mod:`engine.lesson.row_blocks`), so that each block of S is read from
memory once. The steps on their own are :func:`scores`, :func:`softmax` and :func:`attend`.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..messages import InputError, Message
from ._checks import Matrix, as_inputs, as_matrix, check_projection, check_temperature
from .result import AttentionResult
from .row_blocks import range_block, row_blocks, scale_block, softmax_block, softmax_rows


def attention(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    *,
    temperature: float | None = None,
    causal: bool = False,
    mask: ArrayLike | None = None,
) -> AttentionResult:
    """Return softmax(QKᵀ/τ)·V with every intermediate.

    Parameters
    ----------
    q, k : (L_q, d_k) and (L_k, d_k) matrices
        The queries and the keys, one row per token.
    v : (L_k, d_v) matrix
        The values, one row per key; d_v may differ from d_k.
    temperature : float or None, optional
        τ of step ②; None means the standard √d_k, 1 the unscaled softmax.
    causal : bool, optional
        Hide future keys (query i sees keys 0..i).
    mask : (L_q, L_k) bool array, optional
        True where a query may look at a key.

    Returns
    -------
    AttentionResult
        S, S/τ, A and Z with the inputs, τ, the mask and each row's extremes.

    Raises
    ------
    InputError
        A ValueError: for empty or non-finite matrices, mismatched shapes or a temperature ≤ 0.
    """
    q, k, v = as_inputs(q, k, v)  # (L_q, d_k), (L_k, d_k), (L_k, d_v)
    tau = math.sqrt(q.shape[1]) if temperature is None else check_temperature(temperature)
    allowed = _combined_mask(mask, causal, (q.shape[0], k.shape[0]))  # (L_q, L_k) or None
    s = _checked_scores(q, k)  # ① S = QKᵀ, (L_q, L_k)
    return attention_from_scores(q, k, v, s, tau, allowed)  # ② to ④


def attention_from_scores(
    q: Matrix,
    k: Matrix,
    v: Matrix,
    s: Matrix,
    tau: float,
    allowed: NDArray[np.bool_] | None,
    score_ranges: Matrix | None = None,
) -> AttentionResult:
    """Return the attention whose step ① gave the scores ``s``: steps ② to ④.

    Parameters
    ----------
    q, k, v : (L_q, d_k), (L_k, d_k), (L_k, d_v) arrays
        The checked inputs.
    s : (L_q, L_k) array
        Their scores S = QKᵀ.
    tau : float
        The temperature τ of step ②, already checked.
    allowed : (L_q, L_k) bool array or None
        Where a query may look at a key; None when it may look at every key.
    score_ranges : (L_q, 4) array, optional
        S's row ranges when they are already known (the same S at another τ).

    Returns
    -------
    AttentionResult
        Every intermediate; ``s`` itself is its ``scores``.
    """
    rows = s.shape[0]
    scaled, a = np.empty_like(s), np.empty_like(s)  # S/τ and A, (L_q, L_k)
    max_weight, empty = np.empty(rows), np.empty(rows, dtype=np.bool_)  # (L_q,)
    ranges = np.empty((rows, 4)) if score_ranges is None else score_ranges
    for block in row_blocks(*s.shape):  # (b, L_k) at a time, while it is in the cache
        allowed_block = None if allowed is None else allowed[block]
        scale_block(s[block], tau, allowed_block, scaled[block])  # ② S/τ
        softmax_block(s[block], tau, allowed_block, a[block], max_weight[block], empty[block])  # ③
        if score_ranges is None:
            range_block(s[block], allowed_block, ranges[block])
    z = attend(a, v)  # ④ Z = A·V, (L_q, d_v)
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
        score_ranges=ranges,
    )


def with_temperature(result: AttentionResult, temperature: float | None) -> AttentionResult:
    """Return the same attention at another τ, reusing the scores S = QKᵀ of ``result``.

    This is what the temperature dial needs on every frame: only steps ② to ④ change.

    Parameters
    ----------
    result : AttentionResult
        The attention to redo.
    temperature : float or None
        The new τ; None means the standard √d_k.

    Returns
    -------
    AttentionResult
        The attention at τ; its inputs, scores and mask are those of ``result``.
    """
    tau = math.sqrt(result.d_k) if temperature is None else check_temperature(temperature)
    return attention_from_scores(
        result.q, result.k, result.v, result.scores, tau, result.mask, result.score_ranges
    )


#: S = QKᵀ is computed this many keys (columns) at a time. A new key then needs only its
#: block again, and that block comes out bit for bit as in a full computation: the same
#: product of the same shapes. (One column computed on its own can differ in the last bit,
#: which a tiny τ magnifies into visibly different weights.)
KEY_BLOCK = 256


def key_blocks(length_k: int) -> list[slice]:
    """Return the blocks of keys (columns of S) that :func:`scores` computes one at a time."""
    return [
        slice(start, min(start + KEY_BLOCK, length_k)) for start in range(0, length_k, KEY_BLOCK)
    ]


def scores_into(s: Matrix, q: Matrix, k: Matrix, blocks: list[slice]) -> None:
    """Write the columns ``blocks`` of S = QKᵀ into ``s``."""
    for block in blocks:
        np.matmul(q, k[block].T, out=s[:, block])  # (L_q, d_k) @ (d_k, b) -> (L_q, b)


def scores(q: Matrix, k: Matrix) -> Matrix:
    """Return step ①, S = QKᵀ: the dot product of every query with every key.

    Parameters
    ----------
    q, k : (L_q, d_k) and (L_k, d_k) arrays
        The queries and the keys.

    Returns
    -------
    (L_q, L_k) array
        S, computed ``KEY_BLOCK`` keys at a time (see :func:`scores_into`).
    """
    s = np.empty((q.shape[0], k.shape[0]))
    scores_into(s, q, k, key_blocks(k.shape[0]))
    return s


def attend(weights: Matrix, v: Matrix) -> Matrix:
    """Return step ④, Z = A·V: each query's weighted mix of the value vectors.

    Parameters
    ----------
    weights : (L_q, L_k) array
        A, the weights of step ③.
    v : (L_k, d_v) array
        The values.

    Returns
    -------
    (L_q, d_v) array
        Z, one context vector per query.
    """
    return weights @ v  # (L_q, L_k) @ (L_k, d_v) -> (L_q, d_v)


def softmax(x: ArrayLike, axis: int = -1, temperature: float = 1.0) -> NDArray[np.float64]:
    """Return the softmax of x/τ along ``axis``, computed so that it cannot overflow.

    Works for any finite input (±1e300 included) and any positive τ. Entries of −inf
    count as masked (weight exactly 0); a slice that is entirely −inf gives all zeros.

    Parameters
    ----------
    x : array_like
        The numbers, of any shape.
    axis : int, optional
        The axis along which the weights sum to 1; the last by default.
    temperature : float, optional
        τ, a positive number; 1 by default.

    Returns
    -------
    ndarray
        The weights, of the shape of ``x``.

    Raises
    ------
    InputError
        A ValueError: for an empty input, NaN or +inf, or a temperature that is not positive.
    """
    tau = check_temperature(temperature)
    array = np.asarray(x, dtype=np.float64)
    if array.size == 0:
        raise InputError(Message("softmax needs at least one value"))
    if np.isnan(array).any() or np.isposinf(array).any():
        raise InputError(Message("softmax needs finite numbers (NaN or +inf found)"))
    moved = np.moveaxis(array, axis, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    allowed = None if np.isfinite(rows).all() else np.isfinite(rows)
    weights, _, _ = softmax_rows(rows, tau, allowed)
    return np.moveaxis(weights.reshape(moved.shape), -1, axis)


def causal_mask(length_q: int, length_k: int | None = None) -> NDArray[np.bool_]:
    """Return the allowed pairs of a causal mask: query i may look at keys 0..i.

    Parameters
    ----------
    length_q : int
        The number of queries.
    length_k : int, optional
        The number of keys; as many as queries when not given.

    Returns
    -------
    (length_q, length_k) bool array
        True where a query may look at a key: no peeking ahead.
    """
    length_k = length_q if length_k is None else length_k
    return np.tri(length_q, length_k, dtype=np.bool_)


def project(
    x: ArrayLike, w_q: ArrayLike, w_k: ArrayLike, w_v: ArrayLike
) -> tuple[Matrix, Matrix, Matrix]:
    """Return part A of the lesson: Q = X·W_q, K = X·W_k, V = X·W_v.

    Parameters
    ----------
    x : (L, d_model) matrix
        The embeddings, one row per token.
    w_q, w_k, w_v : (d_model, d_k), (d_model, d_k), (d_model, d_v) matrices
        The projections.

    Returns
    -------
    q, k, v : (L, d_k), (L, d_k), (L, d_v) arrays
        The queries, keys and values, one row per token.

    Raises
    ------
    InputError
        A ValueError: for empty or non-finite matrices, mismatched shapes, or an overflow.
    """
    x = as_matrix(x, "X")
    weights = {name: as_matrix(w, name) for name, w in (("W_q", w_q), ("W_k", w_k), ("W_v", w_v))}
    for name, w in weights.items():
        check_projection(x, w, name)
    if weights["W_q"].shape[1] != weights["W_k"].shape[1]:
        raise InputError(Message("W_q and W_k must have the same width d_k"))
    with np.errstate(over="ignore", invalid="ignore"):
        q, k, v = (x @ w for w in weights.values())
    for name, matrix in (("Q", q), ("K", k), ("V", v)):
        if not np.isfinite(matrix).all():
            raise InputError(
                Message("{matrix} = X·W overflows: the numbers are too large", matrix=name)
            )
    return q, k, v


def _combined_mask(
    mask: ArrayLike | None, causal: bool, shape: tuple[int, int]
) -> NDArray[np.bool_] | None:
    allowed: NDArray[np.bool_] | None = None
    if mask is not None:
        allowed = np.asarray(mask)
        if allowed.dtype != np.bool_:
            raise InputError(Message("mask must hold True (allowed) and False (hidden) values"))
        if allowed.shape == ():
            raise InputError(
                Message(
                    "mask has shape a single value, but the scores are {rows}×{cols} "
                    "(queries × keys)",
                    rows=shape[0],
                    cols=shape[1],
                )
            )
        if allowed.shape != shape:
            raise InputError(
                Message(
                    "mask has shape {shape}, but the scores are {rows}×{cols} (queries × keys)",
                    shape="×".join(str(n) for n in allowed.shape),
                    rows=shape[0],
                    cols=shape[1],
                )
            )
    if causal:
        if shape[0] != shape[1]:
            raise InputError(
                Message(
                    "a causal mask needs as many queries as keys, not {queries} and {keys}",
                    queries=shape[0],
                    keys=shape[1],
                )
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
        raise InputError(
            Message("the scores q·k are too large for 64-bit numbers: make Q or K smaller")
        )
    return s
