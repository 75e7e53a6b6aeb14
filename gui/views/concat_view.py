"""Where each head's Z lands: the concat [Z_1 | … | Z_h], and its projection by W_o.

The shapes are written as the lesson writes them: (3×8)·(8×4) → (3×4) → split into 2
heads of (3×2) → … → Concat (3×6) · W_o (6×6) → output (3×6).
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from gui.model.state import AttentionState
from gui.plots.heatmap import Heatmap
from gui.support.language import Retranslating
from gui.views.drawn_when_shown import DrawnWhenShown
from gui.views.formula_bar import listed


def shape(rows: int, cols: int) -> str:
    """Return a shape as the lesson writes it: (3×8)."""
    return f"({rows}×{cols})"


class ConcatView(Retranslating, DrawnWhenShown):
    """The concat of every head's context and, with W_o, the output; the shapes above."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setObjectName("concatView")
        self.shapes = QLabel(self)
        self.shapes.setObjectName("concatShapes")
        self.shapes.setWordWrap(True)
        self.concat_title, self.output_title = QLabel(self), QLabel(self)
        self.concat = Heatmap("diverging", self)
        self.concat.setObjectName("concatHeatmap")
        self.output = Heatmap("diverging", self)
        self.output.setObjectName("outputHeatmap")
        for heatmap in (self.concat, self.output):
            heatmap.setMinimumSize(160, 110)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        for widget in (self.shapes, self.concat_title):
            layout.addWidget(widget)
        layout.addWidget(self.concat, 1)
        layout.addWidget(self.output_title)
        layout.addWidget(self.output, 1)
        state.result_changed.connect(self._on_result_changed)
        state.view.precision_changed.connect(self._on_precision_changed)
        state.view.font_scale_changed.connect(self._on_font_scale_changed)
        self._on_precision_changed(state.precision)
        self._refresh()

    def story(self) -> str:
        """Return the shapes from the inputs to the output, one path a line, in the language."""
        state = self.state
        heads, tokens = state.heads, len(state.tokens)
        qk, v = shape(tokens, state.width_qk), shape(tokens, state.width_v)
        lines = []
        if state.is_projection:
            d_model = state.d_model
            lines.append(self.tr("X {0} · W_q {1} → Q {2}, and so K; X · W_v {3} → V {4}").format(
                shape(tokens, d_model), shape(d_model, state.width_qk), qk,
                shape(d_model, state.width_v), v))  # fmt: skip
        lines.append(
            self.tr("Q, K {0} → split into {1} heads of {2}; V {3} → {1} heads of {4}").format(
                qk, heads, shape(tokens, state.d_k), v, shape(tokens, state.d_v)
            )
        )
        lines.append(self.tr("each head i: softmax(Q_i K_iᵀ / √d_k) · V_i → Z_i {0}")
                     .format(shape(tokens, state.d_v)))  # fmt: skip
        if state.has_w_o:
            w_o = state.matrix("w_o")
            lines.append(self.tr("Concat {0} · W_o {1} → output {2}").format(
                v, shape(*w_o.shape), shape(tokens, w_o.shape[1])))  # fmt: skip
        else:
            lines.append(self.tr("Concat {0} (no W_o: the output is the concat)").format(v))
        return "\n".join(lines)

    def retranslate(self) -> None:
        """Set every text again in the current language (hidden too: it is rare)."""
        self._refresh()

    def _on_result_changed(self) -> None:
        if self.shown_or_owed():  # behind another tab: drawn when shown
            self._refresh()

    def draw(self) -> None:
        """Draw the concat and the output of the moment."""
        self._refresh()

    def _refresh(self) -> None:
        state = self.state
        heads = state.shown_heads  # with dropout in training: Z′ = A′·V of every head
        self.shapes.setText(self.story())
        z = "Z" if state.dropped is None else "Z′"
        title = f"Concat({listed('head', state.heads)}) = [{listed(z, state.heads, ' | ')}]"
        if state.dropped is not None:
            title = self.tr("{0}, Z′ = A′·V").format(title)
        self.concat_title.setText(title)
        if heads is None:
            matrix = state.shown_result.context
            columns = [f"d{j}" for j in range(matrix.shape[1])]
        else:
            matrix = heads.concat
            width = state.d_v
            columns = [f"{z}{j // width + 1}.d{j % width}" for j in range(matrix.shape[1])]
        self.concat.set_data(matrix, state.tokens, columns)
        has_output = heads is not None and heads.output is not None
        self.output_title.setVisible(has_output)
        self.output.setVisible(has_output)
        if heads is not None and heads.output is not None:
            self.output_title.setText(self.tr("MultiHead(Q, K, V) = Concat(…)·W_o"))
            out = heads.output
            self.output.set_data(out, state.tokens, [f"d{j}" for j in range(out.shape[1])])

    def _on_precision_changed(self, digits: int) -> None:
        for heatmap in (self.concat, self.output):
            heatmap.set_precision(digits)

    def _on_font_scale_changed(self, scale: float) -> None:
        for heatmap in (self.concat, self.output):
            heatmap.set_font_scale(scale)
