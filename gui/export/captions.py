"""Captions that let an exported figure stand alone on a slide.

On screen a figure is surrounded by what says what it is: the step's title above a
heatmap, the mixing view's legend of token colours, the row the dial and the bars are
about. A caption carries those into the file: the title, whose row it is, and the legend,
laid out once (:func:`lay_out`) and then painted (PNG, PDF) or written as SVG elements, so
that every format shows the same words in the same places.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QPointF, QRectF
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontInfo,
    QFontMetricsF,
    QGuiApplication,
    QPaintEngine,
    QPainter,
)

from engine.formats.head_source import HeadSource
from gui.model.state import AttentionState
from gui.support.engine_text import message_text

PADDING = 6.0  # around the caption, in the figure's pixels
SWATCH_GAP = 4.0  # between a colour's square and its text
ENTRY_GAP = 12.0  # between two entries of the legend
TEXT_COLOUR = QColor("#222222")
# what a line may break after: a run of non-space characters and its spaces, or one CJK
# character (Chinese has no spaces between words), each with the punctuation opening and
# closing it
_CJK = r"\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef"  # escapes read by re, not Python
_CLOSING = "）」』】〉》，。、：；！？”’"  # never the first of a line: it goes with the one before
_OPENING = "（「『【〈《“‘"  # never the last of a line: it goes with the one after
_PIECE = re.compile(
    rf"[{_OPENING}]*[^\s{_CJK}{_OPENING}]+[{_CLOSING}]*\s*|[{_OPENING}]*[{_CJK}][{_CLOSING}]*|\s+|."
)
# where a name too long for a line may break: after a slash, a hyphen, an underscore, a dot
_PART = re.compile(r"[^/\-_.]*[/\-_.]+|[^/\-_.]+")


@dataclass(frozen=True)
class Caption:
    """What a figure carries above it: its title, whose row it shows, its legend."""

    title: str
    row: str = ""  # e.g. "The row of 猫 (the selected token)"; "" for none
    legend: tuple[tuple[QColor, str], ...] = ()  # a colour and its text, as on screen
    credit: str = ""  # whose numbers, when a real model's: the attribution its licence asks


@dataclass(frozen=True)
class Line:
    """One line of text, at its baseline's left end."""

    x: float
    baseline: float
    text: str
    font: QFont


@dataclass(frozen=True)
class CaptionLayout:
    """A caption laid out for one width: lines, colour squares and the height they take."""

    height: float
    lines: tuple[Line, ...]
    swatches: tuple[tuple[QRectF, QColor], ...]


def fonts() -> tuple[QFont, QFont]:
    """Return the title's font and the other lines' font (the app's, which draws Chinese)."""
    body = QFont(QGuiApplication.font())
    size = max(11, QFontInfo(body).pixelSize())
    body.setPixelSize(size)
    title = QFont(body)
    title.setPixelSize(round(size * 1.2))
    title.setBold(True)
    return title, body


