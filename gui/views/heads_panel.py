"""The panel of the lessons after the first: every head, the lines, the concat and W_o, the mask.

Its tab is behind the dial's when the window opens, so its views are built when it is first
shown, or first asked for (a test, an export, the window's figures): not on the way to the
first paint (about 25 ms of a 400 ms start, with their imports and layouts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from gui.model.state import AttentionState
from gui.support.language import Retranslating

if TYPE_CHECKING:
    from gui.views.concat_view import ConcatView
    from gui.views.head_grid import HeadGrid
    from gui.views.mask_editor import MaskEditor
    from gui.views.weight_lines import WeightLines


class _Pages:
    """The panel's four views and their tabs, once built."""

    def __init__(self, state: AttentionState, panel: QWidget) -> None:
        from gui.views.concat_view import ConcatView
        from gui.views.head_grid import HeadGrid
        from gui.views.mask_editor import MaskEditor
        from gui.views.weight_lines import WeightLines

        self.grid = HeadGrid(state, panel)
        self.concat = ConcatView(state, panel)
        self.mask_editor = MaskEditor(state, panel)
        self.lines = WeightLines(state, panel)
        self.tabs = QTabWidget(panel)
        self.tabs.setObjectName("headsTabs")
        self.areas: dict[QWidget, QWidget] = {}  # each view → the scroll area it is in
        for page in (self.grid, self.lines, self.concat, self.mask_editor):
            area = QScrollArea(panel)  # the panel may be small, the page still whole
            area.setWidgetResizable(True)
            area.setFrameShape(QFrame.Shape.NoFrame)
            area.setWidget(page)
            self.areas[page] = area
            self.tabs.addTab(area, "")


class HeadsPanel(Retranslating, QWidget):
    """Tabs: the head grid, the weights as lines, the concat view and the mask painted by hand.

    The views are built the first time the panel is shown or one of them is asked for;
    ``built`` says they exist now.
    """

    built = Signal()

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("headsPanel")
        self._state = state
        self._built: _Pages | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    def _pages_built(self) -> _Pages:
        if self._built is None:
            self._built = _Pages(self._state, self)
            self._layout.addWidget(self._built.tabs)
            self.retranslate()
            self.built.emit()
        return self._built

    def is_built(self) -> bool:
        """Return True once the views exist (shown, or asked for)."""
        return self._built is not None

    @property
    def grid(self) -> HeadGrid:
        """The head grid (built if it was not yet)."""
        return self._pages_built().grid

    @property
    def concat(self) -> ConcatView:
        """The concat and W_o view (built if it was not yet)."""
        return self._pages_built().concat

    @property
    def mask_editor(self) -> MaskEditor:
        """The mask painted by hand (built if it was not yet)."""
        return self._pages_built().mask_editor

    @property
    def lines(self) -> WeightLines:
        """The weights as lines (built if it was not yet)."""
        return self._pages_built().lines

    @property
    def tabs(self) -> QTabWidget:
        """The tabs of the four views (built if they were not yet)."""
        return self._pages_built().tabs

    @property
    def _pages(self) -> dict[QWidget, QWidget]:
        return self._pages_built().areas

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt's name)
        """Build the views the first time the panel is shown, before it is.

        Built in its showEvent, they would be shown one turn of the event loop later, after
        the panel's first layout and paint.
        """
        if visible:
            self._pages_built()
        super().setVisible(visible)

    def retranslate(self) -> None:
        """Name the tabs again in the current language."""
        if self._built is None:
            return  # named when built
        names: dict[QWidget, str] = {
            self.grid: self.tr("Heads"),
            self.lines: self.tr("Lines"),
            self.concat: self.tr("Concat and W_o"),
            self.mask_editor: self.tr("Mask"),
        }
        for page, text in names.items():
            self.tabs.setTabText(self.tabs.indexOf(self._pages[page]), text)
