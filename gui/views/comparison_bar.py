"""A line above the four steps while a setting is pinned: what differs, and what is shown.

"A: τ = 0.5 · B: τ = 2", then three buttons, B, A and B − A (one choice for the four
steps), and Unpin. When A and B have different shapes, B − A is not a number: the line says
so and the button is off; the steps then show A and B side by side.
"""

from __future__ import annotations

from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QButtonGroup, QHBoxLayout, QLabel, QSizePolicy, QToolButton, QWidget

from gui.model.state import AttentionState
from gui.model.view_settings import COMPARE_SHOWN, ViewSettings
from gui.plots.text_scale import scaled_font
from gui.support.language import Retranslating

LINE = "background: #EFE7F7; color: #3B1F5C; padding: 3px 6px; border-radius: 3px;"


class ComparisonBar(Retranslating, QWidget):
    """Shown only while a setting is pinned as A."""

    def __init__(
        self,
        state: AttentionState,
        parent: QWidget | None = None,
        text_scale: ViewSettings | None = None,
    ) -> None:
        """``text_scale``'s font_scale sizes the text (the presenter view's own)."""
        super().__init__(parent)
        self.state = state
        text_scale = state.view if text_scale is None else text_scale
        self.setObjectName("comparisonBar")
        self.line = QLabel(self)
        self.line.setObjectName("comparisonLine")
        self.line.setStyleSheet(LINE)
        self.line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.line.setWordWrap(True)  # what differs may take two lines; none is cut
        self.choices = QButtonGroup(self)
        self.buttons: dict[str, QToolButton] = {}
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 2, 0, 2)
        layout.addWidget(self.line, 1)
        for shown in COMPARE_SHOWN:
            button = QToolButton(self)
            button.setObjectName(f"compareShown_{shown}")
            button.setCheckable(True)
            button.setChecked(shown == state.view.compare_shown)
            button.clicked.connect(lambda _=False, s=shown: state.view.set_compare_shown(s))
            self.choices.addButton(button)
            self.buttons[shown] = button
            layout.addWidget(button)
        self.unpin = QToolButton(self)
        self.unpin.setObjectName("unpinButton")
        self.unpin.clicked.connect(state.comparison.unpin)
        layout.addWidget(self.unpin)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._base_font = QFont(QGuiApplication.font())
        for signal in (state.comparison.changed, state.result_changed, state.tokens_changed,
                       state.selected_head_changed):  # fmt: skip
            signal.connect(self._show_state)
        state.view.compare_shown_changed.connect(self._show_state)
        text_scale.font_scale_changed.connect(self._on_font_scale_changed)
        self._on_font_scale_changed(text_scale.font_scale)
        self.retranslate()

    def retranslate(self) -> None:
        """Write the line and the buttons again in the current language."""
        self.buttons["b"].setText(self.tr("B"))
        self.buttons["b"].setToolTip(self.tr("Show B, the setting you are changing"))
        self.buttons["a"].setText(self.tr("A"))
        self.buttons["a"].setToolTip(self.tr("Show A, the setting pinned"))
        self.buttons["difference"].setText(self.tr("B − A"))
        self.unpin.setText(self.tr("Unpin"))
        self.unpin.setToolTip(self.tr("End the comparison (also in Edit)"))
        self._show_state()

    def text(self) -> str:
        """Return the line as written (what differs, and whether B − A is defined)."""
        return self.line.text()

    def _show_state(self, *_: object) -> None:
        comparison = self.state.comparison
        self.setVisible(comparison.is_on)
        if not comparison.is_on:
            return
        defined = comparison.comparable
        text = comparison.caption()
        if not defined:
            text = self.tr("{0} — B − A is not defined: A and B differ in shape").format(text)
        self.line.setText(text)
        self.line.setToolTip(text)
        difference = self.buttons["difference"]
        difference.setEnabled(defined)
        difference.setToolTip(
            self.tr("Show B − A at every step") if defined
            else self.tr("B − A is not defined: A and B differ in shape (tokens or widths)")
        )  # fmt: skip
        self.buttons[self.state.view.compare_shown].setChecked(True)

    def _on_font_scale_changed(self, scale: float) -> None:
        font = scaled_font(self._base_font, scale)
        for widget in (self.line, self.unpin, *self.buttons.values()):
            widget.setFont(font)
