"""The backward pass: how a loss on Z or on A reaches S, S/τ, A, Q, K and V.

The four steps backwards, one operation a line, for an upstream gradient G_Z = ∂L/∂Z on
the context and/or G_A on the weights::

    ∂L/∂V = Aᵀ·G_Z                                  # ④ Z = A·V,   (L_k, d_v)
    ∂L/∂A = G_Z·Vᵀ + G_A                            # ④ and the loss on A, (L_q, L_k)
    ∂L/∂(S/τ)_ij = a_ij (g_ij − Σ_k a_ik g_ik)      # ③ softmax, g = ∂L/∂A, (L_q, L_k)
    ∂L/∂S = ∂L/∂(S/τ) / τ                           # ② (L_q, L_k)
    ∂L/∂Q = ∂L/∂S·K,  ∂L/∂K = (∂L/∂S)ᵀ·Q            # ① S = QKᵀ, (L_q, d_k), (L_k, d_k)

A masked cell has a = 0, so its gradient is exactly 0 and nothing flows to its key; a
fully masked row (A and Z all 0 in the forward pass, whatever Q holds) gives 0 everywhere.
With dropout, Z′ = A′·V with A′ = A ⊙ M / (1 − p): the same drawn M carries the gradient
back, ∂L/∂A = (G_Z·Vᵀ) ⊙ M / (1 − p) + G_A, and ∂L/∂V = A′ᵀ·G_Z. G_A is the gradient on A
itself, the softmax's output (a loss on a distribution, whose rows sum to 1), not on A′.

Several heads, W_o and the projections W_q, W_k, W_v are :mod:`engine.lesson.backward_heads`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike, NDArray

from ..messages import InputError, Message
from ._checks import Matrix, as_matrix
from .dropout import Dropout
from .result import AttentionResult


@dataclass(frozen=True, eq=False)
class Gradients:
    """∂L/∂ of every matrix of one head's forward pass, for one loss L.

    Attributes
    ----------
    d_context : (L_q, d_v) array
        ∂L/∂Z as given (∂L/∂Z′ with dropout); zeros when only A had a loss.
    d_weights : (L_q, L_k) array
        ∂L/∂A: all that reaches the softmax's output, through Z and from a loss on A.
    d_scaled : (L_q, L_k) array
        ∂L/∂(S/τ): a_ij (g_ij − Σ_k a_ik g_ik); exactly 0 on masked cells.
    d_scores : (L_q, L_k) array
        ∂L/∂S = ∂L/∂(S/τ) / τ.
    d_queries : (L_q, d_k) array
        ∂L/∂Q = ∂L/∂S·K.
    d_keys : (L_k, d_k) array
        ∂L/∂K = (∂L/∂S)ᵀ·Q (named so as not to be read as the width d_k).
    d_values : (L_k, d_v) array
        ∂L/∂V = Aᵀ·∂L/∂Z (A′ with dropout).
    temperature : float
        τ, by which ∂L/∂(S/τ) was divided.
    """

    d_context: Matrix
    d_weights: Matrix
    d_scaled: Matrix
    d_scores: Matrix
    d_queries: Matrix
    d_keys: Matrix
    d_values: Matrix
    temperature: float


def backward(
    result: AttentionResult,
    d_context: ArrayLike | None = None,
    d_weights: ArrayLike | None = None,
    *,
    dropout: Dropout | None = None,
) -> Gradients:
    """Return the gradients of a loss with respect to every matrix of ``result``.

    Parameters
    ----------
    result : AttentionResult
        The forward pass (its A before dropout: the result :func:`engine.attention` gave).
    d_context : (L_q, d_v) matrix, optional
        ∂L/∂Z, the upstream gradient on the context (on Z′ = A′·V with dropout).
    d_weights : (L_q, L_k) matrix, optional
        ∂L/∂A, an upstream gradient on the weights themselves (a loss on A).
    dropout : Dropout, optional
        The dropout the forward pass drew (:func:`engine.dropout`): its mask M carries the
        gradient back as it carried A forward.

    Returns
    -------
    Gradients
        ∂L/∂A, ∂L/∂(S/τ), ∂L/∂S, ∂L/∂Q, ∂L/∂K and ∂L/∂V.

    Raises
    ------
    InputError
        A ValueError: without any upstream gradient, or for one of the wrong shape or not
        finite, or a dropout mask of another shape.
    """
    if d_context is None and d_weights is None:
        raise InputError(
            Message("the backward pass needs an upstream gradient: on Z, on A, or both")
        )
    return backward_of_head(
        result,
        None if d_context is None else upstream(d_context, "∂L/∂Z", result.context),
        None if d_weights is None else upstream(d_weights, "∂L/∂A", result.weights),
        dropout,
    )


def backward_of_head(
    result: AttentionResult,
    d_context: Matrix | None,
    d_weights: Matrix | None,
    dropout: Dropout | None,
) -> Gradients:
    """Return :func:`backward`'s gradients for checked upstream gradients (either may be None)."""
    a, v = result.weights, result.v  # (L_q, L_k), (L_k, d_v)
    if dropout is not None:
        check_shape(dropout.kept, Message("the dropout's mask M"), a, "A")
    if d_context is None:  # a loss on A alone: nothing comes through Z
        d_context, d_values, d_a = np.zeros_like(result.context), np.zeros_like(v), np.zeros_like(a)
    elif dropout is None:
        d_a = d_context @ v.T  # ④ ∂L/∂A, (L_q, L_k)
        d_values = a.T @ d_context  # ④ ∂L/∂V = Aᵀ·∂L/∂Z, (L_k, d_v)
    else:
        d_a = d_context @ v.T  # ④ ∂L/∂A′, (L_q, L_k)
        d_values = dropout.weights.T @ d_context  # ④ ∂L/∂V = A′ᵀ·∂L/∂Z′
        d_a *= dropout.kept  # A′ = A ⊙ M / (1 − p): the same M, the same factor
        d_a *= dropout.scale
    if d_weights is not None:
        d_a += d_weights  # the loss on A itself
    d_scaled = softmax_backward(a, d_a, result.mask)  # ③ (L_q, L_k)
    d_scores = d_scaled / result.temperature  # ② ∂L/∂S, (L_q, L_k)
    d_queries = d_scores @ result.k  # ① ∂L/∂Q = ∂L/∂S·K, (L_q, d_k)
    d_keys = d_scores.T @ result.q  # ① ∂L/∂K = (∂L/∂S)ᵀ·Q, (L_k, d_k)
    return Gradients(
        d_context=d_context,
        d_weights=d_a,
        d_scaled=d_scaled,
        d_scores=d_scores,
        d_queries=d_queries,
        d_keys=d_keys,
        d_values=d_values,
        temperature=result.temperature,
    )


