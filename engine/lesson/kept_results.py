"""Results kept for undo: an undo gives back the very numbers that were on screen.

An edit's result is computed incrementally (only the rows and columns it touches), and
the same inputs reached again by an undo would be computed by another road, whose last
bits can differ (a lone query row, a column of Z summed again). So the state keeps the
last computations it showed and hands one back when the inputs are again exactly those it
was computed from (see :func:`engine.lesson.compute.compute`).
"""

from __future__ import annotations

from dataclasses import fields

import numpy as np

from .compute import Computed, Inputs
from .result import AttentionResult

#: Results kept at most, and the bytes they may hold together (the current one aside):
#: at 64 tokens every step of a long history, at 2,048 tokens (96 MB each) the last two.
MAX_KEPT = 64
MAX_KEPT_BYTES = 256 * 2**20


def result_bytes(result: AttentionResult) -> int:
    """Return the bytes of the arrays ``result`` holds (shared ones counted in each)."""
    arrays = (getattr(result, f.name) for f in fields(result))
    return sum(a.nbytes for a in arrays if isinstance(a, np.ndarray))


def computed_bytes(computed: Computed) -> int:
    """Return the bytes of every head's result, and of the concat and output of several."""
    if computed.heads is None:
        return result_bytes(computed.head(0))
    heads = computed.heads
    extra = sum(a.nbytes for a in (heads.concat, heads.output) if a is not None)
    return extra + sum(result_bytes(head) for head in heads.heads)


class KeptResults:
    """The last computations shown, newest last, within MAX_KEPT and MAX_KEPT_BYTES."""

    def __init__(self, max_kept: int = MAX_KEPT, max_bytes: int = MAX_KEPT_BYTES) -> None:
        self._kept: list[tuple[Computed, int]] = []
        self._max_kept, self._max_bytes = max_kept, max_bytes

    def __len__(self) -> int:
        """Return the number of computations kept."""
        return len(self._kept)

    def find(self, inputs: Inputs) -> Computed | None:
        """Return the kept computation of exactly ``inputs``, or None."""
        for kept, _ in reversed(self._kept):
            if kept.inputs.same_as(inputs):
                return kept
        return None

    def keep(self, computed: Computed) -> None:
        """Keep ``computed`` as the newest; the oldest go beyond the limits.

        One per set of matrices: a new τ (the dial) replaces the one at the old τ (every
        dial frame is one; an undo of τ recomputes steps ② to ④ only, which is cheap).
        """
        inputs = computed.inputs
        self._kept = [
            entry for entry in self._kept
            if entry[0] is not computed and not entry[0].inputs.same_but_temperature(inputs)
        ]  # fmt: skip
        self._kept.append((computed, computed_bytes(computed)))
        total = sum(size for _, size in self._kept[:-1])
        while len(self._kept) > 1 and (len(self._kept) > self._max_kept or total > self._max_bytes):
            total -= self._kept.pop(0)[1]

    def clear(self) -> None:
        """Forget every computation (a new session: nothing to undo into)."""
        self._kept.clear()
