"""A line above the heatmaps that says whose numbers these are, when a real model's.

"Real numbers: all-MiniLM-L6-v2, layer 1, head 1: “the cat eats fish”", and once they are
edited (or τ, a mask, the heads or dropout change what the model computes), that they are
no longer the model's, and how to have them back. Hidden for numbers that were typed.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from gui.model.state import AttentionState
from gui.support.engine_text import message_text
from gui.support.language import Retranslating

THE_MODELS = "background: #E8F1FB; color: #0B3D6B; padding: 3px 6px; border-radius: 3px;"
CHANGED = "background: #FDEBD0; color: #6E2C00; padding: 3px 6px; border-radius: 3px;"


class SourceBanner(Retranslating, QLabel):
    """Where the numbers come from, and whether they are still the model's."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setObjectName("sourceBanner")
        self.setWordWrap(True)
        for signal in (state.source_changed, state.result_changed, state.tokens_changed):
            signal.connect(self._show_state)
        self._show_state()

    def retranslate(self) -> None:
        """Write the line again in the current language."""
        self._show_state()

    def is_changed(self) -> bool:
        """Return True when it says the numbers are no longer the model's."""
        return self.state.source is not None and not self.state.is_as_the_model_computes

    def _show_state(self, *_: object) -> None:
        source = self.state.source
        self.setVisible(source is not None)
        if source is None:
            return
        where = message_text(source.describe())
        if not self.state.is_the_models:
            text = self.tr(
                "Edited: these are no longer the numbers of {0}. Editing changes this one "
                "attention step only; the rest of the model does not run again. "
                "Edit → Restore the model's numbers gives them back."
            ).format(where)
        elif not self.state.is_as_the_model_computes:
            text = self.tr(
                "The Q, K and V of {0}, but not computed as the model does (its τ is √d_k, "
                "one head, no mask, no dropout). Edit → Restore the model's numbers."
            ).format(where)
        else:
            text = self.tr("Real numbers of {0}; {1}").format(where, source.attribution)
        self.setStyleSheet(CHANGED if self.is_changed() else THE_MODELS)
        self.setText(text)
        self.setToolTip(source.attribution)
