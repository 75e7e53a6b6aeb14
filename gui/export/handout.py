"""A one-file handout (PDF, A4 or Letter) of the example on screen.

The formula, the four heatmaps, the hand calculation of the selected token's row and the
mixing view; while a setting is pinned, a page of the comparison (A | B | B − A at every
step, and what differs).

Laid out top to bottom on pages whose unit is a pixel at 96 dpi, whatever the screen: the
text in fixed sizes in points, each figure drawn from the state at its design size and
never enlarged (its type no larger than drawn), so the same state gives the same handout
from any window on any computer; figures are vectors, text is text with its fonts
embedded. No text is in a made-up bold: the bundled font has no bold face, and the bold Qt
makes up (each glyph drawn twice, half a pixel apart) rendered some letters bold and others
not, with gaps between them ("produc t"); headings are semibold and larger, the results
semibold and blue. A real model's credit is said once, under the title, not again in each
heatmap's caption.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar, cast

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QCoreApplication,
    QIODevice,
    QLocale,
    QMarginsF,
    QRectF,
)
from PySide6.QtGui import (
    QFont,
    QGuiApplication,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QTextDocument,
)

from engine.lesson.explain import ContextStep, ScaledStep, ScoreStep, WeightStep
from gui.export.captions import state_credit_text
from gui.export.comparison_figures import PREFIX, comparison_caption_text
from gui.export.figures import AnyFigure, paint_captioned
from gui.export.files import step_titles, window_figures
from gui.export.host import ExportHost
from gui.model.state import AttentionState
from gui.support.markup import escape
from gui.views import hand_calculation_text as explain_text

F = TypeVar("F", bound=AnyFigure)

PAGES = {"A4": QPageSize.PageSizeId.A4, "Letter": QPageSize.PageSizeId.Letter}
MARGIN_MM = 15.0
GAP = 12.0  # between blocks, in pixels
BODY_POINTS = 10.0
DPI = 96  # the page's units: one per pixel of a figure's design size, 0.75 pt
TWO_COLUMNS_LEAST = 0.75  # heatmaps smaller than this in two columns go one a row
HEATMAP_SHARE = 0.3  # a row of heatmaps takes at most this share of the page's height
# no made-up bold (see above): semibold, the emphasis in colour
STYLE = (
    "h1, h2, h3, h4, th, b, strong { font-weight: 600; } b, strong { color: #1c4f86; }"
    " h2 { font-size: 16pt; } h3 { font-size: 12pt; }"
)


def default_page() -> str:
    """Letter where the system's locale measures in inches (the US), else A4.

    The system's, not the interface's: English chosen as the language is not the US.
    """
    system = QLocale.system().measurementSystem()
    imperial = system == QLocale.MeasurementSystem.ImperialUSSystem
    return "Letter" if imperial else "A4"


class _Pages:
    """Places blocks down the page, starting a new page when one does not fit."""

    def __init__(self, writer: QPdfWriter, painter: QPainter) -> None:
        self.writer, self.painter = writer, painter
        self.width, self.height = float(writer.width()), float(writer.height())
        self.y = 0.0
        self.font = QFont(QGuiApplication.font())
        self.font.setPointSizeF(BODY_POINTS)
        self.font.setStyleStrategy(QFont.StyleStrategy.PreferNoShaping)
        self.font.setWeight(QFont.Weight.Normal)

    def room_for(self, height: float) -> None:
        if self.y > 0 and self.y + height > self.height:
            self.writer.newPage()
            self.y = 0.0

    def document(self, html: str, width: float) -> QTextDocument:
        doc = QTextDocument()
        doc.documentLayout().setPaintDevice(self.writer)
        doc.setDocumentMargin(0)
        doc.setDefaultStyleSheet(STYLE)
        doc.setDefaultFont(self.font)
        doc.setTextWidth(width)
        doc.setHtml(html)
        return doc

    def draw(self, doc: QTextDocument, x: float, y: float) -> None:
        self.painter.save()
        self.painter.translate(x, y)
        doc.drawContents(self.painter)
        self.painter.restore()

    def text(self, html: str) -> None:
        doc = self.document(html, self.width)
        self.room_for(doc.size().height())
        self.draw(doc, 0, self.y)
        self.y += doc.size().height() + GAP

    def figures(
        self, figures: list[tuple[AnyFigure, str]], columns: int, max_height: float
    ) -> None:
        """Place a row (or rows) of captioned figures, each scaled to its column's width.

        Never larger than their design size: the type in them stays the size it was drawn
        at (a pixel is 0.75 pt), or smaller where the page has not the room.
        """
        column = (self.width - GAP * (columns - 1)) / columns
        for start in range(0, len(figures), columns):
            row = figures[start : start + columns]
            placed = []
            for figure, caption in row:
                size = figure.outer_size()  # with the figure's own caption, if it has one
                scale = min(column / size.width(), max_height / size.height(), 1.0)
                placed.append((figure, self.document(caption, column), size * scale))
            captioned = any(caption for _, caption in row)
            caption_height = max(doc.size().height() for _, doc, _ in placed) if captioned else 0
            height = caption_height + max(size.height() for _, _, size in placed)
            self.room_for(height)
            for index, (figure, doc, size) in enumerate(placed):
                x = index * (column + GAP)
                if captioned:
                    self.draw(doc, x, self.y)
                left = x + (column - size.width()) / 2  # centred under its caption
                target = QRectF(left, self.y + caption_height, size.width(), size.height())
                paint_captioned(figure, self.painter, target, vector=True)
            self.y += height + GAP


def _columns(pages: _Pages, figure: AnyFigure, max_height: float) -> int:
    """Return 2 (the heatmaps in pairs) unless that shrinks them below TWO_COLUMNS_LEAST."""
    size = figure.outer_size()
    column = (pages.width - GAP) / 2
    two = min(column / size.width(), max_height / size.height(), 1.0)
    return 2 if two >= TWO_COLUMNS_LEAST else 1


def _facts(state: AttentionState) -> str:
    result = state.result
    tau = (
        QCoreApplication.translate("Handout", "τ = √d_k = {0}")
        if result.is_standard_scaling
        else QCoreApplication.translate("Handout", "τ = {0}")
    ).format(explain_text.number(result.temperature, 4))
    mask = (
        QCoreApplication.translate("Handout", "causal mask: on")
        if state.causal
        else QCoreApplication.translate("Handout", "causal mask: off")
    )
    return QCoreApplication.translate(
        "Handout", "Tokens {0} · L = {1}, d_k = {2}, d_v = {3} · {4} · {5}"
    ).format(escape(" ".join(state.tokens)), len(state.tokens), result.d_k, state.d_v, tau, mask)


def _uncredited(figure: F) -> F:
    """Return ``figure`` without the model's credit in its caption (the page says it once)."""
    caption = figure.caption
    if caption is None or not caption.credit:
        return figure
    if not (caption.title or caption.row or caption.legend):
        return replace(figure, caption=None)
    return replace(figure, caption=replace(caption, credit=""))