def _pieces(text: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """Return ``text`` in the pieces a line may break between, none wider than ``width``.

    A piece too wide for a line alone ("sentence-transformers/all-MiniLM-L6-v2" in a
    narrow figure, in Chinese) breaks after its slashes and hyphens, else between its
    characters: it was cut off at the figure's edge.
    """
    pieces: list[str] = []
    for piece in _PIECE.findall(text):
        if metrics.horizontalAdvance(piece.rstrip()) <= width:
            pieces.append(piece)
            continue
        for part in _PART.findall(piece):
            if metrics.horizontalAdvance(part.rstrip()) <= width:
                pieces.append(part)
            else:
                pieces.extend(part)  # one character each
    return pieces


def wrapped(text: str, metrics: QFontMetricsF, width: float) -> list[str]:
    """Return ``text`` in lines no wider than ``width`` (a character wider than that alone)."""
    lines: list[str] = []
    current = ""
    for piece in _pieces(text, metrics, width):
        if current and metrics.horizontalAdvance((current + piece).rstrip()) > width:
            lines.append(current.rstrip())
            current = piece.lstrip()
        else:
            current += piece
    if current.strip():
        lines.append(current.rstrip())
    return lines


def lay_out(caption: Caption, width: float) -> CaptionLayout:
    """Lay ``caption`` out across ``width`` pixels: title, row, then the legend's entries."""
    title_font, body_font = fonts()
    room = max(width - 2 * PADDING, 40.0)
    lines: list[Line] = []
    swatches: list[tuple[QRectF, QColor]] = []
    y = PADDING
    for text, font in ((caption.title, title_font), (caption.row, body_font)):
        metrics = QFontMetricsF(font)
        for line in wrapped(text, metrics, room):
            lines.append(Line(PADDING, y + metrics.ascent(), line, font))
            y += metrics.lineSpacing()
    if caption.legend:
        metrics = QFontMetricsF(body_font)
        side = metrics.ascent() * 0.8
        x = PADDING
        for colour, text in caption.legend:
            entry = side + SWATCH_GAP + metrics.horizontalAdvance(text)
            if x > PADDING and x + entry > PADDING + room:  # the next line
                x, y = PADDING, y + metrics.lineSpacing()
            baseline = y + metrics.ascent()
            swatches.append((QRectF(x, baseline - side, side, side), QColor(colour)))
            lines.append(Line(x + side + SWATCH_GAP, baseline, text, body_font))
            x += entry + ENTRY_GAP
        y += metrics.lineSpacing()
    metrics = QFontMetricsF(body_font)
    for line in wrapped(caption.credit, metrics, room):
        lines.append(Line(PADDING, y + metrics.ascent(), line, body_font))
        y += metrics.lineSpacing()
    # whole pixels: the plot below then lies on the image's pixels as it does without one
    return CaptionLayout(math.ceil(y + PADDING), tuple(lines), tuple(swatches))


def pdf_font(font: QFont) -> QFont:
    """Return ``font`` as a PDF draws it whole: bold as semibold, never a made-up bold.

    The bundled font has no bold face, so Qt makes one up by drawing each glyph twice half a
    pixel apart; rendered at a printer's or viewer's resolution the two copies fall on the
    same pixel for some letters and not for others: "scor es", "calcul ation".
    """
    if font.weight() < QFont.Weight.Bold:
        return font
    semibold = QFont(font)
    semibold.setWeight(QFont.Weight.DemiBold)
    return semibold


def paint(painter: QPainter, layout: CaptionLayout) -> None:
    """Paint a laid-out caption from the painter's origin (in a PDF, with no made-up bold)."""
    pdf = painter.paintEngine() is not None and (
        painter.paintEngine().type() == QPaintEngine.Type.Pdf
    )
    painter.save()
    painter.setPen(TEXT_COLOUR)
    for line in layout.lines:
        painter.setFont(pdf_font(line.font) if pdf else line.font)
        painter.drawText(QPointF(line.x, line.baseline), line.text)
    for rect, colour in layout.swatches:
        painter.fillRect(rect, colour)
    painter.restore()


def credit_text(source: HeadSource | None) -> str:
    """Return the line a figure of a real model's numbers carries, or "" for typed ones."""
    if source is None:
        return ""
    text = QCoreApplication.translate("Captions", "Numbers: {0}; {1}")
    return text.format(message_text(source.describe()), message_text(source.credit()))


def state_credit_text(state: AttentionState) -> str:
    """Return the line a figure of the state carries: whose numbers, and if still theirs.

    A real model's head is named (its layer and head); once the numbers are edited the line
    says so, and once τ, a mask, the heads or dropout change what the model computes, that
    too. "" for typed numbers.
    """
    source = state.source
    if source is None:
        return ""
    where, credit = message_text(source.describe()), message_text(source.credit())
    if not state.is_the_models:
        text = QCoreApplication.translate("Captions", "Edited: no longer the numbers of {0}; {1}")
    elif not state.is_as_the_model_computes:
        text = QCoreApplication.translate(
            "Captions", "Numbers: {0}, not computed as the model does; {1}"
        )
    else:
        text = QCoreApplication.translate("Captions", "Numbers: {0}; {1}")
    return text.format(where, credit)


def outlined_row_text(token: str) -> str:
    """Return whose row a heatmap outlines, in the current language."""
    text = QCoreApplication.translate("Captions", "Outlined: the row of {0}")
    return text.format(token)


def mixing_row_text(token: str) -> str:
    """Return the mixing view's sum for its row, in the current language."""
    text = QCoreApplication.translate("Captions", "The row of {0}: z_{0} = Σ A[{0}, j] × v_j")
    return text.format(token)