def softmax_backward(
    weights: Matrix, d_weights: Matrix, allowed: NDArray[np.bool_] | None = None
) -> Matrix:
    """Return ∂L/∂x for A = softmax(x) by row, given A and ∂L/∂A.

    ∂L/∂x_ij = a_ij (g_ij − Σ_k a_ik g_ik): a weight moves its score by how much its own
    upstream gradient exceeds the row's average one, weighted by A. A cell whose weight is
    0 (masked, or a fully masked row) gets exactly 0.

    Parameters
    ----------
    weights : (L_q, L_k) array
        A, each row a softmax (or all 0, for a fully masked row).
    d_weights : (L_q, L_k) array
        g = ∂L/∂A.
    allowed : (L_q, L_k) bool array, optional
        The mask; its hidden cells are set to +0.0 (a·(g − Σ) may give −0.0 there).

    Returns
    -------
    (L_q, L_k) array
        ∂L/∂x, where x is the softmax's input (S/τ in the lesson).
    """
    row_sums = np.einsum("ij,ij->i", weights, d_weights)  # Σ_k a_ik g_ik, (L_q,)
    d_x: Matrix = np.subtract(d_weights, row_sums[:, None])  # g_ij − Σ_k a_ik g_ik, (L_q, L_k)
    d_x *= weights  # a_ij (g_ij − Σ_k a_ik g_ik)
    if allowed is not None:
        np.copyto(d_x, 0.0, where=~allowed)
    return d_x


def upstream(value: ArrayLike, name: str, like: Matrix) -> Matrix:
    """Return an upstream gradient as a finite matrix of ``like``'s shape, or InputError."""
    matrix = as_matrix(value, name)
    check_shape(matrix, name, like, None)
    return matrix


def check_shape(
    array: NDArray[np.generic],
    name: str | Message,
    like: NDArray[np.generic],
    like_name: str | Message | None,
) -> None:
    """Raise InputError unless ``array`` has ``like``'s shape."""
    if array.shape == like.shape:
        return
    raise InputError(
        Message(
            "{name} must be {rows}×{cols}, the shape of {like}, not {shape}",
            name=name,
            rows=like.shape[0],
            cols=like.shape[1],
            like=like_name if like_name is not None else str(name).split("/∂")[-1],
            shape="×".join(str(n) for n in array.shape) or "a single value",
        )
    )
