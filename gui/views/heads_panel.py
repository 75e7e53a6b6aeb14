"""The panel of the lessons after the first: every head, the lines, the concat and W_o, the mask."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from gui.model.state import AttentionState
from gui.support.language import Retranslating
from gui.views.concat_view import ConcatView
from gui.views.head_grid import HeadGrid
from gui.views.mask_editor import MaskEditor
from gui.views.weight_lines import WeightLines


class HeadsPanel(Retranslating, QWidget):
    """Tabs: the head grid, the weights as lines, the concat view and the mask painted by hand."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("headsPanel")
        self.grid = HeadGrid(state, self)
        self.concat = ConcatView(state, self)
        self.mask_editor = MaskEditor(state, self)
        self.lines = WeightLines(state, self)
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("headsTabs")
        self._pages: dict[QWidget, QWidget] = {}  # each view → the scroll area it is in
        for page in (self.grid, self.lines, self.concat, self.mask_editor):
            self.tabs.addTab(self._scrolled(page), "")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)
        self.retranslate()

    def _scrolled(self, page: QWidget) -> QWidget:
        """Return ``page`` in a scroll area: the panel may be small, the page still whole."""
        area = QScrollArea(self)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        area.setWidget(page)
        self._pages[page] = area
        return area

    def retranslate(self) -> None:
        """Name the tabs again in the current language."""
        names: dict[QWidget, str] = {
            self.grid: self.tr("Heads"),
            self.lines: self.tr("Lines"),
            self.concat: self.tr("Concat and W_o"),
            self.mask_editor: self.tr("Mask"),
        }
        for page, text in names.items():
            self.tabs.setTabText(self.tabs.indexOf(self._pages[page]), text)
