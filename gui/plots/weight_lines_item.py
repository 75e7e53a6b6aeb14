"""The one item that paints the weight-lines figure: names, lines, legend and notes.

Everything is painted in one pass by one item (an item per line, or per name, cost more
than the lines themselves at 512 tokens). Lines are drawn opaque, their colour blended into
white by A[i, j] / max A and stepped into LEVELS shades, one pen a shade and a head.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np
import pyqtgraph as pg
from numpy.typing import NDArray
from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontInfo, QFontMetricsF, QPaintEngine, QPainter, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem, QWidget

from gui.plots.line_choice import Lines, strongest_lines, token_lines
from gui.plots.line_raster import LineRaster, packed
from gui.plots.text_fit import REFERENCE_PX, Room, TextFit, fit_texts
from gui.plots.text_scale import scaled_font, sized

# what to draw: A of each head shown (h, L, L), each head's colour, the token names
Source = Callable[[], tuple[NDArray[np.float64], list[QColor], tuple[str, ...]]]

LEVELS = 32  # shades of a head's colour; finer ones cannot be told apart on a thin line
SMOOTH_UP_TO = 200  # up to this many lines, Qt draws them antialiased; beyond, NumPy does
VECTOR_ENGINES = (QPaintEngine.Type.SVG, QPaintEngine.Type.Pdf, QPaintEngine.Type.Picture)
FEW = 60  # up to this many lines, each is drawn 2 px wide (times the text's scale)
INK = QColor("#222222")
GREY = QColor("#666666")
SELECTED_BAND = QColor("#fff1b8")
HOVERED_BAND = QColor("#dbe9fb")
SMALLEST_NAMES = 0.6  # names shrink to this share of the text's size before some are left out
NAMED_PX = 1.0  # text_fit's "across" decides the rows only: each name is cut to its column


@dataclass(frozen=True)
class LineTexts:
    """The figure's words, in the current language; the notes' ``{0}``, ``{1}`` are numbers."""

    title: str = ""
    queries: str = ""
    keys: str = ""
    legend: tuple[str, ...] = ()  # one name per head's colour; empty: no legend
    darkest: str = "{0}"  # {0}: the weight drawn opaque
    thinned: str = "{0} / {1}"  # {0} lines drawn of {1}
    thinned_token: str = "{0} / {1}"  # the same, of the hovered token's lines


@dataclass(frozen=True)
class Geometry:
    """Where the rows, names and lines go, in the item's pixels."""

    top: float  # the top of row 0
    pitch: float  # from one row to the next
    count: int  # rows (tokens)
    name_width: float
    query_right: float  # query names end here
    line_left: float
    line_right: float
    key_left: float  # key names start here
    names: TextFit | None = None  # the rows named and their size (text_fit): close rows shrink it

    def y(self, rows: NDArray[np.intp]) -> NDArray[np.floating]:
        """Return the middle of each row."""
        return self.top + (rows + 0.5) * self.pitch


def opacity_levels(opacity: NDArray[np.float64], levels: int = LEVELS) -> NDArray[np.intp]:
    """Return each opacity in (0, 1] as a step 1 … ``levels`` (never 0: every line is drawn)."""
    stepped: NDArray[np.intp] = np.clip(np.ceil(opacity * levels), 1, levels).astype(np.intp)
    return stepped


def blended(colour: QColor, opacity: float) -> QColor:
    """Return ``colour`` at ``opacity`` over white, as an opaque colour."""
    rgb = (colour.red(), colour.green(), colour.blue())
    return QColor(*(round(255 + (c - 255) * opacity) for c in rgb))


def names_fit(count: int, pitch: float, font: QFont) -> TextFit:
    """Return which of ``count`` rows ``pitch`` px apart are named, and in what size.

    A line of ``font`` high in each row, down to SMALLEST_NAMES of its size, else every n-th.
    """
    largest = QFontInfo(font).pixelSize()
    line = QFontMetricsF(sized(font, REFERENCE_PX)).height() / REFERENCE_PX
    sizes = (max(1, round(largest * SMALLEST_NAMES)), largest)
    # a pixel apart: a line's height keeps room above and below its letters already
    return fit_texts((0.0,) * count, (), Room(pitch, NAMED_PX, gap=1.0), sizes, line, ("across",))


