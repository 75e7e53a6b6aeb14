"""B's four steps, and A's beside them while a setting is pinned, where there is room.

A's steps are built at the first pin (nothing of them on the way to the first paint) and
shown at the left of B's (or of B − A) when the region is wide enough for two sets of
steps, and always when A and B differ in shape (B − A is then not defined).
"""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QHBoxLayout, QWidget

from gui.model.state import AttentionState
from gui.model.view_settings import ViewSettings
from gui.views.pipeline import PipelineView

#: The width from which A's steps stand beside B's: two sets of 600 px.
ROOM = 1200


class ComparedSteps(QWidget):
    """Holds ``steps`` (B's, or what the comparison shows) and, while pinned, ``pinned_steps``."""

    def __init__(
        self,
        state: AttentionState,
        steps: PipelineView,
        parent: QWidget | None = None,
        text_scale: ViewSettings | None = None,
    ) -> None:
        super().__init__(parent)
        self.state = state
        self.steps = steps
        self.pinned_steps: PipelineView | None = None
        self._text_scale = text_scale
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(12)
        self._layout.addWidget(steps, 1)
        state.comparison.changed.connect(self._arrange)
        state.view.compare_shown_changed.connect(self._arrange)
        state.structure_changed.connect(self._arrange)
        state.tokens_changed.connect(self._arrange)

    def side_by_side(self) -> bool:
        """Return True if A's steps should stand beside the others now."""
        comparison = self.state.comparison
        if not comparison.is_on:
            return False
        if not comparison.comparable:
            return True
        return self.state.view.compare_shown != "a" and self.width() >= ROOM

    def _arrange(self) -> None:
        wanted = self.side_by_side()
        if wanted and self.pinned_steps is None:
            self.pinned_steps = PipelineView(self.state, self, self._text_scale, pinned=True)
            self.pinned_steps.setObjectName("pinnedPipeline")
            self._layout.insertWidget(0, self.pinned_steps, 1)
        if self.pinned_steps is not None:
            self.pinned_steps.setVisible(wanted)
            if wanted:
                self.pinned_steps.redraw()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """Stand A's steps beside the others, or not, for the new width."""
        super().resizeEvent(event)
        if self.state.comparison.is_on:
            self._arrange()