def _pair(left: str, right: str) -> str:
    return (
        "<table width='100%' cellspacing='0' cellpadding='0'><tr>"
        f"<td width='50%' valign='top'>{left}</td><td width='50%' valign='top'>{right}</td>"
        "</tr></table>"
    )


def row_calculation(state: AttentionState, row: int) -> list[str]:
    """Return the hand calculation of one query token's row, as HTML blocks side by side.

    ① and ② for each key, then ③ (the whole softmax row) and ④. With more than SHORT keys,
    only the first three and the last two, as the panel shows them.
    """
    tokens, digits = state.tokens, state.precision
    columns = list(range(len(tokens)))
    if len(columns) > explain_text.SHORT:  # as the panel does: the first three, the last two
        columns = [*columns[:3], *columns[-2:]]
    blocks = []
    for j in columns:
        score = cast(ScoreStep, state.explain("scores", row, j))
        scaled = cast(ScaledStep, state.explain("scaled", row, j))
        blocks.append(
            _pair(
                explain_text.explain_score(score, tokens, digits, False),
                explain_text.explain_scaled(scaled, tokens, digits),
            )
        )
    strongest = int(state.result.weights[row].argmax())  # its box shows the whole softmax row
    weight = cast(WeightStep, state.explain("weights", row, strongest))
    context = cast(ContextStep, state.explain("context", row, None))
    blocks.append(
        _pair(
            explain_text.explain_weight(weight, tokens, digits, False),
            explain_text.explain_context(context, tokens, digits, False),
        )
    )
    return blocks


