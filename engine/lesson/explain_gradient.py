"""The hand calculation of one cell of the softmax's backward pass, as data to format.

∂L/∂(S/τ)_ij = a_ij (g_ij − Σ_k a_ik g_ik) and ∂L/∂S_ij = that / τ, where g = ∂L/∂A: the
numbers a student writes out for one cell, as :mod:`engine.lesson.explain` gives those of
the forward pass.
"""

from __future__ import annotations

from dataclasses import dataclass

from .backward import Gradients
from .explain import Numbers, _check_cell, _numbers
from .result import AttentionResult


@dataclass(frozen=True)
class SoftmaxGradientStep:
    """∂L/∂(S/τ)[row, col] = a_row,col (g_row,col − Σ_k a_row,k g_row,k), and ÷ τ for ∂L/∂S.

    Attributes
    ----------
    row, col : int
        The cell.
    weights : tuple of float
        The row of A: a_row,k for every key k (0 where masked).
    upstream : tuple of float
        The row of g = ∂L/∂A.
    products : tuple of float
        a_row,k × g_row,k for every key: the terms of the row sum.
    row_sum : float
        Σ_k a_row,k g_row,k, the row's average upstream gradient weighted by A.
    weight : float
        a_row,col.
    gradient : float
        g_row,col.
    difference : float
        g_row,col − row_sum.
    d_scaled : float
        a_row,col × difference: ∂L/∂(S/τ)[row, col].
    temperature : float
        τ.
    d_score : float
        d_scaled / τ: ∂L/∂S[row, col].
    masked : bool
        The key is hidden from this query: a = 0, so the gradient is 0.
    fully_masked_row : bool
        Every key is hidden from this query: the whole row's gradient is 0.
    """

    row: int
    col: int
    weights: Numbers
    upstream: Numbers
    products: Numbers
    row_sum: float
    weight: float
    gradient: float
    difference: float
    d_scaled: float
    temperature: float
    d_score: float
    masked: bool
    fully_masked_row: bool


def explain_softmax_gradient(
    result: AttentionResult, gradients: Gradients, row: int, col: int
) -> SoftmaxGradientStep:
    """Return the numbers of ∂L/∂(S/τ)[row, col] and ∂L/∂S[row, col], worked out by hand.

    Parameters
    ----------
    result : AttentionResult
        The forward pass.
    gradients : Gradients
        Its backward pass (:func:`engine.backward`), whose ``d_weights`` is g.
    row, col : int
        The cell.

    Returns
    -------
    SoftmaxGradientStep
        a, g, their products, the row sum, the difference and the results. Its
        ``d_scaled`` and ``d_score`` are ``gradients``' own numbers, which equal
        a × (g − Σ) and that ÷ τ (to the last bit or two: Σ is summed in another order).

    Raises
    ------
    InputError
        A ValueError: for a cell outside the matrix.
    """
    _check_cell(result, row, col, result.scores.shape[1])
    a, g = result.weights[row], gradients.d_weights[row]  # (L_k,), (L_k,)
    products = a * g
    row_sum = float(products.sum())
    weight, gradient = float(a[col]), float(g[col])
    masked = result.mask is not None and not bool(result.mask[row, col])
    fully_masked = bool(result.fully_masked_rows[row])
    return SoftmaxGradientStep(
        row=row,
        col=col,
        weights=_numbers(a),
        upstream=_numbers(g),
        products=_numbers(products),
        row_sum=row_sum,
        weight=weight,
        gradient=gradient,
        difference=gradient - row_sum,
        d_scaled=float(gradients.d_scaled[row, col]),
        temperature=result.temperature,
        d_score=float(gradients.d_scores[row, col]),
        masked=masked,
        fully_masked_row=fully_masked,
    )
