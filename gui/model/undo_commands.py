"""Undo commands of the state object: every user change is one of these."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeAlias

import numpy as np
from numpy.typing import NDArray
from PySide6.QtGui import QUndoCommand

from gui.model.snapshots import Snapshot

CELL_EDIT_ID = 1
#: An undo step's name: text, or how to write it in the current language (see retranslate).
Text: TypeAlias = str | Callable[[], str]


def _describer(text: Text) -> Callable[[], str]:
    return text if callable(text) else (lambda: text)


class Editable(Protocol):
    """What the commands change: the state's inputs, written without a new undo step."""

    def matrix(self, name: str) -> NDArray[np.float64]:
        """Return the input matrix ``name`` as it is now."""
        ...

    def apply_snapshot(self, snapshot: Snapshot) -> None:
        """Install every input of ``snapshot``."""
        ...

    def write_block(self, name: str, top: int, left: int, block: NDArray[np.float64]) -> None:
        """Write ``block`` into matrix ``name`` from (``top``, ``left``)."""
        ...


class TemperatureSetting(Protocol):
    """What a τ step changes: the state's τ, set without a new undo step."""

    def set_temperature(self, temperature: float | None) -> None:
        """Set τ (None: follow √d_k)."""
        ...


class SnapshotCommand(QUndoCommand):
    """A change of structure (tokens, dimensions, preset, mask): swap whole snapshots."""

    def __init__(self, state: Editable, before: Snapshot, after: Snapshot, text: Text):
        self._describe = _describer(text)
        super().__init__(self._describe())
        self._state, self._before, self._after = state, before, after

    def retranslate(self) -> None:
        """Name this step again in the current language."""
        self.setText(self._describe())

    def redo(self) -> None:
        """Install the snapshot after the change."""
        self._state.apply_snapshot(self._after)

    def undo(self) -> None:
        """Install the snapshot from before the change."""
        self._state.apply_snapshot(self._before)


class BlockCommand(QUndoCommand):
    """New values for a rectangle of one matrix (a typed cell or a pasted block)."""

    def __init__(
        self,
        state: Editable,
        name: str,
        top: int,
        left: int,
        block: NDArray[np.float64],
        text: Text,
    ) -> None:
        self._describe = _describer(text)
        super().__init__(self._describe())
        self._state, self.name, self.top, self.left = state, name, top, left
        rows, cols = block.shape
        self.new = block.copy()
        self.old = state.matrix(name)[top : top + rows, left : left + cols].copy()

    def retranslate(self) -> None:
        """Name this step again in the current language."""
        self.setText(self._describe())

    def redo(self) -> None:
        """Write the new values into the rectangle."""
        self._state.write_block(self.name, self.top, self.left, self.new)

    def undo(self) -> None:
        """Write the old values back into the rectangle."""
        self._state.write_block(self.name, self.top, self.left, self.old)

    def id(self) -> int:
        """Return one shared id for 1×1 blocks, so that Qt tries to merge them; -1 otherwise."""
        return CELL_EDIT_ID if self.new.shape == (1, 1) else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802
        """Repeated edits of one cell become one undo step."""
        if not isinstance(other, BlockCommand) or other.new.shape != (1, 1):
            return False
        if (other.name, other.top, other.left) != (self.name, self.top, self.left):
            return False
        self.new = other.new
        # Typing a cell back to where it started leaves nothing to undo.
        self.setObsolete(bool(np.array_equal(self.new, self.old)))
        return True


class TemperatureCommand(QUndoCommand):
    """τ set by the dial's buttons, box or knob: one step per press, value or drag.

    The dial has already set τ frame by frame when this is pushed: its first redo finds
    it there and changes nothing.
    """

    def __init__(self, state: TemperatureSetting, before: float | None, after: float | None,
                 text: Text) -> None:  # fmt: skip
        self._describe = _describer(text)
        super().__init__(self._describe())
        self._state, self.before, self.after = state, before, after

    def retranslate(self) -> None:
        """Name this step again in the current language."""
        self.setText(self._describe())

    def redo(self) -> None:
        """Set τ as the dial left it."""
        self._state.set_temperature(self.after)

    def undo(self) -> None:
        """Set τ as it was before."""
        self._state.set_temperature(self.before)
