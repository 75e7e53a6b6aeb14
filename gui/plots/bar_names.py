"""How the bars of a chart are named below it: each in full where there is room.

A chart of a few bars beside the dial is narrow (about 150 px for 6 bars at 1280×720), and
its names were all cut to "…" ("[… the cat e… … […"). The names are tried, in turn:

1. side by side, in the axis' type, then a little smaller (SMALLER);
2. on two rows, every other name one line lower, so that each has two bars' width;
3. on two rows in the smaller type, each cut to its room, while few are cut and they
   still read apart;
4. every n-th name only, in full, where the bars are too dense for any of that.

A first or last name may reach END_SLACK px past the bars' room, no more: it would run under
the values' axis' "0" (the axis must let it: ``hideOverlappingLabels=False``, else pyqtgraph
leaves out a name that passes its end by a pixel, as it did [CLS]).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF

from gui.plots.text_scale import scaled_font

SMALLER = 0.85  # the smallest type the names take, against the axis' (still legible)
END_SLACK = 4.0  # px a first or last name may reach past the end of the bars' room
ROWS_APART = "\n"  # the lower row's names start with an empty line


@dataclass(frozen=True)
class BarNames:
    """The names below the bars: their type, on one or two rows, and (bar, text) each."""

    scale: float  # of the axis' type
    rows: int  # 1, or 2 where every other name is a line lower
    ticks: list[tuple[int, str]]  # the lower row's texts start with ROWS_APART

    def names(self) -> list[tuple[int, str]]:
        """Return (bar, name as written) of every named bar, without the row's line."""
        return [(bar, text.removeprefix(ROWS_APART)) for bar, text in self.ticks]


def _fit(widths: Sequence[float], rows: int, cell: float, first: float, room: float,
         gap: float) -> bool:  # fmt: skip
    """Return True when names ``widths`` wide, a ``cell`` apart, fit on ``rows`` rows.

    The first bar's centre is ``first`` px in from the left of ``room`` px.
    """
    for j, width in enumerate(widths):
        centre = first + j * cell
        if centre - width / 2 < -END_SLACK or centre + width / 2 > room + END_SLACK:
            return False
        if j + rows < len(widths) and (width + widths[j + rows]) / 2 + gap > rows * cell:
            return False
    return True


def _on_rows(names: Sequence[str], rows: int) -> list[tuple[int, str]]:
    return [(j, ROWS_APART + name if rows == 2 and j % 2 else name) for j, name in enumerate(names)]


def bar_names(names: Sequence[str], font: QFont, room: float, first: float) -> BarNames:
    """Return how to name ``names``' bars, one a bar, across ``room`` px in ``font``.

    ``first`` is the first bar's centre in px from the left; the bars are evenly spaced, the
    last as far in from the right.
    """
    count = len(names)
    cell = (room - 2 * first) / max(count - 1, 1) if count > 1 else room
    fonts = {scale: scaled_font(font, scale) for scale in (1.0, SMALLER)}
    metrics = {scale: QFontMetricsF(f) for scale, f in fonts.items()}
    widths = {scale: [m.horizontalAdvance(name) for name in names] for scale, m in metrics.items()}
    gaps = {scale: max(4.0, m.averageCharWidth() / 2) for scale, m in metrics.items()}
    for rows, scale in ((1, 1.0), (1, SMALLER), (2, 1.0), (2, SMALLER)):
        if (rows == 1 or count > 2) and _fit(widths[scale], rows, cell, first, room, gaps[scale]):
            return BarNames(scale, rows, _on_rows(names, rows))
    small, gap = metrics[SMALLER], gaps[SMALLER]
    rows = 2 if count > 2 else 1
    written = []  # each cut to its own room: two bars' width, less the gap
    for j, name in enumerate(names):
        centre = first + j * cell
        ends = 2 * min(centre, room - centre) + 2 * END_SLACK
        space = min(rows * cell - gap, ends)
        written.append(small.elidedText(name, Qt.TextElideMode.ElideRight, space))
    cut = sum(text != name for text, name in zip(written, names, strict=True))
    legible = all(text.rstrip("…") for text in written)  # a "…" alone names nothing
    if legible and 3 * cut <= count and len(set(written)) == len(set(names)):
        return BarNames(SMALLER, rows, _on_rows(written, rows))
    return _every_nth(names, small, cell, first, room, gap)


def _every_nth(names: Sequence[str], metrics: QFontMetricsF, cell: float, first: float,
               room: float, gap: float) -> BarNames:  # fmt: skip
    """Name every n-th bar in full (n the least that fits), from half a step in."""
    count = len(names)
    widths = [metrics.horizontalAdvance(name) for name in names]
    for step in range(2, count + 1):
        chosen = list(range(step // 2, count, step))
        shown = [widths[j] for j in chosen]
        if _fit(shown, 1, step * cell, first + chosen[0] * cell, room, gap):
            return BarNames(SMALLER, 1, [(j, names[j]) for j in chosen])
    middle = count // 2  # not even one fits whole: the middle one, cut to the room
    text = metrics.elidedText(names[middle], Qt.TextElideMode.ElideRight, max(room - gap, 0.0))
    return BarNames(SMALLER, 1, [(middle, text)] if text.rstrip("…") else [])
