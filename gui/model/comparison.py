"""A comparison: A, the setting pinned, against B, the one the user goes on changing.

Plain Python and NumPy, no Qt: :class:`Pin` holds A's numbers (a :class:`HeldNumbers` of
its own, never edited), :func:`difference` subtracts A's four steps from B's, and
:func:`changes` lists what differs between the two settings, for a caption.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from engine import AttentionResult
from engine.vocabulary import STEPS
from gui.model.held_numbers import HeldNumbers
from gui.model.snapshots import Snapshot

Matrix = NDArray[np.float64]


@dataclass(frozen=True, eq=False)
class Difference:
    """B − A at every step, exactly: ``b.scores - a.scores`` and so on.

    ``mask``: where S/τ has a difference, the pairs allowed in both (None: all). A pair
    masked in A or B is −∞ there, and −∞ − x is not a number: it is 0 here, and hatched
    on screen. The weights of a masked pair are 0, so their difference is a number.
    """

    scores: Matrix
    scaled: Matrix
    weights: Matrix
    context: Matrix
    mask: NDArray[np.bool_] | None

    def largest(self, step: str) -> float:
        """Return the largest size of a difference at ``step`` (0 when they agree)."""
        values: Matrix = getattr(self, step)
        return float(np.abs(values).max(initial=0.0))


def comparable(a: AttentionResult, b: AttentionResult) -> bool:
    """Return True if every step of A has the shape of B's: then B − A is defined."""
    return all(getattr(a, step).shape == getattr(b, step).shape for step in STEPS)


def difference(a: AttentionResult, b: AttentionResult) -> Difference | None:
    """Return B − A at each of the four steps, or None when their shapes differ."""
    if not comparable(a, b):
        return None
    if a.mask is None and b.mask is None:
        mask, scaled = None, b.scaled - a.scaled
    else:
        mask = np.isfinite(a.scaled) & np.isfinite(b.scaled)
        scaled = np.where(mask, b.scaled, 0.0) - np.where(mask, a.scaled, 0.0)
    weights, context = b.weights - a.weights, b.context - a.context
    return Difference(b.scores - a.scores, scaled, weights, context, mask)


@dataclass(frozen=True)
class Change:
    """One way B's setting differs from A's: ``what`` and each one's value, as data.

    ``what`` is one of "tau", "causal", "tokens", "heads", "head", "source", "padding",
    "mask", "dropout", "inputs"; the values are numbers or names (the caption words them).
    """

    what: str
    a: object
    b: object


def changes(a: Snapshot, b: Snapshot, a_head: int, b_head: int) -> list[Change]:
    """Return how B differs from A, most telling first (τ before edited cells).

    Numbers of another head or sentence of the model are not "edited": the head says it.
    """
    found: list[Change] = []
    if _tau(a) != _tau(b):
        found.append(Change("tau", _tau(a), _tau(b)))
    if a.causal != b.causal:
        found.append(Change("causal", a.causal, b.causal))
    if a.tokens != b.tokens:
        found.append(Change("tokens", a.tokens, b.tokens))
    if a.heads != b.heads:
        found.append(Change("heads", a.heads, b.heads))
    elif a.heads > 1 and a_head != b_head:
        found.append(Change("head", a_head + 1, b_head + 1))
    if _where_from(a) != _where_from(b):
        found.append(Change("source", a.source, b.source))
    if a.padding != b.padding:
        found.append(Change("padding", sum(a.padding), sum(b.padding)))
    if not _same_mask(a.mask, b.mask):
        found.append(Change("mask", a.mask is not None, b.mask is not None))
    if a.dropout != b.dropout:
        found.append(Change("dropout", a.dropout, b.dropout))
    ours = a.matrices
    edited = [name for name, m in b.matrices.items()
              if name in ours and not _same_matrix(ours[name], m)]  # fmt: skip
    if edited and a.tokens == b.tokens and _where_from(a) == _where_from(b):
        found.append(Change("inputs", (), tuple(edited)))
    return found


def _tau(snapshot: Snapshot) -> tuple[bool, float]:
    """Return whether τ follows √d_k, and τ."""
    if snapshot.temperature is not None:
        return (False, snapshot.temperature)
    matrices = snapshot.matrices
    width = matrices["w_q" if "w_q" in matrices else "q"].shape[1]
    return (True, math.sqrt(width // snapshot.heads))


def _where_from(snapshot: Snapshot) -> tuple[object, ...] | None:
    """Return which model, sentence, layer and head the numbers came from (None: typed)."""
    source = snapshot.source
    if source is None:
        return None
    return (source.model, source.sentence, source.layer, source.head)


def _same_matrix(a: Matrix, b: Matrix) -> bool:
    return a is b or (a.shape == b.shape and bool(np.array_equal(a, b)))


def _same_mask(a: NDArray[np.bool_] | None, b: NDArray[np.bool_] | None) -> bool:
    if a is None or b is None:
        return a is b
    return a.shape == b.shape and bool(np.array_equal(a, b))


class Pin:
    """A: the numbers pinned, and the difference last asked for (kept while B stands)."""

    def __init__(self, numbers: HeldNumbers) -> None:
        self.numbers = numbers
        self._difference: tuple[AttentionResult, AttentionResult, Difference | None] | None = None

    def result(self, b_head: int) -> AttentionResult:
        """Return A's four steps, of the head B shows (A's last if it has fewer)."""
        numbers = self.numbers
        numbers.selected_head = min(b_head, max(numbers.heads - 1, 0))
        return numbers.shown_result

    def difference(self, b: AttentionResult, b_head: int) -> Difference | None:
        """Return B − A (None when the shapes differ), computed once for each B."""
        a = self.result(b_head)
        kept = self._difference
        if kept is None or kept[0] is not a or kept[1] is not b:
            self._difference = kept = (a, b, difference(a, b))
        return kept[2]


__all__ = ["Change", "Difference", "Pin", "changes", "comparable", "difference"]
