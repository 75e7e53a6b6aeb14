"""A mask painted by hand: an L × L grid of allowed and forbidden query–key pairs.

Click a cell to flip it, or drag across cells to paint them all as the first one became;
"all", "none", "causal" and "invert" set the whole grid. The painted mask is one undoable
step (on release), and it is composed with the causal mask and padding as a logical AND.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFontMetricsF,
    QImage,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from engine import causal_mask, padding_mask
from gui.model.state import AttentionState
from gui.plots.heatmap_text import elide
from gui.plots.text_fit import round_step
from gui.support.language import Retranslating

ALLOWED_RGB, FORBIDDEN_RGB = (0x2E, 0x8B, 0x57), (0xD9, 0xD9, 0xD9)  # green, grey
PALE_ALLOWED, PALE_FORBIDDEN = (0x8F, 0xB8, 0x9F), (0xEC, 0xEC, 0xEC)  # hidden by the others
NAME_COLOUR = "#333333"  # as the heatmaps' names
GAP = 6.0  # px between a name and the grid
MOST_PAINTED = 128  # beyond this many tokens a cell is under a pixel: the buttons only
WIDE = 2.0  # a room this many times wider than tall puts the legend and buttons beside the grid


class MaskCanvas(QWidget):
    """The grid itself: rows are queries, columns keys; green = allowed."""

    def __init__(self, editor: MaskEditor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.setObjectName("maskCanvas")
        self.setMinimumSize(60, 40)  # a small panel: the grid shrinks, the buttons stay
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self._painting: bool | None = None  # what a drag paints: allowed (True) or not

    def cell_at(self, point: QPointF) -> tuple[int, int] | None:
        """Return (query, key) under ``point``, or None outside the grid."""
        length = self.editor.allowed.shape[0]
        side, left, top = self._geometry()
        col, row = int((point.x() - left) // side), int((point.y() - top) // side)
        return (row, col) if 0 <= row < length and 0 <= col < length else None

    def _geometry(self) -> tuple[float, float, float]:
        """Return (a cell's side, the grid's left, its top): the names before it, above it."""
        length = max(self.editor.allowed.shape[0], 1)
        names_width, names_height, _ = self._names_room()
        width, height = self.width() - names_width, self.height() - names_height
        side = max(min(width, height) / length, 0.0)
        return (side, names_width + (width - side * length) / 2,
                names_height + (height - side * length) / 2)  # fmt: skip

    def _names_room(self) -> tuple[float, float, bool]:
        """Return the room for the queries' names (left), the keys' (top), and if upright.

        The grid named neither: a student could not tell which row or column was which.
        The keys stand upright where side by side they would not fit their cells.
        """
        metrics = QFontMetricsF(self.font())
        tokens = self.editor.state.tokens
        if not tokens or len(tokens) > MOST_PAINTED:
            return 0.0, 0.0, False
        widest_row = min(max(metrics.horizontalAdvance(elide(n)) for n in tokens) + GAP,
                         self.width() / 4)  # fmt: skip
        line = math.ceil(metrics.height())
        widest = max(metrics.horizontalAdvance(elide(name)) for name in tokens)
        room = self.width() - widest_row, self.height() - line - GAP
        if widest + GAP / 2 <= min(room) / len(tokens):
            return widest_row, line + GAP, False
        upright = min(self.width() - widest_row, self.height() - widest - GAP) / len(tokens)
        if line <= upright:
            return widest_row, widest + GAP, True
        return widest_row, line + GAP, False

    def _paint_names(self, painter: QPainter, side: float, left: float, top: float) -> None:
        tokens = self.editor.state.tokens
        length = min(len(tokens), self.editor.allowed.shape[0])
        names_width, names_height, upright = self._names_room()
        if not length or not names_height:
            return
        metrics = QFontMetricsF(self.font())
        painter.setPen(QColor(NAME_COLOUR))
        painter.setFont(self.font())
        elide_right = Qt.TextElideMode.ElideRight
        rows = round_step(math.ceil(metrics.height() / max(side, 1e-9) - 1e-9))
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for row in range(0, length, rows):  # the queries, right-aligned before their row
            box = QRectF(left - names_width, top + row * side, names_width - GAP / 2, side)
            painter.drawText(box, right, metrics.elidedText(elide(tokens[row]), elide_right,
                                                            box.width()))  # fmt: skip
        widest = max(metrics.horizontalAdvance(elide(name)) for name in tokens[:length])
        room = metrics.height() if upright else widest + GAP
        cols = round_step(math.ceil(room / max(side, 1e-9) - 1e-9))
        for col in range(0, length, cols):  # the keys above their columns
            name, centre = elide(tokens[col]), left + (col + 0.5) * side
            if upright:  # reading upwards, its first letter by the grid
                painter.save()
                painter.translate(centre, top - GAP / 2)
                painter.rotate(-90)
                box = QRectF(0, -side / 2, names_height - GAP / 2, side)
                painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                                 name)  # fmt: skip
                painter.restore()
            else:
                box = QRectF(centre - side * cols / 2, top - names_height, side * cols,
                             names_height - GAP / 2)  # fmt: skip
                painter.drawText(box, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom,
                                 name)  # fmt: skip

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        """Draw every cell, allowed green, forbidden grey, with thin lines between.

        One image of a pixel per cell, scaled: a rectangle per cell took 440 ms at 512
        tokens. Cells the causal mask or padding hide are paler, and hatched where big
        enough to see it.
        """
        mask, hidden = self.editor.allowed, ~self.editor.others_allow()
        side, left, top = self._geometry()
        length = mask.shape[0]
        colours = np.array([PALE_FORBIDDEN, PALE_ALLOWED, FORBIDDEN_RGB, ALLOWED_RGB], np.uint8)
        rgb = np.ascontiguousarray(colours[mask.astype(np.intp) + 2 * ~hidden])  # (L, L, 3)
        image = QImage(rgb.data, length, length, 3 * length, QImage.Format.Format_RGB888)
        painter = QPainter(self)
        painter.drawImage(QRectF(left, top, side * length, side * length), image)
        if side >= 6:  # hatches and lines only where a cell is large enough to show them
            hatch = QBrush(QColor("#555555"), Qt.BrushStyle.BDiagPattern)
            rows, cols = np.nonzero(hidden)
            for row, col in zip(rows.tolist(), cols.tolist(), strict=True):
                painter.fillRect(QRectF(left + col * side, top + row * side, side, side), hatch)
            painter.setPen(QPen(QColor("white"), 1))
            for i in range(length + 1):
                painter.drawLine(
                    QPointF(left + i * side, top), QPointF(left + i * side, top + side * length)
                )
                painter.drawLine(
                    QPointF(left, top + i * side), QPointF(left + side * length, top + i * side)
                )
        self._paint_names(painter, side, left, top)
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """Flip the cell under the mouse; a drag paints the same value on."""
        cell = self.cell_at(event.position())
        if cell is not None and event.button() == Qt.MouseButton.LeftButton:
            self._painting = not bool(self.editor.allowed[cell])
            self.editor.paint(cell, self._painting)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """Paint each cell the drag crosses."""
        cell = self.cell_at(event.position())
        if cell is not None and self._painting is not None:
            self.editor.paint(cell, self._painting)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """End the stroke: one undoable step."""
        if self._painting is not None:
            self._painting = None
            self.editor.commit()


class MaskEditor(Retranslating, QWidget):
    """The grid and its buttons; writes the state's own mask, reads it back on change."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state = state
        self.setObjectName("maskEditor")
        self.allowed: NDArray[np.bool_] = np.ones((0, 0), dtype=bool)
        self.canvas = MaskCanvas(self)
        self.buttons = {name: QPushButton(self) for name in ("all", "none", "causal", "invert")}
        # the buttons in two pairs: side by side under a tall grid, one above the other
        # beside a wide one (a short panel), where the legend and the buttons go right
        self._pairs = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        for names in (("all", "none"), ("causal", "invert")):
            pair = QHBoxLayout()
            for name in names:
                self.buttons[name].setObjectName(f"mask-{name}")
                pair.addWidget(self.buttons[name])
            self._pairs.addLayout(pair)
        self.legend = QLabel(self)
        self.legend.setWordWrap(True)
        self._side = QVBoxLayout()
        self._side.addWidget(self.legend)
        self._side.addStretch(0)
        self._side.addLayout(self._pairs)
        self._layout = QBoxLayout(QBoxLayout.Direction.TopToBottom, self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.canvas, 1)
        self._layout.addLayout(self._side)
        self.buttons["all"].clicked.connect(lambda: self.set_all(np.ones_like(self.allowed)))
        self.buttons["none"].clicked.connect(lambda: self.set_all(np.zeros_like(self.allowed)))
        self.buttons["causal"].clicked.connect(
            lambda: self.set_all(causal_mask(self.allowed.shape[0]))
        )
        self.buttons["invert"].clicked.connect(lambda: self.set_all(~self.allowed))
        state.masks_changed.connect(self._show_state)
        state.structure_changed.connect(self._show_state)
        state.causal_changed.connect(lambda _on: self.canvas.update())
        state.tokens_changed.connect(self.canvas.update)  # the names beside the grid
        self.retranslate()
        self._show_state()

    def retranslate(self) -> None:
        """Set every text again in the current language."""
        texts = {"all": self.tr("All"), "none": self.tr("None"), "causal": self.tr("Causal"),
                 "invert": self.tr("Invert")}  # fmt: skip
        for name, text in texts.items():
            self.buttons[name].setText(text)
        legend = self.tr(
            "Green: may be looked at · grey: forbidden here · pale, hatched: hidden by the "
            "causal mask or padding"
        )
        if len(self.state.tokens) > MOST_PAINTED:  # a cell under a pixel: not to be clicked
            legend += self.tr(" · over {0} tokens, set it with the buttons").format(MOST_PAINTED)
        self.legend.setText(legend)
        self.canvas.setToolTip(
            self.tr("Rows are queries, columns keys: green may be looked at. Click or drag to "
                    "paint; it is combined with the causal mask and padding (AND).")
        )  # fmt: skip

    def others_allow(self) -> np.ndarray:
        """Return what the causal mask and padding allow (True), apart from this mask."""
        length = self.allowed.shape[0]
        allowed = np.ones((length, length), dtype=bool)
        if self.state.causal:
            allowed &= causal_mask(length)
        if any(self.state.padding):
            allowed &= padding_mask(self.state.padding)
        return allowed

    def paint(self, cell: tuple[int, int], allowed: bool) -> None:
        """Set one cell while a stroke goes on (the state hears of it on release)."""
        if self.allowed[cell] != allowed:
            self.allowed[cell] = allowed
            self.canvas.update()

    def commit(self) -> None:
        """Give the painted mask to the state, as one undoable step."""
        if not self.state.set_own_mask(self.allowed.copy()):
            self._show_state()

    def set_all(self, mask: NDArray[np.bool_]) -> None:
        """Replace the whole mask (a button), as one undoable step."""
        self.allowed = np.array(mask, dtype=bool)
        self.canvas.update()
        self.commit()

    def wide(self) -> bool:
        """Return True if the legend and the buttons stand beside the grid (a short panel)."""
        return self._layout.direction() == QBoxLayout.Direction.LeftToRight

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        """Put the legend and the buttons beside the grid where the room is wide and short."""
        super().resizeEvent(event)
        wide = event.size().width() >= WIDE * event.size().height()
        if wide != self.wide():
            self._layout.setDirection(QBoxLayout.Direction.LeftToRight if wide
                                      else QBoxLayout.Direction.TopToBottom)  # fmt: skip
            self._layout.setStretch(1, 2 if wide else 0)  # the grid is square: a third of it
            self._pairs.setDirection(QBoxLayout.Direction.TopToBottom if wide
                                     else QBoxLayout.Direction.LeftToRight)  # fmt: skip
            self._side.setStretch(1, 1 if wide else 0)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        """Ask for a square grid and a row of buttons."""
        return QSize(260, 300)

    def _show_state(self) -> None:
        length = len(self.state.tokens)
        own = self.state.own_mask
        self.allowed = np.ones((length, length), dtype=bool) if own is None else own.copy()
        if self.canvas.isEnabled() != (length <= MOST_PAINTED):
            self.canvas.setEnabled(length <= MOST_PAINTED)
            self.retranslate()  # the legend says why the grid cannot be clicked
        self.canvas.update()
