"""The explanation panel: the arithmetic of the clicked cell, with the user's numbers."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QTextBrowser, QVBoxLayout, QWidget

from engine import explain

from . import explain_text
from .state import AttentionState


class ExplainPanel(QWidget):
    """Subscribes to the state's selected cell and result; formats the engine's steps."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explainPanel")
        self.state = state
        self.browser = QTextBrowser(self)
        self.browser.setOpenLinks(False)
        self.show_all = QCheckBox(self.tr("Show every term"), self)
        self.show_all.setToolTip(self.tr("Long sums are shortened; tick to see every term"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        layout.addWidget(self.show_all)
        self.show_all.toggled.connect(self._refresh)
        for signal in (state.selected_cell_changed, state.result_changed,
                       state.precision_changed, state.tokens_changed):  # fmt: skip
            signal.connect(self._refresh)
        self._refresh()

    def text(self) -> str:
        """What the panel shows, as plain text (for tests and copying)."""
        return self.browser.toPlainText()

    def _refresh(self) -> None:
        cell = self.state.selected_cell
        if cell is None:
            hint = self.tr("Click any cell of a heatmap to see how it is calculated.")
            self.browser.setHtml(f"<p><i>{hint}</i></p>")
            return
        step, row, col = cell
        result, tokens = self.state.result, self.state.tokens
        digits, full = self.state.precision, self.show_all.isChecked()
        if step == "scores":
            html = explain_text.explain_score(explain(result, step, row, col), tokens, digits, full)
        elif step == "scaled":
            html = explain_text.explain_scaled(explain(result, step, row, col), tokens, digits)
        elif step == "weights":
            html = explain_text.explain_weight(
                explain(result, step, row, col), tokens, digits, full
            )
        else:
            column = None if col < 0 else col
            html = explain_text.explain_context(
                explain(result, "context", row, column), tokens, digits, full
            )
        self.browser.setHtml(html)
