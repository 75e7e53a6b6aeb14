"""Weights as lines, as BertViz draws them: queries on the left, keys on the right.

A line joins query i to key j wherever A[i, j] > 0, its shade A[i, j] / max A: the head's
colour at that opacity over white, drawn opaque with the strongest on top (Qt paints opaque
lines two to three times faster than translucent ones). Hovering a token shows only its
lines; clicking a query says which. The painting is one item's (weight_lines_item.py); which
lines, and what they cost, is line_choice.py's.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from pyqtgraph.GraphicsScene.mouseEvents import MouseClickEvent
from PySide6.QtCore import QEvent, QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QGuiApplication
from PySide6.QtWidgets import QWidget

from gui.plots.line_choice import Lines
from gui.plots.weight_lines_item import LinesPicture, LineTexts, Source

__all__ = ["HEAD_PALETTE", "LineTexts", "Source", "WeightLinesPlot", "head_colour"]

# Okabe–Ito with Tol's wine for its yellow, too pale for a thin line on white
HEAD_PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000",
                "#882255")  # fmt: skip


def head_colour(head: int, count: int) -> QColor:
    """Return the colour of head ``head`` of ``count``: the palette, or spaced hues beyond it."""
    if count <= len(HEAD_PALETTE):
        return QColor(HEAD_PALETTE[head])
    colour: QColor = pg.intColor(head, hues=count, values=1, maxValue=200)
    return colour


class WeightLinesPlot(pg.GraphicsView):
    """The picture of one A, or of several in their colours; a pyqtgraph view, so it exports."""

    token_hovered = Signal(str, int)  # "query" or "key" and the token; ("", -1): none
    query_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, background="w")
        # the app font carries the CJK glyphs
        self.picture = LinesPicture(QFont(QGuiApplication.font()))
        self.setCentralItem(self.picture)
        self.setMinimumSize(200, 80)  # a small panel: the figure leaves out its headings
        self.scene().sigMouseMoved.connect(self._on_scene_mouse_moved)
        self.scene().sigMouseClicked.connect(self._on_scene_clicked)

    # ----------------------------------------------------------------- input
    def set_weights(self, weights: NDArray[np.float64], colours: list[QColor],
                    names: tuple[str, ...]) -> None:  # fmt: skip
        """Show ``weights`` (h, L, L), head h in ``colours[h]``, between tokens ``names``."""
        self.picture.set_weights(weights, colours, names)

    def set_source(self, source: Source) -> None:
        """Take the weights, colours and names from ``source`` whenever they are needed."""
        self.picture.set_source(source)

    def invalidate(self) -> None:
        """Say that the source's answer changed; it is asked again at the next paint."""
        self.picture.invalidate()

    def set_selected(self, index: int) -> None:
        """Emphasise query ``index`` (the selected token)."""
        if index != self.picture.selected:
            self.picture.selected = index
            self.picture.update()

    def set_texts(self, texts: LineTexts) -> None:
        """Set the title, the columns' names, the legend and the notes."""
        if texts != self.picture.texts:
            self.picture.texts = texts
            self.picture.update()

    def set_font_scale(self, scale: float) -> None:
        """Scale every text of the figure (Ctrl+=, the presenter view)."""
        self.picture.set_font_scale(scale)

    def hover(self, side: str, index: int) -> None:
        """Show only token ``index``'s lines as a "query" or a "key"; ("", -1): every line."""
        names = self.picture.geometry_now().count  # the source asked first, if it changed
        valid = side in ("query", "key") and 0 <= index < names
        hovered = (side, index) if valid else None
        if hovered != self.picture.hovered:
            self.picture.hovered = hovered
            self.picture.update()
            self.token_hovered.emit(*(hovered or ("", -1)))

    # ----------------------------------------------------------------- output
    def hovered(self) -> tuple[str, int] | None:
        """Return the token whose lines alone are shown, if any."""
        return self.picture.hovered

    def chosen(self) -> Lines:
        """Return the lines drawn now (every one, or the strongest: see line_choice)."""
        return self.picture.chosen()

    def lines(self) -> list[tuple[int, int, float, int]]:
        """Return (query, key, opacity, head) of every line drawn now, weakest first."""
        chosen = self.picture.chosen()
        opacity = chosen.weight / self.picture.darkest()
        return [(int(q), int(k), float(a), int(h)) for q, k, a, h in
                zip(chosen.query, chosen.key, opacity, chosen.head, strict=True)]  # fmt: skip

    def colours(self) -> list[QColor]:
        """Return each head's colour."""
        return list(self.picture.colours)

    # ----------------------------------------------------------------- the mouse
    def _on_scene_mouse_moved(self, scene_pos: QPointF) -> None:
        self.hover(*self.picture.token_at(self.picture.mapFromScene(scene_pos)))

    def _on_scene_clicked(self, event: MouseClickEvent) -> None:
        side, index = self.picture.token_at(self.picture.mapFromScene(event.scenePos()))
        if event.button() == Qt.MouseButton.LeftButton and side == "query":
            self.query_clicked.emit(index)

    def leaveEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt's name)
        """Show every line again when the mouse leaves."""
        super().leaveEvent(event)
        self.hover("", -1)
