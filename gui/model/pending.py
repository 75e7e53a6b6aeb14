"""What the undo stack has changed and the views have not yet been told.

See ``AttentionState._settle``. Plain Python: no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gui.model.snapshots import Snapshot

#: A rectangle of one matrix: its name, top, left, rows, columns.
Rectangle = tuple[str, int, int, int, int]


@dataclass
class PendingChange:
    """How the state was before the undo stack's current operation changed it."""

    #: the inputs (their arrays are never written in place: one still there did not change)
    before: Snapshot
    temperature: float | None  # τ shown, None before the first result
    full: bool = False  # a snapshot was installed (else only cells were written)
    rectangles: list[Rectangle] = field(default_factory=list)

    def note(self, full: bool, rectangle: Rectangle | None) -> None:
        """Add one more change: a whole snapshot (``full``) or the cells of ``rectangle``."""
        self.full |= full
        if rectangle is not None:
            self.rectangles.append(rectangle)
