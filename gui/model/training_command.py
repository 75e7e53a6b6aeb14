"""A training run as one undo step.

It holds B's numbers before and after the run, A's when A trained beside B, and the run's
steps on the curves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
from numpy.typing import NDArray

from gui.model.snapshots import Snapshot
from gui.model.undo_commands import Editable, SnapshotCommand, Text

Matrices = dict[str, NDArray[np.float64]]


@dataclass
class Run:
    """What a run changed besides B's numbers, to be given back and put back.

    ``starts``: the curves' lengths (B's, A's) before it; ``a_before`` and ``a_after``: A's
    matrices, when A trained too; ``taken``: the steps an undo took off the curves.
    """

    starts: tuple[int, int]
    a_before: Matrices | None = None
    a_after: Matrices | None = None
    taken: tuple[list[object], list[object]] = field(default_factory=lambda: ([], []))


class Rewinding(Protocol):
    """The training, as its runs' undo steps use it."""

    def rewind(self, run: Run) -> None:
        """Take the run's steps off the curves, and give A its numbers from before."""
        ...

    def replay(self, run: Run) -> None:
        """Put the run's steps back on the curves, and A's numbers after it."""
        ...


class TrainingCommand(SnapshotCommand):
    """A run of training steps: one undo step, its end moved on as the run goes.

    Undone, it gives back B's numbers from before the run, A's too when A trained beside
    B (the run changed them: Undo does not leave A trained and B not), and takes the run's
    steps off the curves; redone, it puts all of them back.
    """

    def __init__(self, state: Editable, before: Snapshot, after: Snapshot, text: Text,
                 training: Rewinding, run: Run) -> None:  # fmt: skip
        super().__init__(state, before, after, text)
        self._training, self.run = training, run
        self._done = False  # the first redo is the push: the run is there already

    def advance(self, after: Snapshot, text: Text, a_after: Matrices | None) -> None:
        """End the run at ``after`` now (it is installed already), named ``text``."""
        self._after = after
        self.run.a_after = a_after
        self._describe = text if callable(text) else (lambda: text)
        self.setText(self._describe())

    def undo(self) -> None:
        """Give back the numbers from before the run, and the curves without it."""
        super().undo()
        self._training.rewind(self.run)

    def redo(self) -> None:
        """Install the run's end again (nothing to do at the push)."""
        super().redo()
        if self._done:
            self._training.replay(self.run)
        self._done = True