def _comparison_page(pages: _Pages, state: AttentionState, figures: list[AnyFigure]) -> None:
    """Start a page of the comparison: what differs, then A | B | B − A for each step."""
    pages.writer.newPage()
    pages.y = 0.0
    title = QCoreApplication.translate("Handout", "Comparison: A, the setting pinned, and B")
    pages.text(f"<h2>{escape(title)}</h2><p>{escape(comparison_caption_text(state))}</p>")
    headings = [f"<b>{escape(figure.title)}</b>" for figure in figures]
    line = pages.document(headings[0], pages.width).size().height()
    tallest = (pages.height - pages.y) / len(figures) - GAP - line  # all four on this page
    for figure, heading in zip(figures, headings, strict=True):
        # what differs is said once, above: each row has its title alone
        pages.figures([(replace(figure, caption=None), heading)], columns=1, max_height=tallest)


def handout_pdf(host: ExportHost, page: str = "A4", captions: bool = True) -> bytes:
    """Render the handout of the host's current state as PDF bytes.

    Parameters
    ----------
    host
        The state and the figures to draw; the mixing view's legend comes from it.
    page
        "A4" or "Letter".
    captions
        Each figure with its own caption (title, the selected row, legend), as every export
        draws them; without, a heading above each and the mixing view's legend as HTML.
    """
    if page not in PAGES:
        raise ValueError(f"unknown page size {page!r}; choose from {', '.join(PAGES)}")
    state = host.state
    row = state.selected_token
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QPdfWriter(buffer)
    writer.setResolution(DPI)  # not the screen's: the same handout from every computer
    margins = QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM)
    writer.setPageLayout(QPageLayout(QPageSize(PAGES[page]), QPageLayout.Orientation.Portrait,
                                     margins, QPageLayout.Unit.Millimeter))  # fmt: skip
    writer.setTitle(QCoreApplication.translate("Handout", "Attention Lab handout"))
    writer.setCreator("Attention Lab")
    painter = QPainter(writer)
    try:
        pages = _Pages(writer, painter)
        formula = "softmax(QK<sup>T</sup> / √d<sub>k</sub>) · V"
        if not state.result.is_standard_scaling:
            formula = "softmax(QK<sup>T</sup> / τ) · V"
        title = QCoreApplication.translate("Handout", "Scaled dot-product attention")
        pages.text(
            f"<h2>{escape(title)}</h2>"
            f"<p style='font-size: 15pt'>Attention(Q, K, V) = {formula}</p>"
            f"<p>{_facts(state)}</p>"
            + (f"<p><i>{escape(credit)}</i></p>" if (credit := state_credit_text(state)) else "")
        )
        with window_figures(host, experiment=False, captions=captions) as shown:
            figures = [_uncredited(figure) for figure in shown]  # said once, above
            heatmaps = [(f, "" if captions else f"<b>{escape(t)}</b>")
                        for f, t in zip(figures[:4], step_titles(), strict=True)]  # fmt: skip
            tallest = pages.height * HEATMAP_SHARE
            pages.figures(heatmaps, columns=_columns(pages, heatmaps[0][0], tallest),
                          max_height=tallest)  # fmt: skip
            name = escape(state.tokens[row])
            head = QCoreApplication.translate(
                "Handout", "Hand calculation for the row of {0}"
            ).format(name)
            blocks = row_calculation(state, row)
            pages.text(f"<h3>{head}</h3>{blocks[0]}")
            for block in blocks[1:]:
                pages.text(block)
            mixing = next(f for f in figures if f.name == "mixing")
            legend = "" if captions else host.mixing_legend()  # the token colours of the stacks
            pages.figures([(mixing, legend)], columns=1, max_height=pages.height * 0.3)
            compared = [f for f in figures if f.name.startswith(PREFIX)]
            if compared:
                _comparison_page(pages, state, compared)
    finally:
        painter.end()
    buffer.close()
    return bytes(data.data())
