"""Export of figures, matrices and handouts (to be built)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .main_window import MainWindow


def install(window: MainWindow) -> None:
    """Add the export actions to the window's menus."""
