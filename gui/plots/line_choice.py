"""Which lines the weight-lines figure draws: every one, or the strongest when they are many.

A line joins query i to key j of head h wherever A_h[i, j] > 0. Up to BUDGET of them are
all drawn. Beyond, each query keeps its TOP strongest keys in every head (fewer when
heads × tokens leave no room) and any weight ≥ FLOOR (up to FLOOR_SEARCHED_UP_TO weights);
when that is still more than BUDGET (or L), each query's single strongest line and the
strongest of the rest.

Why a budget: Qt paints a line of 300 pixels in 4–10 µs (measured on this project's
2-core machine, opaque, antialiased or not); 600 lines keep a paint at 512 tokens and 8
heads within a few milliseconds, and more would only thicken the haze at that size.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

BUDGET = 600
TOP = 8
FLOOR = 0.1
# Beyond this many weights (512 tokens and 1 head), looking for those ≥ FLOOR cost 4–10 ms
# (16 MB of A at 8 heads): more than the rest of the choice, for lines the cap then drops.
FLOOR_SEARCHED_UP_TO = 512 * 512

Ints = NDArray[np.intp]


@dataclass(frozen=True)
class Lines:
    """Lines to draw, weakest first (so that the strongest are painted on top)."""

    head: Ints  # (n,)
    query: Ints  # (n,)
    key: Ints  # (n,)
    weight: NDArray[np.float64]  # (n,) A_head[query, key], all > 0
    total: int  # how many lines there were to choose from (weights > 0)

    def __len__(self) -> int:
        """Return how many lines are drawn."""
        return len(self.weight)

    @property
    def thinned(self) -> bool:
        """Return True when some lines were left out."""
        return len(self) < self.total


def _lines(weights: NDArray[np.float64], flat: Ints, total: int) -> Lines:
    """Return the lines at ``flat`` indices of ``weights`` (h, L, L), weakest first."""
    values = weights.ravel()[flat]
    order = np.argsort(values, kind="stable")
    flat, values = flat[order], values[order]
    head, query, key = np.unravel_index(flat, weights.shape)
    return Lines(head, query, key, values, total)


def _strongest(values: NDArray[np.float64], keep: Ints, budget: int) -> Ints:
    """Return ``budget`` indices of ``values``: all of ``keep``, then the largest others."""
    score = values.copy()
    score[keep] = np.inf
    if len(score) <= budget:
        return np.arange(len(score))
    chosen: Ints = np.argpartition(-score, budget - 1)[:budget]
    return chosen


def strongest_lines(weights: NDArray[np.float64], budget: int = BUDGET) -> Lines:
    """Return the lines of ``weights`` (h, L, L) to draw: all, or the strongest (see above)."""
    heads, length, _ = weights.shape
    total = int(np.count_nonzero(weights))
    if total <= budget:
        return _lines(weights, np.flatnonzero(weights), total)
    top = min(max(budget // (heads * length), 1), TOP, length)
    if top == 1:
        keys = weights.argmax(axis=2)[..., None]  # (h, L, 1)
        largest = np.take_along_axis(weights, keys, axis=2)[..., 0]  # (h, L)
    else:
        keys = np.argpartition(weights, -top, axis=2)[..., -top:]  # (h, L, top)
        largest = weights.max(axis=2)
    rows = np.arange(heads * length).reshape(heads, length, 1) * length
    strongest_per_head = (rows + keys).ravel()
    # each query's strongest line over the heads shown: always kept
    best_head = largest.argmax(axis=0)  # (L,)
    queries = np.arange(length)
    best_key = weights[best_head, queries].argmax(axis=1)  # (L,)
    best = (best_head * length + queries) * length + best_key
    if weights.size <= FLOOR_SEARCHED_UP_TO:
        # weights ≥ FLOOR, looked for only in the rows that have one (a pass less over A)
        rows_with = np.flatnonzero(largest >= FLOOR)
        found_row, found_key = np.nonzero(weights.reshape(-1, length)[rows_with] >= FLOOR)
        strong = rows_with[found_row] * length + found_key
    else:  # the cap keeps about L lines anyway: each query's strongest, few others
        strong = np.zeros(0, dtype=np.intp)
    flat = np.unique(np.concatenate([best, strongest_per_head, strong]))
    flat = flat[weights.ravel()[flat] > 0]
    cap = max(budget, length)
    if len(flat) > cap:
        keep = np.flatnonzero(np.isin(flat, best))
        flat = flat[_strongest(weights.ravel()[flat], keep, cap)]
    return _lines(weights, flat, total)


def token_lines(weights: NDArray[np.float64], side: str, index: int,
                budget: int = BUDGET) -> Lines:  # fmt: skip
    """Return the lines of one token: its row of every head as a query, or its column as a key.

    ``side`` is "query" or "key". Beyond ``budget`` only the strongest are kept.
    """
    heads, length, _ = weights.shape
    others = np.arange(length)
    head = np.repeat(np.arange(heads), length)
    other = np.tile(others, heads)
    query, key = (np.full_like(other, index), other) if side == "query" else (
        other, np.full_like(other, index))  # fmt: skip
    flat = (head * length + query) * length + key
    flat = flat[weights.ravel()[flat] > 0]
    total = len(flat)
    if total > budget:
        flat = flat[_strongest(weights.ravel()[flat], np.zeros(0, dtype=np.intp), budget)]
    return _lines(weights, flat, total)
