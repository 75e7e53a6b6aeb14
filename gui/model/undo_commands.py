"""Undo commands of the state object: every user change is one of these."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import NDArray
from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:
    from gui.model.state import AttentionState

CELL_EDIT_ID = 1


@dataclass(frozen=True)
class Snapshot:
    """Everything the user edits, as it was at one moment (arrays are private copies)."""

    tokens: tuple[str, ...]
    matrices: dict[str, NDArray[np.float64]]
    causal: bool
    temperature: float | None  # None: the standard √d_k
    # Only loading a preset brings its τ along; other steps leave the dial where it is.
    sets_temperature: bool = False
    # A session's own mask (tokens × tokens, True = allowed), kept and applied with the
    # causal one; there is no editor for it, but opening and saving must not lose it.
    mask: NDArray[np.bool_] | None = None


class SnapshotCommand(QUndoCommand):
    """A change of structure (tokens, dimensions, preset, mask): swap whole snapshots."""

    def __init__(self, state: AttentionState, before: Snapshot, after: Snapshot, text: str):
        super().__init__(text)
        self._state, self._before, self._after = state, before, after

    def redo(self) -> None:
        self._state._restore(self._after)

    def undo(self) -> None:
        self._state._restore(self._before)


class BlockCommand(QUndoCommand):
    """New values for a rectangle of one matrix (a typed cell or a pasted block)."""

    def __init__(
        self,
        state: AttentionState,
        name: str,
        top: int,
        left: int,
        block: NDArray[np.float64],
        text: str,
    ) -> None:
        super().__init__(text)
        self._state, self.name, self.top, self.left = state, name, top, left
        rows, cols = block.shape
        self.new = block.copy()
        self.old = state.matrix(name)[top : top + rows, left : left + cols].copy()

    def redo(self) -> None:
        self._state._write_block(self.name, self.top, self.left, self.new)

    def undo(self) -> None:
        self._state._write_block(self.name, self.top, self.left, self.old)

    def id(self) -> int:
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
