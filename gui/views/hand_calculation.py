"""The explanation panel: the arithmetic of the clicked cell, with the user's numbers."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
from numpy.typing import NDArray
from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFont, QResizeEvent, QTextDocument, QTextOption
from PySide6.QtWidgets import QCheckBox, QTextBrowser, QVBoxLayout, QWidget

from gui.model.state import AttentionState
from gui.support.language import Retranslating
from gui.support.markup import escape
from gui.views import hand_calculation_text as explain_text

if TYPE_CHECKING:  # the engine's explanations are loaded with the first cell explained
    from engine import Dropout
    from gui.views.hand_calculation_text import Step

#: the hand calculation's type against the text's while presenting, largest first: as large
#: as the heatmaps' names (1.3) where the step fits its room, else smaller down to the text's
#: (at 1080p it was 18 px beside 30 px numbers, in a room two-thirds empty)
PRESENTING_SIZES = (1.3, 1.15, 1.0)
SUBSCRIPT = re.compile(r"(\S)<sub>")  # a symbol and its subscript: q<sub>猫</sub>
MOST_COLUMNS = 4  # boxes side by side at most while presenting (16 were unreadable slivers)
#: A's and B's calculations side by side where each line stays whole, tried from this wide
#: (the panel is 380 px at 1280×720: one above the other there)
PAIR_SIDE_BY_SIDE_PX = 520
HEAD_GROUND, HEAD_INK = "#EFE7F7", "#3B1F5C"  # the comparison bar's


class ExplainPanel(Retranslating, QWidget):
    """Subscribes to the state's selected cell and result; formats the engine's steps."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explainPanel")
        self.state = state
        self.presenting = False
        self._boxes: list[str] = []
        self._paired = False  # the boxes are A's and B's calculations
        self._laying_out = False
        self._pair_fit: tuple[object, int] | None = None  # (for what, columns): kept as _fitted
        self._pinned: tuple[object, object, list[str]] | None = None  # (A, for what, boxes)
        # (for what, the fit, whether it fitted): kept while the boxes' number and room stay
        self._fitted: tuple[object, tuple[float, int], bool] | None = None
        self.browser = QTextBrowser(self)
        self.browser.setOpenLinks(False)
        # lines break between words only: anywhere, a vector too wide for the line broke
        # inside its brackets; it now runs on, and the presenter's fit chooses a smaller type
        self.browser.setWordWrapMode(QTextOption.WrapMode.WordWrap)
        self.browser.viewport().installEventFilter(self)  # A's and B's side by side if room
        self.show_all = QCheckBox(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        layout.addWidget(self.show_all)
        self.show_all.toggled.connect(self._refresh)
        for signal in (state.selected_cell_changed, state.result_changed,
                       state.view.precision_changed, state.tokens_changed,
                       state.comparison.changed):  # fmt: skip
            signal.connect(self._refresh)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the check box's texts again and rewrite the explanation."""
        self.show_all.setText(self.tr("Show every term"))
        self.show_all.setToolTip(self.tr("Long sums are shortened; tick to see every term"))
        self._pinned = None  # A's calculation, written in the language before
        self._refresh()

    def set_presenting(self, on: bool) -> None:
        """Fit each step's calculation to the room in large type (on), or as normal."""
        if on != self.presenting:
            self.presenting = on
            if not on:
                self.browser.setFont(QFont())  # the application's again
            self._show()

    def refit(self) -> None:
        """Fit the calculation again while presenting: its type has changed (Ctrl+=)."""
        if self.presenting:
            self._fitted = None
            self._show()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802
        """Fit the calculation to its new room while presenting."""
        super().resizeEvent(event)
        if self.presenting:
            self._show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Lay A's and B's calculations out again for the browser's new width.

        Its own: the panel's resize comes before it while the panel is behind another tab.
        """
        if (event.type() == QEvent.Type.Resize and self._paired and not self.presenting
                and not self._laying_out and watched is self.browser.viewport()):  # fmt: skip
            self._show()
        return False

    def _show(self, boxes: list[str] | None = None, paired: bool = False) -> None:
        """Show the calculation's boxes: one after another, or fitted while presenting.

        Fitted: the largest of PRESENTING_SIZES and the fewest columns (up to MOST_COLUMNS)
        side by side at which the whole step fits the room without scrolling (step ① of 4
        tokens in three columns at 1080p); where none fits, one column in the smallest type,
        to scroll. The fit is kept while the number of boxes, the room and the type stay:
        a frame of the dial then sets the text once (it tried up to 48 layouts a frame).
        """
        if boxes is not None:
            self._boxes, self._paired = boxes, paired
        boxes = self._boxes
        if not self.presenting and not self._paired:
            self.browser.setHtml(keep_subscripts("".join(boxes)))
            return
        if not self.presenting:
            self._laying_out = True  # its own scroll bar's coming or going is not a resize
            try:
                for _ in range(2):  # again where a scroll bar came or went with the text
                    width = self.browser.viewport().width()
                    columns = self._pair_columns(width)
                    self.browser.setHtml(keep_subscripts(in_columns(boxes, columns)))
                    if self.browser.viewport().width() == width:
                        break
            finally:
                self._laying_out = False
            return
        room = self.browser.viewport().size()
        base = QFont(self.font())
        # what the boxes show, less their numbers: a dial frame keeps the fit, another
        # step or cell seeks its own (step ② kept step ①'s smaller type and columns)
        shows = (self.state.selected_cell, self.show_all.isChecked(), len(boxes))
        key = (shows, room.width(), room.height(), base.pointSizeF())
        fitted = self._fitted
        if fitted is not None and fitted[0] == key:
            fits = self._lay_out(boxes, base, *fitted[1])
            if fits or not fitted[2]:
                return  # the same fit holds the new numbers (or nothing fits: it scrolls)
        for size in PRESENTING_SIZES:
            # side by side where every line stays whole, else one column (a long sum
            # wraps there, not in slivers)
            for columns in range(1, min(len(boxes), MOST_COLUMNS) + 1):
                if self._lay_out(boxes, base, size, columns, whole_lines=True):
                    self._fitted = (key, (size, columns), True)
                    return
            if self._lay_out(boxes, base, size, 1):
                self._fitted = (key, (size, 1), True)
                return
        self._fitted = (key, (PRESENTING_SIZES[-1], 1), False)
        self._lay_out(boxes, base, PRESENTING_SIZES[-1], 1)

    def _pair_columns(self, width: int) -> int:
        """Return 2 where A's and B's calculations fit side by side with no line broken, else 1.

        Tried where the panel is wide enough, and kept while the cell, the room and the type
        stay: a frame of the dial sets the text once.
        """
        if width < PAIR_SIDE_BY_SIDE_PX:
            return 1
        key = (self.state.selected_cell, self.show_all.isChecked(), width,
               self.browser.font().key(), id(self.state.comparison.result))  # fmt: skip
        if self._pair_fit is None or self._pair_fit[0] != key:
            self.browser.setHtml(keep_subscripts(in_columns(self._boxes, 2)))
            document = self.browser.document()  # wider than its page where a line cannot break
            # the browser sets its page's width after the resize that brought us here
            document.setTextWidth(width)
            fits = document.size().width() <= document.textWidth() + 0.5
            columns = 2 if fits and not wraps(self.browser.document()) else 1
            self._pair_fit = (key, columns)
        return self._pair_fit[1]

    def _lay_out(
        self, boxes: list[str], base: QFont, size: float, columns: int, whole_lines: bool = False
    ) -> bool:
        """Show ``boxes`` in ``columns`` at ``size`` × ``base``; return True if they fit.

        With ``whole_lines`` they fit only where no line wraps: at 1280×720 one Ctrl+= put
        step ① in three columns so narrow that each sum took four lines.
        """
        font = QFont(base)
        font.setPointSizeF(base.pointSizeF() * size)
        if self.browser.font() != font:
            self.browser.setFont(font)
        self.browser.setHtml(keep_subscripts(in_columns(boxes, columns)))
        room, document = self.browser.viewport().size(), self.browser.document().size()
        fits = document.height() <= room.height() and document.width() <= room.width()
        return fits and not (whole_lines and wraps(self.browser.document()))

    def text(self) -> str:
        """Return what the panel shows, as plain text (for tests and copying)."""
        return self.browser.toPlainText().replace("\u2060", "")  # the joiners unseen

    def _whole_row(self, cells: Cells, step: str, row: int, digits: int, full: bool) -> list[str]:
        """Every cell of one row of S or S/τ, as the lesson writes 猫's three dot products."""
        columns = list(range(len(cells.tokens)))
        if not full and len(columns) > explain_text.SHORT:
            columns = [*columns[:3], *columns[-2:]]
        parts = []
        for col in columns:
            box = cells.explain(step, row, col)
            if box is not None:
                parts.append(explain_text.explain_step(box, cells.tokens, digits, full, None))
        return parts

    def _refresh(self) -> None:
        cell = self.state.selected_cell
        if cell is None:
            hint = self.tr("Click any cell of a heatmap to see how it is calculated.")
            self._show([f"<p><i>{hint}</i></p>"])
            return
        state = self.state
        b = self._calculation(Cells(state.explain, state.tokens, state.result.weights,
                                    state.dropped), cell)  # fmt: skip
        if not state.comparison.is_on:
            self._show(b)
            if cell[0] == "weights" and state.dropped is not None:
                # A′ is the answer, written last: at 1280×720 it lay below the panel's edge
                bar = self.browser.verticalScrollBar()
                bar.setValue(bar.maximum())
            return
        a = self._pinned_calculation(cell)
        self._show([_headed(self.tr("A (pinned)"), a), _headed(self.tr("B (being changed)"), b)],
                   paired=True)  # fmt: skip

    def _pinned_calculation(self, cell: tuple[str, int, int]) -> list[str]:
        """Return A's calculation of ``cell``: kept while A, the cell and the writing stay.

        A stands still while the dial plays B's τ: its boxes are not written again each frame.
        """
        comparison = self.state.comparison
        a = comparison.result
        key = (cell, self.state.precision, self.show_all.isChecked(), comparison.tokens)
        kept = self._pinned
        if kept is not None and kept[0] is a and kept[1] == key:
            return kept[2]
        none = self.tr("A has no such cell: A and B differ in shape.")
        boxes = [f"<p><i>{escape(none)}</i></p>"]
        if a is not None and cell[1] < len(comparison.tokens):  # its row: a token of A
            cells = Cells(comparison.explain, comparison.tokens, a.weights, comparison.dropped)
            boxes = self._calculation(cells, cell) or boxes
        self._pinned = (a, key, boxes)
        return boxes

    def _calculation(self, cells: Cells, cell: tuple[str, int, int]) -> list[str]:
        """Return the boxes of one cell's arithmetic (every cell of the row for col −1).

        Empty where ``cells`` has no such cell (A, when A and B differ in shape).
        """
        step, row, col = cell
        tokens, digits, full = cells.tokens, self.state.precision, self.show_all.isChecked()
        if col < 0 and step in ("scores", "scaled"):
            return self._whole_row(cells, step, row, digits, full)
        if col < 0 and step == "weights":  # one box shows the whole softmax row
            col = int(cells.weights[row].argmax())
        box = cells.explain(step, row, None if col < 0 else col)
        if box is None:
            return []
        return [explain_text.explain_step(box, tokens, digits, full, cells.dropped)]


class Cells(NamedTuple):
    """Whose cells a calculation is of: B's (the state's) or A's (the comparison's)."""

    explain: Callable[[str, int, int | None], Step | None]
    tokens: tuple[str, ...]
    weights: NDArray[np.float64]  # for the whole row's box: its largest weight's
    dropped: Dropout | None


def _headed(title: str, boxes: list[str]) -> str:
    """Return ``boxes`` under a heading in the comparison bar's colours: "A (pinned)"."""
    # the ground on the words only: a paragraph's became its whole table cell's
    # and close to its calculation: at 1280×720 the panel is 210 px high, B's began below it
    head = (f'<p style="margin-top:6px; margin-bottom:0px">'
            f'<span style="background-color:{HEAD_GROUND}; color:{HEAD_INK}">'
            f"<b>&nbsp;{escape(title)}&nbsp;</b></span></p>")  # fmt: skip
    return head + "".join(boxes)


def keep_subscripts(html: str) -> str:
    """Join each symbol to its subscript (a word joiner): a line broke between k and 猫."""
    return SUBSCRIPT.sub("\\1\u2060<sub>", html)


def wraps(document: QTextDocument) -> bool:
    """Return True if a line of ``document`` breaks in two (its <br> are U+2028)."""
    block = document.begin()
    while block.isValid():
        layout = block.layout()
        if layout is not None and layout.lineCount() > block.text().count("\u2028") + 1:
            return True
        block = block.next()
    return False


def in_columns(boxes: list[str], columns: int) -> str:
    """Return ``boxes`` as a table ``columns`` wide (one after another for one column)."""
    if columns <= 1:
        return "".join(boxes)
    rows = [boxes[i : i + columns] for i in range(0, len(boxes), columns)]
    cells = "".join(
        "<tr>" + "".join(f'<td valign="top">{box}</td>' for box in row) + "</tr>" for row in rows
    )
    return f'<table cellspacing="0" cellpadding="8">{cells}</table>'
