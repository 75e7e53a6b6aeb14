"""What the undo stack has changed and the views have not yet been told.

See ``AttentionState._settle``. Plain Python: no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: A rectangle of one matrix: its name, top, left, rows, columns.
Rectangle = tuple[str, int, int, int, int]


@dataclass
class PendingChange:
    """How the state was before the undo stack's current operation changed it."""

    tokens: tuple[str, ...]
    shapes: dict[str, tuple[int, ...]]
    causal: bool
    temperature: float | None  # τ shown, None before the first result
    lessons: tuple[object, ...] = ()  # heads, padding, own mask, dropout: see state._lessons
    #: the arrays themselves (never written in place): an array still there did not change
    matrices: dict[str, object] = field(default_factory=dict)
    source: object = None  # the real model's head the numbers came from (HeadSource)
    full: bool = False  # a snapshot was installed (else only cells were written)
    rectangles: list[Rectangle] = field(default_factory=list)

    def note(self, full: bool, rectangle: Rectangle | None) -> None:
        """Add one more change: a whole snapshot (``full``) or the cells of ``rectangle``."""
        self.full |= full
        if rectangle is not None:
            self.rectangles.append(rectangle)