class LinesPicture(pg.GraphicsWidget):
    """The figure; the view around it (WeightLinesPlot) sizes it to its viewport."""

    def __init__(self, font: QFont) -> None:
        super().__init__()
        self._base_font = QFont(font)
        self.weights: NDArray[np.float64] = np.zeros((1, 1, 1))
        self.colours: list[QColor] = [QColor("#0072B2")]
        self.names: tuple[str, ...] = ("",)
        self.selected = 0
        self.hovered: tuple[str, int] | None = None
        self.texts = LineTexts()
        self.font_scale = 1.0
        self._overview: Lines | None = None  # chosen when first painted, not on every edit
        self._token: tuple[tuple[str, int], Lines] | None = None  # the hovered token's
        self._source: Source | None = None
        self._raster = LineRaster()
        self._stale = False
        self._widest = 0.0
        self._set_fonts()

    def set_source(self, source: Source) -> None:
        """Take what to draw from ``source``, called again after each ``invalidate``."""
        self._source = source
        self.invalidate()

    def invalidate(self) -> None:
        """Ask the source again before the next paint (or question): what it gives changed.

        Nothing is read or chosen until then: a hidden figure costs nothing on each edit.
        """
        self._stale = True
        self.update()

    def _fresh(self) -> None:
        if self._stale and self._source is not None:
            self._stale = False
            self.set_weights(*self._source())

    # ----------------------------------------------------------------- input
    def set_weights(self, weights: NDArray[np.float64], colours: list[QColor],
                    names: tuple[str, ...]) -> None:  # fmt: skip
        """Draw ``weights`` (h, L, L), head h in ``colours[h]``, between tokens ``names``."""
        self.weights = np.ascontiguousarray(weights, dtype=np.float64)
        self.colours = list(colours)
        self._overview = self._token = None
        if self.hovered is not None and self.hovered[1] >= len(names):
            self.hovered = None
        if names != self.names:
            self.names = names
            self._measure_names()
        self.update()

    def set_font_scale(self, scale: float) -> None:
        """Draw every text ``scale`` times its normal size."""
        self.font_scale = scale
        self._set_fonts()
        self.update()

    # ----------------------------------------------------------------- output
    def chosen(self) -> Lines:
        """Return the lines drawn now: the hovered token's, or the overview's."""
        self._fresh()
        if self.hovered is not None:
            if self._token is None or self._token[0] != self.hovered:
                self._token = (self.hovered, token_lines(self.weights, *self.hovered))
            return self._token[1]
        if self._overview is None:
            self._overview = strongest_lines(self.weights)
        return self._overview

    def darkest(self) -> float:
        """Return the weight drawn opaque: the largest of the lines drawn.

        Without hovering, the largest of A (each query's strongest line is drawn); hovering
        a token, the largest of its own, so that a row of small weights still shows.
        """
        return max(float(self.chosen().weight.max(initial=0.0)), 1e-300)

    def notes(self) -> list[str]:
        """Return the notes under the lines: the darkest weight, and how many are drawn."""
        chosen, texts = self.chosen(), self.texts
        notes = [texts.darkest.format(f"{self.darkest():.3g}")]
        if chosen.thinned:
            thinned = texts.thinned if self.hovered is None else texts.thinned_token
            notes.append(thinned.format(f"{len(chosen):,}", f"{chosen.total:,}"))
        return notes

    def name_font(self) -> QFont:
        """Return the font of the token names."""
        return QFont(self._font)

    def token_at(self, pos: QPointF) -> tuple[str, int]:
        """Return ("query" or "key", token) at ``pos``, or ("", -1) between the columns."""
        geometry = self.geometry_now()
        row = math.floor((pos.y() - geometry.top) / geometry.pitch)
        if not 0 <= row < geometry.count or not 0 <= pos.x() <= self.size().width():
            return ("", -1)
        if pos.x() <= geometry.line_left:
            return ("query", row)
        if pos.x() >= geometry.line_right:
            return ("key", row)
        return ("", -1)

    def geometry_now(self) -> Geometry:
        """Return where the rows and columns are at the item's present size."""
        self._fresh()
        width, height = self.size().width(), self.size().height()
        pad, gap = 6 * self.font_scale, 8 * self.font_scale
        line = self._metrics.height()
        footer = line * self._footer_lines(width)
        heading = self._heading_height(height - 2 * pad - footer)
        # half a name's height kept free at both ends: the first and last names fit
        top = pad + heading + (gap if heading else 0.0) + line * 0.5
        bottom = height - pad - footer - line * (0.8 if heading else 0.5)
        count = len(self.names)
        pitch = min(max(bottom - top, 1.0) / count, 2.4 * line)
        top += max(bottom - top - pitch * count, 0.0) / 2  # a short list sits in the middle
        names = names_fit(count, pitch, self._font)
        scale = names.px / max(QFontInfo(self._font).pixelSize(), 1)
        name_width = min(self._widest * scale, max(width * 0.28, 30.0))
        return Geometry(top, pitch, count, name_width, pad + name_width,
                        pad + name_width + gap, width - pad - name_width - gap,
                        width - pad - name_width, names)  # fmt: skip

    # ----------------------------------------------------------------- painting
    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:  # fmt: skip
        """Paint the bands, the lines, the names, the title and the notes."""
        geometry = self.geometry_now()
        chosen = self.chosen()
        self._paint_bands(painter, geometry)
        self._paint_lines(painter, geometry, chosen)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing, True)
        self._paint_names(painter, geometry)
        self._paint_words(painter)

    def _paint_lines(self, painter: QPainter, geometry: Geometry, chosen: Lines) -> None:
        count = len(chosen)
        if count == 0:
            return
        levels = opacity_levels(chosen.weight / self.darkest())
        heads = len(self.colours)
        order = np.lexsort((chosen.head, levels))  # by shade (weakest first), then head
        if count > SMOOTH_UP_TO and painter.paintEngine().type() not in VECTOR_ENGINES:
            self._paint_raster(painter, geometry, levels[order], chosen.head[order],
                               chosen.query[order], chosen.key[order])  # fmt: skip
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        groups = levels[order] * heads + chosen.head[order]
        cuts = [0, *(np.flatnonzero(np.diff(groups)) + 1).tolist(), count]
        starts = geometry.y(chosen.query[order]).tolist()
        ends = geometry.y(chosen.key[order]).tolist()
        left, right = geometry.line_left, geometry.line_right
        width = 2.0 * self.font_scale if count <= FEW else 1.0
        for first, last in itertools.pairwise(cuts):
            head, level = int(groups[first] % heads), int(groups[first] // heads)
            pen = QPen(blended(self.colours[head], level / LEVELS))
            pen.setWidthF(width)
            pen.setCosmetic(True)
            pen.setCapStyle(Qt.PenCapStyle.FlatCap)
            painter.setPen(pen)
            painter.drawLines([QLineF(left, starts[n], right, ends[n]) for n in range(first, last)])

    def _paint_raster(self, painter: QPainter, geometry: Geometry, levels: NDArray[np.intp],
                      heads: NDArray[np.intp], queries: NDArray[np.intp],
                      keys: NDArray[np.intp]) -> None:  # fmt: skip
        """Draw many lines at once through NumPy (line_raster.py): on screen and in PNG."""
        rgb = np.array([(c.red(), c.green(), c.blue()) for c in self.colours], dtype=np.float32)
        opacity = (levels / LEVELS).astype(np.float32)[:, None]
        shades = np.rint(255 + (rgb[heads] - 255) * opacity).astype(np.uint32)  # (n, 3)
        colours = packed(shades[:, 0], shades[:, 1], shades[:, 2])
        self._raster.draw(painter, geometry.line_left, geometry.line_right - geometry.line_left,
                          self.size().height(), geometry.y(queries), geometry.y(keys),
                          colours)  # fmt: skip

    def _paint_bands(self, painter: QPainter, geometry: Geometry) -> None:
        width = self.size().width()
        for side, index, colour in self._emphasised():
            x = 0.0 if side == "query" else geometry.key_left - 3 * self.font_scale
            right = geometry.query_right + 3 * self.font_scale if side == "query" else width
            height = max(geometry.pitch, self._metrics.height())
            middle = float(geometry.y(np.array([index]))[0])
            painter.fillRect(QRectF(x, middle - height / 2, right - x, height), colour)

    def _emphasised(self) -> Iterator[tuple[str, int, QColor]]:
        """Yield the selected query, and the hovered token (its side, row and band colour)."""
        if 0 <= self.selected < len(self.names):
            yield ("query", self.selected, SELECTED_BAND)
        if self.hovered is not None and self.hovered != ("query", self.selected):
            yield (*self.hovered, HOVERED_BAND)

    def name_fonts(self, geometry: Geometry) -> tuple[QFont, QFont]:
        """Return the names' font and the emphasised names' (bold), at the rows' size."""
        names = geometry.names or names_fit(geometry.count, geometry.pitch, self._font)
        px = names.px or QFontInfo(self._font).pixelSize()
        return sized(self._font, px), sized(self._bold, px)

    def named_rows(self, geometry: Geometry | None = None) -> list[int]:
        """Return the rows whose names are written (beside the emphasised ones): all if they fit."""
        geometry = geometry or self.geometry_now()
        names = geometry.names or names_fit(geometry.count, geometry.pitch, self._font)
        return list(names.shown)

    def _paint_names(self, painter: QPainter, geometry: Geometry) -> None:
        font, bold = self.name_fonts(geometry)
        metrics, bold_metrics = QFontMetricsF(font), QFontMetricsF(bold)
        height = metrics.height()
        emphasised = {(side, index) for side, index, _ in self._emphasised()}
        painter.setPen(INK)
        painter.setFont(font)
        for side in ("query", "key"):
            rows = np.array(self.named_rows(geometry), dtype=np.intp)
            # no name written over by an emphasised one: those within a name's height go
            near = [index for s, index in emphasised if s == side]
            if near:
                apart = np.abs(rows[:, None] - np.array(near)[None, :]) * geometry.pitch
                rows = rows[(apart >= height).all(axis=1)]
            for row in rows.tolist():
                self._paint_name(painter, geometry, side, row, metrics)
        painter.setFont(bold)
        for side, row in emphasised:  # always written, in bold, over any neighbour
            self._paint_name(painter, geometry, side, row, bold_metrics)

    def _paint_name(self, painter: QPainter, geometry: Geometry, side: str, row: int,
                    metrics: QFontMetricsF) -> None:  # fmt: skip
        text = metrics.elidedText(self.names[row], Qt.TextElideMode.ElideRight,
                                  geometry.name_width + 1)  # fmt: skip
        height = metrics.height()
        middle = geometry.top + (row + 0.5) * geometry.pitch
        if side == "query":
            box = QRectF(geometry.query_right - geometry.name_width - 2, middle - height / 2,
                         geometry.name_width + 2, height)  # fmt: skip
            align = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        else:
            box = QRectF(geometry.key_left, middle - height / 2, geometry.name_width + 2, height)
            align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(box, align, text)

    def headings(self, room: float | None = None) -> tuple[bool, bool]:
        """Return whether the title and the columns' names ("queries i", "keys j") are written.

        A short figure (a small panel) leaves out the title, then the columns' names, rather
        than its rows: they keep room for three names of the smallest size.
        """
        pad, line = 6 * self.font_scale, self._metrics.height()
        if room is None:  # between the paddings, over the notes
            room = self.size().height() - 2 * pad - line * self._footer_lines(self.size().width())
        rows_need = min(len(self.names), 3) * line * SMALLEST_NAMES * 1.1
        title, gap = self._bold_metrics.height(), 8 * self.font_scale + line * 1.3
        if room - gap - title - line >= rows_need:
            return True, True
        return False, room - gap - line >= rows_need

    def _heading_height(self, room: float) -> float:
        title, header = self.headings(room)
        return self._bold_metrics.height() * title + self._metrics.height() * header

    def _paint_words(self, painter: QPainter) -> None:
        width, height = self.size().width(), self.size().height()
        pad, line = 6 * self.font_scale, self._metrics.height()
        texts = self.texts
        with_title, with_header = self.headings()
        painter.setPen(INK)
        painter.setFont(self._bold)
        title = self._bold_metrics.elidedText(texts.title, Qt.TextElideMode.ElideRight,
                                              width - 2 * pad)  # fmt: skip
        top = QRectF(pad, pad, width - 2 * pad, self._bold_metrics.height() * with_title)
        if with_title:
            painter.drawText(top, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             title)  # fmt: skip
        painter.setFont(self._font)
        painter.setPen(GREY)
        header = QRectF(pad, top.bottom(), width - 2 * pad, line * with_header)
        for text, side in ((texts.queries, Qt.AlignmentFlag.AlignLeft),
                           (texts.keys, Qt.AlignmentFlag.AlignRight)):  # fmt: skip
            if with_header:
                painter.drawText(header, side | Qt.AlignmentFlag.AlignVCenter, text)
        notes = self._note_rows(width)
        y = height - pad - line * sum(rows for _, rows in notes)
        bottom = y
        for note, rows in notes:  # wrapped, never cut: the number ends the first note
            painter.drawText(QRectF(pad, y, width - 2 * pad, line * rows),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
                             | Qt.TextFlag.TextWordWrap, note)  # fmt: skip
            y += line * rows
        self._paint_legend(painter, bottom)

    def _paint_legend(self, painter: QPainter, bottom: float) -> None:
        width = self.size().width()
        places = self._legend_places(width)
        if not places:
            return
        if self._legend_beside(width):  # at the right end of the one note's row
            shift = width - 6 * self.font_scale - self._legend_width() - places[0][0]
            places = [(x + shift, row, name) for x, row, name in places]
            bottom += self._metrics.height()
        line = self._metrics.height()
        rows = 1 + max(row for _, row, _ in places)
        painter.setPen(INK)
        for (x, row, name), colour in zip(places, self.colours, strict=False):
            y = bottom - (rows - row) * line
            swatch = line * 0.6
            painter.fillRect(QRectF(x, y + (line - swatch) / 2, swatch, swatch), colour)
            painter.drawText(QRectF(x + swatch * 1.4, y, self._metrics.horizontalAdvance(name) + 2,
                                    line), Qt.AlignmentFlag.AlignVCenter, name)  # fmt: skip

    def _legend_places(self, width: float) -> list[tuple[float, int, str]]:
        """(x, row, name) of each legend entry, wrapped onto as many rows as the width needs."""
        pad, line = 6 * self.font_scale, self._metrics.height()
        places, x, row = [], pad, 0
        for name in self.texts.legend:
            size = line * 0.6 * 1.4 + self._metrics.horizontalAdvance(name) + line * 0.8
            if x + size > width - pad and x > pad:
                x, row = pad, row + 1
            places.append((x, row, name))
            x += size
        return places

    def _legend_width(self) -> float:
        line = self._metrics.height()
        return sum(line * 0.6 * 1.4 + self._metrics.horizontalAdvance(name) + line * 0.8
                   for name in self.texts.legend) - line * 0.8  # fmt: skip

    def _legend_beside(self, width: float) -> bool:
        """Return True if the legend fits in one row beside a one-row note (a short figure)."""
        notes = self._note_rows(width)
        if not self.texts.legend or len(notes) != 1 or notes[0][1] != 1:
            return False
        room = width - 12 * self.font_scale - self._metrics.height()
        return self._metrics.horizontalAdvance(notes[0][0]) + self._legend_width() <= room

    def _note_rows(self, width: float) -> list[tuple[str, int]]:
        """Return each note and the rows of text it takes, wrapped to ``width``."""
        room = QRectF(0, 0, max(width - 12 * self.font_scale, 1.0), 1e6)
        line = self._metrics.height()
        flags = int(Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap)
        return [(note, max(1, round(self._metrics.boundingRect(room, flags, note).height() / line)))
                for note in self.notes()]  # fmt: skip

    def _footer_lines(self, width: float) -> int:
        """Rows of text under the lines: the legend's, and the notes' (wrapped)."""
        places = self._legend_places(width)
        legend = 1 + max(row for _, row, _ in places) if places else 0
        if legend and self._legend_beside(width):
            legend = 0
        return legend + sum(rows for _, rows in self._note_rows(width))

    def _set_fonts(self) -> None:
        self._font = scaled_font(self._base_font, self.font_scale)
        self._bold = QFont(self._font)
        self._bold.setBold(True)
        self._metrics = QFontMetricsF(self._font)
        self._bold_metrics = QFontMetricsF(self._bold)
        self._measure_names()

    def _measure_names(self) -> None:
        # a sample is enough at thousands of tokens: each name costs a measurement
        sample = self.names[:: max(1, len(self.names) // 256)]
        self._widest = max((self._bold_metrics.horizontalAdvance(n) for n in sample), default=0)
        self._widest += 2
