"""The result of one attention computation: every intermediate, so views never redo math."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numpy.typing import NDArray

from ._checks import Matrix
from .row_blocks import FLOAT_MAX, row_blocks, softmax_block


@dataclass(frozen=True, eq=False)
class AttentionResult:
    """Every intermediate of one attention computation, so that views never redo the math.

    Attributes
    ----------
    q, k, v : (L_q, d_k), (L_k, d_k), (L_k, d_v) arrays
        The inputs.
    scores : (L_q, L_k) array
        S = QKᵀ.
    scaled : (L_q, L_k) array
        S/τ with masked cells at −inf.
    weights : (L_q, L_k) array
        A = softmax of each row of ``scaled``; masked cells are exactly 0.
    context : (L_q, d_v) array
        Z = A·V.
    temperature : float
        τ, the divisor of step ②.
    d_k : int
        The width of q and k.
    mask : (L_q, L_k) bool array or None
        The allowed (query, key) pairs; None when every pair is allowed.
    entropy : (L_q,) array
        Per row, the entropy of the row of A in bits (0 for a fully masked row),
        computed when first read; views read one row with :meth:`row_entropy`.
    max_weight : (L_q,) array
        Per row, the largest weight (0 for a fully masked row).
    fully_masked_rows : (L_q,) bool array
        Per row, True where no key was allowed (weights and context 0).
    score_ranges : (L_q, 4) array
        Per row of S, the smallest and largest score, then the smallest and largest
        score of an allowed key (+inf and −inf when none is); see :meth:`value_range`.
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
        """Return the entropy in bits of row ``row`` of A, the same number as ``entropy[row]``.

        One row is all the dial shows, and all rows cost a pass over A on every edit.

        Parameters
        ----------
        row : int
            The query; −1 is the last.

        Returns
        -------
        float
            The entropy in bits, 0 for a fully masked row.

        Raises
        ------
        IndexError
            For a row outside the queries.
        """
        row = range(self.scores.shape[0])[row]  # −1 is the last row; IndexError outside
        return float(self._entropy_of(slice(row, row + 1))[0])

    def _entropy_of(self, rows: slice) -> NDArray[np.float64]:
        s = self.scores[rows]
        allowed = None if self.mask is None else self.mask[rows]
        count = s.shape[0]
        weights, entropy = np.empty_like(s), np.empty(count)
        largest, empty = np.empty(count), np.empty(count, dtype=np.bool_)
        for block in row_blocks(*s.shape):
            softmax_block(s[block], self.temperature, None if allowed is None else allowed[block],
                          weights[block], largest[block], empty[block], entropy[block])  # fmt: skip
        return entropy

    @property
    def is_standard_scaling(self) -> bool:
        """True when τ is the lesson's √d_k."""
        return math.isclose(self.temperature, math.sqrt(self.d_k), rel_tol=1e-12)

    def value_range(self, name: str) -> tuple[float, float]:
        """Return the smallest and the largest value of S or of S/τ, without a pass over it.

        A heatmap's colours need them on every edit. They are exactly the extremes of the
        matrix: dividing by τ > 0 keeps the order of the numbers.

        Parameters
        ----------
        name : str
            ``"scores"`` (every cell) or ``"scaled"`` (the allowed cells).

        Returns
        -------
        tuple of float
            (smallest, largest); (inf, −inf) for ``"scaled"`` when no cell is allowed.

        Raises
        ------
        ValueError
            For another name.
        """
        if name == "scores":
            return float(self.score_ranges[:, 0].min()), float(self.score_ranges[:, 1].max())
        if name != "scaled":
            # Not user-facing: the name comes from code (a heatmap's step), never from input.
            raise ValueError(f"value_range is for 'scores' or 'scaled', not {name!r}")
        low, high = float(self.score_ranges[:, 2].min()), float(self.score_ranges[:, 3].max())
        if low > high:
            return (math.inf, -math.inf)
        with np.errstate(over="ignore"):
            ends = np.clip(np.array([low, high]) / self.temperature, -FLOAT_MAX, FLOAT_MAX)
        return float(ends[0]), float(ends[1])
