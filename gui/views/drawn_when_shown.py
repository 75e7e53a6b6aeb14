"""Views that draw nothing while out of sight and catch up when seen.

The right column's panels are tabs, most of them behind another at any time, and inside
the heads' panel three of four pages are. Drawing a view nobody sees costs every edit and
every frame of the dial its few milliseconds for nothing (3–4 ms each at 512 tokens), so
such a view only notes that it owes a drawing, and draws once seen, or once something reads
what it shows (an export, a test).

Out of sight is hidden (a tab behind another) or an empty ``visibleRegion()`` (a view
scrolled out of sight stays visible): it catches up as it is shown, or painted again.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QTimer
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

    def event(self, event: QEvent) -> bool:
        """Before the window's first show, draw if it will be seen: laid out once, drawn.

        Qt polishes every widget before it lays any out; drawn at its show, the mixing
        view's new legend laid it out a second time on the way to the first paint.
        """
        if (
            event.type() == QEvent.Type.Polish
            and self._owes_drawing
            and self.isVisibleTo(self.window())
        ):
            self.catch_up()
        return super().event(event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        """Draw what changed while hidden, before the first paint."""
        self.catch_up()
        super().showEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        """Catch up if seen again without being told (scrolled into view, say)."""
        if self._owes_drawing:
            QTimer.singleShot(0, self.catch_up)
        super().paintEvent(event)
