"""The explanation panel: the arithmetic of the clicked cell, with the user's numbers."""

from __future__ import annotations

import re

from PySide6.QtGui import QFont, QResizeEvent, QTextDocument, QTextOption
from PySide6.QtWidgets import QCheckBox, QTextBrowser, QVBoxLayout, QWidget

from engine.lesson.explain import ScaledStep, ScoreStep, WeightStep
from gui.model.state import AttentionState
from gui.support.language import Retranslating
from gui.views import hand_calculation_text as explain_text

#: the hand calculation's type against the text's while presenting, largest first: as large
#: as the heatmaps' names (1.3) where the step fits its room, else smaller down to the text's
#: (at 1080p it was 18 px beside 30 px numbers, in a room two-thirds empty)
PRESENTING_SIZES = (1.3, 1.15, 1.0)
SUBSCRIPT = re.compile(r"(\S)<sub>")  # a symbol and its subscript: q<sub>猫</sub>
MOST_COLUMNS = 4  # boxes side by side at most while presenting (16 were unreadable slivers)


class ExplainPanel(Retranslating, QWidget):
    """Subscribes to the state's selected cell and result; formats the engine's steps."""

    def __init__(self, state: AttentionState, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("explainPanel")
        self.state = state
        self.presenting = False
        self._boxes: list[str] = []
        # (for what, the fit, whether it fitted): kept while the boxes' number and room stay
        self._fitted: tuple[object, tuple[float, int], bool] | None = None
        self.browser = QTextBrowser(self)
        self.browser.setOpenLinks(False)
        # lines break between words only: anywhere, a vector too wide for the line broke
        # inside its brackets; it now runs on, and the presenter's fit chooses a smaller type
        self.browser.setWordWrapMode(QTextOption.WrapMode.WordWrap)
        self.show_all = QCheckBox(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.browser)
        layout.addWidget(self.show_all)
        self.show_all.toggled.connect(self._refresh)
        for signal in (state.selected_cell_changed, state.result_changed,
                       state.view.precision_changed, state.tokens_changed):  # fmt: skip
            signal.connect(self._refresh)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the check box's texts again and rewrite the explanation."""
        self.show_all.setText(self.tr("Show every term"))
        self.show_all.setToolTip(self.tr("Long sums are shortened; tick to see every term"))
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

    def _show(self, boxes: list[str] | None = None) -> None:
        """Show the calculation's boxes: one after another, or fitted while presenting.

        Fitted: the largest of PRESENTING_SIZES and the fewest columns (up to MOST_COLUMNS)
        side by side at which the whole step fits the room without scrolling (step ① of 4
        tokens in three columns at 1080p); where none fits, one column in the smallest type,
        to scroll. The fit is kept while the number of boxes, the room and the type stay:
        a frame of the dial then sets the text once (it tried up to 48 layouts a frame).
        """
        if boxes is not None:
            self._boxes = boxes
        boxes = self._boxes
        if not self.presenting:
            self.browser.setHtml(keep_subscripts("".join(boxes)))
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

    def _whole_row(self, step: str, row: int, digits: int, full: bool) -> list[str]:
        """Every cell of one row of S or S/τ, as the lesson writes 猫's three dot products."""
        tokens = self.state.tokens
        columns = list(range(len(tokens)))
        if not full and len(columns) > explain_text.SHORT:
            columns = [*columns[:3], *columns[-2:]]
        parts = []
        for col in columns:
            box = self.state.explain(step, row, col)
            if isinstance(box, ScoreStep):
                parts.append(explain_text.explain_score(box, tokens, digits, full))
            elif isinstance(box, ScaledStep):
                parts.append(explain_text.explain_scaled(box, tokens, digits))
        return parts

    def _refresh(self) -> None:
        cell = self.state.selected_cell
        if cell is None:
            hint = self.tr("Click any cell of a heatmap to see how it is calculated.")
            self._show([f"<p><i>{hint}</i></p>"])
            return
        step, row, col = cell
        tokens, digits, full = self.state.tokens, self.state.precision, self.show_all.isChecked()
        if col < 0 and step in ("scores", "scaled"):
            self._show(self._whole_row(step, row, digits, full))
            return
        if col < 0 and step == "weights":  # one box shows the whole softmax row
            col = int(self.state.result.weights[row].argmax())
        box = self.state.explain(step, row, None if col < 0 else col)
        if isinstance(box, ScoreStep):
            html = explain_text.explain_score(box, tokens, digits, full)
        elif isinstance(box, ScaledStep):
            html = explain_text.explain_scaled(box, tokens, digits)
        elif isinstance(box, WeightStep):
            html = explain_text.explain_weight(box, tokens, digits, full)
            dropped = self.state.dropped
            if dropped is not None:  # training: the rescaling of a kept weight, or its drop
                html += explain_text.explain_dropout(dropped, box, tokens, digits)
        else:
            dropout = self.state.dropped is not None  # the sum is of A′'s weights
            html = explain_text.explain_context(box, tokens, digits, full, dropout)
        self._show([html])
        if isinstance(box, WeightStep) and self.state.dropped is not None:
            # A′ is the answer, written last: at 1280×720 it lay below the panel's edge
            bar = self.browser.verticalScrollBar()
            bar.setValue(bar.maximum())


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
