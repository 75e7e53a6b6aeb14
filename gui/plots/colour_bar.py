"""A heatmap's colour scale: the colour map as a vertical strip, with its values beside it.

pyqtgraph's ColorBarItem is a whole PlotItem with menus and an options panel (8 ms to
build each). This one item paints the strip and a few round values, and nothing else:
no view, no axis, no image item of its own.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pyqtgraph as pg
from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QStyleOptionGraphicsItem, QWidget

GAP = 4  # pixels between the strip and its values
STEPS = (1.0, 2.0, 2.5, 5.0)  # values are multiples of one of these × 10ⁿ
ROOM = 1.6  # a value needs this many times the text's height


def nice_ceiling(value: float) -> float:
    """Return the next of 1, 1.5, 2, 3, 4, 5, 6, 8 × 10ⁿ at or above ``value`` (> 0).

    Colour levels snap to these, so that the colour bar keeps its scale while the dial
    turns (and is not redrawn on every frame), yet always covers every value.
    """
    exponent = math.floor(math.log10(value))
    for step in (1.0, 1.5, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0):
        candidate = step * 10.0**exponent
        if candidate >= value * (1 - 1e-12):
            return candidate
    return 10.0 ** (exponent + 1)


def symmetric_levels(low: float, high: float, most: float) -> tuple[float, float]:
    """Return round colour levels ±v that cover ``low`` to ``high``, v at most ``most``.

    A matrix that is all zeros (Z where every key is masked) reads ±1 with 0 in the middle:
    its bar read ±1e-12, noise to a student.
    """
    largest = max(abs(low), abs(high))
    limit = 1.0 if not largest > 1e-12 else min(nice_ceiling(largest), most)
    return (-limit, limit)


def tick_values(low: float, high: float, count: int) -> list[float]:
    """Return round values from ``low`` to ``high``, evenly spaced by 1, 2, 2.5 or 5 × 10ⁿ.

    At most ``count`` of them (at least the two ends' neighbours).
    """
    span = high - low
    if not (math.isfinite(span) and span > 0):
        return [low]
    rough = span / max(count - 1, 1)
    exponent = math.floor(math.log10(rough))
    nice = [s * 10.0**e for e in (exponent - 1, exponent, exponent + 1) for s in STEPS]
    index = next(i for i, step in enumerate(nice) if step >= rough * (1 - 1e-9))
    for step in (nice[index], nice[index - 1]):  # the finer one when one value only fits
        first, last = math.ceil(low / step - 1e-9), math.floor(high / step + 1e-9)
        if last > first:
            break
    return [k * step for k in range(first, last + 1)]


def tick_text(value: float, step: float) -> str:
    """``value`` with the decimals its spacing ``step`` needs (0.2 → one, 0.25 → two)."""
    if value == 0:
        return "0"
    if not 1e-4 <= abs(step) < 1e6:
        return f"{value:.3g}"
    decimals = next((d for d in range(13) if abs(step * 10**d - round(step * 10**d)) < 1e-6),
                    12)  # fmt: skip
    return f"{value:.{decimals}f}"


MOST_TICKS = 11
ROOMY = "-0.25"  # the widest label a bar always has room for


def colours_of(kind: str) -> np.ndarray:
    """Return the 256 colours of a heatmap of ``kind``, (256, 3) RGB, lowest first.

    "probability": viridis; "diverging": CET-CBD1, blue–grey–yellow, made to stay
    diverging for red-green colour blindness.
    """
    if kind not in _TABLES:  # once: one table shared by every heatmap of its kind
        table = _read_map("viridis" if kind == "probability" else "CET-CBD1")
        table.flags.writeable = False
        _TABLES[kind] = table
    return _TABLES[kind]


_TABLES: dict[str, np.ndarray] = {}


def _read_map(name: str) -> np.ndarray:
    """Return pyqtgraph's colour map ``name`` as 256 colours, (256, 3) uint8, read from its file.

    Its 256 colours, as ``pg.colormap.get(name).getLookupTable(256)`` gives them (a test
    holds them equal), without building a ColorMap and 256 QColors (1.2 ms a map, on the
    way to the first paint).
    """
    lines = (Path(pg.__file__).parent / "colors" / "maps" / f"{name}.csv").read_text()
    colours = []
    for line in lines.splitlines():
        values = line.strip().split(";", 1)[0].split(",")
        if len(values) >= 3:  # not a comment, nor an empty line
            colours.append([int(255 * float(value) + 0.5) for value in values[:3]])
    if len(colours) != 256:
        raise ValueError(f"{name}: {len(colours)} colours, not 256")
    return np.array(colours, dtype=np.uint8)


class ColourBar(pg.GraphicsWidget):
    """The strip of ``lut`` colours from the low level (bottom) to the high (top)."""

    #: its own width changed (what its values and title need, before ``set_least_width``)
    natural_width_changed = Signal()

    def __init__(self, lut: np.ndarray, width: float = 16) -> None:
        super().__init__()
        self._image: pg.ImageItem | None = None
        self.set_lut(lut)
        self._width = width
        self._may_shrink = True
        self._natural = 0.0  # the width its values and title need
        self._least = 0.0  # at least this wide (the bar of the heatmap above or below)
        self._font = QFont()
        self._pen = QPen(QColor("#333333"))
        self._levels = (0.0, 1.0)
        self._ticks: list[tuple[float, str]] = []
        self._fixed_ticks: list[tuple[float, str]] | None = None
        self._title = ""
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        self.setLevels(self._levels)

    def set_lut(self, lut: np.ndarray) -> None:
        """Show the colours ``lut`` (256 RGB rows, lowest first), and give them to the image."""
        rgb = np.ascontiguousarray(np.asarray(lut)[::-1, :3], dtype=np.uint8)  # high on top
        self._strip = QImage(rgb.tobytes(), 1, len(rgb), 3, QImage.Format.Format_RGB888).copy()
        self._lut = np.asarray(lut)[:, :3]
        if self._image is not None:
            self._image.setLookupTable(np.ascontiguousarray(self._lut))
        self.update()

    def set_style(self, font: QFont, colour: str) -> None:
        """Set the font and colour of the values."""
        self._font = QFont(font)
        self._pen = QPen(QColor(colour))
        self._update_ticks()

    def setImageItem(self, image: pg.ImageItem) -> None:  # noqa: N802 (as pyqtgraph's)
        """Colour ``image`` with this bar's colours and levels from now on."""
        self._image = image
        image.setLookupTable(np.ascontiguousarray(self._lut))
        image.setLevels(self._levels)

    def setLevels(self, levels: tuple[float, float]) -> None:  # noqa: N802 (as pyqtgraph's)
        """Set the values at the bottom and top of the strip (and of a linked image)."""
        self._levels = (float(levels[0]), float(levels[1]))
        if self._image is not None:
            self._image.setLevels(self._levels)
        self._update_ticks()

    def set_scale(self, title: str, ticks: list[tuple[float, str]] | None = None) -> None:
        """Name the scale beside the strip ("" for none) and write ``ticks`` on it.

        ``ticks`` are (level, text) pairs, for a scale whose values are not the levels
        (log10 of a weight, written as the weight); None writes round levels.
        """
        if (title, ticks) == (self._title, self._fixed_ticks):
            return
        self._title, self._fixed_ticks = title, ticks
        self._may_shrink = True
        self._update_ticks()

    def title(self) -> str:
        """Return the name of the scale written beside the strip, "" when there is none."""
        return self._title

    def fit_width_again(self) -> None:
        """Let the next levels narrow the bar too (a new matrix); else it only widens."""
        self._may_shrink = True

    def levels(self) -> tuple[float, float]:
        """Return the values at the bottom and top of the strip."""
        return self._levels

    def linked_image(self) -> pg.ImageItem | None:
        """Return the image coloured by this bar, if any (see ``setImageItem``)."""
        return self._image

    def ticks(self) -> list[tuple[float, str]]:
        """(value, text) of every value written beside the strip."""
        return list(self._ticks)

    def resizeEvent(self, event: object) -> None:  # noqa: N802 (Qt's name)
        """Choose the values again for the new height."""
        super().resizeEvent(event)
        self._update_ticks()

    def _update_ticks(self) -> None:
        low, high = self._levels
        metrics = QFontMetricsF(self._font)
        height = self.size().height() or 100.0
        # about a dozen at most, as the plots' axes (value_ticks): 41 at 4K read as a ruler
        room = min(MOST_TICKS, max(2, int(height / (ROOM * metrics.height()))))
        if self._fixed_ticks is not None:  # every other one until they fit
            every = -(-len(self._fixed_ticks) // room)
            self._ticks = self._fixed_ticks[::-1][::every][::-1]
        else:
            values = tick_values(low, high, room)
            step = values[1] - values[0] if len(values) > 1 else abs(high - low) or 1.0
            self._ticks = [(v, tick_text(v, step)) for v in values]
        # Room for "-0.25" or "-100" at least: the values the dial's sweep passes through, so
        # that the bar (and the cells beside it) keeps its width while τ plays.
        widest = max((metrics.horizontalAdvance(t) for _, t in (*self._ticks, (0, ROOMY))),
                     default=0.0)  # fmt: skip
        width = self._width + GAP + math.ceil(widest) + 2
        if self._title:  # written upwards, on the right
            width += math.ceil(metrics.height()) + GAP
        if not self._may_shrink:  # while the dial plays, nothing beside the bar may move
            width = max(width, self._natural)
        self._may_shrink = False
        natural_changed = width != self._natural
        self._natural = width
        width = max(width, self._least)
        if width != self.preferredWidth():
            self.setMinimumWidth(width)
            self.setMaximumWidth(width)
            self.setPreferredWidth(width)
        self.update()
        if natural_changed:
            self.natural_width_changed.emit()

    def natural_width(self) -> float:
        """Return the width its values and title need (what ``set_least_width`` tops up)."""
        return self._natural

    def set_least_width(self, width: float) -> None:
        """Be at least ``width`` wide: heatmaps one above the other keep their cells aligned."""
        if width != self._least:
            self._least = width
            self._may_shrink = True
            self._update_ticks()

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem,
              widget: QWidget | None = None) -> None:  # fmt: skip
        """Paint the strip and its values, each kept inside the bar's height."""
        area = self.rect()
        strip = QRectF(0, area.top(), self._width, area.height())
        painter.drawImage(strip, self._strip)
        low, high = self._levels
        if not high > low:
            return
        painter.setPen(self._pen)
        painter.setFont(self._font)
        text_height = QFontMetricsF(self._font).height()
        left = self._width + GAP
        for value, text in self._ticks:
            y = strip.bottom() - (value - low) / (high - low) * strip.height()
            y = min(max(y, area.top() + text_height / 2), area.bottom() - text_height / 2)
            box = QRectF(left, y - text_height / 2, area.width() - left, text_height)
            painter.drawText(box, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, text)
        if self._title:
            painter.save()
            painter.translate(area.right(), area.bottom())
            painter.rotate(-90)  # reads upwards, beside the values
            box = QRectF(0, -text_height, area.height(), text_height)
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, self._title)
            painter.restore()
