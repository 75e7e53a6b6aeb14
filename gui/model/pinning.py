"""Pin the whole setting as A; what changes after it is B (owned by the state).

A is held apart from the undo stack: Undo and Redo move B and never touch A. Views read
A's four steps, B − A and what differs from here, and hear of a pin or unpin from
``changed``; B's own changes they hear of from the state, as always.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QObject, Signal

from engine import AttentionResult, Dropout, Preset
from engine.vocabulary import STEPS
from gui.model.held_numbers import HeldNumbers
from gui.model.snapshots import snapshot_of
from gui.support.language import current_language

if TYPE_CHECKING:  # loaded when first needed: the first cell explained, the first pin
    from engine.lesson.explain import ContextStep, ScaledStep, ScoreStep, WeightStep
    from gui.model.comparison import Change, Difference, Pin


class Comparison(QObject):
    """A (``pinned``), against the state's numbers, B."""

    changed = Signal()  # a setting pinned as A, or the pin taken away

    def __init__(
        self, numbers: HeldNumbers, b_head: Callable[[], int], parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._b = numbers
        self._b_head = b_head
        self._pin: Pin | None = None
        self._caption: tuple[tuple[object, object], tuple[object, ...], str] | None = None

    @property
    def pinned(self) -> Pin | None:
        """Return A, the setting pinned to compare against (None: no comparison)."""
        return self._pin

    @property
    def is_on(self) -> bool:
        """Return True while a setting is pinned."""
        return self._pin is not None

    def pin(self, preset: Preset | None = None) -> None:
        """Pin the whole setting as it is now as A (or ``preset``'s, a comparison's A).

        The inputs, τ, masks, heads, dropout and the real model's head: the computation on
        screen is A's, not made again.
        """
        from gui.model.comparison import Pin

        if preset is None:
            numbers = HeldNumbers(self._b.snapshot, self._b.computed)
            numbers.selected_head = self._b_head()
        else:
            numbers = HeldNumbers(snapshot_of(preset))
            numbers.selected_head = preset.selected_head
        self._pin = Pin(numbers)
        self.changed.emit()

    def replace_inputs(self, matrices: dict[str, NDArray[np.float64]]) -> None:
        """Give A new input matrices (training A beside B); the rest of A stays."""
        pin = self._pin
        if pin is None:
            return
        from gui.model.comparison import Pin

        a = pin.numbers
        numbers = HeldNumbers(replace(a.snapshot, matrices=matrices))
        numbers.selected_head = a.selected_head
        self._pin = Pin(numbers)
        self.changed.emit()

    def unpin(self) -> None:
        """End the comparison: only B is shown again."""
        if self._pin is not None:
            self._pin = None
            self.changed.emit()

    @property
    def result(self) -> AttentionResult | None:
        """Return A's four steps (of the head B shows), or None without a pin."""
        return None if self._pin is None else self._pin.result(self._b_head())

    @property
    def dropped(self) -> Dropout | None:
        """Return A's weights after dropout while A trains with p > 0, else None."""
        pin = self._pin
        if pin is None:
            return None
        pin.result(self._b_head())  # A's head is the one B shows
        return pin.numbers.dropped

    def explain(
        self, step: str, row: int, col: int | None
    ) -> ScoreStep | ScaledStep | WeightStep | ContextStep | None:
        """Return the hand calculation of one cell of A (None: no pin, or A has no such cell).

        ``col`` None: the whole row (step ④); −1 is not a cell, as in the state's.
        """
        pin = self._pin
        if pin is None or step not in STEPS:
            return None
        rows, cols = getattr(pin.result(self._b_head()), step).shape  # A's head is B's
        if not (0 <= row < rows and (col is None or 0 <= col < cols)):
            return None
        return pin.numbers.explain(step, row, col)

    @property
    def difference(self) -> Difference | None:
        """Return B − A at every step; None without a pin or when the shapes differ."""
        pin = self._pin
        return None if pin is None else pin.difference(self._b.shown_result, self._b_head())

    @property
    def comparable(self) -> bool:
        """Return True if B − A is defined: a pin, and every step of the same shape."""
        a = self.result
        if a is None:
            return False
        from gui.model.comparison import comparable

        return comparable(a, self._b.shown_result)

    @property
    def tokens(self) -> tuple[str, ...]:
        """Return A's tokens (B's without a pin)."""
        return self._b.tokens if self._pin is None else self._pin.numbers.tokens

    def changes(self) -> list[Change]:
        """Return how B differs from A (empty without a pin)."""
        pin = self._pin
        if pin is None:
            return []
        from gui.model.comparison import changes

        a = pin.numbers
        return changes(a.snapshot, self._b.snapshot, a.selected_head, self._b_head())

    def caption(self) -> str:
        """Return what differs, in words: "A: τ = 0.5 · B: τ = 2" ("" without a pin)."""
        pin = self._pin
        if pin is None:
            return ""
        # read afresh only for other numbers (snapshots are replaced, never changed in
        # place) or another language: the line asks on every frame of the dial
        snapshots = (pin.numbers.snapshot, self._b.snapshot)
        rest = (pin.numbers.selected_head, self._b_head(), current_language())
        kept = self._caption
        if kept is None or kept[0][0] is not snapshots[0] or kept[0][1] is not snapshots[1] \
                or kept[1] != rest:  # fmt: skip
            from gui.model.comparison_text import caption as in_words

            kept = self._caption = (snapshots, rest, in_words(self.changes()))
        return kept[2]
