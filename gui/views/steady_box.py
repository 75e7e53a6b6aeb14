"""A box around a widget whose text follows the dial, so that the window is not laid out anew.

Qt lays the whole window out again whenever a label's text changes, whatever the text: a
label's ``setText`` calls ``updateGeometry``, which invalidates its parent's layout, whose
activation invalidates its parent's, up to the window (a LayoutRequest to the main window on
every frame of the dial, from τ's part of the formula, the step titles and the entropy
readout: with them, 4 ms of a 9 ms frame at 3 tokens). Qt stops only at a widget of fixed
size, or at a parent without a layout. This box is such a parent: it places its one widget
over all of itself, and tells its own layout only when what a layout reads of the widget
(its size hint, least size, height for the box's width) has changed: τ's digits, which keep
their room, never.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtGui import QResizeEvent, QShowEvent
from PySide6.QtWidgets import QWidget


class SteadyBox(QWidget):
    """Hold ``inner`` (reparented here); pass its size on to the layout only when it changes."""

    def __init__(self, inner: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.inner = inner
        inner.setParent(self)
        self.setSizePolicy(inner.sizePolicy())
        self._told = self._measure()

    def _sizes(self) -> tuple[QSize, QSize]:
        inner = self.inner
        least = inner.minimumSize()
        return inner.sizeHint().expandedTo(least), inner.minimumSizeHint().expandedTo(least)

    def _measure(self) -> tuple[QSize, QSize] | int:
        """Return what the layout reads of the widget now, as cheaply as it can be known.

        A wrapped text: its height at the box's width, alone (its widths change only with
        its longest word; a rich text's size hint cost 0.7 ms a frame at 64 tokens).
        """
        if self.inner.hasHeightForWidth():
            return self.inner.heightForWidth(self.width())
        return self._sizes()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Return the widget's size hint, never less than its least size."""
        return self._sizes()[0]

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Return the widget's least size hint."""
        return self._sizes()[1]

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        """Return True if the widget's height depends on its width (a wrapped text)."""
        return self.inner.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        """Return the widget's height at ``width``."""
        return self.inner.heightForWidth(width)

    def event(self, event: QEvent) -> bool:
        """On the widget's news that its size may have changed, tell the layout if it has."""
        if event.type() == QEvent.Type.LayoutRequest:
            if self.sizePolicy() != self.inner.sizePolicy():
                self.setSizePolicy(self.inner.sizePolicy())  # calls updateGeometry itself
            sizes = self._measure()
            if sizes != self._told:
                self._told = sizes
                self.updateGeometry()
            return True
        return super().event(event)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt's name)
        """Tell the layout the widget's size as it is now, when the box is first shown.

        A hidden box hears nothing of its widget (Qt posts no LayoutRequest to a parent not
        yet visible): the formula's fonts, set while the window was built, left the layout
        with the size of the default font, and "/ √d_k" was cut to "/ √".
        """
        super().showEvent(event)
        self._told = self._measure()
        self.updateGeometry()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """Give the widget the whole box."""
        super().resizeEvent(event)
        self.inner.setGeometry(self.rect())
        if self.inner.hasHeightForWidth():  # its height for this width is the layout's now
            self._told = self._measure()
        # (not a size hint: a new one not yet told, when the box is resized first, was lost)
