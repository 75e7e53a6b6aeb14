"""The weights as lines, the view people know from BertViz: A of one head, or of all of them.

Queries on the left, keys on the right, a line from query i to key j shaded by A[i, j];
hovering a token shows only its lines, clicking a query selects it. With h > 1 heads it
shows the selected head, or every head in its own colour.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QSignalBlocker
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from gui.model.state import AttentionState
from gui.plots.weight_lines_plot import LineTexts, WeightLinesPlot, head_colour
from gui.support.language import Retranslating

MODES = ("head", "all")  # the combo box's entries: the selected head, every head


class WeightLines(Retranslating, QWidget):
    """A as lines between the tokens; the figure is ``plot``, a pyqtgraph view (exportable)."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("weightLines")
        self.state = state
        self.mode_label = QLabel(self)
        self.mode = QComboBox(self)
        self.mode.setObjectName("weightLinesMode")
        self.mode.addItems(["", ""])
        self.plot = WeightLinesPlot(self)
        self.plot.setObjectName("weightLinesPlot")
        self._stacked = np.zeros((0, 0, 0))  # every head's A, when all are drawn
        self._drawn_from: tuple[object, ...] = ()
        self.plot.set_source(self._source)
        row = QHBoxLayout()
        row.addWidget(self.mode_label)
        row.addWidget(self.mode)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.plot, 1)
        self.mode.currentIndexChanged.connect(self._refresh)
        for signal in (state.result_changed, state.tokens_changed, state.heads_changed,
                       state.selected_head_changed, state.masks_changed):  # fmt: skip
            signal.connect(self._refresh)
        state.selected_token_changed.connect(self.plot.set_selected)
        state.view.font_scale_changed.connect(self.plot.set_font_scale)
        self.plot.query_clicked.connect(state.select_token)
        self.plot.set_font_scale(state.view.font_scale)
        self.retranslate()

    def retranslate(self) -> None:
        """Write the choice of heads and the figure's words again in the current language."""
        self.mode_label.setText(self.tr("Lines of:"))
        with QSignalBlocker(self.mode):
            self.mode.setItemText(0, self.tr("the selected head"))
            self.mode.setItemText(1, self.tr("every head, one colour each"))
        self._refresh()

    # ----------------------------------------------------------------- public
    def all_heads(self) -> bool:
        """Return True when every head's lines are drawn, each in its colour (needs h > 1)."""
        return MODES[self.mode.currentIndex()] == "all" and self.state.heads > 1

    def set_all_heads(self, on: bool) -> None:
        """Draw every head's lines (True) or the selected head's (False)."""
        self.mode.setCurrentIndex(MODES.index("all" if on else "head"))

    def lines(self) -> list[tuple[int, int, float, int]]:
        """Return (query, key, opacity, head) of every line drawn now, weakest first.

        ``head`` counts from 0 among all the heads (the selected one's number when only it
        is drawn).
        """
        if self.all_heads():
            return self.plot.lines()
        head = self.state.selected_head if self.state.heads > 1 else 0
        return [(query, key, opacity, head) for query, key, opacity, _ in self.plot.lines()]

    def head_colours(self) -> list[QColor]:
        """Return the colour of each head drawn (one, unless every head is shown)."""
        return self.plot.colours()

    # ----------------------------------------------------------------- drawing
    def _source(self) -> tuple[NDArray[np.float64], list[QColor], tuple[str, ...]]:
        """Return A of each head shown (h, L, L), their colours and the tokens (when painted)."""
        state, count = self.state, self.state.heads
        heads = state.heads_result
        if self.all_heads() and heads is not None:
            shape = (count, *heads.heads[0].weights.shape)
            if self._stacked.shape != shape:
                self._stacked = np.empty(shape)
            # into the same memory each time: a new 16 MB (512 tokens, 8 heads) cost 12 ms
            weights = np.stack([head.weights for head in heads.heads], out=self._stacked)
            colours = [head_colour(h, count) for h in range(count)]
        else:
            weights = state.result.weights[None]
            colours = [head_colour(state.selected_head if count > 1 else 0, count)]
        return weights, colours, self.names()

    def names(self) -> tuple[str, ...]:
        """Return the tokens as the figure names them: padding said so."""
        state = self.state
        if not any(state.padding):
            return state.tokens
        return tuple(self.tr("{0}: pad").format(token) if state.is_padding(i) else token
                     for i, token in enumerate(state.tokens))  # fmt: skip

    def _refresh(self) -> None:
        state, count = self.state, self.state.heads
        self.mode.setEnabled(count > 1)
        if self.all_heads():
            title = self.tr("Weights A of all {0} heads, one colour each").format(count)
            if count == 2:  # "of all 2 heads" read oddly
                title = self.tr("Weights A of both heads, one colour each")
            legend = tuple(self.tr("head {0}").format(h + 1) for h in range(count))
        elif count > 1:
            title = self.tr("Weights A of head {0} of {1}").format(state.selected_head + 1, count)
            legend = ()
        else:
            title = self.tr("Weights A as lines: query i → key j")
            legend = ()
        self.plot.set_texts(LineTexts(
            title=title,
            queries=self.tr("queries i"),
            keys=self.tr("keys j"),
            legend=legend,
            darkest=self.tr("Shade ∝ A[i, j]; darkest line: A = {0}"),
            thinned=self.tr("{0} of {1} lines drawn, the strongest; hover a token for its own"),
            thinned_token=self.tr("{0} of this token's {1} lines drawn, the strongest"),
        ))  # fmt: skip
        self.plot.set_selected(state.selected_token)
        shown = self._shown_arrays()
        if len(shown) != len(self._drawn_from) or any(
            a is not b for a, b in zip(shown, self._drawn_from, strict=False)
        ):  # an edit of V leaves every A as it was: nothing to choose or paint again
            self._drawn_from = shown
            self.plot.invalidate()

    def _shown_arrays(self) -> tuple[object, ...]:
        """Return the arrays the lines are drawn from (each A shown, and the names)."""
        heads = self.state.heads_result
        if self.all_heads() and heads is not None:
            return (*(head.weights for head in heads.heads), self.state.tokens,
                    self.state.padding)  # fmt: skip
        return (self.state.result.weights, self.state.tokens, self.state.padding)
