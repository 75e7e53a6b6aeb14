"""Multi-head attention: the lesson's four steps on each head's block of columns.

As the paper and PyTorch's ``nn.MultiheadAttention`` write it, without the checks::

    q, k, v = x @ w_q, x @ w_k, x @ w_v  # (L, d_model) each
    d_k = d_model // h
    z_i = attention(q[:, i*d_k:(i+1)*d_k], k[:, …], v[:, …])  # head i, (L, d_k)
    concat = [z_1 | z_2 | … | z_h]  # (L, d_model)
    output = concat @ w_o  # (L, d_model), when W_o is given

Here Q and K may be narrower or wider than V: head i takes columns i·d_k … (i+1)·d_k − 1
of Q and K and i·d_v … (i+1)·d_v − 1 of V, with d_k = width(Q)/h and d_v = width(V)/h.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import ArrayLike

from ..messages import InputError, Message
from ._checks import Matrix, as_matrix
from .attention import attention, project, with_temperature
from .dropout import dropout_heads
from .result import AttentionResult
from .update import update_attention

#: The most heads a layer may be split into.
MAX_HEADS = 16


@dataclass(frozen=True, eq=False)
class MultiHeadResult:
    """Every head's four steps, their concatenation and its projection by W_o.

    Attributes
    ----------
    heads : tuple of AttentionResult
        Head i's Q, K, V (its blocks of columns), S, S/τ, A and Z.
    concat : (L, h·d_v) array
        [Z_1 | Z_2 | … | Z_h].
    w_o : (h·d_v, d_out) array or None
        The output projection, if one was given.
    output : (L, d_out) array or None
        concat · W_o, or None without W_o.
    """

    heads: tuple[AttentionResult, ...]
    concat: Matrix
    w_o: Matrix | None
    output: Matrix | None

    @property
    def count(self) -> int:
        """Return h, the number of heads."""
        return len(self.heads)

    def columns_of(self, head: int) -> slice:
        """Return the columns of the concat that head ``head`` (from 0) fills."""
        width = self.heads[0].context.shape[1]
        return slice(head * width, (head + 1) * width)


def check_heads(heads: int, width_qk: int, width_v: int) -> None:
    """Raise InputError unless ``heads`` is 1 … MAX_HEADS and divides both widths."""
    if isinstance(heads, bool) or not isinstance(heads, (int, np.integer)):
        raise InputError(Message("the number of heads must be a whole number"))
    if not 1 <= heads <= MAX_HEADS:
        raise InputError(
            Message(
                "the number of heads must be from 1 to {most}, not {heads}",
                most=MAX_HEADS,
                heads=int(heads),
            )
        )
    for name, width in (("d_k", width_qk), ("d_v", width_v)):
        if width % heads:
            raise InputError(
                Message(
                    "{heads} heads do not divide the width {width} of {name}: "
                    "each head needs the same number of columns",
                    heads=int(heads),
                    width=width,
                    name=name,
                )
            )


def split_heads(matrix: Matrix, heads: int) -> list[Matrix]:
    """Return the ``heads`` blocks of columns of ``matrix``, left to right (views, no copy)."""
    width = matrix.shape[1] // heads
    return [matrix[:, i * width : (i + 1) * width] for i in range(heads)]


def multi_head(
    q: ArrayLike,
    k: ArrayLike,
    v: ArrayLike,
    heads: int,
    *,
    w_o: ArrayLike | None = None,
    temperature: float | None = None,
    causal: bool = False,
    mask: ArrayLike | None = None,
) -> MultiHeadResult:
    """Return multi-head attention of projected Q, K and V.

    Parameters
    ----------
    q, k : (L_q, h·d_k) and (L_k, h·d_k) matrices
    v : (L_k, h·d_v) matrix
    heads : int
        h, from 1 to MAX_HEADS, dividing the widths of Q (and K) and of V.
    w_o : (h·d_v, d_out) matrix, optional
        The output projection; without it the output is None.
    temperature : float or None, optional
        τ of every head's step ②; None means each head's own √d_k.
    causal : bool, optional
        Hide future keys, in every head.
    mask : (L_q, L_k) bool array, optional
        True where a query may look at a key, in every head.

    Returns
    -------
    MultiHeadResult
        Every head's result, the concat and the output.

    Raises
    ------
    InputError
        As :func:`engine.attention`, and for a number of heads that does not divide the
        widths or a W_o whose rows are not the concat's columns.
    """
    q, k, v = as_matrix(q, "Q"), as_matrix(k, "K"), as_matrix(v, "V")
    check_heads(heads, q.shape[1], v.shape[1])
    results = tuple(
        attention(q_i, k_i, v_i, temperature=temperature, causal=causal, mask=mask)
        for q_i, k_i, v_i in zip(
            split_heads(q, heads), split_heads(k, heads), split_heads(v, heads), strict=True
        )
    )
    concat = np.concatenate([r.context for r in results], axis=1)  # (L_q, h·d_v)
    if w_o is None:
        return MultiHeadResult(results, concat, None, None)
    return multi_head_output(results, concat, as_matrix(w_o, "W_o"))


def multi_head_output(
    heads: tuple[AttentionResult, ...], concat: Matrix, projection: Matrix
) -> MultiHeadResult:
    """Return the heads with their concat projected by W_o; InputError for a wrong shape."""
    if projection.shape[0] != concat.shape[1]:
        raise InputError(
            Message(
                "W_o needs one row per column of the concat: the concat is {rows}×{cols} "
                "but W_o is {w_rows}×{w_cols}",
                rows=concat.shape[0],
                cols=concat.shape[1],
                w_rows=projection.shape[0],
                w_cols=projection.shape[1],
            )
        )
    with np.errstate(over="ignore", invalid="ignore"):
        output = concat @ projection  # (L_q, d_out)
    if not np.isfinite(output).all():
        raise InputError(Message("concat·W_o overflows: the numbers are too large"))
    return MultiHeadResult(heads, concat, projection, output)


def with_heads_temperature(result: MultiHeadResult, temperature: float | None) -> MultiHeadResult:
    """Return the same heads at another τ (None: each head's √d_k), reusing their scores."""
    heads = tuple(with_temperature(head, temperature) for head in result.heads)
    concat = np.concatenate([h.context for h in heads], axis=1)  # (L_q, h·d_v)
    if result.w_o is None:
        return MultiHeadResult(heads, concat, None, None)
    with np.errstate(over="ignore", invalid="ignore"):
        output = concat @ result.w_o  # (L_q, d_out): rows of convex mixes, as finite as before
    return MultiHeadResult(heads, concat, result.w_o, output)


def update_heads(
    result: MultiHeadResult, q: ArrayLike, k: ArrayLike, v: ArrayLike, w_o: ArrayLike | None
) -> MultiHeadResult:
    """Return the heads of new Q, K, V (and W_o) at the same τ and masks as ``result``.

    A head whose blocks of Q, K and V did not change is kept as it is (an edit of one
    column of W_q touches one head); the others are updated row by row as
    :func:`engine.update_attention` does (an edit of a row of X touches one row of each).
    """
    q, k, v = as_matrix(q, "Q"), as_matrix(k, "K"), as_matrix(v, "V")
    count = result.count
    check_heads(count, q.shape[1], v.shape[1])
    heads = tuple(
        head if _same_blocks(head, q_i, k_i, v_i) else update_attention(head, q_i, k_i, v_i)
        for head, q_i, k_i, v_i in zip(
            result.heads,
            split_heads(q, count),
            split_heads(k, count),
            split_heads(v, count),
            strict=True,
        )
    )
    concat = np.concatenate([h.context for h in heads], axis=1)  # (L_q, h·d_v)
    if w_o is None:
        return MultiHeadResult(heads, concat, None, None)
    return multi_head_output(heads, concat, as_matrix(w_o, "W_o"))


def with_dropout(result: MultiHeadResult, p: float, seed: int) -> MultiHeadResult:
    """Return the heads as training uses them: each head's A′ and Z′ = A′·V, in the concat.

    The concat is [Z′_1 | … | Z′_h] and the output Concat·W_o is made of it; S, S/τ and τ
    stay each head's own. The cells dropped are those of :func:`.dropout.dropout_heads`.
    """
    drops = dropout_heads(result.heads, p, seed)
    heads = tuple(
        replace(head, weights=drop.weights, context=drop.context)
        for head, drop in zip(result.heads, drops, strict=True)
    )
    concat = np.concatenate([h.context for h in heads], axis=1)  # (L_q, h·d_v)
    if result.w_o is None:
        return MultiHeadResult(heads, concat, None, None)
    with np.errstate(over="ignore", invalid="ignore"):
        output = concat @ result.w_o  # (L_q, d_out)
    return MultiHeadResult(heads, concat, result.w_o, output)


def _same_blocks(head: AttentionResult, q: Matrix, k: Matrix, v: Matrix) -> bool:
    return all(
        old.shape == new.shape and np.array_equal(old, new)
        for old, new in ((head.q, q), (head.k, k), (head.v, v))
    )


def multi_head_attention(
    x: ArrayLike,
    w_q: ArrayLike,
    w_k: ArrayLike,
    w_v: ArrayLike,
    heads: int,
    *,
    w_o: ArrayLike | None = None,
    temperature: float | None = None,
    causal: bool = False,
    mask: ArrayLike | None = None,
) -> MultiHeadResult:
    """Return MultiHead(Q, K, V) = Concat(head_1, …, head_h)·W_o with Q = X·W_q, ….

    Parameters
    ----------
    x : (L, d_model) matrix
        The embeddings, one row per token.
    w_q, w_k, w_v : (d_model, h·d_k), (d_model, h·d_k), (d_model, h·d_v) matrices
        The projections (d_model × d_model in the paper).
    heads, w_o, temperature, causal, mask
        As :func:`multi_head`.

    Returns
    -------
    MultiHeadResult
        Every head's result, the concat and the output.
    """
    q, k, v = project(x, w_q, w_k, w_v)
    return multi_head(q, k, v, heads, w_o=w_o, temperature=temperature, causal=causal, mask=mask)
