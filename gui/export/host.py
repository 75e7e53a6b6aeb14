"""What export needs of the window it plugs into, and nothing more.

Export never receives the window: it is given an :class:`ExportHost`, which the main
window satisfies (and a test may fake). The host hands over the state (and the real model's
run), its plots on screen (for their context menus), the experiment's panel and a place for
news; export asks nothing else of it. What is exported is drawn from the state alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pyqtgraph as pg
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QWidget

from gui.model.model_run import ModelRun
from gui.model.state import AttentionState

if TYPE_CHECKING:  # the experiment's panel is imported when first built, not at start-up
    from gui.variance.panel import VariancePanel


class ExportHost(Protocol):
    """The window, as export sees it."""

    state: AttentionState
    model_run: ModelRun  # a real model's sentence: its atlas

    def figure_views(self) -> dict[str, pg.GraphicsView]:
        """Return file stem → plot on screen of each figure that has one (its context menu).

        What is exported is drawn from the state alone (gui.export.page_figures), never
        from these.
        """
        ...

    def experiment(self) -> VariancePanel:
        """Return the experiment's panel, built if it was not yet."""
        ...

    def has_experiment(self) -> bool:
        """Return True once the experiment's panel exists (asking ``experiment`` builds it)."""
        ...

    def mixing_legend(self) -> str:
        """Return the HTML legend of the mixing view: which colour is which token."""
        ...

    def mixing_entries(self) -> list[tuple[QColor, str]]:
        """Return the mixing view's legend as colours and texts ("猫 0.27"), as drawn."""
        ...

    def show_status(self, message: str) -> None:
        """Show a short piece of news (a file saved, an export done)."""
        ...

    def dialog_parent(self) -> QWidget:
        """Return the widget that dialogs and message boxes belong to."""
        ...
