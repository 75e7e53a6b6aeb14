"""The hand calculation of one cell, as data the GUI can format in any language.

Each function returns a frozen dataclass holding every number of the lesson's
hand-calculation boxes: the products of a dot product and their sum, the division of
step ②, the exponentials of a softmax row with their sum and quotient, the weighted
terms of a context vector.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..messages import InputError, Message
from ..vocabulary import STEPS as STEP_NAMES
from .result import AttentionResult

#: Below this size the exponentials are shown unshifted, as the lesson does
#: (e^0.5 ≈ 1.65, e^1 ≈ 2.72); beyond it the row maximum is subtracted first.
UNSHIFTED_LIMIT = 20.0

Numbers = tuple[float, ...]


@dataclass(frozen=True)
class ScoreStep:
    """S[row, col] = q_row · k_col = Σ_d q_row,d × k_col,d."""

    row: int
    col: int
    q_row: Numbers
    k_row: Numbers
    products: Numbers
    value: float


@dataclass(frozen=True)
class ScaledStep:
    """scaled[row, col] = S[row, col] / τ (−inf when the pair is masked)."""

    row: int
    col: int
    score: float
    temperature: float
    d_k: int
    sqrt_d_k: float
    standard: bool  # τ is √d_k
    masked: bool
    value: float


@dataclass(frozen=True)
class WeightStep:
    """A[row, col] = e^(z_col − m) / Σ_j e^(z_j − m) over the row's allowed keys.

    ``shift`` is m: 0 when the row's scaled scores are small enough to show the
    exponentials as the lesson does, else the row maximum (subtracting it changes
    nothing in the result but keeps every exponential ≤ 1).
    """

    row: int
    col: int
    scaled_row: Numbers  # −inf where masked
    allowed: tuple[bool, ...]
    shift: float
    exponentials: Numbers  # 0 where masked
    total: float
    weights: Numbers  # the whole row of A: each exponential ÷ total
    masked: bool
    fully_masked_row: bool
    value: float


@dataclass(frozen=True)
class ContextStep:
    """Z[row, dims] = Σ_j A[row, j] × v_j[dims]."""

    row: int
    dims: tuple[int, ...]
    weights: Numbers
    values: tuple[Numbers, ...]  # v_j restricted to dims, one per key
    terms: tuple[Numbers, ...]  # A[row, j] × v_j[dims], one per key
    value: Numbers


def _numbers(values: np.ndarray) -> Numbers:
    return tuple(np.asarray(values, dtype=np.float64).tolist())


def _rows(values: np.ndarray) -> tuple[Numbers, ...]:
    return tuple(map(tuple, np.asarray(values, dtype=np.float64).tolist()))


def _check_cell(result: AttentionResult, row: int, col: int | None, width: int) -> None:
    rows = result.scores.shape[0]
    if not 0 <= row < rows:
        raise InputError(Message("row {row} is outside the {rows} queries", row=row, rows=rows))
    if col is not None and not 0 <= col < width:
        raise InputError(Message("column {col} is outside the {cols} columns", col=col, cols=width))


def explain_score(result: AttentionResult, row: int, col: int) -> ScoreStep:
    """Step ①: every product term q_row,d × k_col,d and their sum."""
    _check_cell(result, row, col, result.scores.shape[1])
    q_row, k_row = result.q[row], result.k[col]
    products = q_row * k_row
    return ScoreStep(
        row, col, _numbers(q_row), _numbers(k_row), _numbers(products), float(products.sum())
    )


def explain_scaled(result: AttentionResult, row: int, col: int) -> ScaledStep:
    """Step ②: the score divided by τ."""
    _check_cell(result, row, col, result.scores.shape[1])
    masked = result.mask is not None and not bool(result.mask[row, col])
    return ScaledStep(
        row=row,
        col=col,
        score=float(result.scores[row, col]),
        temperature=result.temperature,
        d_k=result.d_k,
        sqrt_d_k=math.sqrt(result.d_k),
        standard=result.is_standard_scaling,
        masked=masked,
        value=float(result.scaled[row, col]),
    )


def explain_weight(result: AttentionResult, row: int, col: int) -> WeightStep:
    """Step ③: the row's exponentials, their sum and the quotient for one key."""
    _check_cell(result, row, col, result.scores.shape[1])
    scaled_row = result.scaled[row]
    allowed = np.ones(scaled_row.shape, dtype=np.bool_) if result.mask is None else result.mask[row]
    fully_masked = not allowed.any()
    shift = 0.0
    exponentials = np.zeros_like(scaled_row)
    if not fully_masked:
        visible = scaled_row[allowed]
        if np.abs(visible).max() > UNSHIFTED_LIMIT:
            shift = float(visible.max())
        with np.errstate(under="ignore"):
            exponentials[allowed] = np.exp(visible - shift)
    total = float(exponentials.sum())
    value = float(exponentials[col] / total) if total > 0.0 else 0.0
    return WeightStep(
        row=row,
        col=col,
        scaled_row=_numbers(scaled_row),
        allowed=tuple(bool(x) for x in allowed),
        shift=shift,
        exponentials=_numbers(exponentials),
        total=total,
        weights=_numbers(exponentials / total if total > 0.0 else exponentials),
        masked=not bool(allowed[col]),
        fully_masked_row=fully_masked,
        value=value,
    )


def explain_context(result: AttentionResult, row: int, col: int | None = None) -> ContextStep:
    """Step ④: each weight × v_j term and their sum, for one dimension or the whole row."""
    _check_cell(result, row, col, result.context.shape[1])
    dims = tuple(range(result.v.shape[1])) if col is None else (col,)
    weights = result.weights[row]  # (L_k,)
    values = result.v[:, dims]  # (L_k, len(dims))
    terms = weights[:, None] * values
    return ContextStep(
        row=row,
        dims=dims,
        weights=_numbers(weights),
        values=_rows(values),
        terms=_rows(terms),
        value=_numbers(terms.sum(axis=0)),
    )


#: Step number → name: 1 → "scores" … 4 → "context".
STEPS = dict(enumerate(STEP_NAMES, start=1))


def explain(
    result: AttentionResult, step: int | str, row: int, col: int | None = None
) -> ScoreStep | ScaledStep | WeightStep | ContextStep:
    """Return the hand calculation of one cell of a step.

    Parameters
    ----------
    result : AttentionResult
        The attention to explain.
    step : int or str
        1–4, or "scores", "scaled", "weights", "context".
    row, col : int
        The cell; for the context, ``col=None`` explains the whole row z_row.

    Returns
    -------
    ScoreStep, ScaledStep, WeightStep or ContextStep
        Every number of the step's hand calculation.

    Raises
    ------
    InputError
        A ValueError: for an unknown step, or a cell outside the matrix.
    """
    name = STEPS.get(step, step) if isinstance(step, int) else step
    if name == "context":
        return explain_context(result, row, col)
    if col is None:
        raise InputError(Message("explaining {step} needs a column", step=name))
    if name == "scores":
        return explain_score(result, row, col)
    if name == "scaled":
        return explain_scaled(result, row, col)
    if name == "weights":
        return explain_weight(result, row, col)
    raise InputError(
        Message(
            "unknown step {step!r}: use 1–4 or one of {steps}",
            step=step,
            steps=", ".join(STEPS.values()),
        )
    )


__all__ = [
    "ContextStep",
    "ScaledStep",
    "ScoreStep",
    "WeightStep",
    "explain",
    "explain_context",
    "explain_scaled",
    "explain_score",
    "explain_weight",
]
