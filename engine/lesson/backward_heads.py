"""The backward pass of several heads, of W_o and of the projections W_q, W_k, W_v.

Backwards through :mod:`engine.lesson.multi_head`, one operation a line::

    ∂L/∂W_o = Concatᵀ·∂L/∂Output                    # Output = Concat·W_o
    ∂L/∂Concat = ∂L/∂Output·W_oᵀ (+ a loss on the concat itself)
    ∂L/∂Z_i = head i's columns of ∂L/∂Concat        # Concat = [Z_1 | … | Z_h]
    head i: :func:`engine.lesson.backward.backward`  # ∂L/∂Q_i, ∂L/∂K_i, ∂L/∂V_i
    ∂L/∂Q = [∂L/∂Q_1 | … | ∂L/∂Q_h], and K and V likewise

and, in projection mode, through Q = X·W_q, K = X·W_k, V = X·W_v (:func:`backward_projection`)::

    ∂L/∂W_q = Xᵀ·∂L/∂Q,  ∂L/∂W_k = Xᵀ·∂L/∂K,  ∂L/∂W_v = Xᵀ·∂L/∂V
    ∂L/∂X = ∂L/∂Q·W_qᵀ + ∂L/∂K·W_kᵀ + ∂L/∂V·W_vᵀ
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from ..messages import InputError, Message
from ._checks import Matrix, as_matrix, check_projection
from .backward import Gradients, backward_of_head, check_shape, upstream
from .dropout import Dropout
from .multi_head import MultiHeadResult


@dataclass(frozen=True, eq=False)
class HeadsGradients:
    """∂L/∂ of every matrix of a multi-head forward pass.

    Attributes
    ----------
    heads : tuple of Gradients
        Head i's ∂L/∂Z_i, ∂L/∂A_i, ∂L/∂(S_i/τ), ∂L/∂S_i and its blocks of ∂L/∂Q, ∂L/∂K, ∂L/∂V.
    d_output : (L, d_out) array or None
        ∂L/∂Output as given (None without one).
    d_concat : (L, h·d_v) array
        ∂L/∂Concat: all that reaches the concat.
    d_w_o : (h·d_v, d_out) array or None
        ∂L/∂W_o, when the forward pass had W_o.
    d_queries, d_keys, d_values : (L_q, h·d_k), (L_k, h·d_k), (L_k, h·d_v) arrays
        ∂L/∂Q, ∂L/∂K and ∂L/∂V: the heads' blocks side by side.
    """

    heads: tuple[Gradients, ...]
    d_output: Matrix | None
    d_concat: Matrix
    d_w_o: Matrix | None
    d_queries: Matrix
    d_keys: Matrix
    d_values: Matrix


@dataclass(frozen=True, eq=False)
class ProjectionGradients:
    """∂L/∂X and ∂L/∂W for Q = X·W_q, K = X·W_k, V = X·W_v.

    Attributes
    ----------
    d_x : (L, d_model) array
    d_w_q, d_w_k : (d_model, d_k) arrays
    d_w_v : (d_model, d_v) array
    """

    d_x: Matrix
    d_w_q: Matrix
    d_w_k: Matrix
    d_w_v: Matrix


def backward_heads(
    result: MultiHeadResult,
    d_output: ArrayLike | None = None,
    d_concat: ArrayLike | None = None,
    d_weights: Mapping[int, ArrayLike] | None = None,
    *,
    dropout: Sequence[Dropout] | None = None,
) -> HeadsGradients:
    """Return the gradients of a loss with respect to every matrix of several heads.

    Parameters
    ----------
    result : MultiHeadResult
        The forward pass, before dropout (:func:`engine.multi_head`'s result).
    d_output : (L, d_out) matrix, optional
        ∂L/∂Output, the gradient on Concat·W_o (needs W_o).
    d_concat : (L, h·d_v) matrix, optional
        ∂L/∂Concat, a gradient on the concat itself.
    d_weights : dict of int to (L_q, L_k) matrix, optional
        ∂L/∂A_i for the heads i whose weights have a loss.
    dropout : sequence of Dropout, optional
        One per head, as :func:`engine.lesson.dropout.dropout_heads` drew them.

    Returns
    -------
    HeadsGradients
        Every head's gradients, ∂L/∂Concat, ∂L/∂W_o and the whole ∂L/∂Q, ∂L/∂K, ∂L/∂V.

    Raises
    ------
    InputError
        A ValueError: without any upstream gradient, with ∂L/∂Output but no W_o, for a
        gradient of the wrong shape, a head that is not there, or dropouts not one a head.
    """
    count = result.count
    per_head = _weights_by_head(d_weights, result)
    if d_output is None and d_concat is None and not per_head:
        raise InputError(
            Message("the backward pass needs an upstream gradient: on Z, on A, or both")
        )
    if dropout is not None and len(dropout) != count:
        raise InputError(
            Message(
                "dropout needs one mask per head: {count} given for {heads} heads",
                count=len(dropout),
                heads=count,
            )
        )
    concat = result.concat
    if dropout is not None:  # the concat the output was made of: [Z′_1 | … | Z′_h]
        concat = np.concatenate([drop.context for drop in dropout], axis=1)
    total = np.zeros_like(result.concat) if d_concat is None else (
        upstream(d_concat, "∂L/∂Concat", result.concat).copy())  # fmt: skip
    output, d_w_o = None, None
    if d_output is not None:
        if result.w_o is None or result.output is None:
            raise InputError(Message("∂L/∂Output needs W_o: these heads have no output projection"))
        output = upstream(d_output, "∂L/∂Output", result.output)
        d_w_o = concat.T @ output  # ∂L/∂W_o = Concatᵀ·∂L/∂Output, (h·d_v, d_out)
        total += output @ result.w_o.T  # ∂L/∂Concat, (L, h·d_v)
    width = result.heads[0].context.shape[1]
    heads = tuple(
        backward_of_head(
            head,
            total[:, i * width : (i + 1) * width],  # ∂L/∂Z_i, (L, d_v)
            per_head.get(i),
            None if dropout is None else dropout[i],
        )
        for i, head in enumerate(result.heads)
    )
    return HeadsGradients(
        heads=heads,
        d_output=output,
        d_concat=total,
        d_w_o=d_w_o,
        d_queries=np.concatenate([g.d_queries for g in heads], axis=1),  # (L_q, h·d_k)
        d_keys=np.concatenate([g.d_keys for g in heads], axis=1),  # (L_k, h·d_k)
        d_values=np.concatenate([g.d_values for g in heads], axis=1),  # (L_k, h·d_v)
    )


def _weights_by_head(
    d_weights: Mapping[int, ArrayLike] | None, result: MultiHeadResult
) -> dict[int, Matrix]:
    checked: dict[int, Matrix] = {}
    for head, gradient in (d_weights or {}).items():
        if (
            isinstance(head, bool)
            or not isinstance(head, (int, np.integer))
            or not (0 <= head < result.count)
        ):
            raise InputError(
                Message("head {head} is not one of the {heads} heads (0 to {last})",
                        head=head, heads=result.count, last=result.count - 1)
            )  # fmt: skip
        checked[int(head)] = upstream(gradient, "∂L/∂A", result.heads[int(head)].weights)
    return checked


def backward_projection(
    x: ArrayLike,
    w_q: ArrayLike,
    w_k: ArrayLike,
    w_v: ArrayLike,
    d_queries: Matrix,
    d_keys: Matrix,
    d_values: Matrix,
) -> ProjectionGradients:
    """Return ∂L/∂X and ∂L/∂W_q, ∂L/∂W_k, ∂L/∂W_v, given ∂L/∂Q, ∂L/∂K and ∂L/∂V.

    Parameters
    ----------
    x : (L, d_model) matrix
        The embeddings.
    w_q, w_k, w_v : (d_model, d_k), (d_model, d_k), (d_model, d_v) matrices
        The projections.
    d_queries, d_keys, d_values : (L, d_k), (L, d_k), (L, d_v) arrays
        The gradients the attention gave (:class:`Gradients` or :class:`HeadsGradients`).

    Returns
    -------
    ProjectionGradients
        ∂L/∂X and each ∂L/∂W.

    Raises
    ------
    InputError
        A ValueError: for matrices whose shapes do not fit.
    """
    x = as_matrix(x, "X")
    ws = [as_matrix(w, name) for w, name in ((w_q, "W_q"), (w_k, "W_k"), (w_v, "W_v"))]
    gradients = (d_queries, d_keys, d_values)
    for w, w_name, gradient, name in zip(ws, ("W_q", "W_k", "W_v"), gradients,
                                         ("∂L/∂Q", "∂L/∂K", "∂L/∂V"), strict=True):  # fmt: skip
        check_projection(x, w, w_name)
        check_shape(gradient, name, np.empty((x.shape[0], w.shape[1])), f"X·{w_name}")
    d_x = d_queries @ ws[0].T  # ∂L/∂X, (L, d_model): Q, K and V all came from X
    d_x += d_keys @ ws[1].T
    d_x += d_values @ ws[2].T
    return ProjectionGradients(
        d_x=d_x,
        d_w_q=x.T @ d_queries,  # (d_model, d_k)
        d_w_k=x.T @ d_keys,  # (d_model, d_k)
        d_w_v=x.T @ d_values,  # (d_model, d_v)
    )
