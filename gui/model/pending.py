"""What the undo stack has changed, and what the views must be told of it.

See ``AttentionState._settle``: however many commands ran (a jump across a long history),
the views hear once, after everything is in place. Plain Python: no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.lesson.compute import same_bits
from gui.model.held_numbers import HeldNumbers
from gui.model.snapshots import Snapshot

#: A rectangle of one matrix: its name, top, left, rows, columns.
Rectangle = tuple[str, int, int, int, int]
#: A signal of the state to emit: its name, then its arguments.
Told = tuple[object, ...]


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

    def told(self, numbers: HeldNumbers) -> list[Told]:
        """Return the signals that tell what changed, in order, once ``numbers`` are ready.

        Cells only: the rectangles written (the result follows when the event loop comes
        round). Otherwise the selection is brought within the new shapes and the result
        computed first, so that every subscriber sees one consistent state; the models
        reset to new shapes before anyone reads the result.
        """
        if not self.full:
            return [("values_changed", *rectangle) for rectangle in self.rectangles]
        before, now = self.before, numbers.snapshot
        shapes_changed = _shapes(before) != _shapes(now)
        token_moved = numbers.selected_token >= len(now.tokens)
        if token_moved:
            numbers.selected_token = len(now.tokens) - 1
        cell_cleared = numbers.selected_cell is not None and shapes_changed
        if cell_cleared:
            numbers.selected_cell = None
        temperature = numbers.temperature  # (the result computed, before anyone is told)
        told: list[Told] = [("structure_changed",)] if shapes_changed else []
        told.append(("result_changed",))
        if not shapes_changed:  # the grids of the matrices that are new arrays
            told += [("values_changed", name, 0, 0, *m.shape)
                     for name, m in now.matrices.items()
                     if m is not before.matrices.get(name)]  # fmt: skip
        told += [signal for changed, signal in (
            (before.tokens != now.tokens, ("tokens_changed",)),
            (before.causal != now.causal, ("causal_changed", now.causal)),
            ((before.heads, "w_o" in before.matrices) != (now.heads, "w_o" in now.matrices),
             ("heads_changed", now.heads)),
            (before.padding != now.padding or not same_bits(before.mask, now.mask),
             ("masks_changed",)),
            (before.dropout != now.dropout, ("dropout_changed",)),
            (before.source is not now.source, ("source_changed",)),
            (temperature != self.temperature, ("temperature_changed", temperature)),
            (token_moved, ("selected_token_changed", numbers.selected_token)),
            (cell_cleared, ("selected_cell_changed",)),
        ) if changed]  # fmt: skip
        return told


def _shapes(snapshot: Snapshot) -> dict[str, tuple[int, ...]]:
    return {name: m.shape for name, m in snapshot.matrices.items()}
