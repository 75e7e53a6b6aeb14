"""Views that draw nothing while out of sight and catch up when seen.

The mixing view and the heads' dock share a place in the right column as two tabs: one is
always behind the other, and inside the heads' dock three of four pages are. Drawing a view
nobody sees costs every edit and every frame of the dial its few milliseconds for nothing
(3–4 ms each at 512 tokens), so such a view only notes that it owes a drawing, and draws
once seen, or once something reads what it shows (an export, a test).

A dock behind another is not hidden: Qt moves it out of the window, so ``isVisible()``
stays true. Out of sight is an empty ``visibleRegion()``; the window calls ``catch_up``
when a dock comes to the front (``QDockWidget.visibilityChanged``).
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QPaintEvent, QShowEvent
from PySide6.QtWidgets import QWidget


class DrawnWhenShown(QWidget):
    """A widget whose ``draw`` waits, while it is out of sight, until it is seen or read."""

    _owes_drawing = False

    def draw(self) -> None:
        """Draw what the state holds now (the view's own refresh)."""
        raise NotImplementedError

    def shown_or_owed(self) -> bool:
        """Return True if the view can be seen (draw now); else note that it owes a drawing."""
        if self.isVisible() and not self.visibleRegion().isEmpty():
            return True
        self._owes_drawing = True
        return False

    def catch_up(self) -> None:
        """Draw what was put off while out of sight: before it is seen, read or exported."""
        if self._owes_drawing:
            self._owes_drawing = False
            self.draw()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        """Draw what changed while hidden, before the first paint."""
        self.catch_up()
        super().showEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        """Catch up if seen again without being told (scrolled into view, say)."""
        if self._owes_drawing:
            QTimer.singleShot(0, self.catch_up)
        super().paintEvent(event)
