"""The explanation panel: the arithmetic of the clicked cell, with the user's numbers."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QTextBrowser, QVBoxLayout, QWidget

from engine.explain import ScaledStep, ScoreStep, WeightStep
from gui.model.state import AttentionState
from gui.support.language import Retranslating
from gui.views import hand_calculation_text as explain_text


class ExplainPanel(Retranslating, QWidget):
    """Subscribes to the state's selected cell and result; formats the engine's steps."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explainPanel")
        self.state = state
        self.browser = QTextBrowser(self)
        self.browser.setOpenLinks(False)
        self.show_all = QCheckBox(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        layout.addWidget(self.show_all)
        self.show_all.toggled.connect(self._refresh)
        for signal in (state.selected_cell_changed, state.result_changed,
                       state.view.precision_changed, state.tokens_changed):  # fmt: skip
            signal.connect(self._refresh)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the check box's texts again and rewrite the explanation."""
        self.show_all.setText(self.tr("Show every term"))
        self.show_all.setToolTip(self.tr("Long sums are shortened; tick to see every term"))
        self._refresh()

    def text(self) -> str:
        """Return what the panel shows, as plain text (for tests and copying)."""
        return self.browser.toPlainText()

    def _whole_row(self, step: str, row: int, digits: int, full: bool) -> str:
        """Every cell of one row of S or S/τ, as the lesson writes 猫's three dot products."""
        tokens = self.state.tokens
        columns = list(range(len(tokens)))
        if not full and len(columns) > explain_text.SHORT:
            columns = [*columns[:3], *columns[-2:]]
        parts = []
        for col in columns:
            box = self.state.explain(step, row, col)
            if isinstance(box, ScoreStep):
                parts.append(explain_text.explain_score(box, tokens, digits, full))
            elif isinstance(box, ScaledStep):
                parts.append(explain_text.explain_scaled(box, tokens, digits))
        return "".join(parts)

    def _refresh(self) -> None:
        cell = self.state.selected_cell
        if cell is None:
            hint = self.tr("Click any cell of a heatmap to see how it is calculated.")
            self.browser.setHtml(f"<p><i>{hint}</i></p>")
            return
        step, row, col = cell
        tokens, digits, full = self.state.tokens, self.state.precision, self.show_all.isChecked()
        if col < 0 and step in ("scores", "scaled"):
            html = self._whole_row(step, row, digits, full)
            self.browser.setHtml(html)
            return
        if col < 0 and step == "weights":  # one box shows the whole softmax row
            col = int(self.state.result.weights[row].argmax())
        box = self.state.explain(step, row, None if col < 0 else col)
        if isinstance(box, ScoreStep):
            html = explain_text.explain_score(box, tokens, digits, full)
        elif isinstance(box, ScaledStep):
            html = explain_text.explain_scaled(box, tokens, digits)
        elif isinstance(box, WeightStep):
            html = explain_text.explain_weight(box, tokens, digits, full)
            dropped = self.state.dropped
            if dropped is not None:  # training: the rescaling of a kept weight, or its drop
                html += explain_text.explain_dropout(dropped, box, tokens, digits)
        else:
            html = explain_text.explain_context(box, tokens, digits, full)
        self.browser.setHtml(html)
