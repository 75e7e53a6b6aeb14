"""A's selected row drawn as outlines behind B's bars while a setting is pinned (issue 28).

The dial's weight bars and the mixing view each own one of these: it reads A's row from
``state.comparison``, makes the outline items' bars from it, and makes them again only for
another A or another row. While the dial plays B's τ, A stands still: its outlines are not
made again on any frame. Nothing is drawn without a pin, nor when A and B differ in shape
(an outline over another token's bar would mislead).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from engine import AttentionResult
from gui.model.state import AttentionState
from gui.plots.bar_stacks import BarStacks

A_COLOUR = QColor("#3B1F5C")  # the comparison bar's ink: what belongs to A
A_WIDTH = 0.92  # an outline is wider than B's bars (0.7): its sides show beside them
NONE = np.zeros((1, 0))


class PinnedRow:
    """A's result and the selected row, and whether they changed since the last look."""

    def __init__(self, state: AttentionState) -> None:
        self.state = state
        self.result: AttentionResult | None = None
        self.row = 0
        self._seen: tuple[AttentionResult | None, int, object] | None = None

    def look(self, also: object = None) -> bool:
        """Read A now; return True if A, its row or ``also`` changed since the last look.

        ``also``: what else the drawing depends on, compared by value. A is compared by
        identity: the same result object is the same A.
        """
        comparison = self.state.comparison
        result = comparison.result if comparison.is_on and comparison.comparable else None
        row = self.state.selected_token
        seen = self._seen
        self.result, self.row, self._seen = result, row, (result, row, also)
        if seen is None or seen[0] is not result:
            return True
        return result is not None and seen[1:] != (row, also)

    def forget(self) -> None:
        """Make the next look a change (the items were cleared, or restyled)."""
        self._seen = None

    def weights(self) -> np.ndarray | None:
        """Return A's weights of the row (A′'s while A trains with dropout), or None."""
        return None if self.result is None else self.result.weights[self.row]


class WeightOutlines:
    """A's weights of the selected row as outlined bars behind B's, in the dial's chart."""

    def __init__(self, state: AttentionState, plot: pg.GraphicsObject) -> None:
        self.pinned = PinnedRow(state)
        self.bars = BarStacks(pg.mkPen(A_COLOUR, width=1.5, style=Qt.PenStyle.DashLine), False)
        self.bars.set_colours([A_COLOUR])
        plot.addItem(self.bars)

    def draw(self, many: bool) -> np.ndarray | None:
        """Draw A's row if it changed; return it (None: nothing drawn).

        ``many``: B's bars touch (one per pixel or less); A's are then drawn over them, or
        nothing of A would show where A is below B.
        """
        pinned = self.pinned
        if pinned.look(many):
            weights = pinned.weights()
            if weights is None:
                self.bars.set_bars(np.arange(0), A_WIDTH, NONE, NONE)
            else:
                x = np.arange(len(weights))
                self.bars.set_bars(x, 1.0 if many else A_WIDTH, np.zeros((1, len(x))),
                                   weights[None, :])  # fmt: skip
                self.bars.setZValue(1 if many else -1)
        return pinned.weights()

    def shown(self) -> np.ndarray | None:
        """Return the heights of the outlines drawn (None: none), for tests."""
        heights = self.bars.heights
        return heights[0].copy() if heights.size else None


class MixOutlines:
    """A's stacks (A_ij × v_j of A, in B's groups and colours) and A's z, behind B's."""

    def __init__(self, state: AttentionState, plot: pg.GraphicsObject) -> None:
        self.pinned = PinnedRow(state)
        self.stacks = BarStacks(pg.mkPen(A_COLOUR, width=1.5), False)
        self.stacks.setZValue(-1)
        plot.addItem(self.stacks)
        pen = pg.mkPen(A_COLOUR, width=2, style=Qt.PenStyle.DashLine)
        self.totals = pg.PlotDataItem(connect="pairs", pen=pen)
        self.totals.setZValue(1)  # over B's stacks (A's z read inside them), under their totals
        plot.addItem(self.totals)
        self.extent = (0.0, 0.0)  # the lowest and highest point of A's stacks
        self._z = np.zeros(0)

    def draw(self, groups: Sequence[np.ndarray], colours: Sequence[QColor]) -> None:
        """Draw A's row in B's ``groups`` (token indices) and ``colours``, if it changed."""
        also = (tuple(tuple(int(j) for j in g) for g in groups), tuple(c.name() for c in colours))
        pinned = self.pinned
        if not pinned.look(also):
            return
        result = pinned.result
        if result is None:
            self.stacks.set_bars(np.arange(0), A_WIDTH, NONE, NONE)
            self.totals.setData([], [])
            self.extent, self._z = (0.0, 0.0), np.zeros(0)
            return
        contributions = result.weights[pinned.row][:, None] * result.v  # (L, d_v)
        stacked = np.array([contributions[g].sum(axis=0) for g in groups])  # (groups, d_v)
        positive, negative = np.clip(stacked, 0, None), np.clip(stacked, None, 0)
        up = np.cumsum(positive, axis=0) - positive
        down = np.cumsum(negative, axis=0) - negative
        dims = np.arange(stacked.shape[1])
        self.stacks.set_colours(colours)
        self.stacks.set_bars(dims, A_WIDTH, np.where(stacked >= 0, up, down), stacked)
        self._z = result.context[pinned.row].copy()  # as the heatmap writes it
        xs = np.column_stack([dims - A_WIDTH / 2, dims + A_WIDTH / 2]).ravel()
        self.totals.setData(xs, np.repeat(self._z, 2))
        self.extent = (float(negative.sum(axis=0).min(initial=0.0)),
                       float(positive.sum(axis=0).max(initial=0.0)))  # fmt: skip

    def is_drawn(self) -> bool:
        """Return True while A's outlines are drawn."""
        return self._z.size > 0

    def totals_drawn(self) -> np.ndarray:
        """Return A's z as its dashed lines mark it (empty: none), for tests."""
        z: np.ndarray = self._z.copy()
        return z
