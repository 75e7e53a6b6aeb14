"""Session files: New, Open, Save, Save As, Recent, autosave and recovery (to be built)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .main_window import MainWindow


class SessionController:
    """Placeholder until the session work lands: closing never asks."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window

    def confirm_close(self) -> bool:
        return True


def install(window: MainWindow) -> SessionController:
    return SessionController(window)
