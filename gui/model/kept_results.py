"""Results kept for undo: an undo gives back the very numbers that were on screen.

An edit's result is computed incrementally (only the rows and columns it touches), and
the same inputs reached again by an undo would be computed by another path, whose last
bits can differ (a lone query row, a column of Z summed again). So the state keeps the
last results it showed and hands one back when the inputs are again exactly those it
was computed from. Plain Python and NumPy: no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np
from numpy.typing import NDArray

from engine import AttentionResult

#: Results kept at most, and the bytes they may hold together (the current one aside):
#: at 64 tokens every step of a long history, at 2,048 tokens (96 MB each) the last two.
MAX_KEPT = 64
MAX_KEPT_BYTES = 256 * 2**20


@dataclass(frozen=True, eq=False)
class Inputs:
    """Everything a result is computed from, as the state holds it."""

    matrices: dict[str, NDArray[np.float64]]
    causal: bool
    mask: NDArray[np.bool_] | None
    temperature: float | None  # None: √d_k
    heads: int = 1

    def same_as(self, other: Inputs) -> bool:
        """Return True if both hold exactly the same numbers (same bits, same shapes)."""
        return self.temperature == other.temperature and self.same_matrices_as(other)

    def same_matrices_as(self, other: Inputs) -> bool:
        """Return True if both hold the same matrices and masks, whatever their τ."""
        if self.causal != other.causal or self.heads != other.heads:
            return False
        if set(self.matrices) != set(other.matrices) or not _same(self.mask, other.mask):
            return False
        return all(_same(self.matrices[name], other.matrices[name]) for name in self.matrices)


def _same(a: NDArray[np.generic] | None, b: NDArray[np.generic] | None) -> bool:
    if a is b:  # the state copies a matrix before writing into it: unchanged ones are shared
        return True
    if a is None or b is None or a.shape != b.shape:
        return False
    # Bits, not values: -0.0 and 0.0 are equal numbers but not the same input.
    return bool(np.array_equal(a.view(np.uint8), b.view(np.uint8)))


def result_bytes(result: AttentionResult) -> int:
    """Return the bytes of the arrays ``result`` holds (shared ones counted in each)."""
    arrays = (getattr(result, f.name) for f in fields(result))
    return sum(a.nbytes for a in arrays if isinstance(a, np.ndarray))


class KeptResults:
    """The last results shown, newest last, within MAX_KEPT and MAX_KEPT_BYTES."""

    def __init__(self, max_kept: int = MAX_KEPT, max_bytes: int = MAX_KEPT_BYTES) -> None:
        self._kept: list[tuple[Inputs, AttentionResult, int]] = []
        self._max_kept, self._max_bytes = max_kept, max_bytes

    def __len__(self) -> int:
        """Return the number of results kept."""
        return len(self._kept)

    def find(self, inputs: Inputs) -> AttentionResult | None:
        """Return the kept result of exactly ``inputs``, or None."""
        for kept, result, _ in reversed(self._kept):
            if kept.same_as(inputs):
                return result
        return None

    def keep(self, inputs: Inputs, result: AttentionResult) -> None:
        """Keep ``result`` of ``inputs`` as the newest; the oldest go beyond the limits.

        One result per set of matrices: a new τ (the dial) replaces the one at the old τ
        (every dial frame is one; an undo of τ recomputes steps ② to ④ only, which is cheap).
        """
        self._kept = [
            entry for entry in self._kept
            if entry[1] is not result and not entry[0].same_matrices_as(inputs)
        ]  # fmt: skip
        self._kept.append((inputs, result, result_bytes(result)))
        total = sum(size for _, _, size in self._kept[:-1])
        while len(self._kept) > 1 and (len(self._kept) > self._max_kept or total > self._max_bytes):
            total -= self._kept.pop(0)[2]

    def clear(self) -> None:
        """Forget every result (a new session: nothing to undo into)."""
        self._kept.clear()
