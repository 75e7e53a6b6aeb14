"""Attention after a small edit, reusing the work of the previous result.

One edited number changes much less than the whole computation:

- a row i of Q changes only row i of S, S/τ, A and Z (one query looks again);
- a row j of V changes Z by one rank-one term, A[:, j] ⊗ (v_j,new − v_j,old): only the
  columns of Z where v_j changed;
- a row j of K changes column j of S, after which every row's softmax must be redone:
  only the block of keys holding j is multiplied again (see ``KEY_BLOCK``), then steps ②
  to ④ are redone whole.

:func:`update_attention` finds which rows changed and takes the cheapest road; its result
equals :func:`engine.attention` on the new inputs up to rounding (tested to 1e-12); after
an edit of K it is the very same numbers. An edit of K or V followed by its undo gives
back the very same numbers; a row of Q computed on its own can differ from the full
product in the last bit (relative 1e-15), which only shows when τ is tiny, the scores are
huge and two keys tie.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..messages import InputError, Message
from ._checks import Matrix, as_matrix
from .attention import attend, attention, attention_from_scores, key_blocks, scores_into
from .result import AttentionResult
from .row_blocks import range_block, scale_block, softmax_rows

#: Beyond this share of changed rows, starting again costs no more.
_MOST = 0.25


def _changed_rows(new: Matrix, old: Matrix) -> NDArray[np.intp]:
    return np.flatnonzero((new != old).any(axis=1))


def _check_finite(block: Matrix) -> None:
    if not np.isfinite(block).all():
        raise InputError(
            Message("the scores q·k are too large for 64-bit numbers: make Q or K smaller")
        )


def _with_rows(array: NDArray[Any], rows: NDArray[np.intp], new_rows: NDArray[Any]) -> NDArray[Any]:
    """Return a copy of ``array`` whose rows ``rows`` are ``new_rows``."""
    copy: NDArray[Any] = array.copy()
    copy[rows] = new_rows
    return copy


def _with_query_rows(result: AttentionResult, q: Matrix, rows: NDArray[np.intp]) -> AttentionResult:
    """Rows ``rows`` of S, S/τ, A and Z computed again for the new queries."""
    tau, allowed = result.temperature, result.mask
    row_allowed = None if allowed is None else allowed[rows]
    with np.errstate(over="ignore", invalid="ignore"):
        s_rows = q[rows] @ result.k.T  # ① (r, L_k)
    _check_finite(s_rows)
    scaled_rows = np.empty_like(s_rows)
    scale_block(s_rows, tau, row_allowed, scaled_rows)  # ② (r, L_k)
    a_rows, max_rows, empty_rows = softmax_rows(s_rows, tau, row_allowed)  # ③ (r, L_k)
    z_rows = attend(a_rows, result.v)  # ④ (r, d_v)
    range_rows = np.empty((len(rows), 4))
    range_block(s_rows, row_allowed, range_rows)
    return replace(
        result,
        q=q,
        scores=_with_rows(result.scores, rows, s_rows),
        scaled=_with_rows(result.scaled, rows, scaled_rows),
        weights=_with_rows(result.weights, rows, a_rows),
        context=_with_rows(result.context, rows, z_rows),
        max_weight=_with_rows(result.max_weight, rows, max_rows),
        fully_masked_rows=_with_rows(result.fully_masked_rows, rows, empty_rows),
        score_ranges=_with_rows(result.score_ranges, rows, range_rows),
    )


def _with_key_rows(
    result: AttentionResult, k: Matrix, v: Matrix, rows: NDArray[np.intp]
) -> AttentionResult | None:
    """Redo the blocks of keys of S that hold the changed rows, then steps ② to ④.

    None when those blocks are over a quarter of S (start again instead).
    """
    blocks = [b for b in key_blocks(k.shape[0]) if ((rows >= b.start) & (rows < b.stop)).any()]
    if sum(b.stop - b.start for b in blocks) > _MOST * k.shape[0]:
        return None
    s = result.scores.copy()
    with np.errstate(over="ignore", invalid="ignore"):
        scores_into(s, result.q, k, blocks)
    # |q·k| ≤ d_k·max|q|·max|k|: only when that bound is near overflow is S checked.
    if k.shape[1] * float(np.abs(result.q).max()) * float(np.abs(k).max()) > 1e300:
        for block in blocks:
            _check_finite(s[:, block])
    return attention_from_scores(result.q, k, v, s, result.temperature, result.mask)


def _with_value_rows(result: AttentionResult, v: Matrix, rows: NDArray[np.intp]) -> AttentionResult:
    """Z with the columns that the changed rows of V touch summed again; S and A are kept.

    This is the rank-one change A[:, j] ⊗ (v_j,new − v_j,old) of each changed row j, but
    computed as A·v_c for each changed column c: adding and later taking out a large value
    would leave its rounding behind in Z (1e6 typed, then 0.5: Z off by ~1e-10), and the
    cost is one matrix-vector product per column instead of per row.
    """
    columns = np.flatnonzero((v[rows] != result.v[rows]).any(axis=0))
    context = result.context.copy()
    context[:, columns] = result.weights @ v[:, columns]  # (L_q, L_k) @ (L_k, c)
    return replace(result, v=v, context=context)


def update_attention(
    result: AttentionResult, q: ArrayLike, k: ArrayLike, v: ArrayLike
) -> AttentionResult:
    """Return the attention of new inputs at the same τ and mask as ``result``.

    Only what the changed rows touch is computed again; shapes that differ from
    ``result``'s mean a full computation.

    Parameters
    ----------
    result : AttentionResult
        The attention before the edit.
    q, k, v : array_like
        The inputs after the edit.

    Returns
    -------
    AttentionResult
        Equal to :func:`engine.attention` of the new inputs up to rounding (see the
        module's docstring).

    Raises
    ------
    InputError
        A ValueError: like :func:`engine.attention`.
    """
    q, k, v = as_matrix(q, "Q"), as_matrix(k, "K"), as_matrix(v, "V")
    if (q.shape, k.shape, v.shape) != (result.q.shape, result.k.shape, result.v.shape):
        return attention(q, k, v, temperature=result.temperature, mask=result.mask)
    q_rows = _changed_rows(q, result.q)
    k_rows = _changed_rows(k, result.k)
    v_rows = _changed_rows(v, result.v)
    if len(k_rows) and not len(q_rows):
        # A new key changes every row's softmax, so everything from the scores on is
        # computed again; of S, the block of keys holding it (the same numbers as a full
        # product: a column alone can differ in the last bit, which a tiny τ magnifies).
        with_keys = _with_key_rows(result, k, v, k_rows)
        if with_keys is not None:
            return with_keys
    if len(k_rows):
        return attention(q, k, v, temperature=result.temperature, mask=result.mask)
    if not len(q_rows) and len(v_rows) > _MOST * v.shape[0]:
        # S, S/τ and A do not depend on V: they stay (the very arrays, so that their views
        # need not be drawn again); Z is summed whole, as a full computation sums it.
        return replace(result, v=v, context=attend(result.weights, v))
    if len(q_rows) > _MOST * q.shape[0] or len(v_rows) > _MOST * v.shape[0]:
        return attention(q, k, v, temperature=result.temperature, mask=result.mask)
    if len(q_rows):
        # The new rows of Z use the old V; the columns summed below bring them to the new V.
        result = _with_query_rows(result, q, q_rows)
    if len(v_rows):
        result = _with_value_rows(result, v, v_rows)
    return result
