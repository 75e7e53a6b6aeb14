"""A step's title above its heatmap: the full text where it fits, a shorter one where not.

At 1280 px the weights' title shares its line with the choice of colour scale, and
"③ weights A = softmax by row" was cut to "③ weights A = softma".
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFontMetricsF, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class StepTitle(QLabel):
    """A label that shows the first of its texts that fits its width (the last, elided)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._texts: tuple[str, ...] = ("",)
        # A title that grows with τ ("S / τ = 0.35") must not widen its column: that
        # resized (and repainted) every heatmap on every frame of the dial.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def set_texts(self, texts: Sequence[str]) -> None:
        """Show the first of ``texts`` (longest first) that fits."""
        texts = tuple(texts) or ("",)
        if texts != self._texts:
            self._texts = texts
            self._fit()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Return the text's height and no width: its width is the layout's (Ignored).

        Not the text's own width, which changes with τ on every frame of the dial: its box
        (gui.views.steady_box) would pass that on and relay the window out.
        """
        return QSize(0, super().sizeHint().height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Return the text's least height and no width (see ``sizeHint``)."""
        return QSize(0, super().minimumSizeHint().height())

    def full_text(self) -> str:
        """Return the title in full, whatever is shown."""
        return self._texts[0]

    def _fit(self) -> None:
        metrics = QFontMetricsF(self.font())
        room = self.contentsRect().width() - 2
        for text in self._texts:
            if metrics.horizontalAdvance(text) <= room:
                break
        else:
            text = metrics.elidedText(self._texts[-1], Qt.TextElideMode.ElideRight, room)
        if text != self.text():
            self.setText(text)
        whole = "" if text == self._texts[0] else self._texts[0]  # the title whole on hover
        if whole != self.toolTip():  # its τ follows the dial even while the text is cut
            self.setToolTip(whole)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """Choose the text again for the new width."""
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: object) -> None:  # noqa: N802 (Qt's name)
        """Choose again in a new font (the presenter view, Ctrl+=)."""
        super().changeEvent(event)  # type: ignore[arg-type]
        self._fit()
