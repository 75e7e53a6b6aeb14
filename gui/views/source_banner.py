"""A line above the heatmaps that says whose numbers these are, when a real model's.

"Real numbers of all-MiniLM-L6-v2, layer 1, head 1: “the cat eats fish”", and once they
are edited (or τ, a mask, the heads or dropout change what the model computes), that they
are no longer the model's, with a button that gives them back; one line, cut to the width,
the whole story and the attribution in its tooltip. Hidden for numbers that were typed.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QFont, QGuiApplication
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSizePolicy, QWidget

from gui.model.state import AttentionState
from gui.plots.text_scale import scaled_font
from gui.support.engine_text import message_text
from gui.support.language import Retranslating

THE_MODELS = "background: #E8F1FB; color: #0B3D6B; padding: 3px 6px; border-radius: 3px;"
CHANGED = "background: #FDEBD0; color: #6E2C00; padding: 3px 6px; border-radius: 3px;"


class SourceBanner(Retranslating, QWidget):
    """Where the numbers come from, whether they are still the model's, and a way back."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setObjectName("sourceBanner")
        self._full = ""
        self._texts: list[str] = []  # the line in full, then shorter forms
        self.line = QLabel(self)
        self.line.setObjectName("sourceLine")
        # one line, cut to the width: a long sentence must not take the heatmaps' room
        self.line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.line.installEventFilter(self)
        self.restore = QPushButton(self)
        self.restore.setObjectName("restoreModelButton")
        self.restore.clicked.connect(lambda: state.restore_source())
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.line, 1)
        layout.addWidget(self.restore)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._base_font = QFont(QGuiApplication.font())
        for signal in (state.source_changed, state.result_changed, state.tokens_changed):
            signal.connect(self._show_state)
        state.view.font_scale_changed.connect(self._on_font_scale_changed)
        self._on_font_scale_changed(state.view.font_scale)
        self.retranslate()

    def retranslate(self) -> None:
        """Write the line and the button again in the current language."""
        self.restore.setText(self.tr("Restore"))
        self.restore.setToolTip(self.tr("Restore the model's numbers (also in Edit)"))
        self._show_state()

    def text_in_full(self) -> str:
        """Return the whole line (on screen it is cut to the width, the tooltip has it all)."""
        return self._full

    def is_changed(self) -> bool:
        """Return True when it says the numbers are no longer the model's."""
        return self.state.source is not None and not self.state.is_as_the_model_computes

    def _on_font_scale_changed(self, scale: float) -> None:
        font = scaled_font(self._base_font, scale)  # the presenter view: read from the back too
        self.line.setFont(font)
        self.restore.setFont(font)
        self._fit()

    def _show_state(self, *_: object) -> None:
        source = self.state.source
        self.setVisible(source is not None)
        if source is None:
            return
        where = message_text(source.describe())
        name = source.model.rsplit("/", 1)[-1]
        if source.is_layer:  # every head of the layer, side by side
            short = self.tr("{0}, layer {1}, its {2} heads").format(name, source.layer,
                                                                    source.heads)  # fmt: skip
            shorter = self.tr("layer {0}, its {1} heads").format(source.layer, source.heads)
        else:
            short = self.tr("{0}, layer {1}, head {2}").format(name, source.layer, source.head)
            shorter = self.tr("layer {0}, head {1}").format(source.layer, source.head)
        # each line in full, then shorter where the full one does not fit (at 1280 px the
        # edited layer's read "…, layer 2, its 1…"); the tooltip tells it all
        if not self.state.is_the_models:
            edited = self.tr("Edited: no longer the numbers of {0}")
            texts = [edited.format(short), edited.format(shorter),
                     self.tr("Edited: no longer the model's numbers")]  # fmt: skip
            more = self.tr(
                "These were the numbers of {0}. Editing changes this one attention step only; "
                "the rest of the model does not run again."
            ).format(where)
        elif not self.state.is_as_the_model_computes:
            other = self.tr("The Q, K, V of {0}, not computed as the model does")
            texts = [other.format(short), other.format(shorter),
                     self.tr("Not computed as the model does")]  # fmt: skip
            more = self.tr(
                "The model computes this head with τ = √d_k, one head, no mask and no dropout: {0}"
            ).format(where)
            if source.is_layer:
                more = self.tr(
                    "The model computes this layer with τ = √d_k, its {0} heads, no mask and "
                    "no dropout: {1}"
                ).format(source.heads, where)
        else:
            real = self.tr("Real numbers of {0}: “{1}”")
            texts = [real.format(short, source.sentence), real.format(shorter, source.sentence)]
            more = where
        self._full, self._texts = texts[0], texts
        self.line.setStyleSheet(CHANGED if self.is_changed() else THE_MODELS)
        self.restore.setVisible(self.is_changed())
        self.setToolTip(f"{more}\n{message_text(source.credit())}")
        self._fit()

    def shown_text(self) -> str:
        """Return the line as it is on screen: the first form that fits, else cut."""
        return self.line.text()

    def _fit(self) -> None:
        room = max(self.line.width() - 16, 40)  # its share of the row, the button's aside
        metrics = self.line.fontMetrics()
        fitting = (text for text in self._texts if metrics.horizontalAdvance(text) <= room)
        last = self._texts[-1] if self._texts else ""
        shown = next(fitting, None) or metrics.elidedText(last, Qt.TextElideMode.ElideRight, room)
        self.line.setText(shown)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        """Cut the line to its new width (the button came or went, the window changed)."""
        if watched is self.line and event.type() == QEvent.Type.Resize:
            self._fit()
        return False
